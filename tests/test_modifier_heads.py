"""Column names whose last word qualifies the noun before it ("RenewalsUsed", "FeesPaid", "items_returned", "tempMax")
and spreadsheet headers ("Monthly Fee", "Tenure (months)", "% Discount", "No. of Visits") named by the words users say:
the noun ("his renewals"), the words in the order said ("missed sessions", "max temp", "number of visits"), a unit
read from the header; a noun two features share stays a question.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simxai import Host
from simxai.extraction._feature_terms import _head
from simxai.extraction._features import feature_mentions
from simxai.extraction._said_values import _units_of
from simxai.extraction._time_units import time_unit as _time_unit
from simxai.extraction.mentions import subject_features
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.test_name_words import _run  # the turns' calls run and the questions asked

_COLUMNS = (
    "RenewalsUsed",
    "FeesPaid",
    "items_returned",
    "SessionsMissed",
    "DaysLate",
    "tempMax",
    "TempMin",
    "Monthly Fee",
    "Tenure (months)",
    "% Discount",
    "No. of Visits",
)


def _numeric(name: str) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=0, max=60)


SCHEMA = HostSchema(
    name="lending library",
    kind="tabular",
    instance_noun="member",
    class_names=["stays", "leaves"],
    id_range=(1, 80),
    features=[_numeric(n) for n in _COLUMNS],
)


@pytest.mark.parametrize(
    ("name", "head"),
    [
        ("RenewalsUsed", "renewals"),
        ("FeesPaid", "fees"),
        ("items_returned", "items"),
        ("SessionsMissed", "sessions"),
        ("AmountOwed", "amount"),
        ("tempMax", "temp"),
        ("TEMP_MIN", "temp"),
        ("DaysLate", "late"),  # the noun is a unit: the modifier stays what the name is said by
        ("Monthly Fee", "fee"),
        ("No. of Visits", "visits"),
    ],
)
def test_the_head_is_the_noun_a_participle_or_adjective_follows(name: str, head: str) -> None:
    assert _head(name) == head


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("what are his renewals", "RenewalsUsed"),
        ("the items she brought back", "items_returned"),
        ("her sessions", "SessionsMissed"),
        ("if he missed fewer sessions", "SessionsMissed"),
        ("the max temp", "tempMax"),
        ("a lower min temp", "TempMin"),
        ("the monthly fee", "Monthly Fee"),
        ("her tenure", "Tenure (months)"),
        ("the discount", "% Discount"),
        ("the number of visits", "No. of Visits"),
        ("no. of visits", "No. of Visits"),
        ("how late he was", "DaysLate"),
    ],
)
def test_a_feature_is_named_by_the_words_users_say(text: str, feature: str) -> None:
    assert [m.feature.name for m in feature_mentions(text, SCHEMA)] == [feature]


def test_the_words_in_the_order_said_are_one_mention() -> None:
    (mention,) = feature_mentions("if he missed fewer sessions", SCHEMA)
    assert "if he missed fewer sessions"[mention.start : mention.end] == "sessions"
    (mention,) = feature_mentions("what is the number of visits", SCHEMA)
    assert "what is the number of visits"[mention.start : mention.end] == "number of visits"


@pytest.mark.parametrize("text", ["the temp", "his fee", "the fees", "the features the model used", "what she paid"])
def test_a_shared_noun_or_a_bare_participle_names_no_feature(text: str) -> None:
    assert feature_mentions(text, SCHEMA) == []


def test_the_unit_of_a_rate_alias_is_no_head_beside_a_name_in_the_plural() -> None:
    price = FeatureSchema(name="room_price", type="numeric", min=0, max=500, aliases=["cost per night"])
    schema = SCHEMA.model_copy(update={"features": [price, _numeric("max_nights")]})
    assert [m.feature.name for m in feature_mentions("only 3 nights", schema)] == ["max_nights"]
    assert [m.feature.name for m in feature_mentions("a lower cost", schema)] == ["room_price"]


def test_a_shared_noun_offers_both_features_singular_or_plural() -> None:
    assert subject_features("fee", SCHEMA) == ["FeesPaid", "Monthly Fee"]
    assert subject_features("temp", SCHEMA) == ["tempMax", "TempMin"]


def test_the_unit_of_a_header_in_any_shape() -> None:
    assert _time_unit(_numeric("Tenure (months)")) == "month"
    assert _time_unit(_numeric("TenureMonths")) == "month"
    assert _time_unit(_numeric("RidesPerMonth")) is None  # a rate's unit is no unit of its value
    assert "percent" in _units_of(_numeric("% Discount"))
    assert "kg" in _units_of(_numeric("Weight (kg)"))


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if her discount were 15%?", {"% Discount": 15}),
        ("what if the humidity were 35 percent?", {"humidity_pct": 35}),
        ("what if the humidity were 5% lower?", {"humidity_pct": "-5%"}),  # a step stays a step
        ("what if the bmi were 25%?", None),  # no value: bmi is no percentage
    ],
)
def test_a_value_in_percent_sets_a_feature_counted_in_percent(text: str, changes: dict[str, object] | None) -> None:
    from simxai.extraction._changes import extract_changes

    schema = SCHEMA.model_copy(update={"features": [*SCHEMA.features, _numeric("humidity_pct"), _numeric("bmi")]})
    assert extract_changes(text, schema) == changes


@pytest.fixture(scope="module")
def library_host() -> Host:
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(5)
    n = 120
    lows = {"TempMin": (0, 15), "tempMax": (15, 35), "Monthly Fee": (10, 50), "Tenure (months)": (1, 60)}
    columns = {name: rng.integers(*lows.get(name, (0, 20)), n) for name in _COLUMNS}
    frame = pd.DataFrame({"MemberID": np.arange(1, n + 1), **columns})
    score = frame.RenewalsUsed / 4 - frame.SessionsMissed / 3 + rng.normal(0, 1, n)
    frame["Status"] = np.where(score > 0.5, "stays", "leaves")
    model = LogisticRegression(max_iter=300).fit(frame[list(_COLUMNS)], frame.Status)
    return host_from_model(model, frame, name="library", target="Status", instance_noun="member", id_column="MemberID")


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if member 9's items were 12?", {"items_returned": 12}),
        ("what if member 9's max temp were 30?", {"tempMax": 30}),
        ("what if member 9 had a tenure of 2 years?", {"Tenure (months)": 24}),
        ("what if member 9 had 3 more visits?", {"No. of Visits": "+3"}),
        ("what if member 9's discount were 12%?", {"% Discount": 12}),
    ],
)
def test_a_what_if_names_the_feature_by_its_head(library_host: Host, text: str, changes: dict[str, object]) -> None:
    ((ran, question),) = _run(library_host, [text])
    assert question is None and ran == [("explain_what_if", {"instance": 9, "changes": changes})]


def test_a_what_if_of_a_shared_noun_is_asked(library_host: Host) -> None:
    ((ran, question),) = _run(library_host, ["what if the temp of member 9 were 30?"])
    assert ran == [] and question is not None


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("what is the average number of renewals?", "RenewalsUsed"),
        ("describe the sessions in the data", "SessionsMissed"),
        ("what is the max temp on average?", "tempMax"),
    ],
)
def test_a_data_question_names_the_feature_by_its_head(library_host: Host, text: str, feature: str) -> None:
    ((ran, question),) = _run(library_host, [text])
    assert ran == [("get_data_information", {"feature": feature})]


def test_a_why_and_an_importance_question_naming_a_head_are_answered(library_host: Host) -> None:
    why, importance = _run(
        library_host, ["why does member 7 get this? was it the renewals?", "how important are the renewals overall?"]
    )
    assert why[0] == [("get_local_explanation", {"instance": 7})]
    assert importance[0] == [("get_global_explanation", {})]
