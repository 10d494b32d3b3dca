"""The invented `batch` host of writer w23: seed batches of a vegetable seed company and how they germinated.

`load_host()` fits a small synthetic model (a complement naive Bayes on count features, fitted on 320 of the 400
batches) and builds the host from the model, the frame, the ids of the 80 held-out batches and the fields of its
host config with `simxai.hosts.host_from_model`, following the pattern of w22's `host_runner.py`. It has two
labels: in the seed lab's standard germination test a batch `germinated_well` or `germinated_poorly`. Nothing here
comes from a data set: the domain, its columns and its words were invented by w23 so that the router meets a host
it was not trained on.

    python simxai/eval_suite/router_training/held_out_people/w23/host_batch.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BATCH_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 81001
SIZE = 400
FEATURES = [
    "seed_age_months",
    "storage_humidity_pct",
    "mouldy_seeds",
    "cracked_seeds",
    "harvest_rain_days",
    "days_in_transit",
    "fungicide_treated",
]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BATCH_CONFIG: dict[str, Any] = {
    "name": "seed batch germination tests",
    "target": "germination",
    "class_names": {"0": "germinated_well", "1": "germinated_poorly"},
    "instance_noun": "batch",
    "id_column": "batch_number",
    "categorical_features": ["fungicide_treated"],
    "category_names": {"fungicide_treated": {"0": "no", "1": "yes"}},
    "immutable_features": ["harvest_rain_days"],
    "feature_aliases": {
        "seed_age_months": ["age", "how old", "seed age", "months since harvest"],
        "storage_humidity_pct": ["humidity", "store humidity", "relative humidity", "rh"],
        "mouldy_seeds": ["mould", "mold", "mouldy", "moldy seeds"],
        "cracked_seeds": ["cracked", "damaged seeds", "broken seeds"],
        "harvest_rain_days": ["rain at harvest", "wet harvest", "rain days"],
        "days_in_transit": ["transit", "shipping days", "days on the road"],
        "fungicide_treated": ["treated", "fungicide", "seed dressing", "coated"],
    },
    "seed": 0,
    "cards": {
        "description": "Batches (seed lots) of an invented vegetable seed company tested in its own seed lab in "
        "2025-2026, one row per batch; the seed counts are out of a 400-seed inspection sample.",
        "feature_descriptions": {
            "seed_age_months": "months from harvest to the germination test",
            "storage_humidity_pct": "average relative humidity of the store the batch was kept in, in %",
            "mouldy_seeds": "seeds with visible mould in the 400-seed inspection sample",
            "cracked_seeds": "cracked or split seeds in the 400-seed inspection sample",
            "harvest_rain_days": "days with rain in the two weeks before the crop was harvested",
            "days_in_transit": "days the batch spent in transport between the grower and the store",
            "fungicide_treated": "whether the seed was dressed with a fungicide: no or yes",
        },
        "target_description": "the result of the seed lab's germination test: germinated well (85 % or more of "
        "the test seeds sprouted) or poorly",
        "model_description": "Complement naive Bayes on the count features (alpha 1), a naive Bayes variant made "
        "for unbalanced classes and usually fitted to word counts.",
        "training": "Fitted on 320 of the 400 synthetic batches; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic batches, invented for testing; not a real seed company's records.",
            "Does not know the crop or variety, the grower, or the test temperature in the lab.",
            "Treats each column as counts of independent events, so it cannot model thresholds like a humidity "
            "level above which seed spoils quickly.",
        ],
        "label_meanings": {
            "germinated_well": "85 % or more of the test seeds sprouted: the batch can be sold as it is",
            "germinated_poorly": "fewer than 85 % sprouted: the batch is retested, sold as lower grade or discarded",
        },
        "probability_meaning": "The model's estimated probability of each of the two test results (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(8123)
    n = SIZE
    frame = pd.DataFrame(
        {
            "batch_number": np.arange(FIRST_ID, FIRST_ID + n),
            "seed_age_months": rng.integers(1, 49, n),
            "storage_humidity_pct": np.round(np.clip(rng.normal(50, 11, n), 25, 85)),
            "mouldy_seeds": rng.poisson(rng.gamma(1.2, 3.0, n)),
            "cracked_seeds": rng.poisson(rng.gamma(1.5, 4.0, n)),
            "harvest_rain_days": rng.integers(0, 11, n),
            "days_in_transit": rng.integers(1, 22, n),
            "fungicide_treated": rng.choice(2, n, p=[0.4, 0.6]),
        }
    )
    decline = (
        0.05 * frame.seed_age_months
        + 0.06 * (frame.storage_humidity_pct - 50)
        + 0.18 * frame.mouldy_seeds
        + 0.07 * frame.cracked_seeds
        + 0.12 * frame.harvest_rain_days
        + 0.03 * frame.days_in_transit
        - 0.6 * frame.fungicide_treated
        + rng.normal(0, 0.6, n)
    )
    frame["germination"] = (decline > 3.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 batches the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(81).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented batch host in memory, its model fitted on the batches outside `held_out_ids()`."""
    from sklearn.naive_bayes import ComplementNB

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.batch_number.isin(test)]
    model = ComplementNB(alpha=1.0)
    model.fit(train[FEATURES], train.germination)
    return host_from_model(model, frame[["batch_number", *FEATURES, "germination"]], test_ids=test, **BATCH_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
