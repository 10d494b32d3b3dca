"""An instance named with a value of one of its features and no verb of change is a what-if (round 17, dev22).

"patient 12 with bmi 31?", "62012 with 5 folds?": the value masks as a group beside the id, and the turn was read as
naming the instance alone ("and for patient 4?"), so its prediction answered and the value was dropped. When the
selector is sure of the what-if, the value is the change to try. Our own wording on five hosts; a turn that asks the
prediction in words keeps it.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from tests.backends.routing import DEMO, INSURANCE, LOAN, route
from tests.test_said_units import BAKERY, GREENHOUSE


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "instance", "changes"),
    [
        (DEMO, "patient 12 with bmi 31?", 12, {"bmi": 31}),
        (LOAN, "applicant 62 with income 80?", 62, {"income": 80}),
        (INSURANCE, "5300 with bmi 24?", 5300, {"bmi": 24}),
        (BAKERY, "62012 with 5 folds?", 62012, {"fold_count": 5}),
    ],
)
def test_an_instance_with_a_value_tries_the_value(
    router: RouterBackend, schema: HostSchema, text: str, instance: int, changes: dict[str, Any]
) -> None:
    question, calls = route(router, text, schema)
    assert question == ""
    assert calls == [("explain_what_if", {"instance": instance, "changes": changes})]


def test_a_value_the_extraction_misses_still_gets_the_what_if(router: RouterBackend) -> None:
    # the engine asks for the change then, instead of a prediction that drops it
    question, calls = route(router, "tray 81007 with humidity 60%?", GREENHOUSE)
    assert question == "" and [name for name, _ in calls] == ["explain_what_if"]


def test_the_prediction_asked_in_words_stays(router: RouterBackend) -> None:
    # The router keeps the prediction (the value may describe the applicant); the engine then compares it with the
    # applicant's recorded income: equal answers the prediction, different asks (tests/test_stated_values_ux26b.py)
    question, calls = route(router, "applicant 62 with income 80, what does it predict?", LOAN)
    assert calls == [("get_prediction", {"instance": 62})]
