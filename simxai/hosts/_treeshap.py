"""Exact path-dependent TreeSHAP for scikit-learn tree models, in numpy (no shap, no numba).

What shap's `TreeExplainer(model)` computes without background data ("tree_path_dependent"): the Shapley
values of the game v(S) = E[f(x) | x_S], where the expectation follows x at a split on a feature in S and
otherwise averages both children by their training cover. A tree is a sum of its leaves, so the values are
too. Leaf l with value v_l, reached through splits on the distinct features P (d = |P| of them), plays the
game v_l * prod_{j in P} (o_j if j in S else z_j), where z_j is the product of cover ratios child/parent over
feature j's splits on the path and o_j(x) is 1 when x takes every one of them the leaf's way. Its Shapley
value for i in P is

    v_l * (o_i - z_i) * sum over S in A-without-i of |S|! (d - |S| - 1)! / d! * prod_{j in P, not i, not in S} z_j

with A = {j : o_j = 1}. That depends on x only through the bitmask A, so each leaf gets a table of its 2^d
masks by d features, built once in O(2^d d) (`leaf_tables`). Explaining rows then costs array comparisons
(which way every row goes at every split), the masks, one gather from the tables and one sparse product that
adds each leaf's share to its features. Leaves past the tables' memory budget are computed per row with the
polynomial prod_j (a_j y + z_j) (`leaf_factors`, O(d^2) per leaf and row).

The numpy explainer returns the values in the model's raw output columns, and a base value such that base
+ sum of values = the model's output.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse

#: Floats the per-leaf tables may take for one model (64 MB); leaves past it are computed per row.
TABLE_BUDGET = 1 << 23
#: Elements of the largest temporary array (rows x splits or leaf slots) when explaining; rows go in chunks.
CHUNK_ELEMENTS = 1 << 22
#: Per-row work (sum of d^2 over the leaves without a table) beyond which shap's C++ explainer is preferred.
PER_ROW_WORK = 1 << 20
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


@dataclass
class _Leaves:
    """The leaves with at least one split, flattened: their slots (leaf, feature) and the splits of each."""

    z: list[list[float]] = field(default_factory=list)  # per leaf, per slot
    features: list[list[int]] = field(default_factory=list)
    splits: list[list[list[tuple[int, bool]]]] = field(default_factory=list)  # per slot: (global node, went left)
    values: list[np.ndarray] = field(default_factory=list)
    pending: list[bool] = field(default_factory=list)  # the current tree's leaves: whether each has a split


def _weights(d: int) -> np.ndarray:
    """Shapley weights s! (d - s - 1)! / d! for coalition sizes s = 0 .. d-1."""
    return np.array([math.factorial(s) * math.factorial(d - s - 1) / math.factorial(d) for s in range(d)])


def leaf_factors(z: np.ndarray, a: np.ndarray) -> np.ndarray:
    """Each leaf's Shapley value per slot, without v_l: shape (leaves, N, d).

    Args:
        z: shape (leaves, d), the cover-ratio products.
        a: shape (leaves or 1, N, d), bools: which slots' splits the row (or mask) satisfies.
    """
    n_leaves, d = z.shape
    w = _weights(d)
    ones = a.astype(float)
    poly = np.zeros((n_leaves, a.shape[1], d + 1))
    poly[..., 0] = 1.0
    zz = z[:, None, :]
    for j in range(d):  # prod_j (a_j y + z_j): coefficient s holds the coalitions of size s
        shifted = poly[..., :-1] * ones[..., j, None]
        poly *= zz[..., j, None]
        poly[..., 1:] += shifted
    # With a_i = 0 the factor of i is z_i, which (o_i - z_i) = -z_i cancels: no division needed.
    absent = -(poly[..., :d] @ w)
    out = np.empty((n_leaves, a.shape[1], d))
    for i in range(d):
        zi = zz[..., i]
        quotient = poly[..., d]  # dividing by (y + z_i) from the top is stable for 0 <= z_i <= 1
        total = w[d - 1] * quotient
        for k in range(d - 1, 0, -1):
            quotient = poly[..., k] - zi * quotient
            total = total + w[k - 1] * quotient
        out[..., i] = np.where(a[..., i], (1.0 - zi) * total, absent)
    return out


def leaf_tables(z: np.ndarray) -> np.ndarray:
    """`leaf_factors` for every mask of satisfied slots at once: shape (leaves, 2^d, d), in O(2^d d) per leaf.

    With R(B) = sum_s w(s) [y^s] prod_{j in B} (y + z_j) and C(A) = prod_{j not in A} z_j, slot i of mask A
    is (1 - z_i) C(A) R(A without i) when i is in A, else -C(A) R(A): positive sums, no division.
    """
    n_leaves, d = z.shape
    size = 1 << d
    poly = np.zeros((n_leaves, size, d + 1))
    poly[:, 0, 0] = 1.0
    product = np.ones((n_leaves, size))  # prod_{j in B} z_j
    for h in range(d):  # masks with bit h set are those below 2^h times (y + z_h)
        low = poly[:, : 1 << h]
        high = poly[:, 1 << h : 2 << h]
        high[..., 1:] = low[..., :-1]
        high += z[:, h, None, None] * low
        product[:, 1 << h : 2 << h] = product[:, : 1 << h] * z[:, h, None]
    r = poly[..., :d] @ _weights(d)
    c = product[:, ::-1]  # the complement of mask A is (2^d - 1) - A
    masks = np.arange(size)[:, None]
    bits = 1 << np.arange(d)[None, :]
    has = (masks & bits) != 0  # (2^d, d)
    without = r[:, masks & ~bits]  # (leaves, 2^d, d)
    return c[:, :, None] * np.where(has[None], (1.0 - z[:, None, :]) * without, -r[:, :, None])


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
        self._nodes(trees)
        leaves = self._paths(trees)
        self.base = np.asarray(offset, dtype=float) + self._base
        self._layout(leaves)

    # -------------------------------------------------------------------------------------- building

    def _nodes(self, trees: list[Tree]) -> None:
        """Every tree's split nodes in global arrays; `self._global[t][node]` is a split's global index."""
        feature, threshold, missing, self._global = [], [], [], []
        categorical: list[tuple[int, np.ndarray, np.ndarray]] = []
        count = 0
        for tree in trees:
            splits = np.flatnonzero(tree.left >= 0)
            index = np.full(len(tree.left), -1)
            index[splits] = count + np.arange(len(splits))
            self._global.append(index)
            feature.append(tree.feature[splits])
            threshold.append(tree.threshold[splits])
            missing.append(tree.missing_left[splits].astype(bool))
            for node, (goes_left, known) in tree.categories.items():
                categorical.append((int(index[node]), goes_left, known))
            count += len(splits)
        self._feature = np.concatenate(feature).astype(np.intp) if feature else np.zeros(0, np.intp)
        self._threshold = np.concatenate(threshold).astype(float) if threshold else np.zeros(0)
        self._missing = np.concatenate(missing) if missing else np.zeros(0, bool)
        self._categorical = np.array([c[0] for c in categorical], dtype=np.intp)
        self._category_left = np.array([c[1] for c in categorical], dtype=bool).reshape(-1, _CATEGORIES)
        self._category_known = np.array([c[2] for c in categorical], dtype=bool).reshape(-1, _CATEGORIES)

    def _paths(self, trees: list[Tree]) -> _Leaves:
        """Walk every root-to-leaf path; leaves without a split go straight into the base value."""
        leaves = _Leaves()
        self._base = np.zeros(self.n_outputs)
        for t, tree in enumerate(trees):
            left, right, feature = tree.left.tolist(), tree.right.tolist(), tree.feature.tolist()
            cover, split_index = tree.cover.tolist(), self._global[t].tolist()
            found: list[int] = []
            products: list[float] = []
            Path = list[tuple[int, int, bool, float]]  # (feature, global split, went left, cover ratio)
            stack: list[tuple[int, Path]] = [(0, [])]
            while stack:
                node, path = stack.pop()
                if left[node] < 0:
                    found.append(node)
                    products.append(self._leaf(leaves, path))
                    continue
                parent = cover[node]
                for child, went_left in ((left[node], True), (right[node], False)):
                    ratio = cover[child] / parent if parent > 0 else 0.0
                    stack.append((child, [*path, (feature[node], split_index[node], went_left, ratio)]))
            values = np.asarray(tree.value[found], dtype=float).reshape(len(found), self.n_outputs)
            self._base += np.asarray(products) @ values
            kept = [k for k in range(len(found)) if leaves.pending[k]]
            leaves.values.extend(values[kept])
            leaves.pending.clear()
        return leaves

    @staticmethod
    def _leaf(leaves: _Leaves, path: list[tuple[int, int, bool, float]]) -> float:
        """Record a leaf's slots and splits (when it has any); the product of its cover ratios."""
        slots: dict[int, int] = {}
        z: list[float] = []
        splits: list[list[tuple[int, bool]]] = []
        for feature, split, went_left, ratio in path:
            slot = slots.get(feature)
            if slot is None:
                slot = slots[feature] = len(z)
                z.append(1.0)
                splits.append([])
            z[slot] *= ratio
            splits[slot].append((split, went_left))
        leaves.pending.append(bool(z))
        if z:
            leaves.z.append(z)
            leaves.features.append(list(slots))
            leaves.splits.append(splits)
        return math.prod(z)

    def _layout(self, leaves: _Leaves) -> None:
        """Order the leaves (tabled ones first, then the rest by d) and build the arrays `shap_values` reads."""
        depth = np.array([len(z) for z in leaves.z], dtype=np.intp)
        order = np.argsort(depth, kind="stable")
        sizes = (2.0 ** depth[order]) * depth[order]
        tabled = order[np.cumsum(sizes) <= TABLE_BUDGET]
        rest = order[np.cumsum(sizes) > TABLE_BUDGET]
        self._n_tabled = len(tabled)
        order = np.concatenate([tabled, rest]).astype(np.intp)
        self.per_row_work = int((depth[rest] ** 2).sum())
        d = depth[order]
        self._depth = d
        self._leaf_start = np.concatenate([[0], np.cumsum(d)[:-1]]).astype(np.intp)
        n_slots = int(d.sum())
        self._slot_leaf = np.repeat(np.arange(len(order)), d)
        self._slot_position = np.arange(n_slots) - self._leaf_start[self._slot_leaf]
        nodes, went, slot_of = [], [], []
        features = np.zeros(n_slots, dtype=np.intp)
        for s0, leaf in zip(self._leaf_start, order, strict=True):
            features[s0 : s0 + len(leaves.features[leaf])] = leaves.features[leaf]
            for k, splits in enumerate(leaves.splits[leaf]):
                for node, left in splits:
                    nodes.append(node)
                    went.append(left)
                    slot_of.append(s0 + k)
        self._split_node = np.array(nodes, dtype=np.intp)
        self._split_left = np.array(went, dtype=bool)
        if len(d) and d.max() > 62:
            raise NotImplementedError(f"a leaf below splits on {d.max()} features (at most 62)")
        self._bits = np.int32 if not len(d) or d.max() <= 30 else np.int64
        # A split the row does not take clears its slot's bit from the leaf's mask of satisfied slots.
        self._split_bit = (1 << self._slot_position[np.array(slot_of, dtype=np.intp)]).astype(self._bits)
        self._leaf_split_start = np.searchsorted(np.array(slot_of, dtype=np.intp), self._leaf_start)
        self._full = ((1 << d) - 1).astype(self._bits)
        # Tables: one flat array; slot s of a tabled leaf reads table[start + mask * d + position].
        table_start = np.zeros(len(order), dtype=np.intp)
        tables: list[np.ndarray] = []
        size = 0
        for k in np.unique(d[: self._n_tabled]):
            members = np.flatnonzero(d[: self._n_tabled] == k)
            z = np.array([leaves.z[order[m]] for m in members])
            step = max(1, CHUNK_ELEMENTS // (2**k * (k + 1)))
            for c in range(0, len(members), step):
                chunk = leaf_tables(z[c : c + step])
                table_start[members[c : c + step]] = size + np.arange(len(chunk)) * chunk[0].size
                tables.append(chunk.ravel())
                size += chunk.size
        self._table = np.concatenate(tables) if tables else np.zeros(0)
        self._leaf_table = table_start
        self._z = [np.array(leaves.z[o]) for o in order]
        # The sparse map from slots to (feature, output) columns, weighted by each slot's leaf value.
        values = np.array([leaves.values[o] for o in order]).reshape(len(order), self.n_outputs)
        slot_values = values[self._slot_leaf]
        rows, outputs = np.nonzero(slot_values)
        columns = features[rows] * self.n_outputs + outputs
        self._spread = sparse.csr_matrix(
            (slot_values[rows, outputs], (columns, rows)), shape=(self.n_features * self.n_outputs, n_slots)
        )

    # ------------------------------------------------------------------------------------ explaining

    def shap_values(self, matrix: np.ndarray) -> np.ndarray:
        """The attributions of rows of model input, shape (rows, features, outputs)."""
        x = np.asarray(matrix, dtype=np.float32 if self.float32 else float)
        out = np.zeros((len(x), self.n_features, self.n_outputs))
        width = max(len(self._feature), len(self._split_node), len(self._slot_leaf), 1)
        step = max(1, CHUNK_ELEMENTS // width)
        for start in range(0, len(x), step):
            out[start : start + step] = self._chunk(x[start : start + step])
        return out

    def _goes_left(self, x: np.ndarray) -> np.ndarray:
        """Shape (rows, splits): whether each row goes left at each split."""
        values = x[:, self._feature].astype(float)
        missing = np.isnan(values)
        left = np.where(missing, self._missing[None, :], values <= self._threshold[None, :])
        if len(self._categorical):
            codes = values[:, self._categorical]
            valid = ~np.isnan(codes) & (codes >= 0) & (codes < _CATEGORIES)
            safe = np.where(valid, codes, 0).astype(np.intp)
            columns = np.arange(len(self._categorical))[None, :]
            goes = valid & self._category_left[columns, safe]
            known = valid & self._category_known[columns, safe]
            left[:, self._categorical] = goes | (~known & self._missing[self._categorical][None, :])
        return left

    def _chunk(self, x: np.ndarray) -> np.ndarray:
        n = len(x)
        n_slots = len(self._slot_leaf)
        if n_slots == 0:
            return np.zeros((n, self.n_features, self.n_outputs))
        taken = np.take(self._goes_left(x), self._split_node, axis=1) == self._split_left
        failed = np.where(taken, self._bits(0), self._split_bit)
        masks = self._full & ~np.bitwise_or.reduceat(failed, self._leaf_split_start, axis=1)  # (rows, leaves)
        phi = np.empty((n, n_slots))
        tabled = self._n_tabled
        t_slots = int(self._depth[:tabled].sum())
        if t_slots:
            start = self._leaf_table[:tabled] + masks[:, :tabled].astype(np.intp) * self._depth[:tabled]
            index = np.repeat(start, self._depth[:tabled], axis=1) + self._slot_position[:t_slots]
            phi[:, :t_slots] = np.take(self._table, index)
        for d in np.unique(self._depth[tabled:]):  # leaves without a table: the same, per row
            group = tabled + np.flatnonzero(self._depth[tabled:] == d)
            step = max(1, CHUNK_ELEMENTS // (n * (d + 1)))
            for c in range(0, len(group), step):
                members = group[c : c + step]
                z = np.array([self._z[m] for m in members])
                a = (masks[:, members, None] >> np.arange(d, dtype=self._bits)) & 1  # (rows, leaves, d)
                slots = (self._leaf_start[members][:, None] + np.arange(d)[None, :]).ravel()
                phi[:, slots] = leaf_factors(z, a.transpose(1, 0, 2).astype(bool)).transpose(1, 0, 2).reshape(n, -1)
        spread = np.asarray(self._spread @ phi.T).T
        return spread.reshape(n, self.n_features, self.n_outputs)
