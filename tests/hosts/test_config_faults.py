"""Host configs with a mistake fail at load in one line naming what was wrong and what is valid (newuser48).

An invented ferry line: crossings on time, late or cancelled, a LightGBM model behind a one-hot encoding.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from lightgbm import LGBMClassifier
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from simxai.exceptions import UsageError
from simxai.hosts import host_from_model

FEATURES = ["vessel", "wind_kn", "wave_m"]
LABELS = ["Cancelled", "Late", "On Time"]


@pytest.fixture(scope="module")
def fitted() -> tuple[Pipeline, pd.DataFrame]:
    rng = np.random.default_rng(4801)
    frame = pd.DataFrame(
        {
            "crossing_no": np.arange(5001, 5091),
            "vessel": rng.choice(["Orca", "Puffin", "Tern"], 90),
            "wind_kn": np.round(rng.uniform(0, 40, 90), 1),
            "wave_m": np.round(rng.uniform(0.2, 3.5, 90), 2),
        }
    )
    score = frame.wind_kn / 10 + frame.wave_m
    frame["status"] = np.select([score > 4.5, score > 2.5], ["Cancelled", "Late"], "On Time")
    encode = ColumnTransformer([("vessel", OneHotEncoder(), ["vessel"])], remainder=StandardScaler())
    model = Pipeline([("encode", encode), ("model", LGBMClassifier(n_estimators=5, verbose=-1))])
    model.fit(frame[FEATURES], frame.status)
    return model, frame


def _refusal(fitted: tuple[Pipeline, pd.DataFrame], frame: pd.DataFrame | None = None, **options: object) -> str:
    model, data = fitted
    with pytest.raises(UsageError) as caught:
        host_from_model(
            model, data if frame is None else frame, name="ferry", target="status", id_column="crossing_no", **options
        )
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_class_names_in_another_order_say_so(fitted: tuple[Pipeline, pd.DataFrame]) -> None:
    message = _refusal(fitted, class_names=["Late", "Cancelled", "On Time"])
    assert "classes_ ['Cancelled', 'Late', 'On Time']" in message
    assert "the same names in another order: a list is read in the order of classes_" in message


def test_class_names_in_another_case_get_the_mapping_that_renames(fitted: tuple[Pipeline, pd.DataFrame]) -> None:
    message = _refusal(fitted, class_names=["cancelled", "late", "on time"])
    assert message.endswith("map each by value: {Cancelled: cancelled, Late: late, On Time: on time}")
    renamed = {"Cancelled": "cancelled", "Late": "late", "On Time": "on time"}
    model, data = fitted
    host = host_from_model(model, data, name="ferry", target="status", id_column="crossing_no", class_names=renamed)
    assert host.class_names == ["cancelled", "late", "on time"]


def test_a_list_of_the_wrong_length_and_a_mapping_with_a_stray_key(fitted: tuple[Pipeline, pd.DataFrame]) -> None:
    assert "name each of the model's 3 classes_" in _refusal(fitted, class_names=["Cancelled", "Late"])
    stray = _refusal(fitted, class_names={"Cancelled": "cancelled", "Late": "late", "Early": "early"})
    assert stray.endswith("no name for ['On Time']; ['Early'] is not among them")


def test_a_label_meaning_in_another_case_is_pointed_to_the_label(fitted: tuple[Pipeline, pd.DataFrame]) -> None:
    message = _refusal(fitted, cards={"label_meanings": {"late": "it left late"}})
    assert message.endswith("labels are ['Cancelled', 'Late', 'On Time'] (did you mean Late?)")


def test_a_word_in_a_column_of_numbers_is_named_at_load(fitted: tuple[Pipeline, pd.DataFrame]) -> None:
    frame = fitted[1].copy()
    frame["wind_kn"] = frame.wind_kn.astype(str)  # as a CSV reads it
    frame.loc[3, "wind_kn"] = "calm"
    message = _refusal(fitted, frame)
    assert message.startswith("host_from_model: model.predict_proba failed on instance 5004 (row 3) (")
    assert "wind_kn = 'calm'" in message
    assert message.endswith("wind_kn holds numbers in 89 of 90 rows, and 'calm' in the other: write a number there")


def test_a_misspelt_field_is_pointed_to_a_close_one_only() -> None:
    from simxai.hosts.config import HostConfig, validate_fields

    with pytest.raises(UsageError) as close:
        validate_fields(HostConfig, {"name": "n", "target": "t", "model_path": "m", "data_path": "d", "taget": 1}, "x")
    assert "did you mean target?" in str(close.value)
    with pytest.raises(UsageError) as far:
        validate_fields(HostConfig, {"name": "n", "target": "t", "model_path": "m", "data_path": "d", "colour": 1}, "x")
    assert "did you mean" not in str(far.value) and "fields are name, target" in str(far.value)


def test_a_word_among_numbers_of_a_column_of_objects_is_named_too(fitted: tuple[Pipeline, pd.DataFrame]) -> None:
    frame = fitted[1].copy()
    frame["wind_kn"] = frame.wind_kn.astype(object)
    frame.loc[[3, 7], "wind_kn"] = ["calm", "gale"]
    message = _refusal(fitted, frame)
    assert (
        message == "host_from_model: wind_kn holds numbers in 88 of 90 rows, and 'calm', 'gale' in the other 2: "
        "write a number there"
    )


def test_a_column_spelt_otherwise_is_pointed_to_the_model_s_name(fitted: tuple[Pipeline, pd.DataFrame]) -> None:
    message = _refusal(fitted, fitted[1].rename(columns={"wind_kn": "Wind KN"}))
    assert "missing ['wind_kn']" in message and "not used by the model ['Wind KN']" in message
    assert message.endswith("; Wind KN is the model's wind_kn written otherwise: rename the column wind_kn")
    assert "written otherwise" not in _refusal(fitted, fitted[1].rename(columns={"wind_kn": "gusts"}))
