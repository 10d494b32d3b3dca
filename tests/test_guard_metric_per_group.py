"""The engine's own answer to a metric asked per category passes the guard: with several performance results in
one turn (one per group), a group's value of a metric is one of the outputs' values, not only the last result's
(the guard kept one value per metric name, so every group but the last was flagged). A value no group has is still
flagged. On the loan host and the invented parcel host of tests/conftest.py; the phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.base import Host
from tests.backends.routing import CHECKED


async def _turn(host: Host, text: str) -> Turn:
    return await Agent(host, RouterBackend(), settings=CHECKED).conversation().send(text)


@pytest.mark.parametrize(
    ("fixture", "text", "metric"),
    [
        ("loan_host", "roc auc per region", "roc_auc"),
        ("loan_host", "what's the f1 for each region?", "f1"),
        ("parcel_host", "roc auc for every carrier", "roc_auc"),
        ("parcel_host", "accuracy split by carrier", "accuracy"),
    ],
)
async def test_every_group_s_score_in_the_engine_s_reply_is_supported(
    fixture: str, text: str, metric: str, request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(fixture)
    turn = await _turn(host, text)
    outputs = [c.output for c in turn.calls if c.status == "ok" and c.function == "get_model_performance"]
    assert len(outputs) >= 2, turn.calls
    assert turn.faithfulness is not None and turn.faithfulness.passed, turn.faithfulness
    vocabulary = Vocabulary.for_schema(host.schema())
    # a score that no group has is still caught
    values = sorted(float(o["value"]) for o in outputs)
    invented = round(min(values) - 0.05, 3)
    first = outputs[0]
    reply = f"The model's {metric} on the held-out split, only {first['group']}, is {invented}."
    assert not check_claims(reply, outputs, vocabulary=vocabulary).passed
