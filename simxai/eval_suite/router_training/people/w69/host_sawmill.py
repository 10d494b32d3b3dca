"""The invented `sawmill` host of writer w69: logs graded in the yard of a small sawmill before they are sawn.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the species as its
code) on 240 of the 300 logs and builds the host from the model, the frame, the ids of the 60 held-out logs and the
fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a log is graded `prime` (sawn
for joinery), `standard` (sawn for construction timber) or `reject` (chipped for fuel). Nothing here comes from a
data set: the domain, its columns and its words were invented by w69 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w69/host_sawmill.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SAWMILL_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 146801
SIZE = 300
NUMBERS = ["diameter (cm)", "length (m)", "knot_count", "SweepMm", "moisture (%)", "DaysInYard"]
FEATURES = ["species", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SAWMILL_CONFIG: dict[str, Any] = {
    "name": "sawmill log grading",
    "target": "log_grade",
    "class_names": {"0": "prime", "1": "standard", "2": "reject"},
    "instance_noun": "log",
    "id_column": "log_no",
    "category_names": {"species": {"0": "scots pine", "1": "sitka spruce", "2": "douglas fir"}},
    "immutable_features": ["species"],
    "feature_aliases": {
        "species": ["species", "tree", "kind of wood"],
        "diameter (cm)": ["diameter", "girth", "how thick", "butt diameter"],
        "length (m)": ["length", "how long"],
        "knot_count": ["knots", "knot count"],
        "SweepMm": ["sweep", "bow", "bend", "curve"],
        "moisture (%)": ["moisture", "wetness", "how wet"],
        "DaysInYard": ["days in yard", "yard days", "how long in the yard"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Logs graded in the yard of an invented small sawmill before they are sawn, one row per log.",
        "feature_descriptions": {
            "species": "the tree species: scots pine, sitka spruce or douglas fir",
            "diameter (cm)": "diameter at the thick end of the log, in centimetres",
            "length (m)": "length of the log, in metres",
            "knot_count": "knots counted on the surface of the log",
            "SweepMm": "how far the log bows from straight, in millimetres per metre",
            "moisture (%)": "moisture content measured with a probe, in percent",
            "DaysInYard": "days the log has waited in the yard",
        },
        "target_description": "the grader's call: prime, standard or reject",
        "model_description": "A random forest of 60 trees of depth 5 on the raw numbers, the species as its code.",
        "training": "Fitted on 240 of the 300 synthetic logs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic logs, invented for testing; not a real grader's tally.",
            "Does not see rot inside the log, metal in it or the price of timber this week.",
        ],
        "label_meanings": {
            "prime": "sawn for joinery boards",
            "standard": "sawn for construction timber",
            "reject": "chipped for fuel",
        },
        "probability_meaning": "The share of the forest's trees voting for each grade, averaged.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(146869)
    n = SIZE
    species = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "log_no": np.arange(FIRST_ID, FIRST_ID + n),
            "species": species,
            "diameter (cm)": rng.integers(15, 81, n),
            "length (m)": np.round(rng.uniform(2.0, 12.0, n), 1),
            "knot_count": rng.integers(0, 31, n),
            "SweepMm": rng.integers(0, 61, n),
            "moisture (%)": rng.integers(20, 71, n),
            "DaysInYard": rng.integers(0, 121, n),
        }
    )
    flaws = (
        0.09 * frame.knot_count
        + 0.05 * frame.SweepMm
        - 0.04 * frame["diameter (cm)"]
        + 0.03 * frame["moisture (%)"]
        - 0.08 * frame["length (m)"]
        - 0.4 * (species == 2)
        + rng.normal(0, 0.35, n)
    )
    low, high = np.quantile(flaws, [0.4, 0.75])
    frame["log_grade"] = np.where(flaws > high, 2, np.where(flaws > low, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 logs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1468).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented sawmill host in memory, its model fitted on the logs outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.log_no.isin(test)]
    model = RandomForestClassifier(n_estimators=60, max_depth=5, random_state=0)
    model.fit(train[FEATURES], train.log_grade)
    return host_from_model(model, frame[["log_no", *FEATURES, "log_grade"]], test_ids=test, **SAWMILL_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
