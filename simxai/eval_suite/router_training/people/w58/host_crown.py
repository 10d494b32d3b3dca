"""The invented `crown` host of writer w58: crowns milled and fired in a small dental lab in Queens, New York.

`load_host()` fits a small synthetic model (a one-hidden-layer `MLPClassifier` behind a `StandardScaler`, the
crown material and the True/False scan column one-hot encoded, a `Pipeline`) on 240 of the 300 crowns and builds
the host from the model, the frame, the ids of the 60 held-out crowns and the fields of its host config with
`simxai.hosts.host_from_model`. It has three labels: at the dentist's try-in the crown `seats_clean`, needs a
`chairside_adjust`, or goes back for a `remake`. Nothing here comes from a data set: the domain, its columns and
its words were invented by w58 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w58/host_crown.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CROWN_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 129501
SIZE = 300
NUMERIC = [
    "margin gap (um)",
    "wall thickness (mm)",
    "ShadeTabsTried",
    "days_in_lab",
    "TechYears",
    "occlusal contacts",
]
CATEGORICAL = ["material", "digital_scan"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CROWN_CONFIG: dict[str, Any] = {
    "name": "dental lab crowns",
    "target": "try_in_result",
    "class_names": {"0": "seats_clean", "1": "chairside_adjust", "2": "remake"},
    "instance_noun": "crown",
    "id_column": "case_no",
    "category_names": {"material": {"0": "zirconia", "1": "emax", "2": "pfm"}},
    "immutable_features": ["material"],
    "feature_aliases": {
        "material": ["crown material", "what it's made of", "zirc or emax", "porcelain type"],
        "digital_scan": ["digital scan", "scanned", "intraoral scan", "scan instead of impression"],
        "margin gap (um)": ["margin gap", "margin", "gap at the margin", "marginal gap", "microns"],
        "wall thickness (mm)": ["wall thickness", "thickness", "how thick the walls", "walls"],
        "ShadeTabsTried": ["shade tabs tried", "shade tabs", "shades tried", "shade attempts"],
        "days_in_lab": ["days in lab", "days in the lab", "turnaround", "how long in the lab"],
        "TechYears": ["tech years", "technician experience", "years of the tech", "experience"],
        "occlusal contacts": ["occlusal contacts", "contacts", "bite contacts", "contact points"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Single crowns made in an invented dental lab in Queens, one row per case, with the "
        "result of the dentist's try-in.",
        "feature_descriptions": {
            "material": "what the crown is made of: zirconia, emax (lithium disilicate) or pfm (porcelain fused "
            "to metal)",
            "digital_scan": "whether the dentist sent an intraoral scan rather than a poured impression (True/False)",
            "margin gap (um)": "the largest gap at the margin on the die, in micrometres",
            "wall thickness (mm)": "the thinnest wall of the crown, in millimetres",
            "ShadeTabsTried": "how many shade tabs were tried before the shade was settled (1 to 6)",
            "days_in_lab": "working days between the case coming in and going out",
            "TechYears": "years of experience of the technician who finished the crown",
            "occlusal contacts": "contact points against the opposing model after finishing (1 to 5)",
        },
        "target_description": "the crown at the try-in: seats clean, needs a chairside adjustment, or a remake",
        "model_description": "A small neural network (one hidden layer of 12 units) on the standardised numbers, "
        "the material and the scan column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic crowns; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic cases, invented for testing; not a real lab's records.",
            "Does not know the dentist, the patient, the tooth number or the prep quality.",
        ],
        "label_meanings": {
            "seats_clean": "the crown seats and is cemented with no adjustment",
            "chairside_adjust": "the dentist grinds or polishes the contacts or the bite before cementing",
            "remake": "the crown is sent back to the lab to be made again",
        },
        "probability_meaning": "The network's softmax share for each try-in result; a score, not a calibrated "
        "frequency.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(129555)
    n = SIZE
    material = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    frame = pd.DataFrame(
        {
            "case_no": np.arange(FIRST_ID, FIRST_ID + n),
            "material": material,
            "digital_scan": rng.random(n) < 0.55,
            "margin gap (um)": rng.integers(20, 151, n),
            "wall thickness (mm)": np.round(rng.uniform(0.4, 2.0, n), 1),
            "ShadeTabsTried": rng.integers(1, 7, n),
            "days_in_lab": rng.integers(2, 15, n),
            "TechYears": rng.integers(1, 31, n),
            "occlusal contacts": rng.integers(1, 6, n),
        }
    )
    trouble = (
        0.025 * (frame["margin gap (um)"] - 85)
        - 1.2 * (frame["wall thickness (mm)"] - 1.2)
        + 0.15 * (frame.ShadeTabsTried - 3.5)
        - 0.05 * (frame.TechYears - 15)
        + 0.35 * (frame["occlusal contacts"] - 3)
        + 0.04 * (frame.days_in_lab - 8)
        - 0.6 * frame.digital_scan
        + 0.4 * (material == 1)
        - 0.2 * (material == 0)
        + rng.normal(0, 0.6, n)
    )
    low, high = np.quantile(trouble, [0.42, 0.75])
    frame["try_in_result"] = np.where(trouble < low, 0, np.where(trouble < high, 1, 2))
    return frame


def held_out_ids() -> list[int]:
    """The 60 crowns the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1295).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented crown host in memory, its model fitted on the crowns outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.case_no.isin(test)]
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
            (
                "network",
                MLPClassifier(hidden_layer_sizes=(12,), alpha=1.0, solver="lbfgs", max_iter=3000, random_state=0),
            ),
        ]
    )
    model.fit(train[FEATURES], train.try_in_result)
    return host_from_model(model, frame[["case_no", *FEATURES, "try_in_result"]], test_ids=test, **CROWN_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
