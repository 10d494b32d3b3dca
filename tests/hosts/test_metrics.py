"""The metrics helper both local hosts share: checked against scikit-learn, and through each host on groups of
rows that hold only some of the classes (where a metric must be measured on the classes present, never nan).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics
from sklearn.datasets import make_classification
from sklearn.ensemble import RandomForestClassifier

from simxai.exceptions import ArgumentError, HostError
from simxai.hosts._metrics import classification_scores, roc_auc
from simxai.hosts.tabular import TabularHost
from simxai.hosts.text import TextHost

_SCALARS = ("accuracy", "precision", "recall", "f1")


def _probabilities(n: int, n_classes: int, seed: int) -> np.ndarray:
    raw = np.random.default_rng(seed).uniform(0.05, 1, size=(n, n_classes))
    return raw / raw.sum(axis=1, keepdims=True)


def _labels_near(proba: np.ndarray, seed: int) -> np.ndarray:
    """Recorded labels that mostly agree with the most probable class, so every metric is away from 0 and 1."""
    rng = np.random.default_rng(seed)
    labels = proba.argmax(axis=1)
    flip = rng.random(len(labels)) < 0.3
    labels[flip] = rng.integers(0, proba.shape[1], flip.sum())
    return labels


# ----------------------------------------------------------------------------------------- the helper


def test_binary_scores_are_sklearns_for_the_second_class() -> None:
    proba = _probabilities(60, 2, seed=0)
    y_true, y_pred = _labels_near(proba, seed=1), proba.argmax(axis=1)
    scores, matrix = classification_scores(y_true, y_pred, proba, 2)
    assert scores == pytest.approx(
        {
            "accuracy": metrics.accuracy_score(y_true, y_pred),
            "precision": metrics.precision_score(y_true, y_pred),
            "recall": metrics.recall_score(y_true, y_pred),
            "f1": metrics.f1_score(y_true, y_pred),
            "roc_auc": metrics.roc_auc_score(y_true, proba[:, 1]),
        }
    )
    assert matrix == metrics.confusion_matrix(y_true, y_pred).tolist()


def test_multiclass_scores_are_sklearns_macro_and_one_vs_rest_when_every_class_occurs() -> None:
    proba = _probabilities(90, 3, seed=2)
    y_true, y_pred = _labels_near(proba, seed=3), proba.argmax(axis=1)
    assert set(y_true) == {0, 1, 2}
    scores, matrix = classification_scores(y_true, y_pred, proba, 3)
    for name in _SCALARS[1:]:
        expected = getattr(metrics, f"{name}_score")(y_true, y_pred, average="macro")
        assert scores[name] == pytest.approx(expected), name
    assert scores["roc_auc"] == pytest.approx(metrics.roc_auc_score(y_true, proba, multi_class="ovr"))
    assert matrix == metrics.confusion_matrix(y_true, y_pred).tolist()


def test_a_group_missing_a_class_is_scored_on_the_classes_present() -> None:
    proba = _probabilities(90, 3, seed=4)
    y_true, y_pred = _labels_near(proba, seed=5), proba.argmax(axis=1)
    keep = (y_true != 2) & (y_pred != 2)  # class 2 neither recorded nor predicted
    y_true, y_pred, proba = y_true[keep], y_pred[keep], proba[keep]
    scores, matrix = classification_scores(y_true, y_pred, proba, 3)
    assert all(math.isfinite(v) for v in scores.values())
    for name in _SCALARS[1:]:
        expected = getattr(metrics, f"{name}_score")(y_true, y_pred, labels=[0, 1], average="macro")
        assert scores[name] == pytest.approx(expected), name
    per_class = [metrics.roc_auc_score(y_true == c, proba[:, c]) for c in (0, 1)]
    assert scores["roc_auc"] == pytest.approx(np.mean(per_class))
    assert len(matrix) == 3 and matrix[2] == [0, 0, 0] and [row[2] for row in matrix] == [0, 0, 0]


def test_a_class_predicted_but_never_recorded_counts_in_the_macro_precision_but_not_in_roc_auc() -> None:
    y_true = np.array([0, 0, 1, 1, 0, 1])
    y_pred = np.array([0, 2, 1, 1, 0, 0])
    proba = np.array(
        [[0.7, 0.2, 0.1], [0.3, 0.2, 0.5], [0.1, 0.8, 0.1], [0.2, 0.6, 0.2], [0.6, 0.3, 0.1], [0.5, 0.4, 0.1]]
    )
    scores, _ = classification_scores(y_true, y_pred, proba, 3)
    assert scores["precision"] == pytest.approx(
        metrics.precision_score(y_true, y_pred, average="macro", zero_division=0)
    )
    assert scores["roc_auc"] == pytest.approx(
        np.mean([metrics.roc_auc_score(y_true == c, proba[:, c]) for c in (0, 1)])
    )


def test_a_class_predicted_but_never_recorded_does_not_drag_down_the_macro_recall() -> None:
    """The group "label = busy": its recall is the recall of busy, not halved by the label it was mistaken for."""
    y_true = np.zeros(4, dtype=int)
    y_pred = np.array([0, 0, 0, 2])
    scores, _ = classification_scores(y_true, y_pred, np.eye(3)[y_pred], 3)
    assert scores["recall"] == pytest.approx(0.75)  # 3 of the 4 recorded class-0 rows; class 2's recall is undefined
    assert scores["precision"] == pytest.approx(0.5)  # class 0: 3/3, class 2: 0/1 (predicted, so defined)
    assert scores["f1"] == pytest.approx((6 / 7 + 0) / 2)


@pytest.mark.parametrize("n_classes", [2, 3])
def test_roc_auc_is_left_out_with_a_single_recorded_label_never_nan(n_classes: int) -> None:
    proba = _probabilities(8, n_classes, seed=6)
    y_true = np.ones(8, dtype=int)
    scores, _ = classification_scores(y_true, proba.argmax(axis=1), proba, n_classes)
    assert "roc_auc" not in scores
    assert all(math.isfinite(v) for v in scores.values())
    assert roc_auc(y_true, proba, n_classes) is None


# ----------------------------------------------------------------------------- through the two hosts


@pytest.fixture(scope="module")
def forest_data() -> pd.DataFrame:
    x, y = make_classification(n_samples=150, n_features=4, n_informative=3, n_redundant=0, n_classes=3, random_state=3)
    frame = pd.DataFrame(np.round(x, 2), columns=["a", "b", "c", "d"])
    frame["kind"] = y
    return frame


@pytest.fixture(scope="module")
def forest_host(forest_data: pd.DataFrame) -> TabularHost:
    model = RandomForestClassifier(n_estimators=25, max_depth=4, random_state=0)
    model.fit(forest_data[["a", "b", "c", "d"]], forest_data.kind)
    return TabularHost(model, forest_data, "kind", {0: "low", 1: "mid", 2: "high"}, name="forest", test_size=0.3)


def test_tabular_host_scores_a_group_missing_a_class_on_the_classes_present(
    forest_host: TabularHost, forest_data: pd.DataFrame
) -> None:
    group = forest_host.resolve("label != high")
    ids = np.intersect1d(forest_host.test_ids, np.asarray(group.ids))
    x, y = forest_data[["a", "b", "c", "d"]].iloc[ids], forest_data.kind.to_numpy()[ids]
    proba, predicted = forest_host.model.predict_proba(x), forest_host.model.predict(x)
    present = sorted(set(y) | set(predicted))
    result = forest_host.performance("all", group)
    assert result.n == len(ids) and set(y) == {0, 1}
    assert all(math.isfinite(v) for v in result.metrics.values())
    assert result.metrics["f1"] == pytest.approx(metrics.f1_score(y, predicted, labels=present, average="macro"))
    expected_auc = np.mean([metrics.roc_auc_score(y == c, proba[:, c]) for c in (0, 1)])
    assert forest_host.performance("roc_auc", group).value == pytest.approx(expected_auc)


def test_tabular_host_says_plainly_when_roc_auc_cannot_be_measured(forest_host: TabularHost) -> None:
    group = forest_host.resolve("label = mid")
    with pytest.raises(ArgumentError, match="roc_auc is undefined: the held-out rows scored hold a single label"):
        forest_host.performance("roc_auc", group)
    scores = forest_host.performance("all", group).metrics
    assert "roc_auc" not in scores and all(math.isfinite(v) for v in scores.values())


def _keywords(texts: list[str]) -> np.ndarray:
    rows = [np.array([t.count("bad"), t.count("ok"), t.count("good")], dtype=float) + 0.1 for t in texts]
    return np.array([r / r.sum() for r in rows])


_TEXTS = [
    ("bad bad", "neg"),
    ("ok", "mid"),
    ("good", "pos"),
    ("good ok", "mid"),
    ("bad good good", "neg"),
    ("bad ok", "neg"),
    ("ok ok good", "pos"),
]


def test_text_host_scores_a_group_missing_a_class_on_the_classes_present() -> None:
    three = TextHost(_keywords, ["neg", "mid", "pos"], name="three", dataset=_TEXTS)
    result = three.performance("all", three.resolve("label != pos"))
    rows = [(t, lab) for t, lab in _TEXTS if lab != "pos"]
    proba = _keywords([t for t, _ in rows])
    y = np.array([["neg", "mid", "pos"].index(lab) for _, lab in rows])
    predicted = proba.argmax(axis=1)
    present = sorted(set(y) | set(predicted))
    assert result.n == len(rows)
    assert result.metrics["recall"] == pytest.approx(
        metrics.recall_score(y, predicted, labels=present, average="macro", zero_division=np.nan)
    )
    expected_auc = np.mean([metrics.roc_auc_score(y == c, proba[:, c]) for c in (0, 1)])
    assert result.metrics["roc_auc"] == pytest.approx(expected_auc)
    with pytest.raises(HostError, match="ROC AUC is undefined: the texts scored hold a single recorded label"):
        three.performance("roc_auc", three.resolve("label = mid"))


def test_both_hosts_agree_on_the_same_labels_and_probabilities(
    forest_host: TabularHost, forest_data: pd.DataFrame
) -> None:
    """A text host whose 'model' replays the forest's probabilities reports the forest's held-out figures."""
    ids = forest_host.test_ids
    x = forest_data[["a", "b", "c", "d"]].iloc[ids]
    proba = forest_host.model.predict_proba(x)
    texts = [f"row {i}" for i in ids]
    by_text = dict(zip(texts, proba, strict=True))
    names = ["low", "mid", "high"]
    labels = [names[k] for k in forest_data.kind.to_numpy()[ids]]
    replay = TextHost(
        lambda batch: np.array([by_text[t] for t in batch]),
        names,
        name="replay",
        dataset=list(zip(texts, labels, strict=True)),
    )
    assert np.array_equal(forest_host.model.predict(x), proba.argmax(axis=1))  # same predicted labels
    text_result, tabular_result = replay.performance("all"), forest_host.performance("all")
    assert text_result.metrics == pytest.approx(tabular_result.metrics)
    assert text_result.confusion_matrix == tabular_result.confusion_matrix


def test_a_multiclass_reply_says_its_precision_recall_and_f1_are_macro_averages(forest_host: TabularHost) -> None:
    for name in ("precision", "recall", "f1"):
        reply = forest_host.performance(name).render()
        assert reply.startswith(f"The model's {name} (the macro average over the labels present) on "), reply
    assert forest_host.performance("accuracy").render().startswith("The model's accuracy on ")


def test_a_binary_reply_names_the_label_its_precision_recall_and_f1_are_of(forest_data: pd.DataFrame) -> None:
    data = forest_data[forest_data.kind != 2]
    model = RandomForestClassifier(n_estimators=10, max_depth=3, random_state=0)
    model.fit(data[["a", "b", "c", "d"]], data.kind)
    host = TabularHost(model, data.reset_index(drop=True), "kind", {0: "low", 1: "mid"}, name="two", test_size=0.3)
    for name in ("precision", "recall", "f1"):
        result = host.performance(name)
        assert result.render().startswith(f"The model's {name} for the label mid on "), result.render()


@pytest.mark.parametrize("host_name", ["demo_host", "sentiment_host"])
def test_both_hosts_refuse_an_unknown_metric_alike(host_name, request):
    # one check of a metric (`_metrics.check_metric`) for the tabular and the text host
    host = request.getfixturevalue(host_name)
    with pytest.raises(ArgumentError) as refused:
        host.performance("acuracy")
    assert str(refused.value).startswith("unknown metric 'acuracy'")
    assert refused.value.argument == "metric" and "accuracy" in refused.value.suggestions
    assert refused.value.valid is not None and "roc_auc" in refused.value.valid
