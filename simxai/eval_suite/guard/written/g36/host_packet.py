"""The invented `packet` host of guard writer g36: seed packets put through a germination test, and how they did.

`load_host()` builds a seeded frame of 150 seed packets (ids 140351-140500) from an invented community seed library
and fits a scikit-learn pipeline holding a `RandomForestClassifier` on 120 of them; the other 30 are held out for the
performance figures. Each row is one packet; the library's test tray says whether its seeds came up `strong`, `weak`
or `failed`. Nothing here comes from a data set: the domain, its columns and its words were invented by g36. Feature
names mix styles (PascalCase, snake_case, spaces with units); `cold_stratified` holds True/False.

    python simxai/eval_suite/guard/written/g36/host_packet.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PACKET_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 140351
SIZE = 150
FEATURES = ["SeedAgeMonths", "storage temp (°C)", "moisture_pct", "Packet Weight [g]", "cold_stratified",
            "Seed Family"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PACKET_CONFIG: dict[str, Any] = {
    "name": "seed library germination tests",
    "target": "germination",
    "class_names": {"0": "strong", "1": "weak", "2": "failed"},
    "instance_noun": "packet",
    "id_column": "packet_id",
    "category_names": {
        "Seed Family": {"0": "legume", "1": "brassica", "2": "allium", "3": "squash"},
        "cold_stratified": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Packet Weight [g]"],
    "feature_aliases": {
        "SeedAgeMonths": ["seed age", "age of the seed", "months old"],
        "storage temp (°C)": ["storage temperature", "how warm it was stored", "store temp"],
        "moisture_pct": ["moisture", "seed moisture", "dampness"],
        "Packet Weight [g]": ["packet weight", "weight", "grams of seed"],
        "cold_stratified": ["stratified", "cold treatment", "chilled"],
        "Seed Family": ["family", "crop family", "kind of seed"],
    },
    "seed": 0,
    "cards": {
        "description": "Seed packets of an invented community seed library, one row per packet, with how its "
        "seeds did in a germination test tray.",
        "feature_descriptions": {
            "SeedAgeMonths": "months since the seed was saved",
            "storage temp (°C)": "mean storage temperature, in degrees Celsius",
            "moisture_pct": "seed moisture content, in per cent",
            "Packet Weight [g]": "weight of seed in the packet, in grams",
            "cold_stratified": "whether the seeds were chilled before sowing (True) or not (False)",
            "Seed Family": "the crop family: legume, brassica, allium or squash",
        },
        "target_description": "how the test tray came up: strong (most seeds up), weak (few up) or failed (none)",
        "model_description": "a scikit-learn pipeline holding a RandomForestClassifier (50 trees, depth at most 4, "
        "seed 36) on the raw columns; the seed family enters as its code and the cold treatment as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic packets; the other 30 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic packets, invented for testing; not a real seed library's records.",
            "Few trays failed outright, so that outcome rests on little data.",
        ],
        "label_meanings": {
            "strong": "most of the seeds came up; the packet stays on the shelf",
            "weak": "only a few seeds came up; the packet is flagged for regrowing",
            "failed": "no seed came up; the packet is withdrawn",
        },
        "probability_meaning": "The share of the forest's trees' votes (averaged leaf shares) for each outcome; the "
        "three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(36351)
    n = SIZE
    age = rng.integers(2, 97, n)
    temp = np.round(rng.normal(14.0, 5.0, n), 1)
    moisture = np.round(rng.uniform(4.0, 14.0, n), 1)
    weight = np.round(rng.uniform(0.5, 30.0, n), 1)
    stratified = rng.random(n) < 0.4
    family = rng.choice(4, n, p=[0.3, 0.3, 0.2, 0.2])
    frame = pd.DataFrame(
        {
            "packet_id": np.arange(FIRST_ID, FIRST_ID + n),
            "SeedAgeMonths": age,
            "storage temp (°C)": temp,
            "moisture_pct": moisture,
            "Packet Weight [g]": weight,
            "cold_stratified": stratified,
            "Seed Family": family,
        }
    )
    decay = 0.03 * (age - 40) + 0.09 * (temp - 14) + 0.25 * (moisture - 9) - 0.5 * stratified
    decay = decay + 0.8 * (family == 2) - 0.3 * (family == 0) + rng.normal(0, 0.8, n)
    outcome = np.zeros(n, dtype=int)
    outcome[decay > 0.3] = 1
    outcome[decay > 1.5] = 2
    frame["germination"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 30 packets the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1403).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented seed-packet host in memory, fitted on the packets outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.packet_id.isin(test)]
    model = make_pipeline(RandomForestClassifier(n_estimators=50, max_depth=4, random_state=36))
    model.fit(train[FEATURES], train.germination)
    return host_from_model(model, frame[["packet_id", *FEATURES, "germination"]], test_ids=test, **PACKET_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
