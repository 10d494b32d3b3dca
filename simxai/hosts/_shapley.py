"""Model-agnostic Shapley values over background rows, for when shap (the `shap` extra) is not installed.

The game is the interventional one shap's KernelExplainer explains: v(S) is the mean model output over the
background rows with the features in S set to the explained row's values. Up to `evaluations` coalitions
it enumerates them all (with at most 10 features), which gives the exact Shapley values, as KernelExplainer
does with every coalition. Beyond, it samples antithetic permutations (each with its reverse) within the
same number of coalitions: a permutation's marginal contributions add up to v(all) - v(none) whatever it
is, so the mean over permutations is additive by construction. Each explained row costs one batched model
call over all its coalitions and background rows.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

#: Model rows per call at most (coalitions x background rows); a row's batch beyond is split.
MAX_BATCH = 1 << 17


class Shapley:
    """Shapley values of a model's outputs for rows of numbers, over background rows.

    Args:
        predict: maps rows, shape (n, features), to outputs, shape (n, outputs).
        background: shape (rows, features), the rows absent features take their values from.
        evaluations: coalitions per explained row at most.
        seed: seeds the permutations (drawn once: every row is explained with the same ones).
    """

    def __init__(
        self, predict: Callable[[np.ndarray], np.ndarray], background: np.ndarray, evaluations: int, seed: int
    ) -> None:
        self._predict = predict
        self._background = np.asarray(background, dtype=float)
        d = self._background.shape[1]
        self.n_features = d
        self.exact = 2**d - 2 <= evaluations
        if self.exact:
            self._coalitions = ((np.arange(2**d)[:, None] >> np.arange(d)[None, :]) & 1).astype(bool)
            self.permutations = 0
        else:
            pairs = max(1, evaluations // (2 * (d - 1)))
            rng = np.random.default_rng(seed)
            drawn = np.array([rng.permutation(d) for _ in range(pairs)])
            self._orders = np.concatenate([drawn, drawn[:, ::-1]])
            self.permutations = len(self._orders)
            # Coalition k of a permutation holds its first k features (k = 1 .. d-1; none and all are shared).
            ranks = np.argsort(self._orders, axis=1)
            self._coalitions = (ranks[:, None, :] < np.arange(1, d)[None, :, None]).reshape(-1, d)
        self.base = np.asarray(predict(self._background), dtype=float).mean(axis=0)

    def explain(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(attributions, shape (rows, features, outputs); the model's outputs for the rows, (rows, outputs))."""
        rows = np.asarray(rows, dtype=float)
        outputs = np.asarray(self._predict(rows), dtype=float)
        values = np.stack([self._row(x, y) for x, y in zip(rows, outputs, strict=True)]) if len(rows) else None
        if values is None:
            values = np.zeros((0, self.n_features, len(self.base)))
        return values, outputs

    def _game(self, x: np.ndarray) -> np.ndarray:
        """v(S) for every coalition S, shape (coalitions, outputs)."""
        n_background = len(self._background)
        step = max(1, MAX_BATCH // n_background)
        found = []
        for start in range(0, len(self._coalitions), step):
            masks = self._coalitions[start : start + step]
            mixed = np.where(masks[:, None, :], x[None, None, :], self._background[None, :, :])
            out = np.asarray(self._predict(mixed.reshape(-1, len(x))), dtype=float)
            found.append(out.reshape(len(masks), n_background, -1).mean(axis=1))
        return np.concatenate(found)

    def _row(self, x: np.ndarray, output: np.ndarray) -> np.ndarray:
        v = self._game(x)
        d = self.n_features
        if self.exact:
            # The empty and the full coalition come from the background mean and the row's own output, as
            # the base value and the checked output do: then the values add up to exactly their difference.
            v[0], v[-1] = self.base, output
            index = np.arange(2**d)
            sizes = np.array([bin(i).count("1") for i in index])
            weights = np.array([math.factorial(s) * math.factorial(d - s - 1) / math.factorial(d) for s in range(d)])
            phi = np.empty((d, v.shape[1]))
            for i in range(d):
                without = index[(index >> i) & 1 == 0]
                phi[i] = (weights[sizes[without]][:, None] * (v[without | (1 << i)] - v[without])).sum(axis=0)
            return phi
        chain = np.concatenate(
            [
                np.broadcast_to(self.base, (self.permutations, 1, v.shape[1])),
                v.reshape(self.permutations, d - 1, -1),
                np.broadcast_to(output, (self.permutations, 1, v.shape[1])),
            ],
            axis=1,
        )
        marginal = np.diff(chain, axis=1)  # (permutations, d, outputs): feature orders[p, k] joins at step k
        phi = np.zeros((d, v.shape[1]))
        for p in range(self.permutations):
            phi[self._orders[p]] += marginal[p]
        return phi / self.permutations
