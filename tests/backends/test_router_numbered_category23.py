"""A number after a categorical feature whose values are words is no value of it (round 23, lead23): "for boats
starting at Gate 9" on a host whose gates are north_gate / south_gate asks which gate, instead of dropping the group
and scoring every record. A number that may be an id, or a feature whose values hold numbers, is left alone. Our
own wording, on an invented host.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import route

FERRIES = HostSchema(
    name="ferry crossings",
    kind="tabular",
    instance_noun="crossing",
    class_names=["on_time", "late"],
    features=[
        FeatureSchema(name="Gate", type="categorical", categories=["north_gate", "south_gate"]),
        FeatureSchema(name="Deck", type="categorical", categories=["deck1", "deck2"]),
        FeatureSchema(name="Cars", type="numeric", min=0, max=90),
    ],
    id_range=(60001, 60500),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def test_a_number_after_a_feature_of_word_values_is_asked_about(router: RouterBackend) -> None:
    question, calls = route(router, "how accurate is it for crossings leaving from Gate 9?", FERRIES)
    assert calls == [] and "no Gate '9'" in question


@pytest.mark.parametrize(
    "text",
    [
        "how accurate is it for crossings from the north gate?",  # a value
        "what does it predict for Gate 60012?",  # an id
        "how accurate is it on Deck 2?",  # values that hold numbers
    ],
)
def test_a_value_an_id_or_a_numbered_value_is_not_asked_about_as_no_value(router: RouterBackend, text: str) -> None:
    question, _ = route(router, text, FERRIES)
    assert "There is no" not in question
