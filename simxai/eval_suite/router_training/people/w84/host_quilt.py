"""The invented `quilt` host of writer w84: the judges' call on each quilt entered at a county fair quilt show.

`load_host()` fits a small synthetic model (a seeded `RandomForestClassifier` on the raw numbers, the guild as
its code, no `Pipeline`) on 240 of the 300 entries and builds the host from the model, the frame, the ids of the
60 held-out ones and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a
quilt gets a `ribbon`, goes on the `shortlist` for the second look, or is a `pass` (hung, not placed). Nothing
here comes from a data set: the domain, its columns and its words were invented by w84 so that the router meets
a host it was not trained on.

    python simxai/eval_suite/router_training/people/w84/host_quilt.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["QUILT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 162601
SIZE = 300
FEATURES = [
    "guild",
    "stitch density (per cm)",
    "hand_hours",
    "ColourContrast",
    "border width (cm)",
    "seam_faults",
    "PatternAge",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
QUILT_CONFIG: dict[str, Any] = {
    "name": "quilt show judging",
    "target": "judges_call",
    "class_names": {"0": "ribbon", "1": "shortlist", "2": "pass"},
    "instance_noun": "quilt",
    "id_column": "entry_no",
    "category_names": {"guild": {"0": "mill lane", "1": "hill farm", "2": "west chapel"}},
    "immutable_features": ["guild"],
    "feature_aliases": {
        "guild": ["guild", "quilting guild", "club"],
        "stitch density (per cm)": ["stitch density", "stitches per cm", "stitching"],
        "hand_hours": ["hand hours", "hours of handwork", "hours"],
        "ColourContrast": ["colour contrast", "contrast", "color contrast"],
        "border width (cm)": ["border width", "border", "binding width"],
        "seam_faults": ["seam faults", "faults", "wonky seams"],
        "PatternAge": ["pattern age", "age of the pattern", "pattern years"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Quilts entered at an invented county fair show, one row per entry, with the judges' call.",
        "feature_descriptions": {
            "guild": "the quilting guild that entered it: mill lane, hill farm or west chapel",
            "stitch density (per cm)": "quilting stitches per centimetre, counted on a sample square",
            "hand_hours": "hours of hand work the maker declared",
            "ColourContrast": "the steward's score of colour contrast, 0 to 10",
            "border width (cm)": "width of the outer border, in centimetres",
            "seam_faults": "seam faults found by the steward, 0 to 12",
            "PatternAge": "age of the pattern in years (0 for a new design)",
        },
        "target_description": "the judges' call: ribbon, shortlist or pass",
        "model_description": "A random forest (80 trees, at most 6 levels deep).",
        "training": "Fitted on 240 of the 300 synthetic entries; the other 60 are held out for the figures.",
        "limitations": [
            "Synthetic quilts, invented for testing; not a real show's results.",
            "Does not see the quilt itself, only the steward's sheet.",
        ],
        "label_meanings": {
            "ribbon": "the quilt is placed and gets a ribbon",
            "shortlist": "the quilt goes on the shortlist for the judges' second look",
            "pass": "the quilt is hung but not placed",
        },
        "probability_meaning": "The model's estimated chance of each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(162617)
    n = SIZE
    guild = rng.choice(3, n, p=[0.36, 0.34, 0.30])
    frame = pd.DataFrame(
        {
            "entry_no": np.arange(FIRST_ID, FIRST_ID + n),
            "guild": guild,
            "stitch density (per cm)": np.round(rng.uniform(2.0, 9.0, n), 1),
            "hand_hours": rng.integers(10, 601, n),
            "ColourContrast": rng.integers(0, 11, n),
            "border width (cm)": np.round(rng.uniform(2.0, 30.0, n), 1),
            "seam_faults": rng.integers(0, 13, n),
            "PatternAge": rng.integers(0, 121, n),
        }
    )
    merit = (
        0.45 * (frame["stitch density (per cm)"] - 5.5)
        + 0.004 * (frame.hand_hours - 300)
        + 0.18 * (frame.ColourContrast - 5)
        - 0.03 * (frame["border width (cm)"] - 16)
        - 0.25 * (frame.seam_faults - 6)
        + 0.006 * (frame.PatternAge - 60)
        + 0.4 * (guild == 2)
        + rng.normal(0, 0.8, n)
    )
    low, high = np.quantile(merit, [0.42, 0.75])
    frame["judges_call"] = np.where(merit > high, 0, np.where(merit > low, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 entries the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1626).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented quilt host in memory, its model fitted on the entries outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.entry_no.isin(test)]
    model = RandomForestClassifier(n_estimators=80, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.judges_call)
    return host_from_model(model, frame[["entry_no", *FEATURES, "judges_call"]], test_ids=test, **QUILT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
