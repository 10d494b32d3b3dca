"""Exact path-dependent TreeSHAP for scikit-learn tree models, in numpy (no shap, no numba).

What shap's `TreeExplainer(model)` computes without background data ("tree_path_dependent"): the Shapley
values of the game v(S) = E[f(x) | x_S], where the expectation follows x at a split on a feature in S and
otherwise averages both children by their training cover. A tree is a sum of its leaves, so the values are
too. Leaf l with value v_l, reached through splits on the distinct features P (d = |P| of them), plays the
game v_l * prod_{j in P} (o_j if j in S else z_j), where z_j is the product of cover ratios child/parent over
feature j's splits on the path and o_j(x) is 1 when x takes every one of them the leaf's way. Its Shapley
value for i in P is

    v_l * (o_i - z_i) * sum over S in A-without-i of |S|! (d - |S| - 1)! / d! * prod_{j in P, not i, not in S} z_j

with A = {j : o_j = 1}. That depends on x only through the bitmask A, and it is Q(A without i) (1 - z_i) / z_i
when i is in A, else -Q(A), for one number Q(B) per mask (`table_factors`). So each leaf gets a table of its
2^d values of Q, built once in O(2^d d) for all leaves of a depth at once (`leaf_tables`) on the first
explanation. Explaining rows then costs array comparisons (which way every row goes at every split), the
masks, one gather from the tables per slot and one sparse product that adds each leaf's share to its
features, the element-wise work in cache-sized blocks. Leaves below more than `TABLE_DEPTH` split
features, with a child of no cover on their path (z = 0), or past the tables' memory budget, are computed
per row by Gauss-Legendre quadrature of the Shapley weights (`leaf_factors`, O(d^2) per leaf and row, every
depth in one batch).

The numpy explainer returns the values in the model's raw output columns, and a base value such that base
+ sum of values = the model's output.
"""

from __future__ import annotations

import functools
import math
import threading
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse

#: Floats the per-leaf tables (2^d each) may take for one model (64 MB); leaves past it are computed per row.
TABLE_BUDGET = 1 << 23
#: Leaves below splits on more features than this are computed per row: a table takes about 2^d (d + 1)
#: operations to build, the quadrature d^2 (d / 2 + 1) per row, so up to 13 the table pays for itself within the
#: 200 rows of a global explanation.
TABLE_DEPTH = 13
#: Elements of the largest temporary array (rows x splits or leaf slots) when explaining; rows go in chunks.
CHUNK_ELEMENTS = 1 << 22
#: Elements of the temporaries of one block of the element-wise work: in the cache, and below the 128 KiB
#: (16,384 float64) at which a host's allocator maps fresh memory for an array (`simxai/hosts/_memory.py`).
BLOCK_ELEMENTS = 12_000
#: Per-row work (sum of d^2 over the leaves without a table) beyond which shap's C++ explainer is preferred
#: when shap is installed (an unbounded forest; a depth-8 forest or 30-feature boosting stays far below).
PER_ROW_WORK = 1 << 16
#: Categories a scikit-learn histogram boosting split can hold (its bitsets are 8 x 32 bits).
_CATEGORIES = 256


@dataclass(frozen=True)
class Tree:
    """One tree in a common form.

    Attributes:
        left: child index per node, -1 at a leaf (right likewise).
        feature: split feature per node.
        threshold: a row goes left when its value is <= this.
        missing_left: a missing value (NaN) goes left.
        cover: training weight (or count) reaching each node.
        value: shape (nodes, outputs), what a leaf adds to each output column.
        categories: node -> (categories going left, categories known), each a bool array of 256, for a
            categorical split of a histogram boosting tree; an unknown category goes the missing way.
    """

    left: np.ndarray
    right: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    missing_left: np.ndarray
    cover: np.ndarray
    value: np.ndarray
    categories: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)


@dataclass(frozen=True)
class _Paths:
    """Every leaf's value and, for each split above it, one entry of the split arrays."""

    values: np.ndarray  # (leaves, outputs)
    leaf: np.ndarray
    split: np.ndarray  # the split's global index
    went_left: np.ndarray
    ratio: np.ndarray  # cover of the child on the path / cover of the split
    feature: np.ndarray


def _weights(d: int) -> np.ndarray:
    """Shapley weights s! (d - s - 1)! / d! for coalition sizes s = 0 .. d-1."""
    return np.array([math.factorial(s) * math.factorial(d - s - 1) / math.factorial(d) for s in range(d)])


