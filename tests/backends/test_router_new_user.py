"""What a new user hit on every host, fixed generally (issue 12, items 2-4); the phrasings are our own.

- An attribute of one instance the data does not record ("the abv of member 5010", "the churn score of 12") is
  asked about, naming the word and the features it could mean, or that none does; never silently dropped.
- "precision for women over 50" where no feature codes sex by name quotes only the unclear word.
- A category with an article before its feature's name ("in the mountain region") is a group condition.
- Groups by an age range ("patients between 30 and 40") or a bound with a unit ("heavier than 20 kg") are read;
  a bound nothing reads is asked about instead of scoring everyone.
- Corrections ("no, I meant 14") are the previous question with the new id; "and the opposite?" is the other
  class or the other direction.

Besides the demo, loan, sentiment and insurance hosts, a small parcel-delivery host of our own, written as a host
config the way a user would, checks that nothing here depends on the built-in hosts.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_group, group_spans
from simxai.normalize import normalize

from .routing import DEMO, INSURANCE, LOAN, REVIEWS, route

PARCEL_CONFIG: dict[str, Any] = {
    "name": "parcel delivery delay",
    "target": "delivery",
    "class_names": {"0": "on_time", "1": "late"},
    "instance_noun": "parcel",
    "id_column": "parcel_id",
    "category_names": {
        "region": {"0": "central", "1": "coastal", "2": "mountain"},
        "service": {"0": "standard", "1": "express"},
    },
    "feature_aliases": {"weight_kg": ["weight"], "distance_km": ["distance"]},
    "seed": 0,
    "cards": {
        "description": "Parcels of an invented courier, one row per parcel.",
        "feature_descriptions": {
            "weight_kg": "parcel weight in kg",
            "distance_km": "route length in km",
            "region": "the delivery region",
            "service": "the service level booked",
            "stops": "stops on the driver's route that day",
        },
        "target_description": "whether the parcel arrived late",
        "model_description": "A gradient boosting classifier.",
        "training": "Fitted on 400 synthetic parcels.",
        "limitations": ["Synthetic parcels, invented for testing."],
    },
}


def _parcel_host(folder: Path) -> Any:
    import joblib
    import numpy as np
    import pandas as pd
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.config import load_host_config

    rng = np.random.default_rng(3)
    n = 400
    frame = pd.DataFrame(
        {
            "parcel_id": np.arange(100, 100 + n),
            "weight_kg": np.round(rng.uniform(0.2, 30, n), 1),
            "distance_km": rng.integers(2, 900, n),
            "region": rng.integers(0, 3, n),
            "service": rng.integers(0, 2, n),
            "stops": rng.integers(5, 60, n),
        }
    )
    score = 0.003 * frame.distance_km + 0.04 * frame.stops + 0.8 * (frame.region == 2) - frame.service
    frame["delivery"] = (score + rng.normal(0, 0.7, n) > 2.2).astype(int)
    features = [c for c in frame.columns if c not in ("parcel_id", "delivery")]
    model = GradientBoostingClassifier(random_state=0).fit(frame[features], frame.delivery)
    joblib.dump(model, folder / "model.joblib")
    frame.to_csv(folder / "parcels.csv", index=False)
    config = {**PARCEL_CONFIG, "model_path": "model.joblib", "data_path": "parcels.csv"}
    (folder / "host.json").write_text(json.dumps(config), encoding="utf-8")
    return load_host_config(folder / "host.json")


@pytest.fixture(scope="module")
def parcel_host(tmp_path_factory):
    return _parcel_host(tmp_path_factory.mktemp("parcel-host"))


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _engine(host: Any, turns: list[str]) -> list[Any]:
    """The engine's turns for `turns` in one conversation on `host`, router backend."""

    async def run() -> list[Any]:
        conversation = Agent(host, RouterBackend()).conversation()
        return [await conversation.send(t) for t in turns]

    return asyncio.run(run())


