"""Round 29 (dlg29), dialogue follow-ups on an invented host of sourdough loaves, in our own wording: a fraction said
alone after a what-if is no id, a new step said with "more instead" or "if it were ... instead", a bound that
answers the router's question about a group it could not pick out, a step corrected by a share ("sorry, I mean by
half"), "three of those changes" after a why-not, and "that same group".
"""

from __future__ import annotations

import pytest

from simxai.backends._router_bound_answer import bound_answer
from simxai.backends._router_decision import Decision
from simxai.backends._router_group_bound import group_for_group_question
from simxai.backends._router_not_that import without_taken_back
from simxai.backends._router_step_correction import corrected_share
from simxai.backends._router_without import without_follow_up
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.followup_context import referred_group
from simxai.followup_fragment import asked_count
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import FUNCTIONS, after, route

LOAVES = HostSchema(
    name="sourdough loaves",
    kind="tabular",
    instance_noun="loaf",
    class_names=["risen", "flat"],
    features=[
        FeatureSchema(name="proof_hours", type="numeric", min=2, max=20, aliases=["proof"]),
        FeatureSchema(name="hydration_pct", type="numeric", min=55, max=90, aliases=["hydration"]),
        FeatureSchema(name="OvenTempC", type="numeric", min=200, max=260, aliases=["oven"]),
        FeatureSchema(name="salt_ratio", type="numeric", min=0.01, max=0.03, aliases=["salt"]),
        FeatureSchema(name="flour", type="categorical", categories=["rye", "spelt", "wheat"]),
    ],
    id_range=(640001, 640400),
)
# the same loaves numbered from 0: a fraction must still be no id
FROM_ZERO = LOAVES.model_copy(update={"id_range": (0, 400)})

_GROUP_QUESTION = (
    "Which pale loaves do you mean? No feature of the loafs is called that: give a condition on one of proof_hours, "
    "hydration_pct, OvenTempC, salt_ratio or flour, such as 'proof_hours > 11'."
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def test_a_fraction_is_never_an_id() -> None:
    assert FROM_ZERO.has_id(12)
    assert FROM_ZERO.has_id(12.0)
    assert not FROM_ZERO.has_id(0.2)
    assert not FROM_ZERO.has_id(0.02)


def test_a_fraction_alone_after_a_what_if_is_the_new_value(router: RouterBackend) -> None:
    history = after("explain_what_if", "what if the salt were 0.015?", instance=7, changes={"salt_ratio": 0.015})
    question, calls = route(router, "and 0.02?", FROM_ZERO, history)
    assert calls == [("explain_what_if", {"instance": 7, "changes": {"salt_ratio": 0.02}})], question


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("and 6 more instead?", "+6"),
        ("and if it were 5 instead?", "+5"),
        ("what if it was 4 instead", "+4"),
    ],
)
def test_a_new_step_said_again_instead(router: RouterBackend, text: str, step: str) -> None:
    history = after(
        "explain_what_if", "what if it proofed 3 hours longer", instance=640010, changes={"proof_hours": "+3"}
    )
    question, calls = route(router, text, LOAVES, history)
    assert [(name, arguments["changes"]) for name, arguments in calls] == [
        ("explain_what_if", {"proof_hours": step})
    ], question
    assert calls[0][1].get("instance", 640010) == 640010  # left to the engine, which fills the loaf in focus


def test_a_bound_answers_the_question_that_named_no_feature() -> None:
    assert bound_answer("below 220 degrees", _GROUP_QUESTION, LOAVES) == "OvenTempC < 220"
    assert bound_answer("below 220 degrees on the rye", _GROUP_QUESTION, LOAVES) is None  # says more than a bound


def _request(text: str) -> tuple[list[Message], CompletionRequest]:
    history = [Message.user("how does it do on the pale loaves?"), Message.assistant(_GROUP_QUESTION)]
    return history, CompletionRequest(messages=[*history, Message.user(text)], host=LOAVES, functions=FUNCTIONS)


def test_the_question_asked_before_runs_on_the_bound_given() -> None:
    history, request = _request("below 220 degrees")
    asked: list[str] = []

    def sure(text: str, _: object) -> Decision:
        asked.append(text)
        return Decision("get_model_performance", 0.9, True)

    decision = group_for_group_question("below 220 degrees", history, request, sure)
    assert asked == ["how does it do on loafs with OvenTempC < 220?"]
    assert decision is not None and decision.function == "get_model_performance"
    assert decision.arguments == {"metric": "all", "group": "OvenTempC < 220"}


def test_an_unsure_question_asked_before_is_asked_about_again() -> None:
    history, request = _request("OvenTempC < 220")

    def unsure(text: str, _: object) -> Decision:
        return Decision("get_model_performance", 0.5, False, runner_up="get_prediction")

    decision = group_for_group_question("OvenTempC < 220", history, request, unsure)
    assert decision is not None and not decision.confident and decision.runner_up == "get_prediction"
    assert group_for_group_question("what about rye", history, request, unsure) is None


