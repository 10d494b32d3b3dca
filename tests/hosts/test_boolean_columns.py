"""A CSV column of True/False (a boolean the model was fitted on), a four-label forest whose labels have spaces, and
the bad inputs around it: JSON true and "yes" name True; a null for a feature the model does not read missing is
refused in one line (it was a 500: an IndexError building the message); gaps in such a column are refused naming
why, for a model that reads a missing number itself.

An invented kettle-descaling dataset, made up for these tests.
"""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression

from simxai import default_registry
from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts import host_from_model

FEATURES = ["hardness_dh", "litres_per_week", "filtered_water", "weeks_since_descale"]
OPTIONS = {"name": "kettles", "target": "state", "instance_noun": "kettle", "id_column": "kettle_no"}


def _kettles(n: int = 240, seed: int = 11) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "kettle_no": np.arange(501, 501 + n),
            "hardness_dh": np.round(rng.uniform(2, 25, n), 1),
            "litres_per_week": rng.integers(3, 40, n),
            "filtered_water": rng.random(n) < 0.3,
            "weeks_since_descale": rng.integers(0, 52, n),
        }
    )
    score = frame.hardness_dh * frame.weeks_since_descale / 150 * np.where(frame.filtered_water, 0.4, 1.0)
    frame["state"] = np.select(
        [score < 1, score < 2.5, score < 4.5], ["like new", "light scale", "heavy scale"], "needs repair"
    )
    # through a CSV, as a host config reads it: the boolean comes back as True/False
    return pd.read_csv(io.StringIO(frame.to_csv(index=False)))


@pytest.fixture(scope="module")
def kettles() -> pd.DataFrame:
    return _kettles()


@pytest.fixture(scope="module")
def model(kettles: pd.DataFrame) -> RandomForestClassifier:
    return RandomForestClassifier(n_estimators=30, max_depth=6, random_state=0).fit(kettles[FEATURES], kettles.state)


@pytest.fixture(scope="module")
def host(kettles: pd.DataFrame, model: RandomForestClassifier):  # type: ignore[no-untyped-def]
    return host_from_model(model, kettles, **OPTIONS)


def _call(host: object, name: str, arguments: dict[str, object]):  # type: ignore[no-untyped-def]
    registered = default_registry().get(name)
    assert registered is not None
    return registered(host, arguments)


@pytest.mark.parametrize("said", [True, "yes", "true", "True"])
def test_json_true_and_yes_name_true(host, kettles, model, said):
    result = _call(host, "get_prediction", {"instance": {"id": 502, "filtered_water": said}})
    row = kettles.loc[kettles.kettle_no == 502, FEATURES].copy()
    row["filtered_water"] = True
    assert list(result.probabilities.values()) == pytest.approx(list(model.predict_proba(row)[0]))
    assert result.subject.values["filtered_water"] == "True"


def test_json_false_in_a_what_if(host, kettles, model):
    kettle = int(kettles.kettle_no[kettles.filtered_water].iloc[0])
    result = _call(host, "explain_what_if", {"instance": kettle, "changes": {"filtered_water": False}})
    row = kettles.loc[kettles.kettle_no == kettle, FEATURES].copy()
    row["filtered_water"] = False
    assert list(result.new_probabilities.values()) == pytest.approx(list(model.predict_proba(row)[0]))
    assert "changing filtered_water from True to False" in result.render()


def test_another_word_for_a_boolean_names_the_valid_ones(host):
    with pytest.raises(ArgumentError) as caught:
        _call(host, "get_prediction", {"instance": {"id": 502, "filtered_water": "sometimes"}})
    assert str(caught.value) == "filtered_water has no category 'sometimes'; valid categories are False and True"


def test_a_null_the_model_does_not_read_is_one_line_naming_what_it_reads(host):
    with pytest.raises(ArgumentError) as caught:
        _call(host, "get_prediction", {"instance": {"id": 502, "filtered_water": None}})
    said = str(caught.value)
    assert said.startswith("filtered_water is null, but the model does not fill a missing filtered_water (it has no ")
    assert "it reads a missing value of hardness_dh, litres_per_week and weeks_since_descale only)" in said
    assert said.endswith("give one of False or True")


def test_a_null_for_a_model_that_reads_no_missing_value(kettles):
    numbers = ["hardness_dh", "litres_per_week", "weeks_since_descale"]
    model = LogisticRegression(max_iter=1000).fit(kettles[numbers], kettles.state)
    host = host_from_model(model, kettles.drop(columns=["filtered_water"]), **OPTIONS)
    with pytest.raises(ArgumentError) as caught:
        _call(host, "get_prediction", {"instance": {"id": 502, "hardness_dh": None}})
    assert "does not fill a missing hardness_dh (it has no imputer); give a number" in str(caught.value)


def test_gaps_in_the_boolean_are_refused_naming_why(kettles, model):
    data = kettles.astype({"filtered_water": object})
    data.loc[[3, 7], "filtered_water"] = None
    with pytest.raises(UsageError) as caught:
        host_from_model(model, data, **OPTIONS)
    said = str(caught.value)
    assert "feature 'filtered_water' has 2 missing values, but it holds text or categories (False, True)" in said
    assert "reads a missing number itself, never a missing category" in said