# --- an attribute of one instance the data does not record ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "schema", "word", "meant"),
    [
        ("what's the churn score of 12", DEMO, "churn score", None),
        ("what's the abv of member 5010?", INSURANCE, "abv", None),
        ("could you tell me the zip code of applicant 40", LOAN, "zip code", None),
        ("what is the insulin level of patient 12", DEMO, "insulin level", None),  # the selector is unsure here
        ("what's patient 8's weight?", DEMO, "weight", "bmi"),
        ("show me the salary of applicant 7", LOAN, "salary", "income"),
    ],
)
def test_an_attribute_the_data_does_not_record_is_asked_about(router, text, schema, word, meant):
    question, calls = route(router, text, schema)
    assert calls == []
    assert f"'{word}'" in question
    if meant is None:
        assert "none of the model's features" in question
    else:
        assert f"could mean {meant}" in question


def test_an_attribute_question_on_a_host_of_our_own(router, parcel_host):
    question, calls = route(router, "what's the fuel cost of parcel 120?", parcel_host.schema())
    assert calls == [] and "'fuel cost'" in question and "parcel 120" in question


@pytest.mark.parametrize(
    ("text", "schema", "function"),
    [
        ("what's the credit score of applicant 7", LOAN, "get_prediction"),  # a feature: its value is shown
        ("whats the risk score of patient 3", DEMO, "get_prediction"),  # words said of any model's outcome
        ("what are the top factors for patient 5", DEMO, "get_local_explanation"),
        ("what's the approval chance of applicant 7", LOAN, "get_prediction"),  # a form of the label
        ("what does the model say for patient 120?", DEMO, "get_prediction"),
    ],
)
def test_words_about_the_outcome_or_a_feature_are_still_answered(router, text, schema, function):
    question, calls = route(router, text, schema)
    assert question == "" and calls and calls[0][0] == function


def test_a_features_name_answers_the_attribute_question(hosts):
    asked, answered = _engine(hosts["demo"], ["what's the weight of patient 8", "yes, bmi"])
    assert asked.clarification is not None and not asked.calls
    assert [(c.function, c.arguments) for c in answered.calls] == [("get_prediction", {"instance": 8})]
    assert "bmi =" in answered.reply


def test_the_prediction_answers_the_attribute_question(hosts):
    _asked, answered = _engine(hosts["insurance"], ["whats the blood type of member 5200", "ok just the prediction"])
    assert [(c.function, c.arguments) for c in answered.calls] == [("get_prediction", {"instance": 5200})]


# --- a group word the data cannot select is quoted alone -------------------------------------------------------


def test_only_the_unclear_word_of_a_group_is_quoted(hosts):
    (turn,) = _engine(hosts["demo"], ["what's the recall for women above 45?"])
    assert turn.clarification is not None
    assert "'women'" in turn.reply and "age > 45 and women'" not in turn.reply.split("(in ")[0]


# --- a category with an article before its feature's name --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how often is it right in the mountain region?", "region = mountain"),
        ("what does it predict for the coastal region", "region = coastal"),
    ],
)
def test_the_category_with_an_article_is_a_group_on_our_host(parcel_host, text, group):
    schema = parcel_host.schema()
    assert group_spans(normalize(text, schema), schema)
    assert extract_group(text, schema) == group


def test_the_category_with_an_article_in_a_what_if_is_no_group(parcel_host):
    schema = parcel_host.schema()
    assert group_spans(normalize("what if parcel 130 had moved to the coastal region", schema), schema) == []


def test_a_count_in_the_central_region_is_over_the_group(router, parcel_host):
    question, calls = route(router, "how many in the central region are predicted late?", parcel_host.schema())
    assert question == "" and calls[0][0] == "get_prediction"
    assert "region = central" in calls[0][1]["instance"]


