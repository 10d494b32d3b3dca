"""The invented `jukebox` host of guard writer gset43: an arcade restorer's yearly check of invented jukeboxes.

`load_host()` builds a seeded frame of 300 jukeboxes checked in one year (ids 148701-149000) and fits a
scikit-learn `RandomForestClassifier` on 240 of them; the other 60 are held out for the performance figures. Each
check ends in one of three verdicts: `play` (the jukebox stays on the floor as it is), `service` (it goes to the
bench for a service before it plays again) or `retire` (it is taken off the floor for parts). Nothing here comes
from a data set: the domain, its columns and its words were invented by gset43.

    python evalsets/guard-2026-12-07an/host_jukebox.py  # builds it, prints its schema and figures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["JUKEBOX_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 148701
SIZE = 300
NUMERIC = [
    "Cabinet Age (yr)",
    "needle_wear_pct",
    "SkippedTracks",
    "Hum Level [dB]",
    "selector lag ms",
]
CATEGORICAL = ["Mechanism", "coin_jam_seen"]
JUKEBOX_CONFIG: dict[str, Any] = {
    "name": "arcade jukebox check",
    "target": "bench_verdict",
    "class_names": {"0": "play", "1": "service", "2": "retire"},
    "instance_noun": "jukebox",
    "id_column": "jukebox_no",
    "category_names": {
        "Mechanism": {"0": "carousel", "1": "stack", "2": "disc"},
        "coin_jam_seen": {"0": "False", "1": "True"},
    },
    "immutable_features": ["Mechanism"],
    "feature_aliases": {
        "Cabinet Age (yr)": ["cabinet age", "age of the cabinet"],
        "needle_wear_pct": ["needle wear", "wear of the stylus"],
        "SkippedTracks": ["skipped tracks", "skips in the test run"],
        "Hum Level [dB]": ["hum level", "mains hum"],
        "selector lag ms": ["selector lag", "delay of the selector"],
        "Mechanism": ["mechanism", "how the records are changed"],
        "coin_jam_seen": ["coin jam seen", "jammed coin slot"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Jukeboxes checked by an invented arcade restorer over one year, one row per jukebox.",
        "feature_descriptions": {
            "Cabinet Age (yr)": "years since the cabinet was built",
            "needle_wear_pct": "wear of the stylus, in percent of its rated life",
            "SkippedTracks": "tracks that skipped during the 20-track test run, counted",
            "Hum Level [dB]": "mains hum measured at the speaker grille, in decibels",
            "selector lag ms": "time from pressing a selection to the changer moving, in milliseconds",
            "Mechanism": "how the records are changed: carousel, stack or disc",
            "coin_jam_seen": "whether the coin slot jammed in the last month",
        },
        "target_description": "what the restorer's bench decided for the jukebox",
        "model_description": "scikit-learn RandomForestClassifier (60 trees, depth 5, seed 0); the mechanism and "
        "the coin-jam flag enter as their codes.",
        "training": "Fitted on 240 of the 300 synthetic jukeboxes; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic jukeboxes, invented for testing; not a real arcade.",
            "One year's checks only: how cabinets age over decades is not in the data.",
            "Few disc machines, so their figures are noisy.",
        ],
        "label_meanings": {
            "play": "the jukebox stays on the floor as it is",
            "service": "the jukebox goes to the bench for a service before it plays again",
            "retire": "the jukebox is taken off the floor for parts",
        },
        "probability_meaning": "The share of the forest's trees voting for each verdict, averaged; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(14870)
    n = SIZE
    age = np.round(np.clip(rng.normal(38.0, 12.0, n), 5.0, 70.0), 0)
    needle = np.round(np.clip(rng.normal(50.0, 20.0, n), 3.0, 99.0), 0)
    skips = rng.poisson(1.8, n)
    hum = np.round(np.clip(rng.normal(42.0, 6.0, n), 25.0, 62.0), 1)
    lag = np.round(np.clip(rng.normal(600.0, 180.0, n), 150.0, 1300.0), -1)
    mechanism = rng.choice(3, n, p=[0.5, 0.35, 0.15])
    jam = rng.choice(2, n, p=[0.65, 0.35])
    frame = pd.DataFrame(
        {
            "jukebox_no": np.arange(FIRST_ID, FIRST_ID + n),
            "Cabinet Age (yr)": age,
            "needle_wear_pct": needle,
            "SkippedTracks": skips,
            "Hum Level [dB]": hum,
            "selector lag ms": lag,
            "Mechanism": mechanism,
            "coin_jam_seen": jam,
        }
    )
    score_play = 0.9 - 0.03 * (needle - 50) - 0.4 * (skips - 2) - 0.5 * jam + rng.normal(0, 0.5, n)
    score_service = 0.4 * (skips - 2) + 0.08 * (hum - 42) + 0.5 * jam + rng.normal(0, 0.5, n)
    score_retire = 0.006 * (lag - 600) + 0.04 * (age - 38) + 0.5 * (mechanism == 1) + rng.normal(0, 0.5, n)
    frame["bench_verdict"] = np.argmax(np.column_stack([score_play, score_service, score_retire]), axis=1)
    return frame


def held_out_ids() -> list[int]:
    """The 60 jukeboxes the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(14871).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented jukebox host in memory, fitted on the jukeboxes outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.jukebox_no.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=5, random_state=0)
    model.fit(train[features], train.bench_verdict)
    return host_from_model(model, frame[["jukebox_no", *features, "bench_verdict"]], test_ids=test, **JUKEBOX_CONFIG)


if __name__ == "__main__":
    from simxai.functions import default_registry

    host = load_host()
    schema = host.schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
    print(default_registry().get("get_model_performance")(host, {"metric": "all"}))
