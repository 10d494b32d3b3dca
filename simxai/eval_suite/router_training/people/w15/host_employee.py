"""The invented `employee` host of writer w15: staff attrition at a mid-size company (stays or leaves).

`load_host()` fits a small synthetic model (a seeded gradient-boosting classifier on a seeded frame, fitted on 320 of
the 400 staff members) and builds the host from the model, the frame, the ids of the 80 held-out staff members and the
fields of its host config with `simxai.hosts.in_memory.fit_host` (the same host `--host-config` would load from those
files), following the pattern of `bench/dev_hosts.py`. Nothing here comes from a data set: the domain, its columns and
its words were invented by w15 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w15/host_employee.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["EMPLOYEE_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 29001
SIZE = 400
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
EMPLOYEE_CONFIG: dict[str, Any] = {
    "name": "staff attrition",
    "target": "left",
    "class_names": {"0": "stays", "1": "leaves"},
    "instance_noun": "employee",
    "id_column": "employee_id",
    "category_names": {
        "department": {"0": "sales", "1": "engineering", "2": "operations", "3": "finance", "4": "hr"},
        "contract_type": {"0": "permanent", "1": "fixed_term", "2": "part_time"},
    },
    "immutable_features": ["age"],
    "feature_aliases": {
        "tenure_years": ["tenure", "years at the company", "length of service", "service"],
        "salary_k": ["salary", "pay", "wage", "annual salary"],
        "overtime_hours": ["overtime", "extra hours", "hours of overtime"],
        "satisfaction": ["satisfaction score", "engagement", "survey score"],
        "promotions_5y": ["promotions", "times promoted"],
        "commute_km": ["commute", "distance to work", "travel distance"],
        "sick_days": ["sick leave", "absence", "days off sick"],
        "department": ["dept", "team"],
        "contract_type": ["contract"],
    },
    "seed": 0,
    "cards": {
        "description": "Staff of an invented mid-size UK company (about 1,500 people), one row per staff member "
        "sampled from the 2025 HR snapshot.",
        "feature_descriptions": {
            "age": "age of the staff member in years",
            "tenure_years": "years at the company",
            "salary_k": "annual base salary in thousands of pounds (GBP)",
            "overtime_hours": "average overtime hours per month over the last 6 months",
            "satisfaction": "score in the last engagement survey, 1 (very unhappy) to 10 (very happy)",
            "promotions_5y": "promotions in the last 5 years",
            "commute_km": "one-way distance from home to the office in km",
            "sick_days": "days of sick leave in the last 12 months",
            "department": "the department: sales, engineering, operations, finance or hr",
            "contract_type": "permanent, fixed-term or part-time contract",
        },
        "target_description": "whether the staff member left the company within 12 months of the snapshot",
        "model_description": "A gradient-boosting classifier of 80 trees of depth at most 3.",
        "training": "Fitted on 320 of the 400 synthetic staff members with random_state=0; the other 80 are held "
        "out for the performance figures.",
        "limitations": [
            "Synthetic staff records, invented for testing; not real people.",
            "Meant to flag attrition risk for a conversation, not to decide anything about a person.",
        ],
        "label_meanings": {
            "stays": "the staff member was still employed 12 months after the snapshot",
            "leaves": "the staff member left (resigned or did not renew) within 12 months",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2915)
    n = SIZE
    department = rng.choice(5, n, p=[0.3, 0.25, 0.2, 0.15, 0.1])
    age = rng.integers(19, 65, n)
    tenure = np.minimum(np.round(rng.gamma(1.6, 3.0, n), 1), age - 18)
    frame = pd.DataFrame(
        {
            "employee_id": np.arange(FIRST_ID, FIRST_ID + n),
            "age": age,
            "tenure_years": tenure,
            "salary_k": np.round(22 + 0.45 * (age - 19) + rng.gamma(2.0, 5.0, n) + 6 * (department == 1), 1),
            "overtime_hours": rng.integers(0, 41, n),
            "satisfaction": rng.integers(1, 11, n),
            "promotions_5y": rng.poisson(0.8, n),
            "commute_km": np.round(rng.gamma(2.0, 7.0, n), 1),
            "sick_days": rng.poisson(4.0, n),
            "department": department,
            "contract_type": rng.choice(3, n, p=[0.65, 0.2, 0.15]),
        }
    )
    score = (
        -0.45 * (frame.satisfaction - 5.5)
        + 0.05 * (frame.overtime_hours - 20)
        - 0.06 * (frame.salary_k - 45)
        - 0.12 * (frame.tenure_years - 4.5)
        - 0.5 * (frame.promotions_5y - 0.8)
        + 0.025 * (frame.commute_km - 14)
        + 0.08 * (frame.sick_days - 4)
        + 0.9 * (frame.contract_type == 1)
        + 0.5 * (frame.department == 0)
        - 0.02 * (frame.age - 40)
        + rng.normal(0, 0.8, n)
    )
    frame["left"] = (score > 0.4).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 staff members the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(29).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented employee host in memory, its model fitted on the staff outside `held_out_ids()`."""
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.in_memory import fit_host

    return fit_host(
        GradientBoostingClassifier(n_estimators=80, max_depth=3, random_state=0),
        _frame(),
        test_ids=held_out_ids(),
        **EMPLOYEE_CONFIG,
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
