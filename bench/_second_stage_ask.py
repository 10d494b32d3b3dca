"""A second stage with an explicit "ask" class (stack33): it decides answer-vs-ask instead of `ASK_BELOW`.

Over the registered classes ``f`` of a turn and one more class, ``ask``:

    score_f   = a * log p_f + c * ruled_out_f + b_f + W_f . x        (as `_second_stage_model`, stack32)
    score_ask = b_ask + W_ask . x + v . u

``p_f``, ``ruled_out_f`` and ``x`` are stack32's (the selector's calibrated probability, the function's contract
excluding the turn, the eleven structural signals of the router's readings). ``u`` reads how sure the selector is:
the log of its top probability, the margin between its two likeliest options, the entropy of its probabilities and
whether the contract excludes its top option (`UNSURE`). The softmax runs over the host's classes and ``ask``; the top
class is the decision: a function (or "none") is answered as it stands, ``ask`` asks. ``lam`` is the L2 penalty on
``b``, ``W`` and ``v``, never on ``a`` or ``c``. A row's gold is its functions, "none", or "ask" (a turn whose gold
is a question, or whose gold function is none of the classes the selector reads: no answer could be right).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from _second_stage_model import SIGNALS, Row, _arrays
from scipy.optimize import minimize

from simxai.hosts.base import HostSchema

__all__ = ["ASK", "UNSURE", "AskStage", "asks_at", "fit", "outcomes"]

ASK = "ask"
UNSURE = ("log_top", "margin", "entropy", "top_excluded")


def _unsure(logp: np.ndarray, allowed: np.ndarray, out: np.ndarray) -> np.ndarray:
    p = np.where(allowed, np.exp(logp), 0.0)
    p = p / np.maximum(p.sum(axis=1, keepdims=True), 1e-12)
    ordered = -np.sort(-p, axis=1)
    second = ordered[:, 1] if p.shape[1] > 1 else np.zeros(len(p))
    entropy = -np.sum(np.where(p > 0, p * np.log(np.maximum(p, 1e-12)), 0.0), axis=1)
    top_out = out[np.arange(len(p)), p.argmax(axis=1)] if p.shape[1] else np.zeros(len(p))
    return np.column_stack([np.log(np.maximum(ordered[:, 0], 1e-12)), ordered[:, 0] - second, entropy, top_out])


def _ask_arrays(rows: Sequence[Row], classes: Sequence[str]) -> tuple[np.ndarray, ...]:
    """stack32's arrays over `classes`, the selector's unsureness `u`, and the gold with an "ask" column last."""
    logp, allowed, out, gold, x = _arrays(rows, classes)
    u = _unsure(logp, allowed, out)
    ask_gold = np.array([ASK in r.gold for r in rows], dtype=bool)
    return logp, allowed, out, np.column_stack([gold, ask_gold]), x, u


@dataclass
class AskStage:
    """The fitted stage over `classes` + "ask"."""

    classes: tuple[str, ...]
    a: float
    c: float
    b: np.ndarray  # (k + 1,), the last for "ask"
    w: np.ndarray  # (k + 1, signals)
    v: np.ndarray  # (len(UNSURE),)
    #: added to the ask score when deciding (`decide`), chosen on the rows by `bench/second_stage_all.py cv`
    offset: float = 0.0

    def probabilities(self, rows: Sequence[Row]) -> np.ndarray:
        """Each row's probabilities over `classes` and "ask" (last column; 0 where a class is not registered)."""
        logp, allowed, out, _, x, u = _ask_arrays(rows, self.classes)
        return _softmax(_scores(self.a, self.c, self.b, self.w, self.v, logp, allowed, out, x, u))

    def decide(
        self, probabilities: Mapping[str, float], text: str, schema: HostSchema | None
    ) -> tuple[dict[str, float], bool]:
        """The stage's probabilities over the functions of `probabilities` (renormalised without "ask"), and whether
        it asks (its top class is "ask")."""
        known = [c for c in probabilities if c in self.classes]
        if not known:
            return dict(probabilities), False
        row = Row.read("", "", {c: probabilities[c] for c in known}, text, schema, [])
        probs = self.probabilities([row])[0]
        index = {c: i for i, c in enumerate(self.classes)}
        staged = {c: float(probs[index[c]]) for c in known}
        total = sum(staged.values())
        staged = {c: p / total for c, p in staged.items()} if total > 0 else staged
        asks = bool(asks_at(probs[None, :], self.offset)[0])
        return {**{c: p for c, p in probabilities.items() if c not in index}, **staged}, asks


