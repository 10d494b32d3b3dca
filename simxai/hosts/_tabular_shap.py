"""SHAP attributions for a tabular model, per class, with the fastest exact explainer that fits it.

The model's family (see `_tabular_families`) decides: tree ensembles get exact path-dependent TreeSHAP
(`_tabular_trees`: XGBoost's, LightGBM's and CatBoost's own, the numpy one for scikit-learn models); linear
classifiers get linear SHAP values in closed form, `coef * (x - mean of the background)`, which is what
shap's `LinearExplainer` computes; a pipeline is explained in its transformed space and folded back to the
user's features. Every other model gets a model-agnostic explainer on `predict_proba`, with one batched
model call per row and a budget on the coalitions it evaluates: shap's KernelExplainer with the `shap`
extra, else `_shapley.Shapley` (the same exact values up to 10 features, antithetic permutations beyond).
All are additive: base value + sum of contributions = the model's own output for the class, which
`Attributor.explain` checks on every call. In "auto" mode an exact explainer that fails this check on
sample rows at build time (e.g. a tree split it cannot read) gives way to the fallback, and the method
says so.
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from simxai.exceptions import HostError, UsageError
from simxai.hosts import _imports
from simxai.hosts._imports import import_shap
from simxai.hosts._shapley import Shapley
from simxai.hosts._tabular_data import Table
from simxai.hosts._tabular_families import (
    EXPLAINERS,
    Family,
    OutputSpace,
    Preprocessing,
    dense,
    family,
    output_space,
    preprocessing_of,
    raw_output,
    rows_of,
    split_model,
    tree_kind,
)
from simxai.hosts._tabular_trees import tree_explainer
from simxai.work import charge

#: Coalitions the model-agnostic explainer evaluates per row at most: with up to 10 features it enumerates
#: every coalition (exact Shapley values), beyond that it samples this many.
KERNEL_EVALUATIONS = 1024
#: Rows the build-time additivity check of an exact explainer uses.
_PROBE_ROWS = 16

# DiCE and shap's KernelExplainer (when it samples coalitions) draw from the global generators; this lock
# makes a seeded call reproducible even when server threads call in parallel.
_GLOBAL_RNG_LOCK = threading.Lock()


@contextlib.contextmanager
def seeded_global_rng(seed: int) -> Iterator[None]:
    """Seed the global random generators for a library call, and restore their state afterwards."""
    with _GLOBAL_RNG_LOCK:
        np_state = np.random.get_state()
        py_state = random.getstate()
        np.random.seed(seed)
        random.seed(seed)
        try:
            yield
        finally:
            np.random.set_state(np_state)
            random.setstate(py_state)


def distinct_rows(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The first position of each distinct row of `matrix` and, per row, the index of its distinct row in them.

    `matrix[first][inverse]` is `matrix` again. Values are told apart by equality (NaN is one value); one hash
    pass per column, where sorting the rows (`np.unique(axis=0)`) cost about a third of the model's own time.
    """
    n = len(matrix)
    key = np.zeros(n, dtype=np.int64)
    bound = 1  # the combined key is below this (a Python int: no overflow)
    for column in matrix.T:
        codes, values = pd.factorize(column, use_na_sentinel=False)
        if bound * len(values) >= 2**62:  # renumber first: the key then stays below n**2
            key = pd.factorize(key)[0].astype(np.int64)
            bound = int(key.max()) + 1
        key = key * len(values) + codes
        bound *= len(values)
    inverse = pd.factorize(key)[0].astype(np.int64)  # numbered in order of first appearance
    first = np.empty(int(inverse.max()) + 1 if n else 0, dtype=np.int64)
    first[inverse[::-1]] = np.arange(n - 1, -1, -1)  # the last write to each slot is the smallest position
    return first, inverse


def is_tree_model(model: Any) -> bool:
    """Whether `model` is a bare scikit-learn tree or tree ensemble with `tree_`/`estimators_` to read."""
    return tree_kind(model) in ("sklearn-probability", "sklearn-boosting") and (
        hasattr(model, "tree_") or hasattr(model, "estimators_")
    )


