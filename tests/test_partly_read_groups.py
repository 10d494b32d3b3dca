"""A group named partly in words the host holds and partly in words it does not: the read part is never run alone.

"crossings over 30 km/h on the night routes": wind_kmh > 30 is read, "night routes" names nothing of the host, so
the router asks back quoting the unread words instead of scoring or predicting for every crossing over 30 km/h.
And a label after a categorical feature ("the north sector were cancelled") is no value of that feature. An
invented ferry host, built here with scikit-learn.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai import Host
from simxai.backends._router_unheld_subset import unread_part
from simxai.extraction import extract_group
from simxai.hosts import host_from_model
from simxai.messages import ToolCall
from tests.test_name_words import _run


@pytest.fixture(scope="module")
def ferry_host() -> Host:
    rng = np.random.default_rng(3)
    n = 260
    data = pd.DataFrame(
        {
            "crossing_id": np.arange(7001, 7001 + n),
            "sector": rng.choice(["north", "south", "harbour"], n),
            "WaveHeightM": np.round(rng.uniform(0.2, 4.5, n), 1),
            "wind_kmh": np.round(rng.uniform(0, 70, n), 0),
            "BoatLengthFt": rng.integers(40, 180, n),
        }
    )
    score = data.WaveHeightM + 0.05 * data.wind_kmh - 0.01 * data.BoatLengthFt + (data.sector == "north")
    data["cancelled"] = (score + rng.normal(0, 0.5, n) > 3.2).astype(int)
    features = ["sector", "WaveHeightM", "wind_kmh", "BoatLengthFt"]
    encode = ColumnTransformer([("cat", OneHotEncoder(handle_unknown="ignore"), ["sector"])], remainder="passthrough")
    model = Pipeline([("pre", encode), ("clf", RandomForestClassifier(n_estimators=20, random_state=0))])
    model.fit(data[features], data.cancelled)
    return host_from_model(
        model,
        data,
        name="ferry crossings",
        target="cancelled",
        class_names={0: "sails", 1: "cancelled"},
        instance_noun="crossing",
        id_column="crossing_id",
        test_ids=data.crossing_id[::5],
    )


@pytest.mark.parametrize(
    "text",
    [
        "how accurate is the model on crossings over 30 km/h on the night routes?",
        "show predictions for crossings over 30 km/h on the flurbish routes",
    ],
)
def test_the_unread_part_of_a_group_is_asked_about_and_quoted(ferry_host: Host, text: str) -> None:
    ((ran, question),) = _run(ferry_host, [text])
    assert ran == [] and question is not None
    assert "wind_kmh > 30" in question and ("'night routes'" in question or "'flurbish routes'" in question)


def test_a_group_read_whole_runs(ferry_host: Host) -> None:
    ((ran, question),) = _run(ferry_host, ["how accurate is the model on crossings over 30 km/h in the north sector?"])
    assert question is None
    assert ran == [("get_model_performance", {"metric": "accuracy", "group": "wind_kmh > 30 and sector = north"})]


def test_unread_part_needs_a_group_and_words_the_host_lacks(ferry_host: Host) -> None:
    schema = ferry_host.schema()
    scored = [ToolCall(id="c", name="get_model_performance", arguments={"group": "wind_kmh > 30"})]
    text = "accuracy on crossings over 30 km/h on the night routes"
    assert unread_part(text, scored, schema) == ("wind_kmh > 30", "night routes")
    assert unread_part("accuracy on crossings over 30 km/h on the north routes", scored, schema) is None
    assert unread_part("accuracy on the held-out crossings over 30 km/h", scored, schema) is None
    everyone = [ToolCall(id="c", name="get_model_performance", arguments={})]
    assert unread_part(text, everyone, schema) is None  # no group read: `unheld_subset` asks


def test_a_label_after_a_categorical_feature_is_no_value_of_it(ferry_host: Host) -> None:
    group = extract_group("how many crossings over 30 km/h in the north sector were cancelled?", ferry_host.schema())
    assert group == "wind_kmh > 30 and sector = north"


def test_a_group_in_words_is_no_read_part(ferry_host: Host) -> None:
    # "lots of wind" is passed on as said, for the function to ask its threshold: nothing was read in part
    calls = [ToolCall(id="c", name="get_model_performance", arguments={"group": "lots of wind"})]
    assert unread_part("how does it do on the night routes with lots of wind", calls, ferry_host.schema()) is None
