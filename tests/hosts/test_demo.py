"""The demo host: its data, split, model and cards are what they claim to be."""

from __future__ import annotations

import socket

import numpy as np
import pytest
from sklearn.datasets import load_diabetes
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import train_test_split

from simxai.hosts.demo import DEMO_FEATURES, MODEL_PARAMS, build_demo_host, load_demo_host
from simxai.hosts.tabular import TabularHost


def test_data_and_labels(demo_host: TabularHost) -> None:
    source = load_diabetes(scaled=False)
    schema = demo_host.schema()
    assert [f.name for f in schema.features] == list(DEMO_FEATURES)
    assert schema.id_range == (0, 441) and schema.instance_noun == "patient"
    assert demo_host.class_names == ["stable", "progressing"]
    expected = ["progressing" if t > 140 else "stable" for t in source.target]
    assert demo_host.recorded_labels == expected
    # Renamed in the source's order: bmi is column 2, glucose (s6) column 9.
    info = demo_host.data_information("glucose").feature
    assert (info.min, info.max) == (source.data[:, 9].min(), source.data[:, 9].max())
    assert demo_host.data_information("bmi").feature.mean == pytest.approx(source.data[:, 2].mean())


def test_held_out_split_is_the_part_the_model_never_saw(demo_host: TabularHost) -> None:
    source = load_diabetes(scaled=False, as_frame=True)
    labels = (source.target > 140).astype(int).to_numpy()
    _, test = train_test_split(np.arange(442), test_size=0.2, random_state=0, stratify=labels)
    assert demo_host.test_ids.tolist() == sorted(test.tolist())
    features = source.data.set_axis(list(DEMO_FEATURES), axis=1)
    retrained = GradientBoostingClassifier(random_state=0, **MODEL_PARAMS).fit(
        features.iloc[demo_host.train_ids], labels[demo_host.train_ids]
    )
    np.testing.assert_array_equal(retrained.predict_proba(features), demo_host.model.predict_proba(features))


def test_cards_state_true_figures(demo_host: TabularHost) -> None:
    data = demo_host.data_information(None)
    assert data.class_balance == {"stable": 221, "progressing": 221}
    assert "442" in data.description and "221 patients" in data.description
    assert all(f.description for f in data.features)
    model = demo_host.model_information()
    assert model.model_type == "GradientBoostingClassifier"
    assert model.hyperparameters["max_depth"] == 2 and model.hyperparameters["n_estimators"] == 100
    assert f"({len(demo_host.train_ids)} patients, seed 0)" in model.training
    accuracy = demo_host.performance("accuracy").value
    assert model.strengths == [
        f"held-out accuracy {accuracy:.3f}".rstrip("0") + ", against 0.506 for always predicting the most common label"
    ]
    wrong = round((1 - accuracy) * 89)
    assert f"wrong on {wrong} of the 89 held-out patients" in model.limitations
    output = demo_host.output_information()
    assert [label.name for label in output.labels] == ["stable", "progressing"]
    assert all("140" in label.meaning for label in output.labels)


def test_built_once_per_seed() -> None:
    assert load_demo_host() is load_demo_host(0) is load_demo_host(seed=0)
    assert build_demo_host() is not load_demo_host()
    other = load_demo_host(1)
    assert other is not load_demo_host() and other.test_ids.tolist() != load_demo_host().test_ids.tolist()


def test_needs_no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the demo host tried to open a network connection")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    host = build_demo_host(seed=2)
    assert host.predict(host.resolve(0)).label in ("stable", "progressing")
