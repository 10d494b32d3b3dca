"""The invented `boot` host of writer w63: rental ski-boot fittings at the same small ski-area shop.

`load_host()` fits a small synthetic model (a `LogisticRegression` on the standardised numbers, the shell flex and
the True/False custom-insole column one-hot encoded, a `Pipeline`) on 192 of the 240 fittings and builds the host
from the model, the frame, the ids of the 48 held-out fittings and the fields of its host config with
`simxai.hosts.host_from_model`. It has two labels: after a day on the hill the customer keeps the boots
(`good_fit`) or brings them back to the counter with sore feet (`sent_back`). Nothing here comes from a data set:
the domain, its columns and its words were invented by w63 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w63/host_boot.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BOOT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 135201
SIZE = 240
NUMERIC = [
    "foot length (mm)",
    "shell gap (mm)",
    "instep height (cm)",
    "CalfWidth",
    "hours skied",
    "Age",
]
CATEGORICAL = ["shell_flex", "custom_insole"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BOOT_CONFIG: dict[str, Any] = {
    "name": "rental ski boot fittings",
    "target": "fitting_outcome",
    "class_names": {"0": "good_fit", "1": "sent_back"},
    "instance_noun": "fitting",
    "id_column": "fitting_no",
    "category_names": {"shell_flex": {"0": "soft", "1": "medium", "2": "stiff"}},
    "immutable_features": ["shell_flex"],
    "feature_aliases": {
        "shell_flex": ["shell flex", "flex", "stiffness"],
        "custom_insole": ["custom insole", "insole", "footbed"],
        "foot length (mm)": ["foot length", "foot size", "length of the foot"],
        "shell gap (mm)": ["shell gap", "gap behind the heel", "shell fit"],
        "instep height (cm)": ["instep height", "instep", "high instep"],
        "CalfWidth": ["calf width", "calf", "calves"],
        "hours skied": ["hours", "hours on the hill", "time skied"],
        "Age": ["age", "how old"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Rental ski-boot fittings at an invented small ski-area shop, one row per fitting, with "
        "whether the customer brought the boots back sore after skiing.",
        "feature_descriptions": {
            "shell_flex": "the flex of the boot shell: soft, medium or stiff",
            "custom_insole": "whether a shaped insole was put in the boot (True/False)",
            "foot length (mm)": "length of the customer's foot in millimetres",
            "shell gap (mm)": "gap behind the heel with the liner out and the toes touching the front, in mm",
            "instep height (cm)": "height of the instep in centimetres",
            "CalfWidth": "girth of the calf at the top of the boot, in centimetres",
            "hours skied": "hours the customer skied in the boots before coming back or not",
            "Age": "the customer's age in years",
        },
        "target_description": "the fitting after skiing: the customer kept the boots or sent them back sore",
        "model_description": "A logistic regression on the standardised numbers, the shell flex and the "
        "custom-insole column one-hot encoded.",
        "training": "Fitted on 192 of the 240 synthetic fittings; the other 48 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic fittings, invented for testing; not a real shop's fitting cards.",
            "Does not know the boot brand, the socks, the snow or how well the buckles were done up.",
        ],
        "label_meanings": {
            "good_fit": "the customer kept the boots for the rest of the rental",
            "sent_back": "the customer came back to the counter with sore feet and swapped the boots",
        },
        "probability_meaning": "The logistic regression's estimate of how likely each outcome is.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(135233)
    n = SIZE
    flex = rng.choice(3, n, p=[0.35, 0.4, 0.25])
    insole = rng.random(n) < 0.3
    frame = pd.DataFrame(
        {
            "fitting_no": np.arange(FIRST_ID, FIRST_ID + n),
            "shell_flex": flex,
            "custom_insole": insole,
            "foot length (mm)": rng.integers(220, 311, n),
            "shell gap (mm)": np.round(rng.uniform(5, 25, n), 1),
            "instep height (cm)": np.round(rng.uniform(5, 9, n), 1),
            "CalfWidth": rng.integers(30, 46, n),
            "hours skied": rng.integers(1, 31, n),
            "Age": rng.integers(8, 76, n),
        }
    )
    sore = (
        0.18 * np.abs(frame["shell gap (mm)"] - 14)
        + 0.7 * (frame["instep height (cm)"] - 7)
        + 0.12 * (frame.CalfWidth - 38)
        + 0.5 * (flex == 2)
        - 0.9 * insole
        + 0.02 * (frame["hours skied"] - 15)
        + rng.normal(0, 0.5, n)
    )
    frame["fitting_outcome"] = (sore > np.quantile(sore, 0.6)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 48 fittings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1352).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented boot host in memory, its model fitted on the fittings outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.fitting_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", StandardScaler(), NUMERIC),
                    ],
                ),
            ),
            ("logistic", LogisticRegression(C=1.0, max_iter=2000)),
        ]
    )
    model.fit(train[FEATURES], train.fitting_outcome)
    return host_from_model(model, frame[["fitting_no", *FEATURES, "fitting_outcome"]], test_ids=test, **BOOT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
