"""A model whose pipeline imputes gets its rows with missing values explained: each gap is filled with the value
the model's own imputer puts there (a SimpleImputer's one value, a KNNImputer's or IterativeImputer's per row),
checked to leave every prediction unchanged, and said so; a custom instance may leave such a value null; a gap that
no readable imputer fills is refused in one line. The host is invented: fired pots, a string glaze, string labels."""

from __future__ import annotations

import logging
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.experimental import enable_iterative_imputer  # noqa: F401  (makes IterativeImputer importable)
from sklearn.impute import IterativeImputer, KNNImputer, SimpleImputer
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai import default_registry
from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts import host_from_model
from simxai.hosts._tabular_missing import fill_missing, imputed_values
from simxai.results import result_payload

NUMERIC = ["firing_minutes", "clay_moisture_pct"]


def _pots(n: int = 160, seed: int = 4) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "pot_no": np.arange(1001, 1001 + n),
            "firing_minutes": np.round(rng.uniform(30, 120, n), 0),
            "clay_moisture_pct": np.round(rng.uniform(5, 25, n), 1),
            "glaze": rng.choice(["ash", "tin", "salt"], n),
        }
    )
    frame["result"] = np.where(frame.clay_moisture_pct > 17 + (frame.firing_minutes - 75) / 30, "cracked", "sound")
    frame.loc[[0, 5, 9], "clay_moisture_pct"] = np.nan
    frame.loc[[5, 12], "glaze"] = np.nan
    return frame


def _imputing_model(frame: pd.DataFrame, **imputer: Any) -> Pipeline:
    prep = ColumnTransformer(
        [
            ("num", SimpleImputer(strategy="median", **imputer), NUMERIC),
            ("cat", make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder()), ["glaze"]),
        ]
    )
    model = Pipeline([("prep", prep), ("forest", RandomForestClassifier(n_estimators=15, random_state=0))])
    return model.fit(frame[[*NUMERIC, "glaze"]], frame.result)


def _host(frame: pd.DataFrame, model: Any) -> Any:
    return host_from_model(model, frame, name="kiln", target="result", instance_noun="pot", id_column="pot_no")


def test_a_row_with_gaps_is_explained_with_the_values_the_models_imputer_fills_in(caplog):
    frame = _pots()
    model = _imputing_model(frame)
    with caplog.at_level(logging.WARNING, logger="simxai.hosts"):
        host = _host(frame, model)
    median = float(frame.clay_moisture_pct.median())
    assert f"clay_moisture_pct: 3 missing values, filled with {median:g}" in caplog.text

    prediction = host.predict(host.resolve(1006))  # row 5: no moisture and no glaze
    assert prediction.subject.filled == ["clay_moisture_pct", "glaze"]
    assert prediction.subject.values["clay_moisture_pct"] == median
    # The probabilities are the model's own on the row with its gaps.
    raw = model.predict_proba(frame.loc[[5], [*NUMERIC, "glaze"]])[0]
    assert prediction.probabilities == pytest.approx(dict(zip(model.classes_, raw, strict=True)))
    assert prediction.render().endswith(
        "For pot 1006, clay_moisture_pct and glaze were missing in the data; the values used are what the "
        "model's imputer fills in."
    )
    explanation = host.local_explanation(host.resolve(1006), None).render()
    assert explanation.endswith(
        "clay_moisture_pct and glaze were missing in the data; the values used are what the model's imputer fills in."
    )


def test_a_what_if_and_a_counterfactual_on_a_row_with_gaps_say_which_values_were_filled():
    frame = _pots()
    host = _host(frame, _imputing_model(frame))
    what_if = host.what_if(host.resolve(1001), {"firing_minutes": 110}).render()
    assert what_if.endswith(
        "For pot 1001, clay_moisture_pct was missing in the data; the value used is what the model's imputer fills in."
    )
    # Changing the unrecorded value itself: the imputer's value is the one it changes from, not the one used.
    moved = host.what_if(host.resolve(1001), {"clay_moisture_pct": 9.0}).render()
    assert moved.endswith(
        "For pot 1001, clay_moisture_pct was missing in the data: the value changed from is what the model's "
        "imputer fills in."
    )
    both = host.what_if(host.resolve(1006), {"clay_moisture_pct": 9.0}).render()
    assert both.endswith(
        "For pot 1006, glaze was missing in the data; the value used is what the model's imputer fills in. "
        "clay_moisture_pct was missing in the data: the value changed from is what the model's imputer fills in."
    )
    other = next(label for label in host.class_names if label != host.predict(host.resolve(1001)).label)
    flip = host.counterfactuals(host.resolve(1001), other, 1, "how_to_be_that").render()
    assert flip.endswith("is what the model's imputer fills in.") and "For pot 1001, clay_moisture_pct was" in flip


def test_a_complete_row_says_nothing_and_its_payload_has_no_filled_field():
    frame = _pots()
    host = _host(frame, _imputing_model(frame))
    prediction = host.predict(host.resolve(1002))
    assert prediction.subject.filled is None
    assert "missing" not in prediction.render()
    assert "filled" not in result_payload(prediction)["subject"]


def test_the_data_card_says_what_was_filled_and_with_what():
    frame = _pots()
    host = _host(frame, _imputing_model(frame))
    card = host.data_information(None).render()
    assert "Missing values in the data were filled the way the model fills them" in card
    assert "glaze: 2 missing values, filled with" in card and "(the model's SimpleImputer, most_frequent)" in card


