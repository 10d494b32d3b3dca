"""Counterfactual search with DiCE, and the checks that make its answers trustworthy.

DiCE proposes candidates; `verify` rounds each to the precision the data records, predicts it again with
the real model, and keeps only those that reach the target label. DiCE sees host-form values (numbers and
category names) through a small adapter, so numeric category codes and string categories work alike.
"""

from __future__ import annotations

import contextlib
import io
import math
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from simxai.hosts._imports import import_once
from simxai.hosts._tabular_data import Table, Value
from simxai.hosts._tabular_shap import seeded_global_rng
from simxai.results import Change, Counterfactual
from simxai.work import charge

# Candidates asked of DiCE per requested counterfactual: some fail the re-check or collapse into
# duplicates once rounded.
_OVERSAMPLE = 3
_RANDOM_SAMPLES = 1000
_GENETIC_ITERATIONS = 100


class _ModelAdapter:
    """The model as DiCE sees it: frames of host-form values in, class probabilities out."""

    def __init__(self, model: Any, table: Table) -> None:
        self.model = model
        self.table = table

    def _frame(self, frame: pd.DataFrame) -> pd.DataFrame:
        return self.table.frame_of_columns({name: frame[name].tolist() for name in self.table.names})

    def predict_proba(self, frame: pd.DataFrame) -> np.ndarray:
        charge(len(frame))  # the function call's budget (simxai.work): DiCE's search stops when it is spent
        return np.asarray(self.model.predict_proba(self._frame(frame)))

    def predict(self, frame: pd.DataFrame) -> np.ndarray:
        return np.asarray(self.predict_proba(frame)).argmax(axis=1)


class CounterfactualSearch:
    """DiCE explainers for one model, built once; `propose` is serialised because DiCE is not thread-safe."""

    def __init__(
        self,
        model: Any,
        table: Table,
        class_index: np.ndarray,
        outcome_name: str,
        mutable: Sequence[str],
        seed: int,
    ) -> None:
        dice_ml = import_once("dice_ml")

        self.table = table
        self.mutable = list(mutable)
        self.seed = seed
        frame = pd.DataFrame({f.name: table.value_column(f, table.X) for f in table.features})
        frame[outcome_name] = class_index
        self._data = dice_ml.Data(
            dataframe=frame,
            continuous_features=[f.name for f in table.features if f.kind == "numeric"],
            outcome_name=outcome_name,
        )
        self._model = dice_ml.Model(model=_ModelAdapter(model, table), backend="sklearn", model_type="classifier")
        self._dice = dice_ml
        self._explainers: dict[str, Any] = {}
        self._lock = threading.Lock()
        self.permitted_range: dict[str, list[Any]] = {
            f.name: [f.min, f.max] if f.kind == "numeric" else list(f.categories)
            for f in table.features
            if f.name in self.mutable
        }

    def _explainer(self, method: str) -> Any:
        if method not in self._explainers:
            self._explainers[method] = self._dice.Dice(self._data, self._model, method=method)
        return self._explainers[method]

    def propose(self, values: Mapping[str, Value], target: int, count: int, method: str) -> list[dict[str, Value]]:
        """Unverified candidates from DiCE's `method` ("random" or "genetic") for reaching class `target`."""
        query = pd.DataFrame({name: [values[name]] for name in self.table.names})
        extra: dict[str, Any] = (
            {"sample_size": _RANDOM_SAMPLES, "random_seed": self.seed}
            if method == "random"
            else {"maxiterations": _GENETIC_ITERATIONS}
        )
        # DiCE prints a status line when it finds nothing, and pandas warns about its inplace calls;
        # neither is actionable here. Both silencers are process-wide for the duration of the call (the
        # lock keeps DiCE calls apart; a print from another thread in that window is lost). The public
        # `generate_counterfactuals` also draws an unconditional progress bar, so the per-instance
        # method it wraps is called directly.
        with self._lock, seeded_global_rng(self.seed), contextlib.redirect_stdout(io.StringIO()):
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", module=r"dice_ml\.")
                explainer = self._explainer(method)
                explainer.data_interface.set_continuous_feature_indexes(query)
                result = explainer._generate_counterfactuals(
                    query,
                    count * _OVERSAMPLE,
                    desired_class=target,
                    features_to_vary=self.mutable,
                    permitted_range=self.permitted_range,
                    verbose=False,
                    **extra,
                )
        candidates: list[dict[str, Value]] = []
        for frame in (result.final_cfs_df_sparse, result.final_cfs_df):
            if frame is None or len(frame) == 0:
                continue
            for record in frame[self.table.names].to_dict("records"):
                candidates.append(
                    {
                        f.name: str(record[f.name]) if f.kind == "categorical" else float(record[f.name])
                        for f in self.table.features
                    }
                )
        return candidates


