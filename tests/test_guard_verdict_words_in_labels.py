"""A class whose name holds a word of verdict ("missed_target", "missed_deadline") is no verdict on the prediction.

The engine's own rendering of a prediction ends "The recorded label is missed_target, so the prediction is correct."
and the guard read "missed" in the class name as the reply saying the prediction was wrong (found on a router author's
blood-donation sessions host, eighteenth round). Hosts built here; our own words. A reply that calls a right
prediction wrong, or a wrong one right, is still flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.tabular import TabularHost
from simxai.results import render_result, result_payload

REGISTRY = default_registry()
FIRST_ID = 4401


def _host(classes: tuple[str, str]) -> TabularHost:
    import numpy as np
    import pandas as pd
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts.in_memory import fit_host

    rng = np.random.default_rng(11)
    n = 200
    frame = pd.DataFrame(
        {
            "run_id": np.arange(FIRST_ID, FIRST_ID + n),
            "staff": rng.integers(2, 12, n),
            "hours_open": np.round(rng.uniform(2, 9, n), 1),
        }
    )
    score = 0.4 * (frame.staff - 7) + 0.3 * (frame.hours_open - 5.5)
    frame["outcome"] = (score + rng.normal(0, 1.2, n) > 0).astype(int)
    return fit_host(
        LogisticRegression(max_iter=500),
        frame,
        name="runs",
        target="outcome",
        class_names={"0": classes[0], "1": classes[1]},
        instance_noun="run",
        id_column="run_id",
    )


def _check(host: TabularHost, reply: str, output: Any) -> Any:
    vocabulary = Vocabulary.for_schema(host.schema(), REGISTRY.names())
    return check_claims(reply, [output], vocabulary=vocabulary)


def _predictions(host: TabularHost, label: str) -> tuple[Any, Any]:
    """One instance the model gets right as `label` and one that is recorded as `label` and predicted otherwise."""
    function = REGISTRY.get("get_prediction")
    assert function is not None
    right = wrong = None
    for number in range(FIRST_ID, FIRST_ID + 200):
        output = function(host, {"instance": number})
        if output.true_label is None:
            continue
        if output.label == output.true_label == label and right is None:
            right = output
        if output.label != output.true_label == label and wrong is None:
            wrong = output
        if right is not None and wrong is not None:
            return right, wrong
    raise AssertionError("no right and wrong prediction found")


CLASSES = [("met_target", "missed_target"), ("missed_deadline", "on_time")]


@pytest.mark.parametrize("classes", CLASSES)
def test_the_engines_rendering_of_a_prediction_passes(classes: tuple[str, str]) -> None:
    host = _host(classes)
    for output in _predictions(host, next(c for c in classes if c.startswith("miss"))):
        report = _check(host, render_result(output), result_payload(output))
        assert report.unsupported == [], render_result(output)


@pytest.mark.parametrize("classes", CLASSES)
def test_a_verdict_turned_round_is_still_flagged(classes: tuple[str, str]) -> None:
    host = _host(classes)
    right, wrong = _predictions(host, next(c for c in classes if c.startswith("miss")))
    said_right = f"The model predicts {wrong.label} for run {wrong.subject.id}, so the prediction is correct."
    said_wrong = f"The model predicts {right.label} for run {right.subject.id}, so the prediction is wrong."
    assert "prediction correct" in _check(host, said_right, result_payload(wrong)).unsupported
    assert "prediction wrong" in _check(host, said_wrong, result_payload(right)).unsupported
