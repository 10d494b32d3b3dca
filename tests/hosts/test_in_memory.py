"""host_from_model builds, from a model and a frame in memory, the host a config file of the same fields loads."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai.exceptions import UsageError
from simxai.hosts import host_from_model
from simxai.hosts.config import HostConfig, HostOptions, load_host_config
from simxai.hosts.in_memory import _IN_PLACE_OF_FILES, fit_host
from simxai.hosts.tabular import TabularHost, stratified_split
from simxai.results import result_payload

FEATURES = ["age", "income", "region"]
#: Every kind of field a config has: names, words, a coded category, an alias, an immutable and the cards.
OPTIONS: dict[str, Any] = {
    "name": "customer churn",
    "target": "churned",
    "class_names": {"0": "stays", "1": "leaves"},
    "instance_noun": "customer",
    "id_column": "customer_id",
    "category_names": {"region": {"0": "north", "1": "south", "2": "east", "3": "west"}},
    "immutable_features": ["age"],
    "feature_aliases": {"income": ["salary"]},
    "seed": 3,
    "cards": {
        "description": "Synthetic customers.",
        "feature_descriptions": {"income": "yearly income in k€"},
        "training": "A seeded forest of 20 trees.",
        "label_meanings": {"leaves": "the customer cancels"},
    },
}


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    rng = np.random.default_rng(4)
    n = 160
    data = pd.DataFrame(
        {
            "customer_id": np.arange(501, 501 + n),
            "age": rng.integers(18, 80, n),
            "income": np.round(rng.uniform(10, 150, n), 1),
            "region": rng.integers(0, 4, n),
        }
    )
    data["churned"] = ((data.income < 60) ^ (data.region == 2) ^ (rng.uniform(0, 1, n) < 0.1)).astype(int)
    return data


@pytest.fixture(scope="module")
def model(frame: pd.DataFrame) -> RandomForestClassifier:
    train = frame[frame.customer_id >= 541]
    return RandomForestClassifier(n_estimators=20, random_state=0).fit(train[FEATURES], train.churned)


HELD_OUT = list(range(501, 541))


def test_a_host_is_built_from_the_model_and_frame_as_they_are(model: Any, frame: pd.DataFrame) -> None:
    host = host_from_model(model, frame, test_ids=np.array(HELD_OUT), **OPTIONS)
    assert isinstance(host, TabularHost) and host.model is model
    schema = host.schema()
    assert (schema.name, schema.instance_noun, schema.class_names) == (
        "customer churn",
        "customer",
        ["stays", "leaves"],
    )
    assert schema.id_range == (501, 660) and [f.name for f in schema.features] == FEATURES
    assert schema.features[2].categories == ["north", "south", "east", "west"]
    assert "salary" in schema.features[1].aliases and host.immutable_features == ["age"]
    assert list(host.test_ids) == list(range(40))  # the held-out ids, as row positions
    assert "held-out split (40 customers)" in host.performance("accuracy").render()
    assert host.model_information().training.startswith("A seeded forest of 20 trees.")
    assert "the rows given as held out" in host.model_information().training
    income = host.data_information("income")
    assert income.description == "Synthetic customers." and income.feature is not None
    assert income.feature.description == "yearly income in k€"
    proba = model.predict_proba(frame[FEATURES].iloc[[7]])[0]
    assert host.predict(host.resolve(508)).probabilities == {"stays": proba[0], "leaves": proba[1]}
    # Without test_ids, the config's split (test_size, seed) is held out.
    split = host_from_model(model, frame, **{**OPTIONS, "test_size": 0.25})
    assert len(split.test_ids) == 40 and list(split.test_ids) != list(range(40))


def test_it_is_the_host_a_config_file_of_the_same_fields_loads(model: Any, frame: pd.DataFrame, tmp_path: Path) -> None:
    joblib.dump(model, tmp_path / "model.joblib")
    frame.to_csv(tmp_path / "customers.csv", index=False)
    (tmp_path / "held_out.json").write_text(json.dumps(HELD_OUT))
    config = {**OPTIONS, "model_path": "model.joblib", "data_path": "customers.csv", "test_ids_path": "held_out.json"}
    (tmp_path / "host.json").write_text(json.dumps(config))
    loaded = load_host_config(tmp_path / "host.json")
    built = host_from_model(model, frame, test_ids=HELD_OUT, **OPTIONS)
    assert built.schema() == loaded.schema()
    for got, expected in zip(built._predictions(), loaded._predictions(), strict=True):
        np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(built.test_ids, loaded.test_ids)
    for result in ("model_information", "output_information"):
        assert result_payload(getattr(built, result)()) == result_payload(getattr(loaded, result)())
    assert result_payload(built.data_information(None)) == result_payload(loaded.data_information(None))
    assert result_payload(built.performance("all")) == result_payload(loaded.performance("all"))
    subject = "region = east and age > 40"
    assert result_payload(built.local_explanation(built.resolve(subject), "leaves")) == result_payload(
        loaded.local_explanation(loaded.resolve(subject), "leaves")
    )


def test_nothing_is_written_to_the_temporary_folder(
    model: Any, frame: pd.DataFrame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    host = host_from_model(model, frame, test_ids=HELD_OUT, **OPTIONS)
    host.warm()
    assert host.predict(host.resolve(600)).label in ("stays", "leaves")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"feature_alias": {"income": ["pay"]}},
            "host_from_model: field 'feature_alias' is not a known field (did you mean feature_aliases? fields are "
            "name, target,",
        ),
        ({"target": None}, "host_from_model: field 'target' is required"),  # None is not given (newuser49)
        ({"name": "<absent>"}, "host_from_model: field 'name' is required"),
        ({"test_size": 1.5}, "host_from_model: field 'test_size' input should be less than 1"),
        ({"explainer": "fast"}, "field 'explainer' input should be 'auto', 'tree', 'linear' or 'kernel'"),
        ({"cards": {"descripton": "x"}}, "field 'cards.descripton' is not a known field (did you mean description?"),
        (
            {"model_path": "model.joblib"},
            "field 'model_path' names a file, which a host built in memory does not read; "
            "pass the fitted model itself as the first argument",
        ),
        ({"data_path": "c.csv"}, "pass the DataFrame itself as the second argument"),
        ({"test_ids_path": "ids.txt"}, "pass the held-out ids themselves as test_ids=[...]"),
        ({"target": "churn"}, "target 'churn' is not a column of data; columns are customer_id, age, income, region"),
        ({"immutable_features": ["height"]}, "immutable_features names unknown features ['height']"),
        ({"category_names": {"region": {"0": "north"}}}, "category_names"),
        ({"id_column": None}, "not used by the model ['customer_id']"),
    ],
    ids=lambda value: "" if isinstance(value, str) else next(iter(value)),
)
def test_a_bad_field_is_one_line_naming_it_and_what_is_valid(
    model: Any, frame: pd.DataFrame, change: dict[str, Any], message: str
) -> None:
    options = {k: v for k, v in {**OPTIONS, **change}.items() if v != "<absent>"}
    with pytest.raises(UsageError) as caught:
        host_from_model(model, frame, **options)
    assert message in str(caught.value) and "\n" not in str(caught.value), caught.value
    assert str(caught.value).startswith("host_from_model: ")


def test_every_field_that_names_a_file_has_its_in_memory_counterpart() -> None:
    assert set(_IN_PLACE_OF_FILES) == set(HostConfig.model_fields) - set(HostOptions.model_fields)


@pytest.mark.parametrize(
    ("model_or_data", "test_ids", "message"),
    [
        ("model", 7, "host_from_model: test_ids must be a list of integer ids (a list, an array or a Series), got int"),
        ("model", "501", "test_ids must be a list of integer ids"),
        ("model", [501, 9999], "test_ids names ids that are not in the id column: [9999]"),
        ("model", [501.5], "test_ids must be integer ids from the id column"),
        ({"weights": [1, 2]}, None, "model must be a classifier with predict and predict_proba; got dict"),
        ("csv text", None, "data must be a non-empty pandas DataFrame"),
    ],
    ids=["int", "str", "unknown-id", "float-id", "not-a-model", "not-a-frame"],
)
def test_a_bad_model_frame_or_test_ids_is_one_line(
    model: Any, frame: pd.DataFrame, model_or_data: Any, test_ids: Any, message: str
) -> None:
    given_model = model if model_or_data in ("model", "csv text") else model_or_data
    given_data = "customer_id,age\n" if model_or_data == "csv text" else frame
    with pytest.raises(UsageError) as caught:
        host_from_model(given_model, given_data, test_ids=test_ids, **OPTIONS)
    assert message in str(caught.value) and "\n" not in str(caught.value), caught.value
    assert str(caught.value).startswith("host_from_model: ")


def test_the_host_config_pages_in_memory_example_runs_and_prints_what_it_shows(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "host-config.md").read_text(encoding="utf-8")
    section = doc.split("## From a model in memory", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```python\n(.*?)```\n\nprints\n\n```\n(.*?)```", section, re.S)
    assert found is not None
    (tmp_path / "example.py").write_text(found.group(1), encoding="utf-8")
    ran = subprocess.run(
        [sys.executable, "example.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == found.group(2)
    assert list(tmp_path.iterdir()) == [tmp_path / "example.py"]


# fit_host: the estimator is fitted on exactly the rows outside the host's held-out split.


def _by_hand(frame: pd.DataFrame, rows: np.ndarray) -> RandomForestClassifier:
    return RandomForestClassifier(n_estimators=20, random_state=0).fit(
        frame[FEATURES].iloc[rows], frame.churned.iloc[rows]
    )


def test_fit_host_fits_outside_the_held_out_ids_it_is_given(frame: pd.DataFrame) -> None:
    estimator = RandomForestClassifier(n_estimators=20, random_state=0)
    host = fit_host(estimator, frame, test_ids=iter(HELD_OUT), **OPTIONS)  # an iterator is read once
    assert host.model is estimator
    assert frame.customer_id.iloc[host.test_ids].tolist() == HELD_OUT
    rows = np.flatnonzero(~frame.customer_id.isin(HELD_OUT))
    assert host.train_ids.tolist() == rows.tolist()
    assert np.array_equal(
        estimator.predict_proba(frame[FEATURES]), _by_hand(frame, rows).predict_proba(frame[FEATURES])
    )


def test_fit_host_fits_outside_the_configs_stratified_split(frame: pd.DataFrame) -> None:
    host = fit_host(RandomForestClassifier(n_estimators=20, random_state=0), frame, **{**OPTIONS, "test_size": 0.25})
    train, test = stratified_split(frame.churned.to_numpy(), 0.25, OPTIONS["seed"])
    assert host.test_ids.tolist() == test.tolist() and host.train_ids.tolist() == train.tolist()
    expected = _by_hand(frame, train).predict_proba(frame[FEATURES])
    assert np.array_equal(host.model.predict_proba(frame[FEATURES]), expected)
    assert len(host.test_ids) == 40 and not set(host.test_ids) & set(host.train_ids)


def test_fit_host_without_an_id_column_reads_test_ids_as_row_positions(frame: pd.DataFrame) -> None:
    options = {k: v for k, v in OPTIONS.items() if k != "id_column"}
    data = frame.drop(columns="customer_id")
    host = fit_host(RandomForestClassifier(n_estimators=20, random_state=0), data, test_ids=range(120, 160), **options)
    assert host.test_ids.tolist() == list(range(120, 160)) and host.train_ids.tolist() == list(range(120))
    assert np.array_equal(
        host.model.predict_proba(data[FEATURES]), _by_hand(frame, np.arange(120)).predict_proba(data[FEATURES])
    )


def test_fit_host_words_a_bad_field_as_a_config_does(frame: pd.DataFrame) -> None:
    with pytest.raises(UsageError, match="fit_host"):
        fit_host(RandomForestClassifier(), frame, **{**OPTIONS, "test_size": 2})


def test_a_keyword_given_as_none_is_left_out(model: Any, frame: pd.DataFrame) -> None:
    # newuser49: `category_names=None` was refused as "input should be a valid dictionary"
    options = {**OPTIONS, "feature_aliases": None, "immutable_features": None, "explainer": None}
    host = host_from_model(model, frame, test_ids=HELD_OUT, **options)
    assert host.immutable_features == [] and host.schema().features[1].aliases == []
    with pytest.raises(UsageError, match="^host_from_model: field 'target' is required"):
        host_from_model(model, frame, **{**OPTIONS, "target": None})
