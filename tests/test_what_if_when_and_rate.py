"""What-ifs that say when an event last happened, or an amount per period, on two invented hosts.

A fleet of delivery vans (daily distance and the longest trip both in km, days since the last inspection) and
allotment plots (water in litres a week and a tank in litres, days since the last watering) are built in the test as
schemas. Every reading works from the schema's names, aliases and units; the phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema

VANS = HostSchema(
    name="delivery vans",
    kind="tabular",
    instance_noun="van",
    class_names=["fine", "breakdown"],
    features=[
        FeatureSchema(name="daily_km", type="numeric", min=20, max=400, aliases=["distance per day"]),
        FeatureSchema(name="longest_trip_km", type="numeric", min=5, max=600, aliases=["longest trip"]),
        FeatureSchema(name="days_since_inspection", type="numeric", min=0, max=365, aliases=["last inspection"]),
        FeatureSchema(name="age_years", type="numeric", min=0, max=15, aliases=["years since first inspection"]),
        FeatureSchema(name="fuel", type="categorical", categories=["diesel", "electric"]),
    ],
    id_range=(52001, 52300),
)
PLOTS = HostSchema(
    name="allotment plots",
    kind="tabular",
    instance_noun="plot",
    class_names=["good_crop", "poor_crop"],
    features=[
        FeatureSchema(name="weekly_water_l", type="numeric", min=0, max=400, aliases=["water given"]),
        FeatureSchema(name="tank_l", type="numeric", min=100, max=2000, aliases=["rain tank", "water tank"]),
        FeatureSchema(name="days_since_watering", type="numeric", min=0, max=30, aliases=["dry spell"]),
        FeatureSchema(name="soil", type="categorical", categories=["clay", "loam", "sand"]),
    ],
    id_range=(91001, 91250),
)


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (VANS, "what if van 52010 had been inspected 12 days ago", {"days_since_inspection": 12}),
        (VANS, "suppose 52044 was inspected 3 weeks ago", {"days_since_inspection": 21}),
        (VANS, "what if 52101 went another 30 days without an inspection", {"days_since_inspection": "+30"}),
        (PLOTS, "what if plot 91007 was watered 3 days ago?", {"days_since_watering": 3}),
        (PLOTS, "and if 91020 were left another week without watering", {"days_since_watering": "+7"}),
        (PLOTS, "what if 91033 went 4 more days without watering", {"days_since_watering": "+4"}),
    ],
)
def test_when_the_event_last_happened(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """An amount of time ago sets the days since; time added without the event steps it; the verb of the event is
    no value of another feature a word of it names ("inspected 12" is no age, "watered 3" no water)."""
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (VANS, "what if 52010 drove 180 km a day", {"daily_km": 180}),
        (VANS, "suppose 52044 did 40 more km a day", {"daily_km": "+40"}),
        (VANS, "what if 52101 adds 25 km per day to its round", {"daily_km": "+25"}),
        (PLOTS, "what if 91007 got 60 litres a week", {"weekly_water_l": 60}),
        (PLOTS, "what if plot 91020 had 10 litres a week less", {"weekly_water_l": "-10"}),
    ],
)
def test_an_amount_per_period(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """A unit two features share is the one whose name or alias says the period ("a day" -> `daily_km`)."""
    assert extract_changes(text, schema) == expected


def test_a_period_no_feature_says_gives_nothing() -> None:
    """A unit per week on a host that counts km a day names no feature: the unit stays ambiguous."""
    assert "daily_km" not in (extract_changes("what if 52010 drove 900 km a week", VANS) or {})
