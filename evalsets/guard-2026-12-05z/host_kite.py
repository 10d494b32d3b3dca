"""The invented `kite` host of guard writer guardZ: single-line kites flown at a seaside kite festival.

`load_host()` builds a seeded frame of 300 kite launches (ids 119301-119600) logged by the marshals of an
invented seaside kite festival and fits scikit-learn's `GaussianNB` (var_smoothing 1e-6) on 240 of them; the
other 60 are held out for the performance figures. Each launch ends `soared` (climbed and held the sky),
`wobbled` (stayed up but looped and dived) or `crashed` (hit the sand). Nothing here comes from a data set: the
domain, its columns and its words were invented by guardZ.

    python evalsets/guard-2026-12-05z/host_kite.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["KITE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 119301
SIZE = 300
NUMERIC = ["wind_kmh", "LineLength (m)", "tailCm", "Sail Area (m2)", "GustSpread", "flyer_years"]
CATEGORICAL = ["SailCloth", "ReinforcedSpine"]
KITE_CONFIG: dict[str, Any] = {
    "name": "kite festival launch log",
    "target": "launch",
    "class_names": {"0": "soared", "1": "wobbled", "2": "crashed"},
    "instance_noun": "launch",
    "id_column": "launch_no",
    "category_names": {
        "SailCloth": {"0": "ripstop", "1": "mylar", "2": "tyvek"},
        "ReinforcedSpine": {"0": "False", "1": "True"},
    },
    "immutable_features": ["flyer_years"],
    "feature_aliases": {
        "wind_kmh": ["wind", "wind speed"],
        "LineLength (m)": ["line length", "line"],
        "tailCm": ["tail", "tail length"],
        "Sail Area (m2)": ["sail area", "sail size"],
        "GustSpread": ["gustiness", "gust spread"],
        "flyer_years": ["experience", "years flying"],
        "SailCloth": ["cloth", "sail cloth"],
        "ReinforcedSpine": ["spine", "reinforced spine"],
    },
    "seed": 0,
    "cards": {
        "description": "Kite launches logged by the marshals of an invented seaside kite festival, one row per launch.",
        "feature_descriptions": {
            "wind_kmh": "mean wind speed on the beach at launch, in km/h",
            "LineLength (m)": "length of flying line let out, in metres",
            "tailCm": "length of the kite's tail, in centimetres",
            "Sail Area (m2)": "area of the sail, in square metres",
            "GustSpread": "spread between gusts and lulls in the minute before launch, in km/h",
            "flyer_years": "years the flyer has been flying kites",
            "SailCloth": "sail fabric: ripstop, mylar or tyvek",
            "ReinforcedSpine": "whether the spine is a reinforced carbon rod (True) or plain wood (False)",
        },
        "target_description": "how the launch went in its first five minutes",
        "model_description": "scikit-learn GaussianNB (var_smoothing 1e-6); the sail cloth and the spine enter as "
        "their codes.",
        "training": "Fitted on 240 of the 300 synthetic launches; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic launches, invented for testing; not a real festival's log.",
            "Naive Bayes treats the columns as independent given the outcome, which wind and gusts are not.",
            "The sail cloth enters as a numeric code with one Gaussian per outcome.",
        ],
        "label_meanings": {
            "soared": "the kite climbed and held a steady place in the sky",
            "wobbled": "the kite stayed up but looped, dived or spun",
            "crashed": "the kite hit the sand within five minutes",
        },
        "probability_meaning": "The naive Bayes posterior probability of each outcome; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(1193)
    n = SIZE
    wind = np.round(np.clip(rng.normal(18, 7, n), 2, 45), 1)
    line = np.clip(np.round(rng.normal(40, 15, n)), 10, 90).astype(int)
    tail = np.clip(np.round(rng.normal(120, 50, n) / 5) * 5, 0, 300).astype(int)
    area = np.round(np.clip(rng.normal(1.2, 0.45, n), 0.3, 3.0), 2)
    gust = np.round(np.clip(rng.gamma(2.5, 3.0, n), 0, 30), 1)
    years = rng.integers(0, 26, n)
    cloth = rng.choice(3, n, p=[0.5, 0.2, 0.3])
    spine = rng.choice(2, n, p=[0.45, 0.55])
    frame = pd.DataFrame(
        {
            "launch_no": np.arange(FIRST_ID, FIRST_ID + n),
            "wind_kmh": wind,
            "LineLength (m)": line,
            "tailCm": tail,
            "Sail Area (m2)": area,
            "GustSpread": gust,
            "flyer_years": years,
            "SailCloth": cloth,
            "ReinforcedSpine": spine,
        }
    )
    wobble = 0.12 * (gust - 7.5) - 0.008 * (tail - 120) + 0.05 * (wind - 18) + 0.4 * (cloth == 1) - 0.04 * (years - 12)
    crash = 0.09 * np.abs(wind - 17) * 1.5 - 0.75 + 0.06 * (gust - 7.5) - 0.6 * spine + 0.5 * (area - 1.2)
    crash = crash - 0.03 * (years - 12) + rng.normal(0, 0.7, n)
    wobble = wobble + rng.normal(0, 0.7, n)
    outcome = np.zeros(n, dtype=int)
    outcome[(wobble > 0.4) & (wobble >= crash)] = 1
    outcome[(crash > 0.4) & (crash > wobble)] = 2
    frame["launch"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 60 launches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(2605).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented kite host in memory, fitted on the launches outside `held_out_ids()`."""
    from sklearn.naive_bayes import GaussianNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.launch_no.isin(test)]
    model = GaussianNB(var_smoothing=1e-6)
    model.fit(train[features], train.launch)
    return host_from_model(model, frame[["launch_no", *features, "launch"]], test_ids=test, **KITE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
