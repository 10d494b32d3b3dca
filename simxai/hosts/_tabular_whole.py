"""Values with a fraction for features the data records in whole numbers only (a grade of 2.5 on a 1-5 scale).

Such a value is no value the model was fitted on. It is tried as given, never rounded (a user may mean it), and
said: which whole neighbours, if any, the model gives exactly the same probabilities (a tree splits between whole
numbers, so it often reads 2.5 as 2), asked of the model in one call for all the values of one instance.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np
import pandas as pd

from simxai.hosts._tabular_data import Table
from simxai.results import NotWhole
from simxai.results.base import Scalar

#: How far from a whole number a value may lie and still be whole (float steps such as 2 + 0.1 * 10).
_WHOLE = 1e-9

#: How far apart two probabilities may lie and still be the same: a row scored alone and in a batch of several
#: may differ in the last bits (a matrix product of one row and of many round differently).
_SAME = 1e-12


def with_fraction(table: Table, values: Mapping[str, Scalar]) -> dict[str, float]:
    """The values of `values` with a fraction whose feature the data records in whole numbers only."""
    found: dict[str, float] = {}
    for name, value in values.items():
        feature = table.by_name.get(name)
        if feature is None or feature.kind != "numeric" or feature.decimals != 0:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            continue
        if abs(value - round(value)) > _WHOLE:
            found[name] = float(value)
    return found


def not_whole(
    table: Table,
    values: Mapping[str, Scalar],
    frame: pd.DataFrame | None = None,
    proba: Callable[[pd.DataFrame], np.ndarray] | None = None,
    scored: np.ndarray | None = None,
) -> list[NotWhole]:
    """A `NotWhole` for each value of `values` with a fraction where the data holds whole numbers only.

    With the one-row model input `frame` holding those values and the model's `proba`, each says the whole
    neighbours the model gives exactly the same probabilities; without them (a group), none is asked. `scored` is
    the model's probabilities of `frame` when the caller has them already (a what-if's changed row): then only
    the neighbours are asked.
    """
    found = with_fraction(table, values)
    if not found:
        return []
    neighbours = {name: (math.floor(v), math.ceil(v)) for name, v in found.items()}
    same: dict[str, list[int]] = {name: [] for name in found}
    if frame is not None and proba is not None and len(frame) == 1:
        variants = [] if scored is not None else [frame]
        for name, pair in neighbours.items():
            for n in pair:
                variant = frame.copy()
                variant[name] = float(n)
                variants.append(variant)
        rows = np.asarray(proba(pd.concat(variants, ignore_index=True)), dtype=float)
        own = np.asarray(scored, dtype=float).reshape(-1) if scored is not None else rows[0]
        at = 0 if scored is not None else 1
        for name, pair in neighbours.items():
            for n in pair:
                if np.allclose(rows[at], own, rtol=0, atol=_SAME):
                    same[name].append(n)
                at += 1
    out = []
    for name, value in found.items():
        feature = table.by_name[name]
        low = feature.min if feature.min is not None else value
        high = feature.max if feature.max is not None else value
        out.append(NotWhole(feature=name, value=value, low=low, high=high, same_as=same[name]))
    return out
