"""The invented `cellar` host of fresh set R: a wine merchant's cellar stock.

`load_host()` fits a small synthetic cellar model (a scikit-learn **quadratic discriminant analysis**,
`QuadraticDiscriminantAnalysis(reg_param=0.1)`, over the standard-scaled numbers and one-hot encoded categories) in a
scikit-learn `Pipeline`, on the bottles outside the host's stratified held-out split, and builds the host from the
model, the frame and the fields of its host config with `simxai.hosts.host_from_model`. Nothing here comes from a
data set: the stock sheet, its columns, its codes and its words were invented for set R, so that it measures a host
nobody trained on. It has three labels; its feature names are Title Case words with spaces, as an importer's stock
spreadsheet writes its column headers.

    python evalsets/fresh-2026-12-04r/host_cellar.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["CATEGORIES", "CELLAR_CONFIG", "TEST_SIZE", "load_host"]

FIRST_ID = 100001
SIZE = 400
#: The held-out share of the bottles: the model never sees them, `get_model_performance` is scored on them.
TEST_SIZE = 0.25
CATEGORIES: dict[str, tuple[str, ...]] = {
    "Cork Type": ("natural", "synthetic", "screwcap"),
    "Wine Style": ("red", "white", "sparkling", "fortified"),
}
NUMERIC = (
    "Vintage Year",
    "Years In Bottle",
    "Cellar Temp C",
    "Humidity Pct",
    "Fill Level Mm",
    "Alcohol Pct",
    "Tannin Score",
    "Acidity Gl",
)
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
CELLAR_CONFIG: dict[str, Any] = {
    "name": "wine merchant cellar stock",
    "target": "Drinking Window",
    "class_names": {"0": "drink_now", "1": "hold", "2": "past_peak"},
    "instance_noun": "bottle",
    "id_column": "Bottle Id",
    "categorical_features": list(CATEGORIES),
    "immutable_features": ["Vintage Year", "Wine Style"],
    "feature_aliases": {
        "Vintage Year": ["vintage", "year", "millesime"],
        "Years In Bottle": ["years in bottle", "bottle age", "age", "time in bottle"],
        "Cellar Temp C": ["cellar temperature", "cellar temp", "temperature", "storage temperature"],
        "Humidity Pct": ["humidity", "cellar humidity"],
        "Fill Level Mm": ["fill level", "ullage", "fill", "headspace"],
        "Alcohol Pct": ["alcohol", "abv", "alcohol percent"],
        "Tannin Score": ["tannin", "tannins", "tannin score"],
        "Acidity Gl": ["acidity", "acid", "total acidity"],
        "Cork Type": ["cork", "closure", "cork type"],
        "Wine Style": ["style", "wine style", "colour", "type of wine"],
    },
    "test_size": TEST_SIZE,
    "seed": 0,
    "cards": {
        "description": "The stock sheet of an invented wine merchant's cellar: one row per bottle (or lot of one "
        "wine), with the drinking window the merchant's taster recorded at the last check.",
        "feature_descriptions": {
            "Vintage Year": "the year the grapes were harvested",
            "Years In Bottle": "the years since the wine was bottled",
            "Cellar Temp C": "the average storage temperature of the bottle's bay, in degrees Celsius",
            "Humidity Pct": "the average relative humidity of the bottle's bay, in percent",
            "Fill Level Mm": "the ullage: the gap between the cork and the wine, in millimetres (more is worse)",
            "Alcohol Pct": "the alcohol by volume on the label, in percent",
            "Tannin Score": "the taster's tannin score, 1 (none) to 10 (very firm)",
            "Acidity Gl": "the total acidity, in grams per litre",
            "Cork Type": "the closure: natural cork, synthetic cork or screwcap",
            "Wine Style": "red, white, sparkling or fortified",
        },
        "target_description": "the drinking window the taster recorded: drink_now (at its best now), hold (needs "
        "more time in bottle) or past_peak (declining, should have been drunk already)",
        "model_description": "A quadratic discriminant analysis classifier (scikit-learn "
        "QuadraticDiscriminantAnalysis, reg_param 0.1) on the standard-scaled numbers and one-hot encoded "
        "categories, in a scikit-learn Pipeline.",
        "training": f"Fitted on a stratified {1 - TEST_SIZE:.0%} split of the {SIZE} synthetic bottles (seed 0); "
        f"the other {TEST_SIZE:.0%} is the held-out split.",
        "limitations": [
            "Synthetic bottles of an invented merchant, made up for testing; not a real cellar book.",
            "One Gaussian per drinking window: a window whose bottles form several clusters is smoothed over.",
            "Regularised covariances (reg_param 0.1) shrink each class towards independent features.",
        ],
        "label_meanings": {
            "drink_now": "the wine is at its best now",
            "hold": "the wine needs more years in bottle",
            "past_peak": "the wine is declining and should have been drunk already",
        },
        "probability_meaning": "Each window's prior times the Gaussian density of the training bottles with that "
        "window around this bottle, normalised so that the three sum to one.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(100401)
    n = SIZE

    def pick(name: str, p: list[float]) -> Any:
        return rng.choice(CATEGORIES[name], n, p=p)

    style = pick("Wine Style", [0.5, 0.25, 0.1, 0.15])
    vintage = rng.integers(1988, 2023, n)
    in_bottle = np.clip(2026 - vintage - rng.integers(1, 4, n), 0, None)
    cork = np.where(style == "fortified", "natural", pick("Cork Type", [0.6, 0.2, 0.2]))
    alcohol = np.where(
        style == "fortified", rng.normal(19.5, 0.8, n), np.where(style == "red", rng.normal(13.8, 0.8, n), 12.5)
    )
    alcohol = np.clip(alcohol + rng.normal(0, 0.4, n), 10.5, 21).round(1)
    tannin = np.clip(np.where(style == "red", rng.normal(6.5, 1.8, n), rng.normal(2.5, 1.0, n)), 1, 10).round(0)
    frame = pd.DataFrame(
        {
            "Bottle Id": np.arange(FIRST_ID, FIRST_ID + n),
            "Vintage Year": vintage,
            "Years In Bottle": in_bottle.astype(int),
            "Cellar Temp C": np.clip(rng.normal(13, 2.5, n), 8, 22).round(0).astype(int),
            "Humidity Pct": np.clip(rng.normal(68, 10, n), 40, 90).round(0).astype(int),
            "Fill Level Mm": np.clip(8 + 0.6 * in_bottle + rng.gamma(2.0, 4.0, n), 5, 70).round(0).astype(int),
            "Alcohol Pct": alcohol,
            "Tannin Score": tannin.astype(int),
            "Acidity Gl": np.clip(rng.normal(6.2, 1.0, n), 4, 9.5).round(1),
            "Cork Type": cork,
            "Wine Style": style,
        }
    )
    # How long a wine of its build keeps: tannin, acidity and alcohol lengthen it; its style sets the base.
    keeps = (
        frame["Wine Style"].map({"red": 6.0, "white": 3.0, "sparkling": 2.5, "fortified": 18.0})
        + 1.6 * (frame["Tannin Score"] - 4)
        + 1.5 * (frame["Acidity Gl"] - 6)
        + 0.8 * np.clip(frame["Alcohol Pct"] - 13, 0, None)
    )
    # Storage ages it faster: warm bays, dry bays, a low fill, natural cork in a dry bay.
    ageing = frame["Years In Bottle"] * (
        1
        + 0.08 * np.clip(frame["Cellar Temp C"] - 13, 0, None)
        + 0.01 * np.clip(65 - frame["Humidity Pct"], 0, None)
        + 0.01 * np.clip(frame["Fill Level Mm"] - 20, 0, None)
        + frame["Cork Type"].map({"natural": 0.1, "synthetic": 0.25, "screwcap": 0.0})
    )
    score = ageing / np.clip(keeps, 1.5, None) + rng.normal(0, 0.25, n)
    frame["Drinking Window"] = np.where(score > 5.5, 2, np.where(score < 1.5, 1, 0))
    return frame


def load_host() -> TabularHost:
    """Build the invented cellar host in memory, its model fitted outside the config's held-out split."""
    from sklearn.compose import ColumnTransformer
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.tabular import stratified_split

    frame = _frame()
    features = [c for c in frame.columns if c not in ("Bottle Id", "Drinking Window")]
    # The split the host config asks for (test_size, seed): the host scores the model on the rows left out here.
    train, _ = stratified_split(frame["Drinking Window"].to_numpy(), TEST_SIZE, CELLAR_CONFIG["seed"])
    model = Pipeline(
        [
            (
                "encode",
                ColumnTransformer(
                    [
                        ("categories", OneHotEncoder(handle_unknown="ignore", sparse_output=False), list(CATEGORIES)),
                        ("numbers", StandardScaler(), list(NUMERIC)),
                    ]
                ),
            ),
            ("qda", QuadraticDiscriminantAnalysis(reg_param=0.1)),
        ]
    )
    model.fit(frame[features].iloc[train], frame["Drinking Window"].iloc[train])
    return host_from_model(model, frame, **CELLAR_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