# --- ranges and units ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "schema", "group"),
    [
        ("how accurate is it for patients between 30 and 40", DEMO, "age >= 30 and age <= 40"),
        ("recall on members aged between 25 and 35", INSURANCE, "age >= 25 and age <= 35"),
        ("f1 for smokers between 40 and 60", INSURANCE, "smoker = yes and age >= 40 and age <= 60"),
    ],
)
def test_an_age_range_of_people_is_a_group(text, schema, group):
    assert set(str(extract_group(text, schema)).split(" and ")) == set(group.split(" and "))


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("accuracy for parcels heavier than 20 kg", "weight_kg > 20"),
        ("how well does it do on parcels lighter than 5 kg", "weight_kg < 5"),
        ("precision on routes over 500 km", "distance_km > 500"),
    ],
)
def test_a_bound_with_a_features_unit_is_a_group(parcel_host, text, group):
    assert extract_group(text, parcel_host.schema()) == group


def test_a_bound_nothing_reads_is_asked_about_not_dropped(hosts):
    assert extract_argument("group", "accuracy for patients over 60 kg", DEMO) == "over 60 kg"
    (turn,) = _engine(hosts["demo"], ["how accurate is it for patients over 60 kg"])
    assert turn.clarification is not None and "'over 60 kg'" in turn.reply
    assert not any(c.status == "ok" for c in turn.calls)


# --- corrections and "the opposite" --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "turns", "expected"),
    [
        ("demo", ["why is patient 12 progressing?", "no, I meant 14"], ("get_local_explanation", 14)),
        ("insurance", ["predict 5010", "no sorry i meant 5011"], ("get_prediction", 5011)),
        (
            "loan",
            ["what would it take for applicant 3 to be approved", "oops, applicant 4"],
            ("explain_how_to_be_that", 4),
        ),
    ],
)
def test_a_correction_is_the_previous_question_for_the_new_id(hosts, host, turns, expected):
    first, corrected = _engine(hosts[host], turns)
    (call,) = corrected.calls
    assert (call.function, call.arguments["instance"]) == expected
    kept = {k: v for k, v in first.calls[0].arguments.items() if k != "instance"}
    assert {k: call.arguments.get(k) for k in kept} == kept  # the label or target of the question is kept


def test_a_correction_after_a_what_if_with_two_readings_asks(hosts):
    _first, corrected, picked = _engine(
        hosts["demo"], ["what if patient 5 had a bmi of 30", "no, I meant 35", "patient 35"]
    )
    assert corrected.clarification is not None and not corrected.calls
    assert "patient 35" in corrected.reply and "bmi" in corrected.reply  # both readings offered
    assert [(c.function, c.arguments) for c in picked.calls] == [
        ("explain_what_if", {"instance": 35, "changes": {"bmi": 30}})
    ]


@pytest.mark.parametrize(
    ("host", "turns", "expected"),
    [
        (
            "loan",
            ["why was applicant 9 rejected", "and the opposite?"],
            {"instance": 9, "prediction_label": "approved"},
        ),
        ("loan", ["how many applicants are predicted approved", "the reverse?"], {"instance": "prediction = rejected"}),
        (
            "demo",
            ["what if patient 5's bmi were 10% higher", "and the opposite?"],
            {"instance": 5, "changes": {"bmi": "-10%"}},
        ),
        (
            "demo",
            ["what if patient 5's glucose went up by 10", "what about the other way round"],
            {"instance": 5, "changes": {"glucose": "-10"}},
        ),
    ],
)
def test_the_opposite_is_the_other_class_or_direction(hosts, host, turns, expected):
    _first, turn = _engine(hosts[host], turns)
    (call,) = turn.calls
    assert call.arguments == expected


def test_the_opposite_of_a_text_hosts_question(hosts):
    _first, turn = _engine(hosts["sentiment"], ["why isn't review 12 negative", "and the opposite?"])
    (call,) = turn.calls  # review 12 is predicted positive: "why isn't it positive" is asked as why it is positive
    assert call.arguments["instance"] == 12
    assert "positive" in (call.arguments.get("expected_label"), call.arguments.get("prediction_label"))
    assert REVIEWS.class_names == ["negative", "positive"]


def test_a_class_named_with_an_underscore_is_read_with_a_space(router, parcel_host):
    question, calls = route(router, "why isn't parcel 210 on time?", parcel_host.schema())
    assert question == "" and calls == [("explain_why_not", {"instance": 210, "expected_label": "on_time"})]
