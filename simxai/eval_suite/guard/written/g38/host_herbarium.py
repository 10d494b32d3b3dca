"""The invented `herbarium` host of guard writer g38: pressed plant sheets and the condition a curator gave them.

`load_host()` builds a seeded frame of 200 herbarium sheets (ids 145201-145400) kept by an invented county museum
and fits a scikit-learn `RandomForestClassifier` on 160 of them; the other 40 are held out for the performance
figures. Each row is one sheet; the curator's yearly survey graded it `good`, `fair` or `poor`. Nothing here comes
from a data set: the domain, its columns and its words were invented by g38. Feature names mix styles (camelCase,
snake_case, spaces, units in brackets); `is_mounted` holds True/False.

    python simxai/eval_suite/guard/written/g38/host_herbarium.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["HERBARIUM_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 145201
SIZE = 200
FEATURES = ["sheetAgeYears", "mould spots", "room_humidity_pct", "Paper Weight [g]", "is_mounted", "Cabinet Room",
            "Handlings Per Year"]  # fmt: skip
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
HERBARIUM_CONFIG: dict[str, Any] = {
    "name": "county museum herbarium survey",
    "target": "condition",
    "class_names": {"0": "good", "1": "fair", "2": "poor"},
    "instance_noun": "sheet",
    "id_column": "sheet_id",
    "category_names": {
        "Cabinet Room": {"0": "attic", "1": "basement", "2": "annex"},
        "is_mounted": {"False": "False", "True": "True"},
    },
    "immutable_features": ["Paper Weight [g]"],
    "feature_aliases": {
        "sheetAgeYears": ["age of the sheet", "years since pressing", "how old the specimen is"],
        "mould spots": ["mould", "spots of mould", "mildew spots"],
        "room_humidity_pct": ["humidity", "room humidity", "how damp the room is"],
        "Paper Weight [g]": ["paper weight", "sheet weight", "grammage"],
        "is_mounted": ["mounted", "glued to card", "mounting"],
        "Cabinet Room": ["room", "where it is stored", "storage room"],
        "Handlings Per Year": ["handlings", "how often it is handled", "yearly handling"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Pressed plant sheets in the herbarium of an invented county museum, one row per sheet, "
        "with the condition the curator's yearly survey gave it.",
        "feature_descriptions": {
            "sheetAgeYears": "years since the plant was pressed",
            "mould spots": "number of mould spots counted on the sheet",
            "room_humidity_pct": "average relative humidity of the storage room, in percent",
            "Paper Weight [g]": "weight of the mounting paper, in grams per sheet",
            "is_mounted": "whether the specimen is glued to a card (True) or loose in a folder (False)",
            "Cabinet Room": "where the cabinet stands: attic, basement or annex",
            "Handlings Per Year": "times the sheet was taken out for study in the last year",
        },
        "target_description": "the survey grade: good (fit for study), fair (usable with care) or poor "
        "(withdrawn for repair)",
        "model_description": "a scikit-learn RandomForestClassifier (90 trees, depth at most 5, seed 38) on the raw "
        "columns; the room enters as its code and the mounting as 0/1.",
        "training": "Fitted on 160 of the 200 synthetic sheets; the other 40 are held out for the performance figures.",
        "limitations": [
            "Synthetic sheets, invented for testing; not a real museum's survey.",
            "Only 40 sheets are held out, so each performance figure moves with one or two sheets.",
        ],
        "label_meanings": {
            "good": "the sheet is fit for study as it is",
            "fair": "the sheet can be studied with care",
            "poor": "the sheet is withdrawn until it is repaired",
        },
        "probability_meaning": "The model's score for each grade (from predict_proba, the share of trees' votes); "
        "the three sum to 1 and the grade with the highest score is predicted.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(38201)
    n = SIZE
    age = rng.integers(5, 160, n)
    mould = rng.poisson(1.5, n)
    humidity = np.round(rng.uniform(35.0, 80.0, n), 1)
    paper = rng.choice([60, 80, 100, 120], n)
    mounted = rng.random(n) < 0.6
    room = rng.choice(3, n, p=[0.3, 0.3, 0.4])
    handlings = rng.integers(0, 25, n)
    frame = pd.DataFrame(
        {
            "sheet_id": np.arange(FIRST_ID, FIRST_ID + n),
            "sheetAgeYears": age,
            "mould spots": mould,
            "room_humidity_pct": humidity,
            "Paper Weight [g]": paper,
            "is_mounted": mounted,
            "Cabinet Room": room,
            "Handlings Per Year": handlings,
        }
    )
    wear = 0.012 * (age - 80) + 0.55 * mould + 0.05 * (humidity - 57) - 0.006 * (paper - 90) - 0.6 * mounted
    wear = wear + 0.5 * (room == 1) - 0.3 * (room == 2) + 0.05 * (handlings - 12) + rng.normal(0, 0.6, n)
    frame["condition"] = np.digitize(wear, [0.0, 1.1])
    return frame


def held_out_ids() -> list[int]:
    """The 40 sheets the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1452).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented herbarium host in memory, fitted on the sheets outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.sheet_id.isin(test)]
    model = RandomForestClassifier(n_estimators=90, max_depth=5, random_state=38)
    model.fit(train[FEATURES], train.condition)
    return host_from_model(model, frame[["sheet_id", *FEATURES, "condition"]], test_ids=test, **HERBARIUM_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
