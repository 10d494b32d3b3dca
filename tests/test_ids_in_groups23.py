"""Ids said or written in groups (round 23, lead23): digit by digit with more than one "oh" ("one oh four oh two
eight" was read as 104 and the rest left over), and an id written in two groups with a hyphen ("barge 207-815",
"kiln 207-044"; was read as a range of ids or nothing). Our own wording, on an invented host with six-digit ids and
on the demo.
"""

from __future__ import annotations

import pytest

from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize
from tests.backends.routing import DEMO

KILNS = HostSchema(
    name="kilns",
    kind="tabular",
    instance_noun="firing",
    class_names=["cracked", "sound"],
    features=[
        FeatureSchema(name="PeakTemp", type="numeric", min=900, max=1300),
        FeatureSchema(name="GlazeCoats", type="numeric", min=1, max=5),
    ],
    id_range=(207001, 207900),
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("firing two oh seven oh four four, cracked or not", "firing 207044, cracked or not"),
        ("why is two oh seven oh one three only sound", "why is 207013 only sound"),
        ("firing two oh seven eight one five please", "firing 207815 please"),
    ],
)
def test_an_id_said_digit_by_digit_with_several_ohs_is_one_id(text: str, said: str) -> None:
    assert normalize(text, KILNS) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Prediction for 207-815 please", "Prediction for 207815 please"),
        ("explain firing 207-044 to me", "explain firing 207044 to me"),
        ("the barge 207-815, what does it say", "the barge 207815, what does it say"),
    ],
)
def test_an_id_written_in_two_groups_is_one_id(text: str, said: str) -> None:
    assert normalize(text, KILNS) == said


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("firings with peak temps 950-1100", KILNS),  # a four-digit second group is no id group
        ("how does it do on peak temp 100-950", KILNS),  # a feature's values reach from one to the other
        ("patients 100-150 please", DEMO),  # the joined number is no id of the demo
        ("glucose 100-150", DEMO),
    ],
)
def test_a_range_of_values_stays_a_range(text: str, schema: HostSchema) -> None:
    assert normalize(text, schema) == text


def test_nought_is_zero() -> None:
    # British "nought" as a number word (was left as a word, and the what-if asked for the value)
    assert normalize("what if firing 207010 had nought glaze coats", KILNS) == "what if firing 207010 had 0 glaze coats"
    assert normalize("nought point five", KILNS) == "0.5"