def verify(
    predict: Callable[[pd.DataFrame], tuple[np.ndarray, np.ndarray]],
    table: Table,
    class_names: Sequence[str],
    original: Mapping[str, Value],
    candidates: Sequence[Mapping[str, Value]],
    target: int,
) -> list[Counterfactual]:
    """Round the candidates, re-predict them with the model, and keep distinct ones that reach `target`.

    `predict` is the host's: class positions from `model.predict` and probabilities from `predict_proba`.

    Returned sorted by how few features change, then by how little (in units of each feature's range).
    """
    if not candidates:
        return []
    columns: dict[str, np.ndarray] = {}
    for f in table.features:
        raw = [candidate[f.name] for candidate in candidates]
        if f.kind == "numeric":
            assert f.min is not None and f.max is not None
            new = np.round(np.clip(np.asarray(raw, dtype=float), f.min, f.max), f.decimals)
            old = float(original[f.name])
            # Unchanged features keep their exact value, which may be finer than the data's precision.
            columns[f.name] = np.where(new == np.round(old, f.decimals), old, new)
        else:
            # a missing category (one the model reads itself) stays NaN, never the text "nan"
            columns[f.name] = np.asarray([v if isinstance(v, float) else str(v) for v in raw], dtype=object)
    # Distinct rounded rows, in the order first proposed.
    first: dict[tuple[Value, ...], int] = {}
    for position, key in enumerate(zip(*(columns[f.name].tolist() for f in table.features), strict=True)):
        first.setdefault(key, position)
    kept = np.fromiter(first.values(), dtype=int, count=len(first))
    columns = {name: column[kept] for name, column in columns.items()}
    predicted, probabilities = predict(table.frame_of_columns(columns))
    found: list[tuple[tuple[int, float], Counterfactual]] = []
    for i in np.flatnonzero(np.asarray(predicted) == target):
        changes = []
        for f in table.features:
            value = columns[f.name][i]
            new_value: Value = str(value) if f.kind == "categorical" and isinstance(value, str) else float(value)
            if not _same(new_value, original[f.name]):
                changes.append(Change(feature=f.name, old=original[f.name], new=new_value))
        if not changes:
            continue
        distance = sum(_distance(table, c) for c in changes)
        found.append(
            (
                (len(changes), distance),
                Counterfactual(changes=changes, label=class_names[target], probability=float(probabilities[i, target])),
            )
        )
    found.sort(key=lambda item: item[0])
    return [cf for _, cf in found]


def _distance(table: Table, change: Change) -> float:
    feature = table.by_name[change.feature]
    if feature.kind == "categorical":
        return 1.0  # another category, or a missing one given a category
    assert feature.min is not None and feature.max is not None
    span = feature.max - feature.min or 1.0
    old, new = float(change.old), float(change.new)  # type: ignore[arg-type]
    if math.isnan(old) or math.isnan(new):
        return 1.0  # a value the model read as missing, given one (or made missing): as far as any change
    return abs(new - old) / span


def _same(new: Value, old: Value) -> bool:
    """Whether a proposed value is the row's own: equal, or both missing (NaN, which the model reads itself)."""
    if isinstance(new, float) and isinstance(old, float) and math.isnan(new) and math.isnan(old):
        return True
    return new == old
