"""A value taken back within the turn when it is more than a bare number (round 16, dev20).

People correct the amount they just typed and the first reading kept it: a number followed by two words ("4 npk
additions, no sorry, 5"), an amount with a glued suffix ("70%, no sorry 65%", "20k, no wait, 25k"), a step said
again in full ("3 degrees cooler, no wait, 5 degrees cooler") and a category swapped for another ("rye, no wait,
spelt"). Run on two invented schemas of `tests/test_said_units.py` (greenhouse, bakery) and the demo; our own
phrasings.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai._self_repair import self_corrected
from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from tests.backends.routing import DEMO, route
from tests.test_said_units import BAKERY, GREENHOUSE


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if tray 81007 got 4 npk additions, no sorry, 5", "what if tray 81007 got 5 npk additions"),
        ("tray 81030 at 70% humidity, no sorry 65%", "tray 81030 at 65% humidity"),
        ("what if batch 62012 used 20k, no wait, 25k", "what if batch 62012 used 25k"),
        (
            "what if batch 62004 proofed 3 degrees cooler, no wait, 5 degrees cooler",
            "what if batch 62004 proofed 5 degrees cooler",
        ),
        ("what if batch 62020 were made with rye, no wait, spelt", "what if batch 62020 were made with spelt"),
        ("what if bmi were 30, sorry, 10% more", "what if bmi were 30, sorry, 10% more"),  # a step, no new value
        ("is 62003 flat, sorry, what does it predict?", "is 62003 flat, sorry, what does it predict?"),
    ],
)
def test_the_value_said_after_the_marker_replaces_the_one_before(text: str, expected: str) -> None:
    assert self_corrected(text) == expected


@pytest.mark.parametrize(
    ("schema", "text", "changes"),
    [
        (GREENHOUSE, "what if tray 81007 had 4 feed additions, no sorry, 6", {"feed_additions": 6}),
        (BAKERY, "what if batch 62020 had 3 folds, no wait, 5", {"fold_count": 5}),
        (BAKERY, "what if batch 62020 were made with rye, no wait, spelt", {"flour_type": "spelt"}),
        (GREENHOUSE, "what if tray 81030 had 2 more feeds, sorry, 3 more feeds", {"feed_additions": "+3"}),
        (DEMO, "what if patient 12's glucose went up 10 points, no wait, 15 points", {"glucose": "+15"}),
    ],
)
def test_the_what_if_changes_the_value_said_last(
    router: RouterBackend, schema: HostSchema, text: str, changes: dict[str, Any]
) -> None:
    question, calls = route(router, text, schema)
    assert question == ""
    assert len(calls) == 1 and calls[0][0] == "explain_what_if"
    assert calls[0][1]["changes"] == changes
