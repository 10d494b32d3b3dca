"""A new user's own model, end to end, on an invented host built here (lighthouse lamp outages: how each ended).

The host has what a user's own table often has: three classes kept as strings, a HistGradientBoosting classifier
behind a Pipeline with an ordinal and a one-hot encoder for two string columns, a True/False column, units in the
names in two styles (`gust_speed_ms`, `Lens Temp (C)`), a percentage stored 0-100 (`salt_pct`), a count of days
since an event and ids from 60001. Each answer is checked against the model run on the data:

- "20% stronger" beside a named feature is that feature 20 % higher, and never also a step of the percent column
  (`salt_pct` + 20, read from "%" as its unit); "salt 10 points higher" adds 10, "salt 10 % higher" is relative;
- a bound said alone in a correction ("no, I meant over 350") replaces the bound of the one feature the group in
  focus bounds, for the same question (before: the labels' meanings were answered);
- "those fresnel outages" after a group of Fresnel lamps in strong gusts is that whole group, not the Fresnel lamps
  alone (also with a turn on something else between), and a correction of the gusts' bound then keeps the lamp;
- "3 more keepers" names no feature: asked which, never a step of the feature changed last;
- a mistake in the config's `cards` is reported under `cards.`, the field the user wrote.

The phrasings are our own.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.exceptions import UsageError
from simxai.extraction import extract_changes
from simxai.hosts import host_from_model
from simxai.hosts.tabular import TabularHost

FEATURES = [
    "lamp",
    "shift",
    "foggy",
    "gust_speed_ms",
    "Lens Temp (C)",
    "salt_pct",
    "days_since_service",
    "crew_on_duty",
]
CLASSES = ["backup", "dark", "relit"]


def _outages() -> tuple[pd.DataFrame, Pipeline]:
    rng = np.random.default_rng(2828)
    n = 320
    data = pd.DataFrame(
        {
            "outage_no": np.arange(60001, 60001 + n),
            "lamp": rng.choice(["Fresnel", "Argand", "LED"], n),
            "shift": rng.choice(["dawn", "day", "night"], n),
            "foggy": rng.uniform(0, 1, n) < 0.4,
            "gust_speed_ms": np.round(rng.gamma(3, 3, n), 1),
            "Lens Temp (C)": np.round(rng.uniform(-10, 25, n), 1),
            "salt_pct": np.round(rng.uniform(20, 99, n)),
            "days_since_service": rng.integers(0, 420, n),
            "crew_on_duty": rng.integers(0, 6, n),
        }
    )
    scores = np.column_stack(
        [
            -0.5 + 0.03 * (data.salt_pct - 60) + 0.003 * data.days_since_service + 0.5 * data.foggy,
            -0.4 + 0.2 * (data.gust_speed_ms - 8) - 0.08 * data["Lens Temp (C)"] + 0.6 * (data.lamp == "Fresnel"),
            1.5 - 0.12 * data.gust_speed_ms - 0.6 * data.foggy + 0.3 * (data.shift == "day"),
        ]
    ) + rng.gumbel(0, 0.6, (n, 3))
    data["ending"] = np.array(CLASSES)[scores.argmax(1)]
    encode = ColumnTransformer(
        [("lamp", OrdinalEncoder(), ["lamp"]), ("shift", OneHotEncoder(), ["shift"])], remainder="passthrough"
    )
    model = Pipeline([("encode", encode), ("boost", HistGradientBoostingClassifier(max_iter=60, random_state=0))])
    model.fit(data[FEATURES].iloc[::2], data.ending.iloc[::2])
    return data, model


def _host(data: pd.DataFrame, model: Pipeline, **fields: object) -> TabularHost:
    return host_from_model(
        model,
        data,
        name="lamp outage ending",
        target="ending",
        instance_noun="outage",
        id_column="outage_no",
        feature_aliases={"gust_speed_ms": ["gusts", "gust speed"], "salt_pct": ["salt"]},
        test_ids=data.outage_no.iloc[1::2],
        **fields,  # type: ignore[arg-type]
    )


@pytest.fixture(scope="module")
def outages() -> tuple[TabularHost, pd.DataFrame, Pipeline]:
    data, model = _outages()
    return _host(data, model), data, model


def _probabilities(model: Pipeline, rows: pd.DataFrame) -> dict[str, float]:
    return dict(zip(model.classes_, model.predict_proba(rows[FEATURES])[0], strict=True))


async def _send(host: TabularHost, *turns: str):
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(turn) for turn in turns]


def _group(turn) -> set[str]:
    [call] = turn.calls
    return set((call.arguments.get("group") or call.arguments.get("instance")).split(" and "))


@pytest.mark.parametrize("said", ["what if the gusts were 20% stronger", "with gusts 20 % higher?"])
async def test_a_percent_beside_a_named_feature_is_no_step_of_the_percent_column(outages, said: str) -> None:
    host, data, model = outages
    [_, turn] = await _send(host, "what does the model predict for outage 60017?", said)
    [call] = turn.calls
    assert call.function == "explain_what_if"
    assert call.arguments["changes"] == {"gust_speed_ms": "+20%"}
    changed = data[data.outage_no == 60017].copy()
    changed["gust_speed_ms"] *= 1.2
    assert call.output["new_probabilities"] == pytest.approx(_probabilities(model, changed))


def test_points_of_a_percent_column_add_and_a_percent_of_it_is_relative(outages) -> None:
    host, _, _ = outages
    schema = host.schema()
    assert extract_changes("what if it were 20% higher", schema) is None
    assert extract_changes("salt 10 points higher", schema) == {"salt_pct": "+10"}
    assert extract_changes("salt 10 % higher", schema) == {"salt_pct": "+10%"}


async def test_a_bound_said_alone_in_a_correction_replaces_the_groups_one_bound(outages) -> None:
    host, data, _ = outages
    [_, turn] = await _send(host, "how many outages have days_since_service over 300", "no, I meant over 350")
    [call] = turn.calls
    assert call.function == "get_data_information"
    assert _group(turn) == {"days_since_service > 350"}
    assert call.output["n_rows"] == int((data.days_since_service > 350).sum())
    assert str(call.output["n_rows"]) in turn.reply


@pytest.mark.parametrize("between", [[], ["what are the most important features overall?"]])
async def test_those_named_by_part_of_the_group_in_focus_are_the_whole_group(outages, between: list[str]) -> None:
    host, data, _ = outages
    first, *_, second, third = await _send(
        host,
        "show me outages of the Fresnel lamp with gusts above 10 m/s",
        *between,  # a turn on something else between: "those" still points back at the group
        "what is the mean salt of those fresnel outages?",
        "sorry, I meant gusts above 12 not 10",
    )
    assert _group(first) == {"lamp = Fresnel", "gust_speed_ms > 10"}
    [call] = second.calls
    assert call.function == "get_data_information" and call.arguments["feature"] == "salt_pct"
    assert _group(second) == {"lamp = Fresnel", "gust_speed_ms > 10"}
    assert call.output["n_rows"] == int(((data.lamp == "Fresnel") & (data.gust_speed_ms > 10)).sum())
    [call] = third.calls
    assert call.function == "get_data_information"
    assert _group(third) == {"lamp = Fresnel", "gust_speed_ms > 12"}
    assert call.output["n_rows"] == int(((data.lamp == "Fresnel") & (data.gust_speed_ms > 12)).sum())


def test_a_part_of_the_group_named_alone_is_still_its_own_group(outages) -> None:
    # "those fresnel outages" points back; "the fresnel outages" with no "those" is a group of its own
    host, _, _ = outages
    from simxai.extraction import extract_group

    assert extract_group("what is the mean salt of the fresnel outages?", host.schema()) == "lamp = Fresnel"


async def test_a_step_in_a_count_of_no_feature_is_asked_not_put_on_the_last_feature(outages) -> None:
    host, _, _ = outages
    _, changed, turn = await _send(
        host,
        "what does the model predict for outage 60017?",
        "what if the gust speed had been 12 m/s?",
        "what if outage 60017 had 3 more keepers",
    )
    assert [c.arguments["changes"] for c in changed.calls] == [{"gust_speed_ms": 12}]
    assert not [c for c in turn.calls if c.status == "ok"]
    assert "keepers" in turn.reply and "3 higher" in turn.reply


def test_a_mistake_in_the_cards_is_reported_under_cards() -> None:
    data, model = _outages()
    with pytest.raises(UsageError, match=r"cards\.label_meanings names unknown labels \['lit'\]; labels are"):
        _host(data, model, cards={"label_meanings": {"lit": "the lamp was lit again"}})
    with pytest.raises(UsageError, match=r"cards\.feature_descriptions names unknown features \['Lens Temp'\]"):
        _host(data, model, cards={"feature_descriptions": {"Lens Temp": "the lens in degrees"}})
