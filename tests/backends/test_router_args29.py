"""Needless questions of round 29 (args29), on an invented host of ferry crossings in our own wording: an id written
with the letter O for a zero or said digit by digit with "oh" and "double" is one id of the host.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_ids
from simxai.extraction._spelled_ids import rejoin_spelled_ids
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import route

# Ferry crossings judged on time or late; ids well past every feature's values
FERRY = HostSchema(
    name="ferry crossings",
    kind="tabular",
    instance_noun="crossing",
    class_names=["on_time", "late"],
    features=[
        FeatureSchema(name="wind_kn", type="numeric", min=0, max=45, aliases=["wind"]),
        FeatureSchema(name="cars", type="numeric", min=0, max=120),
        FeatureSchema(name="deck", type="categorical", categories=["open", "closed"]),
    ],
    id_range=(73001, 73400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how likely is 73O07 to run late", 73007),  # a capital O among the digits
        ("73o22 - why that call", 73022),  # a small o
        ("73-1O5, outcome?", 73105),  # an O inside a dashed id
        ("seventy three oh oh four", 73004),  # "oh" said for each zero
        ("what does it make of 73 oh 15", 73015),
        ("seven three one double two, what's the call", 73122),  # "double" repeats the next digit
        ("breakdown for seventy three oh four five", 73045),  # the pieces normalize leaves apart
    ],
)
def test_a_spelled_id_is_one_id(text: str, expected: int) -> None:
    assert extract_ids(text, FERRY) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "what if the wind were 2 oh 5 knots",  # 205 is no id of the host
        "what if it carried double the cars",  # "double" before no digit
        "crossings with wind over 3o knots",  # an O in a number that is no id stays as written
    ],
)
def test_a_run_that_makes_no_id_is_left_as_written(text: str) -> None:
    assert rejoin_spelled_ids(text, FERRY) == text


def test_words_alone_spell_no_id_where_ids_start_at_zero() -> None:
    from_zero = FERRY.model_copy(update={"id_range": (0, 500)})
    assert rejoin_spelled_ids("oh dear, wrong button, never mind", from_zero) == "oh dear, wrong button, never mind"
    assert rejoin_spelled_ids("crossing one oh two", from_zero) == "crossing one oh two"  # no digit written


def test_plain_ids_and_values_are_not_joined() -> None:
    assert rejoin_spelled_ids("crossing 73005 with wind 5 5 knots", FERRY) == "crossing 73005 with wind 5 5 knots"
    assert rejoin_spelled_ids("compare 73005 73006", FERRY) == "compare 73005 73006"  # two ids, each one itself
    assert rejoin_spelled_ids("what is 73O07", None) == "what is 73O07"  # no host, nothing to check against


def test_a_spelled_id_is_routed_without_asking_which_crossing(router: RouterBackend) -> None:
    question, calls = route(router, "HOW LIKELY IS 73O07 TO BE LATE", FERRY)
    assert question == ""
    assert calls == [("get_prediction", {"instance": 73007})]
