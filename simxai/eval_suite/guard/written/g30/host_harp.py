"""The invented `harp` host of guard writer g30: new harps at a harp maker's final bench check.

`load_host()` builds a seeded frame of 300 harps (ids 125901-126200) from an invented harp maker's workshop and fits
scikit-learn's `ExtraTreesClassifier` on 240 of them; the other 60 are held out for the performance figures. The
maker's verdict at the final check was `ready` (strung, tuned and sent to the buyer), `revoice` (sent back to the
bench for regulating and voicing) or `rebuild` (soundboard or neck taken off and built again). Nothing here comes
from a data set: the domain, its columns and its words were invented by g30. The `LeverKit` column holds
True/False.

    python simxai/eval_suite/guard/written/g30/host_harp.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HARP_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 125901
SIZE = 300
FEATURES = ["Soundboard Thickness (mm)", "string_count", "NeckDeflection", "humidity at delivery (%)",
            "buzzing_strings", "LeverKit", "Tonewood"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HARP_CONFIG: dict[str, Any] = {
    "name": "harp workshop final check",
    "target": "bench_verdict",
    "class_names": {"0": "ready", "1": "revoice", "2": "rebuild"},
    "instance_noun": "harp",
    "id_column": "harp_id",
    "category_names": {
        "Tonewood": {"0": "maple", "1": "cherry", "2": "walnut", "3": "mahogany"},
        "LeverKit": {"False": "False", "True": "True"},
    },
    "immutable_features": ["string_count"],
    "feature_aliases": {
        "Soundboard Thickness (mm)": ["soundboard", "board thickness", "soundboard thickness"],
        "string_count": ["strings", "number of strings", "string count"],
        "NeckDeflection": ["neck deflection", "neck bend", "neck"],
        "humidity at delivery (%)": ["humidity", "delivery humidity", "room humidity"],
        "buzzing_strings": ["buzzes", "buzzing strings", "buzzing"],
        "LeverKit": ["levers", "lever kit", "sharping levers"],
        "Tonewood": ["wood", "tonewood", "timber"],
    },
    "seed": 0,
    "cards": {
        "description": "New harps at the final bench check of an invented harp maker's workshop, one row per harp, "
        "each given one verdict by the maker.",
        "feature_descriptions": {
            "Soundboard Thickness (mm)": "thickness of the soundboard at its centre, in millimetres",
            "string_count": "how many strings the harp carries",
            "NeckDeflection": "how far the neck has bent under full string tension, in millimetres",
            "humidity at delivery (%)": "relative humidity of the room the harp is going to, in per cent",
            "buzzing_strings": "how many strings buzzed at the final play-through",
            "LeverKit": "whether the harp is fitted with a full set of sharping levers (True/False)",
            "Tonewood": "the wood of the body: maple, cherry, walnut or mahogany",
        },
        "target_description": "the maker's verdict at the final check: ready, revoice or rebuild",
        "model_description": "scikit-learn ExtraTreesClassifier (80 trees, depth at most 6) on the raw columns; the "
        "tonewood enters as its code and LeverKit as 0/1.",
        "training": "Fitted on 240 of the 300 synthetic harps; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic harps, invented for testing; not a real workshop's records.",
            "The tonewood enters as a numeric code, as if the woods were ordered.",
            "Few harps were rebuilt, so that verdict rests on little data.",
        ],
        "label_meanings": {
            "ready": "strung, tuned and sent to the buyer",
            "revoice": "sent back to the bench for regulating and voicing",
            "rebuild": "soundboard or neck taken off and built again",
        },
        "probability_meaning": "The share of the trees' votes (averaged leaf frequencies) for each verdict; the "
        "three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(30125)
    n = SIZE
    wood = rng.choice(4, n, p=[0.4, 0.25, 0.2, 0.15])
    board = np.round(rng.normal(3.0, 0.45, n), 2)
    strings = rng.choice([22, 26, 29, 34, 36, 40, 47], n, p=[0.1, 0.15, 0.15, 0.25, 0.15, 0.1, 0.1])
    neck = np.round(np.clip(rng.gamma(2.0, 0.6, n) + 0.02 * (strings - 30), 0, 8), 1)
    humidity = np.round(np.clip(rng.normal(45, 12, n), 15, 85)).astype(int)
    buzz = rng.poisson(1.5, n)
    levers = rng.random(n) < 0.6
    frame = pd.DataFrame(
        {
            "harp_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Soundboard Thickness (mm)": board,
            "string_count": strings,
            "NeckDeflection": neck,
            "humidity at delivery (%)": humidity,
            "buzzing_strings": buzz,
            "LeverKit": levers,
            "Tonewood": wood,
        }
    )
    voice = 0.6 * (buzz - 1.5) + 0.3 * levers + 1.2 * np.abs(board - 3.0) + rng.normal(0, 0.6, n)
    structure = 0.9 * (neck - 1.6) + 0.04 * np.abs(humidity - 45) - 0.8 * (board - 3.0) + rng.normal(0, 0.5, n)
    verdict = np.zeros(n, dtype=int)
    verdict[voice > 0.7] = 1
    verdict[structure > 1.5] = 2
    frame["bench_verdict"] = verdict
    return frame


def held_out_ids() -> list[int]:
    """The 60 harps the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(30).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented harp host in memory, fitted on the harps outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.harp_id.isin(test)]
    model = ExtraTreesClassifier(n_estimators=80, max_depth=6, random_state=30)
    model.fit(train[FEATURES], train.bench_verdict)
    return host_from_model(model, frame[["harp_id", *FEATURES, "bench_verdict"]], test_ids=test, **HARP_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
