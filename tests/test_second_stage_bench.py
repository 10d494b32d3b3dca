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


# ---- bench/_second_stage_ask.py (stack33): the same stage with an "ask" class -------------------------------


def test_the_ask_class_is_learned_where_the_selector_is_unsure() -> None:
    from _second_stage_ask import ASK, outcomes
    from _second_stage_ask import fit as fit_ask

    # unsure rows (0.5 / 0.45) whose gold is a question, sure rows (0.95) whose gold is the top function
    unsure = Row(
        "a", "request", {"get_prediction": 0.5, "explain_what_if": 0.45, "none": 0.05}, [0.0] * len(SIGNALS), [], [ASK]
    )
    sure = Row(
        "b",
        "request",
        {"get_prediction": 0.95, "explain_what_if": 0.04, "none": 0.01},
        [0.0] * len(SIGNALS),
        [],
        ["get_prediction"],
    )
    stage = fit_ask([unsure] * 30 + [sure] * 30, CLASSES, 0.1)
    probs = stage.probabilities([unsure, sure])
    assert probs.shape == (2, len(CLASSES) + 1)
    assert probs[0].argmax() == len(CLASSES)  # asked
    assert probs[1].argmax() == 0  # answered: the prediction
    assert outcomes(probs, [unsure, sure], CLASSES)[1:] == [1.0, 1.0, 0.0, 1.0]
    _, asks = stage.decide(unsure.probabilities, "what about 12", None)
    staged, answers_not = stage.decide(sure.probabilities, "what about 12", None)
    assert asks and not answers_not
    assert np.isclose(sum(staged.values()), 1.0) and max(staged, key=staged.__getitem__) == "get_prediction"
