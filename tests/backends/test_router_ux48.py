"""Round 48 (ux48), on an invented host in our own wording: a bee club's hives (a count of missing frames, mites, a
lid gap in millimetres, a lease with a term and an amount, three apiaries named in two words each). Single-turn
readings only: a what-if's number tied to its feature as a measure, in a terse turn or after a verb that says the
rest of the name; "to" with an article or a hedge before the value; a sign glued to a step; a supposition that opens
with "were" before the id; a turn that opens by asking why is no request for a verdict; a category of several words
said whole is the group; a quality no part of the host holds, in a count or a metric question, is asked about; a
multiplier of a word two features share scales the one that is a quantity; "how accurately" asks for accuracy.
"""

from __future__ import annotations

import pytest

from simxai._sure_change import sure_change
from simxai._unsure_change import unsure_change
from simxai.backends._router_masking import mask
from simxai.backends._router_scaled_word import scaled_shared_word
from simxai.backends._router_unnamed_group import unread_quality
from simxai.backends._router_unsure import ruled_out
from simxai.backends._router_whole_category import whole_category
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_ids, extract_metric
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import ToolCall
from tests.backends.routing import route

HIVES = HostSchema(
    name="bee club hives",
    kind="tabular",
    instance_noun="hive",
    class_names=["thrive", "weak"],
    features=[
        FeatureSchema(name="frames_missing", type="numeric", min=0, max=10, aliases=["missing frames"]),
        FeatureSchema(name="mite count", type="numeric", min=0, max=50, aliases=["mites"]),
        FeatureSchema(name="lid gap (mm)", type="numeric", min=0, max=9, aliases=["lid gap"]),
        FeatureSchema(name="lease_term", type="numeric", min=6, max=60),
        FeatureSchema(name="lease_amount", type="numeric", min=100, max=5000),
        FeatureSchema(name="apiary", type="categorical", categories=["north meadow", "old orchard", "roof garden"]),
    ],
    id_range=(52001, 52400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a what-if's number tied to its feature, run without a question -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("52010 0 mites", {"mite count": 0}),  # a terse turn: the id, the number, the feature
        ("suppose 52010 were missing only 3 frames", {"frames_missing": 3}),  # the verb says the rest of the name
        ("what if hive 52010 took a 36 month term", {"lease_term": 36}),  # a unit of time between: a measure
        ("if 52010 had its lid gap closed up to a 2", {"lid gap (mm)": 2}),  # "to a 2": where the move ends
        ("what if 52010's mites were cut to like 4", {"mite count": 4}),
        ("52010 +5 mites", {"mite count": "+5"}),  # the sign glued to the number is the step's direction
    ],
)
def test_a_number_tied_to_its_feature_is_run(text: str, change: dict[str, object]) -> None:
    assert sure_change(text, HIVES) == change


def test_a_count_moved_by_a_verb_of_its_own_is_still_asked() -> None:
    # the frames turning up lower the count by two; they do not set it to two
    assert sure_change("what if the 2 missing frames turned up for 52010", HIVES) is None


def test_up_to_a_value_is_no_step() -> None:
    assert unsure_change("if 52010 had its lid gap closed up to a 2", "lid gap (mm)", HIVES) == 2
    assert unsure_change("if 52010 had its lid gap up by 2", "lid gap (mm)", HIVES) == "+2"


def test_a_supposition_that_opens_with_were_names_the_id() -> None:
    assert extract_ids("Were 52010 to lose 3 frames, would it still thrive?", HIVES) == [52010]
    assert extract_ids("what if its mite count were 30", HIVES) == []


# --- a turn that opens by asking why wants the reasons ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["why model say weak for 52010? the lid is fine, I looked", "reason it call 52010 weak?"]
)
def test_a_turn_that_opens_with_why_is_no_request_for_the_verdict(text: str) -> None:
    candidates = {"get_prediction", "get_local_explanation"}
    assert "get_prediction" in ruled_out(text, mask(text, HIVES), HIVES, candidates)


def test_a_verdict_asked_keeps_the_prediction() -> None:
    text = "what does the model say for 52010, weak or not?"
    candidates = {"get_prediction", "get_local_explanation"}
    assert "get_prediction" not in ruled_out(text, mask(text, HIVES), HIVES, candidates)


# --- a category of several words said whole is the group ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("typical mite count at the old orchard", "get_data_information"),
        ("average mites roof garden", "get_data_information"),
    ],
)
def test_a_category_said_whole_is_the_group(router: RouterBackend, text: str, call: str) -> None:
    asked, made = route(router, text, HIVES)
    assert not asked
    assert [name for name, _ in made] == [call]
    assert made[0][1]["group"] in ("apiary = old orchard", "apiary = roof garden")


def test_a_category_said_whole_needs_one_and_no_id() -> None:
    assert whole_category("how accurately does it rate the north meadow", HIVES) == "apiary = north meadow"
    assert whole_category("mites at the north meadow and the old orchard", HIVES) is None
    assert whole_category("mites of hive 52010 at the north meadow", HIVES) is None
    assert whole_category("the spread of apiary across the north meadow", HIVES, "apiary") is None


def test_how_accurately_asks_for_accuracy() -> None:
    assert extract_metric("how accurately does it rate the old orchard hives?") == "accuracy"


# --- a quality no part of the host holds, in a count or a metric question -------------------------------------------


@pytest.mark.parametrize(
    "text", ["how many of the grumpy ones does it call weak", "the really noisy hives - how does it do on them"]
)
def test_a_quality_the_host_lacks_is_asked_about(router: RouterBackend, text: str) -> None:
    asked, made = route(router, text, HIVES)
    assert made == []
    assert asked.startswith("Which ") and "No feature of the hives" in asked


