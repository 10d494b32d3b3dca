"""A verb that names a feature in a what-if: by the feature's own word ("earned 400" for `weekly_earnings`, a noun
made of the verb with -ings), or by what a verb of earning gives ("earned 90" for `income`, the plainest name of
those an income's words name, not `debt_to_income`); with a value or a step after it ("paid 10 percent less").
Our own wording (round 19, dev24), on the loan host and hosts invented here with no aliases.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import DEMO, LOAN, route


def _num(name: str, low: float, high: float) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=low, max=high)


GIG = HostSchema(
    name="gig riders",
    kind="tabular",
    instance_noun="rider",
    class_names=["stays", "leaves"],
    features=[_num("weekly_earnings", 50, 900), _num("shifts", 1, 14), _num("bike_weight_kg", 8, 30)],
    id_range=(100, 900),
)
SHOP = HostSchema(
    name="shop staff",
    kind="tabular",
    instance_noun="employee",
    class_names=["promoted", "not_promoted"],
    features=[_num("salary", 10, 200), _num("years_in_post", 0, 30)],
    id_range=(100, 900),
)


@pytest.mark.parametrize(
    ("schema", "text", "changes"),
    [
        (LOAN, "what if applicant 40 earned 90?", {"income": 90}),
        (LOAN, "suppose 212 had earned 75 instead", {"income": 75}),
        (GIG, "what if rider 300 earned 400 a week?", {"weekly_earnings": 400}),
        (SHOP, "and if employee 150 was paid 90?", {"salary": 90}),
        # a step after the verb
        (GIG, "what if rider 300 earned 100 more?", {"weekly_earnings": "+100"}),
        (GIG, "suppose rider 120's bike weighed 2 less", {"bike_weight_kg": "-2"}),
        (SHOP, "what if employee 150 got paid 10 percent less", {"salary": "-10%"}),
    ],
)
def test_a_verb_names_the_feature_it_gives(schema: HostSchema, text: str, changes: dict[str, float]):
    assert extract_changes(text, schema) == changes


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (DEMO, "what if patient 3 earned 40?"),  # no feature holds what earning gives
        (LOAN, "what if applicant 40 borrowed 20?"),  # a loan's amount or its term: two features, no reading
    ],
)
def test_no_reading_when_no_one_feature_fits(schema: HostSchema, text: str):
    assert not extract_changes(text, schema)


def test_paid_on_a_host_with_a_price_is_no_income():
    priced = HostSchema(
        name="streaming plans",
        kind="tabular",
        instance_noun="member",
        class_names=["stays", "cancels"],
        features=[_num("monthly_price", 5, 30), _num("price_to_income", 0.001, 0.05), _num("screens", 1, 4)],
        id_range=(100, 900),
    )
    assert "price_to_income" not in (extract_changes("what if member 300 paid 12 instead", priced) or {})


def test_the_router_runs_the_what_if_with_the_income():
    _question, calls = route(RouterBackend(), "what if applicant 40 earned 90?", LOAN)
    assert calls == [("explain_what_if", {"instance": 40, "changes": {"income": 90}})]
