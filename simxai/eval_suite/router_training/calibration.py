"""How well the selector's probabilities are calibrated, and on which requests its temperature and threshold are chosen.

The dev split of `data.py` holds out templates and hosts, but its people's requests come from authors the
selector was trained on; users are authors it never saw, and on them the selector is both less accurate and,
at the same temperature, more sure of itself than it should be. This module holds the measures (a reliability
table, the expected calibration error) and the out-of-author predictions: for each fold of the people/ authors
(`author_folds`), a selector fitted on the train split without them scores every request they wrote, and
the folds' logits are pooled. The training command chooses the temperature and the clarification threshold on
those pooled predictions (`train.train`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from simxai.exceptions import UsageError

__all__ = [
    "Predictions",
    "author_folds",
    "expected_calibration_error",
    "out_of_author_predictions",
    "reliability",
    "softmax",
]


@dataclass(frozen=True)
class Predictions:
    """Row-aligned class scores (before the temperature) and gold class indexes of some requests."""

    logits: np.ndarray  # (n, n_classes)
    gold: np.ndarray  # (n,) int

    def probabilities(self, temperature: float) -> np.ndarray:
        """The calibrated class probabilities at `temperature`."""
        return softmax(self.logits, temperature)

    def __len__(self) -> int:
        return len(self.gold)


def softmax(logits: np.ndarray, temperature: float) -> np.ndarray:
    """Class probabilities: the softmax of the logits over the temperature."""
    scaled = logits / temperature
    scaled = np.exp(scaled - scaled.max(axis=1, keepdims=True))
    return np.asarray(scaled / scaled.sum(axis=1, keepdims=True))


def reliability(probabilities: np.ndarray, gold: np.ndarray, bins: int = 10) -> list[tuple[float, int, float, float]]:
    """Per bin of the top probability (equal width over [0, 1]): its upper edge, turns, mean top probability and
    the share of those turns whose top class is the gold (the accuracy a calibrated selector would match).
    """
    top = probabilities.max(axis=1)
    right = probabilities.argmax(axis=1) == gold
    edges = np.linspace(0.0, 1.0, bins + 1)
    rows = []
    for low, high in zip(edges[:-1], edges[1:], strict=True):
        inside = (top >= low) & ((top < high) if high < 1.0 else (top <= high))
        if inside.any():
            rows.append((float(high), int(inside.sum()), float(top[inside].mean()), float(right[inside].mean())))
    return rows


def expected_calibration_error(probabilities: np.ndarray, gold: np.ndarray, bins: int = 10) -> float:
    """The turn-weighted mean gap between confidence and accuracy over the bins of `reliability`."""
    rows = reliability(probabilities, gold, bins)
    total = sum(n for _, n, _, _ in rows)
    return float(sum(n * abs(confidence - accuracy) for _, n, confidence, accuracy in rows) / total) if total else 0.0


def author_folds(names: Sequence[str], k: int = 3, seed: int = 12) -> list[list[str]]:
    """`names` in `k` groups of near-equal size, dealt in a seeded hash order (adding an author may move others)."""
    if not 2 <= k <= len(names):
        raise UsageError(f"{k} folds of {len(names)} authors: give between 2 and {len(names)} folds")
    order = sorted(names, key=lambda n: hashlib.sha256(f"{seed}:fold:{n}".encode()).hexdigest())
    return [sorted(order[i::k]) for i in range(k)]


def out_of_author_predictions(
    folds: Sequence[Sequence[str]], score_without: Callable[[Sequence[str]], Predictions]
) -> Predictions:
    """The pooled predictions of `score_without(fold)` (a selector fitted without the fold's authors, scoring
    every request they wrote) over the folds of authors.
    """
    parts = [score_without(fold) for fold in folds]
    return Predictions(np.vstack([p.logits for p in parts]), np.concatenate([p.gold for p in parts]))
