"""The invented `observatory` host of writer w68: the go / no-go call on each night at a club's hilltop observatory.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the telescope as
its code, no `Pipeline`) on 240 of the 300 nights and builds the host from the model, the frame, the ids of the 60
held-out nights and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: at dusk
the night's duty observer says `observe` (open the dome), `standby` (wait and check again) or `close` (stay shut).
Nothing here comes from a data set: the domain, its columns and its words were invented by w68 so that the router
meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w68/host_observatory.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["OBSERVATORY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 145601
SIZE = 300
FEATURES = [
    "telescope",
    "cloud cover (%)",
    "seeing (arcsec)",
    "wind_speed_kmh",
    "DewGap",
    "hours to dawn",
    "MoonIllumination",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
OBSERVATORY_CONFIG: dict[str, Any] = {
    "name": "observatory night calls",
    "target": "night_call",
    "class_names": {"0": "observe", "1": "standby", "2": "close"},
    "instance_noun": "night",
    "id_column": "night_log_no",
    "category_names": {"telescope": {"0": "big dome", "1": "west refractor", "2": "roll off shed"}},
    "immutable_features": ["telescope"],
    "feature_aliases": {
        "telescope": ["scope", "instrument", "which telescope"],
        "cloud cover (%)": ["cloud", "clouds", "cloud cover", "overcast"],
        "seeing (arcsec)": ["seeing", "arcsec", "turbulence"],
        "wind_speed_kmh": ["wind", "wind speed", "gusts"],
        "DewGap": ["dew gap", "dew point gap", "dew margin"],
        "hours to dawn": ["dark hours", "hours left", "time to dawn"],
        "MoonIllumination": ["moon", "moonlight", "moon phase", "lunar illumination"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "The duty observer's call at dusk on each night at an invented astronomy club's hilltop "
        "observatory, one row per telescope per night.",
        "feature_descriptions": {
            "telescope": "which instrument the night is booked on: big dome, west refractor or roll off shed",
            "cloud cover (%)": "share of the sky covered by cloud at dusk, in per cent",
            "seeing (arcsec)": "atmospheric seeing at dusk in arcseconds (smaller is steadier)",
            "wind_speed_kmh": "wind speed at the mast at dusk, in km/h",
            "DewGap": "degrees Celsius between the air temperature and the dew point",
            "hours to dawn": "hours of darkness left after the call",
            "MoonIllumination": "how much of the moon is lit, in per cent",
        },
        "target_description": "the duty observer's call: observe, standby or close",
        "model_description": "A random forest (60 trees, at most 5 levels deep) on the raw numbers, the telescope "
        "as its code.",
        "training": "Fitted on 240 of the 300 synthetic nights; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic nights, invented for testing; not a real observatory's log.",
            "Does not know the forecast for later in the night, the target list or who is on duty.",
        ],
        "label_meanings": {
            "observe": "open up and observe now",
            "standby": "keep the dome shut and check again in an hour",
            "close": "no observing tonight",
        },
        "probability_meaning": "The share of the forest's trees voting for each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(145611)
    n = SIZE
    scope = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "night_log_no": np.arange(FIRST_ID, FIRST_ID + n),
            "telescope": scope,
            "cloud cover (%)": rng.integers(0, 101, n),
            "seeing (arcsec)": np.round(rng.uniform(0.6, 4.0, n), 1),
            "wind_speed_kmh": rng.integers(0, 56, n),
            "DewGap": np.round(rng.uniform(0.0, 12.0, n), 1),
            "hours to dawn": np.round(rng.uniform(2.0, 11.0, n), 1),
            "MoonIllumination": rng.integers(0, 101, n),
        }
    )
    badness = (
        0.035 * frame["cloud cover (%)"]
        + 0.5 * frame["seeing (arcsec)"]
        + 0.03 * frame.wind_speed_kmh * (1 + (scope == 0))
        - 0.15 * frame.DewGap
        - 0.12 * frame["hours to dawn"]
        + 0.008 * frame.MoonIllumination
        + rng.normal(0, 0.4, n)
    )
    low, high = np.quantile(badness, [0.45, 0.75])
    frame["night_call"] = np.where(badness > high, 2, np.where(badness > low, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 nights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1456).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented observatory host in memory, its model fitted on the nights outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.night_log_no.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=5, random_state=0)
    model.fit(train[FEATURES], train.night_call)
    return host_from_model(model, frame[["night_log_no", *FEATURES, "night_call"]], test_ids=test, **OBSERVATORY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
