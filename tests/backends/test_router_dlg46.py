"""Round 46 (dlg46), dialogue state on an invented sawmill (planks that go to "grade" or "reject"), in our own
wording: a step said with "instead" after a what-if ("and 3 less instead?": "instead" names no feature); a bare id
correcting the subject of a what-if that named its plank by reference (the changes kept); a category swapped in a
group narrowed over several turns (the narrowing kept), and "the other <feature>" of a two-category feature.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction.mentions import unnamed_subject
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import calls, logistic_host, route, talk

PLANKS = HostSchema(
    name="sawmill planks",
    kind="tabular",
    instance_noun="plank",
    class_names=["grade", "reject"],
    features=[
        FeatureSchema(name="timber", type="categorical", categories=["larch", "oak", "white ash"]),
        FeatureSchema(name="finish", type="categorical", categories=["planed", "rough sawn"]),
        FeatureSchema(name="kiln_hours", type="numeric", min=10, max=90, aliases=["kiln time"]),
        FeatureSchema(name="KnotCount", type="numeric", min=0, max=12, aliases=["knots"]),
    ],
    id_range=(4101, 4400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _ran(name: str, arguments: dict[str, object], output: dict[str, object], said: str) -> list[Message]:
    """A user's turn, one call of `name` with `arguments` whose result is `output`, and a short reply."""
    call = ToolCall(id="call_0", name=name, arguments=arguments)
    return [Message.user(said), Message.assistant("", [call]), Message.tool(call, json.dumps({"result": output}))]


# --- "instead" after a step names no feature -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["and 3 less instead?", "and 2 more instead", "4 fewer then", "what about 2 more this time", "1 less please"],
)
def test_an_adverb_after_a_step_is_no_subject_of_the_change(text: str) -> None:
    assert unnamed_subject(text, PLANKS) is None


@pytest.mark.parametrize(("text", "noun"), [("and 3 more nails", "nails"), ("what if the rent were 10% lower", "rent")])
def test_a_noun_after_a_step_is_still_the_subject_asked_about(text: str, noun: str) -> None:
    assert unnamed_subject(text, PLANKS) == noun


def _plank_frame() -> pd.DataFrame:
    rng = np.random.default_rng(46)
    n = 150
    frame = pd.DataFrame(
        {
            "plank_no": np.arange(4101, 4101 + n),
            "kiln_hours": rng.integers(10, 91, n).astype(float),
            "KnotCount": rng.integers(0, 13, n).astype(float),
            "timber": rng.choice(["larch", "oak"], n),
        }
    )
    score = 0.04 * (frame.kiln_hours - 50) - 0.4 * (frame.KnotCount - 6) + rng.normal(0, 1, n)
    frame["outcome"] = np.where(score > 0, "grade", "reject")
    return frame


@pytest.fixture(scope="module")
def planks() -> Any:
    config = {
        "name": "sawmill",
        "target": "outcome",
        "instance_noun": "plank",
        "id_column": "plank_no",
        "feature_aliases": {"KnotCount": ["knots"]},
    }
    return logistic_host(_plank_frame(), ["kiln_hours", "KnotCount"], "timber", "outcome", config)


def test_a_step_said_with_instead_replaces_the_change_in_focus(planks: Any, router: RouterBackend) -> None:
    turns = asyncio.run(talk(planks, router, "what if plank 4120 had 7 knots", "and 3 less instead?"))
    assert calls(turns[1]) == [("explain_what_if", {"instance": 4120, "changes": {"KnotCount": "-3"}})]


# --- a bare id correcting the subject a what-if named by reference -------------------------------------------------

_KNOTS_ADDED = _ran(
    "explain_what_if",
    {"changes": {"KnotCount": "+2"}},
    {"subject": {"id": 4130}, "changes": [{"feature": "KnotCount", "old": 3, "new": 5}]},
    "and if it had 2 more knots",
)


@pytest.mark.parametrize("text", ["sorry, I meant 4133", "oops, 4133", "no wait, I meant 4133"])
def test_a_bare_id_no_change_can_take_is_the_subject_with_the_changes_kept(router: RouterBackend, text: str) -> None:
    _, made = route(router, text, PLANKS, _KNOTS_ADDED)
    assert made == [("explain_what_if", {"changes": {"KnotCount": "+2"}, "instance": 4133})]


def test_a_number_a_change_can_take_still_corrects_the_change(router: RouterBackend) -> None:
    _, made = route(router, "sorry, I meant 4", PLANKS, _KNOTS_ADDED)
    assert [a.get("changes") for _n, a in made] == [{"KnotCount": "+4"}]


def test_a_correction_by_id_after_an_implicit_what_if_in_the_engine(planks: Any, router: RouterBackend) -> None:
    texts = ("why isn't plank 4140 graded", "what if it had 2 more knots", "sorry, I meant 4144")
    turns = asyncio.run(talk(planks, router, *texts))
    assert calls(turns[2]) == [("explain_what_if", {"changes": {"KnotCount": "+2"}, "instance": 4144})]


# --- a category swapped in a narrowed group; "the other <feature>" -------------------------------------------------

_NARROWED = _ran(
    "get_model_performance",
    {"metric": "precision", "group": "timber = oak and kiln_hours > 40 and KnotCount < 4"},
    {"metric": "precision", "value": 0.8},
    "precision on those",
)


@pytest.mark.parametrize("text", ["now the larch ones", "and larch", "what about the white ash ones"])
def test_a_category_swapped_in_a_narrowed_group_keeps_the_narrowing(router: RouterBackend, text: str) -> None:
    _, made = route(router, text, PLANKS, _NARROWED)
    swapped = "larch" if "larch" in text else "white ash"
    group = f"timber = {swapped} and kiln_hours > 40 and KnotCount < 4"
    assert made == [("get_model_performance", {"metric": "precision", "group": group})]


def test_the_other_value_of_a_two_category_feature_the_group_fixes(router: RouterBackend) -> None:
    counted = _ran(
        "get_prediction",
        {"instance": "finish = planed and kiln_hours > 40"},
        {"counts": {"grade": 20, "reject": 9}},
        "just the ones over 40 kiln hours",
    )
    _, made = route(router, "now the other finish", PLANKS, counted)
    assert made == [("get_prediction", {"instance": "finish = rough sawn and kiln_hours > 40"})]


def test_the_other_value_of_a_three_category_feature_is_not_guessed(router: RouterBackend) -> None:
    _, made = route(router, "now the other timber", PLANKS, _NARROWED)
    groups = [str(a.get("group", "")) for _n, a in made]
    assert all("timber = larch" not in g and "timber = white ash" not in g for g in groups)


def test_a_category_after_a_group_of_other_features_only_is_left_as_before(router: RouterBackend) -> None:
    bounded = _ran(
        "get_model_performance",
        {"metric": "precision", "group": "kiln_hours > 40"},
        {"metric": "precision", "value": 0.7},
        "precision for planks kilned over 40 hours",
    )
    _, made = route(router, "now the larch ones", PLANKS, bounded)
    assert all(a.get("group") != "kiln_hours > 40 and timber = larch" for _n, a in made)
