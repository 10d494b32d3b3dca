"""The numpy TreeSHAP (`simxai.hosts._treeshap`) against shap's TreeExplainer and against brute force.

Brute force: the path-dependent game v(S) = E[f(x) | x_S] evaluated by walking each tree (follow x at a
split on a feature in S, else average both children by cover), and Shapley values by enumerating every
coalition. The walk decides directions as scikit-learn's predictors do, which the additivity checks
against the model's own output confirm.
"""

from __future__ import annotations

import itertools
import math
import warnings
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import (
    ExtraTreesClassifier,
    GradientBoostingClassifier,
    HistGradientBoostingClassifier,
    RandomForestClassifier,
)
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier, ExtraTreeClassifier

import simxai.hosts._tabular_trees as trees_module
import simxai.hosts._treeshap as treeshap
from simxai.hosts import _imports
from simxai.hosts._tabular_trees import OwnTreeShap, tree_explainer
from simxai.hosts._treeshap import Tree

ESTIMATORS = {
    "decision_tree": lambda: DecisionTreeClassifier(max_depth=6, random_state=0),
    "extra_tree": lambda: ExtraTreeClassifier(max_depth=7, random_state=0),
    "random_forest": lambda: RandomForestClassifier(n_estimators=12, max_depth=6, random_state=0),
    "extra_trees": lambda: ExtraTreesClassifier(n_estimators=12, max_depth=6, random_state=0),
    "gradient_boosting": lambda: GradientBoostingClassifier(n_estimators=15, max_depth=3, random_state=0),
    "hist_gradient_boosting": lambda: HistGradientBoostingClassifier(max_iter=15, random_state=0),
}


