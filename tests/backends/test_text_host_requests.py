"""On a text host, a turn that does not start with a request word is a text to classify, unless it asks of the model.

"pls the confusion matrix for the reviews" uses the words of evaluation: a request, whatever its first word;
"The acting was wooden." asks nothing: the text to classify. The phrasings are our own.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from simxai.backends._router_decision import Decision
from simxai.backends._router_text_requests import asks_of_the_model as _asks_of_the_model
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend, mask
from simxai.eval_suite.router_training.authors import HOST_SCHEMAS
from simxai.functions import default_registry
from simxai.messages import Message

REVIEWS = HOST_SCHEMAS["sentiment"]
FUNCTIONS = default_registry().specs()
REVIEW_FILE = Path(__file__).resolve().parents[2] / "simxai" / "hosts" / "data" / "sentiment_reviews.csv"


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def first_call(router: RouterBackend, text: str) -> tuple[str, object]:
    messages = [Message.system("You explain a model."), Message.user(text)]
    response = router.route(CompletionRequest(messages=messages, host=REVIEWS, functions=FUNCTIONS))
    assert response.tool_calls, response.content
    return response.tool_calls[0].name, response.tool_calls[0].arguments.get("instance")


@pytest.mark.parametrize(
    ("text", "function"),
    [
        ("pls the confusion matrix for the reviews", "get_model_performance"),
        ("whats the um precision", "get_model_performance"),
        ("the f1 across all reviews, please", "get_model_performance"),
    ],
)
def test_a_request_in_evaluation_words_is_no_text(router, text, function):
    name, instance = first_call(router, text)
    assert name == function and instance != text


@pytest.mark.parametrize("text", ["The acting was wooden.", "Slow, predictable and far too long."])
def test_a_statement_is_still_the_text_to_classify(router, text):
    assert first_call(router, text) == ("get_prediction", text)


def test_no_review_of_the_host_reads_as_a_request():
    sure = Decision("get_model_performance", 0.99, True)
    with REVIEW_FILE.open(encoding="utf-8") as handle:
        texts = [row["text"] for row in csv.DictReader(handle)]
    assert len(texts) > 100
    assert [t for t in texts if _asks_of_the_model(mask(t, REVIEWS), sure)] == []


def test_a_sure_selector_needs_a_request_marker():
    sure, unsure = Decision("get_global_explanation", 0.95, True), Decision("get_global_explanation", 0.4, False)
    assert _asks_of_the_model("what matters most overall for the model pls", sure)
    assert not _asks_of_the_model("what matters most overall for the model pls", unsure)
    assert not _asks_of_the_model("the blender matters most in my kitchen", sure)
    assert not _asks_of_the_model("pls the confusion matrix", Decision("get_prediction", 0.99, True))
