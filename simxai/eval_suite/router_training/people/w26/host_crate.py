"""The invented `crate` host of writer w26: crates of fresh mushrooms a small farm sends to wholesale buyers.

`load_host()` fits a small synthetic model (a hand-written points scorecard in plain numpy with the scikit-learn
classifier interface: weight-of-evidence points per quartile bin, summed, then a fitted logistic curve) on 320 of
the 400 crates and builds the host from the model, the frame, the ids of the 80 held-out crates and the fields of
its host config with `simxai.hosts.host_from_model`, following the pattern of w23's `host_batch.py`. It has two
labels: the buyer `accepted` the crate at its dock or `rejected` it. Nothing here comes from a data set: the
domain, its columns and its words were invented by w26 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w26/host_crate.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CRATE_CONFIG", "PointsScorecard", "held_out_ids", "load_host"]

FIRST_ID = 91001
SIZE = 400
FEATURES = ["HRS_SINCE_PICK", "TRUCK_TEMP_C", "PRECOOL_H", "RH_PCT", "CRATE_KG", "ROUTE_KM", "PACK", "GRADE"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CRATE_CONFIG: dict[str, Any] = {
    "name": "mushroom crates at the buyer's dock",
    "target": "DOCK_RESULT",
    "class_names": {"0": "accepted", "1": "rejected"},
    "instance_noun": "crate",
    "id_column": "CRATE_NO",
    "categorical_features": ["PACK", "GRADE"],
    "category_names": {
        "PACK": {"0": "loose", "1": "punnet", "2": "film_wrap"},
        "GRADE": {"0": "A", "1": "B"},
    },
    "immutable_features": ["ROUTE_KM"],
    "feature_aliases": {
        "HRS_SINCE_PICK": ["hours since pick", "hours since picking", "age", "how old", "hours"],
        "TRUCK_TEMP_C": ["truck temperature", "truck temp", "van temp", "temperature", "temp"],
        "PRECOOL_H": ["precool", "precooling", "cold room hours", "cooling hours"],
        "RH_PCT": ["humidity", "relative humidity", "rh"],
        "CRATE_KG": ["crate weight", "weight", "kg"],
        "ROUTE_KM": ["route", "distance", "km", "kilometres"],
        "PACK": ["packing", "pack type", "packaging", "pack"],
        "GRADE": ["grade", "quality grade"],
    },
    "seed": 0,
    "cards": {
        "description": "Crates of fresh mushrooms (oyster and shiitake) that an invented small mushroom farm sent "
        "to wholesale buyers in spring 2026, one row per crate; the label is what the buyer did at its dock.",
        "feature_descriptions": {
            "HRS_SINCE_PICK": "hours from picking to arrival at the buyer's dock",
            "TRUCK_TEMP_C": "mean temperature in the delivery van, in degrees C",
            "PRECOOL_H": "hours the crate spent in the farm's cold room before loading",
            "RH_PCT": "mean relative humidity in the van, in %",
            "CRATE_KG": "net weight of mushrooms in the crate, in kg",
            "ROUTE_KM": "length of the delivery route, in km",
            "PACK": "how the mushrooms were packed: loose, punnet or film_wrap",
            "GRADE": "the farm's own quality grade at packing: A or B",
        },
        "target_description": "what the buyer did when the crate arrived: accepted it, or rejected it (sent back "
        "or refused payment) for soft, wet, browned or smelly mushrooms",
        "model_description": "A hand-written points scorecard: each feature is cut into up to four bins at the "
        "training quartiles (categories are their own bins), each bin gets integer points (its weight of "
        "evidence for rejection, times 10, rounded), the points are summed and a logistic curve fitted on the "
        "training crates turns the total into a probability of rejection.",
        "training": "Fitted on 320 of the 400 synthetic crates; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic crates, invented for testing; not a real farm's deliveries.",
            "Does not know the buyer, the driver, the weather outside or the mushroom strain.",
            "Each feature counts on its own, in steps: it cannot see that a warm van matters more on a long "
            "route, and values inside one bin all get the same points.",
        ],
        "label_meanings": {
            "accepted": "the buyer took the crate and paid for it",
            "rejected": "the buyer refused the crate at the dock or sent it back",
        },
        "probability_meaning": "The scorecard's estimated probability that the buyer accepts or rejects the crate "
        "(they add up to 1).",
    },
}


class PointsScorecard:
    """Weight-of-evidence points per quartile bin (categories: per category), summed, then a logistic curve."""

    _estimator_type = "classifier"

    def __init__(self, bins: int = 4, scale: float = 10.0) -> None:
        self.bins = bins
        self.scale = scale

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """The constructor's parameters (scikit-learn's estimator interface)."""
        return {"bins": self.bins, "scale": self.scale}

    def set_params(self, **params: Any) -> PointsScorecard:
        """Set constructor parameters (scikit-learn's estimator interface)."""
        for key, value in params.items():
            setattr(self, key, value)
        return self

    def _bin(self, j: int, column: Any) -> Any:
        import numpy as np

        edges = self.edges_[j]
        if edges is None:
            return np.searchsorted(self.levels_[j], column).clip(0, len(self.levels_[j]) - 1)
        return np.searchsorted(edges, column, side="right")

    def _points(self, values: Any) -> Any:
        import numpy as np

        total = np.zeros(len(values))
        for j in range(values.shape[1]):
            total += self.points_[j][self._bin(j, values[:, j])]
        return total

    def fit(self, X: Any, y: Any) -> PointsScorecard:
        """Learn the model from a DataFrame `X` of the features and the labels `y`."""
        import numpy as np

        self.feature_names_in_ = np.array(list(X.columns), dtype=object)
        self.n_features_in_ = len(self.feature_names_in_)
        y = np.asarray(y)
        self.classes_ = np.unique(y)
        bad = y == self.classes_[-1]
        values = X.to_numpy(dtype=float)
        self.edges_: list[Any] = []
        self.levels_: list[Any] = []
        self.points_: list[Any] = []
        for j in range(values.shape[1]):
            column = values[:, j]
            levels = np.unique(column)
            if len(levels) <= 5:
                self.edges_.append(None)
                self.levels_.append(levels)
            else:
                self.edges_.append(np.unique(np.round(np.quantile(column, [0.25, 0.5, 0.75]), 1)))
                self.levels_.append(None)
            which = self._bin(j, column)
            n_bins = len(levels) if self.edges_[j] is None else len(self.edges_[j]) + 1
            points = np.zeros(n_bins)
            for k in range(n_bins):
                in_bin = which == k
                share_bad = (bad[in_bin].sum() + 0.5) / (bad.sum() + 0.5)
                share_good = ((~bad)[in_bin].sum() + 0.5) / ((~bad).sum() + 0.5)
                points[k] = np.round(self.scale * np.log(share_bad / share_good))
            self.points_.append(points)
        total = self._points(values)
        a, b = 0.0, 0.0  # logistic curve p(bad) = 1 / (1 + exp(-(a + b * total))), by Newton's method
        for _ in range(50):
            p = 1.0 / (1.0 + np.exp(-(a + b * total)))
            w = p * (1 - p) + 1e-9
            grad = np.array([np.sum(bad - p), np.sum((bad - p) * total)])
            hess = np.array([[w.sum(), (w * total).sum()], [(w * total).sum(), (w * total * total).sum()]])
            a, b = np.array([a, b]) + np.linalg.solve(hess + 1e-6 * np.eye(2), grad)
        self.intercept_, self.slope_ = float(a), float(b)
        return self

    def predict_proba(self, X: Any) -> Any:
        """Each class's probability for each row of `X` (columns in the order of `classes_`)."""
        import numpy as np

        values = (
            X[list(self.feature_names_in_)].to_numpy(dtype=float)
            if hasattr(X, "columns")
            else np.asarray(X, dtype=float)
        )
        p_bad = 1.0 / (1.0 + np.exp(-(self.intercept_ + self.slope_ * self._points(values))))
        return np.column_stack([1 - p_bad, p_bad])

    def predict(self, X: Any) -> Any:
        """The most probable class of each row of `X`."""
        return self.classes_[self.predict_proba(X).argmax(axis=1)]

    def score(self, X: Any, y: Any) -> float:
        """Accuracy on `X` and `y`."""
        import numpy as np

        return float(np.mean(self.predict(X) == np.asarray(y)))


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(26091)
    n = SIZE
    frame = pd.DataFrame(
        {
            "CRATE_NO": np.arange(FIRST_ID, FIRST_ID + n),
            "HRS_SINCE_PICK": rng.integers(4, 73, n),
            "TRUCK_TEMP_C": np.round(np.clip(rng.normal(5, 2.5, n), 0.5, 14), 1),
            "PRECOOL_H": rng.integers(0, 13, n),
            "RH_PCT": np.round(np.clip(rng.normal(88, 5, n), 70, 99)),
            "CRATE_KG": rng.choice([2.0, 2.5, 3.0, 4.0, 5.0], n),
            "ROUTE_KM": np.round(rng.uniform(15, 420, n), -1),
            "PACK": rng.choice(3, n, p=[0.35, 0.4, 0.25]),
            "GRADE": rng.choice(2, n, p=[0.65, 0.35]),
        }
    )
    spoil = (
        0.05 * (frame.HRS_SINCE_PICK - 36)
        + 0.35 * (frame.TRUCK_TEMP_C - 5)
        - 0.15 * (frame.PRECOOL_H - 6)
        + 0.12 * (frame.RH_PCT - 88)
        + 0.8 * frame.GRADE
        + 0.5 * (frame.PACK == 2)
        + 0.002 * (frame.ROUTE_KM - 200)
        + rng.normal(0, 0.9, n)
    )
    frame["DOCK_RESULT"] = (spoil > 0.5).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 crates the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(91).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented crate host in memory, its model fitted on the crates outside `held_out_ids()`."""
    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.CRATE_NO.isin(test)]
    model = PointsScorecard().fit(train[FEATURES], train.DOCK_RESULT)
    return host_from_model(model, frame[["CRATE_NO", *FEATURES, "DOCK_RESULT"]], test_ids=test, **CRATE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
