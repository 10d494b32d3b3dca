"""A thing no feature holds, named as what would change or weigh on one instance's answer, is asked about.

"would a guarantor help applicant 5?": the selector is sure of a counterfactual search or an explanation, and either
answer would speak of the features the model has as if the guarantor had been weighed. The router names the thing
and the features instead (`simxai.backends._router_unrecorded`). Things the host holds ("with more income", "does age
matter"), and words that refer to the answer itself ("would that change anything", "does the premium change?"), keep
the call. Our own wording (round 18, dev23), on the demo and loan hosts and a courier host built here.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_unrecorded import unrecorded_thing
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import DEMO, INSURANCE, LOAN, route

COURIER = HostSchema(
    name="bike courier drops",
    kind="tabular",
    instance_noun="drop",
    class_names=["on_time", "late"],
    features=[
        FeatureSchema(name="distance_km", type="numeric", min=0.5, max=18, aliases=["distance", "how far"]),
        FeatureSchema(name="parcel_kg", type="numeric", min=0.1, max=25, aliases=["parcel weight", "weight"]),
        FeatureSchema(name="rider_years", type="numeric", min=0, max=12, aliases=["rider experience"]),
        FeatureSchema(name="rain_mm", type="numeric", min=0, max=40, aliases=["rain", "rainfall"]),
        FeatureSchema(name="zone", type="categorical", categories=["centre", "docks", "hills"]),
    ],
    id_range=(88001, 88600),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "thing"),
    [
        (DEMO, "would a stricter diet change the outcome for patient 12?", "stricter diet"),
        (DEMO, "does the weather matter for patient 8", "weather"),
        (LOAN, "would a guarantor help applicant 5?", "guarantor"),
        (COURIER, "would a bigger backpack change the prediction for drop 88012", "bigger backpack"),
        (COURIER, "could drop 88040 make it on time with a better route planner", "route planner"),
        (COURIER, "does the helmet colour on 88007 matter", "helmet colour"),
    ],
)
def test_a_thing_no_feature_holds_is_asked_about(router: RouterBackend, schema: HostSchema, text: str, thing: str):
    question, calls = route(router, text, schema)
    assert calls == []
    assert f"'{thing}'" in question and schema.features[0].name in question


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "would applicant 3 be approved with more income?"),
        (DEMO, "does age matter for patient 12"),
        (DEMO, "would a higher bmi change the outcome for patient 3"),
        (DEMO, "would that change anything for patient 3"),
        (INSURANCE, "member 5302 moves to the gold plan. does the premium change?"),
        (DEMO, "how firm is the call on patient 20? would a small change knock it over?"),
        (COURIER, "would more rain change the prediction for drop 88012"),
        (COURIER, "what would need to change for drop 88012 to be on time"),
    ],
)
def test_what_the_host_holds_or_the_answer_itself_is_no_unrecorded_thing(schema: HostSchema, text: str):
    assert unrecorded_thing(text, schema) is None


def test_a_thing_the_host_holds_keeps_the_call(router: RouterBackend):
    question, calls = route(router, "does the rain matter for drop 88030", COURIER)
    assert question == "" and calls and calls[0][1].get("instance") == 88030
