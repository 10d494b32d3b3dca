"""load_host_config builds a working host from YAML or JSON and names the file and field of each problem."""

from __future__ import annotations

import json
import re
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import pytest
import yaml
from sklearn.tree import DecisionTreeClassifier

from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts.config import HostConfig, load_host_config
from simxai.hosts.tabular import TabularHost, stratified_split


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny fitted model and its CSV in a folder."""
    folder = tmp_path_factory.mktemp("host")
    rng = np.random.default_rng(0)
    data = pd.DataFrame({"height": np.round(rng.uniform(150, 200, 80), 1), "weight": rng.integers(45, 120, 80)})
    data["heavy"] = (data.weight / (data.height / 100) ** 2 > 27).astype(int)
    model = DecisionTreeClassifier(max_depth=3, random_state=0).fit(data[["height", "weight"]], data.heavy)
    joblib.dump(model, folder / "model.joblib")
    joblib.dump({"weights": [1, 2]}, folder / "not_a_model.joblib")
    data.to_csv(folder / "people.csv", index=False)
    data.drop(columns="weight").to_csv(folder / "no_weight.csv", index=False)
    return folder


def _config(**overrides: object) -> dict:
    config = {
        "name": "people",
        "model_path": "model.joblib",
        "data_path": "people.csv",
        "target": "heavy",
        "class_names": {0: "light", 1: "heavy"},
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


def test_a_model_fitted_off_the_default_split_is_scored_on_the_rows_it_never_saw(files: Path, tmp_path: Path) -> None:
    """`stratified_split` of the target column gives the split a config's test_size and seed draw (no test_ids_path)."""
    data = pd.read_csv(files / "people.csv")
    train, test = stratified_split(data.heavy.to_numpy(), 0.25, 3)
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(
        data[["height", "weight"]].iloc[train], data.heavy.iloc[train]
    )
    joblib.dump(model, tmp_path / "model.joblib")
    config = _config(model_path="model.joblib", data_path=str(files / "people.csv"), test_size=0.25)
    host = load_host_config(_write(tmp_path, "host.yaml", config))
    assert host.test_ids.tolist() == test.tolist() and host.train_ids.tolist() == train.tolist()
    held_out = host.performance("accuracy")
    expected = float(np.mean(model.predict(data[["height", "weight"]].iloc[test]) == data.heavy.iloc[test]))
    assert held_out.n == len(test) == 20 and held_out.value == pytest.approx(expected)


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
        ({"data_path": "no_weight.csv"}, ["missing ['weight']", "fitted on ['height', 'weight']"]),
        ({"data_path": "model.joblib"}, ["'data_path'", "is not a text CSV", "header row"]),
        ({"model_path": "not_a_model.joblib"}, ["'model_path'", "holds a dict, not a classifier", "predict_proba"]),
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


