"""The invented `bindery` host of writer w52: thesis and project binding jobs at a small bindery by a campus gate.

`load_host()` fits a small synthetic model (a logistic regression on cubic B-spline expansions of the numeric
columns, `SplineTransformer` with 4 knots, the cover and the True/False gold-lettering column one-hot encoded, a
`Pipeline`) on 240 of the 300 jobs and builds the host from the model, the frame, the ids of the 60 held-out jobs
and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: the department's
checker `accepted` the bound copies, or sent them back to `rebind`. Nothing here comes from a data set: the domain,
its columns and its words were invented by w52 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w52/host_bindery.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["BINDERY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 123501
SIZE = 300
NUMERIC = [
    "page count",
    "GlueCureHours",
    "paper weight (gsm)",
    "power_cut_hours",
    "ApprenticeMonths",
    "days to deadline",
]
CATEGORICAL = ["cover", "gold_lettering"]
FEATURES = [*CATEGORICAL, *NUMERIC]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
BINDERY_CONFIG: dict[str, Any] = {
    "name": "binding jobs",
    "target": "checker_verdict",
    "class_names": {"0": "accepted", "1": "rebind"},
    "instance_noun": "job",
    "id_column": "job_no",
    "category_names": {"cover": {"0": "hardcover", "1": "softcover", "2": "leatherette"}},
    "immutable_features": ["cover"],
    "feature_aliases": {
        "cover": ["cover", "cover type", "kind of cover", "binding type"],
        "gold_lettering": ["gold lettering", "gold embossing", "embossing", "gold letters"],
        "page count": ["pages", "number of pages", "thickness", "page total"],
        "GlueCureHours": ["glue cure hours", "glue time", "curing", "drying of the glue"],
        "paper weight (gsm)": ["paper weight", "gsm", "paper grammage", "weight of the paper"],
        "power_cut_hours": ["power cut hours", "power cut", "outage", "NEPA"],
        "ApprenticeMonths": ["apprentice months", "apprentice experience", "experience of the binder", "binder"],
        "days to deadline": ["days to deadline", "deadline", "days before submission", "time left"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Thesis and project binding jobs at an invented bindery by a university gate in Ibadan, "
        "one row per job, judged by the department's checker at submission.",
        "feature_descriptions": {
            "cover": "the cover of the job: hardcover, softcover or leatherette",
            "gold_lettering": "whether the spine and front were gold-embossed (True) or printed plain (False)",
            "page count": "pages in each bound copy",
            "GlueCureHours": "hours the spine glue cured before trimming",
            "paper weight (gsm)": "weight of the paper, in grams per square metre",
            "power_cut_hours": "hours without grid power on the binding day (press and guillotine by hand)",
            "ApprenticeMonths": "months of experience of the apprentice who bound the job",
            "days to deadline": "days between the job coming in and the student's submission date",
        },
        "target_description": "the checker's verdict on the bound copies: accepted, or sent back to rebind",
        "model_description": "A logistic regression on cubic B-spline expansions (4 knots) of the scaled numeric "
        "columns, the cover and the gold-lettering column one-hot encoded.",
        "training": "Fitted on 240 of the 300 synthetic jobs; the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic jobs, invented for testing; not a real bindery's job book.",
            "Does not know the checker's mood, the student's typesetting or the supervisor's corrections.",
        ],
        "label_meanings": {
            "accepted": "the checker took the bound copies as they were",
            "rebind": "the copies came back: loose pages, a crooked spine or wrong lettering, bound again",
        },
        "probability_meaning": "The logistic model's estimate of how likely each verdict is for the job.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(123599)
    n = SIZE
    cover = rng.choice(3, n, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "job_no": np.arange(FIRST_ID, FIRST_ID + n),
            "cover": cover,
            "gold_lettering": rng.random(n) < 0.6,
            "page count": rng.integers(60, 451, n),
            "GlueCureHours": rng.integers(2, 49, n),
            "paper weight (gsm)": rng.choice([70, 80, 100], n),
            "power_cut_hours": rng.integers(0, 13, n),
            "ApprenticeMonths": rng.integers(1, 49, n),
            "days to deadline": rng.integers(1, 15, n),
        }
    )
    trouble = (
        -0.09 * (frame.GlueCureHours - 18)
        + 0.004 * (frame["page count"] - 250)
        + 0.15 * frame.power_cut_hours
        - 0.04 * (frame.ApprenticeMonths - 20)
        - 0.2 * (frame["days to deadline"] - 6)
        + 0.5 * frame.gold_lettering
        + 0.6 * (cover == 1) * (frame["page count"] > 300)
        + 0.01 * (frame["paper weight (gsm)"] - 80)
        + rng.normal(0, 0.7, n)
    )
    frame["checker_verdict"] = (trouble > np.quantile(trouble, 0.58)).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 60 jobs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1235).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented bindery host in memory, its model fitted on the jobs outside `held_out_ids()`."""
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.job_no.isin(test)]
    splines = Pipeline([("scale", StandardScaler()), ("spline", SplineTransformer(n_knots=4, degree=3))])
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
                        ("splines", splines, NUMERIC),
                    ],
                ),
            ),
            ("logistic", LogisticRegression(C=0.5, max_iter=2000)),
        ]
    )
    model.fit(train[FEATURES], train.checker_verdict)
    return host_from_model(model, frame[["job_no", *FEATURES, "checker_verdict"]], test_ids=test, **BINDERY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
