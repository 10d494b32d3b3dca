"""The invented `scaffold` host of writer w67: weekly inspections of scaffolds on a builder's sites.

`load_host()` fits a small synthetic model (a seeded `LogisticRegression` on the standardised numbers, the structure
one-hot encoded, in a `Pipeline`, so it is explained by the model-agnostic fallback) on 192 of the 240 inspections
and builds the host from the model, the frame, the ids of the 48 held-out inspections and the fields of its host
config with `simxai.hosts.host_from_model`. It has two labels: after the inspection a scaffold is `passed` or
`tagged` (a red tag: nobody climbs it until it is fixed). Nothing here comes from a data set: the domain, its
columns and its words were invented by w67 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w67/host_scaffold.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["SCAFFOLD_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 144901
SIZE = 240
NUMBERS = ["height (m)", "MissingTies", "boards_damaged", "wind gust (mph)", "GuardrailGaps", "days since erected"]
FEATURES = ["structure", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
SCAFFOLD_CONFIG: dict[str, Any] = {
    "name": "scaffold inspections",
    "target": "inspection_result",
    "class_names": {"0": "passed", "1": "tagged"},
    "instance_noun": "inspection",
    "id_column": "inspection_no",
    "category_names": {"structure": {"0": "tube fitting", "1": "system scaffold", "2": "mobile tower"}},
    "immutable_features": ["structure"],
    "feature_aliases": {
        "structure": ["structure", "scaffold type", "kind of scaffold"],
        "height (m)": ["height", "how high", "metres"],
        "MissingTies": ["ties", "missing ties", "tie count"],
        "boards_damaged": ["boards", "damaged boards", "broken boards"],
        "wind gust (mph)": ["wind", "gusts", "wind gust"],
        "GuardrailGaps": ["guardrail", "guardrail gaps", "rail gaps", "handrail gaps"],
        "days since erected": ["age", "days up", "since erected", "days since it went up"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Weekly inspections of the scaffolds on an invented builder's sites, one row per scaffold per "
        "week, with the inspector's result.",
        "feature_descriptions": {
            "structure": "the kind of scaffold: tube fitting, system scaffold or mobile tower",
            "height (m)": "working height of the top lift, in metres",
            "MissingTies": "wall ties missing or loose against the design",
            "boards_damaged": "scaffold boards found split, warped or missing",
            "wind gust (mph)": "highest gust forecast for the week, in mph",
            "GuardrailGaps": "gaps found in the guardrails and toe boards",
            "days since erected": "days since the scaffold went up",
        },
        "target_description": "the inspector's result: passed or tagged",
        "model_description": "A logistic regression on the standardised numbers, the structure one-hot encoded.",
        "training": "Fitted on 192 of the 240 synthetic inspections; the other 48 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic inspections, invented for testing; not a real inspector's register.",
            "Does not see the ground, the base plates or who is working on the scaffold.",
        ],
        "label_meanings": {
            "passed": "the scaffold may be used until next week's inspection",
            "tagged": "a red tag goes on the ladder access: nobody climbs until it is fixed",
        },
        "probability_meaning": "The logistic regression's estimate of how likely each result is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(144933)
    n = SIZE
    structure = rng.choice(3, n, p=[0.4, 0.4, 0.2])
    frame = pd.DataFrame(
        {
            "inspection_no": np.arange(FIRST_ID, FIRST_ID + n),
            "structure": structure,
            "height (m)": np.round(rng.uniform(2.0, 30.0, n), 1),
            "MissingTies": rng.integers(0, 13, n),
            "boards_damaged": rng.integers(0, 16, n),
            "wind gust (mph)": rng.integers(5, 61, n),
            "GuardrailGaps": rng.integers(0, 9, n),
            "days since erected": rng.integers(1, 181, n),
        }
    )
    risk = (
        0.25 * frame.MissingTies * (frame["height (m)"] > 8)
        + 0.15 * frame.boards_damaged
        + 0.04 * frame["wind gust (mph)"]
        + 0.45 * frame.GuardrailGaps
        + 0.004 * frame["days since erected"]
        + 0.5 * (structure == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["inspection_result"] = (risk > np.quantile(risk, 0.55)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 inspections the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1449).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented scaffold host in memory, its model fitted on the inspections outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.inspection_no.isin(test)]
    encode = ColumnTransformer(
        [("numbers", StandardScaler(), NUMBERS), ("structure", OneHotEncoder(handle_unknown="ignore"), ["structure"])]
    )
    model = Pipeline([("encode", encode), ("fit", LogisticRegression(max_iter=500, random_state=0))])
    model.fit(train[FEATURES], train.inspection_result)
    return host_from_model(
        model, frame[["inspection_no", *FEATURES, "inspection_result"]], test_ids=test, **SCAFFOLD_CONFIG
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
