"""Dialogue turns of round 27 (lead27), on an invented host of river barges in our own wording: a group referred to
by "them" / "those <noun>s" when the function changes, a bound given with a comparative and a unit, a corrected step
said with its unit and direction, the confidence "to begin with" after a counterfactual, a class alone after a
per-class metric; and, in the extraction, a comparative after a named feature is that feature's step, "deeper" names
a depth (not the percent column a "%" would name).
"""

from __future__ import annotations

import pytest

from simxai.backends._router_bound_answer import bound_answer
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize
from tests.backends.routing import after, route

BARGES = HostSchema(
    name="river barges",
    kind="tabular",
    instance_noun="barge",
    class_names=["delayed", "punctual", "stranded"],
    features=[
        FeatureSchema(name="HoldDepthM", type="numeric", min=2, max=9),
        FeatureSchema(name="RustPct", type="numeric", min=0, max=30),
        FeatureSchema(name="weight_kg", type="numeric", min=20000, max=90000),
        FeatureSchema(name="pilot_kg", type="numeric", min=50, max=120, aliases=["pilot"]),
        FeatureSchema(name="river", type="categorical", categories=["rhine", "danube", "volga"]),
    ],
    id_range=(731101, 731400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    "text",
    ["what does it predict for those barges", "and what does it predict for them?", "predictions for them barges"],
)
def test_a_group_referred_to_keeps_the_subject_when_the_function_changes(router: RouterBackend, text: str) -> None:
    history = after("get_model_performance", metric="all", group="HoldDepthM > 6")
    question, calls = route(router, text, BARGES, history)
    assert calls == [("get_prediction", {"instance": "HoldDepthM > 6"})], question


def test_those_with_a_description_are_a_group_of_their_own(router: RouterBackend) -> None:
    history = after("get_model_performance", metric="all", group="HoldDepthM > 6")
    _, calls = route(router, "what does it predict for those on the volga", BARGES, history)
    assert calls and calls[0][1].get("instance") != "HoldDepthM > 6"


def test_em_is_them_and_narrows_nothing_new(router: RouterBackend) -> None:
    assert normalize("how many of em are in the data", BARGES) == "how many of them are in the data"
    history = after("get_model_performance", metric="accuracy", group="river = danube")
    question, calls = route(router, "how many of em are in the data", BARGES, history)
    assert calls == [("get_data_information", {"group": "river = danube"})], question


_ASKED = (
    "Which deep barges do you mean? HoldDepthM runs from 2 to 9 in the data: give a bound, such as 'HoldDepthM > 6'."
)


@pytest.mark.parametrize(
    ("text", "condition"),
    [("deeper than 7 metres i mean", "HoldDepthM > 7"), ("shallower than 4 m", "HoldDepthM < 4")],
)
def test_a_bound_with_a_comparative_and_a_unit_answers_the_question(text: str, condition: str) -> None:
    assert bound_answer(text, _ASKED, BARGES) == condition


def test_a_bound_with_an_unknown_word_is_left_as_said() -> None:
    assert bound_answer("rustier than 7 on the rhine", _ASKED, BARGES) is None


def test_a_corrected_step_may_repeat_its_unit_and_direction(router: RouterBackend) -> None:
    history = after(
        "explain_what_if", "what if the pilot was 2 kilo heavier", instance=731111, changes={"pilot_kg": "+2"}
    )
    question, calls = route(router, "nah make that 6 kilo heavier", BARGES, history)
    assert calls == [("explain_what_if", {"instance": 731111, "changes": {"pilot_kg": "+6"}})], question
    question, calls = route(router, "no, make that 3 lighter", BARGES, history)
    assert calls == [("explain_what_if", {"instance": 731111, "changes": {"pilot_kg": "-3"}})], question


def test_the_confidence_to_begin_with_after_a_counterfactual(router: RouterBackend) -> None:
    history = after("explain_how_to_be_that", instance=731120, target_label="punctual", number_of_iterations=2)
    question, calls = route(router, "how sure was it to begin with", BARGES, history)
    assert calls == [("get_prediction", {"instance": 731120})], question


def test_a_class_alone_after_a_per_class_metric_is_its_label(router: RouterBackend) -> None:
    history = after("get_model_performance", metric="precision", group="HoldDepthM > 6")
    question, calls = route(router, "for stranded only", BARGES, history)
    assert calls == [
        ("get_model_performance", {"metric": "precision", "group": "HoldDepthM > 6", "label": "stranded"})
    ], question


def test_the_instances_labelled_a_class_stay_a_group(router: RouterBackend) -> None:
    history = after("get_model_performance", metric="f1", group="HoldDepthM > 6")
    question, calls = route(router, "and only for the barges labelled stranded?", BARGES, history)
    assert calls and calls[0][1].get("label") is None, (question, calls)


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if the pilot was 4 kg lighter", {"pilot_kg": "-4"}),
        ("what if the pilot was a quarter heavier", {"pilot_kg": "+25%"}),
        ("what if it was a fifth deeper", {"HoldDepthM": "+20%"}),
        ("what if it was 10% deeper", {"HoldDepthM": "+10%"}),
        ("what if it was 2 m shallower", {"HoldDepthM": "-2"}),
    ],
)
def test_a_comparative_reads_one_feature(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(normalize(text, BARGES), BARGES) == changes


def test_a_comparative_of_its_own_still_names_the_weight() -> None:
    assert extract_changes("what if it was 500 kg heavier", BARGES) == {"weight_kg": "+500"}


def test_an_id_said_digit_by_digit_is_that_id() -> None:
    assert normalize("what drove the call on seven three one two one one", BARGES).endswith("on 731211")
    assert normalize("barge seven three one two one one, gimme the tip", BARGES).startswith("barge 731211,")
    assert "731111" not in normalize("one one two four kilos on board", BARGES)  # no id: left as said


CARGO = HostSchema(
    name="cargo",
    kind="tabular",
    instance_noun="trip",
    class_names=["late", "early"],
    features=[
        FeatureSchema(name="AgeYrs", type="numeric", min=1, max=30, aliases=["barge age"]),
        FeatureSchema(name="load_kg", type="numeric", min=100, max=900, aliases=["barge weight", "load"]),
    ],
    id_range=(400001, 400300),
)


def test_a_word_two_aliases_share_names_neither_alone() -> None:
    # "barge" is the word before the short head of "barge age" and a word of "barge weight": no feature of its own
    assert extract_changes("400010 with 30 kg less barge", CARGO) == {"load_kg": "-30"}
    assert extract_changes("what if the barge age was 7", CARGO) == {"AgeYrs": 7}


def test_a_value_taken_back_with_make_it() -> None:
    from simxai._self_repair import self_corrected

    said = "731150 three metres shallower, no wait make it four"
    assert self_corrected(normalize(said, BARGES)) == "731150 4 metres shallower"
    assert extract_changes(self_corrected(normalize(said, BARGES)), BARGES) == {"HoldDepthM": "-4"}
