"""A graded word before a compound plural names a group with no bound (round 23, lead23): "the low water days",
"the high mileage vans" (was no vague group: a noun between the word and the plural hid it, and a metric was given
on every record instead of asking which ones). Our own wording, on an invented host and the demo.
"""

from __future__ import annotations

import pytest

from simxai.extraction._vague import vague_group
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import DEMO

VANS = HostSchema(
    name="delivery vans",
    kind="tabular",
    instance_noun="van",
    class_names=["late", "on_time"],
    features=[FeatureSchema(name="Drops", type="numeric", min=5, max=80)],
    id_range=(301, 900),
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("how does it do on the low water days?", "low water days"),
        ("accuracy for the high mileage vans", "high mileage vans"),
        ("how good is it on our long weekend trips", "long weekend trips"),
    ],
)
def test_a_graded_compound_plural_is_a_vague_group(text: str, words: str) -> None:
    found = vague_group(text, VANS)
    assert found is not None and found.words == words


@pytest.mark.parametrize(
    "text",
    ["how does it do on the low water days, under 10 cm?", "what are the high probability predictions", "accuracy"],
)
def test_a_bound_or_a_thing_the_model_gives_is_no_vague_group(text: str) -> None:
    assert vague_group(text, DEMO) is None
