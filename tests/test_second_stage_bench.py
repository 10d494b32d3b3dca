"""bench/_second_stage_model.py (stack32): the second stage's fit on invented rows, no author's turn."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from _second_stage_model import SIGNALS, Row, fit  # noqa: E402

CLASSES = ("get_prediction", "explain_what_if", "none")


def _row(p_what_if: float, excluded: bool, gold: str) -> Row:
    probabilities = {"get_prediction": (1 - p_what_if) * 0.9, "explain_what_if": p_what_if, "none": 0.0}
    probabilities["none"] = 1 - sum(probabilities.values())
    return Row("a", "request", probabilities, [0.0] * len(SIGNALS), ["explain_what_if"] if excluded else [], [gold])


def test_an_excluded_option_is_learned_against() -> None:
    # the selector prefers the what-if (0.8) on every row; where the contract excludes it, the gold is the prediction
    rows = [_row(0.8, True, "get_prediction")] * 40 + [_row(0.8, False, "explain_what_if")] * 40
    stage = fit(rows, CLASSES, "contract", 0.0)
    assert stage.c < -1.0
    probs = stage.probabilities([_row(0.8, True, "get_prediction"), _row(0.8, False, "explain_what_if")])
    assert probs[0].argmax() == 0  # excluded: the prediction wins
    assert probs[1].argmax() == 1  # not excluded: the what-if stands


def test_the_temperature_alone_keeps_the_order() -> None:
    rows = [_row(0.6, False, "explain_what_if")] * 30 + [_row(0.6, False, "get_prediction")] * 10
    stage = fit(rows, CLASSES, "calib", 0.0)
    assert stage.c == 0.0 and not stage.b.any() and not stage.w.any()
    probs = stage.probabilities(rows[:1])[0]
    assert probs.argmax() == 1
    assert np.isclose(probs.sum(), 1.0)


def test_an_unregistered_class_gets_nothing() -> None:
    row = Row("a", "request", {"get_prediction": 0.7, "none": 0.3}, [0.0] * len(SIGNALS), [], ["get_prediction"])
    stage = fit([row] * 5, CLASSES, "prior", 1.0)
    assert stage.probabilities([row])[0][1] == 0.0
