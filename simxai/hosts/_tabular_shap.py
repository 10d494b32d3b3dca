"""SHAP attributions for a tabular model, per class, in the space the explainer works in.

Tree ensembles get `shap.TreeExplainer` (exact, fast): gradient boosting explains its raw score (log-odds
for a binary model), forests and trees their probability. Any other classifier gets the model-agnostic
KernelExplainer on `predict_proba` against a seeded background sample. Both are additive:
base value + sum of contributions = the model's own output for the class, which `Attributor.explain`
checks on every call.
"""

from __future__ import annotations

import contextlib
import random
import threading
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import pandas as pd

from simxai.exceptions import HostError
from simxai.hosts._tabular_data import Table
from simxai.work import charge

OutputSpace = Literal["probability", "log-odds", "score"]

# Tree models TreeExplainer explains exactly; matched by class name so sklearn subclasses stay out.
_PROBABILITY_TREES = ("DecisionTreeClassifier", "RandomForestClassifier", "ExtraTreesClassifier")
_BOOSTED_TREES = ("GradientBoostingClassifier",)

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


def import_shap() -> Any:
    """Import shap lazily (the tabular and the text host both use this).

    shap builds its colour maps at import with matplotlib calls that matplotlib marks as pending deprecation;
    that is shap's to fix, and the test suite turns warnings into errors. Only that warning is ignored: its
    category, its message and the shap module that triggers it must all match.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore",
            message=r"The set_\w+ function will be deprecated",
            category=PendingDeprecationWarning,
            module=r"shap\.plots",
        )
        import shap
    return shap


def is_tree_model(model: Any) -> bool:
    """Whether TreeExplainer explains `model` exactly (a plain sklearn tree or tree ensemble)."""
    return type(model).__name__ in _PROBABILITY_TREES + _BOOSTED_TREES


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


@dataclass(frozen=True)
class Attributions:
    """Attributions of a batch of rows for every class.

    Attributes:
        values: shape (rows, features, classes).
        base: shape (classes,), the expected output.
        outputs: shape (rows, classes), the model's own output in the explained space.
    """

    values: np.ndarray
    base: np.ndarray
    outputs: np.ndarray


class Attributor:
    """Builds one SHAP explainer for a model and attributes batches of rows with it."""

    def __init__(self, model: Any, table: Table, n_classes: int, background: pd.DataFrame, seed: int) -> None:
        self.model = model
        self.table = table
        self.n_classes = n_classes
        self.seed = seed
        shap = import_shap()
        kind = type(model).__name__
        self.tree = is_tree_model(model)
        if self.tree:
            self.space: OutputSpace = (
                ("log-odds" if n_classes == 2 else "score") if kind in _BOOSTED_TREES else "probability"
            )
            self._explainer = shap.TreeExplainer(model)
            self.method = "SHAP TreeExplainer"
        else:
            self.space = "probability"
            data = self._encode(background)
            # KernelExplainer evaluates all its coalitions in one model call per row (the permutation
            # explainer makes one per permutation, and sklearn's per-call overhead then dominates). With up
            # to 11 features it enumerates every coalition, which gives exact Shapley values.
            self._explainer = shap.KernelExplainer(self._predict_encoded, data)
            self.method = f"SHAP KernelExplainer ({len(data)} background rows)"

    # KernelExplainer needs a numeric matrix: categorical features travel as category indices.
    def _encode(self, frame: pd.DataFrame) -> np.ndarray:
        columns = []
        for f in self.table.features:
            if f.kind == "categorical":
                index = {name: i for i, name in enumerate(f.categories)}
                columns.append([index[str(v)] for v in self.table.value_column(f, frame)])
            else:
                columns.append(frame[f.name].to_numpy(dtype=float))
        return np.column_stack(columns).astype(float)

    def _decode(self, matrix: np.ndarray) -> pd.DataFrame:
        columns: dict[str, Any] = {}
        for j, f in enumerate(self.table.features):
            if f.kind == "categorical":
                columns[f.name] = np.asarray(f.categories, dtype=object)[np.rint(matrix[:, j]).astype(int)]
            else:
                columns[f.name] = matrix[:, j]
        return self.table.frame_of_columns(columns)

    def _predict_encoded(self, matrix: np.ndarray) -> np.ndarray:
        matrix = np.atleast_2d(matrix)
        charge(len(matrix))  # the function call's budget (simxai.work): the explainer stops when it is spent
        return np.asarray(self.model.predict_proba(self._decode(matrix)))

    def model_output(self, frame: pd.DataFrame) -> np.ndarray:
        """The model's own output for every class, shape (rows, classes), in the explained space."""
        if self.space == "probability":
            return np.asarray(self.model.predict_proba(frame), dtype=float)
        scores = np.asarray(self.model.decision_function(frame), dtype=float)
        if scores.ndim == 1:
            # A binary model scores the second class; the first class's log-odds is its negation.
            return np.column_stack([-scores, scores])
        return scores

    def explain(self, frame: pd.DataFrame) -> Attributions:
        """Attribute every row of `frame`, for every class.

        Raises:
            HostError: the attributions do not add up to the model's output (a broken explainer).
        """
        if self.tree:
            values, base = self._tree_values(frame)
        else:
            with seeded_global_rng(self.seed):
                raw = self._explainer.shap_values(
                    self._encode(frame), nsamples="auto", l1_reg=False, silent=True
                )
            values = np.stack(raw, axis=-1) if isinstance(raw, list) else np.asarray(raw, dtype=float)
            base = np.atleast_1d(np.asarray(self._explainer.expected_value, dtype=float))
        outputs = self.model_output(frame)
        gap = np.abs(base + values.sum(axis=1) - outputs).max()
        if not gap <= 1e-6 * max(1.0, float(np.abs(outputs).max())):
            raise HostError(f"SHAP attributions do not add up to the model output (off by {gap:.3g})")
        return Attributions(values, base, outputs)

    def _tree_values(self, frame: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
        raw = self._explainer.shap_values(frame)
        values = np.stack(raw, axis=-1) if isinstance(raw, list) else np.asarray(raw, dtype=float)
        base = np.atleast_1d(np.asarray(self._explainer.expected_value, dtype=float))
        if values.ndim == 2:
            if self.n_classes != 2:
                raise HostError(f"TreeExplainer gave one output for a {self.n_classes}-class model")
            # One output for a binary model explains the second class; the first class mirrors it.
            positive = base[-1]
            other = -positive if self.space == "log-odds" else 1.0 - positive
            return np.stack([-values, values], axis=-1), np.array([other, positive])
        return values, base
