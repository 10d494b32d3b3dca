"""Round 42 (ux42), on two invented hosts in our own wording: a county fair's quilts (ribbon / no ribbon) and a
kombucha maker's jars (bottle / discard). Single-turn readings: "y 3010" asks why, "whatif" is "what if"; a
per-class metric asked of every class gives one call per class; a data question names the feature it asks beside
the feature that bounds its group; the class in "when it says X, how often is that right" and "that really need
X"; a step in per cent on a feature that is itself a small percentage is a step in points, and "had 3 % sugar" is
its value; "how does it go on <group>" is the model's performance there; the host's noun after a category is no
value of it; a category value that holds "and" can be written in a condition; a word two features' names share is
asked about.
"""

from __future__ import annotations

import pytest

from simxai._chat_spellings import spelled_out
from simxai.backends._router_unknown_value import unknown_category
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.instances import parse_condition
from tests.backends.routing import route

QUILTS = HostSchema(
    name="county fair quilts",
    kind="tabular",
    instance_noun="quilt",
    class_names=["ribbon", "no ribbon"],
    features=[
        FeatureSchema(name="layers", type="numeric", min=1, max=6),
        FeatureSchema(name="stitches_per_inch", type="numeric", min=4, max=14),
        FeatureSchema(name="pattern", type="categorical", categories=["log cabin", "black and white", "star"]),
        FeatureSchema(name="backing", type="categorical", categories=["red calico", "plain muslin"]),
        FeatureSchema(name="border_width_cm", type="numeric", min=0, max=30),
        FeatureSchema(name="BorderStyle", type="categorical", categories=["piped", "scalloped", "none"]),
        FeatureSchema(name="maker_age", type="numeric", min=12, max=95),
    ],
    id_range=(3001, 3300),
)
JARS = HostSchema(
    name="kombucha jars",
    kind="tabular",
    instance_noun="jar",
    class_names=["bottle", "discard"],
    features=[
        FeatureSchema(name="sugar (%)", type="numeric", min=2, max=12),
        FeatureSchema(name="ferment_days", type="numeric", min=3, max=30),
        FeatureSchema(name="acid_share", type="numeric", min=0, max=5, description="acetic acid, in per cent"),
        FeatureSchema(name="tea", type="categorical", categories=["black leaf", "green leaf"], aliases=["leaf"]),
        FeatureSchema(name="headspace_pct", type="numeric", min=0, max=100),
    ],
    id_range=(501, 900),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- chat spellings --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "written"), [("y 3010", "why 3010"), ("y quilt 3010?", "why quilt 3010?")])
def test_y_before_an_id_alone_is_why(text: str, written: str) -> None:
    assert spelled_out(text, QUILTS) == written


@pytest.mark.parametrize("text", ["y", "y 3010 and 3011 please"])
def test_y_with_no_id_or_more_after_it_stays(text: str) -> None:
    assert spelled_out(text, QUILTS) == text


def test_whatif_is_two_words(router: RouterBackend) -> None:
    assert spelled_out("whatif 3010 layers 4", QUILTS) == "what if 3010 layers 4"
    question, called = route(router, "whatif 3010 layers 4", QUILTS)
    assert question == "" and called == [("explain_what_if", {"instance": 3010, "changes": {"layers": 4}})]


def test_y_and_an_id_asks_for_the_explanation(router: RouterBackend) -> None:
    assert route(router, "y 3010", QUILTS) == ("", [("get_local_explanation", {"instance": 3010})])


# --- a per-class metric of every class -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "metric"),
    [("precision for each label", "precision"), ("per class recall", "recall"), ("the f1 of every class?", "f1")],
)
def test_a_per_class_metric_of_every_class_gives_one_call_per_class(
    router: RouterBackend, text: str, metric: str
) -> None:
    question, called = route(router, text, QUILTS)
    assert question == ""
    assert called == [
        ("get_model_performance", {"metric": metric, "label": "ribbon"}),
        ("get_model_performance", {"metric": metric, "label": "no ribbon"}),
    ]


def test_accuracy_for_each_class_stays_one_call(router: RouterBackend) -> None:
    question, called = route(router, "the accuracy for each class", QUILTS)
    assert question == "" and called == [("get_model_performance", {"metric": "accuracy"})]


# --- the feature a data question asks beside its group ---------------------------------------------------------------


