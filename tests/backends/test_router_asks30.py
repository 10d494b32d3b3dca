"""Needless questions of round 30 (asks30), measured where the selector had not seen the author, on an invented host
of kiln firings in our own wording: a value stated for one named firing is its what-if, not a question between its
prediction and its what-if; a sure what-if of a turn that changes nothing is set aside like an unsure choice.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_stated_change import stated_change_decision
from simxai.backends._router_unsure import ONE_LEFT, fit_options
from simxai.hosts.base import FeatureSchema, HostSchema

# Kiln firings judged sound or cracked; ids well past every feature's values
KILN = HostSchema(
    name="kiln firings",
    kind="tabular",
    instance_noun="firing",
    class_names=["sound", "cracked"],
    features=[
        FeatureSchema(name="peak_temp_c", type="numeric", min=900, max=1300, aliases=["peak temperature"]),
        FeatureSchema(name="ramp_hours", type="numeric", min=2, max=14, aliases=["ramp"]),
        FeatureSchema(name="clay", type="categorical", categories=["stoneware", "porcelain", "earthenware"]),
    ],
    id_range=(52001, 52600),
)
NAMES = (
    "get_prediction",
    "explain_what_if",
    "get_local_explanation",
    "get_output_information",
    "get_model_performance",
    "get_data_information",
)


def _torn(first: str, second: str) -> Decision:
    return Decision(first, 0.55, False, runner_up=second)


@pytest.mark.parametrize(
    "text",
    [
        "52044 at 1250 degrees",  # a bare value with the unit the feature counts in
        "firing 52044 with a ramp of 9 hours",
        "52044 on porcelain",  # a category of a categorical feature
    ],
)
@pytest.mark.parametrize(
    ("first", "second"), [("get_prediction", "explain_what_if"), ("explain_what_if", "get_prediction")]
)
def test_a_value_stated_for_one_named_firing_is_its_what_if(text: str, first: str, second: str) -> None:
    decision = stated_change_decision(_torn(first, second), text, KILN, NAMES)
    assert decision is not None
    assert decision.function == "explain_what_if" and decision.confident


@pytest.mark.parametrize(
    ("text", "decision"),
    [
        ("what does it say about 52044", _torn("get_prediction", "explain_what_if")),  # no value stated
        ("52044 and 52045 at 1250 degrees", _torn("get_prediction", "explain_what_if")),  # two firings
        ("a stoneware pot at 1250 degrees", _torn("get_prediction", "explain_what_if")),  # no firing of the data
        ("52044 at 1250 degrees", _torn("get_prediction", "get_local_explanation")),  # another pair of options
        ("52044 at 1250 degrees", Decision("get_prediction", 0.95, True)),  # a sure choice stands
        (
            "your verdict on 52044? it was on porcelain and had a 9 hour ramp",
            _torn("get_prediction", "explain_what_if"),
        ),
    ],
)
def test_no_what_if_without_one_firing_a_value_and_the_two_options(text: str, decision: Decision) -> None:
    assert stated_change_decision(decision, text, KILN, NAMES) is None


def test_no_what_if_where_the_host_registers_none_or_has_no_table() -> None:
    torn = _torn("get_prediction", "explain_what_if")
    assert stated_change_decision(torn, "52044 at 1250 degrees", KILN, ("get_prediction",)) is None
    assert stated_change_decision(torn, "52044 at 1250 degrees", None, NAMES) is None


def test_a_sure_what_if_that_changes_nothing_is_set_aside() -> None:
    # one firing named: the descriptions of the model's outputs are no option either, and the prediction stands alone
    sure = {"explain_what_if": 0.8, "get_prediction": 0.15, "get_output_information": 0.05}
    kept, bar = fit_options(sure, 0.7, "odds that 52044 comes out cracked?", KILN)
    assert set(kept) == {"get_prediction"} and kept["get_prediction"] == pytest.approx(1.0)
    assert bar == ONE_LEFT
    # nothing named: the rest is split, no option holds ONE_LEFT of it, so the router asks between the two
    split = {"explain_what_if": 0.8, "get_prediction": 0.1, "get_model_performance": 0.1}
    kept, bar = fit_options(split, 0.7, "how likely is cracking, in general?", KILN)
    assert kept == pytest.approx({"get_prediction": 0.5, "get_model_performance": 0.5})
    assert max(kept.values()) < bar == ONE_LEFT


def test_a_sure_what_if_that_changes_something_stands() -> None:
    sure = {"explain_what_if": 0.8, "get_prediction": 0.2}
    for text in ("what if 52044 had a ramp of 9 hours", "52044 fired hotter", "suppose 52044 were porcelain"):
        assert fit_options(sure, 0.7, text, KILN) == (sure, 0.7)


def test_another_sure_choice_and_a_router_that_never_asks_are_left_alone() -> None:
    prediction = {"get_prediction": 0.8, "explain_what_if": 0.2}
    assert fit_options(prediction, 0.7, "odds that 52044 comes out cracked?", KILN) == (prediction, 0.7)
    sure = {"explain_what_if": 0.8, "get_prediction": 0.2}
    assert fit_options(sure, 0.0, "odds that 52044 comes out cracked?", KILN) == (sure, 0.0)
