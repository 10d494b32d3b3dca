"""Arguments the turn holds that the engine used to ask for, on invented hosts built here as schemas.

Two delivery hosts (moped riders, van drivers) whose nouns begin with a verb ("ride", "drive") and whose people
have ages. Every reading works from the schema's names, ranges and units; the phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_argument
from simxai.hosts.base import FeatureSchema, HostSchema

RIDERS = HostSchema(
    name="moped couriers",
    kind="tabular",
    instance_noun="rider",
    class_names=["on_time", "late"],
    features=[
        FeatureSchema(name="daily_km", type="numeric", min=10, max=150, aliases=["distance a day"]),
        FeatureSchema(name="drops_per_shift", type="numeric", min=5, max=60, aliases=["drops"]),
        FeatureSchema(name="moped", type="categorical", categories=["electric", "petrol"]),
        FeatureSchema(name="shift_type", type="categorical", categories=["late_night", "early_morning", "lunch"]),
        FeatureSchema(name="age_years", type="numeric", min=17, max=68, aliases=["age"]),
    ],
    id_range=(81001, 81300),
)
DRIVERS = HostSchema(
    name="van drivers",
    kind="tabular",
    instance_noun="driver",
    class_names=["safe", "at_risk"],
    features=[
        FeatureSchema(name="weekly_km", type="numeric", min=100, max=3000, aliases=["distance a week"]),
        FeatureSchema(name="night_shifts", type="numeric", min=0, max=7, aliases=["nights"]),
        FeatureSchema(name="licence_years", type="numeric", min=1, max=40, aliases=["driving experience"]),
        FeatureSchema(name="age", type="numeric", min=21, max=70),
        FeatureSchema(name="cargo", type="categorical", categories=["dry_goods", "chilled_food", "parcels"]),
    ],
    id_range=(64001, 64400),
)


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (RIDERS, "would 81044 be late if she'd ride 90 km a day", 81044),
        (RIDERS, "what if 81203 had to ride 12 more drops", 81203),
        (DRIVERS, "is 64120 still safe if he'd drive 2500 km a week", 64120),
        (DRIVERS, "what if 64007 had to drive 3 more night shifts", 64007),
    ],
)
def test_an_amount_after_the_noun_cut_short_is_no_id(schema: HostSchema, text: str, expected: int) -> None:
    """A verb that begins the host's noun ("ride" for rider) is read as the noun cut short before a number; the
    number is then an amount when it lies outside the id range with a unit or a count after it, and the id is the
    one in range."""
    assert extract_argument("instance", text, schema) == expected


def test_an_id_after_the_noun_out_of_range_is_still_read() -> None:
    """An id out of range after the noun, with nothing after it, stays the id (the function says there is none)."""
    assert extract_argument("instance", "predict rider 45", RIDERS) == 45


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (RIDERS, "quick one - 81250?", 81250),
        (DRIVERS, "another one - 64033 please", 64033),
    ],
)
def test_a_dash_between_words_is_no_minus_sign(schema: HostSchema, text: str, expected: int) -> None:
    """A dash set apart by spaces after a word is punctuation; only a minus sign claims the number after it."""
    assert extract_argument("instance", text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (RIDERS, "is it any good for older riders, say 55 and over?", "age_years >= 55"),
        (RIDERS, "how accurate is it on riders 20 and under", "age_years <= 20"),
        (DRIVERS, "can I trust it for senior drivers, like 60 and up", "age >= 60"),
        (DRIVERS, "does it hold up for drivers 30 or younger?", "age <= 30"),
    ],
)
def test_an_age_bound_with_an_open_tail(schema: HostSchema, text: str, expected: str) -> None:
    """A number said of the host's people with an open tail after it ("and over", "or younger") bounds their age."""
    assert extract_argument("group", text, schema) == expected


