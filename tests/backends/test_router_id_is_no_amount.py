"""A what-if whose id sits beside a feature's words or before "up by" never makes the id the amount (dev20).

"what if we bumped the flour on 62021 up by 12?" read the id as a step of 62021; "if we salted 62024 today (so 0
folds)" set the salt to 62024. An amount beyond every value of its feature that is the id the turn names (or any id
of the host, for a step) is the instance: the router's what-if arguments drop it (and a step read on its own), and an
instance named between a feature and "up by"/"down by" is taken out so the amount after it is read. Run on the
invented greenhouse and bakery schemas of `tests/test_said_units.py`; our own phrasings.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts.base import HostSchema
from tests.backends.routing import route
from tests.test_said_units import BAKERY, GREENHOUSE


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "changes"),
    [
        (BAKERY, "what if we bumped the flour on 62021 up by 12?", {"flour_kg": "+12"}),
        (GREENHOUSE, "what if we turned the humidity on 81021 down by 5", {"humidity_pct": "-5"}),
        (BAKERY, "if we salted 62024 today (so 0 folds), would it rise?", {"fold_count": 0}),
        (BAKERY, "what if we folded 62012 on spelt", {"flour_type": "spelt"}),
    ],
)
def test_the_what_if_changes_the_amount_said_not_the_id(
    router: RouterBackend, schema: HostSchema, text: str, changes: dict[str, Any]
) -> None:
    question, calls = route(router, text, schema)
    assert question == ""
    assert [name for name, _ in calls] == ["explain_what_if"]
    assert calls[0][1]["changes"] == changes


@pytest.mark.parametrize(
    ("schema", "text"),
    [(GREENHOUSE, "what if we watered 81012 less"), (BAKERY, "what if we proofed 62012 cooler")],
)
def test_an_id_is_never_a_step(router: RouterBackend, schema: HostSchema, text: str) -> None:
    _, calls = route(router, text, schema)
    steps = [str(v) for _, arguments in calls for v in (arguments.get("changes") or {}).values()]
    assert not any(step.lstrip("+-*") in text for step in steps if step.lstrip("+-*").isdigit())


@pytest.mark.parametrize(
    ("schema", "text", "changes"),
    [
        (GREENHOUSE, "what if tray 81012 had 3 feed additions", {"feed_additions": 3}),  # a value still read
        (BAKERY, "what if batch 62012 got 2 more folds", {"fold_count": "+2"}),
    ],
)
def test_amounts_that_are_no_id_stay(schema: HostSchema, text: str, changes: dict[str, Any]) -> None:
    assert extract_changes(text, schema) == changes
