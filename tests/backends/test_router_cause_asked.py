"""A turn that asks what caused one instance's outcome keeps the explanation as an option, and drops the search for
what may change while the outcome stays (round 17, dev22).

"What tipped patient 31 over?", "what's it looking at?", "what's keeping her there?": "what" as the subject of a
verb with the instance or its outcome as object (or the model looking at something) asks for causes, as "why" does;
the instance's explanation gives them, so it stays an option beside the prediction. And a why-question that only
says the outcome stands ("... and still gets rejected, why?") asks why it is so, not what may change while it stays:
"still" there is surprise, not a constraint. Unit by unit on `ruled_out` (no selector involved), on three hosts, in
our own wording; the forms that keep the search beside them.
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
        (DEMO, "what tipped patient 31 over? her numbers look fine"),
        (LOAN, "applicant 88 earns a fortune and it still says rejected, what's it looking at?"),
        (INSURANCE, "policyholder 5123 is young and healthy. what's keeping her on the surcharge?"),
        (LOAN, "what pushed applicant 412 into the rejected pile"),
    ],
)
def test_a_cause_asked_with_what_keeps_the_explanation(schema: HostSchema, text: str) -> None:
    assert "get_local_explanation" not in _out(text, schema)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "applicant 88 earns a fortune and still gets rejected, why?"),
        (INSURANCE, "policyholder 5123 is young and still on the surcharge. what's keeping her there?"),
        (DEMO, "patient 31 eats well and is still progressing, how come?"),
    ],
)
def test_a_why_question_that_says_the_outcome_stands_asks_no_search_that_keeps_it(
    schema: HostSchema, text: str
) -> None:
    assert "explain_how_to_still_be_this" in _out(text, schema)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "why would applicant 88 still be approved if her income dropped?"),
        (DEMO, "how far could patient 31's bmi rise and still be stable?"),
        (INSURANCE, "what could policyholder 5123 change and stay on standard?"),
    ],
)
def test_a_margin_or_a_supposition_keeps_the_search(schema: HostSchema, text: str) -> None:
    assert "explain_how_to_still_be_this" not in _out(text, schema)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "applicant 88 has an 810 credit score and still gets rejected, why?"),
        (INSURANCE, "policyholder 5123 is 24 and never claims, so what's keeping her on the surcharge?"),
    ],
)
def test_values_stated_in_a_cause_question_describe_the_instance(schema: HostSchema, text: str) -> None:
    # the values are the instance's own, told to explain the surprise: no what-if is asked
    assert "explain_what_if" in _out(text, schema)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "why would applicant 88 be approved if her credit score were 810?"),
        (DEMO, "why would patient 31 be stable with a bmi of 24?"),
        (LOAN, "what makes applicant 88 rejected with 2 more years of employment?"),
    ],
)
def test_a_supposed_or_stepped_value_keeps_the_what_if(schema: HostSchema, text: str) -> None:
    assert "explain_what_if" not in _out(text, schema)
