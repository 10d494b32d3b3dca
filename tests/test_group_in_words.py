"""A group said in words is used, or asked about: never dropped, never replaced by the previous turn's group.

Through the engine (`simxai.Agent` with the router backend) on a coffee-shop footfall host built here from a
host config (weekday and weather coded as numbers with names), on the loan host and on the invented insurance
host: a category value in the plural or after "on / for" ("on saturdays", "on mortgages") is a group; a plural
that looks like a value but is none ("on blursdays") is passed on as said, so the function refuses it plainly;
the previous group carries over only to a bare follow-up ("and the recall?"). The phrasings are our own.
"""

from __future__ import annotations

from typing import Any

import joblib
import numpy as np
import pandas as pd
import pytest
import yaml
from sklearn.ensemble import RandomForestClassifier

from simxai import Turn
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_group
from simxai.hosts.base import FeatureSchema, Host, HostSchema
from simxai.hosts.config import load_host_config
from tests.backends.routing import talk

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


@pytest.fixture(scope="module")
def coffee_host(tmp_path_factory: pytest.TempPathFactory) -> Host:
    """A footfall model of a coffee shop, its CSV and a host config naming the codes of weekday and weather."""
    folder = tmp_path_factory.mktemp("coffee")
    rng = np.random.default_rng(4)
    n = 420
    data = pd.DataFrame(
        {
            "day_id": np.arange(1, n + 1),
            "weekday": rng.integers(0, 7, n),
            "weather": rng.integers(0, 4, n),
            "temperature": np.round(rng.uniform(-2, 30, n), 1),
            "price_latte": np.round(rng.uniform(2.5, 4.5, n), 2),
        }
    )
    score = (data.weekday >= 5) * 2 + (data.weather == 1) - (data.weather == 0) - (data.price_latte > 4)
    data["footfall"] = np.where(score >= 2, 0, np.where(score <= -1, 1, 2))
    model = RandomForestClassifier(n_estimators=20, random_state=0)
    model.fit(data[["weekday", "weather", "temperature", "price_latte"]], data.footfall)
    joblib.dump(model, folder / "model.joblib")
    data.to_csv(folder / "days.csv", index=False)
    config = {
        "name": "coffee footfall",
        "model_path": "model.joblib",
        "data_path": "days.csv",
        "target": "footfall",
        "class_names": {0: "busy", 1: "quiet", 2: "normal"},
        "instance_noun": "day",
        "id_column": "day_id",
        "category_names": {
            "weekday": dict(enumerate(WEEKDAYS)),
            "weather": {0: "rainy", 1: "sunny", 2: "cloudy", 3: "snowy"},
        },
        "feature_aliases": {"price_latte": ["latte price"]},
        "test_size": 0.2,
        "seed": 0,
    }
    (folder / "host.yaml").write_text(yaml.safe_dump(config))
    return load_host_config(folder / "host.yaml")


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def groups(turn: Turn) -> list[tuple[str, Any]]:
    return [(c.function, c.arguments.get("group")) for c in turn.calls]


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("How accurate is the model on saturdays?", "weekday = saturday"),
        ("how does the model do on sundays?", "weekday = sunday"),
        ("how accurate is the model for rainy days?", "weather = rainy"),
        ("accuracy on sunny days", "weather = sunny"),
        ("how accurate is it on mondays", "weekday = monday"),
    ],
)
async def test_a_value_in_the_plural_or_after_on_is_the_group(text, group, coffee_host, router):
    (turn,) = await talk(coffee_host, router, text)
    assert groups(turn) == [("get_model_performance", group)]
    assert turn.calls[0].status == "ok"


@pytest.mark.parametrize(
    ("host", "text", "group"),
    [
        ("loan", "how does the model do on mortgages?", "home_ownership = mortgage"),
        ("loan", "how accurate is the model for businesses?", "purpose = business"),
        ("insurance", "how accurate is the model on golds?", "plan = gold"),
        ("insurance", "how does it do on the gold plan?", "plan = gold"),  # as before
    ],
)
async def test_a_built_in_host_reads_the_plural_too(host, text, group, loan_host, insurance_host, router):
    (turn,) = await talk({"loan": loan_host, "insurance": insurance_host}[host], router, text)
    assert groups(turn) == [("get_model_performance", group)]


async def test_a_turn_naming_its_own_group_does_not_reuse_the_previous_one(coffee_host, router):
    first, second, third = await talk(
        coffee_host,
        router,
        "how accurate is the model on busy days?",
        "how does the model do on sundays?",
        "and the recall?",
    )
    assert groups(first) == [("get_model_performance", "label = busy")]
    assert groups(second) == [("get_model_performance", "weekday = sunday")]
    assert groups(third) == [("get_model_performance", "weekday = sunday")]  # a bare follow-up keeps it


async def test_on_the_loan_host_the_new_group_replaces_the_old(loan_host, router):
    first, second, third = await talk(
        loan_host, router, "how accurate is the model for renters?", "how does the model do on mortgages?", "and f1?"
    )
    assert groups(first) == [("get_model_performance", "home_ownership = rent")]
    assert groups(second) == [("get_model_performance", "home_ownership = mortgage")]
    assert groups(third) == [("get_model_performance", "home_ownership = mortgage")]


