"""An XGBoost model's pandas categories, restored when its data comes from a CSV.

An `XGBClassifier` fitted with `enable_categorical=True` on a DataFrame whose column has the `category` dtype marks
that feature `"c"` in its booster's `feature_types` and reads it only as a `category` column; since XGBoost 3.1 it
re-codes each value by its name against the categories it was fitted on, and refuses any other. A CSV has no dtypes:
the column comes back as text, which XGBoost refuses ("DataFrame.dtypes for data must be int, float, bool or
category"). The host turns each such column back into a `category` column, and asks the model, one value at a time,
whether it knows every value the data holds, so that a value it was never fitted on is refused at load in one line
naming it, instead of failing inside XGBoost on the first prediction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from simxai.exceptions import UsageError

__all__ = ["restore_xgboost_categories"]

#: More distinct values than this in one column are not asked of the model one by one (the whole column still is).
_MAX_PROBED = 500


def _category_columns(model: Any, features: Sequence[str]) -> list[str]:
    """The features an XGBoost model reads as categories (`feature_types` "c"); [] for any other model."""
    if not type(model).__module__.startswith("xgboost") or not hasattr(model, "get_booster"):
        return []
    try:
        booster = model.get_booster()
    except Exception:  # noqa: BLE001 - an unfitted model: the host's own checks say so
        return []
    types = booster.feature_types or []
    names = booster.feature_names or list(features)
    return [name for name, kind in zip(names, types, strict=False) if kind == "c" and name in features]


def _predicts(model: Any, frame: pd.DataFrame) -> bool:
    try:
        model.predict_proba(frame)
    except Exception:  # noqa: BLE001 - XGBoost raises its own error for a category it was not fitted on
        return False
    return True


def restore_xgboost_categories(model: Any, data: pd.DataFrame, features: Sequence[str]) -> pd.DataFrame:
    """`data` with each column an XGBoost model reads as a category given the `category` dtype.

    Raises:
        UsageError: a value of such a column that the model was not fitted on, naming it.
    """
    columns = [c for c in _category_columns(model, features) if not isinstance(data[c].dtype, pd.CategoricalDtype)]
    if not columns:
        return data
    restored = data.copy()
    for name in columns:
        column = data[name]
        values = column.astype(object).where(column.notna(), None)
        restored[name] = pd.Categorical(values.map(lambda v: None if v is None else str(v)))
    frame = restored[list(features)]
    if _predicts(model, frame):
        return restored
    for name in columns:
        categories = list(restored[name].cat.categories)
        unknown = []
        for category in categories[:_MAX_PROBED]:
            row = frame.iloc[[0]].copy()
            for other in columns:  # each column holds only a value asked about or the first row's own
                kept = category if other == name else row[other].iloc[0]
                row[other] = pd.Categorical([kept], categories=[kept] if pd.notna(kept) else [])
            if not _predicts(model, row):
                unknown.append(category)
        if unknown:
            known = [c for c in categories if c not in unknown]
            raise UsageError(
                f"feature {name!r} holds {', '.join(repr(v) for v in unknown[:5])}, which the model (an XGBoost model "
                f"fitted with enable_categorical) has no category for; the data's other values are "
                f"{', '.join(known) or 'none'}"
            )
    return restored  # no single value is unknown: the host's first prediction reports what else is wrong
