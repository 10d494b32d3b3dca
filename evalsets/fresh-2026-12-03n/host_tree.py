"""The invented `tree` host of fresh set N: a city's street trees rated healthy, declining or remove.

`load_host()` fits a small synthetic condition model (a seeded one-vs-rest logistic regression,
`OneVsRestClassifier(LogisticRegression())`, one binary logistic model per label, behind a one-hot encoding of the
categories and a standard scaling of the numbers, in a scikit-learn `Pipeline`) on the trees outside the host's
stratified held-out split, and builds the host from the model, the frame and the fields of its host config with
`simxai.hosts.host_from_model` (the same host `--host-config` would load from those files). Nothing here comes from
a data set: the street-tree inventory, its columns, its categories and its words were invented for set N, so that
it measures a host nobody trained on. It has three labels.

    python evalsets/fresh-2026-12-03n/host_tree.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "TEST_SIZE", "TREE_CONFIG", "load_host"]

FIRST_ID = 78001
SIZE = 400
#: The held-out share of the trees: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "species": ("plane", "linden", "maple", "oak", "ash"),
    "site": ("sidewalk", "median", "park"),
}
NUMERIC = ("trunk_diameter_cm", "age_years", "canopy_dieback_pct", "lean_deg", "pit_area_m2", "trunk_decay_pct")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TREE_CONFIG: dict[str, Any] = {
    "name": "street tree condition",
    "target": "condition",
    "class_names": {"0": "healthy", "1": "declining", "2": "remove"},
    "instance_noun": "tree",
    "id_column": "tree_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["species"],
    "feature_aliases": {
        "trunk_diameter_cm": ["diameter", "trunk diameter", "dbh", "girth"],
        "age_years": ["age", "years", "tree age"],
        "canopy_dieback_pct": ["dieback", "canopy dieback", "crown dieback"],
        "lean_deg": ["lean", "tilt", "lean angle"],
        "pit_area_m2": ["pit area", "tree pit", "pit size", "soil area"],
        "trunk_decay_pct": ["decay", "trunk decay", "rot", "cavity"],
        "species": ["tree type", "kind of tree"],
        "site": ["location type", "setting", "planting site"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Street trees of an invented city's tree inventory, one row per tree at its last survey, "
        "with the condition the city arborist recorded.",
        "feature_descriptions": {
            "trunk_diameter_cm": "the trunk diameter at breast height (1.3 m), in centimetres",
            "age_years": "the tree's estimated age, in years",
            "canopy_dieback_pct": "the share of the crown with dead twigs or branches, in percent",
            "lean_deg": "how far the trunk leans from vertical, in degrees",
            "pit_area_m2": "the open soil area of the tree pit around the trunk, in square metres",
            "trunk_decay_pct": "the share of the trunk's cross-section lost to decay (from a resistance drill), "
            "in percent",
            "species": "the tree's species: plane, linden, maple, oak or ash",
            "site": "where it grows: sidewalk, median strip or park",
        },
        "target_description": "the condition recorded at the survey: healthy (no action), declining (losing "
        "vigour; treat and monitor) or remove (unsafe or dying; schedule removal)",
        "model_description": "A one-vs-rest logistic regression (OneVsRestClassifier over LogisticRegression, "
        "C 1.0, lbfgs) on the standard-scaled numbers and one-hot encoded categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic trees (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic trees of an invented city, made up for testing; not a real inventory.",
            "One-vs-rest: each label's score comes from its own binary model and the scores are normalised to sum "
            "to one, so they are not calibrated jointly.",
            "Linear in the scaled features: it cannot capture thresholds or interactions on its own.",
        ],
        "label_meanings": {
            "healthy": "the tree is in good condition; no action needed",
            "declining": "the tree is losing vigour; treatment and monitoring are due",
            "remove": "the tree is unsafe or dying and should be removed",
        },
        "probability_meaning": "Each label's one-vs-rest logistic score, normalised so the three sum to one.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7801)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    age = np.clip(rng.gamma(3.0, 12.0, n).round(), 3, 140).astype(int)
    frame = pd.DataFrame(
        {
            "tree_id": np.arange(FIRST_ID, FIRST_ID + n),
            "trunk_diameter_cm": np.clip(age * 0.9 + rng.normal(0, 8, n), 5, 160).round(0).astype(int),
            "age_years": age,
            "canopy_dieback_pct": np.clip(rng.gamma(1.5, 10.0, n), 0, 90).round(0).astype(int),
            "lean_deg": np.clip(np.abs(rng.normal(0, 6, n)), 0, 35).round(0).astype(int),
            "pit_area_m2": np.clip(rng.lognormal(1.0, 0.5, n), 0.5, 12.0).round(1),
            "trunk_decay_pct": np.clip(rng.gamma(1.2, 8.0, n), 0, 70).round(0).astype(int),
            "species": pick("species", [0.3, 0.25, 0.2, 0.15, 0.1]),
            "site": pick("site", [0.55, 0.2, 0.25]),
        }
    )
    risk = (
        0.05 * frame.canopy_dieback_pct
        + 0.06 * frame.trunk_decay_pct
        + 0.08 * frame.lean_deg
        + 0.008 * frame.age_years
        - 0.15 * frame.pit_area_m2
        + frame.species.map({"plane": -0.3, "linden": 0.0, "maple": 0.2, "oak": -0.2, "ash": 0.9})
        + frame.site.map({"sidewalk": 0.3, "median": 0.4, "park": -0.3})
        + rng.normal(0, 0.5, n)
    )
    condition = np.where(risk > 2.5, 2, np.where(risk > 1.5, 1, 0))
    frame["condition"] = condition
    return frame


def load_host() -> TabularHost:
    """Build the invented street-tree host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.multiclass import OneVsRestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("tree_id", "condition")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.condition.to_numpy(), TEST_SIZE, TREE_CONFIG["seed"])
    model = Pipeline(
        [
            (
                "encode",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore"), list(CATEGORIES)),
                        ("numbers", StandardScaler(), list(NUMERIC)),
                    ]
                ),
            ),
            ("ovr", OneVsRestClassifier(LogisticRegression(max_iter=1000))),
        ]
    )
    model.fit(frame[features].iloc[train], frame.condition.iloc[train])
    return host_from_model(model, frame, **TREE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
