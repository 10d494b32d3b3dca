"""Readings of round 25 left by lead25 (lead25b), on an invented host in our own wording: a phrasal verb of outcome
before a class is that class ("come out firm"), a lone "one" before a direction is a step of one ("were one less"),
and a span of days for a feature counted in hours is converted ("two more days" -> +48 hours).
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction.mentions import ended_as, moved_away_from
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, route

CHEESES = HostSchema(
    name="cheese wheels",
    kind="tabular",
    instance_noun="wheel",
    class_names=["firm", "runny"],
    features=[
        FeatureSchema(name="CaveHours", type="numeric", min=24, max=400, aliases=["hours in the cave", "cave time"]),
        FeatureSchema(name="turn_count", type="numeric", min=0, max=10, aliases=["turns"]),
        FeatureSchema(name="salt_g", type="numeric", min=5, max=40),
        FeatureSchema(name="cave", type="categorical", categories=["east", "west"]),
    ],
    id_range=(401001, 401500),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize("text", ["what would 401010 need to come out firm", "what would 401010 need to come off firm"])
def test_a_phrasal_verb_of_outcome_before_a_class_is_that_class(router: RouterBackend, text: str) -> None:
    assert ended_as(text, CHEESES) == "firm" and moved_away_from(text, CHEESES) is None
    question, calls = route(router, text, CHEESES)
    assert calls == [("explain_how_to_be_that", {"instance": 401010, "target_label": "firm"})], question


@pytest.mark.parametrize("text", ["how could 401010 come off the runny list", "how could 401010 get out of runny"])
def test_leaving_a_class_is_still_read_as_leaving_it(text: str) -> None:
    assert moved_away_from(text, CHEESES) == "runny" and ended_as(text, CHEESES) is None


@pytest.mark.parametrize(
    ("text", "step"), [("what if the turns were one less", "-1"), ("and if turns were one more", "+1")]
)
def test_a_lone_one_before_a_direction_is_a_step_of_one(router: RouterBackend, text: str, step: str) -> None:
    question, calls = route(router, text, CHEESES, after("get_prediction", "what about wheel 401020?", instance=401020))
    assert [(name, arguments.get("changes")) for name, arguments in calls] == [
        ("explain_what_if", {"turn_count": step})
    ], question  # the instance in focus is the engine's to fill


def test_one_less_than_a_value_is_no_step(router: RouterBackend) -> None:
    question, calls = route(
        router,
        "what if the turns were one less than 4",
        CHEESES,
        after("get_prediction", "what about wheel 401020?", instance=401020),
    )
    assert all(arguments.get("changes") != {"turn_count": "-1"} for _, arguments in calls), question


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("what if 401030 had two more days of cave time", "+48"),
        ("what if 401030 had 2 days more of cave time", "+48"),
        ("what if 401030 had 5 more hours of cave time", "+5"),
    ],
)
def test_a_span_in_days_for_a_feature_in_hours_is_converted(router: RouterBackend, text: str, step: str) -> None:
    question, calls = route(router, text, CHEESES)
    assert calls == [("explain_what_if", {"instance": 401030, "changes": {"CaveHours": step}})], question


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("what if 401040 had its salt up a fifth", "+20%"),
        ("what if 401040 had its salt down a quarter", "-25%"),
        ("what if 401040 had its salt up by half", "+50%"),
        ("what if 401040 had half a gram more salt", "+0.5"),
        ("401040 with the salt half a gram lower", "-0.5"),
    ],
)
def test_a_fraction_with_a_direction_is_that_share_or_half_a_unit(router: RouterBackend, text: str, step: str) -> None:
    question, calls = route(router, text, CHEESES)
    assert calls == [("explain_what_if", {"instance": 401040, "changes": {"salt_g": step}})], question
