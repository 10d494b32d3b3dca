"""The guard's claims-22 changes (helper guard23): a speed's unit is not a distance's, a middle dot separates
numbered items, an arrow moves a name's value only to a number, a class in the past said in its base form.
"""

import pytest

from simxai.guard import _causes
from simxai.guard._numbering import item_numbers
from simxai.guard._reading import normalise, numbers
from simxai.guard._units import unit_feature
from simxai.guard._verb_labels import _patterns

FEATURES = ("wind_kmh", "distance_km", "wave_height_m")


@pytest.mark.parametrize("following", [" km/h wind", "km/h", " km per hour", " kph"])
def test_a_speed_is_the_speed_feature_s(following):
    assert unit_feature(following, FEATURES) == ("wind_kmh", False)


def test_a_distance_stays_the_distance_feature_s():
    assert unit_feature(" km route", FEATURES) == ("distance_km", False)
    # no speed feature: a speed binds to no feature, not to the distance
    assert unit_feature(" km/h", ("distance_km",)) is None


def test_items_numbered_between_middle_dots():
    text = "Top five: 1 bmi 0.927 · 2 age 0.585 · 3 sex 0.396 · 4 hdl 0.35"
    assert len(item_numbers(text)) == 4


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Sticky: 426 → stable needs a lower bmi.", []),  # a subject's id before its label
        ("(income: 4.3 → 3.9)", ["income"]),
        ("(income: 4.3 → about 3.9)", ["income"]),
    ],
)
def test_a_name_moved_by_an_arrow_moves_to_a_number(text, said):
    assert [m.group("c") for m in _causes._POSITIONS.finditer(normalise(text)) if m.group("c")] == said


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Trip 12 is predicted to turn back, at 0.93.", "turned_back"),
        ("It is expected to complete, 61 %.", "completed"),
        ("Print 5 is likely to fail.", "failed"),
    ],
)
def test_a_class_in_the_past_said_in_its_base_form(text, label):
    found = {
        name for name, pattern in _patterns(("completed", "turned_back", "failed")).items() if pattern.search(text)
    }
    assert found == {label}


def test_a_value_then_a_signed_number_is_no_range():
    said = list(numbers(normalise("income 82.9 −0.077 | loan_amount 178.9 +0.074")))
    assert [(c.value, c.high) for c in said] == [(82.9, None), (-0.077, None), (178.9, None), (0.074, None)]
    assert next(numbers(normalise("60 - 100"))).high is not None
