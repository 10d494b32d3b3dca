"""A what-if whose feature was read but whose value no reading was sure of: the question names what was read, and a
yes runs it through the engine (demo and the invented insurance host)."""

from __future__ import annotations

import pytest

from simxai import Agent, Host, Turn
from simxai._unsure_change import unsure_change
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(text) for text in texts]


@pytest.mark.parametrize(
    ("host_name", "question", "answer", "changes"),
    [
        ("demo", "what if patient 12's glucose lost another 15 points", "yes", {"glucose": "-15"}),
        # hedged: "a healthier bmi, 24" alone runs without a question since ask47 (tests/backends/test_router_ask47.py)
        ("demo", "what if patient 40 had a healthier bmi, 24 or so", "sure", {"bmi": 24}),
        ("insurance", "what if member 5010's bmi lost another 4 points", "yes please", {"bmi": "-4"}),
    ],
)
async def test_a_yes_runs_the_offered_change(
    host_name: str, question: str, answer: str, changes: dict[str, object], request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(f"{host_name}_host")
    asked, answered = await _turns(host, question, answer)
    assert asked.clarification is not None
    [(feature, value)] = changes.items()
    assert feature in asked.reply and str(value).lstrip("+") in asked.reply  # the question names what was read
    ran = [c for c in answered.calls if c.status == "ok"]
    assert [(c.function, c.arguments.get("changes")) for c in ran] == [("explain_what_if", changes)]


async def test_another_value_replaces_the_offer(demo_host: Host) -> None:
    """The offer is no default: an answer with its own value is read as that value."""
    _asked, answered = await _turns(demo_host, "what if patient 12's glucose lost another 15 points", "no, 100")
    assert [c.arguments.get("changes") for c in answered.calls] == [{"glucose": 100}]


SHOP = HostSchema(
    name="corner shops",
    kind="tabular",
    instance_noun="shop",
    class_names=["profit", "loss"],
    features=[
        FeatureSchema(name="staff", type="numeric", min=1, max=12),
        FeatureSchema(name="hygiene_level", type="numeric", min=0, max=5),
    ],
    id_range=(40001, 40200),
)


def test_the_old_value_is_never_offered() -> None:
    """ "3 staff instead of 5": the number after "instead of" is the value left behind."""
    assert unsure_change("what if 40010 had 3 staff instead of 5", "staff", SHOP) == 3


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("what if 40010 had hygiene two levels better", "hygiene_level"),  # which way is better: the user's to say
        ("what if 40010 had staff 300 more", "staff"),  # a step beyond the whole range
        ("what if 40010 had 2 or 3 staff", "staff"),  # two numbers
        ("what if 40010 had staff of 40", "staff"),  # a new value outside the data's range
    ],
)
def test_no_offer_when_the_words_do_not_say_it(text: str, feature: str) -> None:
    assert unsure_change(text, feature, SHOP) is None
