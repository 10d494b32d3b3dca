"""A number is about the subject named last before it, even when that subject is named inside the number's own
segment: "A vs B: A at 86.9 %, B at 83.9 %" bound A's number to B (the subject named before the segment began),
and a faithful comparison of two subjects was flagged on three DEV writers (g4, g7, g11). On the demo and loan
hosts, with their real outputs; our own words.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.base import Host
from simxai.results import result_payload

REGISTRY = default_registry()


def _predictions(host: Host, ids: tuple[int, int]) -> list[dict[str, Any]]:
    return [result_payload(REGISTRY.get("get_prediction")(host, {"instance": i})) for i in ids]


def _share(output: dict[str, Any]) -> str:
    return f"{100 * output['probabilities'][output['label']]:.1f} %"


@pytest.mark.parametrize(("fixture", "ids"), [("demo_host", (12, 40)), ("loan_host", (3, 17))])
def test_a_bare_id_inside_the_segment_binds_the_number_after_it(
    fixture: str, ids: tuple[int, int], request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(fixture)
    first, second = _predictions(host, ids)
    vocabulary = Vocabulary.for_schema(host.schema(), REGISTRY.names())
    a, b = ids
    reply = f"{a} vs {b}: {a} {first['label']} at {_share(first)}, {b} {second['label']} at {_share(second)}."
    report = check_claims(reply, [first, second], vocabulary=vocabulary)
    assert report.passed, report.unsupported
    lead = f"For {a} and {b}: {b} comes out {second['label']} at {_share(second)}, {a} {first['label']}"
    report = check_claims(f"{lead} at {_share(first)}.", [first, second], vocabulary=vocabulary)
    assert report.passed, report.unsupported


@pytest.mark.parametrize(("fixture", "ids"), [("demo_host", (12, 40)), ("loan_host", (3, 17))])
def test_the_other_subject_s_number_is_still_flagged(
    fixture: str, ids: tuple[int, int], request: pytest.FixtureRequest
) -> None:
    host = request.getfixturevalue(fixture)
    first, second = _predictions(host, ids)
    assert _share(first) != _share(second)
    vocabulary = Vocabulary.for_schema(host.schema(), REGISTRY.names())
    a, b = ids
    # each subject given the other's share, in the same layout
    reply = f"{a} vs {b}: {a} {first['label']} at {_share(second)}, {b} {second['label']} at {_share(first)}."
    assert not check_claims(reply, [first, second], vocabulary=vocabulary).passed
