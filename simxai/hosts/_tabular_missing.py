"""Missing values in a tabular host's data: filled with the values the model's own imputer puts there.

A host needs a value in every cell (the data card's statistics, conditions on groups and the counterfactual
search read them), but many models are a scikit-learn `Pipeline` whose imputer fills the gaps itself. For such a
model the host fills each missing cell the way that imputer does: a `SimpleImputer`'s fitted value
(`statistics_`), or, for a `KNNImputer` or an `IterativeImputer`, the value its `transform` computes for that row
(the mean of the row's nearest fitted rows, or a prediction from the row's other features). It then checks on
every row that held a gap that the model's probabilities are the same for the filled row as for the row with the
gap: the host explains exactly what the model computes. A custom instance with a null value (`Imputation.fill`)
is filled and checked the same way. A gap no readable imputer fills, or a fill that would change a prediction (an
imputer with `add_indicator`, a model that reads NaN itself), is refused in one line naming the feature and what
to do.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from simxai.exceptions import UsageError
from simxai.hosts._tabular_data import holds_text
from simxai.results import format_number, listed

_log = logging.getLogger("simxai.hosts")

#: The scikit-learn imputers whose fill the host reproduces (each fills a row from that row and its fit alone).
IMPUTERS = ("SimpleImputer", "KNNImputer", "IterativeImputer")


@dataclass(frozen=True)
class Imputer:
    """One fitted imputer at the head of the model, and the feature columns it reads, in its order."""

    step: Any
    columns: tuple[str, ...]

    @property
    def kind(self) -> str:
        return type(self.step).__name__

    def constant(self, feature: str) -> Any | None:
        """The one value a `SimpleImputer` puts in every gap of `feature`; None for an imputer that fills per row."""
        if self.kind != "SimpleImputer" or feature not in self.columns:
            return None
        value = self.step.statistics_[self.columns.index(feature)]
        return None if isinstance(value, float) and np.isnan(value) else value

    def fills(self) -> tuple[str, ...]:
        """The features whose gaps this imputer fills (a column that was empty when it was fitted is dropped)."""
        if self.kind == "SimpleImputer":
            return tuple(c for c in self.columns if self.constant(c) is not None)
        return tuple(n for n in self._names_out() if n in self.columns)

    def how(self) -> str:
        """How the imputer fills a gap, for the data card and the log ("SimpleImputer, median")."""
        if self.kind == "SimpleImputer":
            return f"SimpleImputer, {self.step.strategy}"
        if self.kind == "KNNImputer":
            weights = "weighted by distance" if self.step.weights == "distance" else "the mean"
            return f"KNNImputer, {weights} of the {self.step.n_neighbors} nearest rows it was fitted on"
        given = self.step.estimator
        estimator = "BayesianRidge" if given is None else type(given).__name__  # scikit-learn's default
        return f"IterativeImputer, predicted from the row's other features by its {estimator}"

    def _names_out(self) -> list[str]:
        return [str(n) for n in self.step.get_feature_names_out(list(self.columns))]

    def fill(self, frame: pd.DataFrame) -> dict[str, pd.Series]:
        """{feature: its column with every gap this imputer fills filled} for the features of `frame` with gaps."""
        part = frame[list(self.columns)]
        if not part.isna().any().any():
            return {}
        given = part if hasattr(self.step, "feature_names_in_") else part.to_numpy()
        out = np.asarray(self.step.transform(given), dtype=object)
        columns: dict[str, pd.Series] = {}
        for j, name in enumerate(self._names_out()):
            if name not in self.columns or not part[name].isna().any():
                continue
            values = pd.Series(out[:, j], index=part.index)
            if pd.api.types.is_bool_dtype(part[name]):
                values = values.astype(part[name].dtype)  # a pandas "boolean" column with <NA>: True/False back
            elif pd.api.types.is_numeric_dtype(part[name]):
                values = values.astype(float)
            columns[name] = part[name].where(part[name].notna(), values)
        return columns


def _column_names(columns: Any, names: Sequence[str]) -> list[str] | None:
    """The feature names a ColumnTransformer's column selection stands for, or None when it cannot be read."""
    if isinstance(columns, str):
        return [columns]
    if isinstance(columns, slice):
        return list(names[columns])
    try:
        selected = list(columns)
    except TypeError:
        return None
    if all(isinstance(c, str) for c in selected):
        return [str(c) for c in selected]
    if all(isinstance(c, int | np.integer) and not isinstance(c, bool) for c in selected):
        return [names[int(c)] for c in selected]
    if all(isinstance(c, bool | np.bool_) for c in selected) and len(selected) == len(names):
        return [n for n, keep in zip(names, selected, strict=True) if keep]
    return None


