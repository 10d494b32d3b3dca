"""Polarity and negation in what the user wants, through the engine (`simxai.Agent` with the router backend).

Each form, read the wrong way round, answers the opposite question with confidence: moving away from a class
("shed the surcharge") targets the other class of a two-class host and asks on a host with more; another word
for a class ("a denial") names that class; quitting a habit sets a yes/no feature to its negative category and
starting one to its positive; "up 25 instead" after a what-if is a change, not an id; a count of a predicted
outcome within a group is the model's predictions over that group; changes added "on top of that" stay in
"the same scenario" for another instance. Each on at least two hosts: the demo, loan, sentiment and invented
insurance hosts, and an invented three-class wellness host built here. The phrasings are our own.
"""

from __future__ import annotations

import json

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_label
from simxai.extraction._features import extract_target_label
from simxai.hosts.base import Host
from tests.backends.routing import ran, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def wellness_host(tmp_path_factory: pytest.TempPathFactory) -> Host:
    """An invented three-class host (low, medium, high risk) with two yes/no habits, gambler and drinker."""
    import joblib
    import numpy as np
    import pandas as pd
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.config import load_host_config

    folder = tmp_path_factory.mktemp("wellness")
    rng = np.random.default_rng(3)
    n = 300
    frame = pd.DataFrame(
        {
            "client_id": np.arange(3001, 3001 + n),
            "age": rng.integers(20, 75, n),
            "gambler": rng.integers(0, 2, n),
            "drinker": rng.integers(0, 2, n),
            "daily_steps": rng.integers(1000, 15000, n),
        }
    )
    score = 0.03 * (frame.age - 45) + 1.2 * frame.gambler + 0.9 * frame.drinker - 0.0002 * (frame.daily_steps - 8000)
    frame["risk"] = np.digitize(score + rng.normal(0, 0.5, n), [0.0, 1.2])
    features = ["age", "gambler", "drinker", "daily_steps"]
    model = RandomForestClassifier(n_estimators=20, random_state=0).fit(frame[features], frame.risk)
    joblib.dump(model, folder / "model.joblib")
    frame.to_csv(folder / "clients.csv", index=False)
    config = {
        "name": "wellness risk",
        "model_path": "model.joblib",
        "data_path": "clients.csv",
        "target": "risk",
        "class_names": {"0": "low", "1": "medium", "2": "high"},
        "instance_noun": "client",
        "id_column": "client_id",
        "category_names": {"gambler": {"0": "no", "1": "yes"}, "drinker": {"0": "no", "1": "yes"}},
        "seed": 0,
    }
    (folder / "host.json").write_text(json.dumps(config), encoding="utf-8")
    return load_host_config(folder / "host.json")


@pytest.fixture(scope="module")
def by_name(demo_host, loan_host, insurance_host, sentiment_host, wellness_host) -> dict[str, Host]:
    return {
        "demo": demo_host,
        "loan": loan_host,
        "insurance": insurance_host,
        "sentiment": sentiment_host,
        "wellness": wellness_host,
    }


# --- moving away from a class -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "instance", "target"),
    [
        ("insurance", "how might policyholder 5012 shed the surcharge?", 5012, "standard"),
        ("insurance", "what would it take to drop the surcharge on member 5140", 5140, "standard"),
        ("demo", "what must patient 21 change to get rid of the progressing label?", 21, "stable"),
        ("loan", "what would it take for applicant 33 to escape a rejection?", 33, "approved"),
        ("sentiment", "how could review 7 stop being negative?", 7, "positive"),
        # a class said only as the outcome now is the one to leave
        ("loan", "applicant 71 was turned down; what could she change to fix that?", 71, "approved"),
        ("demo", "patient 9 came out as progressing; what would need to change?", 9, "stable"),
    ],
)
async def test_moving_away_from_a_class_targets_the_other_one(host, text, instance, target, router, by_name):
    (turn,) = await talk(by_name[host], router, text)
    assert ran(turn) == [("explain_how_to_be_that", {"instance": instance, "target_label": target})]


async def test_moving_away_from_one_of_three_classes_asks_which_one(router, wellness_host):
    (turn,) = await talk(wellness_host, router, "how could client 3005 avoid the high tier?")
    assert ran(turn) == [] and turn.clarification is not None
    assert "low" in turn.reply and "medium" in turn.reply


@pytest.mark.parametrize(
    ("host", "text", "instance"),
    [
        ("loan", "how far can applicant 20's income drop before she loses the approval?", 20),
        ("insurance", "what can member 5010 change without getting the surcharge?", 5010),
    ],
)
async def test_keeping_an_outcome_is_not_read_as_moving_away(host, text, instance, router, by_name):
    (turn,) = await talk(by_name[host], router, text)
    assert ran(turn) == [("explain_how_to_still_be_this", {"instance": instance})]


