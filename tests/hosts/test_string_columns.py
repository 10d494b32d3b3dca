"""A column of strings is categorical without being listed in categorical_features."""

from __future__ import annotations

from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import pytest
import yaml
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts._tabular_data import Table
from simxai.hosts.config import load_host_config


@pytest.fixture(scope="module")
def wine_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pipeline that one-hot encodes a string column, its CSV, and a config that lists no categorical feature."""
    folder = tmp_path_factory.mktemp("wine")
    rng = np.random.default_rng(2)
    data = pd.DataFrame(
        {"alcohol": np.round(rng.normal(10.5, 1.2, 120), 1), "grape": rng.choice(["merlot", "syrah", "pinot"], 120)}
    )
    data["quality"] = np.where(data.alcohol + (data.grape == "pinot") * 1.5 > 11, "good", "poor")
    encode = ColumnTransformer([("grape", OneHotEncoder(), ["grape"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("fit", LogisticRegression())]).fit(data[["alcohol", "grape"]], data.quality)
    joblib.dump(model, folder / "model.joblib")
    data.to_csv(folder / "wine.csv", index=False)
    config = {"name": "wine", "model_path": "model.joblib", "data_path": "wine.csv", "target": "quality"}
    (folder / "host.yaml").write_text(yaml.safe_dump({**config, "instance_noun": "wine"}))
    return folder


def test_a_string_column_is_categorical_without_being_listed(wine_files: Path) -> None:
    host = load_host_config(wine_files / "host.yaml")
    grape = host.schema().feature("grape")
    assert grape is not None and grape.type == "categorical"
    assert sorted(grape.categories or []) == ["merlot", "pinot", "syrah"]
    model = joblib.load(wine_files / "model.joblib")
    for name in ("merlot", "pinot"):
        asked = host.predict(host.resolve({"alcohol": 10.4, "grape": name})).label
        assert asked == model.predict(pd.DataFrame({"alcohol": [10.4], "grape": [name]}))[0]
    with pytest.raises(ArgumentError, match="merlot, pinot and syrah"):
        host.resolve({"alcohol": 10.4, "grape": "riesling"})


def test_a_column_that_is_neither_numbers_nor_strings_is_still_refused() -> None:
    with pytest.raises(UsageError, match="is not numeric.*list it in categorical_features"):
        Table(pd.DataFrame({"x": pd.Series(["a", 1, "b"], dtype=object)}), [], {}, {})


def test_a_true_false_column_is_two_categories_given_back_to_the_model_as_bools() -> None:
    table = Table(pd.DataFrame({"x": pd.Series([True, False, True])}), [], {}, {})
    [feature] = table.features
    assert feature.kind == "categorical" and sorted(feature.categories) == ["False", "True"]
    assert table.check(feature, "false", "changes") == "False"
    frame = table.frame([{"x": "False"}, {"x": "True"}])
    assert frame.x.dtype == bool and frame.x.tolist() == [False, True]
