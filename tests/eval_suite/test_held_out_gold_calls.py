"""Every gold call of the second half of the author sets runs on its host, with label arguments that agree with
the instance's prediction (the first half, and the format checks: `test_held_out_sets.py`).

A file of its own because `--dist loadfile` gives a whole file to one worker: the gold calls of every set in one
file made it most of a CI worker's time.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from tests.eval_suite.held_out_sets import GOLD_CALL_HALVES, check_every_gold_call, load_held_out, scorer


@pytest.fixture(scope="module")
def loader() -> Iterator[ModuleType]:
    """`bench/fresh_set.py`, for its `load_set` and `load_host` (the scorer's own readers)."""
    yield from scorer()


@pytest.fixture(scope="module", params=GOLD_CALL_HALVES[1])
def held_out(request: pytest.FixtureRequest, loader: ModuleType) -> dict[str, Any]:
    """One set: its name, folder, requests, dialogues and hosts."""
    return load_held_out(loader, request.param)


@pytest.mark.slow
def test_every_gold_call_runs_and_its_labels_agree_with_the_prediction(held_out: dict[str, Any]) -> None:
    check_every_gold_call(held_out)
