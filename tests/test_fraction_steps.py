"""Fractions and word amounts said as a relative change (round 22, lead22): "a quarter higher" is "+25%", "a tenth
lower" "-10%", "a third less" "-33.33%", "half as much" "-50%", "one and a half times" "*1.5", "1.5 times the" "*1.5";
in a what-if and as a follow-up step on the feature in focus. Before, the first three gave no change (the engine
asked how much) and "one and a half times as high" was read as "*0.5". Our own wording, on the demo and an invented
host.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes
from simxai.followup import Step, extract_step, step_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import DEMO

KILNS = HostSchema(
    name="pottery kilns",
    kind="tabular",
    instance_noun="firing",
    class_names=["cracked", "sound"],
    features=[
        FeatureSchema(name="PeakTemp", type="numeric", min=900, max=1300, aliases=["peak temperature"]),
        FeatureSchema(name="GlazeCoats", type="numeric", min=1, max=5, aliases=["glaze coats"]),
        FeatureSchema(name="Clay Body", type="categorical", categories=["stoneware", "porcelain"]),
    ],
    id_range=(8001, 8600),
)


@pytest.mark.parametrize(
    ("text", "schema", "changes"),
    [
        ("what if patient 12's bmi were a quarter higher?", DEMO, {"bmi": "+25%"}),
        ("what if patient 12 had a tenth lower glucose?", DEMO, {"glucose": "-10%"}),
        ("what if patient 12's bmi were a third less?", DEMO, {"bmi": "-33.33%"}),
        ("what if patient 12 had half as much glucose?", DEMO, {"glucose": "-50%"}),
        ("what if patient 12's glucose were one and a half times as high?", DEMO, {"glucose": "*1.5"}),
        ("suppose firing 8010 had a fifth more glaze coats", KILNS, {"GlazeCoats": "+20%"}),
        ("what if the peak temperature of 8010 were one tenth lower", KILNS, {"PeakTemp": "-10%"}),
        ("what if firing 8010 got 1.5 times the glaze coats", KILNS, {"GlazeCoats": "*1.5"}),
    ],
)
def test_a_fraction_is_a_relative_change(text: str, schema: HostSchema, changes: dict[str, str]) -> None:
    assert extract_changes(text, schema) == changes


@pytest.mark.parametrize(
    ("text", "step", "value"),
    [
        ("what about a quarter higher?", Step("+", 25, percent=True), "+25%"),
        ("and a tenth lower?", Step("-", 10, percent=True), "-10%"),
        ("and half as much?", Step("-", 50, percent=True), "-50%"),
        ("one and a half times?", Step("*", 1.5), "*1.5"),
        ("and 3 times less?", Step("-", 66.67, percent=True), "-66.67%"),
    ],
)
def test_a_fraction_is_a_step_on_the_feature_in_focus(text: str, step: Step, value: str) -> None:
    said = extract_step(text, DEMO)
    assert said == step
    assert step_changes(said, "glucose", DEMO) == {"glucose": value}


def test_a_third_that_is_no_step_is_left_alone() -> None:
    assert extract_changes("what if patient 12 came for a third visit?", DEMO) is None


@pytest.mark.parametrize(
    ("text", "schema", "changes"),
    [
        # round 23 (lead23): a fraction glossed by the amount it comes to is that amount (was the fraction)
        ("what if patient 12's bmi were a third less, so 10 lower?", DEMO, {"bmi": "-10"}),
        ("what if patient 12's bmi were a quarter higher, that's about 8 more?", DEMO, {"bmi": "+8"}),
        ("suppose firing 8010 had a third fewer glaze coats, i.e. 1 fewer", KILNS, {"GlazeCoats": "-1"}),
        # a gloss in the other direction is no gloss of it: the fraction stays
        ("what if patient 12's bmi were a third less, so 10 more glucose?", DEMO, {"bmi": "-33.33%", "glucose": "+10"}),
    ],
)
def test_a_fraction_glossed_by_its_amount_is_that_amount(text: str, schema: HostSchema, changes: dict) -> None:
    assert extract_changes(text, schema) == changes


def test_a_glossed_fraction_as_a_step_is_the_amount() -> None:
    said = extract_step("and a quarter higher, so about 20 more?", DEMO)
    assert step_changes(said, "glucose", DEMO) == {"glucose": "+20"}
