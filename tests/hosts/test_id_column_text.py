"""An id column refused says what it holds and how to fix it (newuser46).

Before, a column of text ids ("LT-0042") was refused as `must hold integers (dtype str)`, pandas' word for it.
An invented record of lanterns, made up for these tests.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

from simxai.exceptions import UsageError
from simxai.hosts import host_from_model


def _lanterns(ids: object) -> tuple[pd.DataFrame, DecisionTreeClassifier]:
    rng = np.random.default_rng(46)
    frame = pd.DataFrame({"lantern": ids, "wick_mm": rng.integers(2, 9, 6), "oil_ml": rng.integers(50, 300, 6)})
    frame["lit"] = ["yes", "no", "yes", "no", "yes", "no"]
    model = DecisionTreeClassifier(random_state=0).fit(frame[["wick_mm", "oil_ml"]], frame.lit)
    return frame, model


@pytest.mark.parametrize(
    ("ids", "said"),
    [
        (
            [f"LT-{i:04d}" for i in range(6)],
            "id_column 'lantern' must hold integers, but holds text, such as 'LT-0000'; give a column of distinct "
            "whole numbers instead (the number in each text, or the row number) and leave the text column out of "
            "the data",
        ),
        ([1.0, 2.5, 3.0, 4.0, 5.0, 6.0], "must hold integers, but holds numbers with a fraction, such as 2.5"),
        ([1.0, None, 3.0, 4.0, 5.0, 6.0], "must hold integers, but has 1 empty cell; give every row its own"),
    ],
)
def test_a_refused_id_column_says_what_it_holds(ids: object, said: str) -> None:
    frame, model = _lanterns(ids)
    with pytest.raises(UsageError, match="id_column") as refused:
        host_from_model(model, frame, name="lanterns", target="lit", id_column="lantern")
    assert said in str(refused.value)
    assert "dtype" not in str(refused.value)


def test_the_id_column_by_its_own_name_selects_and_names_rows() -> None:
    # before: "unknown feature 'lamp_ref'" for a condition and for a custom instance's base row
    frame, model = _lanterns([4601, 4602, 4603, 4604, 4605, 4606])
    frame = frame.rename(columns={"lantern": "lamp_ref"})
    host = host_from_model(model, frame, name="lanterns", target="lit", instance_noun="lantern", id_column="lamp_ref")
    group = host.resolve("lamp_ref > 4604")
    assert group.ids == [4605, 4606] and group.condition == "id > 4604"
    assert host.resolve("Lamp_Ref <= 4601").ids == [4601]
    changed = host.resolve({"lamp_ref": 4603, "wick_mm": 9})
    assert changed.id == 4603 and changed.values is not None and changed.values["wick_mm"] == 9
