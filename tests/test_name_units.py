"""The unit a column name ends in, read once (`simxai.hosts.name_words.name_unit_of`) and said in words: "2 metres
higher" for `DepthM`, "40 feet longer" for `BoatLengthFt`, "over 30 km/h" for `wind_kmh`, "5 degrees warmer" for
`TempC`; and a metric of exactly 1 stated as "1.000". An invented ferry host, built here.
"""

from __future__ import annotations

import pytest

from simxai.extraction._changes import extract_changes
from simxai.extraction._group_words import _unit_bounds
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_unit_of, unit_said
from simxai.results import PerformanceResult


def _numeric(name: str, low: float, high: float) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=low, max=high)


SCHEMA = HostSchema(
    name="ferry crossings",
    kind="tabular",
    instance_noun="crossing",
    class_names=["sails", "cancelled"],
    id_range=(7001, 7300),
    features=[
        FeatureSchema(name="sector", type="categorical", categories=["north", "south", "harbour"]),
        _numeric("DepthM", 2, 40),
        _numeric("wind_kmh", 0, 80),
        _numeric("TempC", -10, 30),
        _numeric("BoatLengthFt", 30, 200),
        _numeric("Load (t)", 0, 150),
    ],
)


@pytest.mark.parametrize(
    ("name", "unit"),
    [
        ("DepthM", "m"),
        ("BoatLengthFt", "ft"),
        ("TempC", "c"),
        ("wind_kmh", "kmh"),
        ("Weight (kg)", "kg"),
        ("Load (t)", "t"),
        ("Moisture %", "%"),
        ("Roast Time/min", "min"),
        ("humidity_pct", "pct"),  # snake_case as it always read
        ("MonthlyFee", None),
        ("TenureMonths", None),  # spelled out: a word of the unit, counted by `unit_ending`
        ("age", None),
    ],
)
def test_the_unit_a_name_ends_in(name: str, unit: str | None) -> None:
    assert name_unit_of(name) == unit


def test_a_unit_is_said_in_its_words() -> None:
    assert unit_said("feet", "BoatLengthFt") and unit_said("km/h", "wind_kmh") and unit_said("metres", "DepthM")
    assert not unit_said("feet", "DepthM") and not unit_said("metres", "MonthlyFee")


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("crossings over 30 km/h", "wind_kmh > 30"),
        ("boats longer than 100 feet", "BoatLengthFt > 100"),
        ("crossings deeper than 12 metres", "DepthM > 12"),
        ("loads over 50 tonnes", "Load (t) > 50"),
    ],
)
def test_a_group_bound_by_the_unit_of_a_name(text: str, condition: str) -> None:
    assert _unit_bounds(text, SCHEMA) == [condition]


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if crossing 7010 were 2 metres deeper?", {"DepthM": "+2"}),
        ("what if the boat of crossing 7010 were 40 feet longer?", {"BoatLengthFt": "+40"}),
        ("and if crossing 7010 were 5 degrees warmer?", {"TempC": "+5"}),
        ("what if the wind was 20 km/h weaker for crossing 7010?", {"wind_kmh": "-20"}),
    ],
)
def test_a_step_said_in_the_unit_of_a_name(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, SCHEMA) == changes


def test_a_metric_of_exactly_one_is_stated_with_its_decimals() -> None:
    result = PerformanceResult(
        metric="precision",
        value=1.0,
        metrics={"precision": 1.0, "recall": 0.5},
        labels=["sails", "cancelled"],
        split="held-out split",
        n=8,
        group="wind_kmh > 60",
        nouns="crossings",
    )
    assert result.render().endswith("(8 crossings), is 1.000.")
    assert "recall for the label cancelled 0.5" in result.model_copy(update={"metric": "all"}).render()


def test_the_readers_of_spelled_units_say_them_with_the_one_table_of_unit_words() -> None:
    """`_unit_values` and `_shared_units` take their units' words from `name_words`, so a spelling known to one
    reader ("kilogrammes") is known to all of them.
    """
    import re

    from simxai.extraction._shared_units import _SAID
    from simxai.extraction._unit_values import _SPELLED
    from simxai.hosts.name_words import spelled_units, unit_words

    assert all(word in unit_words(unit) for word, unit in _SPELLED.items())
    assert spelled_units(("kg", "h")) == {"kilo": "kg", "kilogram": "kg", "kilogramme": "kg", "hour": "h"}
    for unit, pattern in _SAID.items():
        assert {w for w in unit_words(unit) if re.fullmatch(pattern, w)} == set(unit_words(unit))
        assert not re.fullmatch(pattern, f"{unit}x")
    assert unit_said("kilogrammes", "grain_kg") and unit_said("grammes", "StrawG")
    weights = [_numeric("grain_kg", 0, 900), _numeric("straw_g", 0, 900)]
    schema = HostSchema(
        name="mill",
        kind="tabular",
        instance_noun="sack",
        class_names=["dry", "damp"],
        features=weights,
        id_range=(0, 9),
    )
    assert extract_changes("what if sack 3 were 40 kilogrammes", schema) == {"grain_kg": 40}
