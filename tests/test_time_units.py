"""A span of time said in another unit than the feature counts in is converted (`simxai.extraction._time_units`).

"a week shorter" on a feature counted in days is -7, never -1; "two months longer" is +60. The unit is read from the
feature's name, also when written in camel case ("LoanDays") or counted in nights. Our own wording (round 21, cw21).
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import DEMO, LOAN

LIBRARY = HostSchema(
    name="library lending",
    kind="tabular",
    instance_noun="borrowing",
    class_names=["returned", "overdue"],
    features=[
        FeatureSchema(name="LoanDays", type="numeric", min=7, max=90, aliases=["loan period"]),
        FeatureSchema(name="member_tenure_days", type="numeric", min=0, max=5000, aliases=["membership"]),
        FeatureSchema(name="stay_nights", type="numeric", min=1, max=30, aliases=["hostel stay"]),
        FeatureSchema(name="item_type", type="categorical", categories=["book", "dvd", "magazine"]),
    ],
    id_range=(61001, 61900),
)


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if the loan period were a week shorter for 61010?", {"LoanDays": "-7"}),
        ("suppose the loan period was two months longer on borrowing 61012", {"LoanDays": "+60"}),
        ("and with a fortnight longer loan period?", {"LoanDays": "+14"}),
        ("if the membership had been 3 years longer for 61020", {"member_tenure_days": "+1095"}),
        ("what if the hostel stay were a week longer for 61030", {"stay_nights": "+7"}),
        ("what if the hostel stay were 2 weeks longer for 61030", {"stay_nights": "+14"}),
        ("what if the hostel stay were 3 nights longer for 61030", {"stay_nights": "+3"}),
    ],
)
def test_a_span_in_another_unit_is_in_the_features_unit(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, LIBRARY) == changes


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("what if patient 3 were a year older?", DEMO),  # age: no unit in its name, left as before
        ("what if the loan term were a year longer for applicant 4", LOAN),  # a year on a feature in years: none
    ],
)
def test_an_article_is_no_amount_where_nothing_converts(text: str, schema: HostSchema) -> None:
    assert extract_changes(text, schema) is None


def test_a_rate_is_no_span_of_time() -> None:
    rates = HostSchema(
        name="course",
        kind="tabular",
        instance_noun="learner",
        class_names=["completes", "drops"],
        features=[
            FeatureSchema(name="weekly_study_hours", type="numeric", min=0, max=30, aliases=["study hours"]),
            FeatureSchema(name="days_since_login", type="numeric", min=0, max=60),
        ],
        id_range=(71001, 71400),
    )
    assert extract_changes("what if 71010 studied 4 study hours a week more?", rates) == {"weekly_study_hours": "+4"}


def test_an_id_before_the_span_is_no_rate() -> None:
    assert extract_changes("what if for 61010 the loan period was a week shorter", LIBRARY) == {"LoanDays": "-7"}


# --- one month length for every span (twins49) ------------------------------------------------------------------------

NURSERY = HostSchema(
    name="tree nursery",
    kind="tabular",
    instance_noun="sapling",
    class_names=["planted out", "kept back"],
    features=[
        FeatureSchema(name="seedling_age_days", type="numeric", min=20, max=900),
        FeatureSchema(name="days_in_shade", type="numeric", min=0, max=400),
        FeatureSchema(name="root_mass_g", type="numeric", min=5, max=300),
    ],
    id_range=(7301, 7600),
)


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        # an age read 365.25 / 12 days a month: +182.62 and +365.25, amounts no count of days holds
        ("what if sapling 7310 were 6 months older?", {"seedling_age_days": "+180"}),
        ("what if sapling 7310 were a year older?", {"seedling_age_days": "+365"}),
        ("what if sapling 7310 were 2 months younger?", {"seedling_age_days": "-60"}),
        ("what if sapling 7310 were 3 weeks older?", {"seedling_age_days": "+21"}),
        # a span of another feature in days, read as before: the same month as the age's now
        ("what if sapling 7310 had 6 months more in shade?", {"days_in_shade": "+180"}),
    ],
)
def test_a_month_is_30_days_for_an_age_as_for_any_span(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, NURSERY) == changes