def find_imputers(step: Any, names: Sequence[str]) -> list[Imputer]:
    """The fitted imputers (`IMPUTERS`) at the head of `step`: the step itself, the first step of a `Pipeline`,
    or the transformers of a `ColumnTransformer`, each with the feature columns it reads.
    """
    kind = type(step).__name__
    if kind in IMPUTERS and hasattr(step, "n_features_in_"):
        seen = [str(n) for n in getattr(step, "feature_names_in_", names)]
        return [Imputer(step, tuple(seen))] if len(seen) == step.n_features_in_ else []
    if kind == "Pipeline" and getattr(step, "steps", None):
        return find_imputers(step.steps[0][1], names)
    if kind == "ColumnTransformer" and hasattr(step, "transformers_"):
        found: list[Imputer] = []
        for _, transformer, columns in step.transformers_:
            selected = _column_names(columns, names)
            if selected and not isinstance(transformer, str):
                found.extend(find_imputers(transformer, selected))
        return found
    return []


def imputed_values(step: Any, names: Sequence[str]) -> dict[str, tuple[Any, str]]:
    """{feature: (value, strategy)} for the features whose gaps a `SimpleImputer` at the head of `step` fills."""
    return {
        f: (imputer.constant(f), str(imputer.step.strategy))
        for imputer in find_imputers(step, names)
        if imputer.kind == "SimpleImputer"
        for f in imputer.fills()
    }


def _same_probabilities(model: Any, before: pd.DataFrame, after: pd.DataFrame) -> bool:
    try:
        gaps = np.asarray(model.predict_proba(before), dtype=float)
    except Exception:  # the model refuses NaN: it never filled them itself, and the fill cannot be checked
        return False
    return bool(np.allclose(gaps, np.asarray(model.predict_proba(after), dtype=float), rtol=0, atol=1e-9))


@dataclass(frozen=True)
class Imputation:
    """The model's imputers, keyed by the features they fill: fills the gaps of data or of a custom instance."""

    model: Any
    imputers: Mapping[str, Imputer] = field(default_factory=dict)

    @classmethod
    def of(cls, model: Any, names: Sequence[str]) -> Imputation:
        by_feature: dict[str, Imputer] = {}
        for imputer in find_imputers(model, names):
            for feature in imputer.fills():
                by_feature.setdefault(feature, imputer)
        return cls(model, by_feature)

    @property
    def features(self) -> tuple[str, ...]:
        """The features whose missing values the model fills."""
        return tuple(self.imputers)

    def fill(self, frame: pd.DataFrame) -> pd.DataFrame:
        """`frame` with each gap filled as the model's imputer fills it, checked on the rows that had one.

        Raises:
            UsageError: a feature with gaps no imputer fills, or a fill that changes the model's probabilities.
        """
        gaps = frame.isna()
        counts = {str(c): int(n) for c, n in gaps.sum().items() if n}
        for feature, n in counts.items():
            if feature not in self.imputers:
                raise UsageError(
                    f"feature {feature!r} has {n} missing {'value' if n == 1 else 'values'} and the model has no "
                    f"imputer for it ({listed(IMPUTERS, 'or')}, as the first step of a Pipeline or in a "
                    "ColumnTransformer); fill them in the data the way your model does, or put an imputer in its "
                    "pipeline"
                )
        filled = frame.copy()
        for imputer in dict.fromkeys(self.imputers[f] for f in counts):
            for name, column in imputer.fill(frame).items():
                if name in counts and self.imputers[name] is imputer:
                    filled[name] = column
        rows = np.flatnonzero(gaps.to_numpy().any(axis=1))
        if not _same_probabilities(self.model, frame.iloc[rows], filled.iloc[rows]):
            raise UsageError(
                f"filling the missing values of {listed(counts)} as the model's imputer does changes the "
                "model's probabilities (an imputer with add_indicator, an IterativeImputer with sample_posterior, "
                "or a model that reads NaN itself); fill them in the data the way your model does"
            )
        return filled


