"""The invented `donor` host of writer w25: whole-blood donors of a regional blood service and whether they came back.

`load_host()` fits a small synthetic model (a ridge classifier, calibrated to probabilities, behind one-hot
categories and scaled numbers, fitted on 320 of the 400 donors) and builds the host from the model, the frame, the
ids of the 80 held-out donors and the fields of its host config with `simxai.hosts.host_from_model`, following the
pattern of w23's `host_batch.py`. It has **three labels**: in the six months after a reminder a donor `returned`
(gave blood again), was `deferred` (came but was turned away, mostly for low haemoglobin) or `lapsed` (did not
come). Nothing here comes from a data set: the domain, its columns and its words were invented by w25 so that the
router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w25/host_donor.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DONOR_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 88001
SIZE = 400
NUMERIC = ["age_yrs", "donations_2y", "months_since_last", "hb_g_dl", "travel_km"]
CATEGORICAL = ["fainted_before", "reminder_by"]
FEATURES = NUMERIC + CATEGORICAL
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DONOR_CONFIG: dict[str, Any] = {
    "name": "blood donor return after reminder",
    "target": "six_month_outcome",
    "class_names": {"0": "returned", "1": "deferred", "2": "lapsed"},
    "instance_noun": "donor",
    "id_column": "donor_ref",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "fainted_before": {"0": "no", "1": "yes"},
        "reminder_by": {"0": "sms", "1": "email", "2": "letter"},
    },
    "immutable_features": ["age_yrs", "fainted_before"],
    "feature_aliases": {
        "age_yrs": ["age", "how old", "years old"],
        "donations_2y": ["donations", "times donated", "previous donations", "donations in 2 years"],
        "months_since_last": ["months since last donation", "last donation", "gap", "time since last"],
        "hb_g_dl": ["hb", "haemoglobin", "hemoglobin", "iron", "hgb"],
        "travel_km": ["distance", "travel", "km to session", "how far"],
        "fainted_before": ["fainted", "faint", "vasovagal", "fainting"],
        "reminder_by": ["reminder", "contact", "reminded by", "invite"],
    },
    "seed": 0,
    "cards": {
        "description": "Whole-blood donors of an invented regional blood service who were sent a reminder in "
        "2025-2026, one row per donor, with what happened in the six months after the reminder.",
        "feature_descriptions": {
            "age_yrs": "the donor's age in years",
            "donations_2y": "whole-blood donations in the two years before the reminder",
            "months_since_last": "months from the donor's last donation to the reminder",
            "hb_g_dl": "haemoglobin at the last donation's finger-prick test, in g/dL",
            "travel_km": "distance from the donor's home to the nearest session venue, in km",
            "fainted_before": "whether the donor has ever fainted at a session: no or yes",
            "reminder_by": "how the reminder was sent: sms, email or letter",
        },
        "target_description": "what the donor did in the six months after the reminder: returned (donated), "
        "deferred (attended but was turned away) or lapsed (did not attend)",
        "model_description": "Ridge classifier (alpha 1, one-vs-rest) on scaled numbers and one-hot categories, "
        "calibrated to probabilities with a sigmoid on 3-fold cross-validation.",
        "training": "Fitted on 320 of the 400 synthetic donors; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic donors, invented for testing; not a real blood service's records.",
            "Does not know the blood group, the donor's sex, medication or travel abroad.",
            "A linear model: it cannot see that a very long gap and a very short one may both mean trouble.",
        ],
        "label_meanings": {
            "returned": "the donor gave blood again within six months of the reminder",
            "deferred": "the donor came to a session but was turned away (low haemoglobin, a faint, feeling unwell)",
            "lapsed": "the donor did not come to a session within six months",
        },
        "probability_meaning": "The model's estimated probability of each of the three outcomes (they add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2588)
    n = SIZE
    frame = pd.DataFrame(
        {
            "donor_ref": np.arange(FIRST_ID, FIRST_ID + n),
            "age_yrs": rng.integers(18, 71, n),
            "donations_2y": rng.poisson(2.5, n),
            "months_since_last": rng.integers(3, 37, n),
            "hb_g_dl": np.round(np.clip(rng.normal(13.6, 1.1, n), 11.0, 17.0), 1),
            "travel_km": np.round(rng.gamma(2.0, 6.0, n)),
            "fainted_before": rng.choice(2, n, p=[0.85, 0.15]),
            "reminder_by": rng.choice(3, n, p=[0.5, 0.3, 0.2]),
        }
    )
    engage = (
        0.45 * frame.donations_2y
        - 0.08 * frame.months_since_last
        - 0.05 * frame.travel_km
        + 0.015 * frame.age_yrs
        - 0.5 * frame.fainted_before
        + np.where(frame.reminder_by == 0, 0.5, np.where(frame.reminder_by == 1, 0.0, -0.3))
        + rng.normal(0, 0.7, n)
    )
    low_hb = (12.6 - frame.hb_g_dl) + 0.6 * frame.fainted_before + rng.normal(0, 0.5, n)
    outcome = np.where(engage < -0.2, 2, np.where(low_hb > 0, 1, 0))
    frame["six_month_outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 80 donors the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(88).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented donor host in memory, its model fitted on the donors outside `held_out_ids()`."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import RidgeClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.donor_ref.isin(test)]
    prepare = ColumnTransformer(
        [("num", StandardScaler(), NUMERIC), ("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL)]
    )
    model = Pipeline(
        [("prepare", prepare), ("ridge", CalibratedClassifierCV(RidgeClassifier(alpha=1.0), method="sigmoid", cv=3))]
    )
    model.fit(train[FEATURES], train.six_month_outcome)
    return host_from_model(model, frame[["donor_ref", *FEATURES, "six_month_outcome"]], test_ids=test, **DONOR_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
