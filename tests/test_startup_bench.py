"""bench/startup.py times what it says: the router's prepare in a fresh process, and refuses a run count below 1."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import startup  # noqa: E402


def test_router_prepare_is_timed_in_a_fresh_process() -> None:
    # A figure, not a target: how long it takes is for the bench to print (no upper bound a loaded machine fails).
    seconds = startup.prepare_seconds()
    assert seconds > 0.0 and math.isfinite(seconds)


def test_a_run_count_below_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        startup.main(["--runs", "0"])
    assert "--runs must be at least 1, got 0" in capsys.readouterr().err
