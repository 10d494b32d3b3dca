"""A unit that starts or ends a column name names the feature (round 22, lead22), and spans of time in another unit.

On an invented e-bike fleet with spreadsheet names (`Km Ridden`, `kWh Used`, `Months Since Service`): "km" or
"kilometres" is `Km Ridden`, "kwh" or "kilowatt hours" `kWh Used`, "the months" `Months Since Service`, when one
feature carries the unit; a unit of time after an amount ("3 months", "a year longer") stays the amount's unit. A
span of time is a step on the feature counted since an event ("a month less since its service" -1, "2 weeks more"
+0.47 months), in a what-if and as a follow-up on the feature in focus. Before, none of these found the feature.
Our own wording.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes, extract_feature
from simxai.followup import extract_step, step_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words
from tests.backends.routing import LOAN

BIKES = HostSchema(
    name="e-bike fleet",
    kind="tabular",
    instance_noun="bike",
    class_names=["needs service", "roadworthy"],
    features=[
        FeatureSchema(name="Battery Cycles", type="numeric", min=0, max=1500),
        FeatureSchema(name="Km Ridden", type="numeric", min=0, max=20000),
        FeatureSchema(name="kWh Used", type="numeric", min=0, max=900),
        FeatureSchema(name="Months Since Service", type="numeric", min=0, max=36),
        FeatureSchema(name="Frame Size", type="categorical", categories=["S", "M", "L"]),
    ],
    id_range=(500001, 500400),
)


def test_a_unit_in_mixed_case_is_one_word() -> None:
    assert name_words("kWh Used") == ["kwh", "used"]
    assert name_words("pH Level") == ["ph", "level"]


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("what's the average kwh in the data?", "kWh Used"),
        ("how are the kilometres distributed?", "Km Ridden"),
        ("show me the spread of km", "Km Ridden"),
        ("how much energy in kilowatt hours do the bikes use?", "kWh Used"),
        ("what range do the months take?", "Months Since Service"),
    ],
)
def test_a_unit_names_the_one_feature_that_carries_it(text: str, feature: str) -> None:
    assert extract_feature(text, BIKES) == feature


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if bike 500012's kwh were 300?", {"kWh Used": 300}),
        ("what if 500012 had done 2000 fewer kilometres?", {"Km Ridden": "-2000"}),
        ("what if bike 500012 had used a tenth less kwh?", {"kWh Used": "-10%"}),
        ("what if bike 500012 had a month less since its service?", {"Months Since Service": "-1"}),
        ("what if 500012 had 2 weeks more since its service?", {"Months Since Service": "+0.47"}),
        ("what if 500012 was serviced three weeks ago", {"Months Since Service": 0.7}),
    ],
)
def test_a_change_said_with_the_unit(text: str, changes: dict[str, object]) -> None:
    assert extract_changes(text, BIKES) == changes


def test_a_time_unit_after_an_amount_names_no_feature() -> None:
    assert extract_feature("the last 3 months", BIKES) is None
    # a year is the amount's unit, never `employment_years` (the loan term names no unit: left as said)
    assert extract_changes("what if the loan term were a year longer for applicant 4", LOAN) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [("and two weeks more?", "+0.47"), ("what about a month less?", "-1"), ("and 2 months more", "+2")],
)
def test_a_span_of_time_is_a_step_in_the_unit_of_the_feature_in_focus(text: str, value: str) -> None:
    step = extract_step(text, BIKES)
    assert step is not None
    assert step_changes(step, "Months Since Service", BIKES) == {"Months Since Service": value}


def test_a_span_in_capitals_converts() -> None:
    # "3 WEEKS AGO" raised a KeyError once weeks converted to months by their days (found on a DEV author in capitals)
    assert extract_changes("WHAT IF 500012 WAS SERVICED 3 WEEKS AGO", BIKES) == {"Months Since Service": 0.7}
