"""Round 28 (lead28), on an invented host of kiln-fired tiles in our own wording: ids written in dashed chunks or
said in hyphenated pairs, steps signed by a comparative of temperature or thickness, a step in percent that names
another feature than the percent column, bounds said before a feature's name or in a larger unit, and the dialogue
readings: a class alone after the global ranking, a group that answers the metric question, "how many <noun>s is
that", "gimme N of those" after a why-not.
"""

from __future__ import annotations

import pytest

from simxai._pending_answer import answered_arguments
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_group, extract_ids, extract_instance
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.state import PendingCall
from tests.backends.routing import after, route

TILES = HostSchema(
    name="kiln tiles",
    kind="tabular",
    instance_noun="tile",
    class_names=["glossy", "matte", "crazed"],
    features=[
        FeatureSchema(name="kiln_c", type="numeric", min=900, max=1300, aliases=["kiln"]),
        FeatureSchema(name="GlazeMm", type="numeric", min=0.2, max=3.0, aliases=["glaze"]),
        FeatureSchema(name="weight_g", type="numeric", min=50, max=2500, aliases=["weight"]),
        FeatureSchema(name="moisture_pct", type="numeric", min=2, max=40, aliases=["moisture"]),
        FeatureSchema(name="draft", type="numeric", min=0, max=20, aliases=["draft", "draught"]),
        FeatureSchema(name="CoolingHours", type="numeric", min=4, max=60),
        FeatureSchema(name="clay", type="categorical", categories=["red", "white", "stoneware"]),
    ],
    id_range=(387501, 387800),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what does it say for tile 387-642?", 387642),
        ("why is 387-615 glossy?", 387615),
        ("three-eighty-seven six-twelve, what's its call?", 387612),
        ("walk me through tile three-eighty-seven seven-forty-one", 387741),
    ],
)
def test_an_id_in_dashed_chunks_is_one_id(text: str, expected: int) -> None:
    assert extract_ids(text, TILES) == [expected]


def test_a_dash_between_two_ids_stays_a_range() -> None:
    assert extract_instance("predictions for tiles 387610-387620", TILES) == "id >= 387610 and id <= 387620"
    assert extract_ids("predictions for tiles 387610-387620", TILES) == []


def test_a_range_of_a_feature_is_no_dashed_id() -> None:
    wide = TILES.model_copy(update={"id_range": (1, 5000)})
    assert extract_ids("how does it do on tiles with a draft of 3-12?", wide) == []


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("tile 387650 with the kiln 40 degrees cooler?", {"kiln_c": "-40"}),
        ("what if the draft on 387650 were 3 knots calmer", {"draft": "-3"}),
        ("tile 387650 with a glaze 0.5 mm thinner?", {"GlazeMm": "-0.5"}),
        ("and a millimetre thinner glaze too, for 387650", {"GlazeMm": "-1"}),
        ("what if 387650 had a quarter less draft?", {"draft": "-25%"}),
        ("what if I made 387650 half again as heavy?", {"weight_g": "*1.5"}),
    ],
)
def test_steps_signed_by_a_comparative(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, TILES) == changes


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how does it do above 20 percent moisture?", "moisture_pct > 20"),
        ("accuracy on tiles over a kilo", "weight_g > 1000"),
        ("accuracy on tiles under 1.5 kg", "weight_g < 1500"),
        ("how does it do when the draft's over 8?", "draft > 8"),
        ("accuracy on the ones past 30 hours", "CoolingHours > 30"),
    ],
)
def test_a_bound_said_before_the_name_or_in_a_larger_unit(text: str, group: str) -> None:
    assert extract_group(text, TILES) == group


def test_a_class_alone_after_the_global_ranking_is_its_label(router: RouterBackend) -> None:
    question, calls = route(router, "and for crazed in particular?", TILES, after("get_global_explanation"))
    assert calls == [("get_global_explanation", {"label": "crazed"})], question


def test_a_group_answers_the_metric_question() -> None:
    pending = PendingCall(function="get_model_performance", arguments={}, missing="metric")
    answered = answered_arguments(pending, "above 20 percent moisture", TILES, default_registry())
    assert answered is not None
    assert answered.arguments == {"metric": "all", "group": "moisture_pct > 20"}
    assert answered_arguments(pending, "thanks, bye", TILES, default_registry()) is None


def test_how_many_is_that_keeps_the_group_in_focus(router: RouterBackend) -> None:
    history = after("get_model_performance", metric="precision", group="clay = stoneware")
    question, calls = route(router, "how many tiles is that, anyway?", TILES, history)
    # a selector unsure between the data and the metric asks (ask below 0.7 since the twenty-ninth round), the data
    # offered first, never the metric unasked
    asked_data_first = not calls and "describe the model's data" in question.split("(1)")[0]
    assert calls == [("get_data_information", {"group": "clay = stoneware"})] or asked_data_first, question


def test_gimme_n_of_those_after_a_why_not(router: RouterBackend) -> None:
    history = after("explain_why_not", instance=387620, expected_label="crazed")
    question, calls = route(router, "gimme three of those", TILES, history)
    assert calls == [
        ("explain_how_to_be_that", {"instance": 387620, "target_label": "crazed", "number_of_iterations": 3})
    ], question
