"""Counterfactual candidates from the nearest rows the model already gives the target label.

The default search of a `TabularHost`, built to answer in tens of milliseconds on hundreds of thousands of
rows with any model. It proposes; `_tabular_dice.verify` then rounds every candidate and re-checks it with
the model, exactly as for DiCE's candidates.

1. The rows the model predicts as the target label form a pool (a seeded sample of at most `POOL_SIZE`).
   The `NEIGHBOURS` pool rows nearest to the instance (L1 over features scaled by their range, one per
   differing category) are the starting points: each differs from the instance in some mutable features,
   and taking all of them (immutable features keep the instance's value) is a first candidate.
2. Sparsify: each differing feature is tried alone on the instance, and the features are ordered by how
   much they raise the target's probability; the shortest prefix of that order that reaches the target is
   kept (lengths 1, 2, 3, 4, 6, 8, 12, ... are tried), then any single feature whose removal keeps the
   target is dropped.
3. Proximity: the numeric changes of each candidate are also tried scaled back towards the instance (to
   1/4, 1/2 and 3/4 of the move).

Each step is one batched model call over all starting points, and `verify` makes the last on the rounded
candidates, so a search costs five model calls on at most a few thousand rows, whatever the size of the
data.
Different starting points give different feature sets, which is where the diversity of the answer comes
from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from simxai.hosts._tabular_data import Table, Value
from simxai.work import charge

#: Rows per label the search looks among for neighbours (a seeded sample when a label has more).
POOL_SIZE = 20_000
#: Nearest target-label rows each search starts from.
NEIGHBOURS = 24
#: Prefix lengths the sparsifying step tries (each start also tries all of its moved features).
_PREFIXES = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64)
#: Candidates proposed for the re-check at most.
CANDIDATES = 64
#: Fractions of each numeric move tried, closest first.
_SHRINK = (0.25, 0.5, 0.75)

Predict = Callable[[pd.DataFrame], tuple[np.ndarray, np.ndarray]]


class NeighbourSearch:
    """Counterfactual candidates for one model, from the rows it predicts as each label.

    Args:
        table: the host's table.
        predicted: the model's label (class position) for every row of the table.
        mutable: the features a counterfactual may change.
        predict: the host's prediction: class positions from `model.predict` and probabilities.
        seed: seeds the pool samples.
    """

    def __init__(
        self, table: Table, predicted: np.ndarray, mutable: Sequence[str], predict: Predict, seed: int
    ) -> None:
        self.table = table
        self._predict = predict
        self._mutable = np.array([f.name in mutable for f in table.features])
        self._categorical = np.array([f.kind == "categorical" for f in table.features])
        spans = [(f.max - f.min) or 1.0 if f.kind == "numeric" else 1.0 for f in table.features]  # type: ignore[operator]
        self._scale = np.asarray(spans, dtype=float)
        rng = np.random.default_rng(seed)
        self._pools: dict[int, np.ndarray] = {}
        for label in np.unique(predicted):
            ids = np.flatnonzero(predicted == label)
            if len(ids) > POOL_SIZE:
                ids = np.sort(rng.choice(ids, POOL_SIZE, replace=False))
            self._pools[int(label)] = table.encode(table.rows(ids))
        # Scaled copies (float32) for the distance scan, which reads the whole pool once per search; stored
        # a feature per row, so that the scan works one column of at most `POOL_SIZE` values at a time: its
        # temporaries (80 KB) stay under glibc's mmap threshold (128 KiB, see `_memory`) and come from the
        # heap, where a scan over whole-pool temporaries took fresh pages (page faults) every search.
        self._columns: dict[int, np.ndarray] = {}
        self._codes: dict[int, np.ndarray] = {}
        for label, pool in self._pools.items():
            scaled = (pool / self._scale).astype(np.float32)
            self._columns[label] = np.ascontiguousarray(scaled[:, ~self._categorical].T)
            self._codes[label] = np.ascontiguousarray(scaled[:, self._categorical].T)

    # Features travel as one float matrix: numbers as they are, categories as their index in the table, a missing
    # value (one the model reads itself) as NaN.
    def _encode_values(self, values: Mapping[str, Value]) -> np.ndarray:
        return np.array(
            [
                f.categories.index(str(values[f.name]))
                if f.kind == "categorical" and isinstance(values[f.name], str)
                else float(values[f.name])
                for f in self.table.features
            ]
        )

    def _values(self, row: np.ndarray) -> dict[str, Value]:
        return {
            f.name: f.categories[int(round(row[j]))]
            if f.kind == "categorical" and np.isfinite(row[j])
            else float(row[j])
            for j, f in enumerate(self.table.features)
        }

    def _run(self, rows: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        if not rows:
            return np.zeros(0, dtype=int), np.zeros((0, 0))
        charge(len(rows))  # the function call's budget (simxai.work): the search stops when it is spent
        return self._predict(self.table.decode(np.vstack(rows)))

    # ------------------------------------------------------------------------------------- search

    def neighbours(self, x: np.ndarray, target: int) -> np.ndarray:
        """The nearest rows (encoded) the model predicts as `target`, nearest first."""
        columns, codes = self._columns.get(target), self._codes.get(target)
        if columns is None or codes is None or not columns.shape[1]:
            return np.zeros((0, len(x)))
        point = (x / self._scale).astype(np.float32)
        numbers, categories = point[~self._categorical], point[self._categorical]
        n = columns.shape[1]
        # L1 over the numbers, summed feature by feature from the first (float32), then the count of
        # differing categories added once.
        distance = np.zeros(n, dtype=np.float32)
        move = np.empty(n, dtype=np.float32)
        for column, value in zip(columns, numbers, strict=True):
            np.subtract(column, value, out=move)
            np.abs(move, out=move)
            np.add(distance, move, out=distance)
        if len(categories):
            differing = np.zeros(n, dtype=np.int32)
            for column, value in zip(codes, categories, strict=True):
                differing += column != value
            distance += differing
        k = min(NEIGHBOURS, n)
        nearest = np.argpartition(distance, k - 1)[:k]
        return self._pools[target][nearest[np.argsort(distance[nearest], kind="stable")]]

    def propose(self, values: Mapping[str, Value], target: int) -> list[dict[str, Value]]:
        """Unverified candidates for reaching class `target` from the instance `values`."""
        x = self._encode_values(values)
        starts = []
        for row in self.neighbours(x, target):
            moved = np.flatnonzero(self._mutable & ~np.isclose(row, x, rtol=0, atol=0))
            if len(moved):
                starts.append((row, moved))
        if not starts:
            return []
        ordered = self._order_by_gain(x, starts, target)
        sparse = self._shortest_prefix(x, ordered, target)
        if not sparse:
            return []
        reduced, singles = self._prune(x, sparse, target)
        unchecked = reduced + self._shrink(x, sparse + reduced + singles)
        labels, _ = self._run(unchecked)
        checked = [c for c, label in zip(unchecked, labels, strict=True) if label == target]
        distinct = np.unique(np.vstack(sparse + singles + checked), axis=0)
        # At most `CANDIDATES` for the re-check: the best of each set of changed features first (so that
        # the answer can change different features), then the next best of each, ...; within a round the
        # fewest and smallest changes first.
        moved = ~np.isclose(distinct, x, rtol=0, atol=0)
        size = np.where(self._categorical, moved, np.abs(distinct - x) / self._scale).sum(axis=1)
        order = np.lexsort((size, moved.sum(axis=1)))
        seen: dict[bytes, int] = {}
        rank = np.zeros(len(distinct), dtype=int)
        for i in order:
            key = np.packbits(moved[i]).tobytes()
            rank[i] = seen.get(key, 0)
            seen[key] = rank[i] + 1
        best = np.lexsort((size, moved.sum(axis=1), rank))[:CANDIDATES]
        return [self._values(c) for c in distinct[best]]

    def _with(self, x: np.ndarray, row: np.ndarray, features: np.ndarray) -> np.ndarray:
        out = x.copy()
        out[features] = row[features]
        return out

    def _order_by_gain(
        self, x: np.ndarray, starts: list[tuple[np.ndarray, np.ndarray]], target: int
    ) -> list[tuple[np.ndarray, np.ndarray]]:
        """Each start's moved features, ordered by how much each alone raises the target's probability."""
        rows = [self._with(x, row, np.array([j])) for row, moved in starts for j in moved]
        _, proba = self._run(rows)
        gains = proba[:, target]
        ordered, at = [], 0
        for row, moved in starts:
            gain = gains[at : at + len(moved)]
            at += len(moved)
            ordered.append((row, moved[np.argsort(-gain, kind="stable")]))
        return ordered

    def _shortest_prefix(
        self, x: np.ndarray, ordered: list[tuple[np.ndarray, np.ndarray]], target: int
    ) -> list[np.ndarray]:
        """Per start, the instance with the shortest tried prefix of its ordered features that reaches `target`.

        Prefix lengths 1, 2, 3, 4, 6, 8, 12, ... are tried (and the whole set): the pruning step that follows
        removes any change a longer prefix than needed brought in.
        """
        lengths = [[n for n in _PREFIXES if n < len(moved)] + [len(moved)] for _, moved in ordered]
        rows = [self._with(x, row, moved[:n]) for (row, moved), ns in zip(ordered, lengths, strict=True) for n in ns]
        labels, _ = self._run(rows)
        found, at = [], 0
        for (row, moved), ns in zip(ordered, lengths, strict=True):
            hits = np.flatnonzero(labels[at : at + len(ns)] == target)
            at += len(ns)
            if len(hits):
                found.append(self._with(x, row, moved[: ns[hits[0]]]))
        return found

    def _prune(
        self, x: np.ndarray, candidates: list[np.ndarray], target: int
    ) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """Each candidate without all the changes whose removal alone keeps `target`, and each such removal.

        The first are unchecked (removing several changes at once may lose the target); the second checked.
        """
        trials: list[np.ndarray] = []
        owners: list[tuple[int, int]] = []
        for i, c in enumerate(candidates):
            changed = np.flatnonzero(~np.isclose(c, x, rtol=0, atol=0))
            if len(changed) < 2:
                continue
            for position in changed:
                trial = c.copy()
                trial[position] = x[position]
                trials.append(trial)
                owners.append((i, int(position)))
        labels, _ = self._run(trials)
        removable: dict[int, list[int]] = {}
        for (i, feature), label in zip(owners, labels, strict=True):
            if label == target:
                removable.setdefault(i, []).append(feature)
        reduced = []
        for i, features in removable.items():
            c = candidates[i].copy()
            c[features] = x[features]
            if not np.isclose(c, x, rtol=0, atol=0).all():
                reduced.append(c)
        singles = [t for t, label in zip(trials, labels, strict=True) if label == target]
        return reduced, singles

    def _shrink(self, x: np.ndarray, candidates: list[np.ndarray]) -> list[np.ndarray]:
        """Each candidate with its numeric moves scaled back towards the instance (unverified)."""
        numeric = ~self._categorical
        return [np.where(numeric, x + t * (c - x), c) for c in candidates for t in _SHRINK]
