"""The exact tree explainer for a tree model: its library's own TreeSHAP, the numpy one, or shap's.

* XGBoost, LightGBM and CatBoost compute path-dependent TreeSHAP themselves in C++ (`pred_contribs`,
  `pred_contrib`, `ShapValues`); shap's TreeExplainer calls the same functions for these models.
* scikit-learn trees, forests and gradient boosting (plain and histogram) are read into `_treeshap.Tree`s
  and explained by `_treeshap.TreeShap`, exact and in numpy.
* shap's TreeExplainer, when shap is installed, takes a scikit-learn model whose trees are too deep for the
  numpy explainer's tables (their per-row cost would exceed `PER_ROW_WORK`) or that it cannot read.

Every explainer here returns attributions of shape (rows, features, outputs) and the base value of shape
(outputs,), in the model's raw output columns: one column for a binary boosting model (the second class's
log-odds), one per class otherwise.
"""

from __future__ import annotations

import warnings
from typing import Any, Protocol

import numpy as np

from simxai.hosts import _imports
from simxai.hosts._tabular_families import tree_kind
from simxai.hosts._treeshap import PER_ROW_WORK, Tree, TreeShap

_CATEGORIES = 256


class TreeExplainer(Protocol):
    """What the tabular host's attributor needs of a tree explainer."""

    def values(self, matrix: Any) -> tuple[np.ndarray, np.ndarray]:
        """(attributions (rows, features, outputs), base value (outputs,)) of rows of model input."""
        ...


def tree_explainer(estimator: Any) -> tuple[TreeExplainer, str]:
    """The exact explainer for a tree model, and how the method names it.

    Raises:
        NotImplementedError: a scikit-learn model the numpy explainer cannot read, and shap is not installed.
    """
    kind = tree_kind(estimator)
    name = type(estimator).__name__
    if kind in ("xgboost", "lightgbm", "catboost"):
        return NativeTreeShap(estimator, kind), f"exact path-dependent TreeSHAP ({kind}'s own) on the {name}"
    try:
        own = OwnTreeShap(estimator)
    except NotImplementedError:
        if not _imports.shap_installed():
            raise
        return ShapTreeExplainer(estimator), f"SHAP TreeExplainer (exact) on the {name}"
    if own.explainer.per_row_work > PER_ROW_WORK and _imports.shap_installed():
        # Too deep for the tables: shap's C++ walks the trees per row faster than numpy can.
        return ShapTreeExplainer(estimator), f"SHAP TreeExplainer (exact) on the {name}"
    return own, f"exact path-dependent TreeSHAP (numpy) on the {name}"


class OwnTreeShap:
    """The numpy TreeSHAP of a scikit-learn tree model.

    Raises:
        NotImplementedError: a model it cannot read (a multi-output tree, a boosting model whose initial
            estimator depends on the row).
    """

    def __init__(self, estimator: Any) -> None:
        self._estimator = estimator
        self._preprocess = False
        n_features = int(estimator.n_features_in_)
        name = type(estimator).__name__
        if name == "HistGradientBoostingClassifier":
            trees, offset = _histogram_trees(estimator)
            self._preprocess = getattr(estimator, "_preprocessor", None) is not None
            self.explainer = TreeShap(trees, n_features, offset)
        elif name == "GradientBoostingClassifier":
            trees, offset = _boosting_trees(estimator, n_features)
            self.explainer = TreeShap(trees, n_features, offset, float32=True)
        else:
            members = [estimator] if hasattr(estimator, "tree_") else list(estimator.estimators_)
            trees = [_sklearn_tree(m.tree_, 1.0 / len(members), None, 0) for m in members]
            offset = np.zeros(trees[0].value.shape[1])
            self.explainer = TreeShap(trees, n_features, offset, float32=True)

    def values(self, matrix: Any) -> tuple[np.ndarray, np.ndarray]:
        """(attributions, base value) in the model's raw output columns."""
        if self._preprocess:  # categories given as pandas categories become the codes the trees split on
            matrix = self._estimator._preprocess_X(matrix, reset=False)
        return self.explainer.shap_values(np.asarray(matrix, dtype=float)), self.explainer.base


def _sklearn_tree(tree: Any, scale: float, column: int | None, n_outputs: int) -> Tree:
    """A scikit-learn `tree_`: class probabilities (`column` None) or one boosting output column."""
    if tree.n_outputs != 1:
        raise NotImplementedError("a multi-output tree")
    value = np.asarray(tree.value[:, 0, :], dtype=float)
    if column is None:
        # Classifier trees hold class counts or fractions per node; a tree predicts their proportions.
        totals = value.sum(axis=1, keepdims=True)
        value = scale * value / np.where(totals > 0, totals, 1.0)
    else:
        single = np.zeros((len(value), n_outputs))
        single[:, column] = scale * value[:, 0]
        value = single
    missing = getattr(tree, "missing_go_to_left", None)
    return Tree(
        left=np.asarray(tree.children_left),
        right=np.asarray(tree.children_right),
        feature=np.asarray(tree.feature),
        threshold=np.asarray(tree.threshold, dtype=float),
        missing_left=np.zeros(tree.node_count, bool) if missing is None else np.asarray(missing, dtype=bool),
        cover=np.asarray(tree.weighted_n_node_samples, dtype=float),
        value=value,
    )


