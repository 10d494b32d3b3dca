"""Round 43 (ux43), on two invented hosts in our own wording: a pottery studio's mugs (keep / seconds) and an orchard's
punnets of apples (dessert / juice). Single-turn readings: a word two features' names share, said with a number in a
what-if or a group bound, is asked about by the shared-word question, and the answer is read back into the turn it
was about; a category value of several words after "is" and in the plural; a unit said once for the two ends of a
span; a subset named by a word of a numeric feature with its bound said aside; the class of a per-class metric after
"the real / actual".
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_group
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import route

MUGS = HostSchema(
    name="pottery studio mugs",
    kind="tabular",
    instance_noun="mug",
    class_names=["keep", "seconds"],
    features=[
        FeatureSchema(name="weight (kg)", type="numeric", min=0.2, max=8),
        FeatureSchema(name="wall_mm", type="numeric", min=2, max=12),
        FeatureSchema(name="glaze_thickness_mm", type="numeric", min=0, max=3),
        FeatureSchema(name="GlazeType", type="categorical", categories=["celadon", "black and white", "tenmoku"]),
        FeatureSchema(
            name="kiln_humidity_pct", type="numeric", min=10, max=90, description="humidity in the kiln room, per cent"
        ),
        FeatureSchema(name="size", type="categorical", categories=["small", "large"]),
        FeatureSchema(name="firing_hours", type="numeric", min=4, max=30),
    ],
    id_range=(7001, 7400),
)
PUNNETS = HostSchema(
    name="orchard punnets",
    kind="tabular",
    instance_noun="punnet",
    class_names=["dessert", "juice"],
    features=[
        FeatureSchema(name="variety", type="categorical", categories=["cox pippin", "bramley", "pink lady"]),
        FeatureSchema(name="bruises", type="numeric", min=0, max=20),
    ],
    id_range=(101, 400),
)
SHARED = "Which glaze do you mean: glaze_thickness_mm or GlazeType?"


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a word two features share, in a what-if or a bound: one question, its answer read back ----------------------


@pytest.mark.parametrize(
    "text", ["what if mug 7010 had glaze 2", "what if mug 7010's glaze were 10% lower", "accuracy for glaze over 2"]
)
def test_a_shared_word_with_a_number_is_asked_about(router: RouterBackend, text: str) -> None:
    assert route(router, text, MUGS) == (SHARED, [])


@pytest.mark.parametrize(
    ("first", "answer", "called"),
    [
        (
            "what if mug 7010 had glaze 2",
            "glaze_thickness_mm",
            ("explain_what_if", {"instance": 7010, "changes": {"glaze_thickness_mm": 2}}),
        ),
        (
            "what if mug 7010 had glaze 2",
            "the thickness",
            ("explain_what_if", {"instance": 7010, "changes": {"glaze_thickness_mm": 2}}),
        ),
        (
            "accuracy for glaze over 2",
            "the thickness one",
            ("get_model_performance", {"metric": "accuracy", "group": "glaze_thickness_mm > 2"}),
        ),
        ("what is the distribution of glaze", "GlazeType", ("get_data_information", {"feature": "GlazeType"})),
    ],
)
def test_the_answer_to_the_shared_word_question_is_read_into_the_turn_it_was_about(
    router: RouterBackend, first: str, answer: str, called: tuple[str, dict[str, object]]
) -> None:
    history = [Message.user(first), Message.assistant(SHARED)]
    assert route(router, answer, MUGS, history) == ("", [called])


def test_an_answer_with_a_request_of_its_own_is_not_read_back(router: RouterBackend) -> None:
    history = [Message.user("what if mug 7010 had glaze 2"), Message.assistant(SHARED)]
    _, called = route(router, "the thickness, and why is mug 7020 kept?", MUGS, history)
    assert all(name != "explain_what_if" for name, _ in called)


def test_a_step_said_of_the_shared_word_after_a_what_if_is_left_to_the_engines_question(router: RouterBackend) -> None:
    # the engine asks "Which feature should be higher?" naming the features the noun shares, and reads the answer back
    question, called = route(router, "and with a 10% higher glaze?", MUGS)
    assert question == "" and called == [("explain_what_if", {})]


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if mug 7010 had a celadon glaze", {"GlazeType": "celadon"}),
        ("what if mug 7010 had 1 more glaze", {"glaze_thickness_mm": "+1"}),
    ],
)
def test_a_shared_word_with_a_value_of_one_feature_is_read_as_that_feature(
    router: RouterBackend, text: str, changes: dict[str, object]
) -> None:
    assert route(router, text, MUGS) == ("", [("explain_what_if", {"instance": 7010, "changes": changes})])


# --- category values of several words ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["accuracy for mugs whose GlazeType is black and white", "recall on mugs where the glaze type is black and white"],
)
def test_a_value_of_several_words_after_is_is_read_whole(text: str) -> None:
    assert extract_group(text, MUGS) == "GlazeType = black and white"


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how many of the cox pippins does it call juice", "variety = cox pippin"),
        ("how many of the pink ladies are predicted juice", "variety = pink lady"),
        ("how many of the bramleys are predicted juice", "variety = bramley"),
    ],
)
def test_a_count_of_predictions_among_a_plural_value_keeps_the_group(
    router: RouterBackend, text: str, group: str
) -> None:
    assert route(router, text, PUNNETS) == ("", [("get_prediction", {"instance": group})])


def test_a_count_of_predictions_with_no_group_stays_the_class() -> None:
    assert extract_group("how many are predicted juice", PUNNETS) == "prediction = juice"


# --- a unit said once for a span ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("accuracy for mugs between 3 and 5 kg", "weight (kg) >= 3 and weight (kg) <= 5"),
        ("accuracy for mugs from 5 to 3 kg", "weight (kg) >= 3 and weight (kg) <= 5"),
        ("accuracy for mugs between 3 kg and 5 kg", "weight (kg) >= 3 and weight (kg) <= 5"),
        ("accuracy for mugs fired between 6 and 9 hours", "firing_hours >= 6 and firing_hours <= 9"),
        (
            "precision on mugs with wall_mm over 4 and between 3 and 5 kg",
            "wall_mm > 4 and weight (kg) >= 3 and weight (kg) <= 5",
        ),
    ],
)
def test_a_unit_said_once_bounds_both_ends_of_the_span(text: str, group: str) -> None:
    assert extract_group(text, MUGS) == group


def test_a_span_with_two_different_units_is_no_bound() -> None:
    assert extract_group("accuracy for mugs between 3 hours and 5 kg", MUGS) is None


# --- a subset graded by a feature's word, with its bound said aside ---------------------------------------------------


@pytest.mark.parametrize("text", ["accuracy on the humid mugs, over 60%", "accuracy on the humid ones, over 60 pct"])
def test_a_graded_subset_with_a_bound_said_aside_is_that_bound(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, MUGS)
    assert question == "" and called == [
        ("get_model_performance", {"metric": "accuracy", "group": "kiln_humidity_pct > 60"})
    ]


@pytest.mark.parametrize("text", ["accuracy on the humid mugs, over 95%", "accuracy on the humid mugs"])
def test_a_graded_subset_without_a_bound_in_range_is_asked_about(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, MUGS)
    assert called == [] and question.startswith("Which humid mugs do you mean? kiln_humidity_pct runs from 10 to 90")


# --- the class of a per-class metric as it really is ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["recall for the actual seconds", "of the real seconds mugs how many does it catch"])
def test_the_class_after_real_or_actual_is_the_metrics_class(router: RouterBackend, text: str) -> None:
    assert route(router, text, MUGS) == ("", [("get_model_performance", {"metric": "recall", "label": "seconds"})])
