"""The selector's temperature and threshold chosen on authors the fit never saw (router_training.calibration)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from simxai.eval_suite.router_training import folds, train
from simxai.eval_suite.router_training.calibration import (
    Predictions,
    expected_calibration_error,
    out_of_author_predictions,
    reliability,
)
from simxai.eval_suite.router_training.data import Example
from simxai.eval_suite.router_training.threshold import step_pays
from simxai.eval_suite.router_training.train import SETTINGS, chosen_threshold, sweep_lines
from tests.eval_suite.test_router_folds import _corpus


def _population(confidence: float, accuracy: float, n: int = 400) -> tuple[np.ndarray, np.ndarray]:
    """Two-class probabilities whose top class has `confidence` and is the gold in `accuracy` of the rows."""
    probabilities = np.tile([confidence, 1.0 - confidence], (n, 1))
    gold = np.where(np.arange(n) < round(accuracy * n), 0, 1)
    return probabilities, gold


def test_calibration_error_is_the_gap_between_confidence_and_accuracy() -> None:
    calibrated = _population(0.8, 0.8)
    overconfident = _population(0.95, 0.8)
    assert expected_calibration_error(*calibrated) == pytest.approx(0.0)
    assert expected_calibration_error(*overconfident) == pytest.approx(0.15)
    [(upper, n, confidence, right)] = reliability(*overconfident)
    assert (upper, n) == (1.0, 400) and confidence == pytest.approx(0.95) and right == pytest.approx(0.8)


def test_out_of_author_predictions_pool_every_fold_once_in_order() -> None:
    seen: list[tuple[str, ...]] = []

    def score_without(fold: Sequence[str]) -> Predictions:
        seen.append(tuple(fold))
        return Predictions(np.full((len(fold), 2), float(len(seen))), np.zeros(len(fold), dtype=int))

    pooled = out_of_author_predictions([["a", "b"], ["c"]], score_without)
    assert seen == [("a", "b"), ("c",)]
    assert len(pooled) == 3 and pooled.logits[:, 0].tolist() == [1.0, 1.0, 2.0]


def test_exactly_one_wrong_in_three_added_turns_pays_when_the_sweep_counts_them() -> None:
    # 78 turns added at 0.7, 26 of them wrong: the printed 33.3 % rounds below one in three, the counts do not
    probabilities = np.array([[0.95, 0.05]] * 300 + [[0.65, 0.35]] * 78)
    gold = np.array([0] * 300 + [1] * 26 + [0] * 52)
    sweep = sweep_lines(probabilities, gold)
    assert "wrong among the added 33.3% (26 of 78)" in sweep[5]
    assert chosen_threshold(sweep) == 0.7
    # 20 of 78 (25.6 %) falls short by more than a standard error (4.9 points): the climb ends before 0.7
    too_few = np.array([0] * 300 + [1] * 20 + [0] * 58)
    assert chosen_threshold(sweep_lines(probabilities, too_few)) == 0.0


def test_a_step_the_bar_lies_within_a_standard_error_of_pays() -> None:
    # the thirty-fourth round's step to 0.7: 75 wrong of 235 added is 31.9 %, 3.0 points a standard error
    assert step_pays(75, 235)
    assert step_pays(26, 78) and step_pays(25, 78)  # 33.3 %; 32.1 %, 5.3 points a standard error
    assert not step_pays(63, 324)  # 19.4 %, 2.2 points a standard error
    assert not step_pays(20, 78) and not step_pays(0, 40) and not step_pays(0, 0)
    assert step_pays(5, 5)


def test_a_step_of_a_few_turns_is_judged_with_the_next() -> None:
    def line(threshold: float, asked: float, wrong: int, count: int) -> str:
        share = 100 * wrong / count if count else 0.0
        return (
            f"ask below {threshold:.1f}: asked {asked:.1f}%, confident-wrong 1.0%, wrong among asked 50.0%, "
            f"wrong among the added {share:.1f}% ({wrong} of {count})"
        )

    # 5 turns at 0.3, 1 wrong, would end the climb alone; with the 43 of 0.4 (30 wrong) they pay, and so does 0.5
    sweep = [line(0.0, 0.0, 0, 0), line(0.3, 0.1, 1, 5), line(0.4, 1.2, 30, 43), line(0.5, 3.0, 44, 77)]
    assert chosen_threshold(sweep) == 0.5
    assert chosen_threshold([*sweep, line(0.6, 6.0, 20, 130)]) == 0.5  # 15 % does not pay
    # a few turns that do not pay with the next either still end the climb
    assert chosen_threshold([line(0.0, 0.0, 0, 0), line(0.3, 0.1, 0, 5), line(0.4, 1.0, 5, 40)]) == 0.0
    # a last step too few to judge is not taken
    assert chosen_threshold([line(0.0, 0.0, 0, 0), line(0.3, 1.0, 30, 40), line(0.4, 1.1, 3, 4)]) == 0.3


def test_the_training_commands_folds_never_fit_on_the_authors_they_score(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["p1", "p2", "p3", "p4"]
    examples = [
        Example(
            f"what is the prediction for {i}", "get_prediction" if i % 2 else "get_model_performance", "s", src, sp, a
        )
        for i, (src, sp, a) in enumerate(
            [("paraphrase", "train", "")] * 8
            + [("people", "train" if i % 3 else "dev", n) for n in names for i in range(3)]
        )
    ]
    fitted_on: list[set[str]] = []
    real_fit = train._fit

    def recording_fit(rows: Sequence[Example], texts: Sequence[str], settings: dict[str, Any], embeddings: Any) -> Any:
        fitted_on.append({e.author for e in rows})
        return real_fit(rows, texts, settings, embeddings)

    monkeypatch.setattr(train, "_fit", recording_fit)
    settings = {**SETTINGS, "min_df": 1, "embedding_weight": 0.0, "calibration_folds": 2}
    pooled = train._out_of_author(examples, [e.text for e in examples], None, settings)
    assert len(pooled) == 12  # every people's request, both splits, scored once
    scored = [set(f) for f in folds.author_folds(names, 2)]
    assert len(fitted_on) == 2
    for authors, fold in zip(fitted_on, scored, strict=True):
        assert not authors & fold and authors - {""} == set(names) - fold


def test_a_candidate_build_chooses_its_threshold_out_of_author_like_the_training_command() -> None:
    corpus = _corpus()
    settings = {**SETTINGS, "min_df": 1, "max_iter": 50, "embedding_weight": 0.0}
    chosen = folds.build_model(corpus, settings)
    on_dev = folds.build_model(corpus, {**settings, "calibration_folds": 0})
    assert chosen.metadata["ask_below_chosen"] == chosen_threshold(chosen.metadata["threshold_sweep_chosen"])
    assert "threshold_sweep_chosen" not in on_dev.metadata
    held = folds.fold_predictions(corpus, ["a"], settings, also_out=["b"])
    assert len(held) == 2  # a's two requests
