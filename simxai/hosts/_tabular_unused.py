"""The features a tree model never uses: no tree splits on them, nor on any column made from them (newuser48).

A what-if on such a feature leaves every prediction as it was, and the host says why (`WhatIfResult.unused`).
It is decided from the model's own structure, never from sampled predictions: the split features of the trees
(scikit-learn trees, forests and boosting, XGBoost's tree boosters, LightGBM without linear leaves) and, for a
`Pipeline`, which of the preprocessing's output columns each input feature can reach. A step whose columns cannot
be traced one by one (a custom transformer, `PolynomialFeatures`) is taken to mix all its inputs into each of its
outputs, which can only make a feature count as used; a model whose splits cannot be read (CatBoost, a linear
model, a neural network) gets no note at all.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from simxai.hosts._tabular_families import split_model, tree_kind

#: Sources of one column: the positions of the input features it is computed from.
Sources = frozenset[int]

#: scikit-learn transformers that map each input column to exactly one output column of its own.
_ONE_TO_ONE = frozenset(
    {
        "StandardScaler",
        "MinMaxScaler",
        "MaxAbsScaler",
        "RobustScaler",
        "OrdinalEncoder",
        "QuantileTransformer",
        "PowerTransformer",
        "SimpleImputer",
        "TargetEncoder",
    }
)


def unused_features(model: Any, names: Sequence[str]) -> frozenset[str] | None:
    """The features of `names` (the model's input columns, in order) that no split of the model depends on.

    None when that cannot be decided from the model's structure (see the module's docstring).
    """
    order = [str(name) for name in getattr(model, "feature_names_in_", names)]  # the model's own column order
    if sorted(order) != sorted(names):
        return None
    names = order
    preprocessing, estimator = split_model(model)
    used_columns = split_columns(estimator)
    if used_columns is None:
        return None
    if preprocessing is None:
        sources: list[Sources] | None = [frozenset({j}) for j in range(len(names))]
    else:
        sources = _sources(preprocessing, [frozenset({j}) for j in range(len(names))])
    inner = getattr(estimator, "_preprocessor", None)  # histogram boosting's own encoder, categories first
    if sources is not None and inner is not None:
        sources = _sources(inner, sources)
    if sources is None or any(j >= len(sources) for j in used_columns):
        return None
    used: set[int] = set().union(*(sources[j] for j in used_columns)) if used_columns else set()
    return frozenset(name for j, name in enumerate(names) if j not in used)


def split_columns(estimator: Any) -> set[int] | None:
    """The input columns the estimator's trees split on; None for a model whose splits are not read."""
    kind = tree_kind(estimator)
    if kind in ("sklearn-probability", "sklearn-boosting"):
        if hasattr(estimator, "_predictors"):  # HistGradientBoostingClassifier
            return {
                int(node["feature_idx"])
                for iteration in estimator._predictors
                for predictor in iteration
                for node in predictor.nodes
                if not node["is_leaf"]
            }
        trees = [estimator] if hasattr(estimator, "tree_") else np.asarray(estimator.estimators_, dtype=object).ravel()
        return {int(j) for tree in trees for j in tree.tree_.feature if j >= 0}
    if kind == "xgboost":
        return _xgboost_columns(estimator)
    if kind == "lightgbm":
        linear = estimator.get_params().get("linear_tree") or estimator.booster_.params.get("linear_tree")
        if linear:  # its leaves hold linear models of features no split needs to name
            return None
        counts = np.asarray(estimator.booster_.feature_importance(importance_type="split"))
        return {int(j) for j in np.flatnonzero(counts > 0)}
    return None


def _xgboost_columns(estimator: Any) -> set[int] | None:
    booster = estimator.get_booster()
    if json.loads(booster.save_config())["learner"]["gradient_booster"]["name"] not in ("gbtree", "dart"):
        return None  # gblinear: a linear model, no splits
    names = list(booster.feature_names or [f"f{j}" for j in range(booster.num_features())])
    position = {name: j for j, name in enumerate(names)}
    split_on = booster.get_score(importance_type="weight")  # every feature with at least one split
    if any(name not in position for name in split_on):
        return None
    return {position[name] for name in split_on}


def _width(step: Any) -> int | None:
    try:
        return len(step.get_feature_names_out())
    except Exception:  # noqa: BLE001 - a transformer that cannot name its outputs: its width is unknown
        return None


def _sources(step: Any, inputs: list[Sources]) -> list[Sources] | None:
    """For each output column of the fitted `step`, the input features it is computed from; None if unknown."""
    if step is None or (isinstance(step, str) and step == "passthrough"):
        return inputs
    if isinstance(step, str) and step == "drop":
        return []
    name = type(step).__name__
    if name == "Pipeline":
        for _, inner in step.steps:
            traced = _sources(inner, inputs)
            if traced is None:
                return None
            inputs = traced
        return inputs
    if name == "ColumnTransformer":
        return _column_transformer(step, inputs)
    if name == "FunctionTransformer" and _keeps_columns(step.func):
        return inputs
    width = _width(step)
    if width is None:
        return None
    blocks = _blocks(step, len(inputs))
    if blocks is not None and sum(blocks) == width:
        return [inputs[i] for i, size in enumerate(blocks) for _ in range(size)]
    # columns it does not trace one by one: each output may depend on every input
    mixed = frozenset().union(*inputs) if inputs else frozenset()
    return [mixed] * width


def _keeps_columns(func: Any) -> bool:
    """The identity ("passthrough" once fitted), or scikit-learn's own `check_array` (histogram boosting's numbers)."""
    if func is None:
        return True
    inner = func.func if isinstance(func, functools.partial) else func
    return getattr(inner, "__name__", "") == "check_array" and getattr(inner, "__module__", "").startswith("sklearn.")


def _blocks(step: Any, n_inputs: int) -> list[int] | None:
    """How many output columns each input column becomes, in order, for a column-wise transformer; else None."""
    name = type(step).__name__
    if name in _ONE_TO_ONE and not getattr(step, "add_indicator", False):
        return [1] * n_inputs
    if name == "OneHotEncoder":
        sizes = getattr(step, "_n_features_outs", None)  # after infrequent categories are grouped and one dropped
        if sizes is None:
            return None
        return [int(size) for size in sizes]
    if name == "KBinsDiscretizer":
        if step.encode == "ordinal":
            return [1] * n_inputs
        return [int(bins) for bins in step.n_bins_]
    return None


def _column_transformer(step: Any, inputs: list[Sources]) -> list[Sources] | None:
    positions = getattr(step, "_transformer_to_input_indices", None)
    slices = getattr(step, "output_indices_", None)
    if positions is None or slices is None:
        return None
    width = max((s.stop for s in slices.values()), default=0)
    out: list[Sources | None] = [None] * width
    for name, transformer, _ in step.transformers_:
        part = slices[name]
        if part.stop == part.start:
            continue
        traced = _sources(transformer, [inputs[int(i)] for i in positions[name]])
        if traced is None or len(traced) != part.stop - part.start:
            return None
        out[part] = traced
    if any(sources is None for sources in out):
        return None
    return [sources for sources in out if sources is not None]
