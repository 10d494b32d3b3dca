"""The invented `jetty` host of writer w80: timber jetty sections round an invented lake, surveyed each spring.

`load_host()` fits a small synthetic model (a seeded `ExtraTreesClassifier` on the raw numbers, the shore as its
code) on 240 of the 300 sections and builds the host from the model, the frame, the ids of the 60 held-out sections
and the fields of its host config with `simxai.hosts.host_from_model`. It has three labels: a section stays `open`,
goes on the `repair` list, or is `closed` to walkers. Nothing here comes from a data set: the domain, its columns and
its words were invented by w80 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w80/host_jetty.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["JETTY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 157801
SIZE = 300
NUMBERS = ["plank rot (%)", "depth (m)", "pile_age", "VisitorsPerDay", "load (kg)", "SectionNo"]
FEATURES = ["shore", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
JETTY_CONFIG: dict[str, Any] = {
    "name": "jetty sections",
    "target": "section_status",
    "class_names": {"0": "open", "1": "repair", "2": "closed"},
    "instance_noun": "section",
    "id_column": "section_id",
    "category_names": {"shore": {"0": "north bay", "1": "pine point", "2": "reed cove"}},
    "immutable_features": ["shore"],
    "feature_aliases": {
        "shore": ["shore", "which shore", "side of the lake"],
        "plank rot (%)": ["rot", "plank rot", "rotten planks"],
        "depth (m)": ["depth", "water depth", "how deep"],
        "pile_age": ["pile age", "age of the piles", "piles"],
        "VisitorsPerDay": ["visitors", "footfall", "people a day"],
        "load (kg)": ["load", "rated load", "weight limit"],
        "SectionNo": ["section number", "section no"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Timber jetty sections round an invented lake, one row per section, surveyed each spring.",
        "feature_descriptions": {
            "shore": "the shore the section stands on: north bay, pine point or reed cove",
            "plank rot (%)": "share of the section's deck planks found rotten, in per cent",
            "depth (m)": "water depth under the section's end, in metres",
            "pile_age": "age of the section's piles, in years",
            "VisitorsPerDay": "walkers counted on the section on an average summer day",
            "load (kg)": "the load the section was last rated for, in kilograms",
            "SectionNo": "the section's number on the shore's plan",
        },
        "target_description": "the lake warden's call for the section this season: open, repair or closed",
        "model_description": "Extra trees (80 trees of depth 6) on the raw numbers, the shore as its code.",
        "training": "Fitted on 240 of the 300 synthetic sections; "
        "the other 60 are held out for the performance figures.",
        "limitations": [
            "Synthetic sections, invented for testing; not a real lake's survey.",
            "Does not see ice damage over the winter or the repair crew's budget.",
        ],
        "label_meanings": {
            "open": "the section stays open to walkers as it is",
            "repair": "the section stays open but goes on this season's repair list",
            "closed": "the section is fenced off until it is rebuilt",
        },
        "probability_meaning": "The share of the trees' votes for each call.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(157880)
    n = SIZE
    shore = rng.choice(3, n, p=[0.4, 0.3, 0.3])
    frame = pd.DataFrame(
        {
            "section_id": np.arange(FIRST_ID, FIRST_ID + n),
            "shore": shore,
            "plank rot (%)": rng.integers(0, 61, n),
            "depth (m)": np.round(rng.uniform(0.5, 4.0, n), 1),
            "pile_age": rng.integers(1, 41, n),
            "VisitorsPerDay": rng.integers(0, 301, n),
            "load (kg)": rng.integers(20, 201, n) * 10,
            "SectionNo": rng.integers(1, 21, n),
        }
    )
    wear = 0.06 * (frame["plank rot (%)"] - 25) + 0.05 * (frame.pile_age - 20) + 0.004 * (frame.VisitorsPerDay - 150)
    weak = -0.003 * (frame["load (kg)"] - 1000) + 0.4 * (frame["depth (m)"] - 2.2) + 0.5 * (shore == 2)
    score = wear + 0.5 * weak + rng.normal(0, 0.5, n)
    status = np.where(score > 1.6, 2, np.where(score > 0.0, 1, 0))
    frame["section_status"] = status
    return frame


def held_out_ids() -> list[int]:
    """The 60 sections the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1578).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented jetty host in memory, its model fitted on the sections outside `held_out_ids()`."""
    from sklearn.ensemble import ExtraTreesClassifier

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.section_id.isin(test)]
    model = ExtraTreesClassifier(n_estimators=80, max_depth=6, random_state=0)
    model.fit(train[FEATURES], train.section_status)
    return host_from_model(model, frame[["section_id", *FEATURES, "section_status"]], test_ids=test, **JETTY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
