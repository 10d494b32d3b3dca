"""A model trained on a True/False target: its class_names are keyed by the booleans themselves.

YAML reads `{false: fails, true: passes}` as boolean keys and a JSON config can only write them as the strings
"false" and "true"; both name the model's classes_ [False, True]. Before, the keys were coerced to 0 and 1 and
the config was refused with a message quoting a mapping the user never wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

from simxai.exceptions import UsageError
from simxai.hosts import host_from_model
from simxai.hosts.config import load_host_config


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sixty synthetic dive cylinders whose target column holds True/False, and a tree fitted on it."""
    folder = tmp_path_factory.mktemp("boolean")
    rng = np.random.default_rng(141701)
    data = pd.DataFrame({"age_years": rng.integers(1, 30, 60), "wall_loss_pct": np.round(rng.uniform(0, 12, 60), 1)})
    data["passed"] = data.wall_loss_pct + 0.2 * data.age_years < 8
    model = DecisionTreeClassifier(max_depth=3, random_state=0).fit(data[["age_years", "wall_loss_pct"]], data.passed)
    assert [bool(c) for c in model.classes_] == [False, True]
    joblib.dump(model, folder / "model.joblib")
    data.to_csv(folder / "cylinders.csv", index=False)
    return folder


HEAD = "name: cylinders\nmodel_path: model.joblib\ndata_path: cylinders.csv\ntarget: passed\ninstance_noun: cylinder\n"


def _first_fail_and_pass(folder: Path) -> tuple[int, int]:
    passed = pd.read_csv(folder / "cylinders.csv").passed.to_numpy()
    return int(np.flatnonzero(~passed)[0]), int(np.flatnonzero(passed)[0])


@pytest.mark.parametrize("names", ["{false: fails, true: passes}", "{true: passes, false: fails}"])
def test_yaml_boolean_keys_name_the_boolean_classes(folder: Path, names: str) -> None:
    path = folder / "host.yaml"
    path.write_text(HEAD + f"class_names: {names}\n")
    host = load_host_config(path)
    assert host.class_names == ["fails", "passes"]
    failing, passing = _first_fail_and_pass(folder)
    assert host.predict(host.resolve(failing)).true_label == "fails"
    assert host.predict(host.resolve(passing)).true_label == "passes"


def test_json_string_keys_true_and_false_name_the_boolean_classes(folder: Path) -> None:
    path = folder / "host.json"
    config = {
        "name": "cylinders",
        "model_path": "model.joblib",
        "data_path": "cylinders.csv",
        "target": "passed",
        "class_names": {"True": "passes", "false": "fails"},
    }
    path.write_text(json.dumps(config))
    assert load_host_config(path).class_names == ["fails", "passes"]


def test_numbers_still_do_not_name_boolean_classes(folder: Path) -> None:
    path = folder / "numbers.yaml"
    path.write_text(HEAD + "class_names: {0: fails, 1: passes}\n")
    with pytest.raises(UsageError, match=r"\{0: 'fails', 1: 'passes'\} must map each of the model's classes_"):
        load_host_config(path)


def test_a_model_in_memory_takes_boolean_keys_too(folder: Path) -> None:
    model = joblib.load(folder / "model.joblib")
    data = pd.read_csv(folder / "cylinders.csv")
    host = host_from_model(model, data, name="cylinders", target="passed", class_names={False: "fails", True: "passes"})
    assert host.class_names == ["fails", "passes"]


def test_yaml_boolean_keys_name_a_true_false_features_categories(tmp_path: Path) -> None:
    rng = np.random.default_rng(141702)
    data = pd.DataFrame(
        {"wall_loss_pct": np.round(rng.uniform(0, 12, 60), 1), "rust_seen": rng.uniform(0, 1, 60) < 0.4}
    )
    data["hydro_test"] = np.where(data.wall_loss_pct + 4 * data.rust_seen < 8, "passes", "fails")
    model = DecisionTreeClassifier(max_depth=3, random_state=0).fit(
        data[["wall_loss_pct", "rust_seen"]], data.hydro_test
    )
    joblib.dump(model, tmp_path / "model.joblib")
    data.to_csv(tmp_path / "cylinders.csv", index=False)
    path = tmp_path / "host.yaml"
    path.write_text(
        "name: cylinders\nmodel_path: model.joblib\ndata_path: cylinders.csv\ntarget: hydro_test\n"
        "category_names: {rust_seen: {true: rusty, false: clean}}\n"
    )
    host = load_host_config(path)
    rusty = int(np.flatnonzero(data.rust_seen.to_numpy())[0])
    assert host.resolve(rusty).values["rust_seen"] == "rusty"
