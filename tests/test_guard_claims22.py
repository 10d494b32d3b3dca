"""A speed's unit is not a distance's, and a middle dot separates numbered items (guard23)."""

import pytest

from simxai.guard._numbering import item_numbers
from simxai.guard._units import unit_feature

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
