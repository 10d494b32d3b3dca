"""Needless questions of round 28 (ask28), on an invented kiln host in our own wording and on the demo host: a
what-if value tied to its one feature (a value word before it, the feature's unit after it) runs without the yes/no
question, a number that only counts something stays asked; a step said outright may land up to a range's width above
the data's largest value, and an absolute value a quarter above it, without the range question.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai import Agent, Host, Turn
from simxai._sure_change import sure_change
from simxai.backends import RouterBackend
from simxai.guard import out_of_range, stepped_out_of_range
from simxai.hosts.base import FeatureSchema, HostSchema

# A pottery's kiln firings, judged sound or cracked; ids far past every feature's values
KILN = HostSchema(
    name="kiln firings",
    kind="tabular",
    instance_noun="firing",
    class_names=["sound", "cracked"],
    features=[
        FeatureSchema(name="peak_temp_c", type="numeric", min=900, max=1300),
        FeatureSchema(name="hold_minutes", type="numeric", min=5, max=90),
        FeatureSchema(name="glaze_coats", type="numeric", min=1, max=4),
        FeatureSchema(name="helpers_absent", type="numeric", min=0, max=3),
        FeatureSchema(name="moisture_pct", type="numeric", min=0, max=100),
        FeatureSchema(name="WeeksDrying", type="numeric", min=0, max=8),
        FeatureSchema(name="clay", type="categorical", categories=["porcelain", "stoneware"]),
    ],
    id_range=(880001, 880300),
)


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("suppose firing 880012's hold were 40 rather than 60, then what?", {"hold_minutes": 40}),
        ("what if 880012 had a hold of only 30 mins", {"hold_minutes": 30}),  # the unit the name counts in
        ("what if 880012's moisture were 0%", {"moisture_pct": 0}),  # a feature in percent
        ("what if 880012 had a dry pot, moisture 0%", {"moisture_pct": 0}),
        ("what if 880012 had no drying at all, 0 weeks", {"WeeksDrying": 0}),  # a unit word inside the name
        # (ask46) a step tied by the name's unit, a word of direction beside it: run as the step it says
        ("what if 880012 lost another 10 minutes of hold", {"hold_minutes": "-10"}),
    ],
)
def test_a_value_tied_to_its_feature_is_run(text: str, changes: dict[str, Any]) -> None:
    assert sure_change(text, KILN) == changes


@pytest.mark.parametrize(
    "text",
    [
        "what if the two absent helpers came in",  # the number counts helpers; the feature is not set to two
        "what if 880012 lost 10 of its hold",  # a step with no unit tying it stays a question
        "what if 880012 held 2 hours",  # another unit than the name's: converted elsewhere, not offered here
        "what if we cut the hold on 880012 to zero",  # below the data's range: no value is offered
    ],
)
def test_a_number_not_tied_to_the_feature_stays_asked(text: str) -> None:
    assert sure_change(text, KILN) is None


def test_a_step_up_within_a_range_width_above_runs_and_one_past_it_is_asked() -> None:
    def payload(old: float, new: float) -> dict[str, Any]:
        return {"subject": {"kind": "row"}, "changes": [{"feature": "glaze_coats", "old": old, "new": new}]}

    assert stepped_out_of_range({"glaze_coats": "+2"}, payload(3, 5), KILN) == []  # 5 where the most is 4
    assert stepped_out_of_range({"glaze_coats": "*2"}, payload(4, 8), KILN) != []  # 8: past 4 + a width of 3
    # below the fewest still counts a quarter of the smallest value: 3 fewer from 3 is asked
    assert stepped_out_of_range({"glaze_coats": "-3"}, payload(3, 0), KILN) != []


def test_an_absolute_value_a_little_above_the_range_runs() -> None:
    assert out_of_range({"glaze_coats": 5}, KILN) == []  # a quarter above 4
    assert out_of_range({"glaze_coats": 6}, KILN) != []
    assert out_of_range({"hold_minutes": 2}, KILN) != []  # below the range: still asked


async def _turn(host: Host, text: str) -> Turn:
    return await Agent(host, RouterBackend()).conversation().send(text)


def _ran(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


async def test_a_stated_value_on_the_demo_host_runs_without_a_yes(demo_host: Host) -> None:
    turn = await _turn(demo_host, "suppose patient 12's blood pressure were 90 rather than 70, what then?")
    assert turn.clarification is None
    assert _ran(turn) == [("explain_what_if", {"instance": 12, "changes": {"blood_pressure": 90}})]


async def test_a_value_a_little_above_the_demo_range_runs(demo_host: Host) -> None:
    turn = await _turn(demo_host, "what if patient 12's glucose were 130?")  # the data's 58-124
    assert _ran(turn) == [("explain_what_if", {"instance": 12, "changes": {"glucose": 130}})]
