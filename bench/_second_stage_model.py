"""A second stage over the selector (stack32): the selector's probabilities and the turn's structural signals.

The learned selector reads only the masked text. The router reads the turn's arguments separately, afterwards: the
ids it names, the changes, a group, a metric, a label, a feature, a supposition, a why. This module is a small
conditional logit over both, per registered class ``f`` (a function or "none") of one turn:

    score_f = a * log p_f + c * ruled_out_f + b_f + W_f . x

``p_f`` is the selector's calibrated probability, ``ruled_out_f`` is 1 when the function's own contract excludes the
turn (`simxai.backends._router_unsure.ruled_out`, the router's reading), ``b_f`` a per-class correction and ``x``
the turn's structural signals (`SIGNALS`, each 0 or 1). The probabilities are the softmax of the scores over the
classes the host registers. No word of any author is a feature: only what the router's readings return.

Variants (the settings chosen by leave-one-author-out in `bench/second_stage.py`): ``calib`` (``a`` only: a
temperature), ``contract`` (``a``, ``c``), ``prior`` (``a``, ``c``, ``b``), ``full`` (all); ``lam`` is the L2 penalty
on ``b`` and ``W`` (summed over the rows' negative log-likelihood), never on ``a`` or ``c``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize

from simxai.backends._router_decision import ASKS_CAUSE, names_metric
from simxai.backends._router_masking import mask, without_discourse_ifs
from simxai.backends._router_unsure import _SUPPOSED, names_one_instance, ruled_out
from simxai.extraction import extract_changes, extract_ids
from simxai.hosts.base import HostSchema

__all__ = ["SIGNALS", "VARIANTS", "Row", "SecondStage", "fit", "signals"]

#: The turn's structural signals, in the order of ``x``.
SIGNALS = (
    "one_instance",  # exactly one id or quoted text, no group (names_one_instance)
    "several_ids",  # two ids or more
    "group",  # a group of instances (GROUP in the masked turn)
    "feature",  # a feature named
    "changes",  # changes read (extract_changes)
    "supposes",  # if / suppose / instead / were ... (the what-if contract's word)
    "metric",  # a metric or the word "metric(s)" named
    "label",  # a class name
    "quoted",  # a quoted text
    "why",  # a why-question or a word of cause
    "text_host",  # the host's instances are texts
)
VARIANTS = ("calib", "contract", "prior", "full")
_LOG_FLOOR = -12.0  # log p below e^-12 counts as e^-12


def signals(text: str, schema: HostSchema | None) -> tuple[list[float], str]:
    """The turn's structural signals (`SIGNALS`) as 0/1, and the masked turn."""
    masked = mask(text, schema)
    ids = extract_ids(text, schema) if schema is not None and "NUM" in masked else []
    changes = extract_changes(text, schema) if schema is not None else {}
    values = (
        names_one_instance(text, masked, schema),
        len(ids) >= 2,
        "GROUP" in masked,
        "FEATURE" in masked,
        bool(changes),
        bool(_SUPPOSED.search(without_discourse_ifs(text))),
        names_metric(text),
        "LABEL" in masked,
        "INSTANCE" in masked,
        bool(ASKS_CAUSE.search(text)),
        schema is not None and schema.kind == "text",
    )
    return [1.0 if v else 0.0 for v in values], masked


@dataclass(frozen=True)
class Row:
    """One turn: the selector's probabilities over the registered classes, its signals, what is excluded, gold."""

    author: str
    kind: str  # "request", "first" (a dialogue's first turn) or "later"
    probabilities: dict[str, float]
    x: list[float]
    excluded: list[str]
    gold: list[str]

    @staticmethod
    def read(
        author: str,
        kind: str,
        probabilities: Mapping[str, float],
        text: str,
        schema: HostSchema | None,
        gold: list[str],
    ) -> Row:
        x, masked = signals(text, schema)
        excluded = sorted(ruled_out(text, masked, schema, probabilities))
        return Row(author, kind, dict(probabilities), x, excluded, gold)


def _arrays(rows: Sequence[Row], classes: Sequence[str]) -> tuple[np.ndarray, ...]:
    index = {c: i for i, c in enumerate(classes)}
    n, k = len(rows), len(classes)
    logp = np.full((n, k), _LOG_FLOOR)
    allowed = np.zeros((n, k), dtype=bool)
    out = np.zeros((n, k))
    gold = np.zeros((n, k), dtype=bool)
    for i, row in enumerate(rows):
        for name, p in row.probabilities.items():
            logp[i, index[name]] = max(math.log(p), _LOG_FLOOR) if p > 0 else _LOG_FLOOR
            allowed[i, index[name]] = True
        for name in row.excluded:
            out[i, index[name]] = 1.0
        for name in row.gold:
            if name in index:
                gold[i, index[name]] = True
    x = np.array([r.x for r in rows], dtype=float).reshape(n, len(SIGNALS))
    return logp, allowed, out, gold & allowed, x