@pytest.mark.parametrize(
    ("host", "texts", "word"),
    [
        ("coffee", ["how accurate is the model on blursdays?"], "blursdays"),  # ends like the weekdays
        ("coffee", ["how accurate is the model on busy days?", "how does the model do on blursdays?"], "blursdays"),
        ("loan", ["how accurate is the model on morgages?"], "morgages"),  # spelt close to a value
        ("loan", ["accuracy for renters", "and how does it do on morgages?"], "morgages"),
    ],
)
async def test_a_word_that_looks_like_a_value_is_refused_naming_it(host, texts, word, coffee_host, loan_host, router):
    *_, turn = await talk({"coffee": coffee_host, "loan": loan_host}[host], router, *texts)
    assert groups(turn)[0] == ("get_model_performance", word)
    assert turn.calls[0].status == "rejected"
    assert f"'{word}'" in turn.reply and "cannot be scored" in turn.reply


@pytest.mark.parametrize(
    "text",
    ["how accurate is the model on average?", "what is the accuracy for all classes?", "accuracy on the test rows"],
)
def test_words_that_look_like_no_value_name_no_group(text, coffee_host):
    assert extract_group(text, coffee_host.schema()) is None


# --- a feature named by the head noun of its alias ---------------------------------------------------------


@pytest.mark.parametrize(
    "texts", [["what about the price?"], ["tell me about the data", "what about the price?"]], ids=["alone", "after"]
)
async def test_the_head_noun_of_an_alias_names_its_feature(texts, coffee_host, router):
    *_, turn = await talk(coffee_host, router, *texts)
    assert [(c.function, c.arguments) for c in turn.calls] == [("get_data_information", {"feature": "price_latte"})]


def test_a_head_noun_two_features_share_names_neither() -> None:
    from simxai.extraction import extract_feature
    from simxai.hosts.base import FeatureSchema, HostSchema

    cafe = HostSchema(
        name="cafe",
        kind="tabular",
        instance_noun="day",
        class_names=["busy", "quiet"],
        features=[
            FeatureSchema(name="price_latte", type="numeric", min=2, max=5, aliases=["latte price"]),
            FeatureSchema(name="price_cake", type="numeric", min=2, max=5, aliases=["cake price"]),
        ],
        id_range=(1, 100),
    )
    assert extract_feature("what about the price?", cafe) is None
    assert extract_feature("what about the cake price?", cafe) == "price_cake"


# --- a category value said as a verb in a what-if ----------------------------------------------------------


async def test_raining_is_the_change_to_rainy_and_survives_the_question_for_the_day(coffee_host, router):
    first, second = await talk(coffee_host, router, "what if it were raining?", "day 3")
    assert [(c.function, c.arguments, c.status) for c in first.calls] == [
        ("explain_what_if", {"changes": {"weather": "rainy"}}, "clarification")
    ]
    assert [(c.function, c.arguments) for c in second.calls] == [
        ("explain_what_if", {"instance": 3, "changes": {"weather": "rainy"}})
    ]


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if day 4 was snowing", {"weather": "snowy"}),
        ("what if it was raining on day 2", {"weather": "rainy"}),
        ("what if day 2 were sunny", {"weather": "sunny"}),  # as before
    ],
)
def test_a_verb_of_a_category_is_that_category(text, changes, coffee_host):
    from simxai.extraction import extract_changes

    assert extract_changes(text, coffee_host.schema()) == changes


def test_the_verb_of_a_category_is_no_typo(coffee_host, loan_host):
    from simxai.normalize import normalize

    assert normalize("what if it was raining", coffee_host.schema()) == "what if it was raining"
    assert "training" in normalize("how was the model trainng", loan_host.schema())  # a typo is still one


OPEN_TAIL_HOSTS = {
    "kennel": HostSchema(
        name="kennel",
        kind="tabular",
        instance_noun="dog",
        class_names=["waiting", "homed"],
        features=[
            FeatureSchema(name="age_years", type="numeric", min=0, max=16, aliases=["age"]),
            FeatureSchema(name="fee_usd", type="numeric", min=0, max=300, aliases=["fee"]),
            FeatureSchema(name="daily_walk_mins", type="numeric", min=0, max=120),
        ],
        id_range=(900, 1300),
    ),
    "ski": HostSchema(
        name="ski runs",
        kind="tabular",
        instance_noun="run",
        class_names=["open", "closed"],
        features=[
            FeatureSchema(name="gradient_deg", type="numeric", min=5, max=45, aliases=["gradient"]),
            FeatureSchema(name="snow_depth_cm", type="numeric", min=0, max=300, aliases=["snow depth"]),
        ],
        id_range=(1, 800),
    ),
}


@pytest.mark.parametrize(
    ("host", "text", "condition"),
    [
        ("kennel", "f1 for dogs with age 9 or older", "age_years >= 9"),
        ("kennel", "accuracy on dogs whose age is 3 and younger", "age_years <= 3"),
        ("ski", "recall on runs with a gradient of 25 or steeper", "gradient_deg >= 25"),
        ("ski", "precision for runs with a snow depth of 40 or shallower", "snow_depth_cm <= 40"),
        # the unit a feature's name ends in, written out after the number
        ("ski", "recall on runs of 25 degrees or steeper", "gradient_deg >= 25"),
        ("kennel", "accuracy on dogs walked 30 minutes or longer a day", "daily_walk_mins >= 30"),
        ("kennel", "accuracy on dogs walked 20 minutes and under", "daily_walk_mins <= 20"),
    ],
)
def test_a_bound_opened_by_a_comparative_is_read(host, text, condition):
    assert extract_group(text, OPEN_TAIL_HOSTS[host]) == condition
