"""Arguments a turn states that were asked for again or dropped (ask18): how many counterfactuals by another noun,
an error rate in everyday words, a class said as background, a count in a list of changes, a yes/no feature denied in
words, a bound said aside after the feature, and a scenario built up change by change.

Each reading is checked on the demo host and on invented hosts built here (a bakery's loaves, ids 88001-88300, and
its bakers, ids 61001-61200); the phrasings are our own.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai import Agent, Host, Turn
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes, extract_metric
from simxai.followup import continues_added_changes
from simxai.hosts.base import FeatureSchema, HostSchema

LOAVES = HostSchema(
    name="bakery loaves",
    kind="tabular",
    instance_noun="loaf",
    class_names=["sold", "wasted"],
    features=[
        FeatureSchema(name="proof_minutes", type="numeric", min=30, max=180, aliases=["proofing time"]),
        FeatureSchema(name="cracks_per_loaf", type="numeric", min=0, max=12, aliases=["cracks"]),
        FeatureSchema(name="oven_temp_c", type="numeric", min=180, max=260, aliases=["oven temperature"]),
        FeatureSchema(name="flour", type="categorical", categories=["white", "rye", "spelt"]),
        FeatureSchema(name="shelf", type="categorical", categories=["window", "counter", "back"]),
    ],
    id_range=(88001, 88300),
)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("what could loaf 88012 change to sell? give me 2 ideas", 2),
        ("list four sets of changes that would get 88040 sold", 4),
        ("any plans to rescue 88101? three is plenty", 3),
        ("patient 30: some fixes to make it stable? 2 would be fine", 2),
        ("show me 3 combinations of tweaks for patient 12", 3),
    ],
)
def test_how_many_by_another_noun(text: str, count: int, demo_host: Host) -> None:
    """The results counted as ideas, plans, fixes or sets of changes, or a count said after a question mark."""
    schema = demo_host.schema() if "patient" in text else LOAVES
    assert extract_argument("number_of_iterations", text, schema, "explain_how_to_be_that") == count


@pytest.mark.parametrize("text", ["patient 3 sets the pace", "loaf 88003 plans"])
def test_a_count_noun_needs_its_count(text: str, demo_host: Host) -> None:
    """An id before "sets" or "plans" is no count: no noun of results follows a number alone."""
    schema = demo_host.schema() if "patient" in text else LOAVES
    assert extract_argument("number_of_iterations", text, schema, "explain_how_to_be_that") is None


@pytest.mark.parametrize(
    "text",
    [
        "what fraction of the loaves does it mess up?",
        "out of a hundred patients, how many would it get wrong?",
        "what share of the patients does it misclassify",
        "has it ever got it wrong for rye loaves?",
    ],
)
def test_an_error_rate_in_everyday_words_is_accuracy(text: str) -> None:
    assert extract_metric(text) == "accuracy"


def test_a_count_of_mistakes_stays_the_confusion_matrix() -> None:
    assert extract_metric("how many mistakes does it make on rye loaves?") == "confusion_matrix"


@pytest.mark.parametrize(
    ("text", "schema_name", "label"),
    [
        ("why was loaf 88031 marked wasted when the records say sold?", "loaves", "wasted"),
        ("what made 88031 lean to 'sold', even though it came out wasted?", "loaves", "sold"),
        ("explain why patient 9 came out progressing although the data has stable", "demo", "progressing"),
        # a concession before the question, set apart by a comma, is no clause of the class asked about
        ("even though it says stable, why progressing for patient 9?", "demo", "progressing"),
        ("why is patient 9 stable?", "demo", "stable"),
    ],
)
def test_a_class_said_as_background_is_not_the_one_asked(
    text: str, schema_name: str, label: str, demo_host: Host
) -> None:
    """Of two classes, the one in a clause of concession or of what the records hold is background."""
    schema = demo_host.schema() if schema_name == "demo" else LOAVES
    assert extract_argument("prediction_label", text, schema, "get_local_explanation") == label


@pytest.mark.parametrize(
    ("text", "schema_name", "expected"),
    [
        ("suppose 88020 had rye flour and 2 cracks", "loaves", {"flour": "rye", "cracks_per_loaf": 2}),
        ("and also 1 crack instead of 5", "loaves", {"cracks_per_loaf": 1}),
        ("what if patient 7 had a bmi of 30 and also 100 glucose", "demo", {"bmi": 30, "glucose": 100}),
    ],
)
def test_a_count_in_a_list_of_changes(text: str, schema_name: str, expected: dict[str, Any], demo_host: Host) -> None:
    """The next item of a list after a verb of having ("and 2 cracks"), or a change with the value it replaces."""
    schema = demo_host.schema() if schema_name == "demo" else LOAVES
    assert extract_changes(text, schema) == expected


def test_a_count_with_nothing_supposed_is_no_change() -> None:
    assert extract_changes("loaves 88020 and 2 cracks", LOAVES) is None


BAKERS = HostSchema(
    name="bakers",
    kind="tabular",
    instance_noun="baker",
    class_names=["stays", "leaves"],
    features=[
        FeatureSchema(name="years_at_bench", type="numeric", min=0, max=30, aliases=["experience"]),
        FeatureSchema(name="burn_last_year", type="categorical", categories=["no", "yes"], aliases=["burned", "burn"]),
        FeatureSchema(
            name="hygiene_pass", type="categorical", categories=["no", "yes", "pending"], aliases=["hygiene check"]
        ),
    ],
    id_range=(61001, 61200),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if baker 61022 hadn't been burned", {"burn_last_year": "no"}),
        ("suppose 61022 was burn-free", {"burn_last_year": "no"}),
        ("what if 61022 had failed the hygiene check", {"hygiene_pass": "no"}),
        ("what if 61022 had been burned", {"burn_last_year": "yes"}),
    ],
)
def test_a_yes_no_feature_denied_in_words(text: str, expected: dict[str, Any]) -> None:
    assert extract_changes(text, BAKERS) == expected


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how accurate is it on bakers who failed the hygiene check", "hygiene_pass = no"),
        ("and on the ones that passed the hygiene check?", "hygiene_pass = yes"),
    ],
)
def test_a_group_by_a_test_failed_or_passed(text: str, group: str) -> None:
    assert extract_argument("group", text, BAKERS, "get_model_performance") == group


def test_a_what_if_on_the_demo_host_denied_with_hadnt(demo_host: Host) -> None:
    """The demo host's yes/no-less schema is untouched: a denied numeric feature gives no category."""
    assert extract_changes("what if patient 4's bmi hadn't been 30 but 25", demo_host.schema()) != {"bmi": "no"}


