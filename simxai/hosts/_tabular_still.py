"""How far each feature may move, the others fixed, before the model's label changes.

Each numeric feature is scanned on a grid over its observed range (plus the current value); the
contiguous run of grid points around the current value that keeps the label becomes the candidate
range. The range is then checked between the grid points: for tree models at one point inside every
piece between split thresholds (the prediction is constant on each piece, so this check is exact), for
other models at random points. A failing point shrinks the range to the grid point before it, and the
check repeats until every point inside the range keeps the label.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simxai.hosts._tabular_data import Feature, Table, Value
from simxai.results import FeatureRange

GRID_POINTS = 51
RANDOM_CHECKS = 20
_MAX_ROUNDS = 100


@dataclass(frozen=True)
class StableRanges:
    """The ranges found, and the real number of single-feature changes checked inside them."""

    ranges: list[FeatureRange]
    checked: int
    kept: int


def _batch(table: Table, base: pd.DataFrame, changes: Sequence[tuple[Feature, Sequence[Value]]]) -> pd.DataFrame:
    """One row per single-feature change: `base` (one row) with that feature set to each value."""
    parts = []
    for feature, values in changes:
        part = base.loc[base.index.repeat(len(values))].reset_index(drop=True)
        table.set_column(part, feature, values)
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def _check_points(low: float, high: float, cuts: np.ndarray | None, rng: np.random.Generator) -> np.ndarray:
    """Points inside [low, high] whose labels decide whether the whole range keeps the label."""
    points = [np.array([low, high]), rng.uniform(low, high, RANDOM_CHECKS)]
    if cuts is not None:
        inside = cuts[(cuts > low) & (cuts < high)]
        edges = np.concatenate([[low], inside, [high]])
        points.append((edges[:-1] + edges[1:]) / 2)
    return np.unique(np.concatenate(points))


def stable_ranges(
    predict_labels: Callable[[pd.DataFrame], np.ndarray],
    table: Table,
    base: pd.DataFrame,
    values: Mapping[str, Value],
    label: int,
    thresholds: list[np.ndarray] | None,
    seed: int,
) -> StableRanges:
    """The range (or categories) of every feature that keeps `label`, one feature at a time.

    Args:
        predict_labels: the host's class positions (in `model.classes_`) from `model.predict` of a frame.
        table: the host's table.
        base: the instance as a one-row model frame.
        values: the instance's host-form values.
        label: the index (in `model.classes_`) of the label to keep.
        thresholds: per feature, the split thresholds of a tree model, or None.
        seed: seeds the random check points.
    """
    rng = np.random.default_rng(seed)
    grids: dict[str, np.ndarray] = {}
    scans: list[tuple[Feature, Sequence[Value]]] = []
    for f in table.features:
        if f.kind == "categorical":
            scans.append((f, list(f.categories)))
            continue
        assert f.min is not None and f.max is not None
        current = float(values[f.name])
        if np.isnan(current):
            continue  # missing, and read so by the model: no range of values around it to keep
        grid = np.unique(np.concatenate([np.round(np.linspace(f.min, f.max, GRID_POINTS), f.decimals), [current]]))
        grids[f.name] = grid
        scans.append((f, grid.tolist()))
    predicted = predict_labels(_batch(table, base, scans))

    ranges: dict[str, FeatureRange] = {}
    bounds: dict[str, tuple[float, float]] = {}
    checked = kept = 0
    offset = 0
    for f, scanned in scans:
        keeps = predicted[offset : offset + len(scanned)] == label
        offset += len(scanned)
        if f.kind == "categorical":
            kept_categories = [str(c) for c, ok in zip(scanned, keeps, strict=True) if ok]
            # Every category was predicted: the categorical check is exhaustive.
            checked += len(scanned) - 1
            kept += len(kept_categories) - 1
            ranges[f.name] = FeatureRange(feature=f.name, current=values[f.name], categories=kept_categories)
            continue
        grid = grids[f.name]
        at = int(np.searchsorted(grid, float(values[f.name])))
        lo = hi = at
        while lo > 0 and keeps[lo - 1]:
            lo -= 1
        while hi < len(grid) - 1 and keeps[hi + 1]:
            hi += 1
        bounds[f.name] = (float(grid[lo]), float(grid[hi]))

    numeric = [table.by_name[name] for name in bounds]
    for _ in range(_MAX_ROUNDS):
        checks: list[tuple[Feature, Sequence[Value]]] = []
        for f in numeric:
            j = table.names.index(f.name)
            cuts = thresholds[j] if thresholds is not None else None
            checks.append((f, _check_points(*bounds[f.name], cuts, rng).tolist()))
        results = predict_labels(_batch(table, base, checks))
        offset, failed = 0, False
        for f, points in checks:
            keeps = results[offset : offset + len(points)] == label
            offset += len(points)
            if keeps.all():
                continue
            failed = True
            bounds[f.name] = _shrink(bounds[f.name], float(values[f.name]), grids[f.name], np.asarray(points)[~keeps])
        if not failed:
            checked += len(results)
            kept += int((results == label).sum())
            break
    else:  # pragma: no cover - each round shrinks a range, so this needs a pathological model
        raise RuntimeError("the still-this ranges did not settle")

    for f in numeric:
        low, high = bounds[f.name]
        ranges[f.name] = FeatureRange(feature=f.name, current=values[f.name], low=low, high=high)
    return StableRanges(
        sorted(ranges.values(), key=lambda r: (_relative_width(table, r), table.names.index(r.feature))),
        checked,
        kept,
    )


def _shrink(bounds: tuple[float, float], current: float, grid: np.ndarray, failures: np.ndarray) -> tuple[float, float]:
    """Pull the range in to the last grid point (or current value) before the nearest failure each side."""
    low, high = bounds
    above = failures[failures > current]
    below = failures[failures < current]
    points = np.unique(np.concatenate([grid, [current]]))
    if len(above):
        high = float(points[(points >= current) & (points < above.min())].max())
    if len(below):
        low = float(points[(points <= current) & (points > below.max())].min())
    return low, high


def _relative_width(table: Table, r: FeatureRange) -> float:
    feature = table.by_name[r.feature]
    if r.categories is not None:
        return len(r.categories) / max(len(feature.categories), 1)
    assert feature.min is not None and feature.max is not None and r.low is not None and r.high is not None
    span = feature.max - feature.min
    return (r.high - r.low) / span if span > 0 else 1.0
