"""A word of the host's name says what the model predicts: "the flood danger for basin 4101" asks for the prediction.

An attribute of one instance the data does not record is asked about (`_router_attributes`); a word of the
host's own name (a reservoir "flood danger" host, an orchard "frost damage" host) is no such attribute but the
outcome the model predicts. Words of neither the host nor its name are still asked about. Our own wordings.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema

from .routing import route

BASINS = HostSchema(
    name="reservoir flood danger",
    kind="tabular",
    instance_noun="basin",
    class_names=["calm", "watch", "warning"],
    features=[
        FeatureSchema(name="rainfall_mm", type="numeric", min=0, max=300, aliases=["rain"]),
        FeatureSchema(name="fill_level_pct", type="numeric", min=10, max=100, aliases=["fill level"]),
    ],
    id_range=(4001, 4300),
)
BLOCKS = HostSchema(
    name="orchard frost damage",
    kind="tabular",
    instance_noun="block",
    class_names=["spared", "damaged"],
    features=[
        FeatureSchema(name="min_temp_c", type="numeric", min=-12, max=6, aliases=["minimum temperature"]),
        FeatureSchema(name="bud_stage", type="categorical", categories=["dormant", "swelling", "bloom"]),
    ],
    id_range=(210, 480),
)
ROUTER = RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "n"),
    [
        (BASINS, "what's the danger for basin 4101?", 4101),
        (BASINS, "new here - what's the flood danger of basin 4222", 4222),
        (BLOCKS, "what's the damage for block 212?", 212),
        (BLOCKS, "tell me the frost damage of block 300", 300),
    ],
)
def test_a_word_of_the_hosts_name_asks_for_the_prediction(schema, text, n):
    question, calls = route(ROUTER, text, schema)
    assert question == ""
    assert calls == [("get_prediction", {"instance": n})]


@pytest.mark.parametrize(
    ("schema", "text"),
    [(BASINS, "what's the dam height of basin 4101?"), (BLOCKS, "what's the soil acidity of block 212?")],
)
def test_a_word_of_neither_the_host_nor_its_name_is_still_asked_about(schema, text):
    question, calls = route(ROUTER, text, schema)
    assert not calls and "records no" in question
