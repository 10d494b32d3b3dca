"""An XGBoost model fitted with `enable_categorical` on a pandas `category` column, hosted from a CSV (which reads
that column back as text): the column is given back its `category` dtype, every answer is the model's own, and a
value the model was never fitted on is refused at load in one line naming it.

An invented crate-inspection dataset, made up for these tests.
"""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

from simxai import default_registry
from simxai.exceptions import UsageError
from simxai.hosts import host_from_model

xgboost = pytest.importorskip("xgboost")

FEATURES = ["wood", "moisture"]
OPTIONS = {
    "name": "crates",
    "target": "verdict",
    "instance_noun": "crate",
    "id_column": "crate_no",
    "categorical_features": ["wood"],
    "class_names": {0: "sound", 1: "split"},
}


def _crates(n: int = 200, seed: int = 2) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    wood = pd.Categorical(rng.choice(["oak", "ash", "elm"], n), categories=["oak", "ash", "elm"])
    frame = pd.DataFrame({"crate_no": np.arange(1, n + 1), "wood": wood, "moisture": np.round(rng.uniform(0, 1, n), 2)})
    frame["verdict"] = np.where((frame.wood == "elm") | (frame.moisture > 0.8), 1, 0)
    return frame


@pytest.fixture(scope="module")
def crates() -> pd.DataFrame:
    return _crates()


@pytest.fixture(scope="module")
def model(crates: pd.DataFrame):  # type: ignore[no-untyped-def]
    fitted = xgboost.XGBClassifier(n_estimators=20, max_depth=3, enable_categorical=True, tree_method="hist")
    return fitted.fit(crates[FEATURES], crates.verdict)


def _from_csv(frame: pd.DataFrame) -> pd.DataFrame:
    return pd.read_csv(io.StringIO(frame.to_csv(index=False)))


def test_a_csv_of_text_categories_loads_and_predicts_as_the_model(crates, model):
    host = host_from_model(model, _from_csv(crates), **OPTIONS)
    registry = default_registry()
    for crate in (3, 40, 111):
        result = registry.get("get_prediction")(host, {"instance": crate})  # type: ignore[misc]
        expected = model.predict_proba(crates.loc[crates.crate_no == crate, FEATURES])[0]
        assert list(result.probabilities.values()) == pytest.approx(list(expected))
    changed = registry.get("explain_what_if")(host, {"instance": 3, "changes": {"wood": "elm"}})  # type: ignore[misc]
    row = crates.loc[crates.crate_no == 3, FEATURES].copy()
    row["wood"] = pd.Categorical(["elm"], categories=["oak", "ash", "elm"])
    assert list(changed.new_probabilities.values()) == pytest.approx(list(model.predict_proba(row)[0]))


def test_a_value_the_model_has_no_category_for_is_refused_in_one_line(crates, model):
    data = _from_csv(crates)
    data.loc[5, "wood"] = "pine"
    with pytest.raises(UsageError) as caught:
        host_from_model(model, data, **OPTIONS)
    said = str(caught.value)
    assert "feature 'wood' holds 'pine', which the model (an XGBoost model fitted with enable_categorical)" in said
    assert said.endswith("has no category for; the data's other values are ash, elm, oak")
    assert "\n" not in said
