"""The invented `inverter` host of fresh set M: solar-panel inverters rated healthy, degrading or failed.

`load_host()` fits a small synthetic condition model (a seeded support vector classifier with an RBF kernel and
Platt-scaled probabilities, `SVC(probability=True)`, behind a one-hot encoding of the categories and a standard
scaling of the numbers, in a scikit-learn `Pipeline`) on the inverters outside the host's stratified held-out
split, and builds the host from the model, the frame and the fields of its host config with
`simxai.hosts.host_from_model` (the same host `--host-config` would load from those files). A kernel SVM is
neither a tree ensemble nor linear, so the host explains it with its model-agnostic SHAP fallback. Nothing here
comes from a data set: the solar fleet, its columns, its categories and its words were invented for set M, so
that it measures a host nobody trained on. It has three labels.

    python evalsets/fresh-2026-12-03m/host_inverter.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "INVERTER_CONFIG", "TEST_SIZE", "load_host"]

FIRST_ID = 69001
SIZE = 400
#: The held-out share of the inverters: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "topology": ("string", "central", "micro"),
    "mounting": ("rooftop", "ground", "carport"),
    "climate": ("temperate", "desert", "coastal", "alpine"),
}
NUMERIC = ("age_years", "heatsink_temp_c", "efficiency_pct", "grid_faults", "capacitor_esr", "load_ratio")
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
INVERTER_CONFIG: dict[str, Any] = {
    "name": "solar inverter condition",
    "target": "condition",
    "class_names": {"0": "healthy", "1": "degrading", "2": "failed"},
    "instance_noun": "inverter",
    "id_column": "inverter_id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["topology"],
    "feature_aliases": {
        "age_years": ["age", "years in service", "service age"],
        "heatsink_temp_c": ["heatsink temperature", "temperature", "temp", "heat"],
        "efficiency_pct": ["efficiency", "conversion efficiency"],
        "grid_faults": ["faults", "grid faults", "trips", "fault count"],
        "capacitor_esr": ["esr", "capacitor resistance", "capacitor wear"],
        "load_ratio": ["load", "dc/ac ratio", "loading", "oversizing"],
        "topology": ["inverter type", "type", "design"],
        "mounting": ["mount", "installation", "site type"],
        "climate": ["climate zone", "weather", "zone"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    # The model-agnostic SHAP fallback evaluates every coalition on each background row: 20 keep the SVM to seconds.
    "background_size": 20,
    "cards": {
        "description": "Grid-tied solar inverters of an invented installer's maintenance fleet, one row per "
        "inverter at its last yearly inspection, with the condition the field technician recorded.",
        "feature_descriptions": {
            "age_years": "how many years the inverter has been in service",
            "heatsink_temp_c": "the mean heatsink temperature at midday over the last summer, in degrees Celsius",
            "efficiency_pct": "the measured DC-to-AC conversion efficiency, in percent",
            "grid_faults": "how many grid-fault trips the inverter logged in the last twelve months",
            "capacitor_esr": "the DC-link capacitors' equivalent series resistance relative to new (1.0 = new)",
            "load_ratio": "the DC/AC ratio: panel power over the inverter's rated power",
            "topology": "the inverter design: string, central or micro",
            "mounting": "where the installation is: rooftop, ground or carport",
            "climate": "the site's climate zone: temperate, desert, coastal or alpine",
        },
        "target_description": "the condition recorded at the inspection: healthy (working to specification), "
        "degrading (working, but losing output or showing wear; service due) or failed (tripped out or not "
        "producing; replacement or repair needed)",
        "model_description": "A support vector classifier with an RBF kernel (C 1.0, gamma 'scale') and "
        "Platt-scaled probabilities (probability=True) on the standard-scaled numbers and one-hot encoded "
        "categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic inverters (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic inverters of an invented installer, made up for testing; not real equipment.",
            "The probabilities come from Platt scaling fitted by internal cross-validation, so they can disagree "
            "slightly with the predicted label near a boundary.",
        ],
        "label_meanings": {
            "healthy": "the inverter works to specification",
            "degrading": "the inverter works but shows wear or lost output; service is due",
            "failed": "the inverter has failed or keeps tripping; it needs repair or replacement",
        },
        "probability_meaning": "The Platt-scaled probability of each condition given the inverter's readings.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(6901)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    frame = pd.DataFrame(
        {
            "inverter_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age_years": np.clip(rng.gamma(2.5, 2.6, n).round(), 0, 20).astype(int),
            "heatsink_temp_c": np.clip(rng.normal(52, 8, n), 30, 80).round(1),
            "efficiency_pct": np.clip(rng.normal(96.0, 1.2, n), 91.0, 98.6).round(1),
            "grid_faults": np.clip(rng.poisson(2.0, n), 0, 12).astype(int),
            "capacitor_esr": np.clip(rng.lognormal(0.15, 0.25, n), 0.9, 3.0).round(2),
            "load_ratio": np.clip(rng.normal(1.2, 0.12, n), 0.9, 1.6).round(2),
            "topology": pick("topology", [0.55, 0.2, 0.25]),
            "mounting": pick("mounting", [0.5, 0.35, 0.15]),
            "climate": pick("climate", [0.4, 0.25, 0.2, 0.15]),
        }
    )
    wear = (
        0.12 * frame.age_years
        + 0.05 * (frame.heatsink_temp_c - 50).clip(lower=0)
        + 0.5 * (96.5 - frame.efficiency_pct).clip(lower=0)
        + 1.2 * (frame.capacitor_esr - 1.0)
        + 1.5 * (frame.load_ratio - 1.25).clip(lower=0)
        + frame.climate.map({"temperate": 0.0, "desert": 0.35, "coastal": 0.25, "alpine": 0.1})
        + frame.mounting.map({"rooftop": 0.15, "ground": 0.0, "carport": -0.05})
        + frame.topology.map({"string": 0.0, "central": 0.1, "micro": -0.2})
        + rng.normal(0, 0.35, n)
    )
    trouble = (
        0.35 * frame.grid_faults
        + 1.6 * (frame.capacitor_esr - 1.5).clip(lower=0)
        + 0.06 * (frame.heatsink_temp_c - 62).clip(lower=0)
        + 0.4 * (94.0 - frame.efficiency_pct).clip(lower=0)
        + frame.climate.map({"temperate": 0.0, "desert": 0.2, "coastal": 0.3, "alpine": 0.0})
        + rng.normal(0, 0.4, n)
    )
    condition = np.where(trouble > 1.35, 2, np.where(wear > 1.75, 1, 0))
    frame["condition"] = condition
    return frame


def load_host() -> TabularHost:
    """Build the invented inverter host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import SVC

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("inverter_id", "condition")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame.condition.to_numpy(), TEST_SIZE, INVERTER_CONFIG["seed"])
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
            ("svm", SVC(probability=True, random_state=0)),
        ]
    )
    with warnings.catch_warnings():
        # scikit-learn 1.9 deprecates `probability=True`; the host is meant to use it (Platt scaling in the SVC).
        warnings.simplefilter("ignore", FutureWarning)
        model.fit(frame[features].iloc[train], frame.condition.iloc[train])
    return host_from_model(model, frame, **INVERTER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
