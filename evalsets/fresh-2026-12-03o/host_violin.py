"""The invented `violin` host of fresh set O: a string shop's intake of used violins rated playable, setup or restore.

`load_host()` fits a small synthetic intake model (a seeded **label spreading** model,
`sklearn.semi_supervised.LabelSpreading` with an RBF kernel, a graph-based semi-supervised classifier: a quarter of
the training violins are left unlabelled, as intake sheets without a bench verdict, and the labels spread to them
over the similarity graph) behind a one-hot encoding of the categories and a standard scaling of the numbers, in a
scikit-learn `Pipeline`, on the violins outside the host's stratified held-out split, and builds the host from the
model, the frame and the fields of its host config with `simxai.hosts.host_from_model` (the same host
`--host-config` would load from those files). Nothing here comes from a data set: the intake sheets, their
columns, their categories and their words were invented for set O, so that it measures a host nobody trained on.
It has three labels.

    python evalsets/fresh-2026-12-03o/host_violin.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "TEST_SIZE", "VIOLIN_CONFIG", "load_host"]

FIRST_ID = 83001
SIZE = 400
#: The held-out share of the violins: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
#: The share of the training violins whose verdict is hidden from the model (label spreading fills it in).
UNLABELLED = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "origin": ("german", "czech", "french", "chinese", "italian"),
    "size": ("full", "three_quarter", "half"),
}
NUMERIC = ("age_yrs", "crack_count", "neck_proj_mm", "action_e_mm", "storage_rh_pct", "months_since_service")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
VIOLIN_CONFIG: dict[str, Any] = {
    "name": "used violin intake",
    "target": "intake_verdict",
    "class_names": {"0": "playable", "1": "setup", "2": "restore"},
    "instance_noun": "violin",
    "id_column": "violin_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["origin", "size"],
    "feature_aliases": {
        "age_yrs": ["age", "years old", "how old"],
        "crack_count": ["cracks", "number of cracks", "top cracks"],
        "neck_proj_mm": ["neck projection", "projection", "neck angle"],
        "action_e_mm": ["action", "string height", "e string height"],
        "storage_rh_pct": ["humidity", "storage humidity", "rh", "relative humidity"],
        "months_since_service": ["last service", "since service", "service gap"],
        "origin": ["provenance", "school", "where it was made"],
        "size": ["fraction size", "violin size"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Used violins taken in by an invented string shop, one row per violin at intake, with the "
        "verdict the bench luthier gave it.",
        "feature_descriptions": {
            "age_yrs": "the violin's estimated age, in years",
            "crack_count": "the number of cracks found in the top and back",
            "neck_proj_mm": "the neck projection: the height of the fingerboard's line at the bridge, in "
            "millimetres (about 27 is right)",
            "action_e_mm": "the E string's height above the end of the fingerboard, in millimetres",
            "storage_rh_pct": "the relative humidity it was stored at before intake, in percent",
            "months_since_service": "months since its last workshop service",
            "origin": "where it was made: german, czech, french, chinese or italian",
            "size": "its fraction size: full (4/4), three_quarter (3/4) or half (1/2)",
        },
        "target_description": "the bench verdict at intake: playable (sell as it is), setup (needs a new bridge, "
        "soundpost or adjustment before sale) or restore (cracks or neck work; goes to the restoration bench)",
        "model_description": "A label spreading model (sklearn.semi_supervised.LabelSpreading, RBF kernel, gamma "
        "0.8, alpha 0.2): a graph-based semi-supervised classifier on the standard-scaled numbers and one-hot "
        "encoded categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic violins (seed 0), "
        f"with {UNLABELLED:.0%} of those left unlabelled; the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic violins of an invented shop, made up for testing; not a real intake register.",
            "Label spreading predicts from the similarity to the training violins: a violin unlike any of them "
            "gets a flat, uncertain score.",
            "A quarter of the training verdicts were hidden; the spread labels may be wrong where the classes mix.",
        ],
        "label_meanings": {
            "playable": "ready to sell or rent as it is",
            "setup": "needs a setup (bridge, soundpost, strings, adjustment) before sale",
            "restore": "needs restoration (crack repair, neck reset) on the restoration bench",
        },
        "probability_meaning": "Each label's share of the similarity-weighted spread labels of the training "
        "violins nearest to it; the three sum to one.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(8301)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    age = np.clip(rng.gamma(2.0, 30.0, n).round(), 2, 260).astype(int)
    frame = pd.DataFrame(
        {
            "violin_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age_yrs": age,
            "crack_count": np.clip(rng.poisson(0.4 + age / 80.0), 0, 9).astype(int),
            "neck_proj_mm": np.clip(rng.normal(26.8, 1.0, n), 23.0, 30.0).round(1),
            "action_e_mm": np.clip(rng.normal(3.8, 0.6, n), 2.5, 6.5).round(1),
            "storage_rh_pct": np.clip(rng.normal(48, 11, n), 20, 85).round(0).astype(int),
            "months_since_service": np.clip(rng.gamma(1.6, 14.0, n), 0, 120).round(0).astype(int),
            "origin": pick("origin", [0.32, 0.2, 0.13, 0.25, 0.1]),
            "size": pick("size", [0.62, 0.22, 0.16]),
        }
    )
    risk = (
        0.7 * frame.crack_count
        + 0.9 * np.clip(26.5 - frame.neck_proj_mm, 0, None)
        + 0.9 * (frame.action_e_mm - 3.5)
        + 0.05 * np.abs(frame.storage_rh_pct - 48)
        + 0.025 * frame.months_since_service
        + 0.003 * frame.age_yrs
        + frame.origin.map({"german": 0.0, "czech": 0.0, "french": -0.2, "chinese": 0.3, "italian": -0.3})
        + frame["size"].map({"full": 0.0, "three_quarter": 0.2, "half": 0.4})
        + rng.normal(0, 0.4, n)
    )
    frame["intake_verdict"] = np.where(risk > 3.3, 2, np.where(risk > 2.1, 1, 0))
    return frame


def load_host() -> TabularHost:
    """Build the invented violin-intake host in memory, its model fitted outside the config's held-out split."""
    import numpy as np
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.semi_supervised import LabelSpreading

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("violin_id", "intake_verdict")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.intake_verdict.to_numpy(), TEST_SIZE, VIOLIN_CONFIG["seed"])
    labels = frame.intake_verdict.iloc[train].to_numpy().copy()
    hidden = np.random.default_rng(8302).random(len(labels)) < UNLABELLED
    labels[hidden] = -1  # intake sheets without a bench verdict
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
            ("spread", LabelSpreading(kernel="rbf", gamma=0.8, alpha=0.2, max_iter=100)),
        ]
    )
    model.fit(frame[features].iloc[train], labels)
    return host_from_model(model, frame, **VIOLIN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
