"""A new user's questions about the categories of one feature, on their own model and the shipped ones: the model
scored on each category is followed by which category it does worst and best on ("which carrier does the model do
worst on?" names the carrier, not only the numbers). On the invented parcel host of tests/conftest.py and the loan
host. The phrasings are our own.
"""

from __future__ import annotations

import re

import pytest

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.base import Host


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(text) for text in texts]


def closing_sentence(reply: str) -> str:
    return reply[reply.rindex("Of these groups") :]


def _scores(turn: Turn, metric: str) -> dict[str, float]:
    """Each group scored in the turn, with its `metric` (accuracy when every metric was scored)."""
    scores = {}
    for call in turn.calls:
        if call.status == "ok" and call.function == "get_model_performance":
            output = call.output
            value = output["metrics"][metric] if output["metric"] == "all" else output["value"]
            scores[output["group"]] = value
    return scores


@pytest.mark.parametrize(
    ("fixture", "text", "metric"),
    [
        ("parcel_host", "on which carrier is the model weakest?", "accuracy"),
        ("parcel_host", "f1 per carrier", "f1"),
        ("loan_host", "which region does the model do worst on?", "accuracy"),
        ("loan_host", "precision broken down by region please", "precision"),
    ],
)
async def test_scores_by_category_end_by_naming_the_weakest_and_strongest(
    fixture: str, text: str, metric: str, request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(fixture)
    (turn,) = await _turns(host, text)
    scores = _scores(turn, metric)
    assert len(scores) >= 2, turn.calls
    low = min(scores, key=lambda g: scores[g])
    high = max(scores, key=lambda g: scores[g])
    assert f"worst on {low} ({metric}" in turn.reply
    assert f"does best on {high} ({metric}" in turn.reply
    # the closing sentence repeats two of the scores stated before it and no other number
    head, _, closing = turn.reply.rpartition("Of these groups")
    for value in re.findall(r"\d+(?:\.\d+)?", closing):
        assert value in head
    # and the guard finds nothing in it that the scores before it lacked (a group's score the guard misreads in the
    # scores themselves is the guard's matter, not this sentence's)
    outputs = [c.output for c in turn.calls if c.status == "ok"]
    vocabulary = Vocabulary.for_schema(host.schema())
    alone = check_claims(closing_sentence(turn.reply), outputs, vocabulary=vocabulary)
    before = check_claims(head, outputs, vocabulary=vocabulary)
    assert set(alone.unsupported) <= set(before.unsupported), (alone.unsupported, before.unsupported)


async def test_one_group_scored_gets_no_ranking(parcel_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "how accurate is it on dhl orders?")
    assert "worst on" not in turn.reply and "best on" not in turn.reply
    (turn,) = await _turns(loan_host, "what is the accuracy?")
    assert "worst on" not in turn.reply


def _ran(turn: Turn) -> list[tuple[str, dict[str, object]]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


@pytest.mark.parametrize(
    ("fixture", "text", "feature"),
    [
        ("parcel_host", "compare dhl and postal", "carrier"),
        ("parcel_host", "ups vs dhl?", "carrier"),
        ("loan_host", "how do the north and the west differ", "region"),
        ("loan_host", "can you compare car and home", "purpose"),
    ],
)
async def test_categories_compared_with_no_metric_get_the_labels_of_each(
    fixture: str, text: str, feature: str, request: pytest.FixtureRequest
) -> None:
    (turn,) = await _turns(request.getfixturevalue(fixture), text)
    assert _ran(turn) == [("get_data_information", {"feature": feature})]


async def test_categories_compared_on_a_metric_are_each_scored(parcel_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "compare ups and postal on recall")
    assert [(f, a["group"], a["metric"]) for f, a in _ran(turn)] == [
        ("get_model_performance", f"carrier = {c}", "recall") for c in ("postal", "ups")
    ]
    (turn,) = await _turns(loan_host, "compare the accuracy for east and south")
    assert {a["group"] for _, a in _ran(turn)} == {"region = east", "region = south"}


@pytest.mark.parametrize(
    ("fixture", "text", "group", "label"),
    [
        ("parcel_host", "why is postal late so often?", "carrier = postal", "late"),
        ("parcel_host", "how come ups orders always end up lost", "carrier = ups", "lost"),
        ("loan_host", "why are education loans rejected so often?", "purpose = education", "rejected"),
        ("loan_host", "why are business loans approved so often?", "purpose = business", "approved"),
    ],
)
async def test_why_a_class_is_frequent_in_a_category_explains_that_category(
    fixture: str, text: str, group: str, label: str, request: pytest.FixtureRequest
) -> None:
    # a category of a feature, not an instance: no question asking which one
    (turn,) = await _turns(request.getfixturevalue(fixture), text)
    ran = _ran(turn)
    # (the category alone, or its rows the model gives the class: both are that category's rows, not one instance)
    assert len(ran) == 1 and group in str(ran[0][1]["instance"]).split(" and "), turn.calls
    assert ran[0][0] == "get_local_explanation" and ran[0][1].get("prediction_label") == label


async def test_why_for_one_named_instance_stays_with_it(parcel_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "why is order 7005 late so often?")
    assert [a["instance"] for _, a in _ran(turn)] == [7005]


@pytest.fixture(scope="module")
def lot_host() -> Host:
    """Lots at three auction houses, each sold or kept back; a label that is an irregular verb's participle."""
    import numpy as np
    import pandas as pd
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(11)
    n = 200
    frame = pd.DataFrame(
        {
            "lot_id": np.arange(41, 41 + n),
            "house": rng.choice(["harrow", "marlowe", "quayside"], n),
            "reserve_price": np.round(rng.uniform(50, 900, n), 0),
        }
    )
    score = -0.004 * frame.reserve_price + 0.9 * (frame.house == "quayside") + rng.normal(1.5, 0.5, n)
    frame["result"] = np.where(score > 0, "sold", "unsold")
    features = ["house", "reserve_price"]
    encode = ColumnTransformer([("cat", OneHotEncoder(), ["house"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("fit", LogisticRegression(max_iter=500))])
    model.fit(frame[features], frame.result)
    return host_from_model(model, frame, name="auction lots", target="result", instance_noun="lot", id_column="lot_id")


async def test_a_class_named_by_its_verb_is_counted_per_category(parcel_host: Host, lot_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "which carriers lose the most parcels?")
    assert _ran(turn) == [("get_data_information", {"feature": "carrier"})]
    (turn,) = await _turns(lot_host, "what house sells the most lots")
    assert _ran(turn) == [("get_data_information", {"feature": "house"})]
