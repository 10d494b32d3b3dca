"""Questions about what an output means, asked around a score the model gave or a label's reach (round 15, dev19).

- A score reported back with the instance it was given for ("it gave 0.72 for policyholder 5120 - 72 % of what?")
  asks what the score is, not for the instance's prediction again; a reason asked about it stays an explanation.
- "Is that a chance of ...", "is a 90 % score a probability or just its confidence?": what kind of number it is.
- What a label covers ("would 'rejected' include a withdrawn application?") or where it sits among the labels
  ("is 'surcharge' the highest tier, or is there a 'double' tier?") is the output description.

Checked on the loan and insurance hosts; the wordings are our own.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend

from .routing import INSURANCE, LOAN, route

ROUTER = RouterBackend()
HOSTS = {"loan": (LOAN, 214, "rejected", "approved"), "insurance": (INSURANCE, 5120, "surcharge", "standard")}

MEANING = [
    "it gave 0.72 for {n} - 72 percent of what exactly?",
    "the model said 0.58 for {n}; 58 % of what?",
    "the model says 0.64 for {n}. is that a chance of being {label}, or something else?",
    "Is a 90% score a probability of {label}, or just how confident the model is?",
    "would '{label}' include somebody who cancelled halfway through?",
    "Is '{label}' the highest level, or is there a 'severe' level above it?",
]


@pytest.mark.parametrize("host", sorted(HOSTS))
@pytest.mark.parametrize("form", MEANING)
def test_a_question_about_what_an_output_means_gets_the_output_description(host, form):
    schema, n, label, _ = HOSTS[host]
    question, calls = route(ROUTER, form.format(n=n, label=label), schema)
    assert question == ""
    assert calls == [("get_output_information", {})]


@pytest.mark.parametrize("host", sorted(HOSTS))
def test_a_reason_asked_about_a_reported_score_stays_an_explanation(host):
    schema, n, _, _ = HOSTS[host]
    _, calls = route(ROUTER, f"it says 0.81 for {n}, why is it that sure?", schema)
    assert [name for name, _ in calls] == ["get_local_explanation"]


@pytest.mark.parametrize("host", sorted(HOSTS))
def test_a_word_right_before_the_id_still_names_the_instance(host):
    schema, n, _, _ = HOSTS[host]
    _, calls = route(ROUTER, f"and for customer {n}", schema)
    assert calls and calls[0][1] == {"instance": n}
