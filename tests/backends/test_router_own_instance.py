"""An instance the user calls their own (or someone's they know) without an id: which one is asked.

"will my drop be on time?", "can my nephew get the loan?": the data holds ids, not owners, so there is nothing to
answer about; the selector read such turns as a description of the outputs, or as asking for nothing (the plain
reply). The router asks for the id (`simxai.backends._router_own_instance`). The model, the data, the user's own
work, a feature or a plural after "my" keep the answer, and so does a turn that gives the id. Our own wording
(round 18, dev23), on the demo and loan hosts and the courier host of `test_router_unrecorded_thing`.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_own_instance import own_instance
from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from tests.backends.routing import DEMO, LOAN, route
from tests.backends.test_router_unrecorded_thing import COURIER


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "noun"),
    [
        (LOAN, "can my nephew get approved?", "applicant"),
        (LOAN, "could you check my sister's application", "applicant"),
        (DEMO, "is my grandad going to be alright?", "patient"),
        (DEMO, "what about my neighbour, the one with diabetes?", "patient"),
        (COURIER, "should my parcel arrive in time?", "drop"),
        (COURIER, "is our delivery ok", "drop"),
    ],
)
def test_an_own_instance_without_an_id_is_asked_for(router: RouterBackend, schema: HostSchema, text: str, noun: str):
    question, calls = route(router, text, schema)
    assert calls == []
    assert f"Which {noun} is yours?" in question


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "for my thesis: what's the overall accuracy?"),
        (DEMO, "is my model of this right, it ranks features by shap?"),
        (DEMO, "is our data real or made up?"),
        (DEMO, "is my bmi a big factor?"),
        (COURIER, "can my riders use this?"),
        (COURIER, "is my drop, 88012, going to be late?"),
        (COURIER, "ok, still annoyed about my drop though"),
    ],
)
def test_no_own_instance_is_read(schema: HostSchema, text: str):
    assert own_instance(text, schema) is None


async def test_an_own_instance_read_as_a_prediction_is_asked_by_the_engine(demo_host):
    from tests.backends.routing import talk

    (turn,) = await talk(demo_host, RouterBackend(), "will my grandad be fine?")
    assert turn.clarification is not None and not [c for c in turn.calls if c.status == "ok"]


def test_an_own_instance_with_its_id_is_answered(router: RouterBackend):
    question, calls = route(router, "is my drop, 88012, going to be late?", COURIER)
    assert question == "" and calls == [("get_prediction", {"instance": 88012})]