def asks_at(probs: np.ndarray, offset: float) -> np.ndarray:
    """Whether each row's decision is to ask, with `offset` added to the ask class's score (0: its top class)."""
    logs = np.log(np.maximum(probs, 1e-300))
    logs[:, -1] += offset
    return np.asarray(logs.argmax(axis=1) == probs.shape[1] - 1)


def _scores(
    a: float,
    c: float,
    b: np.ndarray,
    w: np.ndarray,
    v: np.ndarray,
    logp: np.ndarray,
    allowed: np.ndarray,
    out: np.ndarray,
    x: np.ndarray,
    u: np.ndarray,
) -> np.ndarray:
    k = logp.shape[1]
    functions = a * logp + c * out + b[None, :k] + x @ w[:k].T
    ask = b[k] + x @ w[k] + u @ v
    scores = np.column_stack([functions, ask])
    mask = np.column_stack([allowed, np.ones(len(logp), dtype=bool)])
    return np.where(mask, scores, -np.inf)


def _softmax(scores: np.ndarray) -> np.ndarray:
    exp = np.exp(scores - scores.max(axis=1, keepdims=True))
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))


def fit(rows: Sequence[Row], classes: Sequence[str], lam: float) -> AskStage:
    """Fit the stage on `rows` whose gold is a registered class or "ask"."""
    logp, allowed, out, gold, x, u = _ask_arrays(rows, classes)
    allowed_all = np.column_stack([allowed, np.ones(len(rows), dtype=bool)])
    gold = gold & allowed_all
    keep = gold.any(axis=1)
    logp, allowed, out, gold, x, u = logp[keep], allowed[keep], out[keep], gold[keep], x[keep], u[keep]
    k, m, q = len(classes), len(SIGNALS), len(UNSURE)

    def unpack(theta: np.ndarray) -> tuple[float, float, np.ndarray, np.ndarray, np.ndarray]:
        b = theta[2 : 3 + k]
        w = theta[3 + k : 3 + k + (k + 1) * m].reshape(k + 1, m)
        return float(theta[0]), float(theta[1]), b, w, theta[3 + k + (k + 1) * m :]

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        a, c, b, w, v = unpack(theta)
        scores = _scores(a, c, b, w, v, logp, allowed, out, x, u)
        p = _softmax(scores)
        gold_mass = np.where(gold, p, 0.0).sum(axis=1, keepdims=True)
        nll = -float(np.sum(np.log(np.maximum(gold_mass, 1e-300))))
        delta = p - np.where(gold, p, 0.0) / np.maximum(gold_mass, 1e-300)
        grad = np.zeros_like(theta)
        grad[0] = float(np.sum(delta[:, :k] * logp))
        grad[1] = float(np.sum(delta[:, :k] * out))
        grad[2 : 3 + k] = delta.sum(axis=0) + 2 * lam * b
        gw = np.vstack([delta[:, :k].T @ x, delta[:, k] @ x]) + 2 * lam * w
        grad[3 + k : 3 + k + (k + 1) * m] = gw.ravel()
        grad[3 + k + (k + 1) * m :] = delta[:, k] @ u + 2 * lam * v
        penalty = lam * float(np.sum(b**2) + np.sum(w**2) + np.sum(v**2))
        return nll + penalty, grad

    theta0 = np.zeros(3 + k + (k + 1) * m + q)
    theta0[0] = 1.0
    result = minimize(loss, theta0, jac=True, method="L-BFGS-B")
    a, c, b, w, v = unpack(result.x)
    return AskStage(tuple(classes), a, c, b.copy(), w.copy(), v.copy())


def outcomes(probs: np.ndarray, rows: Sequence[Row], classes: Sequence[str], offset: float = 0.0) -> list[float]:
    """Summed log loss, then the decision's counts (the ask score plus `offset`): answered right, asked, answered
    wrong (a confident wrong answer), and of the asked rows those whose gold was "ask" (asking is their right
    reply)."""
    index = {c: i for i, c in enumerate([*classes, ASK])}
    loss = right = asked = wrong = asked_right = 0.0
    asking = asks_at(probs, offset)
    for p, row, asks in zip(probs, rows, asking, strict=True):
        gold = [index[g] for g in row.gold if g in index]
        loss -= float(np.log(max(sum(p[g] for g in gold), 1e-12)))
        top = len(classes) if asks else int(np.argmax(p[: len(classes)]))
        if asks:
            asked += 1
            asked_right += top in gold
        elif top in gold:
            right += 1
        else:
            wrong += 1
    return [loss, right, asked, wrong, asked_right]
