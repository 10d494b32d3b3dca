"""Round 34 (lead34), on an invented host of club sailing races, in our own wording: "another" before a number and
a unit is that many more, a value said with its unit before the feature's word ("8 mm of rain"), the classes
"won" / "lost" named by the other forms of their irregular verbs ("a win", "the losses", "winning", "losin'"), a
True/False feature said as taken away ("the spinnaker taken down", "away from the harbour wall"), a turn that opens
a conversation by only pointing at one of the host's records ("what about this race, then?": which one is asked),
and a verb of changing after "to" ("for 7012 to flip"), which is no label the host lacks.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_label
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from tests.backends.routing import DEMO, after, route

RACES = HostSchema(
    name="club sailing races",
    kind="tabular",
    instance_noun="race",
    class_names=["won", "lost"],
    features=[
        FeatureSchema(name="boat_class", type="categorical", categories=["dinghy", "keelboat", "catamaran"]),
        FeatureSchema(name="spinnaker", type="categorical", categories=["False", "True"]),
        FeatureSchema(name="near_wall", type="categorical", categories=["False", "True"], aliases=["harbour wall"]),
        FeatureSchema(name="rain (mm)", type="numeric", min=0, max=60, aliases=["rain", "rainfall"]),
        FeatureSchema(name="swell_cm", type="numeric", min=0, max=300, aliases=["swell", "wave height"]),
        FeatureSchema(name="DaysSinceHaulOut", type="numeric", min=0, max=400, aliases=["days since haul out"]),
        FeatureSchema(name="crew size", type="numeric", min=1, max=8),
        FeatureSchema(name="wind speed (kn)", type="numeric", min=0, max=35, aliases=["wind"]),
    ],
    id_range=(7001, 7300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        # "another <number> <unit>" is that many more, in the feature's unit
        ("suppose race 7010 went another 30 days since haul out", {"DaysSinceHaulOut": "+30"}),
        ("race 7010 with another 2 crew size", {"crew size": "+2"}),
        # a number with the feature's unit, then a word of its name: its value
        ("what if race 7010 got 8 mm of rain", {"rain (mm)": 8}),
        ("if 7010 had sailed in 120 cm swell", {"swell_cm": 120}),
        # joined to another change of the same turn, with no "if"
        ("7010: wind 18 and 25 mm rainfall, the result?", {"wind speed (kn)": 18, "rain (mm)": 25}),
        # "N <unit> more <word>" stays a step
        ("if race 7010 got 5 mm more rain", {"rain (mm)": "+5"}),
    ],
)
def test_amount_before_the_name(text: str, changes: dict[str, ChangeValue]) -> None:
    assert extract_changes(text, RACES) == changes


@pytest.mark.parametrize(
    "text",
    [
        # a bound before the number is a group's condition, not a value
        "what if we only look at races with over 30 mm of rain",
        "if the races had between 10 and 30 mm of rain",
        # the unit is no unit of the word after it (swell is counted in cm, rain in mm)
        "what if race 7010 had 40 cm of rain",
        # nothing supposed and no other change: a description of the data
        "how many races had 20 mm of rain",
    ],
)
def test_amount_before_the_name_left(text: str) -> None:
    assert extract_changes(text, RACES) is None


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("what drives a win in general?", "won"),
        ("precision on the losses?", "lost"),
        ("which settings matter most for winning", "won"),
        ("why not a victory for 7012", "won"),
        ("is 7012 losin' or not", "lost"),
        ("what pushes a race towards defeat", "lost"),
        # the names as written stay as they are
        ("why did 7012 come out lost", "lost"),
    ],
)
def test_other_forms_of_an_irregular_outcome(text: str, label: str) -> None:
    assert extract_label(text, RACES) == label


def test_the_forms_name_no_class_of_another_host() -> None:
    # "win" and "loss" are words of no class of the demo host (stable / progressing)
    assert extract_label("what drives a win for patient 12", DEMO) is None
    assert extract_label("is patient 12 progressin", DEMO) == "progressing"


def test_why_not_with_another_form(router: RouterBackend) -> None:
    assert route(router, "why not a win for race 7012?", RACES) == (
        "",
        [("explain_why_not", {"instance": 7012, "expected_label": "won"})],
    )


def test_a_metric_for_another_form(router: RouterBackend) -> None:
    assert route(router, "recall on the losses?", RACES) == (
        "",
        [("get_model_performance", {"metric": "recall", "label": "lost"})],
    )


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if 7010 had the spinnaker taken down", {"spinnaker": "False"}),
        ("race 7010 with the spinnaker removed and 2 more crew size", {"spinnaker": "False", "crew size": "+2"}),
        ("suppose the spinnaker came off during race 7010", {"spinnaker": "False"}),
        ("if 7010 had been moored away from the harbour wall", {"near_wall": "False"}),
        # said with it, or with it denied the usual way, as before
        ("what if 7010 had the spinnaker up", {"spinnaker": "True"}),
        ("what if 7010 sailed without the spinnaker", {"spinnaker": "False"}),
        # "and" ends what the word of taking away governs
        ("if 7010 had the spinnaker and the rain off", {"spinnaker": "True"}),
    ],
)
def test_a_switch_taken_away(text: str, changes: dict[str, ChangeValue]) -> None:
    assert extract_changes(text, RACES) == changes


@pytest.mark.parametrize("text", ["what about this race, then?", "and that race?", "So how about that one"])
def test_a_bare_pointer_opening_a_conversation_asks_which(router: RouterBackend, text: str) -> None:
    # nothing before names a race: the prediction is called without one, and the engine asks which race
    assert route(router, text, RACES) == ("", [("get_prediction", {})])


def test_a_bare_pointer_after_a_turn_is_left_to_the_dialogue(router: RouterBackend) -> None:
    history = after("get_prediction", "what does it say for race 7012?", instance=7012)
    _, calls = route(router, "and that race?", RACES, history)
    assert calls != [("get_prediction", {})]


def test_a_pointer_at_something_else_is_not_an_instance(router: RouterBackend) -> None:
    _, calls = route(router, "what about that model?", RACES)
    assert ("get_prediction", {}) not in calls


@pytest.mark.parametrize("text", ["what should differ for race 7012 to flip?", "smallest change for 7012 to switch"])
def test_a_verb_of_changing_after_to_is_no_label(router: RouterBackend, text: str) -> None:
    assert route(router, text, RACES) == ("", [("explain_how_to_be_that", {"instance": 7012})])


def test_a_word_after_to_that_is_no_label_is_still_asked(router: RouterBackend) -> None:
    question, calls = route(router, "what would turn race 7012 to capsized?", RACES)
    assert calls == [] and "won or lost" in question
