"""load_host_config builds a working host from YAML or JSON and names the file and field of each problem."""

from __future__ import annotations

import json
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import pytest
import yaml
from sklearn.tree import DecisionTreeClassifier

from simxai.exceptions import UsageError
from simxai.hosts.config import HostConfig, load_host_config
from simxai.hosts.tabular import TabularHost


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny fitted model and its CSV in a folder."""
    folder = tmp_path_factory.mktemp("host")
    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {"height": np.round(rng.uniform(150, 200, 80), 1), "weight": rng.integers(45, 120, 80)}
    )
    data["heavy"] = (data.weight / (data.height / 100) ** 2 > 27).astype(int)
    model = DecisionTreeClassifier(max_depth=3, random_state=0).fit(data[["height", "weight"]], data.heavy)
    joblib.dump(model, folder / "model.joblib")
    data.to_csv(folder / "people.csv", index=False)
    return folder


def _config(**overrides: object) -> dict:
    config = {
        "name": "people",
        "model_path": "model.joblib",
        "data_path": "people.csv",
        "target": "heavy",
        "class_names": ["light", "heavy"],
        "instance_noun": "person",
        "immutable_features": ["height"],
        "seed": 3,
        "cards": {
            "description": "Eighty synthetic people.",
            "feature_descriptions": {"height": "height in cm"},
            "training": "A depth-3 decision tree.",
            "label_meanings": {"heavy": "body mass index above 27"},
            "probability_meaning": "The fraction of training people in the same leaf who are heavy.",
        },
    }
    config.update(overrides)
    return config


def _write(folder: Path, name: str, config: dict) -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(config) if name.endswith((".yaml", ".yml")) else json.dumps(config))
    return path


def test_yaml_config_builds_a_working_host(files: Path) -> None:
    host = load_host_config(_write(files, "host.yaml", _config()))
    assert isinstance(host, TabularHost) and host.name == "people" and host.class_names == ["light", "heavy"]
    data = pd.read_csv(files / "people.csv")
    model = joblib.load(files / "model.joblib")
    expected = model.predict(data[["height", "weight"]].iloc[[4]])[0]
    assert host.predict(host.resolve("person 4")).label == ["light", "heavy"][expected]
    assert host.resolve(4).description == "person 4"
    assert host.data_information("height").feature.description == "height in cm"
    assert host.data_information(None).description == "Eighty synthetic people."
    assert host.model_information().training.startswith("A depth-3 decision tree.")
    assert host.output_information().labels[1].meaning == "body mass index above 27"
    assert host.immutable_features == ["height"]
    assert len(host.test_ids) == 16


def test_json_config_with_absolute_paths_and_test_ids(files: Path, tmp_path: Path) -> None:
    (tmp_path / "ids.json").write_text("[1, 5, 9, 40, 41]")
    config = _config(
        model_path=str(files / "model.joblib"), data_path=str(files / "people.csv"), test_ids_path="ids.json"
    )
    host = load_host_config(_write(tmp_path, "host.json", config))
    assert host.test_ids.tolist() == [1, 5, 9, 40, 41]
    (tmp_path / "ids.txt").write_text("2\n3, 4\n")
    host = load_host_config(_write(tmp_path, "host.yml", {**config, "test_ids_path": "ids.txt"}))
    assert host.test_ids.tolist() == [2, 3, 4]


@pytest.mark.parametrize(
    ("overrides", "fragments"),
    [
        ({"target": "hevy"}, ["target", "hevy"]),
        ({"class_names": ["a", "b", "c"]}, ["class_names", "2 classes"]),
        ({"model_path": "missing.joblib"}, ["'model_path'", "missing.joblib"]),
        ({"data_path": "nowhere.csv"}, ["'data_path'", "nowhere.csv"]),
        ({"test_ids_path": "people.csv"}, ["'test_ids_path'", "integer row ids"]),
        ({"colour": "red"}, ["'colour'", "not a known field"]),
        ({"test_size": 1.5}, ["'test_size'"]),
        ({"cards": {"label_meaning": {}}}, ["'cards.label_meaning'"]),
        ({"categorical_features": ["age"]}, ["categorical_features", "age"]),
        ({"model_path": "people.csv"}, ["'model_path'", "joblib"]),
    ],
)
def test_every_problem_names_the_file_and_field(files: Path, overrides: dict, fragments: list[str]) -> None:
    path = _write(files, "bad.yaml", _config(**overrides))
    with pytest.raises(UsageError) as info:
        load_host_config(path)
    message = str(info.value)
    assert str(path) in message
    for fragment in fragments:
        assert fragment in message


def test_missing_field(files: Path) -> None:
    config = _config()
    del config["target"]
    with pytest.raises(UsageError, match="'target'"):
        load_host_config(_write(files, "incomplete.json", config))


def test_unreadable_configuration_files(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no host configuration file"):
        load_host_config(tmp_path / "absent.yaml")
    (tmp_path / "host.toml").write_text("name = 'x'")
    with pytest.raises(UsageError, match=r"\.yaml, \.yml or \.json"):
        load_host_config(tmp_path / "host.toml")
    (tmp_path / "broken.yaml").write_text("name: [unclosed")
    with pytest.raises(UsageError, match="not valid YAML"):
        load_host_config(tmp_path / "broken.yaml")
    (tmp_path / "list.json").write_text("[1, 2]")
    with pytest.raises(UsageError, match="mapping of fields"):
        load_host_config(tmp_path / "list.json")


def test_the_module_warns_that_model_files_are_code() -> None:
    import simxai.hosts.config as module

    assert "trust" in (module.__doc__ or "") and "unpickl" in (module.__doc__ or "")
    assert "model_path" in HostConfig.model_fields
