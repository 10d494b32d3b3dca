"""A new instance described with units and abbreviations: each value binds to the feature it sits next to.

"an engineer aged 31, 2 yrs service" used to give age 2 ("2 yrs" read as an age, after "aged 31" was read); "salary
45 leave?" gave a sick leave of 45; "5 km commute", "40% of the videos", "paid $99" and "4,350 nautical miles" gave
nothing or the wrong number. Run on hosts of our own (a staff host with a tenure in years, a course host and a ship
host measured in units) and on the demo and loan hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_instance
from simxai.hosts.base import FeatureSchema, HostSchema

from .backends.routing import DEMO, LOAN, route


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _num(name: str, aliases: tuple[str, ...] = (), description: str | None = None) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=0, max=1000, aliases=list(aliases), description=description)


def _host(noun: str, features: list[FeatureSchema]) -> HostSchema:
    return HostSchema(
        name=noun,
        kind="tabular",
        instance_noun=noun,
        class_names=["yes", "no"],
        features=features,
        id_range=(7000, 7400),
    )


STAFF = _host(
    "worker",
    [
        _num("age", description="age in years"),
        _num("service_years", ("service", "tenure", "time at the firm")),
        _num("wage_k", ("wage", "salary"), "yearly wage in thousands of pounds (GBP)"),
        _num("travel_km", ("travel", "journey to work"), "one-way journey in km"),
        _num("extra_hours", ("overtime",), "overtime hours per week"),
        _num("days_ill", ("sick leave", "days off ill")),
        _num("shifts_missed", ("missed shifts",)),
        FeatureSchema(name="unit", type="categorical", categories=["packing", "sales", "office"]),
    ],
)
LEARNER = _host(
    "student",
    [
        _num("age", description="age in years"),
        _num("hours_weekly", ("study time",), "hours per week spent studying"),
        _num("lectures_seen_pct", ("lectures seen", "lecture recordings"), "percentage of the lectures watched"),
        _num("days_absent", ("time away",), "days since the student last signed in"),
        _num("tuition_usd", ("tuition",), "tuition paid in US dollars"),
        _num("posts_written", ("forum posts",)),
    ],
)
SHIP = _host(
    "boat",
    [
        _num("leg_nm", ("nautical miles", "leg length"), "length of the leg in nautical miles"),
        _num("boxes_teu", ("teu", "boxes"), "containers on board"),
        _num("crew_count", ("crew",)),
        _num("hull_age_years", ("hull age",), "age of the hull in years"),
        _num("wind_knots", ("wind",), "wind speed in knots"),
    ],
)


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        (
            "would a worker aged 31, 2 yrs service, salary 45k leave?",
            STAFF,
            {"age": 31, "service_years": 2, "wage_k": 45},
        ),
        (
            "31 yo, 2 yrs service, 5 km travel, 3 hrs overtime, 45k salary",
            STAFF,
            {"age": 31, "service_years": 2, "travel_km": 5, "extra_hours": 3, "wage_k": 45},
        ),
        (
            "a worker aged 44 with 10 years of service in sales",
            STAFF,
            {"age": 44, "service_years": 10, "unit": "sales"},
        ),
        (
            "a student aged 22, 6 hrs a week, 40% of the lectures seen, paid $350, 9 days ago",
            LEARNER,
            {"age": 22, "hours_weekly": 6, "lectures_seen_pct": 40, "tuition_usd": 350, "days_absent": 9},
        ),
        (
            "a boat sailing 4,350 nautical miles, 7,150 TEU, crew of 19, wind 23 knots, 9 year old hull",
            SHIP,
            {"leg_nm": 4350, "boxes_teu": 7150, "crew_count": 19, "wind_knots": 23, "hull_age_years": 9},
        ),
        ("a 45 yo with a bmi of 31 and 2 yrs", DEMO, {"age": 45, "bmi": 31}),
        ("a patient aged 61, bp 80, glucose 99", DEMO, {"age": 61, "blood_pressure": 80, "glucose": 99}),
        (
            "an applicant aged 40 with 45k income and credit score 690",
            LOAN,
            {"age": 40, "income": 45, "credit_score": 690},
        ),
    ],
)
def test_values_with_units_bind_to_the_feature_beside_them(text, schema, expected):
    assert extract_instance(text, schema) == expected


@pytest.mark.parametrize(
    ("text", "schema", "feature", "wrong"),
    [
        ("would a worker aged 31, 2 yrs service, salary 45k leave?", STAFF, "age", 2),
        ("salary 45 leave? aged 31", STAFF, "days_ill", 45),  # a value is bound once: 45 is the salary's
        ("an applicant aged 52, 3 years in the job", LOAN, "age", 3),
    ],
)
def test_a_value_never_binds_to_a_neighbouring_feature(text, schema, feature, wrong):
    found = extract_instance(text, schema)
    assert isinstance(found, dict) and found.get(feature) != wrong


def test_a_unit_another_feature_is_measured_in_binds_nothing():
    # "5 km" is no salary, and "$50k" is money that two loan features are measured in: neither is guessed
    assert extract_instance("a 30 yo earning $50k, credit score 700", LOAN) == {"age": 30, "credit_score": 700}
    assert "wage_k" not in (extract_instance("aged 30, 5 km salary", STAFF) or {})


def test_a_count_before_a_name_in_the_singular():
    assert extract_instance("a worker aged 40, 1 missed shift, 3 hrs overtime", STAFF) == {
        "age": 40,
        "shifts_missed": 1,
        "extra_hours": 3,
    }
    assert extract_instance("a student aged 19 with 1 forum post", LEARNER) == {"age": 19, "posts_written": 1}


def test_none_of_a_count_is_zero():
    assert extract_instance("a worker aged 40, no overtime, 3 days off ill", STAFF) == {
        "age": 40,
        "extra_hours": 0,
        "days_ill": 3,
    }


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        (
            "prediction for someone aged 31, 2 yrs service, 45k salary, 3 hrs overtime, 5 km travel",
            STAFF,
            {"age": 31, "service_years": 2, "wage_k": 45, "extra_hours": 3, "travel_km": 5},
        ),
        (
            "predict for a boat on a long leg: 4,350 nautical miles, 7,150 TEU, crew of 19, wind 23 knots",
            SHIP,
            {"leg_nm": 4350, "boxes_teu": 7150, "crew_count": 19, "wind_knots": 23},
        ),
        (
            "prediction for someone aged 61, bp 80, glucose 99, bmi 31",
            DEMO,
            {"age": 61, "blood_pressure": 80, "glucose": 99, "bmi": 31},
        ),
    ],
)
def test_a_new_instance_listed_by_its_values_is_a_prediction(router, text, schema, expected):
    # the selector reads a long list of values as changes; with no instance of the data to change, it is a prediction
    question, called = route(router, text, schema)
    assert not question and called == [("get_prediction", {"instance": expected})]


def test_age_inside_another_features_name_is_that_features():
    # "pilot age 41": the name of pilot_age, not an age said of the instance (the age feature is plane_age_years)
    flights = _host("flight", [_num("plane_age_years", ("plane age",)), _num("pilot_age", ("pilot age",))])
    assert extract_instance("a flight with pilot age 41 and plane age 12", flights) == {
        "pilot_age": 41,
        "plane_age_years": 12,
    }
