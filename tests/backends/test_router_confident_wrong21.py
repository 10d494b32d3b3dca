"""Confidently wrong answers on DEV, by mechanism (round 21, cw21); our own wording, on three hosts.

- How well the model does on a group it names ("is it fair to ...", "does it work for ...", "is it wrong about them
  more often"): its performance on the group, never its predictions for the group; also when a compound turn's first
  sentence alone would read as a prediction while the whole turn reads as performance.
- The first turn of a dialogue pointing at one instance nothing names ("is that one positive?"): the instance is asked
  for, never a description of the outputs.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from simxai.messages import Message
from tests.backends.routing import DEMO, LOAN, REVIEWS, route


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "group"),
    [
        (LOAN, "is it fair to applicants under 25? is it wrong about them more often?", "age < 25"),
        (DEMO, "does it work for patients over 70?", "age > 70"),
    ],
)
def test_how_well_it_does_on_a_group_is_its_performance(
    router: RouterBackend, schema: HostSchema, text: str, group: str
) -> None:
    question, found = route(router, text, schema)
    assert question == "" and [name for name, _ in found] == ["get_model_performance"]
    assert found[0][1].get("group") == group


@pytest.mark.parametrize(
    ("schema", "text"),
    [(DEMO, "what does it predict for patients over 70?"), (LOAN, "what does it predict for applicant 12?")],
)
def test_predictions_for_a_group_or_one_stay_predictions(router: RouterBackend, schema: HostSchema, text: str) -> None:
    _question, found = route(router, text, schema)
    assert [name for name, _ in found] == ["get_prediction"]


@pytest.mark.parametrize(
    ("schema", "text"), [(REVIEWS, "is that one positive?"), (DEMO, "is this one progressing, do you think?")]
)
def test_a_first_turn_pointing_at_nothing_asks_for_the_instance(
    router: RouterBackend, schema: HostSchema, text: str
) -> None:
    _question, found = route(router, text, schema)
    assert found == [("get_prediction", {})]  # no instance: the engine asks which one


def test_pointing_after_an_instance_was_named_is_no_question(router: RouterBackend) -> None:
    history = [Message.user("what does it predict for patient 12?"), Message.assistant("stable")]
    _question, found = route(router, "and is that one right?", DEMO, history)
    assert found != [("get_output_information", {})]


def test_that_one_of_the_model_is_no_instance(router: RouterBackend) -> None:
    _question, found = route(router, "is that one a good model?", DEMO)
    assert ("get_prediction", {}) not in found


def test_pointing_with_no_class_may_mean_the_model(router: RouterBackend) -> None:
    _question, found = route(router, "how was this one built, roughly?", LOAN)
    assert ("get_prediction", {}) not in found


def test_two_groups_side_by_side_with_nothing_to_compare_are_asked_about(router: RouterBackend) -> None:
    question, found = route(router, "compare renters and owners.", LOAN)
    assert found == [] and question


@pytest.mark.parametrize(
    "text", ["compare renters and owners on accuracy", "compare the predictions for renters and owners"]
)
def test_a_comparison_saying_what_is_compared_is_answered(router: RouterBackend, text: str) -> None:
    _question, found = route(router, text, LOAN)
    assert found
