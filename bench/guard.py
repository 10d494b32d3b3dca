"""Perturbation benchmark of the faithfulness guard, on real function outputs.

The benchmark lives in `simxai.eval_suite.guard.bench` (`simxai-eval guard`); this script runs it with the same
options, plus `--held-out` for `--set held-out`:

    python bench/guard.py [--set own|held-out|varied] [--show-misses] [--json figures.json]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.eval_suite.cli import main  # noqa: E402


def run(argv: list[str]) -> int:
    """`simxai-eval guard` with `argv`; `--held-out` stands for `--set held-out`."""
    words = [word for arg in argv for word in (["--set", "held-out"] if arg == "--held-out" else [arg])]
    return main(["guard", *words])


if __name__ == "__main__":
    raise SystemExit(run(sys.argv[1:]))
