"""An invented host for the router's requests written by people (`router_training/people/`), from a host config.

`load_insurance_host()` fits a small synthetic health-insurance risk model (a seeded random forest on a seeded frame,
fitted on the rows outside the host's held-out split, as `simxai/hosts/loan.py` does) and builds the host from the
model, the frame and the fields of its host config with `simxai.hosts.in_memory.fit_host`, the same host `--host-config`
would load from those files. Nothing here comes from a data set: the domain, its columns and its words were invented so
that the dev requests measure a host no training schema describes.

    python bench/dev_hosts.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["INSURANCE_CONFIG", "TEST_SIZE", "load_insurance_host"]

#: The held-out share of the members: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.2

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
INSURANCE_CONFIG: dict[str, Any] = {
    "name": "health insurance risk",
    "target": "tier",
    "class_names": {"0": "standard", "1": "surcharge"},
    "instance_noun": "policyholder",
    "id_column": "member_id",
    "category_names": {
        "sex": {"0": "female", "1": "male"},
        "smoker": {"0": "no", "1": "yes"},
        "plan": {"0": "basic", "1": "silver", "2": "gold"},
    },
    "immutable_features": ["age", "sex"],
    "feature_aliases": {"annual_claims": ["claims"], "doctor_visits": ["visits"]},
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "Members of an invented health insurer, one row per member, for one policy year.",
        "feature_descriptions": {
            "age": "age in years",
            "sex": "sex of the member",
            "bmi": "body mass index in kg/m2",
            "smoker": "whether the member smokes",
            "children": "number of children covered",
            "plan": "the plan the member holds",
            "doctor_visits": "doctor visits in the last year",
            "annual_claims": "claims paid last year, in thousands of euros",
        },
        "target_description": "whether the member's premium gets a risk surcharge",
        "model_description": "A random forest of 40 trees.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the 600 synthetic members (seed 0) with "
        f"random_state=0; the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": ["Synthetic members, invented for testing; not real people."],
        "label_meanings": {"standard": "the standard premium", "surcharge": "a risk surcharge on the premium"},
        "probability_meaning": "The share of trees that vote for the label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7)
    n = 600
    frame = pd.DataFrame(
        {
            "member_id": np.arange(5001, 5001 + n),
            "age": rng.integers(18, 80, n),
            "sex": rng.integers(0, 2, n),
            "bmi": np.round(rng.uniform(17, 42, n), 1),
            "smoker": (rng.uniform(0, 1, n) < 0.25).astype(int),
            "children": rng.integers(0, 5, n),
            "plan": rng.integers(0, 3, n),
            "doctor_visits": rng.integers(0, 20, n),
            "annual_claims": np.round(rng.gamma(2.0, 1.5, n), 2),
        }
    )
    score = (
        0.04 * (frame.age - 45)
        + 0.12 * (frame.bmi - 28)
        + 1.8 * frame.smoker
        + 0.25 * frame.annual_claims
        + 0.05 * frame.doctor_visits
        + rng.normal(0, 0.8, n)
    )
    frame["tier"] = (score > 1.0).astype(int)
    return frame


def load_insurance_host() -> TabularHost:
    """Build the invented insurance host in memory, its model fitted outside the config's held-out split."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import fit_host

    # Fitted outside the split the host config asks for (test_size, seed), which the host scores the model on.
    return fit_host(RandomForestClassifier(n_estimators=40, random_state=0), _frame(), **INSURANCE_CONFIG)


if __name__ == "__main__":
    schema = load_insurance_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