@dataclass
class SecondStage:
    """The fitted second stage: ``a``, ``c``, ``b`` (per class) and ``W`` (class x signal), over `classes`."""

    classes: tuple[str, ...]
    a: float
    c: float
    b: np.ndarray
    w: np.ndarray

    def scores(self, logp: np.ndarray, out: np.ndarray, x: np.ndarray) -> np.ndarray:
        return self.a * logp + self.c * out + self.b[None, :] + x @ self.w.T

    def apply(self, probabilities: Mapping[str, float], text: str, schema: HostSchema | None) -> dict[str, float]:
        """The second stage's probabilities over the classes of `probabilities` (the selector's, for this turn)."""
        known = [c for c in probabilities if c in self.classes]
        if not known:
            return dict(probabilities)
        row = Row.read("", "", {c: probabilities[c] for c in known}, text, schema, [])
        logp, allowed, out, _, x = _arrays([row], self.classes)
        scores = np.where(allowed, self.scores(logp, out, x), -np.inf)[0]
        exp = np.exp(scores - scores.max())
        probs = exp / exp.sum()
        index = {c: i for i, c in enumerate(self.classes)}
        staged = {c: float(probs[index[c]]) for c in known}
        return {**{c: p for c, p in probabilities.items() if c not in index}, **staged}

    def probabilities(self, rows: Sequence[Row]) -> np.ndarray:
        """Each row's probabilities over `classes` (0 where a class is not registered)."""
        logp, allowed, out, _, x = _arrays(rows, self.classes)
        scores = np.where(allowed, self.scores(logp, out, x), -np.inf)
        exp = np.exp(scores - scores.max(axis=1, keepdims=True))
        return np.asarray(exp / exp.sum(axis=1, keepdims=True))


def fit(rows: Sequence[Row], classes: Sequence[str], variant: str, lam: float) -> SecondStage:
    """Fit the second stage of `variant` on `rows` (those whose gold is among the registered classes)."""
    if variant not in VARIANTS:
        raise ValueError(f"variant {variant!r}: one of {VARIANTS}")
    logp, allowed, out, gold, x = _arrays(rows, classes)
    keep = gold.any(axis=1)
    logp, allowed, out, gold, x = logp[keep], allowed[keep], out[keep], gold[keep], x[keep]
    k, m = len(classes), x.shape[1]
    use_c = variant != "calib"
    use_b = variant in ("prior", "full")
    use_w = variant == "full"

    def unpack(theta: np.ndarray) -> tuple[float, float, np.ndarray, np.ndarray]:
        b = theta[2 : 2 + k] if use_b else np.zeros(k)
        w = theta[2 + k :].reshape(k, m) if use_w else np.zeros((k, m))
        return float(theta[0]), float(theta[1]) if use_c else 0.0, b, w

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        a, c, b, w = unpack(theta)
        scores = np.where(allowed, a * logp + c * out + b[None, :] + x @ w.T, -np.inf)
        top = scores.max(axis=1, keepdims=True)
        exp = np.where(allowed, np.exp(scores - top), 0.0)
        total = exp.sum(axis=1, keepdims=True)
        gold_mass = np.where(gold, exp, 0.0).sum(axis=1, keepdims=True)
        nll = float(np.sum(np.log(total) - np.log(gold_mass)))
        # d nll / d score = p - p restricted to the gold (renormalised over the gold)
        delta = exp / total - np.where(gold, exp, 0.0) / gold_mass
        grad = np.zeros_like(theta)
        grad[0] = float(np.sum(delta * logp))
        grad[1] = float(np.sum(delta * out)) if use_c else 0.0
        penalty = 0.0
        if use_b:
            grad[2 : 2 + k] = delta.sum(axis=0) + 2 * lam * b
            penalty += lam * float(np.sum(b**2))
        if use_w:
            grad[2 + k :] = (delta.T @ x + 2 * lam * w).ravel()
            penalty += lam * float(np.sum(w**2))
        return nll + penalty, grad

    theta0 = np.zeros(2 + k + k * m)
    theta0[0] = 1.0
    result = minimize(loss, theta0, jac=True, method="L-BFGS-B")
    a, c, b, w = unpack(result.x)
    return SecondStage(tuple(classes), a, c, b.copy(), w.copy())
