"""A relative change by a factor ("twice as often") is asked back as a factor, never as "10% changed"."""

from __future__ import annotations

from simxai.followup import Step
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.prompts import step_question

SCHEMA = HostSchema(
    name="gym members",
    kind="tabular",
    instance_noun="member",
    class_names=["stayed", "churned"],
    id_range=(5001, 5600),
    features=[
        FeatureSchema(name="MonthlyFee", type="numeric", min=19, max=49),
        FeatureSchema(name="VisitsPerWeek", type="numeric", min=0, max=9),
    ],
)


def test_a_factor_without_a_feature_is_asked_as_a_factor() -> None:
    question = step_question(SCHEMA, Step(sign="*", amount=2.0), None)
    assert question == "Which feature should be 2 times as high? For example 'MonthlyFee 2 times as high'."
    assert "changed" not in question


def test_a_factor_for_a_feature_without_an_amount_asks_how_many_times() -> None:
    question = step_question(SCHEMA, Step(sign="*", amount=None), "VisitsPerWeek")
    assert question.startswith("How many times as high should VisitsPerWeek be?")


def test_a_step_down_keeps_its_percentage_offer() -> None:
    assert step_question(SCHEMA, Step(sign="-", amount=None), None) == (
        "Which feature should be lower? For example 'MonthlyFee 10% lower'."
    )
