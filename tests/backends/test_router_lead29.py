"""Round 29 (lead29), on an invented host of Provençal bakery mornings in our own wording: place names written with
their accents where the host writes them plain, a real word that is an inflection of a host word kept as written
("rained" beside a column `raining_at_dawn`, never "trained"), an alias made of the host's noun and a modifier whose
noun alone names no feature, and an id followed by " - " and a count.
"""

from __future__ import annotations

from simxai.extraction import extract_count, extract_group, extract_ids
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize

BAKERY = HostSchema(
    name="bakery mornings",
    kind="tabular",
    instance_noun="morning",
    class_names=["sold_out", "left_over"],
    features=[
        FeatureSchema(name="village", type="categorical", categories=["etang", "cote", "vallee"], aliases=["village"]),
        FeatureSchema(
            name="raining_at_dawn", type="categorical", categories=["False", "True"], aliases=["wet morning"]
        ),
        FeatureSchema(name="loaves", type="numeric", min=20, max=400, aliases=["loaves"]),
        FeatureSchema(name="OvenStart", type="numeric", min=3, max=7, aliases=["oven start"]),
    ],
    id_range=(70001, 70300),
)


def test_accented_letters_meet_a_host_that_writes_them_plain() -> None:
    assert (
        normalize("how does it do in the vallée and on the côte?", BAKERY)
        == "how does it do in the vallee and on the cote?"
    )
    assert extract_group("precision for the mornings at étang", BAKERY) == "village = etang"


def test_a_host_that_writes_its_accents_keeps_them() -> None:
    accented = BAKERY.model_copy(
        update={
            "features": [
                FeatureSchema(name="village", type="categorical", categories=["étang", "côte"], aliases=["village"])
            ]
        }
    )
    assert (
        normalize("recall on the côte mornings, and for cote", accented) == "recall on the côte mornings, and for cote"
    )


def test_letters_that_are_no_accented_ascii_letter_stay() -> None:
    assert normalize("ovens at 5°C, the Straße stall, €3 a loaf", BAKERY) == "ovens at 5°C, the Straße stall, €3 a loaf"


def test_an_inflection_of_a_host_word_is_no_typo() -> None:
    assert normalize("what if it rained at dawn on 70012?", BAKERY) == "what if it rained at dawn on 70012?"
    assert normalize("does it care whether it rains?", BAKERY) == "does it care whether it rains?"
    # a real typo of the lexicon is still corrected
    assert normalize("how was the model trainde?", BAKERY) == "how was the model trained?"


def test_the_hosts_noun_with_a_modifier_names_its_feature_only_whole() -> None:
    assert extract_group("confusion matrix over all the mornings", BAKERY) is None
    assert extract_group("accuracy on wet mornings", BAKERY) == "raining_at_dawn = True"


def test_an_id_then_a_dash_and_a_count() -> None:
    assert extract_ids("counterfactuals for 70042 - three of them", BAKERY) == [70042]
    assert extract_count("counterfactuals for 70042 - three of them") == 3
    assert extract_ids("mornings 70042 - 70050", BAKERY) == []
