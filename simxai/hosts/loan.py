"""A loan-approval host that looks like a user's own model, loaded the way a user loads one.

`write_loan_host(folder)` writes three files a user would bring: `loans.csv` (1,500 synthetic applicants,
seeded), `model.joblib` (a scikit-learn `Pipeline` of one-hot encoding and a random forest, trained on the
string labels "approved"/"rejected") and `host.yaml` (the host configuration with its cards).
`load_loan_host()` writes them once per process into a temporary folder and loads them through
`simxai.hosts.config.load_host_config`, the path a user's `--host-config` takes. It exists so that no
understanding rule can assume the demo's patients, bmi or glucose.

The data are synthetic: the decision is a noisy rule of credit score, income, debt-to-income ratio, loan
amount and term, employment years and purpose; nothing here describes real lending.

Write the files to look at them: `python -m simxai.hosts.loan OUT_DIR`.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

    from simxai.hosts.tabular import TabularHost

__all__ = ["N_APPLICANTS", "load_loan_host", "loan_data", "write_loan_host"]

N_APPLICANTS = 1500
TARGET = "decision"
CATEGORICAL = ("region", "home_ownership", "purpose")
SEED = 0
TEST_SIZE = 0.2

# As a user writes them: only age's says "applicant", and two say "years", so a reader that took words of the
# descriptions for feature names would read "applicant 140" as age 140 (issue 21).
_FEATURE_DESCRIPTIONS = {
    "age": "applicant age in years",
    "income": "yearly income in thousands of euros",
    "credit_score": "credit bureau score, 300 (worst) to 850 (best)",
    "loan_amount": "the amount asked for, in thousands of euros",
    "loan_term": "the repayment period in months (12 to 84)",
    "employment_years": "years in the current job",
    "debt_to_income": "monthly debt payments divided by monthly income",
    "region": "the region of the home: north, south, east or west",
    "home_ownership": "rent, own, or mortgage on the home",
    "purpose": "what the loan is for",
}


def loan_data(n: int = N_APPLICANTS, seed: int = SEED) -> pd.DataFrame:
    """The synthetic applications: ten features and the `decision` column ("approved"/"rejected")."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    age = rng.integers(19, 76, n)
    income = np.clip(np.round(rng.lognormal(np.log(45), 0.5, n), 1), 12, 250)
    credit_score = np.clip(np.round(rng.normal(660, 80, n)), 300, 850).astype(int)
    loan_amount = np.clip(np.round(rng.lognormal(np.log(60), 0.8, n), 1), 1, 500)
    loan_term = rng.choice([12, 24, 36, 48, 60, 72, 84], n)
    employment_years = np.clip(np.round(rng.gamma(2.0, 3.5, n)), 0, np.maximum(age - 18, 0)).astype(int)
    employment_years = np.minimum(employment_years, 40)
    debt_to_income = np.clip(np.round(rng.beta(2.2, 6.0, n), 2), 0, 0.8)
    region = rng.choice(["north", "south", "east", "west"], n)
    home_ownership = rng.choice(["rent", "own", "mortgage"], n, p=[0.4, 0.25, 0.35])
    purpose = rng.choice(["car", "home", "education", "business", "personal"], n, p=[0.25, 0.2, 0.15, 0.15, 0.25])
    purpose_effect = {"car": 0.2, "home": 0.4, "education": 0.1, "business": -0.5, "personal": -0.3}
    score = (
        0.02 * (credit_score - 640)
        + 0.025 * (income - 45)
        - 9.0 * (debt_to_income - 0.27)
        - 0.012 * (loan_amount - 60)
        - 0.01 * (loan_term - 48)
        + 0.06 * (employment_years - 6)
        + np.array([purpose_effect[p] for p in purpose])
        + (home_ownership == "own") * 0.3
        + rng.logistic(0, 0.8, n)
    )
    decision = np.where(score > 0, "approved", "rejected")
    return pd.DataFrame(
        {
            "age": age,
            "income": income,
            "credit_score": credit_score,
            "loan_amount": loan_amount,
            "loan_term": loan_term,
            "employment_years": employment_years,
            "debt_to_income": debt_to_income,
            "region": region,
            "home_ownership": home_ownership,
            "purpose": purpose,
            TARGET: decision,
        }
    )


def write_loan_host(folder: str | Path) -> Path:
    """Write `loans.csv`, `model.joblib` and `host.yaml` into `folder` (created if missing).

    The model is trained on the rows outside the held-out split the host config asks for (the same
    stratified split, test size and seed), read back from the written CSV as a user's script would.

    Returns:
        the path of `host.yaml`.
    """
    import joblib
    import pandas as pd
    import yaml
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts.tabular import stratified_split

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    loan_data().to_csv(out / "loans.csv", index=False)
    data = pd.read_csv(out / "loans.csv")
    features = data.drop(columns=[TARGET])
    labels = data[TARGET].to_numpy()
    train, _ = stratified_split(labels, TEST_SIZE, SEED)
    model = Pipeline(
        [
            (
                "encode",
                ColumnTransformer(
                    [("categories", OneHotEncoder(handle_unknown="ignore"), list(CATEGORICAL))],
                    remainder="passthrough",
                ),
            ),
            ("forest", RandomForestClassifier(n_estimators=100, max_depth=8, random_state=SEED)),
        ]
    )
    model.fit(features.iloc[train], labels[train])
    joblib.dump(model, out / "model.joblib")
    config = {
        "name": "loan approval",
        "model_path": "model.joblib",
        "data_path": "loans.csv",
        "target": TARGET,
        "instance_noun": "applicant",
        "categorical_features": list(CATEGORICAL),
        "immutable_features": ["age"],
        "test_size": TEST_SIZE,
        "seed": SEED,
        "cards": {
            "description": (
                f"{len(data)} synthetic loan applications (seeded, generated by simxai.hosts.loan), each "
                "with the applicant's finances, the loan asked for and the bank's decision."
            ),
            "feature_descriptions": _FEATURE_DESCRIPTIONS,
            "target_description": "the bank's decision on the application, approved or rejected.",
            "model_description": (
                "A random forest (100 trees of depth at most 8) behind a one-hot encoding of region, home "
                "ownership and purpose, in a scikit-learn Pipeline."
            ),
            "training": (
                f"Trained on a stratified {1 - TEST_SIZE:.0%} split of the applications (seed {SEED}); the "
                f"other {TEST_SIZE:.0%} is the held-out split."
            ),
            "label_meanings": {
                "approved": "the bank grants the loan",
                "rejected": "the bank turns the application down",
            },
        },
    }
    (out / "host.yaml").write_text(
        yaml.safe_dump(config, sort_keys=False, allow_unicode=True, width=110), encoding="utf-8"
    )
    return out / "host.yaml"


@functools.lru_cache(maxsize=1)
def load_loan_host() -> TabularHost:
    """The loan host, written once per process into a temporary folder and loaded as a user's config is."""
    from simxai.hosts.config import load_host_config

    folder = tempfile.mkdtemp(prefix="simxai-loan-host-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return load_host_config(write_loan_host(folder))


def main(argv: list[str] | None = None) -> int:
    """`python -m simxai.hosts.loan OUT_DIR`: write the loan host's files for a person to look at."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m simxai.hosts.loan OUT_DIR", file=sys.stderr)
        return 2
    print(write_loan_host(args[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
