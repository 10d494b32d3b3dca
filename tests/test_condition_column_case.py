"""A host's column names in capitals or camelCase (`CO2_ppm`, `TRUCK_TEMP_C`, `roomTemp_C`) name their feature in a
condition, whatever the case the condition is written in: `parse_condition` lower-cases the words it reads, and the
lookup compared them with the names exactly, so every group on such a host failed with "unknown feature 'co2_ppm'"
unless the host repeated each name in lower case as an alias. Found by an author of router data (w26) whose hosts
have such headers; the host here is built in the test.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simxai.exceptions import ArgumentError
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, Host, HostSchema
from simxai.instances import Clause, parse_condition
from simxai.results import PerformanceResult

SCHEMA = HostSchema(
    name="crates",
    kind="tabular",
    instance_noun="crate",
    class_names=["accepted", "rejected"],
    features=[
        FeatureSchema(name="TRUCK_TEMP_C", type="numeric", min=1.0, max=12.0),
        FeatureSchema(name="roomTemp_C", type="numeric", min=10.0, max=25.0, aliases=["room temp"]),
        FeatureSchema(name="PACK", type="categorical", categories=["Box", "Tray"]),
    ],
    id_range=(1, 100),
)


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("TRUCK_TEMP_C > 5", [Clause("TRUCK_TEMP_C", ">", 5.0)]),
        ("truck_temp_c <= 4", [Clause("TRUCK_TEMP_C", "<=", 4.0)]),
        ("roomTemp_C >= 18 and PACK = tray", [Clause("roomTemp_C", ">=", 18.0), Clause("PACK", "=", "Tray")]),
        ("room temp < 15", [Clause("roomTemp_C", "<", 15.0)]),
    ],
)
def test_a_column_in_capitals_is_named_in_any_case(text: str, clauses: list[Clause]) -> None:
    assert parse_condition(text, SCHEMA) == clauses


PUNCTUATED = HostSchema(
    name="hives",
    kind="tabular",
    instance_noun="hive",
    class_names=["thriving", "weak"],
    features=[
        FeatureSchema(name="Mites/100", type="numeric", min=0.0, max=20.0),
        FeatureSchema(name="pH (honey)", type="numeric", min=3.0, max=5.0),
        FeatureSchema(name="temp.c", type="numeric", min=-5.0, max=35.0),
    ],
    id_range=(1, 100),
)


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("Mites/100 > 5", [Clause("Mites/100", ">", 5.0)]),
        ("mites/100>=2 and temp.c < 10", [Clause("Mites/100", ">=", 2.0), Clause("temp.c", "<", 10.0)]),
        ("pH (honey) <= 3.9", [Clause("pH (honey)", "<=", 3.9)]),
    ],
)
def test_a_column_with_punctuation_in_its_name_is_named_too(text: str, clauses: list[Clause]) -> None:
    # found by an author of router data (w36): "Mites/100 > 5" was "cannot read ... as a condition"
    assert parse_condition(text, PUNCTUATED) == clauses


def test_text_before_an_operator_that_names_no_column_is_an_unknown_feature() -> None:
    with pytest.raises(ArgumentError, match="unknown feature 'mites/1000'"):
        parse_condition("Mites/1000 > 5", PUNCTUATED)
    with pytest.raises(ArgumentError, match="cannot read"):
        parse_condition("mites over five", PUNCTUATED)


def test_an_unknown_column_is_still_refused_with_the_names() -> None:
    with pytest.raises(ArgumentError, match="unknown feature") as caught:
        parse_condition("TRUCK_SPEED > 5", SCHEMA)
    assert "TRUCK_TEMP_C" in str(caught.value.valid)


@pytest.fixture(scope="module")
def crate_host() -> Host:
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(7)
    n = 200
    frame = pd.DataFrame(
        {
            "crate_id": np.arange(1, n + 1),
            "TRUCK_TEMP_C": rng.uniform(1, 12, n).round(1),
            "CO2_ppm": rng.integers(400, 2000, n),
        }
    )
    score = frame.TRUCK_TEMP_C + frame.CO2_ppm / 400 + rng.normal(0, 1, n)
    frame["verdict"] = np.where(score > 9, "rejected", "accepted")
    model = LogisticRegression().fit(frame[["TRUCK_TEMP_C", "CO2_ppm"]], frame.verdict)
    return host_from_model(model, frame, name="crates", target="verdict", instance_noun="crate", id_column="crate_id")


def test_performance_on_a_group_named_by_a_column_in_capitals(crate_host: Host) -> None:
    arguments = {"metric": "accuracy", "group": "CO2_ppm > 1200"}
    function = default_registry().get("get_model_performance")
    assert function is not None
    result = function(crate_host, arguments)
    assert isinstance(result, PerformanceResult)
    assert result.group is not None and "CO2_ppm" in str(result.group)
