"""What-ifs on hosts no router was trained on: units two features share, steps said by a verb, categories said by
their verb, marks on a scale, money told apart by its verb, and follow-ups in the feature's unit.

Two invented hosts, given by their schemas alone (extraction and routing read nothing else): fish ponds (ids
8001-8300) and orchards (ids 9101-9400). Each has two features in centimetres, an angle and a temperature change in
degrees, a category that is a noun in -ion, a count with a two-word alias, a 1-5 rating whose ends are described in
words, an age in years and two money features in thousands. The phrasings are our own.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_ids, extract_metric
from simxai.followup_calls import LastCall, repeated_value, stepped_amount
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import DEMO, INSURANCE, LOAN, REVIEWS, route


def _num(name: str, low: float, high: float, description: str | None = None, *aliases: str) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=low, max=high, description=description, aliases=list(aliases))


POND = HostSchema(
    name="fish pond health",
    kind="tabular",
    instance_noun="pond",
    class_names=["healthy", "at_risk"],
    id_range=(8001, 8300),
    features=[
        _num("depth_cm", 30, 250, "water depth at the deepest point, in centimetres", "water depth", "depth"),
        _num("silt_cm", 0, 60, "silt on the bottom, in centimetres", "silt", "sludge"),
        _num("bank_slope_deg", 5, 60, "slope of the banks in degrees", "bank slope", "bank angle", "steepness"),
        _num(
            "temp_change_c",
            -6,
            7,
            "change of the water temperature over the week, in degrees Celsius",
            "warming",
            "temp change",
        ),
        _num("past_closures", 0, 5, "how many times the pond was shut for disease", "shut downs"),
        _num("noise_rating", 1, 5, "noise from the road, 1 (quiet) to 5 (very loud)", "noise"),
        _num("age_years", 1, 80, "years since the pond was dug", "age"),
        _num("grant_k", 0, 90, "the restoration grant applied for, in thousands of euros", "grant"),
        _num("permit_income_k", 0, 120, "yearly income from fishing permits, in thousands of euros", "income"),
        _num("angler_visits", 0, 400, "anglers who came in the season", "visits"),
        FeatureSchema(name="treatment", type="categorical", categories=["aeration", "liming", "none"]),
    ],
)
ORCHARD = HostSchema(
    name="orchard yields",
    kind="tabular",
    instance_noun="orchard",
    class_names=["good_crop", "poor_crop"],
    id_range=(9101, 9400),
    features=[
        _num("trunk_girth_cm", 10, 200, "mean trunk girth, in centimetres", "girth"),
        _num("mulch_cm", 0, 30, "mulch under the trees, in centimetres", "mulch"),
        _num("row_slope_deg", 0, 35, "slope of the rows in degrees", "row slope", "incline"),
        _num(
            "night_temp_change_c",
            -8,
            8,
            "change of the night temperature over spring, in degrees Celsius",
            "temp change",
        ),
        _num("skipped_sprays", 0, 9, "sprays the grower skipped last season", "skipped sprays"),
        _num("vigour_score", 1, 5, "vigour noted by the grower, 1 (weak) to 5 (strong)", "vigour"),
        _num("tree_age_years", 2, 60, "age of the trees in years", "tree age"),
        _num("bank_loan_k", 0, 400, "the bank loan taken out, in thousands of euros", "loan"),
        _num("sales_k", 5, 300, "yearly income from fruit sales, in thousands of euros", "sales"),
        _num("harvests", 1, 6, "harvests in the season", "harvests"),
        FeatureSchema(name="water_source", type="categorical", categories=["irrigation", "rain", "well"]),
    ],
)

CHANGES = [
    # a unit two features share, for the one the turn names; the other is never given the same number
    (POND, "what if pond 8002 had water depth of 120 cm", {"depth_cm": 120}),
    (POND, "suppose the silt in 8002 were 15 cm deeper", {"silt_cm": "+15"}),
    (POND, "would 8002 change if the water depth were 40 cm shallower", {"depth_cm": "-40"}),
    (ORCHARD, "what if the mulch on 9102 were 12 cm", {"mulch_cm": 12}),
    (ORCHARD, "orchard 9102 but with the girth at 80 cm instead", {"trunk_girth_cm": 80}),
    # degrees shared by an angle and a temperature: the word of the one named decides
    (POND, "8002 with the banks 10 degrees less steep?", {"bank_slope_deg": "-10"}),
    (POND, "what if the bank angle of 8002 were 25 degrees", {"bank_slope_deg": 25}),
    (ORCHARD, "9102, same rows but 5 degrees more incline", {"row_slope_deg": "+5"}),
    # a feature that holds a change takes the change a verb says as its value
    (POND, "what if the water had cooled off 3 degrees on 8002 instead of warming", {"temp_change_c": -3}),
    (POND, "what if 8002 had warmed by 4 degrees", {"temp_change_c": 4}),
    (ORCHARD, "what if the night temperature of 9102 had dropped by 2 degrees", {"night_temp_change_c": -2}),
    # an age said by its unit with a direction after it
    (POND, "8002 but 6 years older", {"age_years": "+6"}),
    (ORCHARD, "9102 but 4 years younger", {"tree_age_years": "-4"}),
    # a category that is a noun in -ion, said by its verb
    (POND, "what if 8002 were being aerated", {"treatment": "aeration"}),
    (ORCHARD, "take 9102 with irrigated rows and 10 cm of mulch", {"water_source": "irrigation", "mulch_cm": 10}),
    # a count denied with the words of a two-word alias and nothing between them
    (POND, "what if 8002 had never been shut down", {"past_closures": 0}),
    (ORCHARD, "what if the grower of 9102 had never skipped sprays", {"skipped_sprays": 0}),
    # a mark on a scale, and a value after the comparative of a scale's end word
    (POND, "what if the road went, so a 1 on noise", {"noise_rating": 1}),
    (POND, "what if 8002 were quieter, say a 2", {"noise_rating": 2}),
    (ORCHARD, "if 9102 were stronger, say a 4, what then", {"vigour_score": 4}),
    (ORCHARD, "and if she was pruned hard, a 5 on vigour", {"vigour_score": 5}),
    # a fee waived is none of it
    (POND, "what if we waived 8002's grant", {"grant_k": 0}),
    (ORCHARD, "what if the bank scrapped 9102's loan", {"bank_loan_k": 0}),
    # two money features in thousands, told apart by the verb
    (POND, "what if 8002 had applied for 20k less", {"grant_k": "-20"}),
    (POND, "what if 8002 earned 30k a year", {"permit_income_k": 30}),
    (ORCHARD, "what if 9102 borrowed 50k more", {"bank_loan_k": "+50"}),
    (ORCHARD, "what if 9102 earned 80 grand instead", {"sales_k": 80}),
]


@pytest.mark.parametrize(("schema", "text", "expected"), CHANGES, ids=[c[1] for c in CHANGES])
def test_a_what_if_on_a_new_host(schema: HostSchema, text: str, expected: dict[str, Any]):
    assert extract_changes(text, schema) == expected


NO_CHANGES = [
    # degrees with neither the angle nor the temperature named: which one is the user's to say
    (POND, "what if 8002 were 10 degrees more"),
    (ORCHARD, "what if 9102 were 3 degrees lower"),
    # the verb of a category, denied
    (POND, "what if 8002 had not been aerated"),
    # a comparative with no value
    (ORCHARD, "what if 9102 were stronger"),
]


@pytest.mark.parametrize(("schema", "text"), NO_CHANGES, ids=[c[1] for c in NO_CHANGES])
def test_what_names_no_single_change(schema: HostSchema, text: str):
    assert extract_changes(text, schema) is None


@pytest.mark.parametrize(
    ("schema", "text", "number"),
    [
        (POND, "would 8002 change if the silt were 10 cm shallower", 8002),
        (ORCHARD, "would 9150 change if the mulch were 5 cm deeper", 9150),
    ],
)
def test_an_id_before_change_as_a_verb_is_the_instance(schema: HostSchema, text: str, number: int):
    assert extract_ids(text, schema) == [number]


@pytest.mark.parametrize("text", ["and on top of that 20 cm more silt", "and 5 cm more mulch as well"])
def test_centimetres_after_a_number_are_no_confusion_matrix(text: str):
    assert extract_metric(text) != "confusion_matrix"
    assert extract_metric("show me the cm") == "confusion_matrix"


@pytest.mark.parametrize(
    ("feature", "before", "text", "expected"),
    [
        ("depth_cm", 120, "and 90 cm instead?", {"depth_cm": 90}),
        ("mulch_cm", 12, "and 8 cm instead?", {"mulch_cm": 8}),
    ],
)
def test_a_new_value_in_the_features_unit_after_a_what_if(feature: str, before: int, text: str, expected: dict):
    call = LastCall("explain_what_if", {"instance": 8002, "changes": {feature: before}}, None)
    schema = POND if feature in {f.name for f in POND.features} else ORCHARD
    assert repeated_value(text, call, schema) == expected
    assert repeated_value(text.replace(" cm", " km"), call, schema) is None  # another unit: no such value


def test_a_step_in_the_features_unit_after_a_relative_what_if():
    call = LastCall("explain_what_if", {"instance": 9102, "changes": {"mulch_cm": "+5"}}, None)
    assert stepped_amount("and 8 cm instead?", call) == ("mulch_cm", "+8", "8")


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "instance", "changes"),
    [
        (POND, "take 8002 with aerated water and 20 cm of silt", 8002, {"treatment": "aeration", "silt_cm": 20}),
        (
            ORCHARD,
            "take 9102 with irrigated rows and 10 cm of mulch",
            9102,
            {"water_source": "irrigation", "mulch_cm": 10},
        ),
        (POND, "would 8002 change if the silt were 10 cm shallower", 8002, {"silt_cm": "-10"}),
        (ORCHARD, "would 9102 change if the mulch were 5 cm deeper", 9102, {"mulch_cm": "+5"}),
    ],
)
def test_the_router_runs_these_what_ifs(router: RouterBackend, schema, text: str, instance: int, changes: dict):
    question, calls = route(router, text, schema)
    assert question == ""
    assert calls == [("explain_what_if", {"instance": instance, "changes": changes})]


TICKETS = HostSchema(
    name="support tickets",
    kind="text",
    instance_noun="ticket",
    class_names=["calm", "angry"],
    id_range=(1, 400),
    features=[FeatureSchema(name="text", type="text")],
)


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (REVIEWS, "what if review 12 said dull instead of gripping", {"gripping": "dull"}),
        (TICKETS, "and if ticket 30 read thanks rather than finally, is it still angry?", {"finally": "thanks"}),
    ],
)
def test_a_word_said_instead_of_another_is_an_edit(schema: HostSchema, text: str, expected: dict[str, str]):
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text"),
    [(LOAN, "What if she earned 20 grand more?"), (DEMO, "and if she earned 40 grand?")],
)
def test_an_amount_in_thousands_is_no_id(schema: HostSchema, text: str):
    assert extract_ids(text, schema) == []


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (INSURANCE, "what if member 5100 saw the doctor twice as often?", {"doctor_visits": "*2"}),
        (POND, "what if pond 8002 was shut 3 times as often", {"past_closures": "*3"}),
    ],
)
def test_a_word_of_the_feature_then_how_many_times_as_often(schema: HostSchema, text: str, expected: dict):
    assert extract_changes(text, schema) == expected


@pytest.mark.parametrize(
    ("schema", "text"), [(POND, "what if 8002 visited more"), (ORCHARD, "what if 9102 harvested more often")]
)
def test_the_instances_id_before_a_verb_of_the_feature_is_no_amount(schema: HostSchema, text: str):
    assert extract_changes(text, schema) is None  # how much more is asked; never a step of 8002 visits
