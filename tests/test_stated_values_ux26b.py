"""Values a new user states beside one instance, and steps of a month, on an invented host built here.

An overwintering host (bee colonies; a winter temperature below zero, a 0-1 share, a month of the year, a category):

- a value stated beside an instance's prediction ("what would hive 3012 get with a mite share of 0.4?") that differs
  from the hive's own is tried as a what-if when said as a supposition, asked back in one question offering both
  when not, and the prediction stands when the hive's own value is the one stated — never dropped in silence;
- "a winter temperature of minus 20" / "at minus 20 degrees" is the value -20, "5 degrees lower" a step;
- a month step past the year's end wraps round (December + 1 is 1, February - 3 is 11) and the reply says so.

Every answer is checked against the model run on the data. The phrasings are our own.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts import host_from_model
from simxai.hosts.tabular import TabularHost, stratified_split

FEATURES = ["apiary", "winter_temp_[c]", "mite_share", "sampling_month", "frames_of_brood"]


@pytest.fixture(scope="module")
def hives() -> tuple[TabularHost, pd.DataFrame, RandomForestClassifier]:
    rng = np.random.default_rng(2612)
    n = 240
    data = pd.DataFrame(
        {
            "hive_no": 3001 + np.arange(n) * 2,
            "apiary": rng.choice([0, 1, 2], n),
            "winter_temp_[c]": np.round(rng.uniform(-25, -2, n), 1),
            "mite_share": np.round(rng.uniform(0.0, 0.6, n), 2),
            "sampling_month": rng.integers(1, 13, n),
            "frames_of_brood": rng.integers(2, 10, n),
        }
    )
    score = 6 * (data.mite_share - 0.3) - 0.08 * (data["winter_temp_[c]"] + 12) + rng.normal(0, 0.5, n)
    data["lost"] = (score > 0).astype(int)
    model = RandomForestClassifier(n_estimators=40, random_state=0).fit(data[FEATURES], data.lost)
    train, test = stratified_split(data.lost.to_numpy(), 0.2, 0)
    host = host_from_model(
        model,
        data,
        name="overwintering",
        target="lost",
        class_names={0: "survived", 1: "lost"},
        instance_noun="hive",
        id_column="hive_no",
        test_ids=data.hive_no.iloc[test],
        feature_aliases={"mite_share": ["mite share"], "winter_temp_[c]": ["winter temperature"]},
    )
    return host, data, model


def _row(data: pd.DataFrame, hive: int) -> pd.Series:
    return data.loc[data.hive_no == hive, FEATURES].iloc[0]


def _proba(model: RandomForestClassifier, row: pd.Series, **changes: float) -> list[float]:
    changed = row.copy()
    for name, value in changes.items():
        changed[name] = value
    return [float(p) for p in model.predict_proba(pd.DataFrame([changed])[FEATURES])[0]]


def _hive(data: pd.DataFrame, mask: pd.Series) -> int:
    return int(data.hive_no[mask].iloc[0])


async def test_a_stated_value_said_as_a_supposition_is_a_what_if(hives) -> None:
    host, data, model = hives
    hive = _hive(data, data.mite_share < 0.2)
    turn = (
        await Agent(host, RouterBackend()).conversation().send(f"what would hive {hive} get with a mite share of 0.45?")
    )
    [call] = turn.calls
    assert (call.function, call.arguments) == ("explain_what_if", {"instance": hive, "changes": {"mite_share": 0.45}})
    expected = _proba(model, _row(data, hive), mite_share=0.45)
    assert call.output["new_probabilities"]["lost"] == pytest.approx(expected[1])
    assert call.output["changes"][0]["old"] == pytest.approx(float(_row(data, hive).mite_share))


async def test_a_stated_value_unclear_as_fact_or_supposition_is_asked(hives) -> None:
    host, data, model = hives
    hive = _hive(data, data.mite_share < 0.2)
    own = float(_row(data, hive).mite_share)
    conversation = Agent(host, RouterBackend()).conversation()
    turn = await conversation.send(f"hive {hive} with a mite share of 0.45, what does it predict?")
    assert turn.clarification is not None and f"{own:g}" in turn.clarification.question
    assert not [c for c in turn.calls if c.status == "ok"]  # never the recorded hive's prediction in silence
    turn = await conversation.send("yes")
    [call] = [c for c in turn.calls if c.status == "ok"]
    assert call.function == "explain_what_if" and call.arguments["changes"] == {"mite_share": 0.45}
    assert call.output["new_probabilities"]["lost"] == pytest.approx(
        _proba(model, _row(data, hive), mite_share=0.45)[1]
    )


async def test_another_value_answers_the_question(hives) -> None:
    host, data, model = hives
    hive = _hive(data, data.mite_share < 0.2)
    conversation = Agent(host, RouterBackend()).conversation()
    await conversation.send(f"hive {hive} with a mite share of 0.45, what does it predict?")
    turn = await conversation.send("no, 0.5")
    [call] = [c for c in turn.calls if c.status == "ok"]
    assert call.function == "explain_what_if" and call.arguments["changes"] == {"mite_share": 0.5}
    assert call.output["new_probabilities"]["lost"] == pytest.approx(_proba(model, _row(data, hive), mite_share=0.5)[1])
    await conversation.send(f"hive {hive} with a mite share of 0.45, what does it predict?")
    turn = await conversation.send(f"predict hive {hive}")  # the recorded one, as the question offers
    [call] = turn.calls
    assert (call.function, call.status) == ("get_prediction", "ok")
    assert call.output["probabilities"]["lost"] == pytest.approx(_proba(model, _row(data, hive))[1])


async def test_the_hives_own_value_keeps_the_prediction(hives) -> None:
    host, data, model = hives
    hive = _hive(data, data.mite_share < 0.2)
    own = float(_row(data, hive).mite_share)
    turn = (
        await Agent(host, RouterBackend())
        .conversation()
        .send(f"hive {hive} with a mite share of {own:g}, what does it predict?")
    )
    [call] = turn.calls
    assert (call.function, call.arguments, call.status) == ("get_prediction", {"instance": hive}, "ok")
    assert call.output["probabilities"]["lost"] == pytest.approx(_proba(model, _row(data, hive))[1])


def test_minus_after_of_or_at_is_the_value_not_a_step(hives) -> None:
    schema = hives[0].schema()
    said = "what if hive 3001 had a winter temperature of minus 20?"
    assert extract_changes(said, schema) == {"winter_temp_[c]": -20}
    assert extract_changes("what if its winter temperature were at minus 18?", schema) == {"winter_temp_[c]": -18}
    assert extract_changes("what if it were at minus 10 degrees?", schema) == {"winter_temp_[c]": -10}
    assert extract_changes("what if the winter temperature were -15?", schema) == {"winter_temp_[c]": -15}
    # a step stays a step
    assert extract_changes("what if the winter temperature were 5 degrees lower?", schema) == {"winter_temp_[c]": "-5"}
    assert extract_changes("what if the winter temperature minus 5?", schema) == {"winter_temp_[c]": "-5"}


async def test_minus_twenty_runs_as_the_value(hives) -> None:
    host, data, model = hives
    hive = _hive(data, data["winter_temp_[c]"] > -10)
    text = f"what if hive {hive} had a winter temperature of minus 20?"
    turn = await Agent(host, RouterBackend()).conversation().send(text)
    [call] = turn.calls
    assert call.status == "ok" and call.output["changes"][0]["new"] == -20
    expected = _proba(model, _row(data, hive), **{"winter_temp_[c]": -20})
    assert call.output["new_probabilities"]["lost"] == pytest.approx(expected[1])


@pytest.mark.parametrize(("month", "text", "wrapped"), [(12, "a month later", 1), (2, "3 months earlier", 11)])
async def test_a_month_step_wraps_round_the_year(hives, month: int, text: str, wrapped: int) -> None:
    host, data, model = hives
    hive = _hive(data, data.sampling_month == month)
    turn = await Agent(host, RouterBackend()).conversation().send(f"what if hive {hive} had been sampled {text}?")
    [call] = turn.calls
    assert call.status == "ok", turn.reply
    [change] = call.output["changes"]
    assert (change["old"], change["new"]) == (month, wrapped)
    assert "wraps round to" in turn.reply and f"to {wrapped}" in turn.reply
    assert call.output["new_probabilities"]["lost"] == pytest.approx(
        _proba(model, _row(data, hive), sampling_month=wrapped)[1]
    )


async def test_a_step_inside_the_year_and_other_features_do_not_wrap(hives) -> None:
    host, data, _ = hives
    hive = _hive(data, (data.sampling_month == 5) & (data.frames_of_brood <= 4))
    conversation = Agent(host, RouterBackend()).conversation()
    turn = await conversation.send(f"what if hive {hive} had been sampled 2 months later?")
    assert turn.calls[0].output["changes"][0]["new"] == 7 and "wraps" not in turn.reply
    turn = await conversation.send(f"what if hive {hive} had a winter temperature 4 degrees lower?")
    old = float(_row(data, hive)["winter_temp_[c]"])
    assert turn.calls[0].output["changes"][0]["new"] == pytest.approx(old - 4) and "wraps" not in turn.reply
    turn = await conversation.send(f"what if hive {hive} had 6 more frames of brood?")
    frames = int(_row(data, hive).frames_of_brood)
    assert [c["new"] for c in turn.calls[0].output["changes"]] == [frames + 6] and "wraps" not in turn.reply
