"""A turn with nothing to reach asks for no counterfactual search (round 17, dev22).

The search for changes that take an instance to another class answers a turn that names a change, a becoming or
reaching, a possibility or a need, another outcome, a way, or a class. "How does 75032 look", "need the verdict on
patient 40": none of these, so the search is no option, and an unsure router no longer offers it (or answers with
it). Unit tests of `ruled_out` on three hosts in our own wording, with the turns that keep it.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_masking import mask
from simxai.backends._router_unsure import ruled_out
from simxai.hosts.base import HostSchema

from .routing import DEMO, FUNCTIONS, INSURANCE, LOAN

NAMES = frozenset({*(s.name for s in FUNCTIONS), "none"})


def _out(text: str, schema: HostSchema) -> frozenset[str]:
    return ruled_out(text, mask(text, schema), schema, NAMES)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (DEMO, "how does patient 40 look"),
        (LOAN, "busy morning, need the verdict on applicant 220 pls"),
        (INSURANCE, "whats policyholder 5210 looking like"),
    ],
)
def test_nothing_to_reach_rules_out_the_search(schema: HostSchema, text: str) -> None:
    assert "explain_how_to_be_that" in _out(text, schema)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (DEMO, "what would patient 40 need to change?"),
        (LOAN, "how can applicant 220 get the loan"),
        (INSURANCE, "policyholder 5210 to standard, how?"),
        (LOAN, "ways out of rejected for applicant 220"),
    ],
)
def test_a_change_a_way_or_a_class_keeps_the_search(schema: HostSchema, text: str) -> None:
    assert "explain_how_to_be_that" not in _out(text, schema)
