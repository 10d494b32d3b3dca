"""Round 48 (dlg48), dialogue state on an invented apiary (hives that come out "thriving" or "failing"), in our own
wording: a step goes on from the value the user just set ("4 more", "double it"); a step said before a full stop;
"+ " opening a turn adds to the scenario; a slip owned in words before the id meant ("sorry, I typed it wrong, is
N"); "N better" of a feature is no value, and the question it gets keeps the scenario built so far.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.backends._router_small_talk import without_opening_acknowledgement
from simxai.backends.router import RouterBackend
from simxai.followup import Step, extract_step
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import REVIEWS, after, calls, logistic_host, route, talk

APIARY = HostSchema(
    name="apiary",
    kind="tabular",
    instance_noun="hive",
    class_names=["failing", "thriving"],
    features=[
        FeatureSchema(name="site", type="categorical", categories=["heath", "orchard", "roof"]),
        FeatureSchema(name="mite count", type="numeric", min=0, max=60, aliases=["mites"]),
        FeatureSchema(name="brood frames", type="numeric", min=1, max=10, aliases=["brood", "frames"]),
        FeatureSchema(name="QueenScore", type="numeric", min=1, max=10, aliases=["queen score", "queen"]),
    ],
    id_range=(5101, 5300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _hive_frame() -> pd.DataFrame:
    rng = np.random.default_rng(48)
    n = 200
    frame = pd.DataFrame(
        {
            "hive_no": np.arange(5101, 5101 + n),
            "mite count": rng.integers(0, 61, n).astype(float),
            "brood frames": rng.integers(1, 11, n).astype(float),
            "QueenScore": rng.integers(1, 11, n).astype(float),
            "site": rng.choice(["heath", "orchard", "roof"], n),
        }
    )
    score = (
        -0.08 * (frame["mite count"] - 30)
        + 0.4 * (frame["brood frames"] - 5)
        + 0.3 * (frame.QueenScore - 5)
        + rng.normal(0, 1, n)
    )
    frame["outcome"] = np.where(score > 0, "thriving", "failing")
    return frame


@pytest.fixture(scope="module")
def hives() -> Any:
    config = {
        "name": "apiary",
        "target": "outcome",
        "instance_noun": "hive",
        "id_column": "hive_no",
        "feature_aliases": {"mite count": ["mites"], "brood frames": ["brood", "frames"], "QueenScore": ["queen"]},
    }
    numbers = ["mite count", "brood frames", "QueenScore"]
    return logistic_host(_hive_frame(), numbers, "site", "outcome", config)


_SET_TO_20 = after("explain_what_if", "what if hive 5120 had 20 mites", instance=5120, changes={"mite count": 20})
_STEPPED = after("explain_what_if", "what if hive 5120 had 6 more mites", instance=5120, changes={"mite count": "+6"})


# --- a step said before a full stop ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("And down another 6.", Step("-", 6)),
        ("then up 4.", Step("+", 4)),
        ("down 2.5", Step("-", 2.5)),
        ("and up 1.5.", Step("+", 1.5)),
    ],
)
def test_a_step_before_a_full_stop_is_read(text: str, step: Step) -> None:
    assert extract_step(text, APIARY) == step


# --- a step goes on from the value the user set --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("4 more", {"mite count": 24}),
        ("what about 5 fewer?", {"mite count": 15}),
        ("double it", {"mite count": 40}),
        ("halve it", {"mite count": 10}),
    ],
)
def test_a_step_alone_after_a_value_set_goes_on_from_it(router: RouterBackend, text: str, changes: Any) -> None:
    question, made = route(router, text, APIARY, _SET_TO_20)
    assert question == "" and made == [("explain_what_if", {"changes": changes})]  # the engine fills the hive


@pytest.mark.parametrize(
    ("text", "history", "changes"),
    [
        ("4 more instead", _SET_TO_20, {"mite count": "+4"}),  # "instead": a step of the recorded count
        ("double it instead", _SET_TO_20, {"mite count": "*2"}),
        ("4 more", _STEPPED, {"mite count": "+4"}),  # after a step, a new step replaces it
        ("double it", _STEPPED, {"mite count": "+12"}),  # after a step, that step doubled
    ],
)
def test_a_step_after_a_step_or_said_instead_keeps_its_reading(
    router: RouterBackend, text: str, history: Any, changes: Any
) -> None:
    question, made = route(router, text, APIARY, history)
    assert question == "" and made == [("explain_what_if", {"changes": changes})]  # the engine fills the hive


def test_the_engine_runs_the_step_from_the_value_set(hives: Any, router: RouterBackend) -> None:
    turns = asyncio.run(talk(hives, router, "what if hive 5130 had 30 mites", "10 more"))
    assert calls(turns[1]) == [("explain_what_if", {"changes": {"mite count": 40}, "instance": 5130})]


# --- "+ " opening a turn adds to the scenario --------------------------------------------------------------------


def test_a_plus_sign_opening_a_turn_adds_the_change(router: RouterBackend) -> None:
    question, made = route(router, "+ 2 fewer brood frames", APIARY, _SET_TO_20)
    assert question == ""
    assert made == [("explain_what_if", {"changes": {"mite count": 20, "brood frames": "-2"}})]


def test_a_signed_amount_alone_is_no_addition(router: RouterBackend) -> None:
    question, made = route(router, "brood frames +2 instead", APIARY, _SET_TO_20)
    assert made == [("explain_what_if", {"changes": {"brood frames": "+2"}})]


# --- a slip owned in words, then the id meant --------------------------------------------------------------------

_EXPLAINED = after("get_local_explanation", "hive 5140, why failing?", instance=5140, prediction_label="failing")


@pytest.mark.parametrize(
    "text",
    ["Sorry, I write wrong, is 5141", "sorry i typed it wrong, it's 5141", "oops, I put it wrong - 5141"],
)
def test_a_slip_owned_in_words_then_the_id_meant(router: RouterBackend, text: str) -> None:
    question, made = route(router, text, APIARY, _EXPLAINED)
    assert question == ""
    assert made == [("get_local_explanation", {"instance": 5141, "prediction_label": "failing"})]


# --- "N better" is no value; the question keeps the scenario --------------------------------------------------------


def test_a_number_better_is_no_value_of_the_feature(router: RouterBackend) -> None:
    question, made = route(router, "and queen 2 better as well", APIARY, _SET_TO_20)
    assert all(arguments.get("changes", {}).get("QueenScore") != 2 for _name, arguments in made)


def test_the_question_about_n_better_keeps_the_scenario(hives: Any, router: RouterBackend) -> None:
    texts = ("what if hive 5150 had 12 mites", "and queen 2 better as well", "2 higher")
    turns = asyncio.run(talk(hives, router, *texts))
    assert turns[1].clarification is not None and not calls(turns[1])
    assert turns[1].clarification.question.startswith("Keeping mite count 12: what should QueenScore be")
    assert calls(turns[2]) == [
        ("explain_what_if", {"instance": 5150, "changes": {"mite count": 12, "QueenScore": "+2"}})
    ]


def test_a_new_scenario_question_keeps_nothing(hives: Any, router: RouterBackend) -> None:
    # no "as well" / "too" / "and": the question is the plain one, and the answer runs alone
    turns = asyncio.run(talk(hives, router, "what if hive 5150 had 12 mites", "what if its queen were 2 better", "7"))
    assert turns[1].clarification is not None
    assert not turns[1].clarification.question.startswith("Keeping")
    assert calls(turns[2]) == [("explain_what_if", {"instance": 5150, "changes": {"QueenScore": 7}})]


# --- a word of thanks or assent before the request ------------------------------------------------------------------

_CHANGED = {"mite count": 20, "brood frames": 6}
_TWO_CHANGES = after("explain_what_if", "x", instance=5120, changes=_CHANGED)


@pytest.mark.parametrize(
    "text",
    [
        "Lovely. Could you try the same for 5177? It sits beside the first.",
        "Great, could you try the same for 5177?",
        "Thanks! Same for 5177?",
    ],
)
def test_thanks_before_the_request_is_not_part_of_it(router: RouterBackend, text: str) -> None:
    question, made = route(router, text, APIARY, _TWO_CHANGES)
    assert question == ""
    assert made == [("explain_what_if", {"instance": 5177, "changes": {"mite count": 20, "brood frames": 6}})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Lovely. Same for 5177?", "Same for 5177?"),
        ("I see. And what keeps 5177 thriving?", "And what keeps 5177 thriving?"),
        ("Great, thanks for everything", "Great, thanks for everything"),  # small talk throughout
        ("ok what gets it thriving", "ok what gets it thriving"),  # no mark after the word
        ("no, I meant 5177", "no, I meant 5177"),  # a correction, not thanks
    ],
)
def test_only_an_opening_acknowledgement_closed_by_a_mark_is_dropped(text: str, expected: str) -> None:
    assert without_opening_acknowledgement(text, APIARY) == expected


def test_a_review_keeps_its_opening_word() -> None:
    assert without_opening_acknowledgement("Great! Loved every minute.", REVIEWS) == "Great! Loved every minute."


# --- the change of a feature named, moved to another hive -------------------------------------------------------------


@pytest.mark.parametrize("text", ["Apply the mite change to 5177 instead.", "try that brood tweak on 5177"])
def test_the_change_of_the_feature_named_moves_alone(router: RouterBackend, text: str) -> None:
    question, made = route(router, text, APIARY, _TWO_CHANGES)
    named = "mite count" if "mite" in text else "brood frames"
    assert question == "" and made == [("explain_what_if", {"changes": {named: _CHANGED[named]}, "instance": 5177})]


def test_a_named_change_the_last_what_if_lacks_moves_nothing(router: RouterBackend) -> None:
    _question, made = route(router, "apply the queen change to 5177", APIARY, _TWO_CHANGES)
    assert all(arguments.get("changes") != _CHANGED for _name, arguments in made)