def test_the_feature_asked_beside_the_one_that_bounds_the_group(router: RouterBackend) -> None:
    text = "For the thick quilts, over 4 layers, what was the typical stitches per inch?"
    question, called = route(router, text, QUILTS)
    assert question == ""
    assert called == [("get_data_information", {"feature": "stitches_per_inch", "group": "layers > 4"})]


def test_the_bounding_feature_asked_of_its_own_group_stays(router: RouterBackend) -> None:
    question, called = route(router, "average layers of quilts with more than 4 layers", QUILTS)
    assert question == "" and called == [("get_data_information", {"feature": "layers", "group": "layers > 4"})]


# --- the class a metric is asked for, and recall by "catching" -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["when it says discard how often is that right", "does it miss jars that really need discarding"],
)
def test_the_class_said_with_the_metric(text: str) -> None:
    assert extract_argument("label", text, JARS, "get_model_performance") == "discard"


# --- a step in per cent on a percentage feature ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if jar 512 had 2 % more sugar", {"sugar (%)": "+2"}),
        ("jar 512 with its sugar half a percent lower", {"sugar (%)": "-0.5"}),
        ("what if jar 512 had 1 percent less acid share", {"acid_share": "-1"}),
        ("what if jar 512 had 10% more ferment days", {"ferment_days": "+10%"}),
        ("what if jar 512 had its sugar halved", {"sugar (%)": "-50%"}),
        ("what if jar 512 had 3% sugar and 20 ferment days", {"sugar (%)": 3, "ferment_days": 20}),
        ("jar 512 with 6 percent sugar", {"sugar (%)": 6}),
        ("what if jar 512 had 20 % more headspace", {"headspace_pct": "+20%"}),  # a wide share: either, relative kept
    ],
)
def test_a_percent_step_on_a_percentage_feature_is_in_points(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, JARS) == changes


# --- how the model does on a group -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how does it go on log cabin quilts?", "pattern = log cabin"),
        ("how's it do for the star pattern?", "pattern = star"),
    ],
)
def test_how_it_goes_on_a_group_is_its_performance(router: RouterBackend, text: str, group: str) -> None:
    question, called = route(router, text, QUILTS)
    assert question == "" and called == [("get_model_performance", {"group": group, "metric": "all"})]


def test_how_it_goes_on_one_quilt_is_no_performance(router: RouterBackend) -> None:
    _, called = route(router, "how does it go on quilt 3012?", QUILTS)
    assert [name for name, _ in called] != ["get_model_performance"]


# --- categories: the host's noun after one, and "and" inside one -----------------------------------------------------


def test_the_hosts_noun_after_a_category_is_no_value() -> None:
    assert unknown_category("accuracy for black leaf jars", JARS) is None
    assert unknown_category("accuracy for leaf jars", JARS) is None
    assert "There is no tea 'white'" in str(unknown_category("accuracy for tea = white", JARS))


@pytest.mark.parametrize(
    ("condition", "clauses"),
    [
        ("pattern = black and white", ["pattern = black and white"]),
        ("layers > 3 and pattern = black and white", ["layers > 3", "pattern = black and white"]),
        ("pattern = black and white and layers > 3", ["pattern = black and white", "layers > 3"]),
        ("pattern = star and layers > 3", ["pattern = star", "layers > 3"]),
    ],
)
def test_a_category_holding_and_is_one_clause(condition: str, clauses: list[str]) -> None:
    assert [c.text() for c in parse_condition(condition, QUILTS)] == clauses


# --- a word two features share ---------------------------------------------------------------------------------------


def test_a_word_two_features_share_is_asked_about(router: RouterBackend) -> None:
    question, called = route(router, "what is the distribution of border?", QUILTS)
    assert question == "Which border do you mean: border_width_cm or BorderStyle?" and called == []


@pytest.mark.parametrize(
    ("text", "call"),
    [
        (
            "what if quilt 3010 had a scalloped border?",
            ("explain_what_if", {"instance": 3010, "changes": {"BorderStyle": "scalloped"}}),
        ),
        ("what is the average border width?", ("get_data_information", {"feature": "border_width_cm"})),
    ],
)
def test_a_shared_word_with_a_value_or_the_full_name_is_read(
    router: RouterBackend, text: str, call: tuple[str, dict[str, object]]
) -> None:
    assert route(router, text, QUILTS) == ("", [call])