def _boosting_trees(estimator: Any, n_features: int) -> tuple[list[Tree], np.ndarray]:
    """A GradientBoostingClassifier's trees, scaled by its learning rate, and its initial raw score."""
    init = estimator.init_
    if isinstance(init, str) and init == "zero":
        offset = np.zeros(estimator.estimators_.shape[1])
    elif type(init).__name__ == "DummyClassifier":  # the class prior: the same score for every row
        offset = np.asarray(estimator._raw_predict_init(np.zeros((1, n_features), np.float32)), dtype=float)[0]
    else:
        raise NotImplementedError(f"its initial estimator ({type(init).__name__}) depends on the row")
    stages = np.asarray(estimator.estimators_, dtype=object)
    n_outputs = stages.shape[1]
    rate = float(estimator.learning_rate)
    trees = [
        _sklearn_tree(stages[i, k].tree_, rate, k, n_outputs) for i in range(len(stages)) for k in range(n_outputs)
    ]
    return trees, offset


def _histogram_trees(estimator: Any) -> tuple[list[Tree], np.ndarray]:
    """A HistGradientBoostingClassifier's predictors (numeric, missing and categorical splits) and baseline."""
    offset = np.asarray(estimator._baseline_prediction, dtype=float).ravel()
    n_outputs = len(offset)
    known_sets: np.ndarray | None = None
    feature_map: np.ndarray | None = None
    trees: list[Tree] = []
    for iteration in estimator._predictors:
        for k, predictor in enumerate(iteration):
            nodes = predictor.nodes
            leaf = nodes["is_leaf"].astype(bool)
            value = np.zeros((len(nodes), n_outputs))
            value[:, k] = nodes["value"]
            categories: dict[int, tuple[np.ndarray, np.ndarray]] = {}
            for node in np.flatnonzero(nodes["is_categorical"].astype(bool) & ~leaf):
                if known_sets is None:
                    known_sets, feature_map = estimator._bin_mapper.make_known_categories_bitsets()
                assert feature_map is not None
                goes_left = _bitset(predictor.raw_left_cat_bitsets[nodes["bitset_idx"][node]])
                known = _bitset(known_sets[feature_map[nodes["feature_idx"][node]]])
                categories[int(node)] = (goes_left, known)
            trees.append(
                Tree(
                    left=np.where(leaf, -1, nodes["left"].astype(np.intp)),
                    right=np.where(leaf, -1, nodes["right"].astype(np.intp)),
                    feature=nodes["feature_idx"].astype(np.intp),
                    threshold=nodes["num_threshold"].astype(float),
                    missing_left=nodes["missing_go_to_left"].astype(bool),
                    cover=nodes["count"].astype(float),
                    value=value,
                    categories=categories,
                )
            )
    return trees, offset


def _bitset(words: np.ndarray) -> np.ndarray:
    """A scikit-learn categories bitset (8 x 32 bits) as 256 bools."""
    codes = np.arange(_CATEGORIES)
    return ((np.asarray(words, dtype=np.uint64)[codes >> 5] >> (codes & 31).astype(np.uint64)) & 1).astype(bool)


class NativeTreeShap:
    """The boosting library's own path-dependent TreeSHAP (C++), as shap's TreeExplainer calls it."""

    def __init__(self, estimator: Any, kind: str) -> None:
        self._estimator = estimator
        self._kind = kind
        self._base: np.ndarray | None = None

    def values(self, matrix: Any) -> tuple[np.ndarray, np.ndarray]:
        """(attributions, base value) in the model's raw output columns."""
        if len(matrix) == 0 and self._base is not None:
            return np.zeros((0, self._estimator.n_features_in_, len(self._base))), self._base
        contributions = np.asarray(self._contributions(matrix), dtype=float)
        n = len(contributions)
        if self._kind == "lightgbm" and contributions.shape[1] != self._estimator.n_features_in_ + 1:
            contributions = contributions.reshape(n, -1, self._estimator.n_features_in_ + 1)
        if contributions.ndim == 2:
            contributions = contributions[:, None, :]
        self._base = contributions[0, :, -1].copy()
        return contributions[:, :, :-1].transpose(0, 2, 1), self._base

    def _contributions(self, matrix: Any) -> Any:
        estimator = self._estimator
        if self._kind == "xgboost":
            import xgboost

            try:
                iterations = (0, int(estimator.best_iteration) + 1)
            except AttributeError:  # no early stopping: every tree
                iterations = (0, 0)
            data = xgboost.DMatrix(matrix, missing=estimator.missing, enable_categorical=True)
            booster = estimator.get_booster()
            return booster.predict(data, pred_contribs=True, validate_features=False, iteration_range=iterations)
        if self._kind == "lightgbm":
            return estimator.booster_.predict(matrix, pred_contrib=True)
        import catboost

        pool = catboost.Pool(matrix, cat_features=estimator.get_cat_feature_indices())
        return estimator.get_feature_importance(pool, type="ShapValues")


class ShapTreeExplainer:
    """shap's TreeExplainer (the `shap` extra), for scikit-learn models the numpy explainer does not take."""

    def __init__(self, estimator: Any) -> None:
        self._explainer = _imports.import_shap().TreeExplainer(estimator)

    def values(self, matrix: Any) -> tuple[np.ndarray, np.ndarray]:
        """(attributions, base value) in the model's raw output columns."""
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="LightGBM binary classifier", category=UserWarning)
            raw = self._explainer.shap_values(matrix, check_additivity=False)
        values = np.stack(raw, axis=-1) if isinstance(raw, list) else np.asarray(raw, dtype=float)
        if values.ndim == 2:
            values = values[:, :, None]
        base = np.atleast_1d(np.asarray(self._explainer.expected_value, dtype=float))
        return values, base[-values.shape[2] :]
