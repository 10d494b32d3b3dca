"""Where the evaluation data lives inside a `--data-dir`, and reading its files with errors that name them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from simxai.exceptions import UsageError

__all__ = ["COXQL", "EVAL", "SIMXAI", "SINGLE_TURN", "read_json", "require_data_dir", "require_file"]

SIMXAI = Path("simxai")
EVAL = SIMXAI / "evaluation_suite" / "data"
SINGLE_TURN = EVAL / "single-turn" / "intent"
COXQL = Path("coxql") / "dataset"


def require_data_dir(data_dir: str | Path) -> Path:
    """`data_dir` (the `--data-dir` given) as a Path, checked.

    Raises:
        UsageError: it is not a folder.
    """
    path = Path(data_dir)
    if not path.is_dir():
        raise UsageError(f"--data-dir {path} is not a folder; pass the datasets folder (e.g. ../shared/datasets)")
    return path


def require_file(data_dir: Path, relative: Path) -> Path:
    """The file `relative` inside `data_dir`, or a UsageError naming what is missing."""
    path = data_dir / relative
    if not path.exists():
        raise UsageError(
            f"{path} does not exist: --data-dir must be the datasets folder laid out like ../shared/datasets "
            f"(it must contain {relative})"
        )
    return path


def read_json(path: Path) -> Any:
    """Parse a JSON file, naming the file and position on error."""
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except RecursionError:
        raise UsageError(f"{path}: the JSON is nested too deeply to read") from None