@pytest.mark.parametrize(
    ("text", "schema_name", "group"),
    [
        ("precision on the heavily cracked loaves, anything over 4", "loaves", "cracks_per_loaf > 4"),
        ("is it ever wrong for the long proofing times, say above 120?", "loaves", "proof_minutes > 120"),
        ("f1 for patients with high glucose - over 100", "demo", "glucose > 100"),
        ("how well does it do on the heavy bmi cases, like over 35", "demo", "bmi > 35"),
    ],
)
def test_a_bound_said_aside_after_the_feature(text: str, schema_name: str, group: str, demo_host: Host) -> None:
    """The feature said loosely, then its bound after a comma or a dash: the group is the bound, never everyone."""
    schema = demo_host.schema() if schema_name == "demo" else LOAVES
    assert extract_argument("group", text, schema, "get_model_performance") == group


@pytest.mark.parametrize(
    ("text", "schema_name"),
    [
        ("precision on the heavily cracked loaves, anything over 40", "loaves"),  # no loaf has 40 cracks
        ("what is the bmi, over 60 patients", "demo"),  # the bound of the patients named after it
    ],
)
def test_a_bound_aside_that_is_no_value_of_the_feature(text: str, schema_name: str, demo_host: Host) -> None:
    schema = demo_host.schema() if schema_name == "demo" else LOAVES
    group = extract_argument("group", text, schema, "get_model_performance")
    assert not str(group or "").startswith(("cracks_per_loaf", "bmi"))


