"""The invented `distillery` host of writer w76: spirit runs from the still of an invented small gin distillery.

`load_host()` fits a small synthetic model (a seeded `LogisticRegression` on the raw numbers, the botanical recipe
as its code) on 192 of the 240 runs and builds the host from the model, the frame, the ids of the 48 held-out runs
and the fields of its host config with `simxai.hosts.host_from_model`. It has two labels: a run is passed to
`bottle` or sent back to `redistil`. Nothing here comes from a data set: the domain, its columns and its words were
invented by w76 so that the router meets a host it was not trained on.

    python simxai/eval_suite/router_training/people/w76/host_distillery.py  # builds it, prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[5]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["DISTILLERY_CONFIG", "held_out_ids", "load_host"]

FIRST_ID = 154701
SIZE = 240
NUMBERS = ["abv (%)", "heart cut (L)", "still_temp", "Cloudiness", "rest (hours)", "BatchTag"]
FEATURES = ["recipe", *NUMBERS]
#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
DISTILLERY_CONFIG: dict[str, Any] = {
    "name": "still runs",
    "target": "verdict",
    "class_names": {"0": "redistil", "1": "bottle"},
    "instance_noun": "run",
    "id_column": "run_no",
    "category_names": {"recipe": {"0": "juniper heavy", "1": "citrus peel", "2": "green herb"}},
    "immutable_features": ["recipe"],
    "feature_aliases": {
        "recipe": ["botanicals", "gin style", "style"],
        "abv (%)": ["abv", "strength", "proof", "alcohol"],
        "heart cut (L)": ["heart cut", "hearts", "litres of hearts", "volume"],
        "still_temp": ["still temp", "head temperature", "still temperature"],
        "Cloudiness": ["haze", "cloudiness", "louche"],
        "rest (hours)": ["rest", "resting time", "hours rested"],
        "BatchTag": ["batch tag", "tag", "batch number"],
    },
    "seed": 0,
    "background_size": 25,
    "cards": {
        "description": "Spirit runs from the still of an invented gin distillery, one row per run.",
        "feature_descriptions": {
            "recipe": "the run's botanical recipe: juniper heavy, citrus peel or green herb",
            "abv (%)": "the strength of the collected spirit after cutting, in percent alcohol by volume",
            "heart cut (L)": "litres of spirit kept as the heart of the run",
            "still_temp": "the head temperature of the still during the heart, in degrees Celsius",
            "Cloudiness": "haze in a chilled sample, from 0 (clear) to 10 (milky)",
            "rest (hours)": "hours the spirit rested in steel before the tasting panel",
            "BatchTag": "the tag number hung on the run's tank",
        },
        "target_description": "the tasting panel's verdict: bottle or redistil",
        "model_description": "A logistic regression on the raw numbers, the recipe as its code.",
        "training": "Fitted on 192 of the 240 synthetic runs; the other 48 are held out for the performance figures.",
        "limitations": [
            "Synthetic runs, invented for testing; not a real distillery's records.",
            "Does not taste the spirit: it sees numbers from the still log only.",
        ],
        "label_meanings": {
            "bottle": "the run is passed for bottling",
            "redistil": "the run goes back through the still",
        },
        "probability_meaning": "The regression's estimated chance of each verdict.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(154733)
    n = SIZE
    recipe = rng.choice(3, n, p=[0.4, 0.35, 0.25])
    frame = pd.DataFrame(
        {
            "run_no": np.arange(FIRST_ID, FIRST_ID + n),
            "recipe": recipe,
            "abv (%)": np.round(rng.uniform(37.5, 47.0, n), 1),
            "heart cut (L)": rng.integers(40, 201, n),
            "still_temp": np.round(rng.uniform(78.0, 98.0, n), 1),
            "Cloudiness": rng.integers(0, 11, n),
            "rest (hours)": rng.integers(0, 73, n),
            "BatchTag": rng.integers(1, 51, n),
        }
    )
    quality = (
        0.25 * frame["abv (%)"]
        - 0.12 * frame.still_temp
        - 0.35 * frame.Cloudiness
        + 0.03 * frame["rest (hours)"]
        - 0.006 * frame["heart cut (L)"]
        + 0.3 * (recipe == 1)
        + rng.normal(0, 0.6, n)
    )
    frame["verdict"] = np.where(quality > np.median(quality), 1, 0)
    return frame


def held_out_ids() -> list[int]:
    """The 48 runs the model was not fitted on (a seeded draw), for its performance figures."""
    import numpy as np

    ids = np.arange(FIRST_ID, FIRST_ID + SIZE)
    return sorted(int(i) for i in np.random.default_rng(1547).choice(ids, SIZE // 5, replace=False))


def load_host() -> TabularHost:
    """Build the invented distillery host in memory, its model fitted on the runs outside `held_out_ids()`."""
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    test = held_out_ids()
    train = frame[~frame.run_no.isin(test)]
    model = LogisticRegression(max_iter=5000, random_state=0)
    model.fit(train[FEATURES], train.verdict)
    return host_from_model(model, frame[["run_no", *FEATURES, "verdict"]], test_ids=test, **DISTILLERY_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
