"""The default counterfactual search on a larger generated host: every answer flips the model itself.

`bench/scale.py` runs the same search on 300,000 rows and times it; here the host is smaller so that the
test stays quick, and nothing is timed.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai.hosts.tabular import TabularHost

ROWS = 6000


@pytest.fixture(scope="module")
def generated() -> tuple[TabularHost, pd.DataFrame]:
    rng = np.random.default_rng(7)
    x = rng.normal(size=(ROWS, 10))
    frame = pd.DataFrame(np.round(x * 10 + 50, 2), columns=[f"x{i}" for i in range(10)])
    frame["age"] = np.clip(np.round(40 + 12 * rng.normal(size=ROWS)), 18, 90)
    frame["region"] = rng.choice(["north", "south", "east"], ROWS)
    frame["plan"] = rng.integers(0, 3, ROWS)
    score = x[:, 0] - 0.8 * x[:, 1] + 0.5 * x[:, 2] * x[:, 3] + 0.03 * (frame.age - 40)
    score += frame.region.map({"north": 0.6, "south": -0.6, "east": 0.0}) + 0.4 * (frame.plan - 1)
    frame["churn"] = (score + rng.normal(0, 0.5, ROWS) > 0).astype(int)
    features = frame.drop(columns="churn")
    columns = ColumnTransformer(
        [("region", OneHotEncoder(), ["region"])], remainder="passthrough", verbose_feature_names_out=False
    )
    model = Pipeline([("columns", columns), ("model", HistGradientBoostingClassifier(max_iter=60, random_state=0))])
    model.fit(features, frame.churn)
    host = TabularHost(
        model,
        frame,
        "churn",
        {0: "stays", 1: "churns"},
        name="churn",
        categorical_features=["region", "plan"],
        immutable_features=["age", "region"],
    )
    return host, features


def _apply(features: pd.DataFrame, row: int, changes: list) -> pd.DataFrame:
    frame = features.iloc[[row]].reset_index(drop=True).copy()
    for change in changes:
        frame[change.feature] = int(change.new) if change.feature == "plan" else change.new
    return frame


def test_counterfactuals_flip_the_model_keep_immutables_and_differ(
    generated: tuple[TabularHost, pd.DataFrame],
) -> None:
    host, features = generated
    rows = np.random.default_rng(0).choice(ROWS, 12, replace=False)
    several = 0
    for row in rows:
        subject = host.resolve(int(row))
        current = host.predict(subject).label
        target = "stays" if current == "churns" else "churns"
        result = host.counterfactuals(subject, target, 3, "how_to_be_that")
        assert result.found, result.note
        assert "own search" in result.method
        for cf in result.counterfactuals:
            changed = _apply(features, int(row), cf.changes)
            # The model itself, not the host, decides.
            assert host.model.predict(changed)[0] == (1 if target == "churns" else 0)
            for change in cf.changes:
                assert change.feature not in ("age", "region")
                if change.feature.startswith("x"):
                    assert features[change.feature].min() <= change.new <= features[change.feature].max()
        feature_sets = {frozenset(c.feature for c in cf.changes) for cf in result.counterfactuals}
        several += len(feature_sets) == len(result.counterfactuals) >= 2
    # Diversity: most answers offer different ways, each changing a different set of features.
    assert several >= 9


def test_no_mutable_way_gives_a_note(generated: tuple[TabularHost, pd.DataFrame]) -> None:
    host, _ = generated
    frozen = TabularHost(
        host.model,
        host.table.X.assign(churn=host._y),
        "churn",
        {0: "stays", 1: "churns"},
        name="churn",
        categorical_features=["region", "plan"],
        immutable_features=[n for n in host.table.names if n != "plan"],
    )
    # Only the plan may change: some rows cannot reach the other label by plan alone, and say so.
    notes = []
    for row in range(20):
        subject = frozen.resolve(row)
        target = "stays" if frozen.predict(subject).label == "churns" else "churns"
        result = frozen.counterfactuals(subject, target, 2, "why_not")
        for cf in result.counterfactuals:
            assert [c.feature for c in cf.changes] == ["plan"]
        if not result.found:
            notes.append(result.note or "")
    assert notes and all("No change of plan" in n and "kept fixed" in n for n in notes)


def test_the_search_starts_from_the_nearest_target_rows_by_scaled_l1_and_differing_categories(
    generated: tuple[TabularHost, pd.DataFrame],
) -> None:
    from simxai.hosts._tabular_search import NEIGHBOURS

    host, _ = generated
    search = host._nearest()
    table = host.table
    scale = np.array([(f.max - f.min) or 1.0 if f.kind == "numeric" else 1.0 for f in table.features])
    categorical = np.array([f.kind == "categorical" for f in table.features])
    predicted = host._predictions()[0]
    for row in (5, 321, 4000):
        x = table.encode(table.rows([row]))[0]
        target = 1 - int(predicted[row])
        pool = table.encode(table.rows(np.flatnonzero(predicted == target)))
        gap = np.abs(pool - x) / scale
        distance = np.where(categorical, gap > 0, gap).sum(axis=1)
        found = search.neighbours(x, target)
        assert len(found) == NEIGHBOURS
        # The scan sums float32 values, so compare the set of distances with a tolerance, nearest first.
        got = np.where(categorical, np.abs(found - x) > 0, np.abs(found - x) / scale).sum(axis=1)
        assert got == pytest.approx(np.sort(distance)[:NEIGHBOURS], abs=1e-4)
