"""The invented `member` host of writer w60: monthly memberships of the same small climbing gym.

`load_host()` fits a small synthetic model (a `LogisticRegression` on a `SplineTransformer` of the numbers, the
plan and the True/False intro-class column one-hot encoded, a `Pipeline`) on 240 of the 300 memberships and
builds the host from the model, the frame, the ids of the 60 held-out members and the fields of its host config
with `simxai.hosts.host_from_model`. It has two labels: at the end of a billing cycle a member `renews` or
`lapses`. Nothing here comes from a data set: the domain, its columns and its words were invented by w60 so that
the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w60/host_member.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["MEMBER_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 131301
SIZE = 300
NUMERIC = [
    "visits per month",
    "Age",
    "months as member",
    "commute (min)",
    "ShoeRentals",
    "classes attended",
]
CATEGORICAL = ["plan", "took_intro_class"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
MEMBER_CONFIG: dict[str, Any] = {
    "name": "climbing gym memberships",
    "target": "next_cycle",
    "class_names": {"0": "renews", "1": "lapses"},
    "instance_noun": "member",
    "id_column": "member_no",
    "category_names": {"plan": {"0": "student", "1": "adult", "2": "family"}},
    "immutable_features": ["plan"],
    "feature_aliases": {
        "plan": ["membership plan", "membership type", "tier"],
        "took_intro_class": ["intro class", "took the intro", "induction", "intro"],
        "visits per month": ["visits", "visits a month", "sessions per month", "sessions"],
        "Age": ["age", "years old"],
        "months as member": ["months", "tenure", "how long a member", "membership length"],
        "commute (min)": ["commute", "travel time", "minutes away", "drive"],
        "ShoeRentals": ["shoe rentals", "rentals", "rented shoes"],
        "classes attended": ["classes", "class count", "lessons"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Monthly memberships of an invented bouldering gym, one row per member, judged at the end "
        "of a billing cycle.",
        "feature_descriptions": {
            "plan": "the membership plan: student, adult or family",
            "took_intro_class": "whether the member took the gym's intro class when joining (True/False)",
            "visits per month": "check-ins at the front desk per month, averaged over the membership",
            "Age": "the member's age in years",
            "months as member": "how many months the member has held a membership",
            "commute (min)": "the member's travel time to the gym, in minutes",
            "ShoeRentals": "how many times the member rented shoes at the desk",
            "classes attended": "how many technique or yoga classes the member attended",
        },
        "target_description": "the membership at the end of the billing cycle: renewed or lapsed",
        "model_description": "A logistic regression on cubic splines of the numbers, the plan and the intro-class "
        "column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic members; the other 60 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic members, invented for testing; not a real gym's membership records.",
            "Does not know injuries, price changes, other gyms nearby or who the member climbs with.",
        ],
        "label_meanings": {
            "renews": "the member pays for the next billing cycle",
            "lapses": "the member does not pay for the next billing cycle",
        },
        "probability_meaning": "The logistic model's probability of each outcome.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(131360)
    n = SIZE
    plan = rng.choice(3, n, p=[0.3, 0.5, 0.2])
    frame = pd.DataFrame(
        {
            "member_no": np.arange(FIRST_ID, FIRST_ID + n),
            "plan": plan,
            "took_intro_class": rng.random(n) < 0.5,
            "visits per month": rng.integers(0, 21, n),
            "Age": rng.integers(16, 66, n),
            "months as member": rng.integers(1, 49, n),
            "commute (min)": rng.integers(5, 61, n),
            "ShoeRentals": rng.integers(0, 16, n),
            "classes attended": rng.integers(0, 13, n),
        }
    )
    score = (
        -0.22 * (frame["visits per month"] - 8)
        - 0.03 * (frame["months as member"] - 24)
        + 0.035 * (frame["commute (min)"] - 30)
        + 0.09 * (frame.ShoeRentals - 7)
        - 0.12 * (frame["classes attended"] - 6)
        - 0.5 * frame.took_intro_class
        + 0.5 * (plan == 0)
        - 0.4 * (plan == 2)
        + 0.01 * (frame.Age - 40)
        + rng.normal(0, 0.6, n)
    )
    frame["next_cycle"] = (score > np.quantile(score, 0.62)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 members the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1313).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented member host in memory, its model fitted on the members outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, SplineTransformer

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.member_no.isin(test)]
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("numbers", SplineTransformer(n_knots=4, degree=3, extrapolation="linear"), NUMERIC),
                    ],
                ),
            ),
            ("logistic", LogisticRegression(C=0.5, max_iter=2000)),
        ]
    )
    model.fit(train[FEATURES], train.next_cycle)
    return host_from_model(model, frame[["member_no", *FEATURES, "next_cycle"]], test_ids=test, **MEMBER_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