def test_naming_the_class_wanted_is_not_read_as_moving_away(by_name):
    insurance, wellness = by_name["insurance"].schema(), by_name["wellness"].schema()
    assert extract_target_label("what would put member 5020 on the surcharge?", insurance) == "surcharge"
    assert extract_target_label("how could client 3005 get to medium?", wellness) == "medium"
    loan = by_name["loan"].schema()
    assert extract_target_label("applicant 12 was rejected; what would it take to be approved?", loan) == "approved"
    assert extract_target_label("which changes would result in applicant 12 being rejected?", loan) == "rejected"


# --- another word for a class ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "instance", "label"),
    [
        ("loan", "applicant 61 got the green light; why not a denial?", 61, "rejected"),
        ("loan", "why wasn't applicant 62 turned down?", 62, "rejected"),
        ("demo", "why not a worsening prediction for patient 14?", 14, "progressing"),
    ],
)
async def test_another_word_for_a_class_names_that_class(host, text, instance, label, router, by_name):
    (turn,) = await talk(by_name[host], router, text)
    assert ran(turn) == [("explain_why_not", {"instance": instance, "expected_label": label})]


def test_a_derived_noun_names_its_class_and_no_word_names_two(by_name):
    loan, sentiment = by_name["loan"].schema(), by_name["sentiment"].schema()
    assert extract_label("what led to the approval of applicant 5?", loan) == "approved"
    assert extract_label("what explains the rejection?", loan) == "rejected"
    assert extract_label("was it declined?", sentiment) is None  # no class of this host is a decline


# --- quitting and starting a habit ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "instance", "changes"),
    [
        ("insurance", "suppose member 5066 quits smoking: new tier?", 5066, {"smoker": "no"}),
        ("insurance", "what if policyholder 5067 took up smoking?", 5067, {"smoker": "yes"}),
        ("wellness", "what if client 3010 gave up gambling?", 3010, {"gambler": "no"}),
        ("wellness", "what if client 3011 started drinking?", 3011, {"drinker": "yes"}),
    ],
)
async def test_quitting_or_starting_a_habit_sets_its_yes_no_feature(host, text, instance, changes, router, by_name):
    (turn,) = await talk(by_name[host], router, text)
    assert ran(turn) == [("explain_what_if", {"instance": instance, "changes": changes})]


def test_stopping_one_habit_and_starting_another(by_name):
    wellness = by_name["wellness"].schema()
    assert extract_changes("if she stopped gambling and started drinking", wellness) == {
        "gambler": "no",
        "drinker": "yes",
    }


# --- a relative amount after up / down ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "first", "second", "instance", "changes"),
    [
        ("demo", "what if patient 17's glucose went up 10?", "and up 25 instead?", 17, {"glucose": "+25"}),
        ("insurance", "what if member 5090's bmi went down 2?", "ok, down 6 then?", 5090, {"bmi": "-6"}),
    ],
)
async def test_up_or_down_with_an_amount_after_a_what_if_is_a_change(
    host, first, second, instance, changes, router, by_name
):
    _, turn = await talk(by_name[host], router, first, second)
    assert ran(turn) == [("explain_what_if", {"instance": instance, "changes": changes})]


# --- counting a predicted outcome in a group ------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "group"),
    [
        ("insurance", "how many members on the silver plan wind up with a surcharge?", "plan = silver"),
        ("insurance", "how many smokers end up on the surcharge?", "smoker = yes"),
        ("loan", "how many renters would be rejected?", "home_ownership = rent"),
        ("demo", "how many patients over 55 end up progressing?", "age > 55"),
    ],
)
async def test_a_count_of_a_predicted_outcome_is_a_prediction_over_the_group(host, text, group, router, by_name):
    (turn,) = await talk(by_name[host], router, text)
    assert ran(turn) == [("get_prediction", {"instance": group})]


# --- changes added on top of the previous ones ----------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "texts", "changes", "other"),
    [
        (
            "loan",
            ("what if applicant 300 had a 36 month loan term?", "and income 50 on top of that?", "same for 301"),
            {"loan_term": 36, "income": 50},
            301,
        ),
        (
            "demo",
            ("what if patient 40's glucose were 110?", "plus bmi 28 on top of it?", "same scenario for patient 45"),
            {"glucose": 110, "bmi": 28},
            45,
        ),
    ],
)
async def test_changes_added_on_top_stay_in_the_same_scenario(host, texts, changes, other, router, by_name):
    _, added, again = await talk(by_name[host], router, *texts)
    assert ran(added)[0][1]["changes"] == changes
    assert ran(again) == [("explain_what_if", {"instance": other, "changes": changes})]
