"""The invented `candle` host of writer w62: beeswax candles poured in a beekeeping cooperative's wax workshop.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` behind a `ColumnTransformer` that
one-hot encodes the wick type and the True/False recycled-wax column and passes the numbers through, a `Pipeline`)
on 240 of the 300 candles and builds the host from the model, the frame, the ids of the 60 held-out candles and the
fields of its host config with `simxai.hosts.host_from_model`. It has three labels: in the workshop's four-hour
burn test a candle burns clean (`clean_burn`), burns a tunnel down its middle (`tunnels`) or smokes and soots
(`smokes`). Nothing here comes from a data set: the domain, its columns and its words were invented by w62 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w62/host_candle.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CANDLE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 132801
SIZE = 300
NUMERIC = [
    "wick width (mm)",
    "diameter (cm)",
    "PourTemp",
    "cure days",
    "wax purity (%)",
    "Height",
]
CATEGORICAL = ["wick_type", "recycled_wax"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CANDLE_CONFIG: dict[str, Any] = {
    "name": "beeswax candle burn tests",
    "target": "burn_test",
    "class_names": {"0": "clean_burn", "1": "tunnels", "2": "smokes"},
    "instance_noun": "candle",
    "id_column": "candle_no",
    "category_names": {"wick_type": {"0": "flat_cotton", "1": "square_cotton", "2": "wood"}},
    "immutable_features": ["wick_type"],
    "feature_aliases": {
        "wick_type": ["wick type", "type of wick", "the wick"],
        "recycled_wax": ["recycled wax", "recycled", "old wax", "remelted wax"],
        "wick width (mm)": ["wick width", "wick size", "width of the wick"],
        "diameter (cm)": ["diameter", "width of the candle", "thickness"],
        "PourTemp": ["pour temp", "pour temperature", "pouring temperature"],
        "cure days": ["cure", "curing", "days curing", "cure time"],
        "wax purity (%)": ["wax purity", "purity", "clean wax"],
        "Height": ["height", "how tall", "tall"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Beeswax candles poured in an invented beekeeping cooperative's wax workshop, one row per "
        "candle, judged in a four-hour burn test.",
        "feature_descriptions": {
            "wick_type": "the wick: flat braided cotton, square braided cotton or wood",
            "recycled_wax": "whether the wax was remelted from old candles and cappings (True/False)",
            "wick width (mm)": "width of the wick in millimetres",
            "diameter (cm)": "diameter of the candle in centimetres",
            "PourTemp": "temperature of the wax when it was poured, in degrees Celsius",
            "cure days": "days the candle cured on the shelf before the burn test",
            "wax purity (%)": "share of the wax that is clean filtered beeswax, in percent",
            "Height": "height of the candle in centimetres",
        },
        "target_description": "the candle in the burn test: burns clean, tunnels or smokes",
        "model_description": "A random forest of 80 trees on the raw numbers, the wick type and the recycled-wax "
        "column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic candles; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic candles, invented for testing; not a real workshop's burn log.",
            "Does not know the draught in the test room, the dye, the mould or who poured the candle.",
        ],
        "label_meanings": {
            "clean_burn": "the candle burns to an even melt pool without smoke",
            "tunnels": "the candle burns a hole down its middle and leaves a wall of wax",
            "smokes": "the flame is too big: the candle smokes and leaves soot",
        },
        "probability_meaning": "The share of the forest's trees that vote for each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(132862)
    n = SIZE
    wick = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    recycled = rng.random(n) < 0.35
    frame = pd.DataFrame(
        {
            "candle_no": np.arange(FIRST_ID, FIRST_ID + n),
            "wick_type": wick,
            "recycled_wax": recycled,
            "wick width (mm)": np.round(rng.uniform(2, 8, n), 1),
            "diameter (cm)": np.round(rng.uniform(3, 10, n), 1),
            "PourTemp": rng.integers(60, 91, n),
            "cure days": rng.integers(1, 31, n),
            "wax purity (%)": rng.integers(85, 101, n),
            "Height": rng.integers(5, 26, n),
        }
    )
    ratio = frame["wick width (mm)"] / frame["diameter (cm)"]
    smoke = (
        3.0 * (ratio - 0.9)
        + 0.9 * recycled
        - 0.12 * (frame["wax purity (%)"] - 92)
        + 0.4 * (wick == 2)
        + rng.normal(0, 0.5, n)
    )
    tunnel = (
        -3.0 * (ratio - 0.9)
        - 0.04 * (frame["cure days"] - 15)
        - 0.03 * (frame.PourTemp - 75)
        + 0.03 * (frame.Height - 15)
        + rng.normal(0, 0.5, n)
    )
    label = np.where(smoke > np.quantile(smoke, 0.72), 2, np.where(tunnel > np.quantile(tunnel, 0.55), 1, 0))
    frame["burn_test"] = label
    return frame


def held_out_ids() -> list[int]:
    """The 60 candles the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1328).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented candle host in memory, its model fitted on the candles outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.candle_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", "passthrough", NUMERIC),
                    ],
                ),
            ),
            ("forest", RandomForestClassifier(n_estimators=80, max_depth=6, min_samples_leaf=3, random_state=132)),
        ]
    )
    model.fit(train[FEATURES], train.burn_test)
    return host_from_model(model, frame[["candle_no", *FEATURES, "burn_test"]], test_ids=test, **CANDLE_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
