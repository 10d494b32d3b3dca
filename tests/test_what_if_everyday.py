"""What-ifs in anyone's words, on any host: the forms of the thirteenth round, by extraction and through the engine.

Each form is tested on an invented language-school host built in the test with `simxai.hosts.host_from_model`
(students 6101-6400; hours of training a week, the share of homework handed in, days since the last lesson, the
commute in km, vocabulary words known, class size, the fee in euros, a course level) and, where the demo host has
such a feature, on the demo. Nothing here names a feature of another host: every reading works from the schema
(names, aliases, descriptions, units). The phrasings are our own.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends._router_decision import Decision, changes_decision
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts.base import Host
from tests.backends.routing import DEMO, INSURANCE, LOAN, REVIEWS, logistic_host, ran, route, talk

NUMERIC = [
    "age",
    "training_hours_weekly",
    "homework_done_pct",
    "days_since_last_lesson",
    "commute_km",
    "vocabulary_words",
    "class_size",
    "fee_eur",
]
CONFIG: dict[str, Any] = {
    "name": "language school",
    "target": "passed",
    "class_names": {"0": "fails", "1": "passes"},
    "instance_noun": "student",
    "id_column": "student_id",
    "category_names": {"level": {"0": "a1", "1": "b1", "2": "c1"}},
    "feature_aliases": {
        "training_hours_weekly": ["training time"],
        "homework_done_pct": ["homework handed in"],
        "vocabulary_words": ["vocabulary"],
        "class_size": ["class", "classmates"],
    },
    "seed": 0,
    "cards": {
        "description": "Students of an invented language school, one row per student.",
        "feature_descriptions": {
            "training_hours_weekly": "hours per week spent practising",
            "homework_done_pct": "percentage of homework handed in (0-100)",
            "fee_eur": "fee paid in euros",
        },
    },
}


@pytest.fixture(scope="module")
def school() -> Host:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(61)
    n = 300
    frame = pd.DataFrame(
        {
            "student_id": np.arange(6101, 6101 + n),
            "age": rng.integers(16, 70, n),
            "training_hours_weekly": np.round(rng.uniform(0, 15, n), 1),
            "homework_done_pct": rng.integers(0, 101, n),
            "days_since_last_lesson": rng.integers(0, 40, n),
            "commute_km": rng.integers(1, 60, n),
            "vocabulary_words": rng.integers(500, 9000, n),
            "class_size": rng.integers(4, 25, n),
            "fee_eur": rng.integers(100, 900, n),
            "level": rng.integers(0, 3, n),
        }
    )
    score = 0.2 * frame.training_hours_weekly + 0.03 * frame.homework_done_pct - 0.05 * frame.days_since_last_lesson
    frame["passed"] = (score + rng.normal(0, 0.5, n) > score.median()).astype(int)
    return logistic_host(frame, NUMERIC, "level", "passed", CONFIG)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- extraction, one form at a time -------------------------------------------------------------------------------

SCHOOL = [
    # thousands separators in an amount without a currency sign
    ("what if 6150 knew 2,500 more vocabulary words", {"vocabulary_words": "+2500"}),
    # a unit that names the feature, then a direction: a step, not a value
    ("6150 with 10 km more commute, what then?", {"commute_km": "+10"}),
    # an instance and its possessive between the feature and its value
    ("say the class size at 6150's school was 8", {"class_size": 8}),
    # halves / doubles / triples as verbs
    ("what happens to 6150 if the class size halves", {"class_size": "-50%"}),
    ("what if the class size doubles for 6150", {"class_size": "*2"}),
    # a verb naming the feature, with an amount in its units
    ("what if 6150 trained 3 hours a week more", {"training_hours_weekly": "+3"}),
    ("what if 6150 trained 2 more hours a week", {"training_hours_weekly": "+2"}),
    ("what if 6150 trained 9 hours a week", {"training_hours_weekly": 9}),
    # all / none / half of what a share feature counts
    ("what if 6150 had handed in every single homework", {"homework_done_pct": 100}),
    ("what if 6150 did none of the homework", {"homework_done_pct": 0}),
    # the value before the rest of the feature's name
    ("what if 6150 came to class daily, so 0 days since the last lesson", {"days_since_last_lesson": 0}),
    # days since an event, by when it happened
    ("what if student 6150 had a lesson yesterday", {"days_since_last_lesson": 1}),
    # a value offered after the feature
    ("what if 6150 had fewer classmates, say 6", {"class_size": 6}),
    # the value a feature goes to, from another
    ("what if 6150's class size went from 20 to 10", {"class_size": 10}),
]


@pytest.mark.parametrize(("text", "expected"), SCHOOL, ids=[s[0] for s in SCHOOL])
def test_a_what_if_in_everyday_words_on_a_new_host(school: Host, text: str, expected: dict[str, Any]):
    assert extract_changes(text, school.schema()) == expected


DEMO_FORMS = [
    ("would patient 32 still progress if her bmi came down to 28?", {"bmi": 28}),
    ("what if patient 8 got her bmi down to 26", {"bmi": 26}),
    ("take patient 40 and knock 20 points off her blood sugar", {"glucose": "-20"}),
    ("patient 222 with blood pressure plus 15 percent?", {"blood_pressure": "+15%"}),
    ("patient 150's glucose is being brought down to 80 with a new drug, what then?", {"glucose": 80}),
    ("suppose his bmi is made 30", {"bmi": 30}),
    ("and if her bmi is made 3 points higher?", {"bmi": "+3"}),
    ("if you reduce patient 251's ldl by 10, does it change?", {"ldl": "-10"}),
    ("her bmi goes up by 4 points and her blood pressure by 10. still stable?", {"bmi": "+4", "blood_pressure": "+10"}),
    ("what if patient 12's glucose halves", {"glucose": "-50%"}),
    ("and if her bmi went from 35 to 28?", {"bmi": 28}),
]


@pytest.mark.parametrize(("text", "expected"), DEMO_FORMS, ids=[s[0] for s in DEMO_FORMS])
def test_the_forms_on_the_demo(text: str, expected: dict[str, Any]):
    assert extract_changes(text, DEMO) == expected


OTHER_HOSTS = [
    (LOAN, "what if the debt-to-income ratio were 0.3?", {"debt_to_income": 0.3}),
    (LOAN, "say her debt to income drops to 0.25", {"debt_to_income": 0.25}),
    (LOAN, "applicant 9: credit score plus 20", {"credit_score": "+20"}),
    (INSURANCE, "if the claims of 5088 are half, then?", {"annual_claims": "-50%"}),
    (INSURANCE, "what if annual claims fall by half", {"annual_claims": "-50%"}),
    (REVIEWS, "in review 0, what if 'superb' was just 'fine'?", {"superb": "fine"}),
    (REVIEWS, "what if 'bored' becomes 'thrilled' in review 35", {"bored": "thrilled"}),
    (REVIEWS, "if you took the word 'not' out of review 10", {"not": ""}),
    (REVIEWS, "what would review 3 say should 'slow' be replaced with 'quick'?", {"slow": "quick"}),
    (REVIEWS, "suppose in review 2 we make 'awful' as 'fine'", {"awful": "fine"}),
    (REVIEWS, "review 8 with 'hate' -> 'like'?", {"hate": "like"}),
    (REVIEWS, "review 8: flimsy -> sturdy", {"flimsy": "sturdy"}),
    (REVIEWS, "s/cheap/solid/ on review 8", {"cheap": "solid"}),
    (REVIEWS, "replace dull w lively in review 8", {"dull": "lively"}),
]


@pytest.mark.parametrize(("schema", "text", "expected"), OTHER_HOSTS, ids=[s[1] for s in OTHER_HOSTS])
def test_the_forms_on_the_other_bundled_hosts(schema, text: str, expected: dict[str, Any]):
    assert extract_changes(text, schema) == expected


# readings that must not fire: no share feature, no verb naming a feature, an id is no value, a group is no step
NOT_CHANGES = [
    (REVIEWS, "what would make review 3 positive"),
    (REVIEWS, "is review 3 positive -> or negative?"),
    (DEMO, "what if patient 12 ate every single vegetable"),
    (DEMO, "what if patient 12 studied 3 hours a week more"),
    (DEMO, "how many patients have a bmi over 30"),
]


@pytest.mark.parametrize(("schema", "text"), NOT_CHANGES, ids=[s[1] for s in NOT_CHANGES])
def test_forms_that_name_no_change(schema, text: str):
    assert extract_changes(text, schema) is None


def test_a_share_of_a_feature_that_is_no_share_gives_nothing(school: Host):
    # "vocabulary" is no percentage: "all the vocabulary" says no number
    assert extract_changes("what if 6150 knew all the vocabulary", school.schema()) is None


def test_ids_listed_with_a_comma_are_no_grouped_amount(school: Host):
    # a thousands separator joins only a lead of one to three digits and groups of three: "6150,6151" stays two ids
    assert extract_changes("what if 6150,6151 had 2 more classmates", school.schema()) == {"class_size": "+2"}


# --- through the engine ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if 6150 trained 3 hours a week more?", {"training_hours_weekly": "+3"}),
        ("what if 6150 had handed in every single homework", {"homework_done_pct": 100}),
        ("what if student 6150 had a lesson yesterday", {"days_since_last_lesson": 1}),
        ("what if 6150 knew 2,500 more vocabulary words", {"vocabulary_words": "+2500"}),
        ("would 6150 still fail with 4 more classmates", {"class_size": "+4"}),
    ],
)
async def test_a_what_if_on_the_new_host_runs(school: Host, router: RouterBackend, text: str, changes):
    (turn,) = await talk(school, router, text)
    assert ran(turn) == [("explain_what_if", {"instance": 6150, "changes": changes})]


async def test_a_step_instead_and_the_same_for_another_instance(school: Host, router: RouterBackend):
    _, first, instead, other = await talk(
        school,
        router,
        "what does the model predict for student 6150?",
        "what if the commute were 10 km shorter",
        "make that 15 km lower instead",
        "same for 6151",
    )
    assert ran(first) == [("explain_what_if", {"instance": 6150, "changes": {"commute_km": "-10"}})]
    assert ran(instead) == [("explain_what_if", {"instance": 6150, "changes": {"commute_km": "-15"}})]
    assert ran(other) == [("explain_what_if", {"instance": 6151, "changes": {"commute_km": "-15"}})]


async def test_the_same_changes_for_another_instance_named_first(school: Host, router: RouterBackend):
    _, first, other = await talk(
        school,
        router,
        "what does the model predict for student 6150?",
        "what if they had 4 fewer classmates",
        "ok and my friend, 6151, same changes",
    )
    assert ran(first) == [("explain_what_if", {"instance": 6150, "changes": {"class_size": "-4"}})]
    assert ran(other) == [("explain_what_if", {"instance": 6151, "changes": {"class_size": "-4"}})]


async def test_a_change_on_top_of_the_previous_one(school: Host, router: RouterBackend):
    _, first, more = await talk(
        school,
        router,
        "is student 6150 going to pass?",
        "what if they trained 2 more hours a week",
        "and if on top of that they handed in all the homework?",
    )
    assert ran(first) == [("explain_what_if", {"instance": 6150, "changes": {"training_hours_weekly": "+2"}})]
    expected = {"training_hours_weekly": "+2", "homework_done_pct": 100}
    assert ran(more) == [("explain_what_if", {"instance": 6150, "changes": expected})]


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("would patient 32 still progress if her bmi came down to 28?", {"bmi": 28}),
        ("take patient 40 and knock 20 points off her blood sugar. does it change?", {"glucose": "-20"}),
        ("what happens to patient 12 if the glucose halves", {"glucose": "-50%"}),
    ],
)
def test_the_demo_routes_the_forms_to_the_what_if(router: RouterBackend, text: str, changes):
    question, calls = route(router, text, DEMO)
    assert question == ""
    assert [name for name, _ in calls] == ["explain_what_if"]
    assert calls[0][1]["changes"] == changes


# --- the decision: a sure counterfactual search yields only to a supposed step --------------------------------------


@pytest.mark.parametrize(
    ("selector", "text", "what_if"),
    [
        (Decision("explain_how_to_still_be_this", 0.9, True), "would 6150 still fail with 4 more classmates", True),
        (Decision("explain_how_to_be_that", 0.9, True), "what if 6150 trained 3 hours a week more", True),
        # a possibility asked, not supposed: the search stands
        (
            Decision("explain_how_to_still_be_this", 0.9, True),
            "could 6150 have 4 more classmates and still fail",
            False,
        ),
        # a value, not a step: the search stands
        (Decision("explain_how_to_be_that", 0.9, True), "what would 6150 need to pass if the class size were 8", False),
    ],
)
def test_a_sure_search_yields_to_a_supposed_step(school: Host, selector: Decision, text: str, what_if: bool):
    names = {"explain_what_if", "explain_how_to_be_that", "explain_how_to_still_be_this", "get_prediction"}
    decided = changes_decision(selector, text, [], school.schema(), names)
    assert (decided is not None and decided.function == "explain_what_if") is what_if
