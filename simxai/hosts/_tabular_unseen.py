"""Category values a model's encoder was never fitted on, though the host's data holds them (newuser49).

A `OneHotEncoder(handle_unknown="ignore")` turns a value it was not fitted on into all zeros, and an
`OrdinalEncoder(handle_unknown="use_encoded_value")` into its `unknown_value`: the model then answers for "none of
the values it knows", without a word. A model fitted before a new binding, plan or region appeared in the data
does this for every row holding it, and for every what-if to it. The categories each encoder was fitted on are read
from the fitted `Pipeline` (its `ColumnTransformer`, nested pipelines, imputers before the encoder), so a host can
say so beside the answer and list the values the model knows.
"""

from __future__ import annotations

import logging
import numbers
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from simxai.hosts._tabular_data import Feature, category_name
from simxai.hosts._tabular_families import split_model
from simxai.results import Unseen, listed

_log = logging.getLogger("simxai.hosts.tabular")

#: Encoders that let a value they were not fitted on through, and the settings that do.
_LENIENT = {
    "OneHotEncoder": ("ignore",),
    "OrdinalEncoder": ("use_encoded_value",),
}
#: Steps that hand each column on to the next step unchanged in kind (a fill keeps the value's category).
_PASS_ON = frozenset({"SimpleImputer"})


def known_categories(model: Any, features: Iterable[Feature]) -> dict[str, list[str]]:
    """For each categorical feature whose data holds a value the model's encoder was never fitted on, the names
    of the categories it was fitted on (in the data's order); {} when every value of the data is known to it.

    Read from a lenient fitted encoder of the model's `Pipeline` (`OneHotEncoder(handle_unknown="ignore")`, ...);
    a bare estimator, a strict encoder (which fails at load instead) or a step this walk cannot read gives none.
    """
    preprocessing, _ = split_model(model)
    if preprocessing is None:
        return {}
    fitted: dict[str, set[str]] = {}
    features = list(features)
    _walk(preprocessing, [f.name for f in features], fitted)
    known = {}
    for feature in features:
        texts = fitted.get(feature.name)
        if feature.kind != "categorical" or texts is None:
            continue
        names = [c for c in feature.categories if _forms(feature.raw[c]) & texts]
        if len(names) < len(feature.categories):
            known[feature.name] = names
    return known


def _forms(raw: Any) -> set[str]:
    """The names an encoder may have fitted a recorded value under: its own, and a truth value's number (a nullable
    boolean column reaches the encoder as 0.0 / 1.0 once an imputer has filled it).
    """
    name = category_name(raw)
    return {name, category_name(int(raw))} if isinstance(raw, bool | np.bool_) else {name}


def unseen_values(known: Mapping[str, Sequence[str]], values: Mapping[str, Any]) -> list[Unseen]:
    """The values of `values` (feature -> category name) that the feature's encoder was never fitted on."""
    found = []
    for feature, value in values.items():
        categories = known.get(feature)
        if categories is not None and isinstance(value, str) and value not in categories:
            found.append(Unseen(feature=feature, value=value, known=list(categories)))
    return found


def _walk(step: Any, columns: list[str], known: dict[str, set[str]]) -> None:
    """Record what each lenient encoder reached by `columns` (the names of the step's input columns) knows."""
    kind = type(step).__name__
    if kind == "Pipeline":
        for _, inner in step.steps:
            if inner in (None, "passthrough"):
                continue
            if type(inner).__name__ not in _PASS_ON:
                _walk(inner, columns, known)
                return  # after an encoder or any other step the columns are no longer the features
        return
    if kind == "ColumnTransformer":
        for _, transformer, selected in getattr(step, "transformers_", []):
            if transformer in ("drop", "passthrough"):
                continue
            chosen = _selected(selected, columns)
            if chosen:
                _walk(transformer, chosen, known)
        return
    settings = _LENIENT.get(kind)
    if settings is None or getattr(step, "handle_unknown", None) not in settings:
        return
    categories = getattr(step, "categories_", None)
    if categories is None or len(categories) != len(columns):
        return
    for column, fitted in zip(columns, categories, strict=True):
        known[column] = {category_name(v) for v in fitted if v == v}  # NaN (a fitted missing category): no value


def _selected(selected: Any, columns: list[str]) -> list[str]:
    """The names of the columns a `ColumnTransformer` entry selects (by name, position or boolean mask)."""
    if isinstance(selected, str):
        selected = [selected]
    try:
        items = list(selected)
    except TypeError:
        return []
    if items and all(isinstance(i, bool) for i in items):
        return [c for c, keep in zip(columns, items, strict=False) if keep]
    chosen = []
    for item in items:
        if isinstance(item, str) and item in columns:
            chosen.append(item)
        elif isinstance(item, numbers.Integral) and 0 <= int(item) < len(columns):
            chosen.append(columns[int(item)])
        else:
            return []  # a selection this walk cannot read: no encoder below it is read either
    return chosen


def unseen_in_data(known: Mapping[str, Sequence[str]], features: Iterable[Feature], frame: Any) -> list[str]:
    """One phrase per feature on the data's values its encoder was never fitted on: "binding = spiral (40 rows),
    which the model's encoder was never fitted on: it reads it as none of glued, sewn or stapled".
    """
    said = []
    for feature in features:
        categories = known.get(feature.name)
        if categories is None:
            continue
        counted = Counter(feature.category(v) for v in frame[feature.name])
        counts = {v: n for v, n in counted.items() if isinstance(v, str) and v not in categories}
        if not counts:
            continue
        rows = ", ".join(f"{feature.name} = {v} ({n} row{'s' if n != 1 else ''})" for v, n in counts.items())
        it = "it" if len(counts) == 1 else "them"
        said.append(
            f"{rows}, which the model's encoder was never fitted on: it reads {it} as none of "
            f"{listed(categories, 'or')}"
        )
    return said


def log_unseen(host_name: str, known: Mapping[str, Sequence[str]], features: Iterable[Feature], frame: Any) -> None:
    """Warn at load, once per feature, of the data's values the model's encoder was never fitted on."""
    for phrase in unseen_in_data(known, features, frame):
        _log.warning(
            "%s: the data holds %s, and every answer about such a row or a what-if to such a value says so",
            host_name,
            phrase,
        )