def leaf_factors(z: np.ndarray, a: np.ndarray, depth: np.ndarray | None = None) -> np.ndarray:
    """Each leaf's Shapley value per slot, without v_l: shape (leaves, N, d), for given satisfied slots.

    The Shapley weights are Beta integrals, s! (d - s - 1)! / d! = int_0^1 t^s (1 - t)^(d - 1 - s) dt, so
    R(B) = sum_s w(s) [y^s] prod_{j in B} (y + z_j) = int_0^1 (1 - t)^(d - 1 - |B|) prod_{j in B} (t + (1 - t) z_j) dt,
    a polynomial of degree d - 1 in t that Gauss-Legendre quadrature with d // 2 + 1 nodes integrates exactly.
    Every term is positive; dividing one factor out (at least t > 0) leaves R(A without i). Then slot i is
    (1 - z_i) C(A) R(A without i) when satisfied, else -C(A) R(A), with C(A) = prod_{j not in A} z_j.

    Args:
        z: shape (leaves, d), the cover-ratio products.
        a: shape (leaves or 1, N, d), bools: which slots' splits the row (or mask) satisfies.
        depth: shape (leaves,), each leaf's own d when fewer than d: its slots come first, and the padding
            after them has z = 1 and a = True (factors of 1).
    """
    d = z.shape[1]
    depth = np.full(len(z), d) if depth is None else depth
    t, w = _quadrature(int(depth.max()) // 2 + 1)
    factor = t[:, None] + (1.0 - t[:, None]) * z[:, None, None, :]  # (leaves, 1, nodes, d)
    product = np.where(a[:, :, None, :], factor, 1.0).prod(axis=-1)  # (leaves, N, nodes)
    size = (a.sum(axis=-1) - (d - depth)[:, None])[..., None]  # |A|, without the padding
    power = (depth - 1)[:, None, None] - size  # (leaves, N, 1)
    r_all = (w * (1.0 - t) ** np.maximum(power, 0) * product).sum(axis=-1)
    r_without = ((w * (1.0 - t) ** (power + 1))[..., None] * product[..., None] / factor).sum(axis=-2)
    c = np.where(a, 1.0, z[:, None, :]).prod(axis=-1)[..., None]
    return c * np.where(a, (1.0 - z[:, None, :]) * r_without, -r_all[..., None])


@functools.cache
def _quadrature(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Gauss-Legendre nodes and weights on [0, 1]."""
    nodes, weights = np.polynomial.legendre.leggauss(n)
    return (nodes + 1.0) / 2.0, weights / 2.0


def leaf_tables(z: np.ndarray) -> np.ndarray:
    """Q(B) = C(B) R(B) for every mask B of a leaf's slots: shape (leaves, 2^d), in O(2^d d) per leaf.

    With R(B) = sum_s w(s) [y^s] prod_{j in B} (y + z_j) and C(B) = prod_{j not in B} z_j, Q(B) is the
    weighted sum of the coefficients of C(B) prod_{j in B} (y + z_j), a product built one slot at a time
    over all masks (positive sums, no division). `table_factors` reads the Shapley factors from it.
    """
    n_leaves, d = z.shape
    poly = np.zeros((n_leaves, 1 << d, d + 1))
    poly[:, 0, 0] = 1.0
    for h in range(d):  # masks with bit h set are those below 2^h times (y + z_h); the others times z_h
        low = poly[:, : 1 << h]
        high = poly[:, 1 << h : 2 << h]
        high[..., 1:] = low[..., :-1]
        high += z[:, h, None, None] * low
        low *= z[:, h, None, None]
    return poly[..., :d] @ _weights(d)


def table_factors(q: np.ndarray, z: np.ndarray) -> np.ndarray:
    """`leaf_factors` for every mask, shape (leaves, 2^d, d), from the tables `leaf_tables` builds.

    Slot i of mask A is (1 - z_i) C(A) R(A without i) = Q(A without i) (1 - z_i) / z_i when i is in A
    (C(A without i) holds the factor z_i, so z_i > 0 is needed), else -C(A) R(A) = -Q(A): one gather at
    A without i (A itself when i is not in A) and one factor per slot, as the explainer reads them.
    """
    d = z.shape[1]
    masks = np.arange(1 << d)[:, None]
    bits = 1 << np.arange(d)[None, :]
    has = (masks & bits) != 0  # (2^d, d)
    return q[:, masks & ~bits] * np.where(has[None], ((1.0 - z) / z)[:, None, :], -1.0)


def _blocks(starts: np.ndarray, total: int, size: int) -> list[tuple[int, int]]:
    """Consecutive ranges [lo, hi) of the segments beginning at `starts` (of `total` items), about `size` items each."""
    cuts = np.unique(np.searchsorted(starts, np.arange(0, total, size), side="right") - 1)
    bounds = [*cuts.tolist(), len(starts)]
    return [(lo, hi) for lo, hi in zip(bounds[:-1], bounds[1:], strict=True) if hi > lo]


class TreeShap:
    """Path-dependent TreeSHAP of a sum of trees, exact, in numpy.

    Args:
        trees: the model's trees.
        n_features: columns of the model's input.
        offset: shape (outputs,), the model's output before any tree (a boosting model's initial score).
        float32: compare in float32, as scikit-learn's `tree_` models do with their input.
    """

    def __init__(self, trees: list[Tree], n_features: int, offset: np.ndarray, float32: bool = False) -> None:
        self.n_features = n_features
        self.n_outputs = len(offset)
        self.float32 = float32
        paths = self._nodes(trees)
        self._layout(paths, np.asarray(offset, dtype=float))

    # -------------------------------------------------------------------------------------- building

    def _nodes(self, trees: list[Tree]) -> _Paths:
        """Every tree's splits in global arrays, and every leaf's path up to its root."""
        counts = np.array([len(tree.left) for tree in trees])
        first = np.concatenate([[0], np.cumsum(counts)[:-1]])
        left = np.concatenate([np.where(t.left >= 0, t.left + f, -1) for t, f in zip(trees, first, strict=True)])
        right = np.concatenate([np.where(t.right >= 0, t.right + f, -1) for t, f in zip(trees, first, strict=True)])
        feature = np.concatenate([t.feature for t in trees]).astype(np.intp)
        cover = np.concatenate([t.cover for t in trees]).astype(float)
        splits = np.flatnonzero(left >= 0)
        split_index = np.full(len(left), -1, dtype=np.intp)
        split_index[splits] = np.arange(len(splits))
        self._feature = feature[splits]
        self._threshold = np.concatenate([t.threshold for t in trees]).astype(float)[splits]
        self._missing = np.concatenate([t.missing_left for t in trees]).astype(bool)[splits]
        categorical = [
            (int(split_index[node + f]), goes_left, known)
            for t, f in zip(trees, first, strict=True)
            for node, (goes_left, known) in t.categories.items()
        ]
        self._categorical = np.array([c[0] for c in categorical], dtype=np.intp)
        self._category_left = np.array([c[1] for c in categorical], dtype=bool).reshape(-1, _CATEGORIES)
        self._category_known = np.array([c[2] for c in categorical], dtype=bool).reshape(-1, _CATEGORIES)
        parent = np.full(len(left), -1, dtype=np.intp)
        parent[left[splits]] = splits
        parent[right[splits]] = splits
        went_left = np.zeros(len(left), dtype=bool)
        went_left[left[splits]] = True
        above = cover[np.maximum(parent, 0)]
        ratio = np.where(above > 0, cover / np.where(above > 0, above, 1.0), 0.0)
        leaves = np.flatnonzero(left < 0)
        # Climb from every leaf at once: one step per level of the deepest tree.
        records: list[tuple[np.ndarray, ...]] = []
        current, alive = leaves.copy(), np.flatnonzero(parent[leaves] >= 0)
        while len(alive):
            child = current[alive]
            up = parent[child]
            records.append((alive, split_index[up], went_left[child], ratio[child], feature[up]))
            current[alive] = up
            alive = alive[parent[up] >= 0]
        columns = [np.concatenate(c) if records else np.zeros(0) for c in zip(*records, strict=True)] or [
            np.zeros(0, np.intp),
            np.zeros(0, np.intp),
            np.zeros(0, bool),
            np.zeros(0),
            np.zeros(0, np.intp),
        ]
        values = np.concatenate([np.asarray(t.value, dtype=float).reshape(len(t.left), -1) for t in trees])[leaves]
        return _Paths(
            values,
            columns[0].astype(np.intp),
            columns[1].astype(np.intp),
            columns[2].astype(bool),
            columns[3],
            columns[4],
        )

    def _layout(self, paths: _Paths, offset: np.ndarray) -> None:
        """Group each leaf's splits by feature into slots; order the leaves, tabled ones first; build the arrays."""
        n_leaves = len(paths.values)
        key = paths.leaf * self.n_features + paths.feature
        slot_keys, slot_of_split = np.unique(key, return_inverse=True)
        depth = np.bincount(slot_keys // self.n_features, minlength=n_leaves)
        z = np.ones(len(slot_keys))
        np.multiply.at(z, slot_of_split, paths.ratio)
        through = np.ones(n_leaves)
        np.multiply.at(through, slot_keys // self.n_features, z)
        self.base = offset + through @ paths.values
        # Leaves with splits, tabled first (the smallest d first, within the budget), then the rest by d. A
        # table needs every z > 0 (a child without cover leaves its leaf to the per-row formula).
        positive = np.bincount(slot_keys // self.n_features, weights=z <= 0, minlength=n_leaves) == 0
        eligible = positive & (depth <= TABLE_DEPTH)
        order = np.lexsort((depth, ~eligible))
        order = order[depth[order] > 0]
        sizes = np.cumsum(2.0 ** depth[order])
        if len(order) and depth.max() > 62:
            raise NotImplementedError(f"a leaf below splits on {depth.max()} features (at most 62)")
        self._n_tabled = int(((sizes <= TABLE_BUDGET) & eligible[order]).sum())
        d = depth[order]
        self._depth = d
        self.per_row_work = int((d[self._n_tabled :] ** 2).sum())
        rank = np.full(n_leaves, -1, dtype=np.intp)
        rank[order] = np.arange(len(order))
        # Slots sorted by (leaf rank, feature) and the splits by their slot.
        slot_rank = rank[slot_keys // self.n_features]
        slot_order = np.lexsort((slot_keys % self.n_features, slot_rank))
        new_slot = np.empty(len(slot_keys), dtype=np.intp)
        new_slot[slot_order] = np.arange(len(slot_keys))
        split_slot = new_slot[slot_of_split]
        split_order = np.argsort(split_slot, kind="stable")
        split_slot = split_slot[split_order]
        self._split_node = paths.split[split_order]
        self._split_left = paths.went_left[split_order]
        self._slot_leaf = slot_rank[slot_order]
        features = slot_keys[slot_order] % self.n_features
        self._slot_z = z[slot_order]
        self._leaf_start = np.concatenate([[0], np.cumsum(d)[:-1]]).astype(np.intp)
        self._slot_position = np.arange(len(self._slot_leaf)) - self._leaf_start[self._slot_leaf]
        self._bits = np.int32 if not len(d) or d.max() <= 30 else np.int64
        # A split the row does not take clears its slot's bit from the leaf's mask of satisfied slots.
        self._split_bit = (1 << self._slot_position[split_slot]).astype(self._bits)
        self._leaf_split_start = np.searchsorted(split_slot, self._leaf_start)
        self._full = ((1 << d) - 1).astype(self._bits)
        # The tables are built on the first explanation: a caller may look at `per_row_work` and choose
        # another explainer first.
        self._tabled = threading.Event()
        self._lock = threading.Lock()
        rest = np.arange(self._n_tabled, len(d))
        width = int(d[rest].max()) if len(rest) else 0
        columns = np.arange(width)[None, :]
        self._pad = columns >= d[rest][:, None]
        self._pad_slot = np.where(self._pad, 0, self._leaf_start[rest][:, None] + columns)
        self._pad_z = np.where(self._pad, 1.0, self._slot_z[self._pad_slot])
        # The sparse map from slots to (feature, output) columns, weighted by each slot's leaf value.
        slot_values = paths.values[order][self._slot_leaf]
        rows, outputs = np.nonzero(slot_values)
        self._spread = sparse.csr_matrix(
            (slot_values[rows, outputs], (features[rows] * self.n_outputs + outputs, rows)),
            shape=(self.n_features * self.n_outputs, len(self._slot_leaf)),
        )

    def _leaf_z(self, members: np.ndarray, d: int) -> np.ndarray:
        """The cover-ratio products of leaves with d slots each, shape (leaves, d)."""
        return self._slot_z[self._leaf_start[members][:, None] + np.arange(d)[None, :]]

    def _tables(self, d: np.ndarray) -> None:
        """One flat table; slot s of tabled leaf l reads table[leaf_table[l] + (mask without s's bit)]."""
        leaf_table = np.zeros(len(d), dtype=np.intp)
        tables: list[np.ndarray] = []
        size = 0
        for k in np.unique(d):
            members = np.flatnonzero(d == k)
            step = max(1, CHUNK_ELEMENTS // (2**k * (k + 1)))
            for c in range(0, len(members), step):
                chunk = leaf_tables(self._leaf_z(members[c : c + step], int(k)))
                leaf_table[members[c : c + step]] = size + np.arange(len(chunk)) * chunk.shape[1]
                tables.append(chunk.ravel())
                size += chunk.size
        self._table = np.concatenate(tables) if tables else np.zeros(0)
        index = self._bits if size < 2**31 else np.int64
        t_slots = int(d.sum())
        z = self._slot_z[:t_slots]
        self._slot_base = leaf_table[self._slot_leaf[:t_slots]].astype(index)
        self._slot_bit = (1 << self._slot_position[:t_slots]).astype(self._bits)
        self._slot_clear = ~self._slot_bit
        self._slot_ratio = (1.0 - z) / np.where(z > 0, z, 1.0)

    # ------------------------------------------------------------------------------------ explaining

    def shap_values(self, matrix: np.ndarray) -> np.ndarray:
        """The attributions of rows of model input, shape (rows, features, outputs)."""
        if not self._tabled.is_set():
            with self._lock:
                if not self._tabled.is_set():
                    self._tables(self._depth[: self._n_tabled])
                    self._tabled.set()
        x = np.asarray(matrix, dtype=np.float32 if self.float32 else float)
        out = np.zeros((len(x), self.n_features, self.n_outputs))
        width = max(len(self._feature), len(self._split_node), len(self._slot_leaf), 1)
        step = max(1, CHUNK_ELEMENTS // width)
        for start in range(0, len(x), step):
            out[start : start + step] = self._chunk(x[start : start + step])
        return out

    def _goes_left(self, x: np.ndarray) -> np.ndarray:
        """Shape (splits, rows): whether each row goes left at each split."""
        values = np.ascontiguousarray(x.T, dtype=float)[self._feature]
        left = values <= self._threshold[:, None]
        missing = np.isnan(values)
        if missing.any():
            left = np.where(missing, self._missing[:, None], left)
        if len(self._categorical):
            codes = values[self._categorical]
            valid = ~np.isnan(codes) & (codes >= 0) & (codes < _CATEGORIES)
            safe = np.where(valid, codes, 0).astype(np.intp)
            nodes = np.arange(len(self._categorical))[:, None]
            goes = valid & self._category_left[nodes, safe]
            known = valid & self._category_known[nodes, safe]
            left[self._categorical] = goes | (~known & self._missing[self._categorical][:, None])
        return left

    def _chunk(self, x: np.ndarray) -> np.ndarray:
        # Every array here is (splits, leaves or slots) x rows: a row of one is contiguous, so gathering
        # splits, leaves and slots copies whole rows.
        n = len(x)
        n_slots = len(self._slot_leaf)
        if n_slots == 0:
            return np.zeros((n, self.n_features, self.n_outputs))
        goes_left = self._goes_left(x)
        # The element-wise work goes in blocks of about BLOCK_ELEMENTS: their temporaries stay in the cache
        # (and in memory the allocator reuses, without fresh pages) however many rows and leaves there are.
        rows = max(1, BLOCK_ELEMENTS // n)
        masks = np.empty((len(self._depth), n), dtype=self._bits)
        starts = self._leaf_split_start
        for lo, hi in _blocks(starts, len(self._split_node), rows):
            block = slice(starts[lo], starts[hi] if hi < len(starts) else len(self._split_node))
            missed = goes_left[self._split_node[block]] != self._split_left[block, None]
            failed = missed * self._split_bit[block, None]
            first = starts[lo:hi] - starts[lo]
            masks[lo:hi] = self._full[lo:hi, None] & ~np.bitwise_or.reduceat(failed, first, axis=0)
        phi = np.empty((n_slots, n))
        tabled = self._n_tabled
        t_slots = int(self._depth[:tabled].sum())
        for lo in range(0, t_slots, rows):  # Q(A without the slot) times (1 - z) / z when the slot is in A, else -1
            block = slice(lo, min(lo + rows, t_slots))
            mask = masks[self._slot_leaf[block]]
            index = mask & self._slot_clear[block, None]
            index += self._slot_base[block, None]
            np.take(self._table, index, out=phi[block], mode="clip")  # every index is in range
            inside = (mask & self._slot_bit[block, None]) != 0
            phi[block] *= np.where(inside, self._slot_ratio[block, None], -1.0)
        untabled = len(self._depth) - tabled
        if untabled:  # leaves without a table: the same values, per row, all d at once (padded)
            width = self._pad_z.shape[1]
            step = max(1, CHUNK_ELEMENTS // (n * (width // 2 + 1) * width))
            for c in range(0, untabled, step):
                leaves = slice(c, c + step)
                bits = (masks[tabled + c : tabled + c + step, :, None] >> np.arange(width, dtype=self._bits)) & 1
                a = bits.astype(bool) | self._pad[leaves, None, :]  # (leaves, rows, width)
                found = leaf_factors(self._pad_z[leaves], a, self._depth[tabled + c : tabled + c + step])
                real = ~self._pad[leaves]
                phi[self._pad_slot[leaves][real]] = found.transpose(0, 2, 1)[real]
        return np.asarray(self._spread @ phi).T.reshape(n, self.n_features, self.n_outputs)
