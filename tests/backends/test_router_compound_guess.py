"""A yes/no guess at the cause after a why ("why does 7 get this? was it the renewals?") is part of the explanation.

The twenty-fourth round's selector reads "was it the renewals?" alone as a question about the model, so the compound
reading answered the turn with a model card besides the explanation. A guess that follows an explanation part is no
request of its own (`_router_compound.GUESSED_CAUSE`); after another function it is still scored.
"""

from __future__ import annotations

from simxai.backends._router_compound import compound
from simxai.backends._router_decision import Decision
from simxai.backends.base import CompletionRequest
from simxai.messages import Message
from tests.backends.routing import DEMO, FUNCTIONS


def _score(part: str, _request: CompletionRequest) -> Decision:
    """A scripted selector: a why is an explanation, a prediction question a prediction, anything else the model."""
    if part.lower().startswith("why"):
        return Decision("get_local_explanation", 0.95, True)
    if "predict" in part.lower():
        return Decision("get_prediction", 0.95, True)
    return Decision("get_model_information", 0.95, True)


def _compound(text: str, first: str) -> Decision:
    request = CompletionRequest(messages=[Message.user(text)], host=DEMO, functions=FUNCTIONS)
    return compound(Decision(first, 0.9, True), text, request, _score)


def test_a_guess_after_a_why_adds_no_function() -> None:
    decision = _compound("why does patient 7 get this? was it the bmi?", "get_local_explanation")
    assert decision.function == "get_local_explanation" and decision.also == ()


def test_a_guess_after_another_request_is_still_scored() -> None:
    decision = _compound("what does it predict for patient 7? is it a linear model?", "get_prediction")
    assert decision.function == "get_prediction" and decision.also == ("get_model_information",)
