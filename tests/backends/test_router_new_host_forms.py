"""Forms a new host's users write that the router read wrong, by mechanism, through the engine (newhost13).

Each mechanism runs on an invented gym-membership host built in the test with `simxai.hosts.host_from_model`
(clients 6101-6400; categories with underscores and one inside another: `part_time`, `self_employed`,
`premium` and `premium_plus`; labels `active` / `lapsed`) and, where the host matters, on a shipped host:
- a count of counterfactuals said as "N of them", "N rewrites", "N paths";
- a metric said without its name: the kinds of error ("false negatives and false positives", "where does it
  slip up"), "has been wrong about", "of the ones it calls X, how many really are", "when one really is X,
  does it catch it", "is it fair to", "does the model do worse on";
- a category written with a hyphen or a space ("self-employed"), as a plural agent noun ("part-timers"), and
  the longer of two categories one inside the other ("premium plus", not "premium");
- a category after "on a" ("on a friday");
- the class to leave said in a purpose ("so it isn't X", "so that they're not X");
- changes said as "came down to N", "down to N", "plus N", "knock N off", "N points off", "twice as often".
The phrasings are our own; none is taken from an evaluation set.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes
from simxai.hosts.base import Host

from .routing import calls

NUMERIC = ["age", "monthly_fee_gbp", "visits_per_week", "classes_booked"]
CATEGORICAL = ["plan", "work", "join_day"]
CONFIG: dict[str, Any] = {
    "name": "gym memberships",
    "target": "lapsed",
    "class_names": {"0": "active", "1": "lapsed"},
    "instance_noun": "client",
    "id_column": "client_id",
    "category_names": {
        "plan": {"0": "off_peak", "1": "premium", "2": "premium_plus"},
        "work": {"0": "full_time", "1": "part_time", "2": "self_employed"},
        "join_day": {"0": "monday", "1": "wednesday", "2": "friday"},
    },
    "feature_aliases": {"monthly_fee_gbp": ["monthly fee", "fee"], "visits_per_week": ["visits"]},
    "seed": 0,
}


@pytest.fixture(scope="module")
def gym() -> Host:
    import numpy as np
    import pandas as pd
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(613)
    n = 300
    frame = pd.DataFrame(
        {
            "client_id": np.arange(6101, 6101 + n),
            "age": rng.integers(18, 80, n),
            "monthly_fee_gbp": rng.integers(15, 90, n),
            "visits_per_week": rng.integers(0, 7, n),
            "classes_booked": rng.integers(0, 20, n),
            "plan": rng.integers(0, 3, n),
            "work": rng.integers(0, 3, n),
            "join_day": rng.integers(0, 3, n),
        }
    )
    score = 0.03 * frame.monthly_fee_gbp - 0.4 * frame.visits_per_week - 0.05 * frame.classes_booked
    frame["lapsed"] = (score + rng.normal(0, 0.5, n) > score.median()).astype(int)
    encode = ColumnTransformer([("scale", StandardScaler(), NUMERIC), ("onehot", OneHotEncoder(), CATEGORICAL)])
    model = Pipeline([("encode", encode), ("classify", LogisticRegression(max_iter=1000))])
    model.fit(frame[[*NUMERIC, *CATEGORICAL]], frame.lapsed)
    return host_from_model(model, frame, **CONFIG)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


async def turn(host: Host, router: RouterBackend, text: str) -> Turn:
    return await Agent(host, router).conversation().send(text)


# --- a count of counterfactuals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("counterfactuals for client 6120 please, three of them", 3),
        ("I'd like two rewrites of client 6120's profile that end up active", 2),
        ("client 6120 is lapsed. show me 4 paths to active", 4),
    ],
)
def test_a_count_said_of_them_rewrites_or_paths(gym, text, count):
    assert extract_argument("number_of_iterations", text, gym.schema(), "explain_how_to_be_that") == count


async def test_a_count_of_them_reaches_the_counterfactual_call(gym, router):
    done = await turn(gym, router, "counterfactuals for client 6120 please, three of them")
    assert [(f, a.get("number_of_iterations")) for f, a in calls(done)] == [("explain_how_to_be_that", 3)]


def test_an_id_is_still_no_count(gym):
    assert extract_argument("number_of_iterations", "what could client 6120 change?", gym.schema()) is None


# --- a metric said without its name --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("show the false negatives and the false positives", "confusion_matrix"),
        ("where does the model slip up?", "confusion_matrix"),
        ("how many hits versus misses does it have?", "confusion_matrix"),
        ("the model has been wrong about older clients, hasn't it?", "accuracy"),
        ("is it getting those wrong more often than the rest?", "accuracy"),
        ("of the clients it says are lapsed, how many really are?", "precision"),
        ("when a client really has lapsed, does it usually catch it?", "recall"),
        ("is it fair to the part-timers?", "all"),
        ("does the model do much worse on the self-employed?", "all"),
    ],
)
def test_a_metric_said_in_words(gym, text, metric):
    assert extract_argument("metric", text, gym.schema(), "get_model_performance") == metric


@pytest.mark.parametrize(
    "text",
    [
        "what could client 6120 do better?",  # a counterfactual, no performance
        "what would be a fair fee for client 6120?",  # "fair" of a value
        "so the visits went up, and?",
    ],
)
def test_words_near_a_metric_name_no_metric(gym, text):
    assert extract_argument("metric", text, gym.schema(), "get_model_performance") is None


async def test_errors_on_a_group_without_a_metric_name_are_answered_not_asked(gym, router):
    done = await turn(gym, router, "where does the model slip up on the part-timers?")
    assert calls(done) == [("get_model_performance", {"metric": "confusion_matrix", "group": "work = part_time"})]


# --- categories as people write them ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("precision among the self-employed", "work = self_employed"),
        ("recall on self employed clients", "work = self_employed"),
        ("f1 for part-timers", "work = part_time"),
        ("recall for clients on the premium plus plan", "plan = premium_plus"),
        ("recall for clients on the premium plan", "plan = premium"),
        ("accuracy for clients who joined on a friday", "join_day = friday"),
    ],
)
def test_a_category_as_written(gym, text, group):
    assert extract_argument("group", text, gym.schema(), "get_model_performance") == group


async def test_a_hyphenated_category_is_scored_not_dropped(gym, router):
    done = await turn(gym, router, "what's the precision among the self-employed clients?")
    assert calls(done) == [("get_model_performance", {"metric": "precision", "group": "work = self_employed"})]


# --- the class to leave, said in a purpose ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what must client 6150 change so it isn't lapsed?",
        "what should change so that client 6150 is not lapsed any more?",
    ],
)
def test_a_negated_class_after_so_is_the_class_to_leave(gym, text):
    assert extract_argument("target_label", text, gym.schema(), "explain_how_to_be_that") == "active"


def test_a_class_wanted_after_so_stays_the_target(gym):
    text = "what would client 6150 have to change so it is lapsed?"
    assert extract_argument("target_label", text, gym.schema(), "explain_how_to_be_that") == "lapsed"


# --- changes in everyday words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if client 6140's monthly fee came down to 30?", {"monthly_fee_gbp": 30}),
        ("what if client 6140 got the fee down to 25?", {"monthly_fee_gbp": 25}),
        (
            "scenario for 6140: visits up to 5 and classes booked plus 3.",
            {"visits_per_week": 5, "classes_booked": "+3"},
        ),
        ("take client 6140 and knock 10 off the monthly fee. any change?", {"monthly_fee_gbp": "-10"}),
        ("make it 2 points off the visits", {"visits_per_week": "-2"}),
        ("what if client 6140 had classes booked twice as often?", {"classes_booked": "*2"}),
    ],
)
def test_a_change_in_everyday_words(gym, text, changes):
    assert extract_changes(text, gym.schema()) == changes


async def test_a_value_that_came_down_is_a_what_if_not_a_question(gym, router):
    done = await turn(gym, router, "would client 6140 still be lapsed if the monthly fee came down to 30?")
    assert calls(done) == [("explain_what_if", {"instance": 6140, "changes": {"monthly_fee_gbp": 30}})]


def test_a_plus_in_a_sum_is_no_change(gym):
    assert extract_changes("what is the fee plus tax for client 6140?", gym.schema()) in (None, {})
