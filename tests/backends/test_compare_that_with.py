""" "Compare that with <group>" after a metric is the same metric on that group (round 14).

It was read as a new question, and the selector hesitated between a group's predictions and the performance. Our own
dialogues on the demo and loan hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend

from .routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("host", "first", "compare", "metric", "group"),
    [
        ("demo", "accuracy for patients over 60?", "now compare that with the under-35s", "accuracy", "age < 35"),
        (
            "loan",
            "what's the recall for applicants in the north?",
            "compare that to the south region",
            "recall",
            "region = south",
        ),
    ],
)
async def test_compare_that_with_a_group_moves_the_metric(hosts, router, host, first, compare, metric, group):
    _, compared = await talk(hosts[host], router, first, compare)
    assert calls(compared) == [("get_model_performance", {"metric": metric, "group": group})]