def _data(classes: int, n: int = 400, features: int = 6, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = np.round(rng.normal(size=(n, features)), 2)
    score = x[:, 0] + x[:, 1] * x[:, 2] - 0.5 * x[:, 3] + rng.normal(0, 0.5, n)
    y = np.digitize(score, np.quantile(score, np.linspace(0, 1, classes + 1)[1:-1]))
    return x, y


def _raw(model: Any, x: Any) -> np.ndarray:
    """The output the explainer attributes: probabilities for forests and trees, else the raw score."""
    if isinstance(model, (GradientBoostingClassifier, HistGradientBoostingClassifier)):
        scores = np.asarray(model.decision_function(x), dtype=float)
        return scores[:, None] if scores.ndim == 1 else scores
    return np.asarray(model.predict_proba(x), dtype=float)


def _shap_reference(model: Any, x: np.ndarray) -> np.ndarray:
    shap = pytest.importorskip("shap")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        values = shap.TreeExplainer(model).shap_values(x, check_additivity=False)
    values = np.stack(values, axis=-1) if isinstance(values, list) else np.asarray(values, dtype=float)
    return values[:, :, None] if values.ndim == 2 else values


@pytest.mark.parametrize("classes", [2, 3])
@pytest.mark.parametrize("name", sorted(ESTIMATORS))
def test_each_scikit_learn_family_agrees_with_shap_and_adds_up(name: str, classes: int) -> None:
    x, y = _data(classes)
    model = ESTIMATORS[name]().fit(x, y)
    values, base = OwnTreeShap(model).values(x[:40])
    assert base + values.sum(axis=1) == pytest.approx(_raw(model, x[:40]), rel=1e-9, abs=1e-9)
    if name == "gradient_boosting" and classes == 3:
        return  # shap's TreeExplainer takes only binary GradientBoostingClassifiers; brute force covers it below
    reference = _shap_reference(model, x[:40])
    assert values == pytest.approx(reference, rel=1e-6, abs=1e-9)


def test_histogram_boosting_with_missing_values_agrees_with_shap() -> None:
    x, y = _data(3, n=600)
    x[np.random.default_rng(1).random(x.shape) < 0.15] = np.nan
    model = HistGradientBoostingClassifier(max_iter=20, random_state=0).fit(x, y)
    rows = x[:60]
    assert np.isnan(rows).any()
    values, base = OwnTreeShap(model).values(rows)
    assert base + values.sum(axis=1) == pytest.approx(_raw(model, rows), rel=1e-9, abs=1e-9)
    assert values == pytest.approx(_shap_reference(model, rows), rel=1e-6, abs=1e-9)


def _goes_left(tree: Tree, node: int, value: float) -> bool:
    if math.isnan(value):
        return bool(tree.missing_left[node])
    if node in tree.categories:
        goes_left, known = tree.categories[node]
        code = int(value)
        if value < 0 or code >= len(known) or not known[code]:
            return bool(tree.missing_left[node])
        return bool(goes_left[code])
    return bool(value <= tree.threshold[node])


def _expected(tree: Tree, node: int, x: np.ndarray, coalition: set[int]) -> np.ndarray:
    if tree.left[node] < 0:
        return np.asarray(tree.value[node], dtype=float)
    left, right = int(tree.left[node]), int(tree.right[node])
    feature = int(tree.feature[node])
    if feature in coalition:
        return _expected(tree, left if _goes_left(tree, node, x[feature]) else right, x, coalition)
    return (
        tree.cover[left] * _expected(tree, left, x, coalition)
        + tree.cover[right] * _expected(tree, right, x, coalition)
    ) / tree.cover[node]


def _brute_force(trees: list[Tree], x: np.ndarray) -> np.ndarray:
    d = len(x)
    game = {
        frozenset(s): sum(_expected(t, 0, x, set(s)) for t in trees)
        for k in range(d + 1)
        for s in itertools.combinations(range(d), k)
    }
    phi = np.zeros((d, len(next(iter(game.values())))))
    for i in range(d):
        for s, value in game.items():
            if i not in s:
                weight = math.factorial(len(s)) * math.factorial(d - len(s) - 1) / math.factorial(d)
                phi[i] += weight * (game[s | {i}] - value)
    return phi


def test_multiclass_gradient_boosting_matches_brute_force() -> None:
    x, y = _data(3, features=5)
    model = GradientBoostingClassifier(n_estimators=6, max_depth=3, random_state=0).fit(x, y)
    trees, _ = trees_module._boosting_trees(model, 5)
    values, _ = OwnTreeShap(model).values(x[:3])
    # The trees compare float32 inputs, as the model does.
    for row, found in zip(x[:3].astype(np.float32).astype(float), values, strict=True):
        assert found == pytest.approx(_brute_force(trees, row), rel=1e-9, abs=1e-12)


def test_categorical_and_missing_splits_of_histogram_boosting_match_brute_force() -> None:
    rng = np.random.default_rng(3)
    n = 500
    frame = pd.DataFrame(
        {
            "size": rng.normal(size=n),
            "colour": pd.Categorical(rng.choice(["red", "green", "blue", "grey"], n)),
            "age": np.where(rng.random(n) < 0.2, np.nan, rng.uniform(0, 9, n)),
        }
    )
    score = frame["size"] + frame["colour"].map({"red": 1.5, "green": -1.0, "blue": 0.0, "grey": 0.5}).astype(float)
    y = (score + np.nan_to_num(frame["age"]) * 0.2 + rng.normal(0, 0.3, n) > 1).astype(int)
    model = HistGradientBoostingClassifier(max_iter=12, categorical_features="from_dtype", random_state=0)
    model.fit(frame, y)
    own = OwnTreeShap(model)
    trees, _ = trees_module._histogram_trees(model)
    assert any(tree.categories for tree in trees)
    rows = frame.iloc[:12]
    values, base = own.values(rows)
    assert base + values.sum(axis=1) == pytest.approx(_raw(model, rows), rel=1e-9, abs=1e-9)
    codes = model._preprocess_X(rows, reset=False)
    for row, found in zip(codes, values[:6], strict=False):
        assert found == pytest.approx(_brute_force(trees, row), rel=1e-9, abs=1e-12)


def test_leaves_past_the_table_budget_are_computed_per_row_with_the_same_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    x, y = _data(3, n=800)
    model = HistGradientBoostingClassifier(max_iter=10, random_state=0).fit(x, y)
    tabled = OwnTreeShap(model)
    monkeypatch.setattr(treeshap, "TABLE_BUDGET", 64)
    mixed = OwnTreeShap(model)
    assert mixed.explainer.per_row_work > 0 and tabled.explainer.per_row_work == 0
    assert mixed.values(x[:30])[0] == pytest.approx(tabled.values(x[:30])[0], rel=1e-12, abs=1e-14)
    monkeypatch.setattr(treeshap, "CHUNK_ELEMENTS", 50)  # rows and leaves in small chunks: the same values
    monkeypatch.setattr(treeshap, "BLOCK_ELEMENTS", 7)
    assert mixed.values(x[:30])[0] == pytest.approx(tabled.values(x[:30])[0], rel=1e-12, abs=1e-14)


def test_the_tables_equal_the_per_row_formula_for_every_mask() -> None:
    z = np.random.default_rng(4).uniform(0.05, 1.0, size=(3, 5))
    masks = ((np.arange(32)[:, None] >> np.arange(5)[None, :]) & 1).astype(bool)[None]
    tables = treeshap.table_factors(treeshap.leaf_tables(z), z)
    assert tables == pytest.approx(treeshap.leaf_factors(z, masks), rel=1e-12, abs=1e-15)


def test_the_explainer_is_chosen_by_library_depth_and_whether_shap_is_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    x, y = _data(2)
    forest = RandomForestClassifier(n_estimators=5, max_depth=8, random_state=0).fit(x, y)
    _, method = tree_explainer(forest)
    assert method == "exact path-dependent TreeSHAP (numpy) on the RandomForestClassifier"
    monkeypatch.setattr(trees_module, "PER_ROW_WORK", -1)  # deeper than the numpy explainer takes well
    if _imports.shap_installed():
        assert tree_explainer(forest)[1] == "SHAP TreeExplainer (exact) on the RandomForestClassifier"
    monkeypatch.setattr(_imports, "shap_installed", lambda: False)
    assert tree_explainer(forest)[1].startswith("exact path-dependent TreeSHAP (numpy)")
    # A boosting model whose initial estimator depends on the row cannot be read; without shap it is refused.
    custom = GradientBoostingClassifier(n_estimators=3, init=LogisticRegression()).fit(x, y)
    with pytest.raises(NotImplementedError, match="initial estimator .LogisticRegression. depends on the row"):
        tree_explainer(custom)


def test_a_child_without_cover_leaves_its_leaves_to_the_per_row_formula_with_brute_force_values() -> None:
    # Node 0 splits on feature 0, node 1 on feature 1 (its right child has no training cover), node 2 on 2.
    tree = Tree(
        left=np.array([1, 3, 5, -1, -1, -1, -1]),
        right=np.array([2, 4, 6, -1, -1, -1, -1]),
        feature=np.array([0, 1, 2, -2, -2, -2, -2]),
        threshold=np.array([0.0, 0.5, -0.5, 0, 0, 0, 0], dtype=float),
        missing_left=np.zeros(7, bool),
        cover=np.array([10.0, 4.0, 6.0, 4.0, 0.0, 1.0, 5.0]),
        value=np.array([[0.0], [0.0], [0.0], [1.0], [-3.0], [2.0], [0.5]]),
    )
    explainer = treeshap.TreeShap([tree], 3, np.zeros(1))
    assert explainer._n_tabled == 3  # the leaf without cover (node 4) goes per row
    rows = np.array([[-1.0, 1.0, 0.0], [-1.0, 0.0, -1.0], [1.0, 1.0, -1.0], [1.0, 0.0, 1.0]])
    values = explainer.shap_values(rows)
    for row, found in zip(rows, values, strict=True):
        assert found == pytest.approx(_brute_force([tree], row), rel=1e-12, abs=1e-12)
