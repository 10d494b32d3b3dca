"""The words of a bound read the same with any whitespace between them: "at least" split by a tab, a line break or
two spaces is still ">=", "at most" still "<=" (`_group_words._unit_bounds` read such a split "at least" as ">").
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_group
from simxai.extraction._group_words import _unit_bounds
from tests.test_name_units import SCHEMA


@pytest.mark.parametrize("space", [" ", "\t", "\n", "  ", " \t "])
@pytest.mark.parametrize(
    ("words", "condition"),
    [("at least", "wind_kmh >= 30"), ("at most", "wind_kmh <= 30"), ("more than", "wind_kmh > 30")]
    + [("less than", "wind_kmh < 30")],
)
def test_a_bound_by_the_unit_of_a_name_with_any_space_between_its_words(space: str, words: str, condition: str):
    text = f"crossings {words.replace(' ', space)} 30 km/h"
    assert _unit_bounds(text, SCHEMA) == [condition]
    assert extract_group(text, SCHEMA) == condition
