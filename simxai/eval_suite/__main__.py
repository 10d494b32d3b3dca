"""`python -m simxai.eval_suite` runs `simxai-eval`."""

from simxai.eval_suite.cli import main

raise SystemExit(main())
