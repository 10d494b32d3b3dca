"""The invented `showcase` host of writer w24: a regional museum's display cases and their monthly climate check.

`load_host()` fits a small synthetic model (a nu-support vector classifier with Platt-scaled probabilities, behind a
one-hot encoder and a scaler, fitted on 320 of the 400 showcases) and builds the host from the model, the frame, the
ids of the 80 held-out showcases and the fields of its host config with `simxai.hosts.host_from_model`, following
the pattern of w23's hosts. It has two labels: at next month's environmental check a showcase stays `in_spec`
(relative humidity and temperature inside the loan agreements' bands) or `out_of_spec`. Nothing here comes from a
data set: the domain, its columns and its words were invented by w24 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w24/host_showcase.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SHOWCASE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 86001
SIZE = 400
NUMERIC = [
    "rh_mean_pct",
    "rh_swing_pct",
    "temp_mean_c",
    "silica_gel_weeks",
    "door_openings",
    "case_age_years",
]
CATEGORICAL = ["gallery", "seal_replaced"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SHOWCASE_CONFIG: dict[str, Any] = {
    "name": "showcase climate checks",
    "target": "next_check",
    "class_names": {"0": "in_spec", "1": "out_of_spec"},
    "instance_noun": "showcase",
    "id_column": "case_no",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "gallery": {"0": "ground_floor", "1": "first_floor", "2": "basement"},
        "seal_replaced": {"0": "no", "1": "yes"},
    },
    "immutable_features": ["case_age_years", "gallery"],
    "feature_aliases": {
        "rh_mean_pct": ["rh", "humidity", "relative humidity", "mean rh"],
        "rh_swing_pct": ["swing", "rh swing", "daily swing", "humidity swing", "fluctuation"],
        "temp_mean_c": ["temperature", "temp", "degrees"],
        "silica_gel_weeks": ["silica gel", "silica", "gel", "art sorb", "buffer"],
        "door_openings": ["openings", "times opened", "door opened", "access"],
        "case_age_years": ["case age", "how old", "age of the case"],
        "gallery": ["floor", "room", "where it is"],
        "seal_replaced": ["seals", "gaskets", "new seals", "reseal"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Display cases (showcases) of an invented regional museum, one row per case with its last "
        "month of logger readings, used to plan the next monthly environmental check.",
        "feature_descriptions": {
            "rh_mean_pct": "mean relative humidity inside the case last month, in %",
            "rh_swing_pct": "mean daily swing of relative humidity inside the case last month, in percentage points",
            "temp_mean_c": "mean temperature inside the case last month, in degrees C",
            "silica_gel_weeks": "weeks since the case's silica gel buffer was last reconditioned",
            "door_openings": "times the case was opened last month (installs, cleaning, checks)",
            "case_age_years": "age of the showcase in years",
            "gallery": "where the case stands: ground_floor, first_floor or basement",
            "seal_replaced": "whether the door seals (gaskets) have been replaced in the last two years: no or yes",
        },
        "target_description": "the result of next month's environmental check: in spec (humidity and temperature "
        "inside the bands the lenders require) or out of spec",
        "model_description": "Nu-support vector classifier (RBF kernel, nu 0.4) with Platt-scaled probabilities, on "
        "one-hot encoded gallery and seal status and scaled numeric columns.",
        "training": "Fitted on 320 of the 400 synthetic showcases; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic showcases, invented for testing; not a real museum's logger records.",
            "Does not know what is inside a case, the season, the visitor numbers or the building's air handling.",
            "Its probabilities come from a cross-validated Platt scaling and can disagree slightly with its label "
            "near 50 %.",
        ],
        "label_meanings": {
            "in_spec": "humidity and temperature stay inside the agreed bands at next month's check",
            "out_of_spec": "the case drifts outside the bands: recondition the gel, reseal or move loaned objects",
        },
        "probability_meaning": "The model's estimated probability of each of the two check results (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(86086)
    n = SIZE
    frame = pd.DataFrame(
        {
            "case_no": np.arange(FIRST_ID, FIRST_ID + n),
            "rh_mean_pct": np.round(np.clip(rng.normal(50, 5.5, n), 35, 66)),
            "rh_swing_pct": np.round(np.clip(rng.gamma(2.5, 2.0, n), 1, 18), 1),
            "temp_mean_c": np.round(np.clip(rng.normal(20.5, 1.8, n), 16, 26), 1),
            "silica_gel_weeks": rng.integers(0, 53, n),
            "door_openings": rng.poisson(4.0, n),
            "case_age_years": rng.integers(1, 61, n),
            "gallery": rng.choice(3, n, p=[0.45, 0.35, 0.2]),
            "seal_replaced": rng.choice(2, n, p=[0.55, 0.45]),
        }
    )
    drift = (
        0.09 * np.abs(frame.rh_mean_pct - 50)
        + 0.22 * frame.rh_swing_pct
        + 0.25 * np.abs(frame.temp_mean_c - 20)
        + 0.045 * frame.silica_gel_weeks
        + 0.15 * frame.door_openings
        + 0.02 * frame.case_age_years
        + 0.6 * (frame.gallery == 2)
        - 0.9 * frame.seal_replaced
        + rng.normal(0, 0.6, n)
    )
    frame["next_check"] = (drift > 3.6).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 showcases the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(86).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented showcase host in memory, its model fitted on the cases outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import NuSVC

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.case_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("svc", NuSVC(nu=0.4, kernel="rbf", gamma="scale", probability=True, random_state=0)),
        ]
    )
    with warnings.catch_warnings():  # scikit-learn 1.9 deprecates `probability=True`; it still fits the same way
        warnings.simplefilter("ignore", FutureWarning)
        model.fit(train[FEATURES], train.next_check)
    return host_from_model(model, frame[["case_no", *FEATURES, "next_check"]], test_ids=test, **SHOWCASE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
