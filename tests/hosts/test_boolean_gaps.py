"""A boolean feature with gaps that the model's own imputer fills: a CSV's True/False column with empty cells (read
back by pandas as objects: True, False and NaN) and a pandas nullable "boolean" column with <NA>, each behind a
`SimpleImputer(strategy="most_frequent")` in a `ColumnTransformer` pipeline. Both were refused at load ("feature ...
is not numeric (dtype object)", and a pandas TypeError for the nullable column); the fill was said as "filled with
1". Also "what if it were not <flag>?" on such a row, and a null flag in a custom instance.

An invented sourdough-starter dataset, made up for these tests.
"""

from __future__ import annotations

import io
import logging

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai import default_registry
from simxai.exceptions import ArgumentError
from simxai.hosts import host_from_model

FEATURES = ["flour_g", "fed_today", "kitchen_c"]
OPTIONS = {"name": "starters", "target": "rise", "instance_noun": "jar", "id_column": "jar_no"}


def _jars(n: int = 220, seed: int = 5) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "jar_no": np.arange(301, 301 + n),
            "flour_g": rng.integers(20, 200, n),
            "fed_today": rng.random(n) < 0.55,
            "kitchen_c": np.round(rng.uniform(16, 28, n), 1),
        }
    )
    score = frame.flour_g / 80 + frame.fed_today * 1.4 + (frame.kitchen_c - 16) / 6 + rng.normal(0, 0.4, n)
    frame["rise"] = np.select([score < 1.5, score < 3.0], ["Flat Jar", "some rise"], "Big Dome")
    frame["fed_today"] = frame.fed_today.astype(object)
    frame.loc[frame.index % 9 == 4, "fed_today"] = np.nan
    return frame


def _model(frame: pd.DataFrame) -> Pipeline:
    flag = make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder(handle_unknown="ignore"))
    prep = ColumnTransformer([("flag", flag, ["fed_today"]), ("num", "passthrough", ["flour_g", "kitchen_c"])])
    model = Pipeline([("prep", prep), ("clf", LogisticRegression(max_iter=2000))])
    return model.fit(frame[FEATURES], frame.rise)


def _csv(frame: pd.DataFrame) -> pd.DataFrame:
    return pd.read_csv(io.StringIO(frame.to_csv(index=False)))


def _nullable(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.assign(fed_today=frame.fed_today.astype("boolean"))


def _call(host: object, name: str, arguments: dict[str, object]):  # type: ignore[no-untyped-def]
    registered = default_registry().get(name)
    assert registered is not None
    return registered(host, arguments)


@pytest.fixture(scope="module", params=["csv", "nullable"])
def case(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    frame = _csv(_jars()) if request.param == "csv" else _nullable(_jars())
    model = _model(frame)
    return frame, model, host_from_model(model, frame, **OPTIONS)


def _gap_id(frame: pd.DataFrame) -> int:
    return int(frame.jar_no[frame.fed_today.isna()].iloc[0])


def test_the_gaps_load_and_are_said_as_true_or_false(caplog: pytest.LogCaptureFixture) -> None:
    for frame in (_csv(_jars()), _nullable(_jars())):
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="simxai.hosts"):
            host = host_from_model(_model(frame), frame, **OPTIONS)
        said = [r.getMessage() for r in caplog.records if "fed_today" in r.getMessage()]
        assert len(said) == 1
        assert said[0].startswith("data: fed_today: 24 missing values, filled with True (the model's SimpleImputer")
        assert "filled with True" in host.data_information(None).render()


def test_a_row_with_a_gap_is_the_models_own_prediction(case) -> None:  # type: ignore[no-untyped-def]
    frame, model, host = case
    jar = _gap_id(frame)
    result = _call(host, "get_prediction", {"instance": jar})
    row = frame.loc[frame.jar_no == jar, FEATURES]
    assert list(result.probabilities.values()) == pytest.approx(list(model.predict_proba(row)[0]), abs=1e-12)
    assert result.subject.filled == ["fed_today"]
    assert result.subject.values["fed_today"] == "True"


def test_what_if_it_were_not_fed_on_a_row_with_a_gap(case) -> None:  # type: ignore[no-untyped-def]
    frame, model, host = case
    jar = _gap_id(frame)
    result = _call(host, "explain_what_if", {"instance": jar, "changes": {"fed_today": "no"}})
    assert (result.changes[0].old, result.changes[0].new) == ("True", "False")
    row = frame.loc[frame.jar_no == jar, FEATURES].copy()
    row["fed_today"] = pd.Series([False], index=row.index, dtype=frame.fed_today.dtype)
    assert list(result.new_probabilities.values()) == pytest.approx(list(model.predict_proba(row)[0]))
    assert "the value changed from is what the model's imputer fills in" in result.render()


def test_a_null_flag_in_a_custom_instance_is_filled_as_the_model_fills_it(case) -> None:  # type: ignore[no-untyped-def]
    frame, model, host = case
    result = _call(host, "get_prediction", {"instance": {"flour_g": 120, "fed_today": None, "kitchen_c": 22.5}})
    flag = pd.Series([True], dtype=frame.fed_today.dtype)
    row = pd.DataFrame({"flour_g": [120], "fed_today": flag, "kitchen_c": [22.5]})
    assert list(result.probabilities.values()) == pytest.approx(list(model.predict_proba(row)[0]))
    assert "The model's imputer fills in fed_today = True, which was not given." in result.render()


def test_another_word_for_the_flag_names_both_values_in_one_line(case) -> None:  # type: ignore[no-untyped-def]
    _, _, host = case
    with pytest.raises(ArgumentError) as caught:
        _call(host, "explain_what_if", {"instance": 301, "changes": {"fed_today": "sometimes"}})
    assert str(caught.value) == "fed_today has no category 'sometimes'; valid categories are False and True"
