"""The invented `airdrop` host of writer w38: helicopter supply flights to alpine huts, one row per planned flight.

`load_host()` fits a small synthetic model (a seeded logistic model trained by stochastic gradient descent,
`SGDClassifier(loss="log_loss")`, behind a scaler and a one-hot encoder for the hut) on 240 of the 300 flights and
builds the host from the model, the frame, the ids of the 60 held-out flights and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: a flight is `flown` or `scrubbed`. Nothing here comes from a data
set: the domain, its columns and its words were invented by w38.

    python simxai/eval_suite/router_training/people/w38/host_airdrop.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["AIRDROP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 108801
SIZE = 300
NUMERIC = ["CloudBaseM", "WindKmh", "VisibilityKm", "LoadKg", "TempC", "HutAltitudeM"]
CATEGORICAL = ["Hut"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
AIRDROP_CONFIG: dict[str, Any] = {
    "name": "hut supply flights",
    "target": "Outcome",
    "class_names": {"0": "flown", "1": "scrubbed"},
    "instance_noun": "flight",
    "id_column": "FlightNo",
    "categorical_features": CATEGORICAL,
    "category_names": {"Hut": {"0": "glacier_hut", "1": "ridge_hut", "2": "pasture_hut"}},
    "immutable_features": ["Hut", "HutAltitudeM"],
    "feature_aliases": {
        "Hut": ["hut", "refuge", "destination"],
        "CloudBaseM": ["cloud base", "ceiling", "cloud ceiling"],
        "WindKmh": ["wind", "wind speed", "gusts"],
        "VisibilityKm": ["visibility", "vis"],
        "LoadKg": ["load", "payload", "sling load", "cargo"],
        "TempC": ["temperature", "temp", "air temperature"],
        "HutAltitudeM": ["hut altitude", "altitude", "elevation"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Planned helicopter supply flights to three invented alpine huts, one row per flight, with "
        "whether it was flown or scrubbed on the day.",
        "feature_descriptions": {
            "Hut": "the destination hut: glacier_hut, ridge_hut or pasture_hut",
            "CloudBaseM": "cloud base above sea level at take-off time, in metres",
            "WindKmh": "wind at the hut, in kilometres per hour",
            "VisibilityKm": "visibility at the valley base, in kilometres",
            "LoadKg": "sling load planned for the flight, in kilograms",
            "TempC": "air temperature at the hut, in degrees Celsius",
            "HutAltitudeM": "altitude of the hut's landing spot, in metres",
        },
        "target_description": "whether the supply flight was flown on the planned day or scrubbed",
        "model_description": "A linear classifier with a logistic loss, trained by stochastic gradient descent "
        "on the scaled columns; the hut one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic flights; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic flights, invented for testing; not a real operator's log.",
            "Knows nothing of icing, pilot duty hours or a rescue call taking the machine.",
        ],
        "label_meanings": {
            "flown": "the helicopter delivered the load on the planned day",
            "scrubbed": "the flight was called off on the day and moved",
        },
        "probability_meaning": "The logistic model's estimate of each outcome (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(108808)
    n = SIZE
    hut = rng.choice(3, n, p=[0.35, 0.40, 0.25])
    altitude = np.where(hut == 0, 2950, np.where(hut == 1, 2480, 1820)) + rng.integers(-40, 41, n)
    cloud = np.round(np.clip(rng.normal(2900, 700, n), 900, 4500), -1)
    frame = pd.DataFrame(
        {
            "FlightNo": np.arange(FIRST_ID, FIRST_ID + n),
            "Hut": hut,
            "CloudBaseM": cloud.astype(int),
            "WindKmh": np.round(np.clip(rng.gamma(2.2, 11, n), 2, 95)).astype(int),
            "VisibilityKm": np.round(np.clip(rng.normal(18, 9, n), 0.5, 40), 1),
            "LoadKg": np.round(np.clip(rng.normal(650, 180, n), 150, 1000), -1).astype(int),
            "TempC": np.round(np.clip(rng.normal(4, 6, n), -15, 18)).astype(int),
            "HutAltitudeM": altitude.astype(int),
        }
    )
    margin = (frame.CloudBaseM - frame.HutAltitudeM) / 300
    risk = (
        -0.9 * margin
        + 0.07 * frame.WindKmh
        - 0.08 * frame.VisibilityKm
        + 0.003 * frame.LoadKg
        - 0.03 * frame.TempC
        + rng.normal(0, 0.9, n)
    )
    frame["Outcome"] = (risk > 0.9).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 flights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1088).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented airdrop host in memory, its model fitted on the flights outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.FlightNo.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ]
                ),
            ),
            ("sgd", SGDClassifier(loss="log_loss", alpha=0.001, max_iter=2000, random_state=0)),
        ]
    )
    model.fit(train[FEATURES], train.Outcome)
    return host_from_model(model, frame[["FlightNo", *FEATURES, "Outcome"]], test_ids=test, **AIRDROP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
