"""The invented `observatory` host of writer w67: public stargazing nights at a hilltop observatory.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the site as its
code, no `Pipeline`) on 240 of the 300 booked nights and builds the host from the model, the frame, the ids of the
60 held-out nights and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: on
the afternoon before, a night is called `go`, `limited` (naked-eye talk and the small scopes only) or `cancel`.
Nothing here comes from a data set: the domain, its columns and its words were invented by w67 so that the router
meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w67/host_observatory.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["OBSERVATORY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 144601
SIZE = 300
FEATURES = [
    "site",
    "cloud cover (%)",
    "wind (km/h)",
    "SeeingArcsec",
    "moon_illum",
    "dew gap (C)",
    "tickets_sold",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
OBSERVATORY_CONFIG: dict[str, Any] = {
    "name": "stargazing night calls",
    "target": "night_call",
    "class_names": {"0": "go", "1": "limited", "2": "cancel"},
    "instance_noun": "night",
    "id_column": "night_no",
    "category_names": {"site": {"0": "north dome", "1": "roll off shed", "2": "lawn pads"}},
    "immutable_features": ["site"],
    "feature_aliases": {
        "site": ["site", "where", "which scope site"],
        "cloud cover (%)": ["cloud", "clouds", "cloud cover", "overcast"],
        "wind (km/h)": ["wind", "wind speed", "gusts"],
        "SeeingArcsec": ["seeing", "seeing arcsec", "arcsec"],
        "moon_illum": ["moon", "moon illumination", "moonlight", "moon phase"],
        "dew gap (C)": ["dew gap", "dew point gap", "dew margin"],
        "tickets_sold": ["tickets", "tickets sold", "bookings", "sold"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Public stargazing nights at an invented hilltop observatory, one row per booked night, with "
        "the duty astronomer's call made the afternoon before.",
        "feature_descriptions": {
            "site": "where the session is held: the north dome, the roll off shed or the lawn pads",
            "cloud cover (%)": "forecast cloud cover for the session, in per cent",
            "wind (km/h)": "forecast mean wind at the site, in km/h",
            "SeeingArcsec": "forecast seeing in arcseconds (smaller is steadier air)",
            "moon_illum": "how much of the moon is lit, in per cent",
            "dew gap (C)": "forecast gap between air temperature and dew point, in degrees Celsius",
            "tickets_sold": "tickets sold for the session",
        },
        "target_description": "the duty astronomer's call: go, limited or cancel",
        "model_description": "A random forest (60 trees of depth 5) on the raw numbers, the site as its code.",
        "training": "Fitted on 240 of the 300 synthetic nights; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic nights, invented for testing; not a real observatory's diary.",
            "Does not know the forecast's own uncertainty, the volunteers on duty or road conditions.",
        ],
        "label_meanings": {
            "go": "the full programme runs, domes open",
            "limited": "a shortened session with the small scopes and a talk",
            "cancel": "the night is called off and tickets refunded",
        },
        "probability_meaning": "The share of the forest's trees voting for each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(144617)
    n = SIZE
    site = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "night_no": np.arange(FIRST_ID, FIRST_ID + n),
            "site": site,
            "cloud cover (%)": rng.integers(0, 101, n),
            "wind (km/h)": rng.integers(0, 61, n),
            "SeeingArcsec": np.round(rng.uniform(0.8, 4.0, n), 1),
            "moon_illum": rng.integers(0, 101, n),
            "dew gap (C)": np.round(rng.uniform(0.0, 12.0, n), 1),
            "tickets_sold": rng.integers(0, 61, n),
        }
    )
    badness = (
        0.035 * frame["cloud cover (%)"]
        + 0.03 * frame["wind (km/h)"] * (1 + 0.6 * (site == 2))
        + 0.5 * frame.SeeingArcsec
        + 0.008 * frame.moon_illum
        - 0.15 * frame["dew gap (C)"]
        - 0.3 * (site == 0)
        + rng.normal(0, 0.4, n)
    )
    low, high = np.quantile(badness, [0.45, 0.78])
    frame["night_call"] = np.where(badness > high, 2, np.where(badness > low, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 nights the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1446).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented observatory host in memory, its model fitted on the nights outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.night_no.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=5, random_state=0)
    model.fit(train[FEATURES], train.night_call)
    return host_from_model(model, frame[["night_no", *FEATURES, "night_call"]], test_ids=test, **OBSERVATORY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
