"""What-if values said with a unit, a scale, a word of the feature or a coded value's words, and ids after a verb.

Two invented hosts built in the test as schemas (a greenhouse with three classes and a temperature in Fahrenheit,
a bakery with two classes and a temperature in Celsius, both with ids within ten times a feature's range) and the
demo and loan schemas. Every reading works from the schema's names, aliases, descriptions and ranges; the
phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes, extract_ids, extract_label
from simxai.extraction._features import extract_target_label
from simxai.extraction._scored_labels import scored_label
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import DEMO, LOAN

GREENHOUSE = HostSchema(
    name="greenhouse trays",
    kind="tabular",
    instance_noun="tray",
    class_names=["thriving", "struggling", "lost"],
    features=[
        FeatureSchema(
            name="air_temp_f",
            type="numeric",
            min=50,
            max=95,
            aliases=["temperature", "air temperature"],
            description="average air temperature over the tray in degrees Fahrenheit",
        ),
        FeatureSchema(name="water_l", type="numeric", min=20, max=9000, aliases=["watering", "water given"]),
        FeatureSchema(name="humidity_pct", type="numeric", min=20, max=95, aliases=["humidity"]),
        FeatureSchema(name="feed_additions", type="numeric", min=0, max=6, aliases=["feeds", "npk additions"]),
        FeatureSchema(
            name="seed_age_weeks",
            type="numeric",
            min=0,
            max=10,
            aliases=["seed age"],
            description="weeks since the seeds were sown (0 = sown this week)",
        ),
        FeatureSchema(name="aphids_per_leaf", type="numeric", min=0, max=40, aliases=["aphids per leaf", "pests"]),
        FeatureSchema(name="bench", type="categorical", categories=["north", "south", "centre"]),
    ],
    id_range=(81001, 81400),
)
BAKERY = HostSchema(
    name="dough batches",
    kind="tabular",
    instance_noun="batch",
    class_names=["rises", "flat"],
    features=[
        FeatureSchema(
            name="proof_temp_c",
            type="numeric",
            min=18,
            max=35,
            aliases=["proofing temperature", "temp"],
            description="proofing temperature in degrees Celsius",
        ),
        FeatureSchema(name="flour_kg", type="numeric", min=1, max=300, aliases=["flour"]),
        FeatureSchema(name="salt_mg_l", type="numeric", min=100, max=900, aliases=["brine salt"]),
        FeatureSchema(name="batch_volume_l", type="numeric", min=5, max=12000, aliases=["volume", "batch size"]),
        FeatureSchema(name="hydration", type="numeric", min=55, max=90, aliases=["hydration"]),
        FeatureSchema(name="fold_count", type="numeric", min=0, max=8, aliases=["folds"]),
        FeatureSchema(
            name="starter_age_days",
            type="numeric",
            min=0,
            max=30,
            aliases=["starter age"],
            description="days since the starter was last refreshed (0 = refreshed today)",
        ),
        FeatureSchema(name="flour_type", type="categorical", categories=["rye", "spelt", "wheat"]),
    ],
    id_range=(62001, 62500),
)


# --- ids after a verb, on hosts whose ids lie within ten times a feature's largest value -------------------------


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BAKERY, "what could rescue 62110?", [62110]),
        (BAKERY, "give one more fold to 62079, does it rise then?", [62079]),
        (BAKERY, "what if we set the temp on 62110 to 24", [62110]),
        (GREENHOUSE, "how do we save 81044", [81044]),
        (GREENHOUSE, "add two more feeds to 81012 and predict again", [81012]),
    ],
)
def test_an_id_past_every_value_the_turn_speaks_of_is_the_instance(
    schema: HostSchema, text: str, expected: list[int]
) -> None:
    assert extract_ids(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (BAKERY, "what if the batch size were 62100"),  # the volume is named: a value it could take
        (BAKERY, "set the volume to 62100"),
        (GREENHOUSE, "what if the watering were 81100"),
        (BAKERY, "batches 62010 to 62020"),  # a range stays a range
    ],
)
def test_a_value_of_a_named_feature_or_a_range_is_no_id(schema: HostSchema, text: str) -> None:
    assert extract_ids(text, schema) == []


# --- temperatures in either scale, units spelled out, a word of the feature after the number ---------------------


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BAKERY, "what if 62079 had proofed at 80F", {"proof_temp_c": 26.7}),
        (BAKERY, "what if 62079 proofed at 26 degrees", {"proof_temp_c": 26}),
        (BAKERY, "suppose batch 62003 were kept at 77 °F overnight", {"proof_temp_c": 25}),
        (GREENHOUSE, "what if tray 81001 were kept at 20 degrees C", {"air_temp_f": 68}),
        (GREENHOUSE, "what if 81001 stood at 70 degrees", {"air_temp_f": 70}),
    ],
)
def test_a_temperature_is_read_in_the_features_own_scale(
    schema: HostSchema, text: str, expected: dict[str, object]
) -> None:
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BAKERY, "if 62086 were split into a 400 litre batch, would it rise", {"batch_volume_l": 400}),
        (BAKERY, "what if the flour on 62020 were 25 kilos", {"flour_kg": 25}),
        (GREENHOUSE, "what if we cut 81002 back to 300 litres", {"water_l": 300}),
        (GREENHOUSE, "what happens to 81003 if it sat at 60 humidity", {"humidity_pct": 60}),
        (BAKERY, "what if 62007 were brought to 75 hydration", {"hydration": 75}),
    ],
)
def test_a_unit_spelled_out_or_a_word_of_the_feature_names_it(
    schema: HostSchema, text: str, expected: dict[str, object]
) -> None:
    assert extract_changes(text, schema) == expected


def test_a_unit_per_unit_is_not_the_unit_alone() -> None:
    # salt_mg_l is in mg per litre: "litres" names the batch volume only
    assert extract_changes("if 62086 were a 400 litre batch", BAKERY) == {"batch_volume_l": 400}


def test_a_step_after_the_unit_stays_a_step() -> None:
    assert extract_changes("If patient 117 was ten years younger, what then?", DEMO) == {"age": "-10"}
    assert extract_changes("what if 62079 proofed 3 degrees cooler", BAKERY) == {"proof_temp_c": "-3"}


# --- coded values in words, multiplications, counts on top, a count's verb done again -----------------------------


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BAKERY, "what if 62004's starter had been refreshed today", {"starter_age_days": 0}),
        (GREENHOUSE, "suppose 81004 had fresh seed, sown this week", {"seed_age_weeks": 0}),
    ],
)
def test_the_words_a_description_gives_a_code_are_that_code(
    schema: HostSchema, text: str, expected: dict[str, object]
) -> None:
    assert extract_changes(text, schema) == expected


def test_a_coded_value_denied_is_no_change() -> None:
    assert extract_changes("what if 62004's starter had not been refreshed today", BAKERY) is None


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (GREENHOUSE, "would 81026 recover if the aphids halved", {"aphids_per_leaf": "-50%"}),
        (BAKERY, "would 62026 rise if the folds doubled", {"fold_count": "*2"}),
        (GREENHOUSE, "and also 2 feeds on top", {"feed_additions": "+2"}),
        (BAKERY, "and 3 extra folds on top", {"fold_count": "+3"}),
        (
            GREENHOUSE,
            "what if 81010 were 72 degrees and we added npk once more",
            {"air_temp_f": 72, "feed_additions": "+1"},
        ),
    ],
)
def test_multiplications_counts_on_top_and_a_count_done_again(
    schema: HostSchema, text: str, expected: dict[str, object]
) -> None:
    assert extract_changes(text, schema) == expected


# --- labels: a compound of a class, the class to finish as, the class an instance is headed for ------------------

DROPOUTS = HostSchema(
    name="course dropouts",
    kind="tabular",
    instance_noun="student",
    class_names=["stay", "drop"],
    features=[FeatureSchema(name="attendance", type="numeric", min=0, max=100)],
    id_range=(1, 900),
)


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (DROPOUTS, "which features matter most for drop-outs", "drop"),
        (GREENHOUSE, "what matters most for a tray to come out thriving", "thriving"),
        (DEMO, "which factors count most for a patient to be stable", "stable"),
    ],
)
def test_the_label_an_importance_is_asked_for(schema: HostSchema, text: str, expected: str) -> None:
    found = scored_label(text, schema)
    assert found is not None and found.label == expected
    assert extract_label(text, schema) == expected


def test_a_class_an_instance_is_headed_for_is_the_one_to_leave() -> None:
    assert extract_target_label("applicant 12 is headed for a rejection, what would change that", LOAN) == "approved"
    # of three classes, leaving one names no target: the user says which
    assert extract_target_label("81001 is headed for lost, what's the smallest fix", GREENHOUSE) is None


@pytest.mark.parametrize(
    ("schema", "units"),
    [
        (GREENHOUSE, {"air_temp_f": "f", "water_l": "l", "humidity_pct": "pct", "feed_additions": None}),
        (
            BAKERY,
            {"proof_temp_c": "c", "flour_kg": "kg", "salt_mg_l": "l", "hydration": None, "starter_age_days": None},
        ),
    ],
)
def test_one_reading_of_the_unit_a_feature_name_ends_in(schema: HostSchema, units: dict[str, str | None]) -> None:
    # the amount, value and feature-word readers all take a name's unit from `name_unit`, then narrow it
    from simxai.extraction._amounts import _units
    from simxai.extraction._lexicon import name_unit
    from simxai.extraction._unit_values import _name_unit

    by_name = {f.name: f for f in schema.features}
    assert {name: name_unit(by_name[name]) for name in units} == units
    # `_amounts`: units of two or three letters that end exactly one numeric feature's name, and a one-letter unit
    # people say in words ("3 litres" of water_l), never one per unit (salt_mg_l) nor a temperature's (degrees)
    expected = {u: n for n, u in units.items() if u is not None and (len(u) >= 2 or n == "water_l")}
    if schema is BAKERY:
        expected["l"] = "batch_volume_l"  # salt_mg_l's "l" is per litre: the batch volume alone is in litres
    assert {u: f.name for u, f in _units(schema).items() if u != "degrees"} == expected
    # `_unit_values`: units people spell out, never a unit per unit
    spelled = {n: _name_unit(by_name[n]) for n in units}
    assert spelled["salt_mg_l" if schema is BAKERY else "water_l"] == (None if schema is BAKERY else "l")
