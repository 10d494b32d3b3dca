"""The invented `field` host of writer w15: crop disease on farm fields (healthy or diseased).

`load_host()` fits a small synthetic model (a seeded random forest on a seeded frame, fitted on 320 of the 400 fields)
and builds the host from the model, the frame, the ids of the 80 held-out fields and the fields of its host config with
`simxai.hosts.in_memory.fit_host` (the same host `--host-config` would load from those files), following the pattern of
`bench/dev_hosts.py`. Nothing here comes from a data set: the domain, its columns and its words were invented by w15 so
that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w15/host_field.py     # builds the host, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["FIELD_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 31001
SIZE = 400
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
FIELD_CONFIG: dict[str, Any] = {
    "name": "crop disease on farm fields",
    "target": "diseased",
    "class_names": {"0": "healthy", "1": "diseased"},
    "instance_noun": "field",
    "id_column": "field_id",
    "category_names": {
        "crop": {"0": "wheat", "1": "barley", "2": "potato", "3": "oilseed_rape", "4": "maize"},
        "soil_type": {"0": "clay", "1": "loam", "2": "sandy", "3": "peat"},
    },
    "immutable_features": ["area_ha"],
    "feature_aliases": {
        "rainfall_mm": ["rainfall", "rain", "precipitation"],
        "mean_temp_c": ["temperature", "temp", "mean temperature"],
        "humidity_pct": ["humidity", "relative humidity"],
        "area_ha": ["area", "size", "hectares"],
        "nitrogen_kg_ha": ["nitrogen", "n fertiliser", "fertiliser", "fertilizer"],
        "fungicide_sprays": ["sprays", "fungicide", "spray applications"],
        "days_since_sowing": ["crop age", "days since drilling", "days after sowing"],
        "crop": ["crop type"],
        "soil_type": ["soil"],
    },
    "seed": 0,
    "cards": {
        "description": "Fields of the members of an invented farming co-operative, one row per field in the 2025 "
        "season, scouted in early summer.",
        "feature_descriptions": {
            "rainfall_mm": "rainfall over the 30 days before scouting in mm",
            "mean_temp_c": "mean air temperature over those 30 days in °C",
            "humidity_pct": "mean relative humidity over those 30 days in %",
            "area_ha": "area of the field in hectares",
            "nitrogen_kg_ha": "nitrogen fertiliser applied this season in kg per hectare",
            "fungicide_sprays": "fungicide applications this season",
            "days_since_sowing": "days between sowing and scouting",
            "crop": "the crop grown: wheat, barley, potato, oilseed rape or maize",
            "soil_type": "the main soil type: clay, loam, sandy or peat",
        },
        "target_description": "whether the scout found a fungal disease above the treatment threshold",
        "model_description": "A random forest of 60 trees of depth at most 6.",
        "training": "Fitted on 320 of the 400 synthetic fields with random_state=0; the other 80 are held out for "
        "the performance figures.",
        "limitations": ["Synthetic fields, invented for testing; not real farm or scouting records."],
        "label_meanings": {
            "healthy": "no fungal disease above the treatment threshold was found",
            "diseased": "a fungal disease above the treatment threshold was found",
        },
        "probability_meaning": "The model's estimated probability of each label.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(3117)
    n = SIZE
    crop = rng.choice(5, n, p=[0.35, 0.2, 0.2, 0.15, 0.1])
    frame = pd.DataFrame(
        {
            "field_id": np.arange(FIRST_ID, FIRST_ID + n),
            "rainfall_mm": np.round(rng.gamma(3.0, 20.0, n), 1),
            "mean_temp_c": np.round(rng.normal(15.0, 3.0, n), 1),
            "humidity_pct": rng.integers(55, 100, n),
            "area_ha": np.round(rng.gamma(2.0, 4.0, n) + 0.5, 1),
            "nitrogen_kg_ha": rng.integers(40, 241, n),
            "fungicide_sprays": rng.integers(0, 5, n),
            "days_since_sowing": rng.integers(40, 221, n),
            "crop": crop,
            "soil_type": rng.choice(4, n, p=[0.3, 0.4, 0.2, 0.1]),
        }
    )
    score = (
        0.025 * (frame.rainfall_mm - 60)
        + 0.06 * (frame.humidity_pct - 77)
        + 0.15 * (frame.mean_temp_c - 15)
        + 0.006 * (frame.nitrogen_kg_ha - 140)
        - 0.7 * (frame.fungicide_sprays - 2)
        + 0.004 * (frame.days_since_sowing - 130)
        + 0.6 * (frame.crop == 2)
        - 0.5 * (frame.crop == 4)
        + 0.5 * (frame.soil_type == 0)
        - 0.3 * (frame.soil_type == 2)
        + rng.normal(0, 0.8, n)
    )
    frame["diseased"] = (score > 0.2).astype(int)
    return frame


def held_out_ids() -> list[int]:
    """The 80 fields the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(31).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented field host in memory, its model fitted on the fields outside `held_out_ids()`."""
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts.in_memory import fit_host

    return fit_host(
        RandomForestClassifier(n_estimators=60, max_depth=6, random_state=0),
        _frame(),
        test_ids=held_out_ids(),
        **FIELD_CONFIG,
    )


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
