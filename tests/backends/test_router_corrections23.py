"""Corrections that say the number taken back (round 23, lead23): "hang on, I said 5, I meant 8" after a what-if
with a step of 5 is that what-if with 8 (was not read as a correction: the selector took the turn). The number
taken back picks the argument, so an 8 that could also be an id is no longer asked about. Our own wording, on the
demo.
"""

from __future__ import annotations

import asyncio

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.demo import load_demo_host
from tests.backends.routing import DEMO, after, calls, route, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    "text",
    ["No hang on, I said 5, I meant 8.", "hold on, I said 5, I meant 8", "sorry, I typed 5, I meant 8"],
)
def test_a_correction_naming_the_number_taken_back_replaces_it(router: RouterBackend, text: str) -> None:
    history = after("explain_what_if", "what if patient 12's bmi were 5 higher?", instance=12, changes={"bmi": "+5"})
    assert route(router, text, DEMO, history) == ("", [("explain_what_if", {"instance": 12, "changes": {"bmi": "+8"}})])


def test_a_number_taken_back_that_was_the_id_replaces_the_id(router: RouterBackend) -> None:
    history = after("explain_what_if", "what if patient 12's bmi were 5 higher?", instance=12, changes={"bmi": "+5"})
    question, calls = route(router, "no wait, I said 12, I meant 21", DEMO, history)
    assert calls == [("explain_what_if", {"instance": 21, "changes": {"bmi": "+5"}})]


def test_a_plain_correction_with_two_readings_still_asks(router: RouterBackend) -> None:
    history = after("explain_what_if", "what if patient 12's bmi were 5 higher?", instance=12, changes={"bmi": "+5"})
    question, calls = route(router, "hold on, I meant 8", DEMO, history)
    assert calls == [] and "two ways" in question


@pytest.mark.parametrize(
    "correction",
    ["no wait, I said five, I meant eight", "hang on, I said five, I meant eight"],
)
def test_a_correction_after_a_value_said_in_words(router: RouterBackend, correction: str) -> None:
    # the previous turn said its step in words: its numbers are read as digits before the correction replaces one
    *_, corrected = asyncio.run(
        talk(load_demo_host(), router, "what if patient 12's bmi were five higher?", correction)
    )
    assert calls(corrected) == [("explain_what_if", {"instance": 12, "changes": {"bmi": "+8"}})]


def test_a_plain_correction_after_a_value_said_in_words_asks(router: RouterBackend) -> None:
    # 8 may be the id or the step: both readings are offered (before, the step said "five" was not seen, and the
    # correction moved the what-if to patient 8 without asking)
    *_, corrected = asyncio.run(
        talk(load_demo_host(), router, "what if patient 12's bmi were five higher?", "sorry, make it eight")
    )
    assert calls(corrected) == [] and corrected.clarification is not None
    assert "bmi +8" in corrected.clarification.question
