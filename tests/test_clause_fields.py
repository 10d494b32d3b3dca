"""A clause's feature is `instances.clause_field`'s reading of it, never its first word: on a host whose feature
names hold spaces and share a first word ("water depth m", "water temp c"), a bound on one does not hide a bound
on the other.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_group
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.instances import clause_field

POND = HostSchema(
    name="pond",
    kind="tabular",
    class_names=["clear", "murky"],
    instance_noun="pond",
    features=[
        FeatureSchema(name="water depth m", type="numeric", min=0, max=10),
        FeatureSchema(name="water temp c", type="numeric", min=0, max=30),
    ],
    id_range=(1, 300),
)
_SOURCE = FeatureSchema(name="water source", type="categorical", categories=["river", "rain", "spring"])


def test_the_field_of_a_clause_is_its_whole_name() -> None:
    assert clause_field("water temp c >= 24") == "water temp c"
    assert clause_field(" water  depth m<3") == "water depth m"
    assert clause_field("label = clear") == "label"
    assert clause_field("women") == "women"  # no clause: the part itself


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        # an open tail ("24 degrees and up") of the temperature beside a bound on the depth
        ("ponds with water depth m above 3, 24 degrees and up", "water depth m > 3 and water temp c >= 24"),
        ("ponds with water depth m above 3 at 20 degrees or more", "water depth m > 3 and water temp c >= 20"),
        # a bound in the depth's unit ("deeper than 3 m") beside a bound on the temperature
        ("ponds deeper than 3 m with water temp c above 15", "water temp c > 15 and water depth m > 3"),
    ],
)
def test_a_bound_on_a_feature_sharing_the_first_word_of_a_bounded_one_is_kept(text: str, condition: str) -> None:
    assert extract_group(text, POND) == condition


def test_a_value_of_a_feature_sharing_the_first_word_of_a_bounded_one_is_kept() -> None:
    fed = POND.model_copy(update={"features": [*POND.features, _SOURCE]})
    assert extract_group("how many ponds with water depth m above 3 are spring ponds", fed) == (
        "water depth m > 3 and water source = spring"
    )
