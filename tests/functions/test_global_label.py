"""A global ranking says which label it is for when the user named none (newuser46).

On a four-label model the default ranking is the one for the label the model predicts most often; before, the
reply said "for predicting <label>" as if that were the whole model. Now it says why that label, and that each
of the other labels has its own ranking; on a two-label model, that the other label has the same ranking.
An invented record of canal locks, made up for these tests.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai import default_registry
from simxai.hosts import host_from_model

FEATURES = ["gate_age_years", "leak_l_min", "boats_per_day"]


def _locks(labels: int) -> tuple[pd.DataFrame, RandomForestClassifier]:
    rng = np.random.default_rng(4620 + labels)
    n = 240
    frame = pd.DataFrame(
        {
            "lock_no": np.arange(900, 900 + n),
            "gate_age_years": rng.integers(1, 60, n),
            "leak_l_min": np.round(rng.uniform(0, 40, n), 1),
            "boats_per_day": rng.integers(0, 30, n),
        }
    )
    score = frame.gate_age_years / 20 + frame.leak_l_min / 10 + rng.normal(0, 0.5, n)
    names = ["fine", "grease", "reseal", "new gates"][:labels]
    frame["work"] = np.array(names)[np.clip((score / score.max() * labels).astype(int), 0, labels - 1)]
    model = RandomForestClassifier(n_estimators=20, random_state=0).fit(frame[FEATURES], frame.work)
    return frame, model


def _host(labels: int) -> Any:
    frame, model = _locks(labels)
    return host_from_model(model, frame, name="locks", target="work", instance_noun="lock", id_column="lock_no")


def _ranking(host: Any, arguments: dict[str, object]) -> Any:
    function = default_registry().get("get_global_explanation")
    assert function is not None
    return function(host, arguments)


@pytest.fixture(scope="module")
def four() -> Any:
    return _host(4)


def test_a_default_ranking_of_four_labels_says_which_label_and_why(four: Any) -> None:
    result = _ranking(four, {})
    labels = four.schema().class_names
    counts = four.predict(four.resolve("all")).label_counts
    assert result.label == max(counts, key=counts.__getitem__)  # the label the model predicts most often
    others = [label for label in labels if label != result.label]
    assert result.other_labels == others
    text = result.render()
    assert f"This ranking is for {result.label}, the label the model predicts most often" in text
    assert f"each of the other 3 labels ({others[0]}, {others[1]} and {others[2]}) has its own" in text
    assert result.model_dump()["default_reason"] == "the label the model predicts most often"


def test_a_ranking_asked_for_a_label_says_no_more(four: Any) -> None:
    label = four.schema().class_names[0]
    result = _ranking(four, {"label": label})
    assert result.label == label and result.other_labels == [] and result.default_reason is None
    assert "This ranking is for" not in result.render()
    assert "other_labels" not in result.model_dump() and "default_reason" not in result.model_dump()


def test_the_default_ranking_leaves_the_asked_one_unchanged(four: Any) -> None:
    default = _ranking(four, {})
    asked = _ranking(four, {"label": default.label})
    assert asked.importances == default.importances
    assert asked.other_labels == [] and asked.default_reason is None  # the cached result was not changed


def test_a_two_label_ranking_says_the_other_label_ranks_the_same() -> None:
    host = _host(2)
    result = _ranking(host, {})
    (other,) = result.other_labels
    assert f"With two labels, {other} has the same ranking" in result.render()
    mirrored = _ranking(host, {"label": other})
    assert [i.feature for i in mirrored.importances] == [i.feature for i in result.importances]
    for a, b in zip(mirrored.importances, result.importances, strict=True):
        assert a.importance == pytest.approx(b.importance)
        assert a.mean_contribution == pytest.approx(-b.mean_contribution)