def test_gaps_no_imputer_fills_are_refused_naming_the_feature_and_the_fix():
    # A model that refuses NaN itself (a HistGradientBoostingClassifier reads it: tests/hosts/test_native_missing.py).
    frame = _pots()
    model = GradientBoostingClassifier(n_estimators=10).fit(frame[NUMERIC].fillna(15.0), frame.result)
    refusal = r"^host_from_model: feature 'clay_moisture_pct' has 3 missing values and the model has no imputer"
    with pytest.raises(UsageError, match=refusal):
        _host(frame.drop(columns=["glaze"]), model)


def test_an_imputer_that_adds_indicators_is_refused_because_the_fill_would_change_predictions():
    frame = _pots()
    model = _imputing_model(frame, add_indicator=True)
    with pytest.raises(UsageError, match=r"changes the model's probabilities"):
        _host(frame, model)


def test_the_imputer_is_found_at_the_head_of_a_pipeline_and_by_column_positions():
    frame = _pots()
    features = frame[NUMERIC]
    plain = make_pipeline(SimpleImputer(strategy="mean"), RandomForestClassifier(n_estimators=5, random_state=0))
    plain.fit(features, frame.result)
    assert set(imputed_values(plain, NUMERIC)) == set(NUMERIC)
    by_position = ColumnTransformer([("num", SimpleImputer(strategy="constant", fill_value=0.0), [1])])
    by_position.fit(features)
    assert imputed_values(by_position, NUMERIC) == {"clay_moisture_pct": (0.0, "constant")}
    filled, what = fill_missing(plain, features)
    assert not filled.isna().any().any() and what.cells[0] == ("clay_moisture_pct",)


def _per_row_model(frame: pd.DataFrame, imputer: Any) -> Pipeline:
    prep = ColumnTransformer(
        [
            ("num", imputer, NUMERIC),
            ("cat", make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder()), ["glaze"]),
        ]
    )
    model = Pipeline([("prep", prep), ("forest", RandomForestClassifier(n_estimators=15, random_state=0))])
    return model.fit(frame[[*NUMERIC, "glaze"]], frame.result)


@pytest.mark.parametrize(
    ("imputer", "how"),
    [
        (KNNImputer(n_neighbors=4), "KNNImputer, the mean of the 4 nearest rows it was fitted on"),
        (IterativeImputer(random_state=0), "IterativeImputer, predicted from the row's other features by its"),
    ],
)
def test_a_knn_or_iterative_imputer_fills_each_row_with_the_value_it_computes_for_that_row(caplog, imputer, how):
    frame = _pots()
    model = _per_row_model(frame, imputer)
    with caplog.at_level(logging.WARNING, logger="simxai.hosts"):
        host = _host(frame, model)
    assert f"clay_moisture_pct: 3 missing values, filled per row (the model's {how}" in caplog.text
    expected = model.named_steps["prep"].named_transformers_["num"].transform(frame[NUMERIC])[:, 1]
    for position in (0, 5, 9):
        prediction = host.predict(host.resolve(1001 + position))
        assert prediction.subject.values["clay_moisture_pct"] == pytest.approx(expected[position])
        raw = model.predict_proba(frame.loc[[position], [*NUMERIC, "glaze"]])[0]
        assert prediction.probabilities == pytest.approx(dict(zip(model.classes_, raw, strict=True)))
    # Rows with different neighbours get different values: the fill is not one constant.
    assert len({round(float(expected[p]), 6) for p in (0, 5, 9)}) > 1
    assert "filled per row" in host.data_information(None).render()


def test_a_custom_instance_may_leave_null_a_value_the_models_imputer_fills():
    frame = _pots()
    model = _per_row_model(frame, KNNImputer(n_neighbors=4))
    host = _host(frame, model)
    given = {"firing_minutes": 95, "clay_moisture_pct": None, "glaze": "tin"}
    prediction = default_registry().get("get_prediction")(host, {"instance": given})
    raw = model.predict_proba(pd.DataFrame([{**given, "clay_moisture_pct": np.nan}]))[0]
    assert prediction.probabilities == pytest.approx(dict(zip(model.classes_, raw, strict=True)))
    assert prediction.subject.filled == ["clay_moisture_pct"]
    used = prediction.subject.values["clay_moisture_pct"]
    assert "clay_moisture_pct not given" in prediction.subject.description
    assert prediction.render().endswith(
        f"The model's imputer fills in clay_moisture_pct = {used:g}, which was not given."
    )
    # An id with a null: that row's other values, the gap filled the same way.
    row = host.predict(host.resolve({"id": 1002, "clay_moisture_pct": None}))
    assert row.subject.filled == ["clay_moisture_pct"]
    assert row.subject.values["firing_minutes"] == frame.firing_minutes[1]


def test_a_null_the_model_does_not_fill_is_refused_naming_what_it_fills():
    frame = _pots().assign(glaze=lambda f: f.glaze.fillna("ash"))
    prep = ColumnTransformer([("num", KNNImputer(n_neighbors=4), NUMERIC), ("cat", OneHotEncoder(), ["glaze"])])
    model = Pipeline([("prep", prep), ("forest", RandomForestClassifier(n_estimators=15, random_state=0))])
    host = _host(frame, model.fit(frame[[*NUMERIC, "glaze"]], frame.result))
    with pytest.raises(ArgumentError) as caught:
        host.resolve({"firing_minutes": 95, "clay_moisture_pct": 12.0, "glaze": None})
    message = str(caught.value)
    assert message.startswith("glaze is null, but the model does not fill a missing glaze")
    assert "(it fills missing values of firing_minutes and clay_moisture_pct only)" in message
    assert caught.value.valid == "one of ash, salt or tin"
