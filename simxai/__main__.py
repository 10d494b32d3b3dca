"""``python -m simxai``: the same command line as the ``simxai`` script (serve, call, specs...)."""

from simxai.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
