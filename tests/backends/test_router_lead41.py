"""A metric follow-up carries the previous class only into a score of one class (lead, forty-first round).

"what is the accuracy for patients over 60?" right after "the precision for stable?" used to keep `label`:
`get_model_performance` then scored the accuracy among the stable patients over 60, which nobody asked for.
"""

from __future__ import annotations

import pytest

from backends.routing import after, route
from simxai.backends import RouterBackend
from simxai.hosts.base import HostSchema
from simxai.hosts.demo import load_demo_host


@pytest.fixture(scope="module")
def schema() -> HostSchema:
    return load_demo_host().schema()


@pytest.mark.parametrize(
    "text",
    ["what is the accuracy for patients over 60?", "and the auc on patients over 60?", "and the confusion matrix?"],
)
def test_a_score_of_no_class_drops_the_class_of_the_turn_before(schema: HostSchema, text: str) -> None:
    history = after("get_model_performance", "what is the precision for stable?", metric="precision", label="stable")
    question, calls = route(RouterBackend(), text, schema, history)
    assert not question
    assert [name for name, _ in calls] == ["get_model_performance"]
    assert "label" not in calls[0][1]


@pytest.mark.parametrize("text", ["and the recall?", "what about f1 for patients over 60?"])
def test_a_score_of_one_class_keeps_it(schema: HostSchema, text: str) -> None:
    history = after("get_model_performance", "what is the precision for stable?", metric="precision", label="stable")
    question, calls = route(RouterBackend(), text, schema, history)
    assert not question
    assert calls and calls[0][0] == "get_model_performance" and calls[0][1].get("label") == "stable"
