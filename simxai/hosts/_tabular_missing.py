"""Missing values in a tabular host's data: filled with the value the model's own imputer puts there.

A host needs a value in every cell (the data card's statistics, conditions on groups and the counterfactual
search read them), but many models are a scikit-learn `Pipeline` whose `SimpleImputer` fills the gaps itself.
For such a model the host fills each missing cell with that imputer's fitted value (`statistics_`), and checks on
every row that held a gap that the model's probabilities are the same for the filled row as for the row with the
gap: the host then explains exactly what the model computes. A gap no readable imputer fills, or a fill that
would change a prediction (an imputer with `add_indicator`, a model that reads NaN itself), is refused in one
line naming the feature and what to do.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from simxai.exceptions import UsageError
from simxai.results import format_number

_log = logging.getLogger("simxai.hosts")


@dataclass(frozen=True)
class Fill:
    """The missing values of one feature and the value the model's imputer puts in their place."""

    feature: str
    count: int
    value: Any
    strategy: str

    def text(self) -> str:
        """`bmi: 8 missing values, filled with 25.7 (the model's SimpleImputer, median)`."""
        value = format_number(float(self.value)) if isinstance(self.value, int | float | np.number) else self.value
        noun = "value" if self.count == 1 else "values"
        imputer = f"the model's SimpleImputer, {self.strategy}"
        return f"{self.feature}: {self.count} missing {noun}, filled with {value} ({imputer})"


@dataclass(frozen=True)
class Filled:
    """What was filled in a host's data: one `Fill` per feature that had gaps, and each row's filled features."""

    fills: tuple[Fill, ...] = ()
    cells: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def sentence(self) -> str:
        """One sentence for the data card, or "" when nothing was missing."""
        if not self.fills:
            return ""
        return (
            f" Missing values in the data were filled the way the model fills them: "
            f"{'; '.join(f.text() for f in self.fills)}; the model's predictions on those rows are unchanged."
        )


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


def imputed_values(step: Any, names: Sequence[str]) -> dict[str, tuple[Any, str]]:
    """{feature: (value, strategy)} for the features whose gaps a fitted `SimpleImputer` at the head of `step`
    fills: the step itself, the first step of a `Pipeline`, or the transformers of a `ColumnTransformer`.
    """
    kind = type(step).__name__
    if kind == "SimpleImputer" and hasattr(step, "statistics_"):
        seen = [str(n) for n in getattr(step, "feature_names_in_", names)]
        return {
            n: (v, str(step.strategy))
            for n, v in zip(seen, step.statistics_, strict=False)
            if not (isinstance(v, float) and np.isnan(v))
        }
    if kind == "Pipeline" and getattr(step, "steps", None):
        return imputed_values(step.steps[0][1], names)
    if kind == "ColumnTransformer" and hasattr(step, "transformers_"):
        found: dict[str, tuple[Any, str]] = {}
        for _, transformer, columns in step.transformers_:
            selected = _column_names(columns, names)
            if selected and not isinstance(transformer, str):
                found.update(imputed_values(transformer, selected))
        return found
    return {}


def _same_probabilities(model: Any, before: pd.DataFrame, after: pd.DataFrame) -> bool:
    try:
        gaps = np.asarray(model.predict_proba(before), dtype=float)
    except Exception:  # the model refuses NaN: it never filled them itself, and the fill cannot be checked
        return False
    return bool(np.allclose(gaps, np.asarray(model.predict_proba(after), dtype=float), rtol=0, atol=1e-9))


def fill_missing(model: Any, frame: pd.DataFrame) -> tuple[pd.DataFrame, Filled]:
    """`frame` with every missing cell filled as the model's imputer fills it, and what was filled.

    Raises:
        UsageError: a feature with gaps that no readable `SimpleImputer` of the model fills, or a fill that
            changes the model's probabilities on a row that had a gap.
    """
    gaps = frame.isna()
    counts = {str(c): int(n) for c, n in gaps.sum().items() if n}
    if not counts:
        return frame, Filled()
    imputed = imputed_values(model, [str(c) for c in frame.columns])
    for feature, n in counts.items():
        if feature not in imputed:
            raise UsageError(
                f"feature {feature!r} has {n} missing values and the model has no SimpleImputer for it "
                "(as the first step of a Pipeline or in a ColumnTransformer); fill them in the data the way "
                "your model does, or put a SimpleImputer in its pipeline"
            )
    filled = frame.copy()
    for feature in counts:
        value = imputed[feature][0]
        filled[feature] = filled[feature].where(filled[feature].notna(), value)
    rows = np.flatnonzero(gaps.to_numpy().any(axis=1))
    if not _same_probabilities(model, frame.iloc[rows], filled.iloc[rows]):
        raise UsageError(
            f"filling the missing values of {', '.join(counts)} with the model's SimpleImputer values changes "
            "the model's probabilities (an imputer with add_indicator, or a model that reads NaN itself); "
            "fill them in the data the way your model does"
        )
    fills = tuple(Fill(f, n, imputed[f][0], imputed[f][1]) for f, n in counts.items())
    for fill in fills:
        _log.warning("data: %s; the model's predictions on those rows are unchanged", fill.text())
    names = [str(c) for c in frame.columns]
    cells = {int(r): tuple(n for n, gap in zip(names, gaps.iloc[r], strict=True) if gap) for r in rows}
    return filled, Filled(fills, cells)