def test_a_step_corrected_by_a_share() -> None:
    history = after("explain_what_if", instance=640010, changes={"hydration_pct": "-25%"})
    half = corrected_share("Sorry, I mean by half.", history)
    assert half is not None and half.arguments == {"instance": 640010, "changes": {"hydration_pct": "-50%"}}
    third = corrected_share("no, a third more", history)
    assert third is not None and third.arguments == {"instance": 640010, "changes": {"hydration_pct": "+33.33%"}}
    forty = corrected_share("nah, make it 40 percent", history)
    assert forty is not None and forty.arguments == {"instance": 640010, "changes": {"hydration_pct": "-40%"}}


def test_a_share_corrects_no_step_that_was_no_percentage() -> None:
    history = after("explain_what_if", instance=640010, changes={"proof_hours": "+2"})
    assert corrected_share("sorry, I mean by half", history) is None
    both = after("explain_what_if", instance=640010, changes={"proof_hours": "+10%", "hydration_pct": "-5%"})
    assert corrected_share("sorry, I mean by half", both) is None


@pytest.mark.parametrize(
    ("text", "count"), [("Show me three of those changes.", 3), ("give me two of these options", 2), ("3?", None)]
)
def test_a_count_of_those_changes(text: str, count: int | None) -> None:
    assert asked_count(text, LOAVES) == count


def test_that_same_group(router: RouterBackend) -> None:
    history = after("get_model_performance", metric="recall", group="flour = rye", label="flat")
    assert referred_group("the confusion matrix for that same group", history, LOAVES) == "flour = rye"
    question, calls = route(router, "Show me the confusion matrix for that same group.", LOAVES, history)
    assert calls == [("get_model_performance", {"metric": "confusion_matrix", "group": "flour = rye"})], question


def test_with_and_more_instead_is_a_new_step(router: RouterBackend) -> None:
    history = after("explain_what_if", instance=640010, changes={"hydration_pct": "+5"})
    question, calls = route(router, "and with 8 more instead", LOAVES, history)
    assert [(name, arguments["changes"]) for name, arguments in calls] == [
        ("explain_what_if", {"hydration_pct": "+8"})
    ], question


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("nah I meant 12, not 14", "nah I meant 12"),
        ("no - 40 minutes longer, not a quarter.", "no - 40 minutes longer"),
        ("sorry, 6 hours not 8 hours", "sorry, 6 hours"),
        ("what if it were 4, not 3?", "what if it were 4, not 3?"),  # no correction: the what-if reads it
        ("no, not 3", "no, not 3"),  # nothing meant is left: kept as said
    ],
)
def test_a_correction_drops_what_it_takes_back(text: str, kept: str) -> None:
    assert without_taken_back(text) == kept


def test_a_corrected_value_named_with_what_it_replaces(router: RouterBackend) -> None:
    history = after("explain_what_if", "what if it proofed 14 hours?", instance=640010, changes={"proof_hours": 14})
    question, calls = route(router, "nah I meant 12, not 14", LOAVES, history)
    assert [(name, arguments["changes"]) for name, arguments in calls] == [("explain_what_if", {"proof_hours": 12})], (
        question
    )


def test_and_without_is_the_other_of_two_categories() -> None:
    yes_no = LOAVES.model_copy(
        update={
            "features": [*LOAVES.features, FeatureSchema(name="seeded", type="categorical", categories=["no", "yes"])]
        }
    )
    history = after("get_model_performance", metric="accuracy", group="seeded = yes")
    decision = without_follow_up("and without", history, yes_no)
    assert decision is not None and decision.arguments == {"metric": "accuracy", "group": "seeded = no"}
    three = after("get_model_performance", metric="accuracy", group="flour = rye")
    assert without_follow_up("and without", three, yes_no) is None  # three flours: no one "without"
    assert without_follow_up("and without the rye, over 60", history, yes_no) is None


def test_the_prediction_without_the_change(router: RouterBackend) -> None:
    history = after("explain_what_if", instance=640010, changes={"proof_hours": "+3"})
    question, calls = route(router, "what does the model predict for it without any change?", LOAVES, history)
    assert calls == [("get_prediction", {"instance": 640010})], question


def test_those_named_by_a_part_of_a_camel_case_name(router: RouterBackend) -> None:
    crusts = LOAVES.model_copy(
        update={
            "features": [
                *LOAVES.features,
                FeatureSchema(name="CrustStyle", type="categorical", categories=["dark", "pale"]),
            ]
        }
    )
    history = after("get_model_performance", metric="accuracy", group="CrustStyle = dark")
    question, calls = route(router, "what's the average hydration for those crusts?", crusts, history)
    assert calls == [("get_data_information", {"feature": "hydration_pct", "group": "CrustStyle = dark"})], question


def test_a_value_said_as_what_it_were_is_no_id(router: RouterBackend) -> None:
    history = after("explain_what_if", "what if it proofed 14 hours?", instance=7, changes={"proof_hours": 14})
    question, calls = route(router, "and if it was 12 instead?", FROM_ZERO, history)
    assert [(name, arguments["changes"]) for name, arguments in calls] == [("explain_what_if", {"proof_hours": 12})], (
        question
    )
    assert calls[0][1].get("instance", 7) == 7  # left to the engine, which fills the loaf in focus
    question, calls = route(router, "and 12?", FROM_ZERO, history)  # an id and a proof time: both offered
    assert not calls and question.startswith("I can read that two ways"), (question, calls)
