"""The invented `bag` host of writer w26: grow bags of a small mushroom farm and how their first flush went.

`load_host()` fits a small synthetic model (a hand-written decision list, a plain numpy rule model with the
scikit-learn classifier interface, fitted on 320 of the 400 bags) and builds the host from the model, the frame,
the ids of the 80 held-out bags and the fields of its host config with `simxai.hosts.host_from_model`, following
the pattern of w23's `host_batch.py`. It has three labels: a bag's first flush is a `good_flush`, a `weak_flush`
or the bag is `contaminated` (green mould, bacterial blotch) and thrown out. Nothing here comes from a data set: the
domain, its columns and its words were invented by w26 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w26/host_bag.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BAG_CONFIG", "DecisionList", "held_out_ids", "load_host"]

FIRST_ID = 90001
SIZE = 400
FEATURES = [
    "substrateMoist_pct",
    "spawnRate_pct",
    "incubDays",
    "roomTemp_C",
    "CO2_ppm",
    "bag_kg",
    "STRAIN",
    "pasteurised",
]
LABELS = ["good_flush", "weak_flush", "contaminated"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BAG_CONFIG: dict[str, Any] = {
    "name": "mushroom grow bags, first flush",
    "target": "flush",
    "class_names": {"0": "good_flush", "1": "weak_flush", "2": "contaminated"},
    "instance_noun": "bag",
    "id_column": "bag_id",
    "categorical_features": ["STRAIN", "pasteurised"],
    "category_names": {
        "STRAIN": {"0": "grey_oyster", "1": "pink_oyster", "2": "shiitake", "3": "lions_mane"},
        "pasteurised": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["STRAIN"],
    "feature_aliases": {
        "substrateMoist_pct": ["moisture", "substrate moisture", "wetness", "water content"],
        "spawnRate_pct": ["spawn rate", "spawn", "inoculation rate"],
        "incubDays": ["incubation", "incubation days", "days in incubation", "colonisation days"],
        "roomTemp_C": ["temperature", "room temp", "temp", "grow room temperature"],
        "CO2_ppm": ["co2", "carbon dioxide", "fresh air"],
        "bag_kg": ["bag weight", "weight", "kg"],
        "STRAIN": ["strain", "species", "variety", "mushroom type"],
        "pasteurised": ["pasteurized", "pasteurisation", "heat treated", "steamed"],
    },
    "seed": 0,
    "cards": {
        "description": "Grow bags (substrate blocks of straw and sawdust) of an invented small mushroom farm, "
        "spring 2026, one row per bag; the label is how its first flush went.",
        "feature_descriptions": {
            "substrateMoist_pct": "water content of the substrate when the bag was filled, in %",
            "spawnRate_pct": "spawn added, as % of the substrate's wet weight",
            "incubDays": "days from inoculation until the bag was moved to the fruiting room",
            "roomTemp_C": "mean fruiting-room temperature during the first flush, in degrees C",
            "CO2_ppm": "mean CO2 in the fruiting room during the first flush, in ppm",
            "bag_kg": "weight of the filled bag, in kg",
            "STRAIN": "mushroom strain: grey_oyster, pink_oyster, shiitake or lions_mane",
            "pasteurised": "whether the substrate was pasteurised (hot water / steam) before filling: no or yes",
        },
        "target_description": "how the bag's first flush went: good_flush (at least 15 % of the bag weight "
        "harvested), weak_flush (less) or contaminated (mould or blotch, the bag was discarded)",
        "model_description": "A hand-written decision list: up to eight if-then rules on one feature each "
        "(a threshold or a category), learned greedily on the training bags; the first rule a bag matches gives "
        "its label probabilities (the smoothed label counts of the training bags that rule covered), and bags "
        "no rule matches get the default rule's.",
        "training": "Fitted on 320 of the 400 synthetic bags; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic bags, invented for testing; not a real farm's records.",
            "Does not know the substrate recipe, the spawn supplier, the light or who filled the bag.",
            "Its probabilities are steps: bags matching the same rule get exactly the same probabilities, so small "
            "changes often change nothing and one threshold can change everything.",
        ],
        "label_meanings": {
            "good_flush": "first flush of at least 15 % of the bag weight: the bag goes on to a second flush",
            "weak_flush": "it fruited but gave less than 15 % of its weight: checked, maybe soaked or discarded early",
            "contaminated": "green mould (Trichoderma) or bacterial blotch: the bag is discarded",
        },
        "probability_meaning": "The share of training bags with each outcome under the rule the bag matches "
        "(Laplace-smoothed); the three add up to 1.",
    },
}


class DecisionList:
    """An ordered list of one-feature rules; the first rule that matches a row gives its label probabilities."""

    _estimator_type = "classifier"

    def __init__(self, max_rules: int = 8, min_cover: int = 15) -> None:
        self.max_rules = max_rules
        self.min_cover = min_cover

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """The constructor's parameters (scikit-learn's estimator interface)."""
        return {"max_rules": self.max_rules, "min_cover": self.min_cover}

    def set_params(self, **params: Any) -> DecisionList:
        """Set constructor parameters (scikit-learn's estimator interface)."""
        for key, value in params.items():
            setattr(self, key, value)
        return self

    def _dist(self, y: Any) -> Any:
        import numpy as np

        counts = np.array([(y == c).sum() for c in self.classes_], dtype=float)
        return (counts + 1.0) / (counts.sum() + len(self.classes_))

    def fit(self, X: Any, y: Any) -> DecisionList:
        """Learn the model from a DataFrame `X` of the features and the labels `y`."""
        import numpy as np

        self.feature_names_in_ = np.array(list(X.columns), dtype=object)
        self.n_features_in_ = len(self.feature_names_in_)
        self.classes_ = np.unique(np.asarray(y))
        values = X.to_numpy(dtype=float)
        y = np.asarray(y)
        left = np.ones(len(y), dtype=bool)
        self.rules_: list[tuple[int, str, float, Any]] = []
        for _ in range(self.max_rules):
            best = None
            for j in range(values.shape[1]):
                column = values[:, j]
                distinct = np.unique(column[left])
                if len(distinct) <= 6:
                    tests = [("==", v) for v in distinct]
                else:
                    cuts = np.unique(np.quantile(column[left], np.linspace(0.1, 0.9, 9)))
                    tests = [(op, c) for c in cuts for op in ("<=", ">")]
                for op, cut in tests:
                    hit = left & self._match(column, op, cut)
                    if hit.sum() < self.min_cover:
                        continue
                    dist = self._dist(y[hit])
                    score = dist.max() - 0.002 * (left.sum() - hit.sum()) / max(left.sum(), 1)
                    if best is None or score > best[0]:
                        best = (score, j, op, float(cut), dist, hit)
            if best is None or left.sum() - best[5].sum() < self.min_cover:
                break
            _, j, op, cut, dist, hit = best
            self.rules_.append((j, op, round(cut, 1), dist))
            left &= ~hit
        self.default_ = self._dist(y[left])
        return self

    @staticmethod
    def _match(column: Any, op: str, cut: float) -> Any:
        if op == "==":
            return column == cut
        if op == "<=":
            return column <= cut
        return column > cut

    def predict_proba(self, X: Any) -> Any:
        """Each class's probability for each row of `X` (columns in the order of `classes_`)."""
        import numpy as np

        values = (
            X[list(self.feature_names_in_)].to_numpy(dtype=float)
            if hasattr(X, "columns")
            else np.asarray(X, dtype=float)
        )
        out = np.tile(self.default_, (len(values), 1))
        done = np.zeros(len(values), dtype=bool)
        for j, op, cut, dist in self.rules_:
            hit = ~done & self._match(values[:, j], op, cut)
            out[hit] = dist
            done |= hit
        return out

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

    rng = np.random.default_rng(26090)
    n = SIZE
    frame = pd.DataFrame(
        {
            "bag_id": np.arange(FIRST_ID, FIRST_ID + n),
            "substrateMoist_pct": np.round(np.clip(rng.normal(64, 4, n), 52, 76)),
            "spawnRate_pct": np.round(np.clip(rng.normal(6, 2, n), 2, 12), 1),
            "incubDays": rng.integers(12, 41, n),
            "roomTemp_C": np.round(np.clip(rng.normal(19, 3, n), 12, 28), 1),
            "CO2_ppm": np.round(np.clip(rng.normal(1000, 350, n), 400, 2400), -1),
            "bag_kg": np.round(rng.uniform(2.0, 6.0, n), 1),
            "STRAIN": rng.choice(4, n, p=[0.4, 0.2, 0.25, 0.15]),
            "pasteurised": rng.choice(2, n, p=[0.3, 0.7]),
        }
    )
    risk = (
        0.25 * (frame.substrateMoist_pct - 64)
        + 0.18 * (frame.roomTemp_C - 19)
        - 2.6 * frame.pasteurised
        - 0.15 * (frame.spawnRate_pct - 6)
        + rng.normal(0, 0.8, n)
    )
    weak = (
        0.0025 * (frame.CO2_ppm - 1000)
        + 0.08 * (frame.incubDays - 26)
        + 0.6 * (frame.STRAIN == 3)
        - 0.25 * (frame.spawnRate_pct - 6)
        + rng.normal(0, 0.8, n)
    )
    frame["flush"] = np.where(risk > -0.4, 2, np.where(weak > 0.3, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 80 bags the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(90).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bag host in memory, its model fitted on the bags outside `held_out_ids()`."""
    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.bag_id.isin(test)]
    model = DecisionList().fit(train[FEATURES], train.flush)
    return host_from_model(model, frame[["bag_id", *FEATURES, "flush"]], test_ids=test, **BAG_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