def split_thresholds(model: Any, n_features: int) -> list[np.ndarray] | None:
    """Per feature, the sorted split thresholds of a tree model (None for other models).

    A tree model's prediction, as one feature moves with the others fixed, only changes at these values.
    """
    if not is_tree_model(model):
        return None
    trees: list[Any]
    if hasattr(model, "tree_"):
        trees = [model]
    else:
        trees = list(np.asarray(model.estimators_, dtype=object).ravel())
    found: list[list[np.ndarray]] = [[] for _ in range(n_features)]
    for tree in trees:
        structure = tree.tree_
        for j in range(n_features):
            found[j].append(structure.threshold[structure.feature == j])
    return [np.unique(np.concatenate(parts)) if parts else np.array([]) for parts in found]


#: The model's own outputs for rows the host has run it on: (outputs in the explained space, or None when
#: only the probabilities are known, probabilities).
Known = tuple[np.ndarray | None, np.ndarray]


@dataclass(frozen=True)
class Attributions:
    """Attributions of a batch of rows for every class.

    Attributes:
        values: shape (rows, features, classes).
        base: shape (classes,), the expected output.
        outputs: shape (rows, classes), the model's own output in the explained space.
        probabilities: shape (rows, classes), the model's `predict_proba` for the rows.
    """

    values: np.ndarray
    base: np.ndarray
    outputs: np.ndarray
    probabilities: np.ndarray