@pytest.fixture(scope="module")
def string_files(files: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same people, with a model trained on the string labels: its classes_ are ['heavy', 'light']."""
    folder = tmp_path_factory.mktemp("string_host")
    data = pd.read_csv(files / "people.csv")
    data["heavy"] = np.where(data.heavy == 1, "heavy", "light")
    model = DecisionTreeClassifier(max_depth=3, random_state=0).fit(data[["height", "weight"]], data.heavy)
    assert list(model.classes_) == ["heavy", "light"]
    joblib.dump(model, folder / "model.joblib")
    data.to_csv(folder / "people.csv", index=False)
    return folder


def _labels_agree(host: TabularHost, folder: Path) -> None:
    """Every prediction and recorded label is the model's own class for that row, by value."""
    data = pd.read_csv(folder / "people.csv")
    model = joblib.load(folder / "model.joblib")
    for row in (0, 4, 17, 60):
        assert host.predict(host.resolve(row)).label == str(model.predict(data[["height", "weight"]].iloc[[row]])[0])
    assert host.recorded_labels == [str(v) for v in data.heavy]


def test_string_classes_are_the_names(string_files: Path) -> None:
    config = _config(cards={"label_meanings": {"heavy": "body mass index above 27"}})
    for class_names in (None, ["heavy", "light"]):
        host = load_host_config(_write(string_files, "host.yaml", {**config, "class_names": class_names}))
        assert host.class_names == ["heavy", "light"]
        _labels_agree(host, string_files)
        assert host.output_information().labels[0].meaning == "body mass index above 27"


def test_swapped_class_names_are_refused_naming_both_orders(string_files: Path) -> None:
    path = _write(string_files, "swapped.yaml", _config(class_names=["light", "heavy"]))
    with pytest.raises(UsageError) as info:
        load_host_config(path)
    assert str(info.value) == (
        f"{path}: class_names ['light', 'heavy'] does not match the model's classes_ ['heavy', 'light']; "
        "omit class_names or list them in that order (the same names in another order: a list is read in the order "
        "of classes_)"
    )


def _named(host: TabularHost, folder: Path, names: dict[int, str]) -> None:
    data = pd.read_csv(folder / "people.csv")
    model = joblib.load(folder / "model.joblib")
    for row in (0, 4, 17, 60):
        predicted = model.predict(data[["height", "weight"]].iloc[[row]])[0]
        assert host.predict(host.resolve(row)).label == names[int(predicted)]
    assert host.recorded_labels == [names[int(v)] for v in data.heavy]


@pytest.mark.parametrize("name", ["host.yaml", "host.json"])
def test_numeric_classes_are_named_by_a_mapping(files: Path, name: str, caplog: pytest.LogCaptureFixture) -> None:
    # written in the reverse order of classes_: the names follow the values, not the positions
    host = load_host_config(_write(files, name, _config(class_names={1: "heavy", 0: "light"})))
    assert host.class_names == ["light", "heavy"]
    _named(host, files, {0: "light", 1: "heavy"})
    assert not [r for r in caplog.records if r.levelname == "WARNING"]


def test_a_list_for_numeric_classes_warns_with_the_mapping_used(files: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("WARNING", logger="simxai.hosts.tabular"):
        host = load_host_config(_write(files, "list.yaml", _config(class_names=["light", "heavy"])))
    _named(host, files, {0: "light", 1: "heavy"})
    [record] = [r for r in caplog.records if r.levelname == "WARNING"]
    assert "by position" in record.getMessage() and "{0: light, 1: heavy}" in record.getMessage()


@pytest.mark.parametrize(
    ("class_names", "fragment"),
    [
        ({0: "light"}, "must map each of the model's classes_ [0, 1]"),
        ({0: "light", 2: "heavy"}, "must map each of the model's classes_ [0, 1]"),
        ({0: "light", 1: "light"}, "distinct"),
    ],
)
def test_a_mapping_must_name_every_class_once(files: Path, class_names: dict, fragment: str) -> None:
    with pytest.raises(UsageError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        load_host_config(_write(files, "bad_map.yaml", _config(class_names=class_names)))


def test_recorded_labels_are_checked_against_the_names(files: Path, tmp_path: Path) -> None:
    data = pd.read_csv(files / "people.csv")
    names = {0: "light", 1: "heavy"}
    data.assign(heavy=[names[v] for v in data.heavy]).to_csv(tmp_path / "people.csv", index=False)
    config = _config(model_path=str(files / "model.joblib"), class_names=names)
    host = load_host_config(_write(tmp_path, "named.yaml", config))
    assert host.recorded_labels == [names[v] for v in data.heavy]
    data.assign(heavy=["medium", *(names[v] for v in data.heavy[1:])]).to_csv(tmp_path / "people.csv", index=False)
    with pytest.raises(UsageError, match=r"holds 'medium'.*class names \['light', 'heavy'\]"):
        load_host_config(_write(tmp_path, "named.yaml", config))


@pytest.mark.parametrize(
    ("alias", "what"),
    [
        ("person", "the instance noun"),
        ("Persons", "the plural of the instance noun"),
        ("heavy", "a label name"),
    ],
)
def test_the_instance_noun_and_label_names_are_never_aliases(files: Path, alias: str, what: str) -> None:
    path = _write(files, "alias.yaml", _config(feature_aliases={"weight": ["mass", alias]}))
    with pytest.raises(UsageError) as info:
        load_host_config(path)
    assert str(info.value) == (
        f"{path}: feature_aliases: {alias!r} (an alias of weight) is {what}; an alias must not be the "
        "instance noun 'person', its plural or a label name"
    )
    host = load_host_config(_write(files, "alias.yaml", _config(feature_aliases={"weight": ["mass"]})))
    assert host.schema().features[1].aliases == ["mass"]


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


# ---- coded categories and an id column -------------------------------------------------------------------


@pytest.fixture(scope="module")
def coded_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Customers with a region coded 0-3 (0 is north) and an id column the model does not use."""
    from sklearn.ensemble import RandomForestClassifier

    folder = tmp_path_factory.mktemp("coded")
    rng = np.random.default_rng(1)
    n = 200
    data = pd.DataFrame(
        {
            "customer_id": rng.permutation(np.arange(5001, 5001 + n)),
            "income": np.round(rng.uniform(10, 150, n), 1),
            "region": rng.integers(0, 4, n),
        }
    )
    data["churn"] = ((data.income < 50) ^ (data.region == 0)).astype(int)
    model = RandomForestClassifier(n_estimators=20, random_state=0).fit(data[["income", "region"]], data.churn)
    joblib.dump(model, folder / "model.joblib")
    data.to_csv(folder / "customers.csv", index=False)
    return folder


def _coded(**overrides: object) -> dict:
    config = {
        "name": "churn",
        "model_path": "model.joblib",
        "data_path": "customers.csv",
        "target": "churn",
        "class_names": {0: "stays", 1: "churns"},
        "instance_noun": "customer",
        "id_column": "customer_id",
        "category_names": {"region": {0: "north", 1: "south", 2: "east", 3: "west"}},
    }
    config.update(overrides)
    return config


def test_category_names_are_used_in_understanding_and_replies(coded_files: Path) -> None:
    host = load_host_config(_write(coded_files, "coded.yaml", _coded()))
    data = pd.read_csv(coded_files / "customers.csv")
    region = host.schema().features[1]
    assert (region.type, region.categories) == ("categorical", ["north", "south", "east", "west"])
    first = data.iloc[0]
    subject = host.resolve(int(first.customer_id))
    assert subject.values["region"] == ["north", "south", "east", "west"][int(first.region)]
    # "north" is code 0, whatever the row's region was; the model sees the code.
    result = host.what_if(subject, {"region": "north"})
    assert (result.changes[0].old, result.changes[0].new) == (subject.values["region"], "north")
    moved = data.iloc[[0]].drop(columns=["customer_id", "churn"]).assign(region=0)
    assert result.new_probabilities["churns"] == pytest.approx(host.model.predict_proba(moved)[0, 1])
    # The code is still understood, as its name; an unknown name is refused naming the valid ones.
    assert host.what_if(subject, {"region": 2}).changes[0].new == "east"
    with pytest.raises(ArgumentError, match="region has no category 'middle'; valid categories are north, south"):
        host.what_if(subject, {"region": "middle"})
    group = host.resolve("region = west")
    assert group.size == int((data.region == 3).sum())


def test_an_id_column_gives_the_instance_ids(coded_files: Path) -> None:
    host = load_host_config(_write(coded_files, "ids.yaml", _coded()))
    data = pd.read_csv(coded_files / "customers.csv")
    assert host.schema().id_range == (5001, 5200)
    assert "customer_id" not in [f.name for f in host.schema().features]
    row = data.iloc[7]
    prediction = host.predict(host.resolve(f"customer {int(row.customer_id)}"))
    assert prediction.subject.description == f"customer {int(row.customer_id)}"
    assert prediction.true_label == ("churns" if row.churn else "stays")
    frame = data.iloc[[7]][["income", "region"]]
    assert prediction.probabilities["churns"] == pytest.approx(host.model.predict_proba(frame)[0, 1])
    with pytest.raises(ArgumentError, match="^there is no customer 7$") as error:
        host.resolve(7)
    assert error.value.valid == "an id from 5001 to 5200"
    group = host.resolve("income > 140")
    assert sorted(group.ids or []) == sorted(int(i) for i in data.customer_id[data.income > 140])
    assert host.predict(group).label_counts is not None


def test_a_metric_on_a_group_uses_the_held_out_rows_of_the_group_with_an_id_column(coded_files: Path) -> None:
    """The group holds instance ids (5001...), the held-out split row positions: they must meet by row."""
    host = load_host_config(_write(coded_files, "group.yaml", _coded()))
    data = pd.read_csv(coded_files / "customers.csv")
    result = host.performance("accuracy", host.resolve("region = west"))
    held_out = set(host.test_ids.tolist())
    rows = [i for i in range(len(data)) if i in held_out and data.region[i] == 3]
    assert result.n == len(rows) > 0
    predicted = host.model.predict(data.iloc[rows][["income", "region"]])
    assert result.value == pytest.approx(float(np.mean(predicted == data.churn.iloc[rows].to_numpy())))


@pytest.mark.parametrize(
    ("overrides", "fragment"),
    [
        ({"category_names": {"region": {0: "north", 1: "south"}}}, "unnamed: 2, 3"),
        ({"category_names": {"region": {0: "n", 1: "s", 2: "e", 3: "w", 7: "x"}}}, "not in the data: 7"),
        ({"category_names": {"region": {0: "n", 1: "n", 2: "e", 3: "w"}}}, "distinct non-empty strings"),
        ({"category_names": {"zone": {0: "n"}}}, "category_names names unknown features ['zone']"),
        ({"id_column": "income"}, "id_column 'income' must hold integers"),
        ({"id_column": "customer"}, "id_column 'customer' is not a column of data"),
        ({"id_column": None}, "not used by the model ['customer_id']"),
    ],
)
def test_bad_category_names_and_id_columns_are_refused(coded_files: Path, overrides: dict, fragment: str) -> None:
    with pytest.raises(UsageError, match=re.escape(fragment)):
        load_host_config(_write(coded_files, "bad.yaml", _coded(**overrides)))


def test_yaml_booleans_in_names_say_how_to_quote_them(files: Path) -> None:
    path = files / "booleans.yaml"
    path.write_text(yaml.safe_dump(_config(class_names=None)).replace("class_names: null", "class_names: [no, yes]"))
    with pytest.raises(UsageError, match=re.escape("quote them: ['no', 'yes']")):
        load_host_config(path)
    path.write_text(
        yaml.safe_dump(_config(class_names=None)).replace("class_names: null", "class_names: {0: no, 1: yes}")
    )
    with pytest.raises(UsageError, match=re.escape("quote them: {0: 'no', 1: 'yes'}")):
        load_host_config(path)


def test_a_missing_field_is_said_plainly(files: Path) -> None:
    config = _config()
    del config["target"]
    with pytest.raises(UsageError, match="field 'target' is required") as error:
        load_host_config(_write(files, "incomplete.yaml", config))
    assert "field required" not in str(error.value).lower()


def test_the_host_config_pages_full_example_loads_and_answers_as_shown(tmp_path: Path) -> None:
    import subprocess
    import sys

    doc = (Path(__file__).resolve().parents[2] / "docs" / "host-config.md").read_text(encoding="utf-8")
    script = re.search(r"```python\n(.*?)```", doc, re.S)
    config = re.search(r"```yaml\n(name: .*?)```", doc, re.S)
    assert script is not None and config is not None
    (tmp_path / "make.py").write_text(script.group(1), encoding="utf-8")
    (tmp_path / "host.yaml").write_text(config.group(1), encoding="utf-8")
    made = subprocess.run([sys.executable, "make.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    host = load_host_config(tmp_path / "host.yaml")
    schema = host.schema()
    assert schema.id_range == (10001, 10400) and [f.name for f in schema.features] == ["age", "income", "region"]
    assert schema.features[2].categories == ["north", "south", "east", "west"]
    # The dialogue the page shows, as the host answers it.
    prediction = host.predict(host.resolve(10380))
    assert prediction.render().startswith("The model predicts stays for customer 10380 (probabilities: stays")
    what_if = host.what_if(host.resolve(10380), {"region": "east"}).render()
    assert what_if.startswith("For customer 10380, changing region from west to east: the prediction changes to leaves")
    shown = re.findall(r"^simxai: (.*?) \.\.\.$", doc, re.M)
    assert len(shown) == 2 and prediction.render().startswith(shown[0]) and what_if.startswith(shown[1])
    assert host.resolve("id > 10350").size == 50
    assert "held-out split (80 customers)" in host.performance("accuracy").render()


def test_explainer_and_counterfactual_method_reach_the_host(files: Path) -> None:
    host = load_host_config(_write(files, "kernel.yaml", _config(explainer="kernel")))
    assert "KernelExplainer" in host.local_explanation(host.resolve(0), None).method
    host = load_host_config(_write(files, "auto.yaml", _config()))
    assert "exact path-dependent TreeSHAP" in host.local_explanation(host.resolve(0), None).method
    assert host.counterfactual_method == "nearest"
    with pytest.raises(UsageError, match=r"field 'explainer' input should be 'auto', 'tree', 'linear' or 'kernel'"):
        load_host_config(_write(files, "fast.yaml", _config(explainer="fast")))
    with pytest.raises(UsageError, match="explainer 'linear' needs a scikit-learn linear classifier"):
        load_host_config(_write(files, "linear.yaml", _config(explainer="linear")))
