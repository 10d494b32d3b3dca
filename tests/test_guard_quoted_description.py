"""A feature's description given in brackets beside its name is the output's own text, not a claim: words of other
features inside it ("rent" in "missed_payments_12m (rent payments missed ...)") no longer take the numbers after it.
The engine's own data-card reply on such a feature was flagged (the mean and spread bound to the other feature). On
the demo and loan hosts, with a description that names another feature, as a user's host may give; our own words.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path

import pytest

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.base import Host
from simxai.results import result_payload
from tests.backends.routing import CHECKED

ROOT = Path(__file__).resolve().parents[1]


def _card(host: Host, feature: str, description: str) -> dict:
    output = copy.deepcopy(result_payload(default_registry().get("get_data_information")(host, {"feature": feature})))
    output["feature"]["description"] = description
    return output


@pytest.mark.parametrize(
    ("fixture", "feature", "other"),
    [("demo_host", "hdl", "bmi"), ("loan_host", "income", "loan_amount")],
)
def test_a_description_in_brackets_takes_no_number(
    fixture: str, feature: str, other: str, request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(fixture)
    description = f"taken at intake together with the {other}"
    card = _card(host, feature, description)
    stats = card["feature"]
    vocabulary = Vocabulary.for_schema(host.schema())
    reply = (
        f"{feature} ({description}) ranges from {stats['min']:g} to {stats['max']:g}, mean {stats['mean']:.3f}, "
        f"standard deviation {stats['std']:.3f}."
    )
    assert check_claims(reply, [card], vocabulary=vocabulary).passed
    # the number is still checked against the feature the reply names
    wrong = (
        f"{feature} ({description}) ranges from {stats['min']:g} to {stats['max']:g}, mean {stats['mean'] * 1.5:.3f}."
    )
    assert not check_claims(wrong, [card], vocabulary=vocabulary).passed


@pytest.fixture(scope="module")
def tenant_host() -> Host:
    """w16's rent-arrears host (people/w16), whose descriptions name other features' words ("rent payments missed")."""
    spec = importlib.util.spec_from_file_location("fresh_set_for_descriptions", ROOT / "bench" / "fresh_set.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    host = module.load_host("tenant", ROOT / "simxai/eval_suite/router_training/people/w16")
    assert host is not None
    return host


@pytest.mark.parametrize("text", ["stats on missed payments?", "what are the rent-to-income numbers like, on average?"])
async def test_the_engine_s_data_card_reply_passes_the_guard(tenant_host: Host, text: str) -> None:
    turn = await Agent(tenant_host, RouterBackend(), settings=CHECKED).conversation().send(text)
    assert [c.function for c in turn.calls] == ["get_data_information"]
    assert "(" in turn.reply and turn.faithfulness is not None and turn.faithfulness.passed, turn.faithfulness


@pytest.mark.parametrize(
    "text",
    [
        "why is tenant 37012 not expected to fall behind?",
        "what would tenant 37047 have to change to be predicted falls_behind?",
    ],
)
async def test_a_label_that_is_a_verb_of_moving_says_no_direction_of_a_change(tenant_host: Host, text: str) -> None:
    # "change income_ratio from 30 to 32 (then falls_behind, 53.2%)": 'falls' is the class's name, not a lowering
    turn = await Agent(tenant_host, RouterBackend(), settings=CHECKED).conversation().send(text)
    assert turn.calls and turn.calls[0].function in ("explain_why_not", "explain_how_to_be_that")
    assert "falls_behind" in turn.reply and turn.faithfulness is not None and turn.faithfulness.passed, (
        turn.faithfulness
    )