def test_an_open_tail_outside_the_age_range_is_no_age() -> None:
    """A number beyond every age the data holds is no age bound."""
    assert extract_argument("group", "how accurate is it on riders 200 and over", RIDERS) != "age_years >= 200"


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (RIDERS, "what if 81044 worked early morning instead of late night", {"shift_type": "early_morning"}),
        (RIDERS, "what if 81101 rode lunch instead of late night", {"shift_type": "lunch"}),
        (DRIVERS, "would 64120 be safe carrying chilled food instead of parcels", {"cargo": "chilled_food"}),
    ],
)
def test_a_category_said_with_spaces_before_instead_of(schema: HostSchema, text: str, expected: dict[str, str]) -> None:
    """An underscored category said with spaces is the new value; the one after "instead of" is the old."""
    assert extract_argument("changes", text, schema) == expected


FERRIES = HostSchema(
    name="ferry crossings",
    kind="tabular",
    instance_noun="trip",
    class_names=["on_time", "delayed"],
    features=[
        FeatureSchema(name="sailing_hour", type="numeric", min=5, max=22, aliases=["sailing time"]),
        FeatureSchema(name="crossing_min", type="numeric", min=20, max=240, aliases=["crossing time"]),
        FeatureSchema(name="vessel_age", type="numeric", min=1, max=40, aliases=["age"]),
        FeatureSchema(name="passengers", type="numeric", min=10, max=900),
    ],
    id_range=(33001, 33500),
)
KITCHENS = HostSchema(
    name="school kitchens",
    kind="tabular",
    instance_noun="kitchen",
    class_names=["pass", "fail"],
    features=[
        FeatureSchema(name="opening_hour", type="numeric", min=4, max=12),
        FeatureSchema(name="prep_minutes", type="numeric", min=30, max=300, aliases=["prep time"]),
        FeatureSchema(name="oven_age_years", type="numeric", min=0, max=25, aliases=["oven age"]),
        FeatureSchema(name="cooks", type="numeric", min=1, max=9),
    ],
    id_range=(58001, 58300),
)


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (FERRIES, "what if 33012 sailed at 9 instead of the evening rush", {"sailing_hour": 9}),
        (FERRIES, "33100 at 6 in the evening?", {"sailing_hour": 18}),
        (FERRIES, "suppose trip 33201 left at 7pm", {"sailing_hour": 19}),
        (KITCHENS, "what if 58004 opened at 6am", {"opening_hour": 6}),
        (KITCHENS, "58120 at 10 in the morning, would it pass?", {"opening_hour": 10}),
    ],
)
def test_an_hour_of_the_day(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """A time of day sets the one feature whose name says hour and whose values lie within a day."""
    assert extract_argument("changes", text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (FERRIES, "what if 33012 were 15 minutes quicker", {"crossing_min": "-15"}),
        (FERRIES, "what if 33100 ran 30 minutes longer", {"crossing_min": "+30"}),
        (KITCHENS, "what if 58004 did its prep 20 minutes faster", {"prep_minutes": "-20"}),
        (KITCHENS, "what if 58120 got it ready 1 hour sooner", {"prep_minutes": "-60"}),
    ],
)
def test_a_time_gained_or_lost(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """Faster is fewer minutes, on the one feature measured in minutes; hours are turned into minutes."""
    assert extract_argument("changes", text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (FERRIES, "what if 33012's ship were half as old", {"vessel_age": "-50%"}),
        (KITCHENS, "what if the oven at 58004 were twice as old", {"oven_age_years": "*2"}),
    ],
)
def test_an_age_as_a_multiple_of_itself(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    assert extract_argument("changes", text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (DRIVERS, "what if 64007 only had 3 years' driving experience", {"licence_years": 3}),
        (KITCHENS, "what if 58004 asked for 90 minutes' prep time", {"prep_minutes": 90}),
    ],
)
def test_a_unit_in_the_plural_possessive(schema: HostSchema, text: str, expected: dict[str, object]) -> None:
    """ "3 years' driving experience": the apostrophe after a unit of time is a possessive, not the start of a quote."""
    assert extract_argument("changes", text, schema) == expected
