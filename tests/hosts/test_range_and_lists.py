"""Two single sources of truth a new user tripped over: the one test of "outside the data's range" (the what-if's
`outside_range` note and the engine's range question gave it separately), and the one way replies and errors
enumerate names ("a, b and c"; the null what-if refusal said "a, b, c").

The model in the last tests is invented for them: a made-up dataset of canal-boat engine checks.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai import default_registry
from simxai.exceptions import ArgumentError
from simxai.hosts import host_from_model
from simxai.hosts.base import FeatureSchema, outside_range
from simxai.results import listed


@pytest.mark.parametrize(
    ("value", "side"),
    [
        (0.99, "below"),
        (1, None),
        (20, None),
        (20.0001, "above"),
        (-3, "below"),
        (True, None),  # a bool is no number here
        ("25", None),  # nor a relative or written change
        (math.nan, None),  # a missing value lies nowhere
    ],
)
def test_outside_range_says_which_side(value: object, side: str | None) -> None:
    assert outside_range(value, 1, 20) == side
    feature = FeatureSchema(name="nights", type="numeric", min=1, max=20)
    assert feature.below_its_range(value) is (side == "below")
    assert feature.outside_its_range(value) is (side is not None)


def test_an_open_bound_is_never_crossed() -> None:
    assert outside_range(500, 1, None) is None
    assert outside_range(-500, None, 20) is None
    assert FeatureSchema(name="free", type="numeric").outside_its_range(1e9) is False


def test_the_what_if_note_and_the_schema_agree_at_the_ends(demo_host) -> None:  # type: ignore[no-untyped-def]
    schema = {f.name: f for f in demo_host.schema().features}
    bmi = schema["bmi"]
    assert bmi.min is not None and bmi.max is not None
    subject = demo_host.resolve(1)
    for value in (bmi.min - 0.5, bmi.min, bmi.max, bmi.max + 0.5):
        noted = demo_host.what_if(subject, {"bmi": value}).outside_range
        assert bool(noted) is bmi.outside_its_range(value), value


@pytest.mark.parametrize(
    ("names", "last", "said"),
    [
        ([], "and", ""),
        (["nights"], "and", "nights"),
        (["nights", "age"], "and", "nights and age"),
        (["a", "b", "c"], "and", "a, b and c"),
        (["Toy", "Working dog", "Herding"], "or", "Toy, Working dog or Herding"),
    ],
)
def test_listed(names: list[str], last: str, said: str) -> None:
    assert listed(names, last) == said


def _engine_checks(n: int = 200, seed: int = 2) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "check_no": np.arange(7001, 7001 + n),
            "hours_run": rng.integers(10, 900, n).astype(float),
            "oil_ml": np.round(rng.uniform(50, 400, n), 0),
            "coolant_c": np.round(rng.uniform(60, 95, n), 1),
            "hull": rng.choice(["steel", "timber"], n),
        }
    )
    frame["verdict"] = np.where(frame.hours_run / 300 + frame.coolant_c / 40 > 4.2, "Needs Work", "fine")
    frame.loc[frame.index % 13 == 3, "oil_ml"] = np.nan
    return frame


def test_the_null_what_if_refusal_lists_with_and() -> None:
    # The hull reaches the model through a one-hot encoder, which does not read a missing category (a model that
    # reads the category itself takes the null: tests/hosts/test_missing_categories.py).
    frame = _engine_checks()
    features = ["hours_run", "oil_ml", "coolant_c", "hull"]
    encode = ColumnTransformer([("hull", OneHotEncoder(), ["hull"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("fit", HistGradientBoostingClassifier(max_iter=30, random_state=0))])
    model.fit(frame[features], frame.verdict)
    host = host_from_model(model, frame, name="boats", target="verdict", instance_noun="check", id_column="check_no")
    what_if = default_registry().get("explain_what_if")
    assert what_if is not None
    with pytest.raises(ArgumentError) as caught:
        what_if(host, {"instance": 7001, "changes": {"hull": None}})
    assert str(caught.value) == (
        "hull cannot be set to missing: the model reads a missing value of coolant_c, hours_run and oil_ml only"
    )
    assert caught.value.valid == "one of steel or timber"


def _trips() -> pd.DataFrame:
    rng = np.random.default_rng(4)
    n = 120
    frame = pd.DataFrame(
        {
            "trip_no": np.arange(901, 901 + n),
            "start_month": rng.integers(1, 13, n),
            "riders": rng.integers(1, 30, n),
        }
    )
    frame["kind"] = np.where((frame.start_month > 5) & (frame.start_month < 10), "summer", "off season")
    return frame


@pytest.mark.parametrize("value", [13, 0, 2.5])
def test_a_month_of_the_year_outside_1_to_12_is_refused_in_one_line(value: float) -> None:
    frame = _trips()
    model = HistGradientBoostingClassifier(max_iter=20, random_state=0).fit(
        frame[["start_month", "riders"]], frame.kind
    )
    host = host_from_model(model, frame, name="trips", target="kind", instance_noun="trip", id_column="trip_no")
    what_if = default_registry().get("explain_what_if")
    assert what_if is not None
    with pytest.raises(ArgumentError) as caught:
        what_if(host, {"instance": 901, "changes": {"start_month": value}})
    assert str(caught.value) == f"start_month is a month of the year; {value:g} is not one"
    assert caught.value.valid == "a whole number from 1 (January) to 12 (December)"
    december = int(frame.trip_no[frame.start_month == 12].iloc[0])
    stepped = what_if(host, {"instance": december, "changes": {"start_month": "+1"}})
    assert stepped.changes[0].new == 1  # a step still wraps round the year
