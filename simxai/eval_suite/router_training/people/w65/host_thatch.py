"""The invented `thatch` host of writer w65: thatched roofs surveyed by a small thatching firm, one row per survey.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the material as
its code) on 240 of the 300 surveys and builds the host from the model, the frame, the ids of the 60 held-out
surveys and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: the roof is
left `sound`, needs a `patch` or needs a full `rethatch`. Nothing here comes from a data set: the domain, its
columns and its words were invented by w65 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w65/host_thatch.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["THATCH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 139601
SIZE = 300
FEATURES = [
    "material",
    "roof pitch (deg)",
    "MossCover",
    "years since ridged",
    "bird_holes",
    "coat depth (cm)",
    "OverhangingTrees",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
THATCH_CONFIG: dict[str, Any] = {
    "name": "thatch survey verdicts",
    "target": "verdict",
    "class_names": {"0": "sound", "1": "patch", "2": "rethatch"},
    "instance_noun": "survey",
    "id_column": "survey_no",
    "category_names": {"material": {"0": "water reed", "1": "long straw", "2": "combed wheat"}},
    "immutable_features": ["material"],
    "feature_aliases": {
        "material": ["material", "thatch material", "what it's thatched with"],
        "roof pitch (deg)": ["pitch", "roof pitch", "slope", "how steep"],
        "MossCover": ["moss", "moss cover", "mossy"],
        "years since ridged": ["ridge age", "since ridged", "ridge", "years since the ridge"],
        "bird_holes": ["bird holes", "holes", "birds"],
        "coat depth (cm)": ["coat depth", "depth", "coat", "thickness"],
        "OverhangingTrees": ["overhanging trees", "trees", "tree cover"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Surveys of thatched roofs by an invented small thatching firm, one row per survey, with "
        "the firm's verdict on the roof.",
        "feature_descriptions": {
            "material": "what the roof is thatched with: water reed, long straw or combed wheat",
            "roof pitch (deg)": "pitch of the roof, in degrees",
            "MossCover": "share of the roof covered in moss, in per cent",
            "years since ridged": "years since the ridge was last renewed",
            "bird_holes": "holes made by birds or rodents counted on the survey",
            "coat depth (cm)": "depth of the thatch coat left, in centimetres",
            "OverhangingTrees": "number of trees overhanging the roof",
        },
        "target_description": "the firm's verdict on the roof: sound, patch or rethatch",
        "model_description": "An extra-trees ensemble (60 trees of depth at most 6) on the raw numbers, the "
        "material as its code.",
        "training": "Fitted on 240 of the 300 synthetic surveys; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic surveys, invented for testing; not a real firm's survey book.",
            "Does not know the roof's age in total, the fire risk, the listing status or the owner's budget.",
        ],
        "label_meanings": {
            "sound": "the roof needs nothing before the next survey",
            "patch": "the roof needs a local repair or a new ridge",
            "rethatch": "the roof needs a new coat of thatch",
        },
        "probability_meaning": "The share of the ensemble's trees voting for each verdict.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(139611)
    n = SIZE
    material = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "survey_no": np.arange(FIRST_ID, FIRST_ID + n),
            "material": material,
            "roof pitch (deg)": rng.integers(40, 61, n),
            "MossCover": rng.integers(0, 91, n),
            "years since ridged": rng.integers(0, 21, n),
            "bird_holes": rng.integers(0, 26, n),
            "coat depth (cm)": rng.integers(10, 41, n),
            "OverhangingTrees": rng.integers(0, 6, n),
        }
    )
    wear = (
        0.03 * frame.MossCover
        + 0.12 * frame["years since ridged"]
        + 0.08 * frame.bird_holes
        - 0.09 * frame["coat depth (cm)"]
        - 0.04 * frame["roof pitch (deg)"]
        + 0.25 * frame.OverhangingTrees
        + 0.5 * (material == 1)
        + rng.normal(0, 0.5, n)
    )
    low, high = np.quantile(wear, [0.45, 0.75])
    frame["verdict"] = np.where(wear > high, 2, np.where(wear > low, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 60 surveys the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1396).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented thatch host in memory, its model fitted on the surveys outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.survey_no.isin(test)]
    model = ExtraTreesClassifier(n_estimators=60, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.verdict)
    return host_from_model(model, frame[["survey_no", *FEATURES, "verdict"]], test_ids=test, **THATCH_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