class Attributor:
    """Builds one SHAP explainer for a model and attributes batches of rows with it.

    Args:
        model: the host's model (an estimator or a Pipeline).
        table: the host's table.
        n_classes: the model's number of classes.
        background: rows the linear and the model-agnostic explainers take expectations over.
        seed: seeds the model-agnostic explainer's sampling.
        choice: "auto" (the fastest exact explainer that fits, else the fallback), "tree", "linear" or
            "kernel" (the model-agnostic fallback).
        background_outputs: the model's own outputs for the background rows and the space they are in, when
            the host knows them; the build-time check of an exact explainer in that space then reuses them
            instead of running the model.

    Raises:
        UsageError: `choice` names an explainer that does not fit the model.
    """

    def __init__(
        self,
        model: Any,
        table: Table,
        n_classes: int,
        background: pd.DataFrame,
        seed: int,
        choice: str = "auto",
        background_outputs: tuple[OutputSpace, np.ndarray] | None = None,
    ) -> None:
        self.model = model
        self.table = table
        self.n_classes = n_classes
        self.seed = seed
        self._background = background
        self._background_outputs = background_outputs
        self._preprocessing: Preprocessing | None = None
        self._shapley: Shapley | None = None
        transform, self._estimator = split_model(model)
        self.family: Family = "agnostic"
        self.space: OutputSpace = "probability"
        #: Whether `explain` takes `Table.matrix`'s float rows (with known outputs) instead of a DataFrame.
        self.reads_matrix = False
        # XGBoost adds its trees up in float32; every other explainer here works in float64.
        self._tolerance = 1e-4 if tree_kind(self._estimator) == "xgboost" else 1e-6
        fallback_reason = ""
        wanted = fits(model, choice)
        if wanted != "agnostic":
            transformed = background
            if transform is not None:
                self._preprocessing, transformed = preprocessing_of(model, table, background)
                if self._preprocessing is None:
                    fallback_reason = "its preprocessing mixes features, so attributions cannot be folded back"
            if not fallback_reason:
                fallback_reason = self._build_exact(wanted, transformed)
            if fallback_reason and choice != "auto":
                raise UsageError(f"explainer {choice!r} cannot explain this model exactly: {fallback_reason}")
        if self.family == "agnostic":
            self._build_kernel(fallback_reason)
        else:
            # CatBoost's explainer builds a Pool that must know the categorical columns by name.
            self.reads_matrix = transform is None and table.numeric and tree_kind(self._estimator) != "catboost"

    # ------------------------------------------------------------------------------------- building

    def _build_exact(self, wanted: Family, background: Any) -> str:
        """Build the tree or linear explainer and check it adds up on sample rows; the reason it failed, or "".

        `background` is the background in the estimator's input space (transformed for a pipeline).
        """
        self.family = wanted
        self.space = output_space(self._estimator, self.n_classes)
        name = type(self._estimator).__name__
        folded = " in its transformed space, folded back to the features" if self._preprocessing else ""
        try:
            if wanted == "tree":
                self._trees, method = tree_explainer(self._estimator)
                self.method = f"{method}{folded}"
            else:
                self._mean = dense(background).mean(axis=0)
                self._coef = np.atleast_2d(np.asarray(self._estimator.coef_, dtype=float))
                self._intercept = np.atleast_1d(np.asarray(self._estimator.intercept_, dtype=float))
                self._base = self._intercept + self._coef @ self._mean
                self.method = f"linear SHAP (exact, as shap's LinearExplainer) on the {name}{folded}"
            probe = rows_of(background, 0, _PROBE_ROWS)
            # The probe checks additivity against the model's own output (run now unless the host knows it);
            # its probabilities are not used.
            known = self._background_outputs
            if known is not None and known[0] == self.space:
                outputs = known[1][:_PROBE_ROWS]
            else:
                outputs = raw_output(self._estimator, probe, self.n_classes)
            self._explain_transformed(probe, (outputs, outputs))
        except (HostError, ValueError, TypeError, NotImplementedError, AssertionError) as exc:
            self.family = "agnostic"
            self.space = "probability"
            return f"the {wanted} explainer failed on sample rows ({str(exc).splitlines()[0][:120]})"
        return ""

    def _build_kernel(self, reason: str) -> None:
        data = self.table.encode(self._background)  # the fallback needs numbers: categories as positions
        d = len(self.table.features)
        if _imports.shap_installed():
            # KernelExplainer evaluates all its coalitions in one model call per row (the permutation
            # explainer makes one per permutation, and sklearn's per-call overhead then dominates).
            self._explainer = import_shap().KernelExplainer(self._predict_encoded, data)
            self._nsamples = min(2**d - 2, KERNEL_EVALUATIONS) if d < 31 else KERNEL_EVALUATIONS
            exact = "exact, every coalition" if 2**d - 2 <= KERNEL_EVALUATIONS else f"{self._nsamples} coalitions"
            self.method = f"SHAP KernelExplainer (model-agnostic, {exact}, {len(data)} background rows)"
        else:
            self._shapley = Shapley(self._predict_encoded, data, KERNEL_EVALUATIONS, self.seed)
            exact = (
                "exact, every coalition"
                if self._shapley.exact
                else f"{self._shapley.permutations} antithetic permutations"
            )
            self.method = f"Shapley values (model-agnostic, {exact}, {len(data)} background rows)"
        if reason:
            self.method += f"; no exact explainer: {reason}"

    @property
    def tree(self) -> bool:
        """Whether the explainer is exact and cheap per row (tree or linear)."""
        return self.family != "agnostic"

    def _transformed(self, frame: pd.DataFrame) -> Any:
        return frame if self._preprocessing is None else self._preprocessing.apply(frame)

    def _predict_encoded(self, matrix: np.ndarray) -> np.ndarray:
        """The model's probabilities for encoded rows, each distinct row run once.

        A coalition keeps the explained row's values in some features and takes the background's in the others,
        so a batch repeats rows wherever background rows agree on the features taken from them (a category, a
        count): on the people/ hosts only 20-55 % of a batch's rows are distinct, and the model, not the
        lookup, is the cost.
        """
        matrix = np.atleast_2d(matrix)
        charge(len(matrix))  # the function call's budget (simxai.work): the explainer stops when it is spent
        first, inverse = distinct_rows(matrix)
        return np.asarray(self.model.predict_proba(self.table.decode(matrix[first])))[inverse]

    # ------------------------------------------------------------------------------------ explaining

    def model_output(self, frame: pd.DataFrame) -> np.ndarray:
        """The model's own output for every class, shape (rows, classes), in the explained space."""
        if self.family == "agnostic":
            return np.asarray(self.model.predict_proba(frame), dtype=float)
        return raw_output(self._estimator, self._transformed(frame), self.n_classes)

    def explain(self, rows: pd.DataFrame | np.ndarray, known: Known | None = None) -> Attributions:
        """Attribute every row, for every class.

        Args:
            rows: the rows: a DataFrame of model input, or (when `reads_matrix` and the outputs are known)
                the float matrix `Table.matrix` reads, which spares building a DataFrame of them.
            known: the model's own (outputs in the explained space or None, probabilities) for these rows,
                when the host has them from running the model on its whole table; the model is then not
                run again for what is known.

        Raises:
            UsageError: a matrix of rows where the explainer needs a DataFrame, or without known outputs.
            HostError: the attributions do not add up to the model's output (a broken explainer).
        """
        if isinstance(rows, np.ndarray) and not (self.reads_matrix and known is not None and known[0] is not None):
            raise UsageError("this explainer takes a DataFrame of rows (a matrix only with the model's known outputs)")
        if self.family != "agnostic":
            matrix = rows if isinstance(rows, np.ndarray) else self._transformed(rows)
            return self._explain_transformed(matrix, known)
        assert isinstance(rows, pd.DataFrame)
        if self._shapley is not None:
            values, outputs = self._shapley.explain(self.table.encode(rows))
            return self._checked(Attributions(values, self._shapley.base, outputs, outputs))
        with seeded_global_rng(self.seed):
            raw = self._explainer.shap_values(
                self.table.encode(rows), nsamples=self._nsamples, l1_reg=False, silent=True
            )
        values = np.stack(raw, axis=-1) if isinstance(raw, list) else np.asarray(raw, dtype=float)
        base = np.atleast_1d(np.asarray(self._explainer.expected_value, dtype=float))
        outputs = self.model_output(rows) if known is None else known[1]
        return self._checked(Attributions(values, base, outputs, outputs))

    def _explain_transformed(self, matrix: Any, known: Known | None) -> Attributions:
        """The exact explainer's attributions of rows in the estimator's input space."""
        outputs, probabilities = known if known is not None else (None, None)
        if probabilities is None:
            probabilities = (
                raw_output(self._estimator, matrix, self.n_classes)
                if self.space == "probability"
                else np.asarray(self._estimator.predict_proba(matrix), dtype=float)
            )
        if outputs is None:
            outputs = (
                probabilities if self.space == "probability" else raw_output(self._estimator, matrix, self.n_classes)
            )
        values, base = self._tree_values(matrix) if self.family == "tree" else self._linear_values(matrix)
        if self._preprocessing is not None:
            values = self._preprocessing.fold(values, len(self.table.features))
        return self._checked(Attributions(values, base, outputs, probabilities))

    def _checked(self, found: Attributions) -> Attributions:
        """`found`, once its shape and its additivity (base + contributions = output) are checked."""
        values, outputs = found.values, found.outputs
        if values.shape != (len(outputs), len(self.table.features), self.n_classes):
            raise HostError(f"the explainer gave attributions of shape {values.shape}")
        gap = np.abs(found.base + values.sum(axis=1) - outputs).max()
        tolerance = self._tolerance if self.family == "tree" else 1e-6
        if not gap <= tolerance * max(1.0, float(np.abs(outputs).max())):
            raise HostError(f"SHAP attributions do not add up to the model output (off by {gap:.3g})")
        return found

    def _linear_values(self, matrix: Any) -> tuple[np.ndarray, np.ndarray]:
        centred = dense(matrix) - self._mean
        values = centred[:, :, None] * self._coef.T[None, :, :]
        if self._coef.shape[0] == 1:
            # A binary model's one score is the second class's log-odds; the first class's is its negation.
            return np.concatenate([-values, values], axis=-1), np.array([-self._base[0], self._base[0]])
        return values, self._base

    def _tree_values(self, matrix: Any) -> tuple[np.ndarray, np.ndarray]:
        values, base = self._trees.values(matrix)
        if values.shape[2] == 1:
            if self.n_classes != 2:
                raise HostError(f"the tree explainer gave one output for a {self.n_classes}-class model")
            # One output for a binary model explains the second class; the first class mirrors it.
            positive = base[-1]
            other = -positive if self.space == "log-odds" else 1.0 - positive
            return np.concatenate([-values, values], axis=-1), np.array([other, positive])
        return values, base


def fits(model: Any, choice: str) -> Family:
    """The family `choice` asks for on `model` ("auto": the fastest exact one that fits).

    Raises:
        UsageError: an unknown choice, or "tree"/"linear" for a model of another family.
    """
    if choice not in EXPLAINERS:
        raise UsageError(f"unknown explainer {choice!r}; explainers are {', '.join(EXPLAINERS)}")
    found = family(model)
    if choice == "auto":
        return found
    if choice == "kernel":
        return "agnostic"
    if choice != found:
        _, estimator = split_model(model)
        kinds = (
            "a scikit-learn, XGBoost, LightGBM or CatBoost tree model"
            if choice == "tree"
            else ("a scikit-learn linear classifier (LogisticRegression, SGDClassifier)")
        )
        raise UsageError(
            f"explainer {choice!r} needs {kinds}, possibly at the end of a Pipeline; "
            f"the model is a {type(estimator).__name__}; use 'auto' or 'kernel'"
        )
    return found
