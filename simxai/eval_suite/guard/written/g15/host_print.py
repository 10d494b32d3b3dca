"""The invented `print` host of guard writer g15: jobs of a 3D-printer farm, each a success, warped or failed.

`load_host()` fits a small synthetic model (a seeded `SelfTrainingClassifier`, scikit-learn's semi-supervised
self-training wrapper, around a scaled logistic regression; a model family no earlier invented host used) on a
seeded frame of 400 print jobs. Of the 320 jobs it is fitted on, 128 have their label hidden (set to -1) so that
self-training labels them itself; the other 80 jobs are held out for the performance figures. The host is built
with `simxai.hosts.in_memory.host_from_model`, following the pattern of g13's `host_kiln.py`. Nothing here comes
from a data set: the domain, its columns and its words were invented by g15.

    python simxai/eval_suite/guard/written/g15/host_print.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["PRINT_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 82001
SIZE = 400
HIDDEN = 128
NUMERIC = [
    "nozzle_temp_c",
    "bed_temp_c",
    "print_speed_mm_s",
    "layer_height_mm",
    "infill_pct",
    "room_temp_c",
    "humidity_pct",
    "part_height_mm",
]
CATEGORICAL = ["filament", "enclosure"]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
PRINT_CONFIG: dict[str, Any] = {
    "name": "print farm jobs",
    "target": "outcome",
    "class_names": {"0": "success", "1": "warped", "2": "failed"},
    "instance_noun": "print",
    "id_column": "job_id",
    "category_names": {
        "filament": {"0": "PLA", "1": "PETG", "2": "ABS"},
        "enclosure": {"0": "open", "1": "enclosed"},
    },
    "immutable_features": ["part_height_mm", "filament"],
    "feature_aliases": {
        "nozzle_temp_c": ["nozzle temperature", "hotend temp", "extruder temperature"],
        "bed_temp_c": ["bed temperature", "bed temp", "plate temperature"],
        "print_speed_mm_s": ["print speed", "speed", "how fast it printed"],
        "layer_height_mm": ["layer height", "layers", "layer thickness"],
        "infill_pct": ["infill", "infill density", "how solid it is"],
        "room_temp_c": ["room temperature", "ambient temperature", "how warm the room was"],
        "humidity_pct": ["humidity", "room humidity", "how damp it was"],
        "part_height_mm": ["part height", "height", "how tall the part is"],
        "filament": ["material", "filament type", "plastic"],
        "enclosure": ["enclosed or open", "printer enclosure", "the box"],
    },
    "seed": 0,
    "cards": {
        "description": "Print jobs of an invented 3D-printer farm at a makerspace, one row per job on one of its "
        "desktop FDM printers.",
        "feature_descriptions": {
            "nozzle_temp_c": "temperature of the hotend nozzle, in degrees Celsius",
            "bed_temp_c": "temperature of the heated bed, in degrees Celsius",
            "print_speed_mm_s": "print speed of the outer walls, in mm per second",
            "layer_height_mm": "height of each printed layer, in mm",
            "infill_pct": "infill density, in percent",
            "room_temp_c": "temperature of the room during the job, in degrees Celsius",
            "humidity_pct": "relative humidity of the room during the job, in percent",
            "part_height_mm": "height of the printed part, in mm",
            "filament": "PLA, PETG or ABS",
            "enclosure": "whether the printer stood open or in an enclosure",
        },
        "target_description": "how the print job ended: a usable part, a warped part, or a failed job",
        "model_description": "scikit-learn SelfTrainingClassifier (semi-supervised self-training, threshold 0.75) "
        "around a StandardScaler and LogisticRegression pipeline; filament and enclosure enter as their codes.",
        "training": "Fitted on 320 of the 400 synthetic jobs, 128 of them with their outcome hidden, which "
        "self-training labelled itself; the other 80 are held out for the performance figures.",
        "limitations": [
            "Synthetic print jobs, invented for testing; not real printer logs.",
            "Self-training can reinforce its own early mistakes on the jobs whose outcome was hidden.",
            "Filament and enclosure enter as numeric codes, as if they were ordered.",
        ],
        "label_meanings": {
            "success": "the job finished and the part came off usable",
            "warped": "the job finished but the part's corners lifted or curled",
            "failed": "the job stopped or produced no usable part (spaghetti, detachment, clog)",
        },
        "probability_meaning": "The logistic regression's probability of each outcome after self-training.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(8215)
    n = SIZE
    filament = rng.choice(3, n, p=[0.45, 0.3, 0.25])
    enclosure = rng.choice(2, n, p=[0.6, 0.4])
    nozzle = np.clip(np.round(rng.normal(205, 6, n) + 30 * (filament == 1) + 40 * (filament == 2)), 185, 260)
    bed = np.clip(np.round(rng.normal(60, 6, n) + 15 * (filament == 1) + 40 * (filament == 2)), 40, 115)
    speed = np.clip(np.round(rng.normal(60, 18, n), -1), 20, 120).astype(int)
    layer = np.round(rng.choice([0.12, 0.16, 0.2, 0.24, 0.28], n), 2)
    infill = np.clip(np.round(rng.normal(25, 12, n), -1), 0, 100).astype(int)
    room = np.round(np.clip(rng.normal(21, 3, n), 14, 30), 1)
    humidity = np.clip(np.round(rng.normal(45, 12, n)), 15, 85).astype(int)
    height = np.round(np.clip(rng.lognormal(3.6, 0.6, n), 5, 250), 0).astype(int)
    frame = pd.DataFrame(
        {
            "job_id": np.arange(FIRST_ID, FIRST_ID + n),
            "nozzle_temp_c": nozzle.astype(int),
            "bed_temp_c": bed.astype(int),
            "print_speed_mm_s": speed,
            "layer_height_mm": layer,
            "infill_pct": infill,
            "room_temp_c": room,
            "humidity_pct": humidity,
            "part_height_mm": height,
            "filament": filament,
            "enclosure": enclosure,
        }
    )
    warp = (
        0.9 * (filament == 2) * (1 - enclosure)
        - 0.08 * (room - 21)
        + 0.006 * (height - 40)
        - 0.03 * (bed - 60 - 15 * (filament == 1) - 40 * (filament == 2))
        - 0.5 * enclosure
        + rng.normal(0, 0.6, n)
    )
    fail = (
        0.025 * (speed - 60)
        + 0.025 * (humidity - 45)
        + 6.0 * (layer - 0.2)
        + 0.008 * (height - 40)
        + rng.normal(0, 0.6, n)
    )
    outcome = np.where(fail > 0.6, 2, np.where(warp > 0.5, 1, 0))
    frame["outcome"] = outcome
    return frame


def held_out_ids() -> list[int]:
    """The 80 jobs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(82).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented print host in memory, self-trained on the jobs outside `held_out_ids()`."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.semi_supervised import SelfTrainingClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = NUMERIC + CATEGORICAL
    test = held_out_ids()
    train = frame[~frame.job_id.isin(test)]
    labels = train.outcome.to_numpy().copy()
    hidden = np.random.default_rng(821).choice(len(train), HIDDEN, replace=False)
    labels[hidden] = -1
    base = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    model = SelfTrainingClassifier(base, threshold=0.75)
    model.fit(train[features], labels)
    return host_from_model(model, frame[["job_id", *features, "outcome"]], test_ids=test, **PRINT_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