@pytest.mark.parametrize(
    ("text", "earlier", "changes", "joins"),
    [
        ("and on the window shelf", {"flour": "rye", "cracks_per_loaf": 2}, {"shelf": "window"}, True),
        ("plus a hotter oven, 240", {"flour": "rye"}, {"oven_temp_c": 240}, True),
        # one change before: "and" with another feature builds the scenario up, a supposition opened anew may not
        ("and on the window shelf", {"flour": "rye"}, {"shelf": "window"}, True),
        ("and if it were on the window shelf", {"flour": "rye"}, {"shelf": "window"}, False),
        ("and if it were on the window shelf", {"flour": "rye", "cracks_per_loaf": 2}, {"shelf": "window"}, True),
        # a feature changed already, or a change taken back, replaces
        ("and 3 cracks", {"flour": "rye", "cracks_per_loaf": 2}, {"cracks_per_loaf": 3}, False),
        ("and on the window shelf instead?", {"flour": "rye", "shelf": "back"}, {"shelf": "window"}, False),
        ("and the window shelf instead", {"flour": "rye", "cracks_per_loaf": 2}, {"shelf": "window"}, False),
        # the old value after "instead of" takes nothing back
        ("and spelt instead of rye", {"shelf": "back", "cracks_per_loaf": 2}, {"flour": "spelt"}, True),
        ("what if it were on the window shelf", {"flour": "rye", "cracks_per_loaf": 2}, {"shelf": "window"}, False),
    ],
)
def test_a_scenario_built_up_change_by_change(
    text: str, earlier: dict[str, Any], changes: dict[str, Any], joins: bool
) -> None:
    assert continues_added_changes(text, earlier, changes) is joins


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(text) for text in texts]


async def test_the_next_change_of_a_built_up_scenario_joins_it(demo_host: Host) -> None:
    """After a what-if whose changes were added together, "and ..." with another feature adds to them."""
    *_, built, more = await _turns(
        demo_host,
        "what if patient 21 had a bmi of 25?",
        "and on top of that a glucose of 90",
        "and a blood pressure of 80",
    )
    assert [c.arguments.get("changes") for c in built.calls] == [{"bmi": 25, "glucose": 90}]
    assert [(c.function, c.arguments.get("changes")) for c in more.calls] == [
        ("explain_what_if", {"bmi": 25, "glucose": 90, "blood_pressure": 80})
    ]


async def test_a_value_for_a_feature_already_changed_replaces_it(demo_host: Host) -> None:
    *_, again = await _turns(
        demo_host,
        "what if patient 21 had a bmi of 25?",
        "and on top of that a glucose of 90",
        "and a glucose of 70 instead?",
    )
    assert [c.arguments.get("changes") for c in again.calls] == [{"glucose": 70}]


SWIMS = HostSchema(
    name="open-water swims",
    kind="tabular",
    instance_noun="swim",
    class_names=["finished", "pulled_out"],
    features=[
        FeatureSchema(name="water_temp_c", type="numeric", min=8, max=26, aliases=["water temperature"]),
        FeatureSchema(name="start_hour", type="numeric", min=5, max=20, aliases=["start time"]),
        FeatureSchema(name="distance_km", type="numeric", min=1, max=10),
    ],
    id_range=(43001, 43500),
)


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("recall on the warm swims, say 20 degrees and up", "water_temp_c >= 20"),
        ("precision for chilly ones, 12 degrees and under", "water_temp_c <= 12"),
        ("how often is it wrong on the late swims, 4pm onwards", "start_hour >= 16"),
        ("accuracy on swims before 7am", "start_hour < 7"),
        ("f1 for the swims from 6pm", "start_hour >= 18"),
    ],
)
def test_an_open_bound_in_degrees_or_as_a_time_of_day(text: str, group: str) -> None:
    """Degrees name the one temperature feature and a time of day the one hour feature, though no word of their
    names is said."""
    assert extract_argument("group", text, SWIMS, "get_model_performance") == group


@pytest.mark.parametrize(
    "text",
    [
        "accuracy on swims from 5pm to 7pm",  # a range, not an open bound
        "recall on the swims at 40 degrees and up",  # no swim is that warm
    ],
)
def test_no_open_bound_where_the_words_say_none(text: str) -> None:
    group = extract_argument("group", text, SWIMS, "get_model_performance")
    assert group is None or not group.startswith(("start_hour >", "water_temp_c"))


def test_degrees_on_a_host_with_no_temperature_bound_nothing(demo_host: Host) -> None:
    """The demo host has no temperature or hour feature: degrees and times of day name none of its features."""
    text = "accuracy for patients seen after 5pm, at 20 degrees and up"
    assert extract_argument("group", text, demo_host.schema(), "get_model_performance") is None
