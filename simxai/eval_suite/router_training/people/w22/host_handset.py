"""The invented `handset` host of writer w22: phone handsets returned to a retailer and what is done with them.

`load_host()` fits a small synthetic model (a Gaussian process classifier on a seeded frame, fitted on 320 of
the 400 handsets) and builds the host from the model, the frame, the ids of the 80 held-out handsets and the
fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w19's `host_dog.py`. It
has three labels: a returned handset is sent to `refurbish` (cleaned, tested, resold as refurbished), to
`repair` (a part replaced first) or to `scrap` (recycled for parts and materials). Nothing here comes from a
data set: the domain, its columns and its words were invented by w22 so that the router meets a host it was not
trained on.

    python simxai/eval_suite/router_training/people/w22/host_handset.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HANDSET_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 76001
SIZE = 400
FEATURES = [
    "device_age_months",
    "battery_health_pct",
    "screen_condition",
    "water_damage",
    "list_price_usd",
    "return_reason",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HANDSET_CONFIG: dict[str, Any] = {
    "name": "returned handset triage",
    "target": "disposition",
    "class_names": {"0": "refurbish", "1": "repair", "2": "scrap"},
    "instance_noun": "handset",
    "id_column": "return_id",
    "categorical_features": ["screen_condition", "water_damage", "return_reason"],
    "category_names": {
        "screen_condition": {"0": "intact", "1": "scratched", "2": "cracked"},
        "water_damage": {"0": "no", "1": "yes"},
        "return_reason": {"0": "changed_mind", "1": "fault", "2": "damaged", "3": "upgrade"},
    },
    "immutable_features": ["list_price_usd"],
    "feature_aliases": {
        "device_age_months": ["age", "how old", "months old", "device age"],
        "battery_health_pct": ["battery", "battery health", "battery capacity"],
        "screen_condition": ["screen", "display", "glass"],
        "water_damage": ["water", "liquid damage", "moisture indicator", "lci"],
        "list_price_usd": ["price", "retail price", "msrp", "list price"],
        "return_reason": ["reason", "why it came back", "return reason"],
    },
    "seed": 0,
    "background_size": 15,
    "cards": {
        "description": "Phone handsets returned to an invented electronics retailer's returns centre in 2025, "
        "one row per returned handset, as graded at the intake bench.",
        "feature_descriptions": {
            "device_age_months": "months since the handset model was released",
            "battery_health_pct": "battery capacity left as a percent of new, read at intake",
            "screen_condition": "the screen as graded at intake: intact, scratched or cracked",
            "water_damage": "whether the liquid contact indicator was tripped: no or yes",
            "list_price_usd": "the handset's list price when new, in US dollars",
            "return_reason": "the reason given at return: changed_mind, fault, damaged or upgrade (trade-in)",
        },
        "target_description": "what the returns centre did with the handset: refurbish, repair or scrap",
        "model_description": "Gaussian process classifier (a fixed RBF kernel on standardised inputs, "
        "one-vs-rest for the three outcomes).",
        "training": "Fitted on 320 of the 400 synthetic handsets; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic handsets, invented for testing; not real returns.",
            "Knows nothing about the brand, colour, storage size, carrier lock or accessories in the box.",
            "Uses the intake grading only; faults found later on the repair bench are not in it.",
        ],
        "label_meanings": {
            "refurbish": "cleaned, tested, wiped and resold as a refurbished handset without parts replaced",
            "repair": "a part (screen, battery, port) is replaced before the handset is resold",
            "scrap": "not worth fixing: recycled for parts and materials",
        },
        "probability_meaning": "The model's estimated probability of each of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7622)
    n = SIZE
    reason = rng.choice(4, n, p=[0.3, 0.3, 0.2, 0.2])
    age = np.round(np.clip(rng.gamma(2.2, 9.0, n), 1, 72))
    frame = pd.DataFrame(
        {
            "return_id": np.arange(FIRST_ID, FIRST_ID + n),
            "device_age_months": age,
            "battery_health_pct": np.round(np.clip(100 - 0.55 * age + rng.normal(0, 6, n), 55, 100)),
            "screen_condition": np.where(
                reason == 2, rng.choice(3, n, p=[0.2, 0.2, 0.6]), rng.choice(3, n, p=[0.6, 0.3, 0.1])
            ),
            "water_damage": np.where(reason == 2, rng.choice(2, n, p=[0.6, 0.4]), rng.choice(2, n, p=[0.93, 0.07])),
            "list_price_usd": rng.choice([199, 299, 399, 549, 699, 899, 1099], n),
            "return_reason": reason,
        }
    )
    worth = (
        0.004 * (frame.list_price_usd - 500)
        - 0.05 * (frame.device_age_months - 18)
        - 2.6 * frame.water_damage
        - 1.2 * (frame.screen_condition == 2)
        + rng.normal(0, 0.7, n)
    )
    needs_work = (
        (frame.screen_condition == 2)
        | (frame.battery_health_pct < 80)
        | ((frame.return_reason == 1) & (rng.random(n) < 0.6))
    )
    frame["disposition"] = np.where(worth < -1.3, 2, np.where(needs_work, 1, 0))
    return frame


def held_out_ids() -> list[int]:
    """The 80 handsets the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(76).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented handset host in memory, its model fitted on the handsets outside `held_out_ids()`."""
    from sklearn.gaussian_process import GaussianProcessClassifier
    from sklearn.gaussian_process.kernels import RBF
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.return_id.isin(test)]
    model = make_pipeline(
        StandardScaler(), GaussianProcessClassifier(kernel=1.0 * RBF(length_scale=1.5), optimizer=None)
    )
    model.fit(train[FEATURES], train.disposition)
    return host_from_model(model, frame[["return_id", *FEATURES, "disposition"]], test_ids=test, **HANDSET_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
