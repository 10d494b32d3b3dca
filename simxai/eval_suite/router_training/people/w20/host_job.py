"""The invented `job` host of writer w20: job postings of a staffing agency and whether they are filled in 30 days.

`load_host()` fits a small synthetic model (Bernoulli naive Bayes on binarised features, in a pipeline, fitted
on 320 of the 400 postings) and builds the host from the model, the frame, the ids of the 80 held-out postings
and the fields of its host config with `simxai.hosts.host_from_model`, following the pattern of w19's
`host_dog.py`. It has two labels: a posting is `filled` within 30 days of going live or is still `unfilled`.
Nothing here comes from a data set: the domain, its columns and its words were invented by w20 so that the
router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w20/host_job.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["JOB_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 71001
SIZE = 400
NUMERIC = {
    # feature: the threshold it is binarised at (above it is 1)
    "salary_k": 52.0,
    "remote_days": 1.5,
    "experience_years": 3.5,
    "applicants_week1": 20.0,
    "description_words": 600.0,
    "interview_rounds": 2.5,
}
CATEGORICAL = ["contract_type", "sector", "company_size"]
FEATURES = [*NUMERIC, *CATEGORICAL]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
JOB_CONFIG: dict[str, Any] = {
    "name": "job posting fill outcomes",
    "target": "outcome_30d",
    "class_names": {"0": "unfilled", "1": "filled"},
    "instance_noun": "posting",
    "id_column": "posting_id",
    "categorical_features": CATEGORICAL,
    "category_names": {
        "contract_type": {"0": "permanent", "1": "fixed_term", "2": "temp"},
        "sector": {"0": "retail", "1": "warehouse", "2": "office", "3": "healthcare", "4": "tech"},
        "company_size": {"0": "small", "1": "medium", "2": "large"},
    },
    "immutable_features": ["sector", "company_size"],
    "feature_aliases": {
        "salary_k": ["salary", "pay", "wage", "annual salary"],
        "remote_days": ["remote days", "work from home days", "wfh", "days remote"],
        "experience_years": ["experience required", "years of experience", "experience"],
        "applicants_week1": ["applicants", "applications", "applicants in the first week"],
        "description_words": ["description length", "ad length", "word count", "words"],
        "interview_rounds": ["interview rounds", "interviews", "rounds of interviews"],
        "contract_type": ["contract", "contract type", "kind of contract"],
        "sector": ["industry", "sector"],
        "company_size": ["company size", "employer size", "size of the company"],
    },
    "seed": 0,
    "cards": {
        "description": "Job postings an invented regional staffing agency put live in 2025, one row per posting, "
        "described as on the day it went live (and its first week of applications).",
        "feature_descriptions": {
            "salary_k": "the advertised annual salary (or its full-time equivalent), in thousands of US dollars",
            "remote_days": "how many days a week the job may be done from home, 0 to 5",
            "experience_years": "the years of experience the posting asks for",
            "applicants_week1": "how many people applied in the posting's first week",
            "description_words": "how many words the job description has",
            "interview_rounds": "how many interview rounds the hiring process has",
            "contract_type": "permanent, fixed_term or temp",
            "sector": "the employer's sector: retail, warehouse, office, healthcare or tech",
            "company_size": "the employer's size: small (under 50 staff), medium (50 to 499) or large (500+)",
        },
        "target_description": "whether the posting was filled (an offer accepted) within 30 days of going live",
        "model_description": "Bernoulli naive Bayes on binarised features: each number is turned into above or "
        "below a fixed cut (salary above 52k, more than 1 remote day, more than 3 years asked, more than 20 "
        "applicants, more than 600 words, more than 2 interview rounds) and each category into yes/no columns.",
        "training": "Fitted on 320 of the 400 synthetic postings; the other 80 are held out for the performance "
        "figures.",
        "limitations": [
            "Synthetic postings, invented for testing; not real vacancies or employers.",
            "Sees each number only as above or below its cut: 53k and 90k look the same to it.",
            "Knows nothing about the job title's wording, the location, the recruiter or the time of year.",
        ],
        "label_meanings": {
            "filled": "a candidate accepted an offer within 30 days of the posting going live",
            "unfilled": "no offer had been accepted 30 days after the posting went live (still open or pulled)",
        },
        "probability_meaning": "The model's estimated probability of each outcome (the two add up to 1).",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7120)
    n = SIZE
    sector = rng.choice(5, n, p=[0.22, 0.2, 0.24, 0.18, 0.16])
    base_salary = np.array([34, 38, 50, 56, 85])[sector]
    frame = pd.DataFrame(
        {
            "posting_id": np.arange(FIRST_ID, FIRST_ID + n),
            "salary_k": np.round(np.clip(base_salary * rng.normal(1, 0.18, n), 22, 160)).astype(int),
            "remote_days": np.where(np.isin(sector, [0, 1, 3]), 0, rng.choice(6, n)),
            "experience_years": rng.choice([0, 1, 2, 3, 5, 7, 10], n, p=[0.15, 0.2, 0.2, 0.15, 0.15, 0.1, 0.05]),
            "applicants_week1": rng.poisson(18, n),
            "description_words": np.round(rng.normal(520, 180, n).clip(120, 1400), -1).astype(int),
            "interview_rounds": rng.choice([1, 2, 3, 4], n, p=[0.3, 0.35, 0.25, 0.1]),
            "contract_type": rng.choice(3, n, p=[0.55, 0.25, 0.2]),
            "sector": sector,
            "company_size": rng.choice(3, n, p=[0.35, 0.4, 0.25]),
        }
    )
    ease = (
        0.04 * (frame.salary_k - base_salary)
        + 0.25 * frame.remote_days
        - 0.18 * frame.experience_years
        + 0.07 * (frame.applicants_week1 - 18)
        - 0.0015 * (frame.description_words - 520)
        - 0.45 * (frame.interview_rounds - 2)
        + 0.5 * (frame.contract_type == 2)
        - 0.3 * (frame.contract_type == 1)
        - 0.5 * (frame.sector == 3)
        + 0.2 * (frame.company_size == 2)
        + rng.normal(0, 0.7, n)
    )
    frame["outcome_30d"] = (ease > 0.0).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 postings the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(71).choice(ids, SIZE // 5, replace=False))


def _model() -> Any:
    from sklearn.compose import ColumnTransformer
    from sklearn.naive_bayes import BernoulliNB
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import Binarizer, OneHotEncoder

    binarise = ColumnTransformer(
        [(name, Binarizer(threshold=cut), [name]) for name, cut in NUMERIC.items()]
        + [("categories", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL)]
    )
    return Pipeline([("binarise", binarise), ("nb", BernoulliNB(alpha=1.0))])


def load_host() -> TabularHost:
    """Build the invented job-posting host in memory, its model fitted on the postings outside `held_out_ids()`."""
    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.posting_id.isin(test)]
    model = _model()
    model.fit(train[FEATURES], train.outcome_30d)
    return host_from_model(model, frame[["posting_id", *FEATURES, "outcome_30d"]], test_ids=test, **JOB_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
