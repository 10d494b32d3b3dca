"""What-ifs said with a word of the feature (a verb, a comparative, a unit, a switch), and a what-if that names a
feature of its own never inherits another instance's changes. On an invented parcel host built here (a
logistic-regression pipeline, the way a user brings a model with `--host-config`) and the loan host.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts.base import Host


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if order 7003 weighed 2 kg?", {"weight_kg": 2}),
        ("suppose 7005 were 20% lighter", {"weight_kg": "-20%"}),
        ("and if it were 2 kg heavier?", {"weight_kg": "+2"}),
        ("what if it had travelled 120 km", {"distance_km": 120}),
        ("what if the box for order 7005 had gone express?", {"express": 1}),
        ("what if order 7009 had not gone express", {"express": 0}),
        ("what if 7005 were shipped 50 km further", {"distance_km": "+50"}),
        ("what if it was sent express instead?", {"express": 1}),
        ("what about express?", None),  # may ask about the feature itself: no switch without a supposition
        ("what if 7020 were twice as heavy?", {"weight_kg": "*2"}),
        ("what if it had been half as far", {"distance_km": "*0.5"}),
    ],
)
def test_a_feature_said_by_its_word(parcel_host: Host, text: str, changes: dict[str, Any] | None) -> None:
    assert extract_changes(text, parcel_host.schema()) == changes


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if applicant 5 had scored 700?", {"credit_score": 700}),
        ("what if applicant 5 scored 50 points higher?", None),  # a step the step readers own, never the value 50
    ],
)
def test_a_verb_of_the_feature_on_the_loan_host(loan_host: Host, text: str, changes: Any) -> None:
    found = extract_changes(text, loan_host.schema())
    assert found == changes or (changes is None and found != {"credit_score": 50})


async def _ran(host: Host, *texts: str) -> list[list[tuple[str, dict[str, Any]]]]:
    conversation = Agent(host, RouterBackend()).conversation()
    turns = [await conversation.send(text) for text in texts]
    return [[(c.function, c.arguments) for c in t.calls if c.status == "ok"] for t in turns]


async def test_a_what_if_naming_its_own_feature_does_not_inherit_changes(parcel_host: Host) -> None:
    texts = ("what if order 7003 were shipped with ups?", "what if order 7005 weighed more?")
    first, second = await _ran(parcel_host, *texts)
    assert first == [("explain_what_if", {"instance": 7003, "changes": {"carrier": "ups"}})]
    assert second == []  # the engine asks how much heavier; the carrier change is not silently run on 7005


async def test_a_what_if_naming_its_own_feature_on_the_loan_host(loan_host: Host) -> None:
    texts = ("what if applicant 12 owned her home?", "what if applicant 14 had a better credit score?")
    first, second = await _ran(loan_host, *texts)
    assert first and first[0][1]["changes"] == {"home_ownership": "own"}
    assert all("home_ownership" not in call[1].get("changes", {}) for call in second)


async def test_the_same_changes_still_carry_to_another_instance(parcel_host: Host) -> None:
    _, second = await _ran(parcel_host, "what if order 7003 were shipped with ups?", "same for 7011")
    assert second == [("explain_what_if", {"instance": 7011, "changes": {"carrier": "ups"}})]
