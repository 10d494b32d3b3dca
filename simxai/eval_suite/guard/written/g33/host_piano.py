"""The invented `piano` host of guard writer g33: a piano technician's service visits, and how each piano held up.

`load_host()` builds a seeded frame of 150 service visits (ids 133401-133550) of an invented piano technician and fits
a scikit-learn pipeline (`StandardScaler` then `LogisticRegression`) on 120 of them; the other 30 are held out for the
performance figures. Each visit is one tuning of one piano; the technician's log says, at the next visit, whether the
tuning `held` (still in pitch), had `drifted` (out of pitch and retuned) or the piano needed a `repair` (a loose pin,
a cracked bridge). Nothing here comes from a data set: the domain, its columns and its words were invented by g33.
The `Grand` column holds True/False; `last_service_yyyymm` is a year and month written as one number.

    python simxai/eval_suite/guard/written/g33/host_piano.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PIANO_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 133401
SIZE = 150
FEATURES = ["Piano Age (years)", "room_humidity_pct", "PitchOffsetCents", "tunings per year", "last_service_yyyymm",
            "Grand", "Maker Region"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PIANO_CONFIG: dict[str, Any] = {
    "name": "piano tuning visits",
    "target": "next_visit",
    "class_names": {"0": "held", "1": "drifted", "2": "repair"},
    "instance_noun": "visit",
    "id_column": "visit_id",
    "category_names": {
        "Maker Region": {"0": "german", "1": "japanese", "2": "american", "3": "chinese"},
        "Grand": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Piano Age (years)"],
    "feature_aliases": {
        "Piano Age (years)": ["age of the piano", "piano age", "age"],
        "room_humidity_pct": ["humidity", "room humidity", "relative humidity"],
        "PitchOffsetCents": ["pitch offset", "how flat it was", "cents flat"],
        "tunings per year": ["tunings a year", "tuning frequency", "tunings"],
        "last_service_yyyymm": ["last service", "date of the last service", "last service month"],
        "Grand": ["grand piano", "a grand", "grand or upright"],
        "Maker Region": ["maker", "where it was made", "region of the maker"],
    },
    "seed": 0,
    "cards": {
        "description": "Service visits of an invented piano technician, one row per tuning, with how it held up.",
        "feature_descriptions": {
            "Piano Age (years)": "age of the piano at the visit, in years",
            "room_humidity_pct": "relative humidity of the room at the visit, in per cent",
            "PitchOffsetCents": "how far below concert pitch the piano was on arrival, in cents",
            "tunings per year": "how many tunings the owner books a year",
            "last_service_yyyymm": "year and month of the service before this one, written as YYYYMM",
            "Grand": "whether the piano is a grand (True) or an upright (False)",
            "Maker Region": "where the maker is based: german, japanese, american or chinese",
        },
        "target_description": "how the tuning held up at the next visit: held, drifted or repair",
        "model_description": "a scikit-learn pipeline: StandardScaler, then a multinomial LogisticRegression (C=1.0) "
        "on the raw columns; the maker region enters as its code and the grand column as 0/1.",
        "training": "Fitted on 120 of the 150 synthetic visits; the other 30 are held out for the performance figures.",
        "limitations": [
            "Synthetic visits, invented for testing; not a real technician's log.",
            "The maker region enters as a numeric code, as if the regions were ordered.",
            "A linear model: it cannot see that very dry and very damp rooms both harm a tuning.",
        ],
        "label_meanings": {
            "held": "still in pitch at the next visit",
            "drifted": "out of pitch at the next visit and retuned",
            "repair": "needed a repair at the next visit",
        },
        "probability_meaning": "The logistic regression's probability for each outcome; the three sum to 1.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(33134)
    n = SIZE
    region = rng.choice(4, n, p=[0.3, 0.35, 0.2, 0.15])
    age = np.round(rng.uniform(2, 80, n), 0)
    humidity = np.round(np.clip(rng.normal(45, 12, n), 15, 85)).astype(int)
    offset = np.round(rng.gamma(2.0, 6.0, n), 1)
    tunings = rng.choice([1, 2, 3, 4], n, p=[0.4, 0.35, 0.15, 0.1])
    years = rng.integers(2022, 2027, n)
    months = rng.integers(1, 13, n)
    last = (years * 100 + months).astype(int)
    grand = rng.random(n) < 0.3
    frame = pd.DataFrame(
        {
            "visit_id": np.arange(FIRST_ID, FIRST_ID + n),
            "Piano Age (years)": age,
            "room_humidity_pct": humidity,
            "PitchOffsetCents": offset,
            "tunings per year": tunings,
            "last_service_yyyymm": last,
            "Grand": grand,
            "Maker Region": region,
        }
    )
    drift = 0.05 * (offset - 12) + 0.04 * np.abs(humidity - 45) - 0.5 * (tunings - 2) - 0.4 * grand
    drift = drift + rng.normal(0, 0.5, n)
    wear = 0.03 * (age - 40) + 0.5 * (region == 3) + 0.02 * (offset - 12) + rng.normal(0, 0.5, n)
    outcome = np.zeros(n, dtype=int)
    outcome[drift > 0.2] = 1
    outcome[wear > 0.9] = 2
    frame["next_visit"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 30 visits the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(33).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented piano host in memory, fitted on the visits outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.visit_id.isin(test)]
    model = make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=2000, random_state=33))
    model.fit(train[FEATURES], train.next_visit)
    return host_from_model(model, frame[["visit_id", *FEATURES, "next_visit"]], test_ids=test, **PIANO_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
