"""Round 47 (dlg47), dialogue state on an invented pottery kiln (pots that come out "sound" or "cracked"), in our own
wording: the history holds the call that ran (the engine's completions included), so "twice that" doubles the value
that ran; a comparative and a number answer "What should change?" ("warmer still, 1250"); "both together" after
what-ifs on two pots; a what-if on another pot after a range question; a step or a bound of an age counted in months;
"and X became Y" after a text what-if; "back to the ..." going to an earlier group of the dialogue.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import comparative_value_answer, extract_argument, extract_changes
from simxai.followup_fragment import word_edit
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, calls, logistic_host, route, talk

KILN = HostSchema(
    name="pottery kiln",
    kind="tabular",
    instance_noun="pot",
    class_names=["cracked", "sound"],
    features=[
        FeatureSchema(name="clay", type="categorical", categories=["earthenware", "porcelain", "stoneware"]),
        FeatureSchema(name="firing temp (C)", type="numeric", min=900, max=1300, aliases=["firing temperature"]),
        FeatureSchema(name="soak (hours)", type="numeric", min=1, max=12, aliases=["soak"]),
        FeatureSchema(name="GlazeCoats", type="numeric", min=1, max=5, aliases=["glaze coats", "coats"]),
    ],
    id_range=(8301, 8450),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _pot_frame() -> pd.DataFrame:
    rng = np.random.default_rng(47)
    n = 150
    frame = pd.DataFrame(
        {
            "pot_no": np.arange(8301, 8301 + n),
            "firing temp (C)": rng.integers(900, 1301, n).astype(float),
            "soak (hours)": rng.integers(1, 13, n).astype(float),
            "GlazeCoats": rng.integers(1, 6, n).astype(float),
            "clay": rng.choice(["stoneware", "porcelain", "earthenware"], n),
        }
    )
    score = (
        0.01 * (frame["firing temp (C)"] - 1100)
        + 0.3 * (frame["soak (hours)"] - 6)
        - 0.5 * (frame.GlazeCoats - 3)
        + rng.normal(0, 1, n)
    )
    frame["outcome"] = np.where(score > 0, "sound", "cracked")
    return frame


@pytest.fixture(scope="module")
def pots() -> Any:
    config = {
        "name": "kiln",
        "target": "outcome",
        "instance_noun": "pot",
        "id_column": "pot_no",
        "feature_aliases": {
            "firing temp (C)": ["firing temperature"],
            "soak (hours)": ["soak"],
            "GlazeCoats": ["glaze coats", "coats"],
        },
    }
    numbers = ["firing temp (C)", "soak (hours)", "GlazeCoats"]
    return logistic_host(_pot_frame(), numbers, "clay", "outcome", config)


# --- the history holds the call that ran ----------------------------------------------------------------------------


def test_the_history_holds_the_change_the_engine_tied_to_its_feature(pots: Any, router: RouterBackend) -> None:
    turns = asyncio.run(talk(pots, router, "what if pot 8310 had sat 4 hrs in the kiln", "twice that"))
    assert calls(turns[0]) == [("explain_what_if", {"instance": 8310, "changes": {"soak (hours)": 4}})]
    recorded = [c.arguments for m in turns[0].messages for c in m.tool_calls]
    assert recorded == [{"instance": 8310, "changes": {"soak (hours)": 4}}]
    # "twice that": twice the 4 hours that ran, not the soak the pot has
    assert calls(turns[1]) == [("explain_what_if", {"changes": {"soak (hours)": 8}, "instance": 8310})]


def test_every_call_that_ran_is_recorded_as_it_ran(pots: Any, router: RouterBackend) -> None:
    turns = asyncio.run(
        talk(pots, router, "show me pot 8312", "what if it had 2 more glaze coats", "and 1 less instead?")
    )
    for turn in turns:
        recorded = [c.arguments for m in turn.messages for c in m.tool_calls]
        assert recorded == [arguments for _name, arguments in calls(turn)]
    assert calls(turns[2]) == [("explain_what_if", {"changes": {"GlazeCoats": "-1"}, "instance": 8312})]


# --- a comparative and a number: the number is the new value --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("warmer still, 1250", {"firing temp (C)": 1250}),
        ("even colder: 950", {"firing temp (C)": 950}),
        ("hotter, say 1180.5", {"firing temp (C)": 1180.5}),
    ],
)
def test_a_comparative_that_names_one_feature_and_a_number(text: str, expected: dict[str, float]) -> None:
    assert comparative_value_answer(text, KILN) == expected


@pytest.mark.parametrize("text", ["higher still, 4", "warmer still", "warmer still, 1250 and 3 coats", "later, 5"])
def test_no_feature_or_no_lone_value_is_no_comparative_answer(text: str) -> None:
    assert comparative_value_answer(text, KILN) is None


def test_a_comparative_and_a_number_after_the_routers_question(pots: Any, router: RouterBackend) -> None:
    texts = ("why did pot 8320 crack", "what if it went into a fiercer kiln", "warmer still, 1250")
    turns = asyncio.run(talk(pots, router, *texts))
    assert calls(turns[2]) == [("explain_what_if", {"instance": 8320, "changes": {"firing temp (C)": 1250}})]


# --- "both together" after what-ifs on two pots -------------------------------------------------------------------


def test_both_together_after_what_ifs_on_two_pots_is_on_the_last(pots: Any, router: RouterBackend) -> None:
    texts = ("what if pot 8330 had a soak of 4 hours", "what if pot 8331 had 2 glaze coats", "both together")
    turns = asyncio.run(talk(pots, router, *texts))
    assert calls(turns[2]) == [("explain_what_if", {"instance": 8331, "changes": {"soak (hours)": 4, "GlazeCoats": 2}})]


def test_a_what_if_on_another_pot_after_a_range_question_is_its_own(pots: Any, router: RouterBackend) -> None:
    texts = ("what if pot 8310 had sat 9 hrs in the kiln", "twice that", "and if pot 8320 had 2 glaze coats")
    turns = asyncio.run(talk(pots, router, *texts))
    assert turns[1].clarification is not None  # 18 hours lies above the data's 1-12
    assert calls(turns[2]) == [("explain_what_if", {"instance": 8320, "changes": {"GlazeCoats": 2}})]


# --- a step of an age counted in months ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("age (months)", "what if it were 9 months younger", "-9"),
        ("age (months)", "what if it were 2 years older", "+24"),
        ("age (weeks)", "what if it were 3 weeks older", "+3"),
        ("age", "what if she were 4 years older", "+4"),
    ],
)
def test_an_age_step_in_the_unit_the_name_counts_in(name: str, text: str, expected: str) -> None:
    schema = HostSchema(
        name="cellar",
        kind="tabular",
        instance_noun="bottle",
        class_names=["keep", "open"],
        id_range=(1, 300),
        features=[FeatureSchema(name=name, type="numeric", min=0, max=400)],
    )
    assert extract_changes(text, schema) == {name: expected}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the bottles older than 3 yrs", "age (months) > 36"),
        ("bottles younger than 6 months", "age (months) < 6"),
        ("bottles older than 30", "age (months) > 30"),
    ],
)
def test_an_age_bound_in_the_unit_the_name_counts_in(text: str, expected: str) -> None:
    schema = HostSchema(
        name="cellar",
        kind="tabular",
        instance_noun="bottle",
        class_names=["keep", "open"],
        id_range=(1, 300),
        features=[FeatureSchema(name="age (months)", type="numeric", min=0, max=400)],
    )
    assert extract_argument("group", text, schema) == expected


# --- "and X became Y" after a text what-if -------------------------------------------------------------------------

_FOCUS = "A sluggish, dreary opera with one lovely duet"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("and sluggish became brisk", {"sluggish": "brisk"}), ("also dreary turned into lively", {"dreary": "lively"})],
)
def test_a_verb_of_becoming_adds_a_word_swap(text: str, expected: dict[str, str]) -> None:
    assert word_edit(text, _FOCUS) == expected


@pytest.mark.parametrize("text", ["and the duet was weak", "and sleepy became brisk"])
def test_a_remark_or_a_word_the_text_lacks_is_no_swap(text: str) -> None:
    assert word_edit(text, _FOCUS) is None


# --- back to an earlier group of the dialogue ----------------------------------------------------------------------

_TWO_GROUPS = [
    *after("get_prediction", "how many pots with over 3 coats crack", instance="GlazeCoats > 3"),
    *after("get_prediction", "and those with under 2 coats", instance="GlazeCoats < 2"),
    *after("get_model_performance", "how accurate is it there", metric="accuracy", group="GlazeCoats < 2"),
]


def test_back_to_an_earlier_group_by_its_feature(router: RouterBackend) -> None:
    _, made = route(router, "back to the heavily coated ones, recall for cracked", KILN, _TWO_GROUPS)
    assert made == [("get_model_performance", {"metric": "recall", "group": "GlazeCoats > 3", "label": "cracked"})]


def test_back_to_an_earlier_group_by_its_bound_and_feature(router: RouterBackend) -> None:
    history = [
        *after("get_prediction", "a", instance="GlazeCoats > 3 and soak (hours) > 6"),
        *after("get_prediction", "b", instance="GlazeCoats < 2 and soak (hours) > 6"),
        *after("get_data_information", "c", feature="clay", group="GlazeCoats < 2 and soak (hours) > 6"),
    ]
    _, made = route(router, "back to the ones with over 3 coats and a long soak, how good is it", KILN, history)
    assert made == [("get_model_performance", {"metric": "all", "group": "GlazeCoats > 3 and soak (hours) > 6"})]


def test_back_to_all_after_a_narrowing_is_the_wider_group(router: RouterBackend) -> None:
    history = [
        *after("get_prediction", "a", instance="firing temp (C) > 1200"),
        *after("get_prediction", "b", instance="firing temp (C) > 1200 and GlazeCoats < 2"),
        *after("get_data_information", "c", feature="clay", group="firing temp (C) > 1200 and GlazeCoats < 2"),
    ]
    _, made = route(router, "back to all the scorched ones", KILN, history)
    assert made == [("get_data_information", {"feature": "clay", "group": "firing temp (C) > 1200"})]


def test_two_earlier_groups_on_the_feature_are_no_reading(router: RouterBackend) -> None:
    history = [
        *after("get_prediction", "a", instance="GlazeCoats > 3"),
        *after("get_prediction", "b", instance="GlazeCoats > 4"),
        *after("get_prediction", "c", instance="GlazeCoats < 2"),
    ]
    _, made = route(router, "back to the heavily coated ones, recall for cracked", KILN, history)
    assert all(arguments.get("group") not in ("GlazeCoats > 3", "GlazeCoats > 4") for _n, arguments in made)
