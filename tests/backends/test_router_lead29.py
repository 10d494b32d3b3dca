"""Round 29 (lead29), on an invented host of Provençal bakery mornings in our own wording: place names written with
their accents where the host writes them plain, a real word that is an inflection of a host word kept as written
("rained" beside a column `raining_at_dawn`, never "trained"), an alias made of the host's noun and a modifier whose
noun alone names no feature, an id followed by " - " and a count, and an answer to "which feature should be lower?"
that is only an approximate value with a unit ("like 3 km").
"""

from __future__ import annotations

import pytest

from simxai._pending_answer import answered_arguments
from simxai._self_repair import self_corrected
from simxai.backends.router import RouterBackend
from simxai.extraction import approximate_value_answer, extract_changes, extract_count, extract_group, extract_ids
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize
from simxai.state import PendingCall, StepQuestion
from tests.backends.routing import after, route

BAKERY = HostSchema(
    name="bakery mornings",
    kind="tabular",
    instance_noun="morning",
    class_names=["sold_out", "left_over"],
    features=[
        FeatureSchema(name="village", type="categorical", categories=["etang", "cote", "vallee"], aliases=["village"]),
        FeatureSchema(
            name="raining_at_dawn", type="categorical", categories=["False", "True"], aliases=["wet morning"]
        ),
        FeatureSchema(name="loaves", type="numeric", min=20, max=400, aliases=["loaves"]),
        FeatureSchema(name="OvenStart", type="numeric", min=3, max=7, aliases=["oven start"]),
    ],
    id_range=(70001, 70300),
)


def test_accented_letters_meet_a_host_that_writes_them_plain() -> None:
    assert (
        normalize("how does it do in the vallée and on the côte?", BAKERY)
        == "how does it do in the vallee and on the cote?"
    )
    assert extract_group("precision for the mornings at étang", BAKERY) == "village = etang"


def test_a_host_that_writes_its_accents_keeps_them() -> None:
    accented = BAKERY.model_copy(
        update={
            "features": [
                FeatureSchema(name="village", type="categorical", categories=["étang", "côte"], aliases=["village"])
            ]
        }
    )
    assert (
        normalize("recall on the côte mornings, and for cote", accented) == "recall on the côte mornings, and for cote"
    )


def test_letters_that_are_no_accented_ascii_letter_stay() -> None:
    assert normalize("ovens at 5°C, the Straße stall, €3 a loaf", BAKERY) == "ovens at 5°C, the Straße stall, €3 a loaf"


def test_an_inflection_of_a_host_word_is_no_typo() -> None:
    assert normalize("what if it rained at dawn on 70012?", BAKERY) == "what if it rained at dawn on 70012?"
    assert normalize("does it care whether it rains?", BAKERY) == "does it care whether it rains?"
    # a real typo of the lexicon is still corrected
    assert normalize("how was the model trainde?", BAKERY) == "how was the model trained?"


def test_the_hosts_noun_with_a_modifier_names_its_feature_only_whole() -> None:
    assert extract_group("confusion matrix over all the mornings", BAKERY) is None
    assert extract_group("accuracy on wet mornings", BAKERY) == "raining_at_dawn = True"


def test_an_id_then_a_dash_and_a_count() -> None:
    assert extract_ids("counterfactuals for 70042 - three of them", BAKERY) == [70042]
    assert extract_count("counterfactuals for 70042 - three of them") == 3
    assert extract_ids("mornings 70042 - 70050", BAKERY) == []


def test_an_approximate_value_with_a_unit_answers_which_feature() -> None:
    hours = BAKERY.model_copy(
        update={
            "features": [
                *BAKERY.features,
                FeatureSchema(name="walk_km", type="numeric", min=0.5, max=12),
                FeatureSchema(name="flour_eur", type="numeric", min=100, max=900),
            ]
        }
    )
    assert approximate_value_answer("about 4 km", hours) == {"walk_km": 4.0}
    assert approximate_value_answer("something like €350 a week", hours) == {"flour_eur": 350.0}
    assert approximate_value_answer("by 4 km", hours) is None  # a step, for the step readers
    assert approximate_value_answer("about 4 miles", hours) is None  # no feature carries the unit
    assert approximate_value_answer("about 4", hours) is None  # no unit: which feature is not said


def test_the_answer_completes_the_pending_what_if() -> None:
    schema = BAKERY.model_copy(
        update={"features": [*BAKERY.features, FeatureSchema(name="walk_km", type="numeric", min=0.5, max=12)]}
    )
    pending = PendingCall(
        function="explain_what_if",
        arguments={"instance": 70020},
        missing="changes",
        step=StepQuestion(feature=None, sign="-"),
    )
    answered = answered_arguments(pending, "like 3 km", schema, default_registry())
    assert answered is not None
    assert answered.arguments["changes"] == {"walk_km": 3.0}


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize("text", ["nope, 45 i meant", "sorry - 45 i meant", "no, 45, i mean"])
def test_a_correction_may_say_i_meant_after_the_number(router: RouterBackend, text: str) -> None:
    history = after("explain_what_if", "and if it baked 60 loaves?", instance=70020, changes={"loaves": 60})
    assert route(router, text, BAKERY, history) == (
        "",
        [("explain_what_if", {"instance": 70020, "changes": {"loaves": 45}})],
    )


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if 70020 had 200 loaves, no wait, 240", {"loaves": 240}),
        ("70020 with 10% more loaves - sorry, make it 15% more", {"loaves": "+15%"}),
        ("what if on 70020 they baked 30 loaves fewer, sorry, 20 loaves fewer", {"loaves": "-20"}),
        # no number after the correction word: nothing is corrected
        ("what if 70020 had 200 loaves, no wait, what about the oven start?", {"loaves": 200}),
    ],
)
def test_a_what_if_that_corrects_its_own_value(text: str, changes: dict[str, object]) -> None:
    assert extract_changes(text, BAKERY) == changes


def test_a_step_said_again_keeps_the_feature_said_once() -> None:
    assert self_corrected("70020 with 10% more loaves, no wait, make it 15% more") == "70020 with 15% more loaves"
    assert self_corrected("with 200 loaves, sorry, 240 loaves") == "with 240 loaves"


PRICED = BAKERY.model_copy(
    update={
        "features": [
            *BAKERY.features,
            FeatureSchema(name="LoafPrice", type="numeric", min=1, max=6, aliases=["loaf price", "price"]),
        ]
    }
)


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if 70020 had the loaf price a euro cheaper", {"LoafPrice": "-1"}),
        ("70020 with the price 2 euros dearer", {"LoafPrice": "+2"}),
        ("70020 with a quarter off the price", {"LoafPrice": "-25%"}),
    ],
)
def test_money_comparatives_and_a_share_off(text: str, changes: dict[str, object]) -> None:
    assert extract_changes(text, PRICED) == changes
