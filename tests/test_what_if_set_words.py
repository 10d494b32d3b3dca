"""What-ifs whose value follows two setting words, a verb of duration, or a money verb with a bare "k".

Two invented hosts built in the test as schemas: hire e-bikes (battery in percent, ride minutes, earnings in
thousands of dollars, repairs) and warehouse staff (a yearly wage in thousands of euros, shift length in minutes, a
morale score, sick days, overtime in percent). A number word after "only" and a percentage before a one-word alias
are read too. Every reading works from the schema's names, aliases, descriptions and units; the phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema

BIKES = HostSchema(
    name="hire e-bikes",
    kind="tabular",
    instance_noun="bike",
    class_names=["in_service", "to_workshop"],
    features=[
        FeatureSchema(name="battery_pct", type="numeric", min=10, max=100, aliases=["battery", "charge"]),
        FeatureSchema(name="ride_minutes", type="numeric", min=5, max=240, aliases=["ride time"]),
        FeatureSchema(
            name="earnings_k",
            type="numeric",
            min=0,
            max=40,
            description="what the bike earned last year, in thousands of dollars",
        ),
        FeatureSchema(name="repairs", type="numeric", min=0, max=9, aliases=["repair"]),
        FeatureSchema(name="frame", type="categorical", categories=["step_through", "diamond"]),
    ],
    id_range=(33001, 33500),
)
STAFF = HostSchema(
    name="warehouse staff",
    kind="tabular",
    instance_noun="worker",
    class_names=["stays", "leaves"],
    features=[
        FeatureSchema(name="wage_k", type="numeric", min=18, max=60, description="yearly wage, in thousands of euros"),
        FeatureSchema(name="shift_minutes", type="numeric", min=240, max=720, aliases=["shift length"]),
        FeatureSchema(name="morale_score", type="numeric", min=0, max=10, aliases=["morale"]),
        FeatureSchema(name="sick_days", type="numeric", min=0, max=30, aliases=["sick day"]),
        FeatureSchema(name="overtime_pct", type="numeric", min=0, max=40, aliases=["overtime"]),
    ],
    id_range=(48001, 48400),
)


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BIKES, "what if bike 33020's battery was at 80", {"battery_pct": 80}),
        (BIKES, "and if 33101 had its charge at 55?", {"battery_pct": 55}),
        (STAFF, "what if 48010's morale were at 9", {"morale_score": 9}),
    ],
)
def test_a_value_after_was_at(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """ "was at", "were at" set the value, as "was" or "at" alone do."""
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BIKES, "what if 33020 went 45 minutes", {"ride_minutes": 45}),
        (BIKES, "suppose the ride on 33101 had lasted 90 minutes", {"ride_minutes": 90}),
        (STAFF, "what if 48010's shift ran 480 minutes", {"shift_minutes": 480}),
    ],
)
def test_a_duration_by_its_verb(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """A verb of duration and a unit the feature's name ends in, spelled out, give its value."""
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BIKES, "what if 33020 earned 12k", {"earnings_k": 12}),
        (STAFF, "what if worker 48010 was paid 35k", {"wage_k": 35}),
        (STAFF, "what if 48044 got paid 3k more", {"wage_k": "+3"}),
    ],
)
def test_a_bare_thousands_amount_for_the_one_money_feature(
    schema: HostSchema, text: str, expected: dict[str, object]
) -> None:
    """Without a currency sign, a "k" amount after a verb of earning or paying is the one money feature's."""
    assert extract_changes(text, schema) == expected


def test_a_k_after_another_verb_is_no_money() -> None:
    """ "walked 5k" names no money: the verb is not one of earning or paying."""
    assert "earnings_k" not in (extract_changes("what if bike 33020 walked 5k", BIKES) or {})


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BIKES, "suppose 33020 had only one repair instead of four", {"repairs": 1}),
        (STAFF, "what if 48010 had just two sick days", {"sick_days": 2}),
    ],
)
def test_a_number_word_after_only(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """ "only one", "just two" before the feature are a count, as "only 1" is."""
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (BIKES, "what if 33020 were at 60 % charge", {"battery_pct": 60}),
        (STAFF, "48010 with the rota at 15 percent overtime", {"overtime_pct": 15}),
    ],
)
def test_a_percentage_before_a_one_word_alias(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """A percentage, then a one-word alias of a feature counted in percent, is its value."""
    assert extract_changes(text, schema) == expected
