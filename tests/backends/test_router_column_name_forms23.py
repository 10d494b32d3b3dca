"""What a new user hit with a model of their own whose columns carry punctuation and units (round 23, ux23).

- A feature named with the sign or unit of its column's name ("hydration % over 70", "oven temp (c) below
  200", "bake time in minutes", "baked over 30 minutes" for `Bake Time/min`) is read in a group condition.
- A turn that states a new group by a bound ("and for those with ... below 5?") never inherits the group in
  focus: it is read, or asked about.
- "how does FEATURE affect the prediction?" with no subject is the model's global explanation.

The host is an invented bakery, built here from a host config the way a user brings one: a scikit-learn
Pipeline (one-hot encoder and gradient boosting) on trays of bread; its instance noun is also the first word
of one column ("Tray kg").
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_group
from simxai.followup_subject import states_a_group

COLUMNS = ["Oven Temp (C)", "Bake Time/min", "Hydration %", "Tray kg", "flour"]


def _bakery_host(folder: Path) -> Any:
    import joblib
    import numpy as np
    import pandas as pd
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.config import load_host_config

    rng = np.random.default_rng(5)
    n = 300
    frame = pd.DataFrame(
        {
            "tray": np.arange(700, 700 + n),
            "Oven Temp (C)": np.round(rng.uniform(180, 250, n), 1),
            "Bake Time/min": np.round(rng.uniform(20, 50, n), 1),
            "Hydration %": np.round(rng.uniform(55, 85, n), 1),
            "Tray kg": np.round(rng.uniform(1, 9, n), 1),
            "flour": rng.choice(["rye", "wheat", "spelt"], n),
        }
    )
    score = -abs(frame["Oven Temp (C)"] - 220) * 0.05 - abs(frame["Bake Time/min"] - 35) * 0.2
    score = score + (frame["flour"] == "rye") * 0.8 + rng.normal(0, 0.5, n)
    frame["crust"] = np.where(score > np.median(score), "crisp", "soft")
    encode = ColumnTransformer([("cat", OneHotEncoder(handle_unknown="ignore"), ["flour"])], remainder="passthrough")
    model = Pipeline([("pre", encode), ("hgb", HistGradientBoostingClassifier(random_state=0, max_iter=40))])
    model.fit(frame[COLUMNS], frame["crust"])
    joblib.dump(model, folder / "model.joblib")
    frame.to_csv(folder / "trays.csv", index=False)
    config = {
        "name": "bakery trays",
        "model_path": "model.joblib",
        "data_path": "trays.csv",
        "target": "crust",
        "instance_noun": "tray",
        "id_column": "tray",
        "seed": 0,
        "cards": {"description": "Trays of bread from an invented bakery, graded crisp or soft."},
    }
    (folder / "host.json").write_text(json.dumps(config), encoding="utf-8")
    return load_host_config(folder / "host.json")


@pytest.fixture(scope="module")
def bakery(tmp_path_factory):
    return _bakery_host(tmp_path_factory.mktemp("bakery-host"))


def _session(host: Any, turns: list[str]) -> list[Any]:
    async def run() -> list[Any]:
        conversation = Agent(host, RouterBackend()).conversation()
        return [await conversation.send(t) for t in turns]

    return asyncio.run(run())


def _ran(turn: Any) -> list[Any]:
    return [c for c in turn.calls if c.status == "ok"]


# --- (a) a feature said with its column's sign or unit -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("which trays have Hydration % over 70?", "Hydration % > 70"),
        ("which trays have hydration % over 70?", "Hydration % > 70"),
        ("trays with oven temp (c) below 200", "Oven Temp (C) < 200"),
        ("trays with Oven Temp (C) below 200", "Oven Temp (C) < 200"),
        ("trays with bake time/min over 30", "Bake Time/min > 30"),
        ("trays with bake time in minutes over 30", "Bake Time/min > 30"),
        ("trays with bake time over 30", "Bake Time/min > 30"),
        ("what does it predict for trays baked over 30 minutes?", "Bake Time/min > 30"),
    ],
)
def test_a_feature_said_with_its_sign_or_unit_is_a_condition(bakery, text, group):
    assert extract_group(text, bakery.schema()) == group


def test_the_hosts_noun_is_no_feature_of_its_own(bakery):
    # "trays" are the instances: "over 30 minutes" bounds the bake time only, never `Tray kg`
    assert extract_group("how does it do on trays over 30 minutes?", bakery.schema()) == "Bake Time/min > 30"
    assert extract_group("trays with tray kg over 5", bakery.schema()) == "Tray kg > 5"


# --- (b) a new group stated by a bound never takes the one in focus ---------------------------------------------


def test_new_groups_in_one_session_are_each_read(bakery):
    turns = _session(
        bakery,
        [
            "which trays have hydration over 80?",
            "what does the model predict for trays baked over 45 minutes?",
            "and for those with oven temp (c) below 190?",
        ],
    )
    said = [[c.arguments.get("instance") for c in _ran(t)] for t in turns]
    assert said == [["Hydration % > 80"], ["Bake Time/min > 45"], ["Oven Temp (C) < 190"]]


@pytest.mark.parametrize(
    "unread",
    [
        "and for those with crumb density below 5?",
        "what does the model predict for trays rested over 3 weeks?",
    ],
)
def test_a_new_group_nothing_reads_is_asked_about_not_the_last_one(bakery, unread):
    first, turn = _session(bakery, ["which trays have hydration over 80?", unread])
    assert [c.arguments.get("instance") for c in _ran(first)] == ["Hydration % > 80"]
    assert turn.clarification is not None
    assert not _ran(turn)
    assert "Hydration" not in turn.reply


def test_a_reference_to_the_group_in_focus_still_takes_it(bakery):
    # no bound of its own: "those" is the group in focus
    _first, turn = _session(bakery, ["which trays have hydration over 80?", "what drives the predictions for those?"])
    assert [c.arguments.get("instance") for c in _ran(turn)] == ["Hydration % > 80"]


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("and for those with crumb density below 5?", True),
        ("trays rested over 3 weeks", True),
        ("the ones whose score is under 3", True),
        ("what if those were over 3?", False),  # a what-if
        ("and those over 80% likely?", False),  # a bound on a chance
        ("why are those predicted crisp?", False),  # no bound
        ("what about tray 712?", False),
    ],
)
def test_which_turns_state_a_group(bakery, text, states):
    assert states_a_group(text, bakery.schema()) is states


# --- (c) how a feature bears on the output, with no subject: the global explanation -----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "how does flour affect the prediction?",
        "how do flour and bake time influence the predictions?",
        "what effect does hydration have on the outcome?",
    ],
)
def test_how_a_feature_affects_the_output_is_global(bakery, text):
    (turn,) = _session(bakery, [text])
    assert [c.function for c in _ran(turn)] == ["get_global_explanation"]


def test_how_a_feature_affects_the_output_is_global_after_a_group(bakery):
    turns = _session(bakery, ["which trays have hydration over 80?", "how does flour affect the prediction?"])
    assert [c.function for c in _ran(turns[-1])] == ["get_global_explanation"]
    assert turns[-1].clarification is None


@pytest.mark.parametrize(
    "text",
    [
        "how does flour affect the prediction for trays baked over 45 minutes?",  # of a group
        "how does flour affect the prediction of tray 712?",  # of one tray
    ],
)
def test_a_feature_effect_with_a_subject_is_not_global(bakery, text):
    (turn,) = _session(bakery, [text])
    assert "get_global_explanation" not in [c.function for c in _ran(turn)]
