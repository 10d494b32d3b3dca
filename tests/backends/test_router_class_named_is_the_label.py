"""A class the turn names is the `label` of a global importance or a metric, not dropped (dev21).

"what does it weigh when it judges a tray lost?" asked the importance for everyone: the class came after "is" or a
verb, with no "for" before it, so no cue attached it. A question about what the model relies on names one class
at a time, so the only class such a turn names is its label (none when two are named, or one negated). And a
class in quotes after "for the" ("recall for the 'rejected' class") is the class of the metric. Our own
phrasings, on the demo and loan schemas and the invented greenhouse schema of `tests/test_said_units.py`.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from tests.backends.routing import DEMO, LOAN, route
from tests.test_said_units import GREENHOUSE


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "label"),
    [
        (GREENHOUSE, "overall, which inputs decide whether a tray ends up lost?", "lost"),
        (LOAN, "What does the model pay most attention to when an applicant is rejected?", "rejected"),
        (DEMO, "which variables drive the model's progressing calls across the board?", "progressing"),
    ],
)
def test_the_one_class_of_an_importance_question_is_its_label(router, schema, text, label):
    question, calls = route(router, text, schema)
    assert question == ""
    assert calls == [("get_global_explanation", {"label": label})]


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (GREENHOUSE, "which inputs tell thriving trays apart from struggling ones overall?"),
        (LOAN, "which features matter most overall for applicants that are not approved"),
    ],
)
def test_two_classes_or_a_negated_one_name_no_label(router, schema, text):
    _, calls = route(router, text, schema)
    assert all("label" not in arguments for name, arguments in calls if name == "get_global_explanation")


@pytest.mark.parametrize(
    ("schema", "text", "metric", "label"),
    [
        (LOAN, "Give me the recall for the 'rejected' class.", "recall", "rejected"),
        (GREENHOUSE, "Show the precision for the “struggling” class please", "precision", "struggling"),
    ],
)
def test_a_quoted_class_is_the_class_of_the_metric(router, schema, text, metric, label):
    question, calls = route(router, text, schema)
    assert question == ""
    assert calls == [("get_model_performance", {"metric": metric, "label": label})]
