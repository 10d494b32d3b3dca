"""Ids, groups, counts and metric arguments read from the host's own schema, on the demo host and on a host built
in this file with other names (issue 12, items 3 and 4; args13).

Each form runs through the engine with the offline router. The in-test host is a library's book loans (ids
62001-62300, "loan"), built with `simxai.hosts.host_from_model`: its nouns, features, aliases, category values and
labels are none of the demo's, so a rule that only knows the demo's words fails here. The forms:
- a bare five-digit id after a word that is no feature ("the probability 62010 is overdue", "think 62004 will be"),
  and after a question word alone ("why 62043"); the forms that must stay a value or another word for a record;
- a count said as a clause of its own ("counterfactuals for 62079, two please");
- groups in metric questions: people named by what they do ("borrowers over 50"), a value written with a hyphen or
  a space for an underscore ("the city-centre branch"), a longer value holding a shorter one ("shared house"),
  a yes/no feature named by itself followed by an adverb ("smokers alone"), "instead" after a group, "there" after
  a group when an alias ends in it; a group with no metric named is scored by every metric;
- data questions that name a feature in the plural ("which branches are in the data"), by its values ("how many
  students are in the data") or by "how old";
- "cm" for the confusion matrix.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai import Turn
from simxai.backends.router import RouterBackend
from simxai.hosts import host_from_model

from .routing import calls, talk

FEATURES = ["borrower_age", "page_count", "renewals", "branch", "membership", "reminder"]
OPTIONS: dict[str, Any] = {
    "name": "library loans",
    "target": "late",
    "class_names": {"0": "on_time", "1": "overdue"},
    "instance_noun": "loan",
    "id_column": "loan_id",
    "category_names": {
        "branch": {"0": "city_centre", "1": "north_side", "2": "harbour"},
        "membership": {"0": "student", "1": "staff", "2": "part_time", "3": "shared_house"},
        "reminder": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["borrower_age"],
    "feature_aliases": {
        "page_count": ["pages", "book length"],
        "renewals": ["times renewed", "how often they went back there"],
        "branch": ["library", "site"],
    },
    "seed": 5,
}
FIRST = 62001


@pytest.fixture(scope="module")
def library() -> Any:
    rng = np.random.default_rng(62)
    n = 300
    frame = pd.DataFrame(
        {
            "loan_id": np.arange(FIRST, FIRST + n),
            "borrower_age": rng.integers(16, 90, n),
            "page_count": rng.integers(40, 9000, n),
            "renewals": rng.integers(0, 6, n),
            "branch": rng.integers(0, 3, n),
            "membership": rng.integers(0, 4, n),
            "reminder": rng.integers(0, 2, n),
        }
    )
    frame["late"] = ((frame.page_count > 4000) ^ (frame.reminder == 0) ^ (rng.uniform(0, 1, n) < 0.1)).astype(int)
    test_ids = np.arange(FIRST, FIRST + 60)
    train = frame[~frame.loan_id.isin(test_ids)]
    model = RandomForestClassifier(n_estimators=20, random_state=0).fit(train[FEATURES], train.late)
    return host_from_model(model, frame, test_ids=test_ids, **OPTIONS)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def asked(turn: Turn) -> bool:
    return turn.clarification is not None and not calls(turn)


def instances(turn: Turn) -> list[Any]:
    return [arguments.get("instance") for _function, arguments in calls(turn)]


# --- ids after a word -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "function", "instance"),
    [
        ("what's the probability 62010 is overdue", "get_prediction", 62010),
        ("why does the model think 62004 will be overdue?", "get_local_explanation", 62004),
        ("why 62043", "get_local_explanation", 62043),
        ("why 62043?", "get_local_explanation", 62043),
    ],
)
async def test_a_bare_id_after_a_word_that_names_nothing(library, router, text, function, instance):
    (turn,) = await talk(library, router, text)
    assert [(f, a.get("instance")) for f, a in calls(turn)] == [(function, instance)]


@pytest.mark.parametrize(
    ("text", "function", "instance"),
    [
        ("why 87", "get_local_explanation", 87),
        ("why does the model think 120 will be progressing?", "get_local_explanation", 120),
    ],
)
async def test_a_bare_id_after_a_word_on_the_demo_host(hosts, router, text, function, instance):
    (turn,) = await talk(hosts["demo"], router, text)
    assert [(f, a.get("instance")) for f, a in calls(turn)] == [(function, instance)]


async def test_a_number_after_a_feature_stays_its_value_and_another_noun_still_names_a_record(library, router):
    # "pages 6200": the feature's value, never loan 6200 or a question about an id
    (turn,) = await talk(library, router, "accuracy for loans with pages over 6200")
    assert calls(turn) == [("get_model_performance", {"metric": "accuracy", "group": "page_count > 6200"})]
    *_, other = await talk(library, router, "prediction for loan 62001", "and for member 62005?")
    assert instances(other) == [62005]


# --- counts -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "count"), [("counterfactuals for 62079, two please", 2), ("cf for 62079: 3", 3)])
async def test_a_count_said_as_a_clause_of_its_own(library, router, text, count):
    (turn,) = await talk(library, router, text)
    ((function, arguments),) = calls(turn)
    assert function == "explain_how_to_be_that"
    assert arguments["instance"] == 62079 and arguments["number_of_iterations"] == count


# --- groups in metric questions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "metric", "group"),
    [
        ("precision for borrowers over 50", "precision", "borrower_age > 50"),
        ("accuracy for the city-centre branch", "accuracy", "branch = city_centre"),
        ("recall on the north side library", "recall", "branch = north_side"),
        ("f1 for members of a shared house", "f1", "membership = shared_house"),
        ("f1 for part-timers", "f1", "membership = part_time"),
        ("cm for the harbour branch", "confusion_matrix", "branch = harbour"),
        ("what about precision on the north-side library?", "precision", "branch = north_side"),
        ("does it do worse for borrowers over 70?", "all", "borrower_age > 70"),
        ("how does it do on borrowers under 25?", "all", "borrower_age < 25"),
    ],
)
async def test_a_group_in_a_metric_question(library, router, text, metric, group):
    (turn,) = await talk(library, router, text)
    assert calls(turn) == [("get_model_performance", {"metric": metric, "group": group})]


@pytest.mark.parametrize(
    ("host", "text", "metric", "group"),
    [
        ("demo", "accuracy for residents over 60", "accuracy", "age > 60"),
        ("demo", "cm on patients over 60 please", "confusion_matrix", "age > 60"),
        ("insurance", "F1 for the smokers alone?", "f1", "smoker = yes"),
        ("insurance", "how well does it do on smokers specifically?", "all", "smoker = yes"),
        ("loan", "does it treat renters worse?", "all", "home_ownership = rent"),
        ("loan", "You said 0.8 accuracy. Is it the same for applicants below 30 years also?", "accuracy", "age < 30"),
    ],
)
async def test_a_group_in_a_metric_question_on_the_shared_hosts(hosts, router, host, text, metric, group):
    (turn,) = await talk(hosts[host], router, text)
    assert calls(turn) == [("get_model_performance", {"metric": metric, "group": group})]


async def test_a_group_follow_up_keeps_the_metric_asked_before_and_there_keeps_the_group(library, router):
    *_, moved, there = await talk(
        library, router, "how accurate is the model?", "and for the harbour branch instead", "recall there?"
    )
    assert calls(moved) == [("get_model_performance", {"metric": "accuracy", "group": "branch = harbour"})]
    assert calls(there) == [("get_model_performance", {"metric": "recall", "group": "branch = harbour"})]


# --- data questions about a feature -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("which branches are in the data", "branch"),
        ("what's the spread of page counts", "page_count"),
        ("how old are the borrowers in the data, roughly", "borrower_age"),
    ],
)
async def test_a_data_question_names_its_feature(library, router, text, feature):
    (turn,) = await talk(library, router, text)
    assert calls(turn) == [("get_data_information", {"feature": feature})]


async def test_a_count_of_a_category_is_the_rows_of_that_category(library, router):
    # (until the forty-first round the feature's card, every value counted; ux41: the rows counted are the group's)
    (turn,) = await talk(library, router, "how many students are in the data?")
    assert calls(turn) == [("get_data_information", {"group": "membership = student"})]


# --- bounds written as a value and "or more", and metrics in lay words ------------------------------------------


@pytest.mark.parametrize(
    ("text", "metric", "group"),
    [
        ("accuracy for pages 5000 or more", "accuracy", "page_count >= 5000"),
        ("how good is it on books of 5,000 pages or more", "all", "page_count >= 5000"),
        ("precision for renewals 3 and above", "precision", "renewals >= 3"),
    ],
)
async def test_a_bound_said_as_a_value_and_an_open_tail(library, router, text, metric, group):
    (turn,) = await talk(library, router, text)
    assert calls(turn) == [("get_model_performance", {"metric": metric, "group": group})]


async def test_the_answer_to_a_vague_group_is_a_bound_and_there_keeps_it(library, router):
    # "long books": no feature says which are long, so the engine asks; the answer is the group, scored as asked
    *_, vague, bound, there = await talk(
        library,
        router,
        "how accurate is it?",
        "how does it do on the long books?",
        "6,000 pages or more",
        "recall there?",
    )
    assert vague.clarification is not None and not calls(vague)
    assert calls(bound) == [("get_model_performance", {"metric": "all", "group": "page_count >= 6000"})]
    assert calls(there) == [("get_model_performance", {"metric": "recall", "group": "page_count >= 6000"})]


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("When a patient really is progressing, how often does the model catch it?", "recall"),
        ("when it says a patient is progressing, how often is that actually right?", "precision"),
        ("You said the accuracy was about 0.7. What about recall?", "recall"),
        ("How often does it get it wrong? Precision I mean.", "precision"),
    ],
)
async def test_a_metric_in_lay_words_or_after_a_statement(hosts, router, text, metric):
    (turn,) = await talk(hosts["demo"], router, text)
    ((function, arguments),) = calls(turn)
    assert function == "get_model_performance" and arguments["metric"] == metric


@pytest.mark.parametrize("text", ["precision and recall please", "what is the precision? and the recall?"])
def test_two_metrics_asked_for_are_every_metric(text):
    from simxai.extraction import extract_metric

    assert extract_metric(text) == "all"


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("f1 for progressing", {"metric": "f1", "label": "progressing"}),
        ("accuracy for patients", {"metric": "accuracy"}),
        ("recall for the test set", {"metric": "recall"}),
        ("AUC on the held-out split?", {"metric": "roc_auc"}),
        ("precision for the model", {"metric": "precision"}),
    ],
)
async def test_a_label_the_noun_or_the_whole_data_after_a_metric_is_no_group(hosts, router, text, arguments):
    (turn,) = await talk(hosts["demo"], router, text)
    assert calls(turn) == [("get_model_performance", arguments)]
