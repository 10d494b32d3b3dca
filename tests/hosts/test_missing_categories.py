"""A model that reads a missing category itself (a HistGradientBoostingClassifier with `categorical_features` on a
pandas `category` column, an XGBoost model with `enable_categorical`): a custom instance or a what-if may give that
category as null, and every answer is the model's own on the row with the category missing. A model that reads the
category through an encoder of its pipeline refuses the null in one line naming the feature.

An invented year of sourdough batches, made up for these tests.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai import default_registry
from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts import host_from_model

FEATURES = ["proof_hours", "dough_c", "starter"]


def _batches(n: int = 240, seed: int = 5) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "batch_no": np.arange(3101, 3101 + n),
            "proof_hours": np.round(rng.uniform(2, 14, n), 1),
            "dough_c": np.round(rng.normal(24, 3, n), 1),
            "starter": pd.Categorical(rng.choice(["rye", "wheat", "spelt"], n)),
        }
    )
    sour = (frame.proof_hours > 8) & (frame.starter != "spelt")
    frame["taste"] = np.where(sour, "sour", "mild")
    return frame


@pytest.fixture(scope="module")
def batches() -> pd.DataFrame:
    return _batches()


@pytest.fixture(scope="module")
def model(batches: pd.DataFrame) -> HistGradientBoostingClassifier:
    hgb = HistGradientBoostingClassifier(max_iter=30, random_state=0, categorical_features="from_dtype")
    return hgb.fit(batches[FEATURES], batches.taste)


@pytest.fixture(scope="module")
def host(batches: pd.DataFrame, model: HistGradientBoostingClassifier):  # type: ignore[no-untyped-def]
    return host_from_model(
        model, batches, name="sourdough", target="taste", instance_noun="batch", id_column="batch_no"
    )


def _call(host: object, name: str, arguments: dict[str, object]):  # type: ignore[no-untyped-def]
    registered = default_registry().get(name)
    assert registered is not None
    return registered(host, arguments)


def _model_on(model: object, batches: pd.DataFrame, position: int, **values: object) -> np.ndarray:
    row = batches[FEATURES].iloc[[position]].copy()
    for name, value in values.items():
        row[name] = pd.Series([value], dtype=batches[name].dtype, index=row.index)
    return np.asarray(model.predict_proba(row))[0]  # type: ignore[attr-defined]


def _sure_missing_matters(model: object, batches: pd.DataFrame) -> int:
    """A row whose probabilities move when its starter is missing (so the tests below can fail)."""
    for position in range(len(batches)):
        if not np.allclose(_model_on(model, batches, position), _model_on(model, batches, position, starter=None)):
            return position
    raise AssertionError("no row of the invented batches reads a missing starter differently")


def test_a_custom_instance_may_leave_a_category_the_model_reads_missing_null(host, model, batches):
    position = _sure_missing_matters(model, batches)
    batch = int(batches.batch_no.iloc[position])
    result = _call(host, "get_prediction", {"instance": {"id": batch, "starter": None}})
    expected = _model_on(model, batches, position, starter=None)
    assert list(result.probabilities.values()) == pytest.approx(list(expected))
    assert "starter = missing" in result.render()


def test_a_what_if_sets_such_a_category_to_missing_and_back(host, model, batches):
    position = _sure_missing_matters(model, batches)
    batch = int(batches.batch_no.iloc[position])
    recorded = str(batches.starter.iloc[position])
    result = _call(host, "explain_what_if", {"instance": batch, "changes": {"starter": None}})
    assert list(result.new_probabilities.values()) == pytest.approx(
        list(_model_on(model, batches, position, starter=None))
    )
    assert f"changing starter from {recorded} to missing" in result.render()
    back = _call(
        host, "explain_what_if", {"instance": {"id": batch, "starter": None}, "changes": {"starter": recorded}}
    )
    assert f"changing starter from missing to {recorded}" in back.render()
    assert list(back.new_probabilities.values()) == pytest.approx(list(_model_on(model, batches, position)))


def test_a_counterfactual_never_proposes_the_text_nan(host, batches):
    batch = int(batches.batch_no.iloc[0])
    result = _call(host, "explain_why_not", {"instance": {"id": batch, "starter": None}})
    text = result.render()
    assert "nan" not in text.lower().replace("explanation", "")
    for counterfactual in result.counterfactuals:
        for change in counterfactual.changes:
            if change.feature == "starter":
                assert change.new in ("rye", "wheat", "spelt")


def test_the_local_explanation_of_a_missing_category_is_the_models(host, batches):
    batch = int(batches.batch_no.iloc[1])
    result = _call(host, "get_local_explanation", {"instance": {"id": batch, "starter": None}})
    assert "starter = missing" in result.render()


def test_an_encoder_in_a_pipeline_does_not_read_a_missing_category(batches):
    frame = batches.assign(starter=batches.starter.astype(str))
    pipeline = Pipeline(
        [
            (
                "prep",
                ColumnTransformer(
                    [("cat", OneHotEncoder(handle_unknown="ignore"), ["starter"])], remainder="passthrough"
                ),
            ),
            ("fit", LogisticRegression(max_iter=500)),
        ]
    ).fit(frame[FEATURES], frame.taste)
    host = host_from_model(
        pipeline, frame, name="sourdough", target="taste", instance_noun="batch", id_column="batch_no"
    )
    with pytest.raises(ArgumentError) as caught:
        _call(host, "get_prediction", {"instance": {"id": 3101, "starter": None}})
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("starter is null, but the model does not fill a missing starter")
    assert "rye, spelt or wheat" in message


def test_gaps_in_the_data_of_such_a_category_are_refused_in_one_line(batches, model):
    gappy = batches.copy()
    gappy.loc[[3, 8, 13], "starter"] = np.nan
    with pytest.raises(UsageError) as caught:
        host_from_model(model, gappy, name="sourdough", target="taste", instance_noun="batch", id_column="batch_no")
    message = str(caught.value)
    assert "\n" not in message
    assert "feature 'starter' has 3 missing values in a column of categories" in message
    assert "a custom instance or a what-if may give it as null" in message


def test_an_xgboost_model_with_enable_categorical_reads_a_missing_category(batches):
    xgboost = pytest.importorskip("xgboost")
    labels = (batches.taste == "sour").astype(int)
    model = xgboost.XGBClassifier(n_estimators=20, max_depth=3, enable_categorical=True, tree_method="hist")
    model.fit(batches[FEATURES], labels)
    host = host_from_model(
        model,
        batches.assign(taste=labels),
        name="sourdough",
        target="taste",
        class_names={0: "mild", 1: "sour"},
        instance_noun="batch",
        id_column="batch_no",
    )
    result = _call(host, "get_prediction", {"instance": {"id": 3105, "starter": None}})
    expected = _model_on(model, batches, 4, starter=None)
    assert list(result.probabilities.values()) == pytest.approx(list(expected), abs=1e-6)
    assert "starter = missing" in result.render()
