"""On a text host, a question about its records as a set is no text to classify (round 17, dev22).

"How many reviews has it got", "how's it doing on the long tickets?": the host's noun in the plural, in a turn
shaped as a question, speaks of the data or of the model's performance; the router took the turn itself for a text
and predicted its label with confidence. Now it asks (which function, or which group for a group it cannot pick
out). Our own wording on the review host and a support-ticket host built here; a text that mentions its subject is
still classified.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import REVIEWS, route

TICKETS = HostSchema(
    name="support tickets",
    kind="text",
    instance_noun="ticket",
    class_names=["urgent", "routine"],
    features=[FeatureSchema(name="text", type="text")],
    id_range=(1, 500),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (REVIEWS, "how many reviews does it hold"),
        (TICKETS, "how many tickets has it got"),
        (REVIEWS, "how is it doing on the short reviews?"),
        (TICKETS, "How's it doing on the long tickets?"),
    ],
)
def test_a_question_about_the_records_is_no_text_to_classify(
    router: RouterBackend, schema: HostSchema, text: str
) -> None:
    _, calls = route(router, text, schema)
    assert ("get_prediction", {"instance": text}) not in calls


def test_a_group_it_cannot_pick_out_is_never_dropped(router: RouterBackend) -> None:
    """Asked about when the selector is unsure; when it is sure of the metric, passed on as the group, which the
    engine's function questions, naming the conditions a text host can read (its length)."""
    question, calls = route(router, "How's it doing on the long tickets?", TICKETS)
    passed_on = [("get_model_performance", {"group": "long tickets"})]
    assert (calls == [] and "long tickets" in question) or calls == passed_on


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (REVIEWS, "The plot dragged and the ending made no sense at all."),
        (TICKETS, "The printer on floor three is jammed again and nobody can print."),
    ],
)
def test_a_text_is_still_classified(router: RouterBackend, schema: HostSchema, text: str) -> None:
    _, calls = route(router, text, schema)
    assert calls == [("get_prediction", {"instance": text})]


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (REVIEWS, "Of all the reviews, how many does it call positive?"),
        (TICKETS, "across all the tickets, how many does the model think are urgent?"),
    ],
)
def test_a_count_over_the_records_predicts_them_all(router: RouterBackend, schema: HostSchema, text: str) -> None:
    _, calls = route(router, text, schema)
    assert calls == [("get_prediction", {"instance": "all"})]
