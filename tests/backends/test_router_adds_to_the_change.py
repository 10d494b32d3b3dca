"""A turn that adds one more supposition to the what-if just run ("plus a colder morning") stays a what-if.

After a what-if, "plus ...", "and on top of that ...", "also ..." add a change; the selector reads such a fragment as
asking for nothing, and the router waved it off with its plain reply. Now it is the what-if again (the engine reads
the change, or asks for it); a question of its own ("also, how accurate is it?", "plus why is that?"), a sure choice
of another function, and thanks are not. Our own wording (round 18, dev23), on the demo host and the courier host of
`test_router_unrecorded_thing`, through the router after a recorded what-if call.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_added_change import adds_to_the_change
from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import DEMO, LOAN, route
from tests.backends.test_router_unrecorded_thing import COURIER


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _after_what_if(instance: int, changes: dict[str, object]) -> list[Message]:
    call = ToolCall(id="call_0", name="explain_what_if", arguments={"instance": instance, "changes": changes})
    return [
        Message.user("what if it were different?"),
        Message(role="assistant", content="", tool_calls=[call]),
        Message(role="tool", content="{}", tool_call_id="call_0", name="explain_what_if"),
        Message(role="assistant", content="The prediction stays the same."),
    ]


@pytest.mark.parametrize(
    ("schema", "instance", "changes", "text"),
    [
        (DEMO, 12, {"bmi": 30}, "plus a calmer lifestyle on top"),
        (DEMO, 12, {"bmi": 30}, "and on top of that two fewer pregnancies"),
        (COURIER, 88012, {"rain_mm": 0}, "plus a lighter parcel, say 2 kg"),
        (COURIER, 88012, {"rain_mm": 0}, "also a rider with a bit more experience"),
    ],
)
def test_an_added_supposition_is_the_what_if_again(
    router: RouterBackend, schema: HostSchema, instance: int, changes: dict[str, object], text: str
) -> None:
    question, calls = route(router, text, schema, _after_what_if(instance, changes))
    assert question == "" and [name for name, _ in calls] == ["explain_what_if"]


@pytest.mark.parametrize(
    "text",
    ["also, how accurate is it overall?", "plus why is that?", "also thanks, that helps", "what about drop 88013"],
)
def test_a_question_of_its_own_adds_nothing(text: str) -> None:
    assert not adds_to_the_change(text)


def test_a_sure_choice_of_another_function_stands(router: RouterBackend) -> None:
    question, calls = route(router, "also, which features matter most overall?", DEMO, _after_what_if(12, {"bmi": 30}))
    assert [name for name, _ in calls] == ["get_global_explanation"]


@pytest.mark.parametrize(
    ("schema", "instance", "changes", "text", "added"),
    [
        (COURIER, 88012, {"parcel_kg": 2}, "plus no rain at all", {"rain_mm": 0}),
        (COURIER, 88012, {"rain_mm": 0}, "and on top of that a 2 kg heavier parcel", {"parcel_kg": "+2"}),
        (COURIER, 88012, {"rain_mm": 0}, "also the parcel weighed 3 kg", {"parcel_kg": 3}),
        (LOAN, 40, {"credit_score": 700}, "and on top of that, renting instead", {"home_ownership": "rent"}),
    ],
)
def test_the_added_supposition_is_read_as_a_change_on_top_of_the_earlier_ones(
    router: RouterBackend,
    schema: HostSchema,
    instance: int,
    changes: dict[str, object],
    text: str,
    added: dict[str, object],
) -> None:
    question, calls = route(router, text, schema, _after_what_if(instance, changes))
    assert question == "" and [name for name, _ in calls] == ["explain_what_if"]
    assert calls[0][1]["changes"] == {**changes, **added}  # the instance is the one discussed, left to the engine


@pytest.mark.parametrize(
    ("schema", "instance", "changes", "text"),
    [
        (COURIER, 88012, {"rain_mm": 0}, "plus no rain at all"),
        (DEMO, 12, {"bmi": 30}, "also no more pregnancies at all"),
    ],
)
def test_a_choice_short_of_sure_does_not_outweigh_the_addition(
    router: RouterBackend, schema: HostSchema, instance: int, changes: dict[str, object], text: str
) -> None:
    # the selector reads these fragments as a global explanation (0.71) or the metrics (0.80): sure enough to
    # answer a question, not to drop a supposition that opens with "plus" and asks nothing of its own (cw19)
    question, calls = route(router, text, schema, _after_what_if(instance, changes))
    assert question == "" and [name for name, _ in calls] == ["explain_what_if"]


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("plus a calmer lifestyle on top", False),
        ("and on top of that two fewer pregnancies", False),
        ("also, what's in the data?", True),
        ("plus show me the data", True),
        ("also the training data?", True),
    ],
)
def test_an_adding_turn_asks_of_its_own_only_with_a_question_or_a_request(text: str, asks: bool) -> None:
    from simxai.backends._router_added_change import asks_of_its_own

    assert asks_of_its_own(text) is asks


def test_a_sure_choice_stands_when_the_adding_turn_asks(router: RouterBackend) -> None:
    question, calls = route(router, "also, what's in the data?", DEMO, _after_what_if(12, {"bmi": 30}))
    assert question == "" and [name for name, _ in calls] == ["get_data_information"]