@dataclass(frozen=True)
class Fill:
    """The missing values of one feature and how the model's imputer fills them (`value` None: per row)."""

    feature: str
    count: int
    value: Any
    strategy: str

    def text(self) -> str:
        """`bmi: 8 missing values, filled with 25.7 (the model's SimpleImputer, median)`."""
        noun = "value" if self.count == 1 else "values"
        if self.value is None:
            return f"{self.feature}: {self.count} missing {noun}, filled per row (the model's {self.strategy})"
        number = isinstance(self.value, int | float | np.number) and not isinstance(self.value, bool | np.bool_)
        value = format_number(float(self.value)) if number else self.value
        return f"{self.feature}: {self.count} missing {noun}, filled with {value} (the model's {self.strategy})"


@dataclass(frozen=True)
class Filled:
    """What was filled in a host's data: one `Fill` per feature that had gaps, each row's filled features, and the
    model's imputation (which also fills a custom instance's null values).
    """

    fills: tuple[Fill, ...] = ()
    cells: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    imputation: Imputation | None = None
    #: {feature: its missing cells} for the gaps kept as missing, which the model reads itself (no imputer).
    kept: Mapping[str, int] = field(default_factory=dict)
    #: The features whose missing value the model reads itself (numbers, and categories it reads without an
    #: encoder): a custom instance or a what-if may leave them null.
    reads_missing: frozenset[str] = frozenset()
    model_kind: str = ""

    def sentence(self) -> str:
        """One sentence for the data card, or "" when nothing was missing."""
        text = ""
        if self.fills:
            text += (
                f" Missing values in the data were filled the way the model fills them: "
                f"{'; '.join(f.text() for f in self.fills)}; the model's predictions on those rows are unchanged."
            )
        if self.kept:
            text += f" {kept_text(self.kept, self.model_kind)}."
        return text


def kept_text(kept: Mapping[str, int], model_kind: str) -> str:
    """`water_temp_c: 39 missing values, ...; kept as missing (the model, a HistGradientBoostingClassifier, reads
    a missing value itself)`.
    """
    counts = "; ".join(f"{f}: {n} missing {'value' if n == 1 else 'values'}" for f, n in kept.items())
    return f"{counts}; kept as missing (the model, a {model_kind}, reads a missing value itself)"


def _model_kind(model: Any) -> str:
    steps = getattr(model, "steps", None)
    return type(steps[-1][1] if steps else model).__name__


def _accepts_missing(model: Any, frame: pd.DataFrame) -> bool:
    """Whether the model gives finite probabilities for every row of `frame`, which holds missing values."""
    try:
        proba = np.asarray(model.predict_proba(frame), dtype=float)
    except Exception:  # the model refuses NaN
        return False
    return proba.shape[0] == len(frame) and bool(np.isfinite(proba).all())


def _reads_categories(model: Any, column: pd.Series) -> bool:
    """Whether `column` holds categories that the model itself reads (no encoder in front of it): a bare estimator
    given a pandas `category` or string column (a HistGradientBoostingClassifier's `categorical_features`,
    XGBoost's `enable_categorical`, LightGBM's pandas categories). A pipeline's encoder may map a missing value to
    "unknown" (all zeros), which is not the model reading it, so a pipeline's text columns are never probed.
    """
    if getattr(model, "steps", None) is not None or pd.api.types.is_bool_dtype(column):
        return False
    recorded = column.dropna()
    return isinstance(column.dtype, pd.CategoricalDtype | pd.StringDtype) or (
        pd.api.types.is_object_dtype(column.dtype) and len(recorded) > 0 and all(isinstance(v, str) for v in recorded)
    )


def reads_missing(model: Any, frame: pd.DataFrame, imputed: Sequence[str]) -> frozenset[str]:
    """The features of `frame` whose missing value the model reads itself, without an imputer of its own: its
    numbers, and the categories it reads itself (`_reads_categories`). One probe row per feature (the first row with
    that feature missing); one batch, or one call each if it fails.
    """
    numeric = [
        str(c)
        for c in frame.columns
        if str(c) not in imputed
        and pd.api.types.is_numeric_dtype(frame[c])
        and not pd.api.types.is_bool_dtype(frame[c])
    ]
    categories = [str(c) for c in frame.columns if str(c) not in imputed and _reads_categories(model, frame[c])]
    if not numeric + categories or frame.empty:
        return frozenset()
    probed = numeric + categories
    probes = pd.concat([frame.iloc[[0]]] * len(probed), ignore_index=True)
    for i, name in enumerate(probed):
        if name in numeric:
            probes[name] = probes[name].astype(float)
        probes.loc[i, name] = np.nan
    if _accepts_missing(model, probes):
        return frozenset(probed)
    return frozenset(n for i, n in enumerate(probed) if _accepts_missing(model, probes.iloc[[i]]))