def test_a_condition_read_keeps_its_own_checks() -> None:
    calls = [ToolCall(id="c", name="get_model_performance", arguments={"group": "mite count > 20"})]
    assert unread_quality("how does it do on the grumpy hives with over 20 mites", calls, HIVES) is None
    counted = [ToolCall(id="c", name="get_prediction", arguments={"instance": "prediction = weak"})]
    assert unread_quality("how many of the grumpy ones does it call weak", counted, HIVES) == "grumpy ones"
    assert unread_quality("how many of the other ones does it call weak", counted, HIVES) is None


# --- a multiplier of a word two features share ----------------------------------------------------------------------


def test_a_multiplier_of_a_shared_word_scales_the_quantity(router: RouterBackend) -> None:
    asked, made = route(router, "what if hive 52010 had double the lease", HIVES)
    assert (asked, made) == ("", [("explain_what_if", {"instance": 52010, "changes": {"lease_amount": "*2"}})])
    assert scaled_shared_word("hive 52010 on half the lease", HIVES) == "hive 52010 on half the lease_amount"


def test_a_shared_word_without_a_multiplier_is_not_rewritten() -> None:
    assert scaled_shared_word("what if hive 52010 had a longer lease", HIVES) is None
    assert scaled_shared_word("what if hive 52010 had double the lease term", HIVES) is None


# --- found reading w82-w83: reasons, words of the data scored on, a breakdown word heading a group, a passive count,
# --- the inputs ranked for a class, a class tipped to -----------------------------------------------------------------

DINGHIES = HostSchema(
    name="sailing club dinghies",
    kind="tabular",
    instance_noun="dinghy",
    class_names=["sail", "repair"],
    features=[
        FeatureSchema(name="hull age (months)", type="numeric", min=1, max=120, aliases=["hull age"]),
        FeatureSchema(name="leaks", type="numeric", min=0, max=9),
        FeatureSchema(name="sail_patches", type="numeric", min=0, max=12, aliases=["patches"]),
        FeatureSchema(name="quay", type="categorical", categories=["east quay", "west quay"]),
    ],
    id_range=(8801, 9200),
)


def test_words_of_ranking_before_factors_are_no_attribute(router: RouterBackend) -> None:
    asked, made = route(router, "what were the decisive factors for 8810's result?", DINGHIES)
    assert asked == ""
    assert made == [("get_local_explanation", {"instance": 8810})]


def test_words_of_the_data_scored_on_pick_no_subset() -> None:
    from simxai.backends._router_unheld_subset import unheld_subset

    calls = [ToolCall(id="c", name="get_model_performance", arguments={"metric": "recall"})]
    assert unheld_subset("what is its recall on the held-out hulls?", calls, DINGHIES) is None
    assert unheld_subset("what is its recall on the racing hulls?", calls, DINGHIES) is not None


def test_a_breakdown_word_that_heads_a_bounded_group_is_no_breakdown() -> None:
    from simxai.backends._router_unknown import unknown_breakdown

    assert unknown_breakdown("mean leaks across the hulls older than 40 months", DINGHIES) is None
    assert unknown_breakdown("mean leaks across the hulls with over 3 patches", DINGHIES) is None
    assert "'skipper'" in (unknown_breakdown("can you show the scores by skipper?", DINGHIES) or "")


@pytest.mark.parametrize(
    "text",
    [
        "how many dinghies at the east quay get sent to repair by it",
        "how many dinghies with over 3 leaks are sent for repair by the model",
    ],
)
def test_a_count_with_the_model_as_the_agent_is_its_predictions(router: RouterBackend, text: str) -> None:
    from simxai.backends._router_arguments import counts_predictions

    assert counts_predictions(text, DINGHIES)


def test_the_model_as_no_agent_counts_the_records() -> None:
    from simxai.backends._router_arguments import counts_predictions

    assert not counts_predictions("how many dinghies at the east quay were repaired by the club", DINGHIES)


def test_the_inputs_ranked_for_one_class_are_its_global_explanation(router: RouterBackend) -> None:
    assert route(router, "which features drive repair", DINGHIES) == (
        "",
        [("get_global_explanation", {"label": "repair"})],
    )


@pytest.mark.parametrize(
    "text",
    [
        "how safe is 8830's spot - what could change before it tips into repair?",
        "what can 8830 change without flipping over to repair",
    ],
)
def test_a_class_tipped_to_leaves_the_other_one_kept(text: str) -> None:
    from simxai.backends._router_tipped import kept_by_tipping

    assert kept_by_tipping(text, DINGHIES) == "sail"


def test_a_class_tipped_to_with_three_classes_keeps_nothing_named() -> None:
    from simxai.backends._router_tipped import kept_by_tipping

    three = DINGHIES.model_copy(update={"class_names": ["sail", "repair", "retire"]})
    assert kept_by_tipping("what could change before 8830 tips into repair?", three) is None
    assert kept_by_tipping("could 8830 stay sail without tipping into repair?", DINGHIES) is None


def test_a_thing_the_host_lacks_said_important_is_asked_about(router: RouterBackend) -> None:
    asked, made = route(router, "is the colour of the sail cloth important", DINGHIES)
    assert made == [] and "'colour of the sail cloth'" in asked
    asked, made = route(router, "is the hull age important", DINGHIES)
    assert asked == "" and made and made[0][0] == "get_global_explanation"
