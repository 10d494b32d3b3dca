"""Round 40 (ux40), on an invented fire-safety firm's extinguisher checks (passes / fails), in our own wording:
single-turn readings by the host's schema. A class said as the verb it is a form of after a cue of prediction
("predicted to pass" of a class ``passes``) selects the predicted group; a per-class metric's name right before a
class ("recall fails") asks for that class's score; a category alone names a group after "on / for" when it closes
the clause or stands before a plural noun of the things the rows are about ("on the wet chemical cylinders"); "with
no rust" is rust's category none. A what-if on a feature the host keeps fixed: a category swapped is asked about
(yes runs it), a number moved runs and the reply says the feature is fixed. A feature counting the years since an
event is set by "its service done 3 yrs ago" and moved by "3 years newer"; a number of 100 or more is no count of
counterfactuals, and "three things" is one; "the over sixties" is an age bracket; a graded word that begins a
category value ("the dry powder extinguishers") is that value, no vague group. On a text host, the words the model
weighs ("important terms", "words that count") are a request, not a text to classify.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai import Turn
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes, extract_group, extract_instance
from simxai.extraction.mentions import vague_group
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import REVIEWS, calls, logistic_host, route, talk

CHECKS = HostSchema(
    name="extinguisher checks",
    kind="tabular",
    instance_noun="extinguisher",
    class_names=["passes", "fails"],
    features=[
        FeatureSchema(name="shell", type="categorical", categories=["steel", "aluminium"]),
        FeatureSchema(name="agent", type="categorical", categories=["dry powder", "wet chemical", "foam"]),
        FeatureSchema(name="rust", type="categorical", categories=["none", "light", "heavy"]),
        FeatureSchema(name="hours at 15 bar", type="numeric", min=0, max=400),
        FeatureSchema(name="Age", type="numeric", min=0, max=20, description="years since it was made"),
        FeatureSchema(name="DentCount", type="numeric", min=0, max=9),
        FeatureSchema(name="years since serviced", type="numeric", min=0, max=10),
    ],
    id_range=(143601, 143900),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a class said as a verb after a cue of prediction ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("which extinguishers are predicted to pass?", "prediction = passes"),
        ("how many extinguishers are expected to fail", "prediction = fails"),
        ("list the steel extinguishers likely to fail", "prediction = fails and shell = steel"),
    ],
)
def test_a_class_said_as_its_verb_after_predicted_to_is_the_predicted_group(text: str, group: str) -> None:
    assert extract_instance(text, CHECKS) == group


def test_a_negated_verb_names_no_predicted_group() -> None:
    assert "prediction" not in str(extract_instance("which extinguishers are predicted not to pass?", CHECKS))


def test_a_why_not_with_the_verb_stays_about_its_instance(router: RouterBackend) -> None:
    question, called = route(router, "why isn't extinguisher 143650 predicted to pass?", CHECKS)
    assert question == "" and called == [("explain_why_not", {"instance": 143650, "expected_label": "passes"})]


# --- a per-class metric's name right before a class ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("recall fails", {"metric": "recall", "label": "fails"}),
        ("f1 passes please", {"metric": "f1", "label": "passes"}),
        ("precision fails, aluminium shell", {"metric": "precision", "label": "fails", "group": "shell = aluminium"}),
    ],
)
def test_a_metric_name_before_a_class_scores_that_class(
    router: RouterBackend, text: str, arguments: dict[str, str]
) -> None:
    question, called = route(router, text, CHECKS)
    assert question == "" and called == [("get_model_performance", arguments)]


# --- a category alone as a group -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "accuracy on the wet chemical cylinders",
        "f1 on wet chemical",
        "recall wet chemical?",
        "for wet chemical, f1",
        # a value of two words after "for" in a metric question, as one word's ("for foam is the score any good")
        # always was (round 44: a value of several words is read alone like a one-word value)
        "for wet chemical is the score any good",
    ],
)
def test_a_category_closing_the_clause_or_before_a_plural_noun_is_the_group(text: str) -> None:
    assert extract_group(text, CHECKS) == "agent = wet chemical"


@pytest.mark.parametrize(
    "text",
    [
        "what if extinguisher 143650 held wet chemical instead of foam",
        "is wet chemical or foam better for the model",
    ],
)
def test_a_category_said_otherwise_names_no_group_alone(text: str) -> None:
    assert extract_group(text, CHECKS) != "agent = wet chemical"


# --- a what-if on a feature the host keeps fixed ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def extinguishers() -> Any:
    """Extinguisher checks, passes or fails, by shell (fixed), age (fixed) and hours under pressure."""
    rng = np.random.default_rng(40)
    n = 120
    frame = pd.DataFrame(
        {
            "check_id": np.arange(143601, 143601 + n),
            "hours_at_pressure": np.round(rng.uniform(0, 400, n)),
            "age_years": rng.integers(0, 20, n),
            "shell": rng.choice(["steel", "aluminium"], n),
        }
    )
    wear = 0.01 * frame.hours_at_pressure + 0.2 * frame.age_years + (frame.shell == "steel") + rng.normal(0, 1, n)
    frame["outcome"] = np.where(wear > 4.0, "fails", "passes")
    config = {
        "name": "extinguisher checks",
        "target": "outcome",
        "instance_noun": "extinguisher",
        "id_column": "check_id",
        "test_ids": frame.check_id[90:],
        "immutable_features": ["shell", "age_years"],
    }
    return logistic_host(frame, ["hours_at_pressure", "age_years"], "shell", "outcome", config)


def _turns(host: Any, router: RouterBackend, *texts: str) -> list[Turn]:
    return asyncio.run(talk(host, router, *texts))


def test_the_schema_marks_the_fixed_features(extinguishers: Any) -> None:
    fixed = {f.name for f in extinguishers.schema().features if f.immutable}
    assert fixed == {"shell", "age_years"}


def test_a_fixed_category_swapped_is_asked_and_yes_runs_it(extinguishers: Any, router: RouterBackend) -> None:
    asked, confirmed = _turns(extinguishers, router, "what if extinguisher 143605 had an aluminium shell?", "yes")
    assert calls(asked) == [] and "shell is fixed for each extinguisher" in asked.reply
    assert calls(confirmed) == [("explain_what_if", {"instance": 143605, "changes": {"shell": "aluminium"}})]


def test_a_fixed_number_moved_runs_and_says_it_is_fixed(extinguishers: Any, router: RouterBackend) -> None:
    (turn,) = _turns(extinguishers, router, "what if extinguisher 143605 were 5 years older?")
    assert calls(turn) == [("explain_what_if", {"instance": 143605, "changes": {"age_years": "+5"}})]
    assert "keeps age_years fixed" in turn.reply and turn.faithfulness.passed, turn.faithfulness.unsupported


def test_a_change_of_a_feature_that_is_not_fixed_says_nothing_of_it(extinguishers: Any, router: RouterBackend) -> None:
    (turn,) = _turns(extinguishers, router, "what if extinguisher 143605 had 50 more hours at pressure?")
    assert calls(turn) == [("explain_what_if", {"instance": 143605, "changes": {"hours_at_pressure": "+50"}})]
    assert "fixed" not in turn.reply


# --- the time since an event, a step with its unit, a count of results ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if extinguisher 143650 got its service done 3 yrs ago", {"years since serviced": 3}),
        ("extinguisher 143650 with the service 3 years newer", {"years since serviced": "-3"}),
    ],
)
def test_the_years_since_an_event_are_set_and_moved_by_when_it_happened(text: str, changes: dict[str, object]) -> None:
    assert extract_changes(text, CHECKS) == changes


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("What could the owner of 143650 change so it passes? Two options would help.", 2),
        ("three things that would get extinguisher 143650 to pass", 3),
    ],
)
def test_a_count_of_counterfactuals_is_small_and_may_count_things(text: str, count: int) -> None:
    assert extract_argument("number_of_iterations", text, CHECKS) == count


# --- a feature said after "no" is its category that says it is absent ----------------------------------------------


@pytest.mark.parametrize(
    "text", ["accuracy on the extinguishers with no rust", "which extinguishers without any rust are predicted to fail"]
)
def test_no_feature_is_its_none_category_in_a_group(text: str) -> None:
    assert "rust = none" in str(extract_group(text, CHECKS))


def test_no_feature_without_a_none_category_names_no_category_of_another() -> None:
    assert "rust" not in str(extract_group("accuracy on the extinguishers with no dents", CHECKS))


# --- an age bracket said as the word of its decade -------------------------------------------------------------------

SINGERS = HostSchema(
    name="choir members",
    kind="tabular",
    instance_noun="singer",
    class_names=["stays", "leaves"],
    features=[
        FeatureSchema(name="age", type="numeric", min=16, max=90),
        FeatureSchema(name="rehearsals_missed", type="numeric", min=0, max=30),
    ],
    id_range=(143801, 143900),
)


@pytest.mark.parametrize(
    ("text", "group"),
    [("average rehearsals missed for the over sixties", "age > 60"), ("recall on the under-thirties", "age < 30")],
)
def test_an_age_bracket_said_by_its_decade_bounds_the_age(text: str, group: str) -> None:
    assert extract_group(text, SINGERS) == group


def test_an_age_bracket_by_its_decade_is_read_whole_and_not_asked_about(router: RouterBackend) -> None:
    question, called = route(router, "recall on the over sixties", SINGERS)
    assert question == "" and called == [("get_model_performance", {"metric": "recall", "group": "age > 60"})]


def test_a_decade_said_otherwise_is_no_age_bracket() -> None:
    assert extract_group("songs from the sixties", SINGERS) is None


# --- a graded word that begins a category value is that value, no vague group ---------------------------------------


def test_a_graded_word_beginning_a_category_is_no_vague_group(router: RouterBackend) -> None:
    question, called = route(router, "how many of the dry powder extinguishers are predicted to fail?", CHECKS)
    assert question == "" and called == [("get_prediction", {"instance": "agent = dry powder"})]
    assert vague_group("accuracy on the dry powder extinguishers", CHECKS) is None


def test_a_graded_word_alone_is_still_a_vague_group() -> None:
    found = vague_group("accuracy on the dry extinguishers", CHECKS)
    assert found is not None and found.words == "dry extinguishers"


# --- on a text host, the words the model weighs are a request, no text to classify ----------------------------------


@pytest.mark.parametrize(
    "text", ["the important terms across the board", "words that count the most across everything"]
)
def test_the_words_the_model_weighs_are_asked_about_not_classified(router: RouterBackend, text: str) -> None:
    question, called = route(router, text, REVIEWS)
    assert question == "" and called == [("get_global_explanation", {})]


def test_a_plain_text_is_still_classified(router: RouterBackend) -> None:
    text = "The soup arrived cold and the waiter never came back."
    question, called = route(router, text, REVIEWS)
    assert question == "" and called == [("get_prediction", {"instance": text})]


def test_an_id_before_change_so_is_the_instance_and_the_small_number_the_count(router: RouterBackend) -> None:
    text = "What could the owner of 143650 change so it passes? Two options would help."
    question, called = route(router, text, CHECKS)
    assert question == "" and called == [
        ("explain_how_to_be_that", {"instance": 143650, "target_label": "passes", "number_of_iterations": 2})
    ]
