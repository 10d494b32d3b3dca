"""Round 41 (asks41), on an invented harbour's container cranes (fit / service), in our own wording: a sure choice of
the selector below `ONE_LEFT` of a function that takes no instance, which the turn cannot mean by the function's own
contract (a description of the outputs or of the data asked of one named crane), is asked about, the runner-up
offered first. A choice the contract allows, one at or above `ONE_LEFT`, a function that takes an instance, a
runner-up the turn cannot mean either, a compound request and a router that never asks are left as they were.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_doubt import doubted, question_instead, ruled_out_by_contract, takes_no_instance
from simxai.backends._router_unsure import ONE_LEFT
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import FUNCTIONS, route

CRANES = HostSchema(
    name="harbour container cranes",
    kind="tabular",
    instance_noun="crane",
    class_names=["fit", "service"],
    features=[
        FeatureSchema(name="rope wear (%)", type="numeric", min=0, max=100),
        FeatureSchema(name="lifts per shift", type="numeric", min=0, max=60),
        FeatureSchema(name="maker", type="categorical", categories=["kessler", "orvault", "tamsin"]),
        FeatureSchema(name="GearboxAgeYears", type="numeric", min=0, max=30),
    ],
    id_range=(7001, 7400),
)

_STANDING_BY = "standing by for the word on crane 7044, go ahead"


def _request(text: str) -> CompletionRequest:
    return CompletionRequest(messages=[Message.user(text)], host=CRANES, functions=FUNCTIONS)


def _sure(function: str, runner_up: str | None, confidence: float = 0.8) -> Decision:
    return Decision(function, confidence, True, runner_up=runner_up)


@pytest.mark.parametrize(
    ("text", "function"),
    [
        (_STANDING_BY, "get_output_information"),
        ("each column's part in it for crane 7044", "get_data_information"),
    ],
)
def test_a_description_asked_of_one_crane_is_asked_about_with_the_runner_up_first(text: str, function: str) -> None:
    decision = question_instead(_sure(function, "get_prediction"), text, _request(text))
    assert decision == Decision("get_prediction", 0.8, False, runner_up=function)


def test_the_contract_reads_the_turn_not_the_function() -> None:
    assert ruled_out_by_contract("get_output_information", _STANDING_BY, _request(_STANDING_BY))
    near = "crane 7044 fit, how near the line is it"  # no word of keeping: ruled out, yet its question
    assert ruled_out_by_contract("explain_how_to_still_be_this", near, _request(near))
    assert not ruled_out_by_contract("get_prediction", _STANDING_BY, _request(_STANDING_BY))
    assert not ruled_out_by_contract("get_output_information", "which labels can it hand out?", _request(""))


@pytest.mark.parametrize(
    ("decision", "text"),
    [
        # the contract allows it: no crane named
        (_sure("get_output_information", "get_prediction"), "which labels can it hand out?"),
        # at or above ONE_LEFT the selector's near-certainty beats the contract's word lists
        (_sure("get_output_information", "get_prediction", ONE_LEFT), _STANDING_BY),
        # the runner-up is no better: both describe the model as a whole
        (_sure("get_output_information", "get_model_information"), _STANDING_BY),
        # a function that takes an instance: its contract is a list of words a person's wording may miss
        (_sure("explain_how_to_still_be_this", "get_prediction"), "crane 7044 fit, how near the line is it"),
        (_sure("explain_what_if", "get_prediction"), "crane 7044, go ahead"),
        (_sure("explain_why_not", "get_prediction"), "crane 7044, go ahead"),
        # no runner-up to offer
        (_sure("get_output_information", None), _STANDING_BY),
        # already unsure: its own question stands
        (Decision("get_output_information", 0.6, False, runner_up="get_prediction"), _STANDING_BY),
    ],
)
def test_other_choices_stand(decision: Decision, text: str) -> None:
    assert question_instead(decision, text, _request(text)) is None
    assert doubted(decision, text, _request(text), 0.7) is decision


def test_a_function_takes_no_instance_when_no_parameter_is_one() -> None:
    request = _request("")
    assert takes_no_instance("get_output_information", request)
    assert takes_no_instance("get_data_information", request)
    assert not takes_no_instance("get_prediction", request)
    assert not takes_no_instance("explain_how_to_still_be_this", request)
    assert not takes_no_instance("a_function_nobody_registered", request)


def test_a_compound_request_s_sure_parts_stand() -> None:
    decision = Decision("get_output_information", 0.8, True, also=("get_prediction",), runner_up="get_prediction")
    assert question_instead(decision, _STANDING_BY, _request(_STANDING_BY)) is None


def test_a_router_that_never_asks_doubts_nothing() -> None:
    decision = _sure("get_output_information", "get_prediction")
    assert doubted(decision, _STANDING_BY, _request(_STANDING_BY), 0.0) is decision
    assert doubted(decision, _STANDING_BY, _request(_STANDING_BY), 0.7).confident is False


# --- through the router, with a stand-in selector sure of the outputs' description ----------------------------------


class _SureOfTheOutputs(RouterBackend):
    """The router with a selector sure (0.8) that every turn asks what the model's outputs are."""

    def _score(self, text: str, request: CompletionRequest) -> Decision:
        return Decision("get_output_information", 0.8, True, runner_up="get_prediction")


def test_the_router_answers_the_one_option_left_for_the_crane_named() -> None:
    # (ask46) the outputs' description set aside, the selector's probabilities are refitted over what the turn can
    # mean, as an unsure choice's are: the prediction stands alone and is answered; the question without a refit
    # (runner-up first) is tested above and in tests/backends/test_router_ask46.py
    router = _SureOfTheOutputs()
    assert route(router, _STANDING_BY, CRANES) == ("", [("get_prediction", {"instance": 7044})])


def test_the_router_answers_a_turn_the_contract_allows() -> None:
    assert route(_SureOfTheOutputs(), "which labels can it hand out?", CRANES) == (
        "",
        [("get_output_information", {})],
    )


def test_a_router_at_threshold_zero_answers_with_the_choice() -> None:
    assert route(_SureOfTheOutputs(threshold=0.0), _STANDING_BY, CRANES)[1] == [("get_output_information", {})]
