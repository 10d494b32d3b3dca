"""The router's own renderings pass the faithfulness guard (found as a user: a group what-if's counts and a
numbered list of counterfactuals were flagged, so a correct deterministic answer reported `passed: False`).

- Counts of labels ("moves the predictions from 25 stable, 61 progressing to 12 stable, 74 progressing") are the
  group's counts before and after, not a prediction or outcome claim and not probabilities.
- An item's number in a running list ("(1) change bmi ...; or (2) change hdl ...") is no number of a feature.
The wrong versions of the same sentences are still caught.
"""

from __future__ import annotations

import asyncio

import pytest

from simxai.backends.router import RouterBackend
from simxai.functions import default_registry
from simxai.guard import check_claims
from simxai.guard._state import Vocabulary
from simxai.results import result_payload

from .routing import calls, talk

REGISTRY = default_registry()


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    "question",
    [
        "what if bmi were 35 for patients over 60?",
        "what if glucose were 110 for the patients with bmi above 30?",
        "give me 3 ways patient 12 could be progressing",
        "show me two ways patient 40 could be stable",
    ],
)
def test_the_routers_reply_passes_the_guard(demo_host, router, question: str) -> None:
    turn = asyncio.run(talk(demo_host, router, question))[-1]
    assert calls(turn), turn.reply
    report = turn.faithfulness
    assert report is not None and report.passed, (turn.reply, report.unsupported if report else None)


def _check(host, name: str, arguments: dict, reply: str):
    output = result_payload(REGISTRY.get(name)(host, arguments))
    return check_claims(reply, [output], vocabulary=Vocabulary.for_schema(host.schema()))


def test_group_counts_are_checked_as_counts(demo_host) -> None:
    args = {"instance": "age > 60", "changes": {"bmi": 35}}
    output = result_payload(REGISTRY.get("explain_what_if")(demo_host, args))
    old, new = output["old_label_counts"], output["new_label_counts"]
    said = (
        f"moves the predictions from {old['stable']} stable, {old['progressing']} progressing "
        f"to {new['stable']} stable, {new['progressing']} progressing."
    )
    assert _check(demo_host, "explain_what_if", args, said).passed
    drifted = said.replace(f"to {new['stable']} stable", f"to {new['stable'] + 9} stable")
    assert not _check(demo_host, "explain_what_if", args, drifted).passed


def test_an_items_number_is_no_features_number(demo_host) -> None:
    args = {"instance": 12, "target_label": "progressing", "number_of_iterations": 3}
    output = result_payload(REGISTRY.get("explain_how_to_be_that")(demo_host, args))
    first, second = output["counterfactuals"][0]["changes"][0], output["counterfactuals"][1]["changes"][0]
    said = (
        f"To get progressing: (1) change {first['feature']} from {first['old']} to {first['new']}; "
        f"or (2) change {second['feature']} from {second['old']} to {second['new']}."
    )
    assert _check(demo_host, "explain_how_to_be_that", args, said).passed
    # a number in brackets that is no item's number stays a claim: "change bmi to (2)"
    wrong = f"To get progressing, change {first['feature']} from {first['old']} to 2."
    assert not _check(demo_host, "explain_how_to_be_that", args, wrong).passed
