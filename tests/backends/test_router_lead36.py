"""Round 36 (lead36), on an invented allotment society's plots (flourishing / patchy / neglected) and an ice rink's
skate sharpenings, in our own wording: a pointer to the record next to the one in focus ("and the next one",
"the one before that", a bare "next") is that record's id; a class named in a robustness question is the class kept
("how firm is the patchy verdict", "before it stops being flourishing"), and a class said as a person or thing
that has it ("a sharpener" for sharpen) or with a doubled consonant ("skipped" for skip_...) is that class.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_neighbour import neighbour_pointer, with_neighbour_named
from simxai.backends.router import RouterBackend
from simxai.extraction import class_name_pattern, extract_argument, extract_changes, extract_ids, extract_instance
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, route

PLOTS = HostSchema(
    name="allotment plots",
    kind="tabular",
    instance_noun="plot",
    class_names=["flourishing", "patchy", "neglected"],
    features=[
        FeatureSchema(name="weekly visits", type="numeric", min=0, max=14, aliases=["visits"]),
        FeatureSchema(name="water butts", type="numeric", min=0, max=4, aliases=["butts"]),
        FeatureSchema(name="plot size (m2)", type="numeric", min=50, max=250, aliases=["plot size", "size"]),
        FeatureSchema(name="tenant_years", type="numeric", min=0, max=30, aliases=["tenure"]),
        FeatureSchema(name="soil", type="categorical", categories=["clay", "loam", "sand"]),
    ],
    id_range=(133701, 133900),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a pointer to the neighbouring record ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("and the next one?", 1),
        ("next plot please", 1),
        ("the plot right after that", 1),
        ("ok next", 1),
        ("and the previous one", -1),
        ("what about the one just before it", -1),
    ],
)
def test_a_pointer_to_a_neighbour_is_read_with_its_direction(text: str, step: int) -> None:
    pointer = neighbour_pointer(text, PLOTS)
    assert pointer is not None and pointer[1] == step


@pytest.mark.parametrize(
    "text", ["what happens next?", "is the plot next to the shed flourishing", "next time tell me the probability"]
)
def test_next_that_points_at_no_record_is_no_pointer(text: str) -> None:
    assert neighbour_pointer(text, PLOTS) is None


def test_the_next_one_is_the_id_after_the_one_in_focus(router: RouterBackend) -> None:
    history = after("get_prediction", "what does it say for plot 133750", instance=133750)
    assert route(router, "and the next one?", PLOTS, history) == ("", [("get_prediction", {"instance": 133751})])
    assert route(router, "ok next", PLOTS, history) == ("", [("get_prediction", {"instance": 133751})])


def test_the_one_before_that_keeps_the_question_asked(router: RouterBackend) -> None:
    history = after("get_local_explanation", "why plot 133750", instance=133750)
    assert route(router, "and the one before that?", PLOTS, history) == (
        "",
        [("get_local_explanation", {"instance": 133749})],
    )


def test_the_same_change_for_the_next_record_keeps_the_change(router: RouterBackend) -> None:
    history = after(
        "explain_what_if", "plot 133760 with 2 more water butts", instance=133760, changes={"water butts": "+2"}
    )
    assert route(router, "same for the next plot", PLOTS, history) == (
        "",
        [("explain_what_if", {"instance": 133761, "changes": {"water butts": "+2"}})],
    )


def test_no_neighbour_past_the_end_of_the_ids_or_beside_a_group() -> None:
    last = after("get_prediction", "plot 133900?", instance=133900)
    assert with_neighbour_named("and the next one", last, PLOTS) == "and the next one"
    group = after("get_prediction", "clay plots?", instance="soil = clay")
    assert with_neighbour_named("and the next one", group, PLOTS) == "and the next one"
    middle = after("get_prediction", "plot 133800?", instance=133800)
    assert with_neighbour_named("and the next one, plot 133805", middle, PLOTS) == "and the next one, plot 133805"
    assert with_neighbour_named("and the next one", middle, PLOTS) == "and plot 133801"


def test_a_pointer_anchored_on_a_said_id_names_that_ids_neighbour(router: RouterBackend) -> None:
    # a new user's own model: "and the one before 502?" after a question about 502 re-ran 502 (lead, round 36)
    history = after("explain_how_to_be_that", "what makes plot 133760 flourishing", instance=133760)
    assert with_neighbour_named("and the one before 133760?", history, PLOTS) == "and plot 133759?"
    assert with_neighbour_named("the plot right after plot #133760", history, PLOTS) == "plot 133761"
    assert with_neighbour_named("and the one after 133900?", history, PLOTS) == "and the one after 133900?"
    assert with_neighbour_named("the one before 99?", history, PLOTS) == "the one before 99?"
    prediction = after("get_prediction", "what does it say for plot 133750", instance=133750)
    assert route(router, "and the one after 133770?", PLOTS, prediction) == (
        "",
        [("get_prediction", {"instance": 133771})],
    )


# --- a class named in a robustness question is the class kept -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("how firm is the patchy verdict on plot 133720", "patchy"),
        ("how far could its weekly visits fall before plot 133720 stops being flourishing", "flourishing"),
        ("how much smaller could 133720 get before it isn't neglected any more", "neglected"),
        ("what keeps plot 133720 patchy", "patchy"),
    ],
)
def test_the_class_named_in_a_robustness_question_is_kept(text: str, kept: str) -> None:
    assert extract_argument("kept_label", text, PLOTS) == kept


@pytest.mark.parametrize(
    "text",
    [
        "how far can its water butts fall before plot 133720 turns patchy",  # where it would go: not kept
        "how robust is plot 133720",  # no class named: the prediction is kept
        "is plot 133720 more flourishing than patchy, and how robust is that",  # two classes: not ours to pick
    ],
)
def test_no_class_kept_when_the_class_is_reached_or_not_one(text: str) -> None:
    assert extract_argument("kept_label", text, PLOTS) is None


def test_the_router_keeps_the_class_of_the_verdict_asked_about(router: RouterBackend) -> None:
    expected = ("", [("explain_how_to_still_be_this", {"instance": 133720, "kept_label": "patchy"})])
    assert route(router, "how robust is the patchy call on plot 133720", PLOTS) == expected
    assert route(router, "how much could plot 133720 change before it stops being patchy", PLOTS) == expected


# --- a class said as one who has it, or with its consonant doubled -------------------------------------------------

SKATES = HostSchema(
    name="rink skate sharpenings",
    kind="tabular",
    instance_noun="skate",
    class_names=["keep", "regrind", "scrap"],
    features=[
        FeatureSchema(name="edge depth (mm)", type="numeric", min=0.2, max=2.0, aliases=["edge depth"]),
        FeatureSchema(name="hours skated", type="numeric", min=0, max=300, aliases=["hours"]),
        FeatureSchema(name="blade_steel", type="categorical", categories=["carbon", "stainless"]),
    ],
    id_range=(133901, 134000),
)
QUITS = HostSchema(
    name="rink season passes",
    kind="tabular",
    instance_noun="pass",
    class_names=["stays", "quits"],
    features=[FeatureSchema(name="sessions", type="numeric", min=0, max=60)],
    id_range=(133901, 134000),
)


@pytest.mark.parametrize(
    ("text", "schema", "target"),
    [
        ("what would make skate 133950 a keeper instead", SKATES, "keep"),
        ("what turns pass 133950 into a quitter", QUITS, "quits"),
        ("two ways to stop pass 133950 quitting", QUITS, "stays"),  # what is stopped is left: the other class
    ],
)
def test_a_class_said_as_one_who_has_it_or_as_a_stopped_verb(text: str, schema: HostSchema, target: str) -> None:
    assert extract_argument("target_label", text, schema) == target


def test_a_doubled_consonant_before_ed_or_ing_is_the_class_word() -> None:
    pattern = class_name_pattern("strip_early")
    assert pattern.search("why did it get stripped early") and pattern.search("stripping early, overall")


# --- a bare confidence question right after a what-if ----------------------------------------------------------------


def test_how_sure_right_after_a_what_if_is_the_what_if_again(router: RouterBackend) -> None:
    changes = {"weekly visits": "+3"}
    history = after("explain_what_if", "plot 133730 with 3 more visits a week", instance=133730, changes=changes)
    expected = ("", [("explain_what_if", {"instance": 133730, "changes": changes})])
    assert route(router, "how confident is it about that?", PLOTS, history) == expected
    shown = after("get_prediction", "plot 133730?", instance=133730)
    assert route(router, "how confident is it about that?", PLOTS, shown) == (
        "",
        [("get_prediction", {"instance": 133730})],
    )


# --- a category said in the plural after a group; a True/False column denied by a verb of not doing -----------------

HIKERS = HostSchema(
    name="guided hill walks",
    kind="tabular",
    instance_noun="walker",
    class_names=["summits", "turns_back"],
    features=[
        FeatureSchema(name="ticket", type="categorical", categories=["junior", "adult", "senior"]),
        FeatureSchema(name="attended_safety_talk", type="categorical", categories=["False", "True"]),
        FeatureSchema(name="Age", type="numeric", min=16, max=70),
    ],
    id_range=(133801, 133900),
)


@pytest.mark.parametrize(
    ("text", "group"), [("and adults?", "ticket = adult"), ("and the seniors?", "ticket = senior")]
)
def test_another_category_said_in_the_plural_moves_the_group(router: RouterBackend, text: str, group: str) -> None:
    history = after("get_model_performance", "accuracy on junior tickets", metric="accuracy", group="ticket = junior")
    assert route(router, text, HIKERS, history) == (
        "",
        [("get_model_performance", {"metric": "accuracy", "group": group})],
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("accuracy on walkers who skipped the safety talk", "False"),
        ("accuracy on walkers who never attended the safety talk", "False"),
        ("accuracy on walkers who did not attend the talk", "False"),
        ("accuracy on walkers who attended the safety talk", "True"),
    ],
)
def test_a_true_false_column_denied_by_a_verb_of_not_doing(text: str, value: str) -> None:
    assert extract_argument("group", text, HIKERS) == f"attended_safety_talk = {value}"


def test_a_what_if_that_skips_the_event_sets_it_false() -> None:
    assert extract_changes("what if walker 133850 had missed the safety talk", HIKERS) == {
        "attended_safety_talk": "False"
    }


# --- a host's id of four digits or more is no count, rank or age ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what turns 133720 into a flourishing plot",
        "133720 feature by feature please",
        "top features for 133720",
    ],
)
def test_a_long_id_beside_a_count_or_age_word_is_the_id(text: str) -> None:
    assert extract_instance(text, PLOTS) == 133720


def test_small_counts_beside_the_same_words_stay_counts() -> None:
    assert extract_ids("give me 3 ways to change plot 133720", PLOTS) == [133720]
    assert extract_ids("top 3 features", PLOTS) == []
