"""The invented `tenant` host of writer w16: private tenancies whose tenant pays the rent or falls behind on it.

`load_host()` fits a small synthetic model (a seeded logistic-regression pipeline: numeric features scaled,
categorical ones one-hot encoded, on a seeded frame, fitted on 320 of the 400 tenancies) and builds the host from
the model, the frame, the ids of the 80 held-out tenancies and the fields of its host config with
`simxai.hosts.host_from_model` (the same host `--host-config` would load from those files), following the pattern of
w15's `host_employee.py`. Nothing here comes from a data set: the domain, its columns and its words were invented by
w16 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w16/host_tenant.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TENANT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 37001
SIZE = 400
NUMERIC = [
    "age",
    "monthly_rent_gbp",
    "income_ratio",
    "months_in_tenancy",
    "missed_payments_12m",
    "household_size",
]
CATEGORICAL = ["property_type", "region", "employment"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TENANT_CONFIG: dict[str, Any] = {
    "name": "rent arrears",
    "target": "fell_behind",
    "class_names": {"0": "pays", "1": "falls_behind"},
    "instance_noun": "tenant",
    "id_column": "tenant_id",
    "category_names": {
        "property_type": {"0": "flat", "1": "house", "2": "studio", "3": "shared_house"},
        "region": {"0": "london", "1": "south_east", "2": "midlands", "3": "north", "4": "scotland"},
        "employment": {"0": "employed", "1": "self_employed", "2": "unemployed", "3": "retired", "4": "student"},
    },
    "immutable_features": ["age"],
    "feature_aliases": {
        "monthly_rent_gbp": ["rent", "monthly rent", "rent per month"],
        "income_ratio": ["rent to income", "rent-to-income ratio", "affordability", "share of income"],
        "months_in_tenancy": ["tenancy length", "months in the property", "how long they've lived there"],
        "missed_payments_12m": ["missed payments", "late payments", "arrears history"],
        "household_size": ["household", "people in the household", "occupants"],
        "property_type": ["property", "type of property", "home type"],
        "region": ["area", "location"],
        "employment": ["job", "work status", "employment status"],
    },
    "seed": 0,
    "cards": {
        "description": "Private-rented tenancies managed by an invented UK letting agency, one row per tenancy "
        "from its 2025 rent book.",
        "feature_descriptions": {
            "age": "age of the lead tenant in years",
            "monthly_rent_gbp": "rent per calendar month in pounds (GBP)",
            "income_ratio": "rent as a percentage of the household's monthly take-home income (35 = 35 %)",
            "months_in_tenancy": "months since the tenancy started",
            "missed_payments_12m": "rent payments missed or more than 14 days late in the last 12 months",
            "household_size": "number of people living in the home",
            "property_type": "flat, house, studio or a room in a shared house",
            "region": "london, south_east, midlands, north or scotland",
            "employment": "lead tenant's work status: employed, self_employed, unemployed, retired or student",
        },
        "target_description": "whether the tenant fell two months or more behind on rent in the next 12 months",
        "model_description": "A logistic regression (C=1.0) after scaling the numeric features and one-hot "
        "encoding the categorical ones.",
        "training": "Fitted on 320 of the 400 synthetic tenancies; the other 80 are held out for the "
        "performance figures.",
        "limitations": [
            "Synthetic tenancies, invented for testing; not real tenants.",
            "A linear model: it cannot capture interactions such as rent mattering more for larger households.",
            "Meant to start a conversation about support, not to decide on evictions or references.",
        ],
        "label_meanings": {
            "pays": "the tenant kept up with the rent (never two months behind) over the next 12 months",
            "falls_behind": "the tenant fell two months or more behind on rent within 12 months",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3716)
    n = SIZE
    region = rng.choice(5, n, p=[0.25, 0.2, 0.2, 0.25, 0.1])
    property_type = rng.choice(4, n, p=[0.45, 0.3, 0.12, 0.13])
    employment = rng.choice(5, n, p=[0.6, 0.14, 0.08, 0.1, 0.08])
    base_rent = np.array([1650, 1250, 850, 750, 800])[region] * np.array([1.0, 1.3, 0.75, 0.6])[property_type]
    rent = np.round(base_rent * rng.lognormal(0, 0.18, n) / 5) * 5
    ratio = np.clip(np.round(rng.normal(34, 10, n) + 8 * (employment == 2) + 5 * (employment == 4)), 12, 80)
    frame = pd.DataFrame(
        {
            "tenant_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age": rng.integers(18, 82, n),
            "monthly_rent_gbp": rent.astype(int),
            "income_ratio": ratio.astype(int),
            "months_in_tenancy": rng.integers(1, 121, n),
            "missed_payments_12m": rng.poisson(0.9, n),
            "household_size": np.clip(rng.poisson(1.6, n) + 1, 1, 7),
            "property_type": property_type,
            "region": region,
            "employment": employment,
        }
    )
    score = (
        0.09 * (frame.income_ratio - 35)
        + 0.75 * (frame.missed_payments_12m - 0.9)
        - 0.012 * (frame.months_in_tenancy - 60)
        + 0.0008 * (frame.monthly_rent_gbp - 1000)
        + 0.2 * (frame.household_size - 2.6)
        + 1.0 * (frame.employment == 2)
        + 0.4 * (frame.employment == 1)
        - 0.4 * (frame.employment == 3)
        + 0.3 * (frame.property_type == 3)
        - 0.01 * (frame.age - 45)
        + rng.normal(0, 0.9, n)
    )
    frame["fell_behind"] = (score > 0.5).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 tenancies the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(37).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented tenant host in memory, its model fitted on the tenancies outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.tenant_id.isin(test)]
    encode = ColumnTransformer(
        [
            ("scale", StandardScaler(), NUMERIC),
            ("onehot", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
        ]
    )
    model = Pipeline([("encode", encode), ("classify", LogisticRegression(C=1.0, max_iter=1000))])
    model.fit(train[features], train.fell_behind)
    return host_from_model(model, frame[["tenant_id", *features, "fell_behind"]], test_ids=test, **TENANT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
