"""Turns on an invented host a user might bring (boat charters, built here) that were answered without a word
where a question or a group answer was due: a relative what-if step that lands below the data's fewest crew.
The phrasings are our own.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.hosts.base import Host


@pytest.fixture(scope="module")
def charter_host(tmp_path_factory) -> Host:
    """Boat charters: crew (whole numbers, 2 to 9), wave height, the hull's insured sum in thousands of euros
    (the scale in the column's name), a hull type; damage on return predicted by a random forest."""
    import joblib
    import numpy as np
    import pandas as pd
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.config import load_host_config

    folder = tmp_path_factory.mktemp("charters")
    rng = np.random.default_rng(11)
    n = 240
    frame = pd.DataFrame(
        {
            "charter_no": np.arange(3101, 3101 + n),
            "crew": rng.integers(2, 10, n),
            "wave_height_m": np.round(rng.uniform(0.2, 4.5, n), 1),
            "insured_sum_kEUR": np.round(rng.uniform(40, 1500, n), 0),
            "hull type": rng.choice(["wooden", "steel", "composite"], n),
        }
    )
    frame.loc[0, "crew"] = 3
    score = 0.6 * frame.wave_height_m - 0.2 * frame.crew + (frame["hull type"] == "wooden") + rng.normal(0, 0.5, n)
    frame["damage"] = np.where(score < 0.2, "none", np.where(score < 1.2, "minor", "major"))
    features = ["crew", "wave_height_m", "insured_sum_kEUR", "hull type"]
    one_hot = OneHotEncoder(handle_unknown="ignore")
    encode = ColumnTransformer([("cat", one_hot, ["hull type"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("fit", RandomForestClassifier(n_estimators=30, random_state=0))])
    joblib.dump(model.fit(frame[features], frame.damage), folder / "model.joblib")
    frame.to_csv(folder / "charters.csv", index=False)
    config = {
        "name": "boat charters",
        "model_path": "model.joblib",
        "data_path": "charters.csv",
        "target": "damage",
        "instance_noun": "charter",
        "id_column": "charter_no",
        "feature_aliases": {"wave_height_m": ["wave height", "waves"], "insured_sum_kEUR": ["insured sum"]},
    }
    (folder / "host.json").write_text(json.dumps(config), encoding="utf-8")
    return load_host_config(folder / "host.json")


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(text) for text in texts]


def _ran(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


async def test_a_relative_step_below_the_fewest_crew_is_asked(charter_host: Host) -> None:
    crew = charter_host.schema().feature("crew")
    assert crew is not None and crew.min == 2
    for text, lands in (("what if charter 3101 had 1 fewer crew member?", "3 to 2"),):
        (turn,) = await _turns(charter_host, text)
        assert [c.function for c in turn.calls if c.status == "ok"] == ["explain_what_if"], lands
    for text, lands in (
        ("what if charter 3101 had 2 fewer crew members?", "3 to 1"),
        ("what if charter 3101 had 3 fewer crew?", "3 to 0"),
    ):
        asked, ran = await _turns(charter_host, text, "yes")
        assert _ran(asked) == [] and f"would go from {lands}, below the data's range 2" in asked.reply
        assert [f for f, _ in _ran(ran)] == ["explain_what_if"]


@pytest.mark.parametrize(
    ("said", "value"),
    [("1.2 million euros", 1200), ("€2m", 2000), ("500k euros", 500), ("1.5 million", 1500)],
)
def test_money_said_with_a_scale_is_put_in_the_unit_the_name_states(charter_host: Host, said: str, value: float):
    from simxai.extraction import extract_changes

    text = f"what if charter 3101 had an insured sum of {said}?"
    assert extract_changes(text, charter_host.schema()) == {"insured_sum_kEUR": value}


def test_a_scale_is_read_for_a_feature_whose_description_states_it() -> None:
    from simxai.extraction import extract_changes
    from simxai.hosts.base import FeatureSchema, HostSchema

    cost = FeatureSchema(name="build_cost", type="numeric", min=5, max=900, description="cost in millions of euros")
    rooms = FeatureSchema(name="rooms", type="numeric", min=1, max=40)
    schema = HostSchema(
        name="hotels",
        kind="tabular",
        instance_noun="hotel",
        class_names=["a", "b"],
        features=[cost, rooms],
        id_range=(1, 99),
    )
    assert extract_changes("what if the build cost were €250 million?", schema) == {"build_cost": 250}
    assert extract_changes("what if the build cost were 1.5 billion euros?", schema) == {"build_cost": 1500}


@pytest.mark.parametrize(("said", "bound"), [("above 500k euros", "> 500"), ("over €2m", "> 2000")])
async def test_a_count_of_those_insured_past_an_amount_is_about_that_group(charter_host: Host, said: str, bound: str):
    (turn,) = await _turns(charter_host, f"how many charters are insured {said}?")
    ((function, arguments),) = _ran(turn)  # the count, with or without the insured sums described
    assert function == "get_data_information" and arguments["group"] == f"insured_sum_kEUR {bound}"


def test_a_scaled_amount_binds_the_money_feature_whose_name_word_is_said() -> None:
    from simxai.extraction import extract_group
    from simxai.hosts.base import FeatureSchema, HostSchema

    hull = FeatureSchema(name="hull_insured_kUSD", type="numeric", min=20, max=3000)
    fee = FeatureSchema(name="harbour_fee_kUSD", type="numeric", min=1, max=90)
    schema = HostSchema(
        name="yachts",
        kind="tabular",
        instance_noun="yacht",
        class_names=["a", "b"],
        features=[hull, fee],
        id_range=(1, 99),
    )
    assert extract_group("yachts insured for more than $1.5 million", schema) == "hull_insured_kUSD > 1500"
    assert extract_group("yachts with a harbour fee under 20k dollars", schema) == "harbour_fee_kUSD < 20"


async def test_which_of_a_group_had_a_value_lists_the_group_and_changes_nothing(charter_host: Host) -> None:
    (turn,) = await _turns(charter_host, "which charters on steel hulls had a wave height under 1?")
    ((function, arguments),) = _ran(turn)
    assert function == "get_prediction" and "changes" not in arguments
    assert set(str(arguments["instance"]).split(" and ")) == {"hull type = steel", "wave_height_m < 1"}


@pytest.mark.parametrize(
    ("text", "function"),
    [
        ("which charters on steel hulls had a wave height under 1?", "get_prediction"),  # steel: already theirs
        ("what if the charters on steel hulls had wooden hulls?", "explain_what_if"),  # a real change stays
    ],
)
def test_a_what_if_to_the_value_its_group_holds_is_the_groups_predictions(charter_host: Host, text, function):
    from simxai.backends._router_decision import Decision, changes_decision
    from tests.backends.routing import FUNCTIONS

    sure = Decision("explain_what_if", 0.9, True)  # the selector sure of a what-if, as it was on the museum host
    decided = changes_decision(sure, text, [], charter_host.schema(), {f.name for f in FUNCTIONS})
    assert (decided or sure).function == function
