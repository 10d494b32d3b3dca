"""One reading of the feature a relative change is of, for the router and the engine (`feature_of_change`).

The feature the turn names, else a comparative or verb of a feature's word, else the fallback (the feature in focus),
unless the change is said of a noun naming nothing of the host's (asked about). The fallback is only called when
needed. Our own wording (round 21, cw21).
"""

from __future__ import annotations

import pytest

from simxai.extraction.mentions import feature_of_change
from simxai.hosts.base import HostSchema
from tests.backends.routing import DEMO, LOAN


def _never() -> str | None:
    raise AssertionError("the fallback is not needed")


@pytest.mark.parametrize(
    ("text", "schema", "feature"),
    [
        ("and if the glucose were 10 % lower?", DEMO, "glucose"),
        ("what if the loan amount were a bit smaller", LOAN, "loan_amount"),
    ],
)
def test_the_feature_the_turn_names_wins_over_the_focus(text: str, schema: HostSchema, feature: str) -> None:
    assert feature_of_change(text, schema, _never) == feature


def test_no_feature_named_falls_back_to_the_focus() -> None:
    assert feature_of_change("and if it were 20 % lower instead?", DEMO, lambda: "bmi") == "bmi"


def test_a_noun_of_nothing_the_host_holds_is_no_focus() -> None:
    assert feature_of_change("what if his rent were 10% lower?", DEMO, lambda: "bmi") is None


def test_no_host_takes_the_fallback() -> None:
    assert feature_of_change("and 5 lower?", None, lambda: "age") == "age"