def fill_missing(model: Any, frame: pd.DataFrame) -> tuple[pd.DataFrame, Filled]:
    """`frame` with every missing cell filled as the model's imputer fills it, and what was filled.

    Raises:
        UsageError: a feature with gaps that no readable imputer of the model fills, or a fill that changes the
            model's probabilities on a row that had a gap.
    """
    names = [str(c) for c in frame.columns]
    imputation = Imputation.of(model, names)
    native = reads_missing(model, frame, imputation.features)
    gaps = frame.isna()
    counts = {str(c): int(n) for c, n in gaps.sum().items() if n}
    kept = {f: n for f, n in counts.items() if f not in imputation.features and f in native}
    for name, n in kept.items():
        if holds_text(frame[name]):  # the model reads a missing category, but the host's categories are recorded
            raise UsageError(
                f"feature {name!r} has {n} missing {'value' if n == 1 else 'values'} in a column of categories; "
                f"the model, a {_model_kind(model)}, reads a missing category itself (a custom instance or a what-if "
                "may give it as null), but gaps in a category column of the data are not kept: fill them in the "
                "data, e.g. with a category of their own such as 'unknown', and fit the model on that"
            )
    kind = _model_kind(model)
    if kept:
        _log.warning("data: %s", kept_text(kept, kind))
        counts = {f: n for f, n in counts.items() if f not in kept}
    if not counts:
        return frame, Filled(imputation=imputation, kept=kept, reads_missing=native, model_kind=kind)
    if kept:
        raise UsageError(
            f"the model reads missing values of {listed(kept)} itself but fills those of {listed(counts)} "
            "with an imputer; SimXAI reads one way per model: fill the gaps in the data the way your model does"
        )
    _refuse_unread_text(frame, counts, imputation.features, native, kind)
    filled = imputation.fill(frame)
    fills = tuple(
        Fill(f, n, _as_recorded(frame[f], imputation.imputers[f].constant(f)), imputation.imputers[f].how())
        for f, n in counts.items()
    )
    for fill in fills:
        _log.warning("data: %s; the model's predictions on those rows are unchanged", fill.text())
    rows = np.flatnonzero(gaps.to_numpy().any(axis=1))
    cells = {int(r): tuple(n for n, gap in zip(names, gaps.iloc[r], strict=True) if gap) for r in rows}
    return filled, Filled(fills, cells, imputation, reads_missing=native, model_kind=kind)


def _as_recorded(column: pd.Series, value: Any) -> Any:
    """An imputer's fill value as the column records it: True/False in a boolean column (an imputer fitted on a
    pandas "boolean" column keeps 1 or 0), else as the imputer gives it.
    """
    recorded = column.dropna()
    boolean = pd.api.types.is_bool_dtype(column) or (
        len(recorded) > 0 and all(isinstance(v, bool | np.bool_) for v in recorded)
    )
    return bool(value) if boolean and value is not None else value


def _refuse_unread_text(
    frame: pd.DataFrame, counts: Mapping[str, int], imputed: Sequence[str], native: frozenset[str], kind: str
) -> None:
    """Refuse, naming why, gaps in a text or category column of a model that reads a missing number itself.

    Raises:
        UsageError: the first such column: the model reads NaN in its numbers, never in a column of text.
    """
    if not native:
        return
    for name, n in counts.items():
        column = frame[name]
        if name in imputed or (pd.api.types.is_numeric_dtype(column) and not pd.api.types.is_bool_dtype(column)):
            continue
        values = sorted({str(v) for v in column.dropna()})
        shown = ", ".join(values[:6]) + (", ..." if len(values) > 6 else "")
        raise UsageError(
            f"feature {name!r} has {n} missing {'value' if n == 1 else 'values'}, but it holds text or categories "
            f"({shown}): the model, a {kind}, reads a missing number itself, never a missing category; fill them "
            "in the data the way your model was fitted, or put a SimpleImputer for it in the model's pipeline"
        )
