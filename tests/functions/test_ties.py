"""A three-label model that ties two labels at the top (a forest's vote shares: 40 % / 40 % / 20 %): every answer
that starts from the prediction says the tie, and a why-not or how-to-be-that without a label explains the label
tied with the prediction (the most probable other one; on a tie, the first in the model's class order).

An invented record of pumps, made up for these tests.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai import default_registry
from simxai.hosts import host_from_model

FEATURES = ["hours_run", "vibration_mm_s", "seal_leaks"]


@pytest.fixture(scope="module")
def pumps() -> tuple[pd.DataFrame, RandomForestClassifier]:
    rng = np.random.default_rng(8)
    n = 300
    frame = pd.DataFrame(
        {
            "pump_id": np.arange(100, 100 + n),
            "hours_run": rng.integers(100, 9000, n),
            "vibration_mm_s": np.round(rng.uniform(0.5, 12, n), 1),
            "seal_leaks": rng.integers(0, 6, n),
        }
    )
    score = frame.hours_run / 3000 + frame.vibration_mm_s / 4 + rng.normal(0, 1, n)
    frame["action"] = np.select([score < 2.5, score < 4.5], ["keep", "repair"], "replace")
    model = RandomForestClassifier(n_estimators=5, random_state=1).fit(frame[FEATURES], frame.action)
    return frame, model


@pytest.fixture(scope="module")
def host(pumps):  # type: ignore[no-untyped-def]
    frame, model = pumps
    return host_from_model(model, frame, name="pumps", target="action", instance_noun="pump", id_column="pump_id")


def _call(host: object, name: str, arguments: dict[str, object]):  # type: ignore[no-untyped-def]
    registered = default_registry().get(name)
    assert registered is not None
    return registered(host, arguments)


def _tied_pump(pumps) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    """A pump whose two most probable labels tie (its id, the predicted label and the other tied one)."""
    frame, model = pumps
    proba = model.predict_proba(frame[FEATURES])
    for i, p in enumerate(proba):
        order = np.argsort(-p, kind="stable")
        if abs(p[order[0]] - p[order[1]]) < 1e-9 and p[order[0]] > p[order[2]]:
            predicted = str(model.classes_[int(np.argmax(p))])
            other = next(str(model.classes_[j]) for j in order[:2] if str(model.classes_[j]) != predicted)
            return int(frame.pump_id.iloc[i]), predicted, other
    raise AssertionError("the invented pumps hold no tie")


@pytest.mark.parametrize("name", ["explain_why_not", "explain_how_to_be_that"])
def test_a_counterfactual_from_a_tie_says_it_and_targets_the_tied_label(host, pumps, name):
    pump, predicted, other = _tied_pump(pumps)
    result = _call(host, name, {"instance": pump})
    assert result.target_label == other
    assert set(result.tie) == {predicted, other}
    assert f"It is a tie: {predicted} and {other} have 40.0% each; the model's own tie-break gives {predicted}." in (
        result.render()
    )
    assert result.model_dump()["tie"] == result.tie


def test_a_named_third_label_still_says_the_tie(host, pumps):
    pump, predicted, other = _tied_pump(pumps)
    third = next(label for label in ("keep", "repair", "replace") if label not in (predicted, other))
    result = _call(host, "explain_why_not", {"instance": pump, "expected_label": third})
    assert result.target_label == third
    assert f"{predicted} and {other} have 40.0% each" in result.render()


def test_what_keeps_a_tied_prediction_says_the_tie(host, pumps):
    pump, predicted, other = _tied_pump(pumps)
    result = _call(host, "explain_how_to_still_be_this", {"instance": pump})
    assert f"It is a tie: {predicted} and {other} have 40.0% each" in result.render()


def test_no_tie_no_sentence(host, pumps):
    frame, model = pumps
    proba = np.sort(model.predict_proba(frame[FEATURES]), axis=1)
    clear = int(frame.pump_id.iloc[int(np.argmax(proba[:, -1] - proba[:, -2]))])
    result = _call(host, "explain_why_not", {"instance": clear})
    assert result.tie == {}
    assert "tie" not in result.model_dump()
    assert "It is a tie" not in result.render()
