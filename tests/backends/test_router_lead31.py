"""Round 31 (lead31), on an invented host of loaves from a village bakery, in our own wording: a number taken back
with a doubled "no", an id written "id-N", a corrected step said with its scale word or a time unit, a True/False
column said by the other way its description names, and a verb in -ied with a unit before its step.
"""

from __future__ import annotations

import pytest

from simxai._self_repair import self_corrected
from simxai._yes_no_other_way import other_way_denied
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_ids
from simxai.extraction._groups import extract_group
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, route

BAKERY = HostSchema(
    name="village loaves",
    kind="tabular",
    instance_noun="loaf",
    class_names=["shelf", "seconds", "compost"],
    features=[
        FeatureSchema(name="grain", type="categorical", categories=["rye", "spelt", "wheat"], aliases=["grain"]),
        FeatureSchema(
            name="oven_baked",
            type="categorical",
            categories=["False", "True"],
            description="whether the loaf was baked in the oven (True) or over a fire (False)",
            aliases=["oven baked"],
        ),
        FeatureSchema(
            name="scored",
            type="categorical",
            categories=["False", "True"],
            description="whether the top was scored (True) or left whole (False)",
        ),
        FeatureSchema(name="proof_time", type="numeric", min=20, max=240, aliases=["proofing", "proof"]),
        FeatureSchema(name="FryingMinutes", type="numeric", min=0, max=12, aliases=["frying", "fry time"]),
        FeatureSchema(name="oil_temp", type="numeric", min=150, max=200, aliases=["heat of the frying oil"]),
        FeatureSchema(name="flour_k", type="numeric", min=1, max=90, aliases=["flour bill"]),
        FeatureSchema(name="late_start", type="numeric", min=0, max=90, aliases=["late start"]),
    ],
    id_range=(80001, 80900),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("loaf 80412 no no 80421, which class?", "loaf 80421, which class?"),
        ("what if it proofed 60 no no 90 minutes", "what if it proofed 90 minutes"),
        # a "no" that takes nothing back, or one "no" with no comma before it, stays
        ("is 80412 shelf or no?", "is 80412 shelf or no?"),
        ("loaf no 80421", "loaf no 80421"),
    ],
)
def test_a_number_taken_back_by_a_doubled_no(text: str, kept: str) -> None:
    assert self_corrected(text) == kept


@pytest.mark.parametrize(
    ("text", "ids"),
    [("id-80412, which class?", [80412]), ("class of ID-80007 please", [80007]), ("the rapid-80 mix", [])],
)
def test_an_id_written_with_a_dash_after_id(text: str, ids: list[int]) -> None:
    assert extract_ids(text, BAKERY) == ids


def test_a_corrected_step_with_its_scale_word(router: RouterBackend) -> None:
    history = after(
        "explain_what_if", "and if the flour bill were 20 thousand less", instance=80412, changes={"flour_k": "-20"}
    )
    assert route(router, "no no, 25 thousand less", BAKERY, history) == (
        "",
        [("explain_what_if", {"instance": 80412, "changes": {"flour_k": "-25"}})],
    )


def test_a_corrected_step_in_minutes_said_earlier_or_later(router: RouterBackend) -> None:
    said = "what if the late start had been 10 min less"
    history = after("explain_what_if", said, instance=80412, changes={"late_start": "-10"})
    assert route(router, "sorry, 20 mins earlier", BAKERY, history) == (
        "",
        [("explain_what_if", {"instance": 80412, "changes": {"late_start": "-20"}})],
    )
    history = after("explain_what_if", said.replace("less", "more"), instance=80412, changes={"late_start": "+10"})
    assert route(router, "no, 15 mins later", BAKERY, history)[1] == [
        ("explain_what_if", {"instance": 80412, "changes": {"late_start": "+15"}})
    ]


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("what if 80412 was fire-baked?", "what if 80412 was not oven baked?"),
        ("the fire baked loaves", "the not oven baked loaves"),
        ("if it had been baked over a fire", "if it had been not oven baked"),
        # the "no" way alone, without a word of the column's name, may be about anything: left
        ("the fire was out", "the fire was out"),
        # a one-word name ("scored") is denied by "un" elsewhere; its "no" way is not read here
        ("a whole top", "a whole top"),
    ],
)
def test_a_yes_no_column_said_by_its_other_way(text: str, written: str) -> None:
    assert other_way_denied(text, BAKERY) == written


def test_the_other_way_reaches_changes_and_groups() -> None:
    assert extract_changes("what if 80412 was fire-baked?", BAKERY) == {"oven_baked": "False"}
    assert extract_changes("what if 80412 was oven baked?", BAKERY) == {"oven_baked": "True"}
    assert extract_group("how many of the fire baked loaves are compost?", BAKERY) == "oven_baked = False"


def test_no_other_way_without_a_description_that_names_it() -> None:
    plain = BAKERY.model_copy(
        update={"features": [f.model_copy(update={"description": None}) for f in BAKERY.features]}
    )
    assert other_way_denied("the fire baked loaves", plain) == "the fire baked loaves"


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        # a verb in -ied names the feature of its stem in -y; the frying oil's alias only mentions the word
        ("what if 80412 had fried 3 min more?", {"FryingMinutes": "+3"}),
        ("what if 80412 fried 2 mins less", {"FryingMinutes": "-2"}),
        ("what if 80412 had proofed 30 min more?", {"proof_time": "+30"}),
    ],
)
def test_a_verb_in_ied_with_a_unit_before_its_step(text: str, changes: dict[str, object]) -> None:
    assert extract_changes(text, BAKERY) == changes
