"""The guard's claims-14 binding rule: a feature's number flags only when its binding to that feature is sure.

A number bound to a feature only because that feature is the nearest name before it, past another number or a
clause break (`simxai.guard._binding`), is not compared when another field of the outputs holds it: the reply is
wrong only if the guess of its field is right. A close binding ("income = 81.7") and a loosely bound number that no
field holds are still flagged. An ordinal ("16th") is a place in an order, never a value, and a number before
"log-odds" is no probability. Subjects and wordings
are this file's own (loan applicant 12: income 17.3, loan_amount 81.7, credit_score 838 (+0.272), debt_to_income
0.43 (-0.140); demo patient 12: bmi 23.7, blood_pressure 92).
"""

import pytest

from simxai.guard._binding import LOOSE

LOAN_LOCAL = ("get_local_explanation", {"instance": 12})
DEMO_LOCAL = ("get_local_explanation", {"instance": 12})
DEMO_WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})
REVIEWS_GLOBAL = ("get_global_explanation", {})

CASES = [
    # a loosely bound number another field holds: not compared ("amount borrowed" is no name the host knows)
    ("loan", *LOAN_LOCAL, True, "Applicant 12's income is modest at 17.3, whereas the amount borrowed is 81.7."),
    # ... and one no field holds is wrong under any binding
    ("loan", *LOAN_LOCAL, False, "Applicant 12's income is modest at 17.3, whereas the amount borrowed is 93.4."),
    # past a clause break and two numbers: another feature's push (owning a home, +0.026)
    (
        "loan",
        *LOAN_LOCAL,
        True,
        "Applicant 12 is approved mostly on the credit score of 838, which adds about 0.27; owning a home adds 0.03.",
    ),
    # close bindings still flag a swap: beside its name, or the second end of a pair the name opens
    ("loan", *LOAN_LOCAL, False, "For applicant 12, income = 81.7 and loan_amount = 17.3."),
    (
        "loan",
        *LOAN_LOCAL,
        False,
        "Applicant 12's credit score of 838 adds about 0.27 on its own; the loan term adds 0.14.",
    ),
    ("demo", *DEMO_WHAT_IF, False, "Moving bmi from 23.7 to 92 would flip patient 12."),
    ("demo", *DEMO_WHAT_IF, True, "Moving bmi from 23.7 to 30 would flip patient 12 to progressing."),
    # a number before "log-odds" is a contribution, not a probability of the label after it (hdl +0.659)
    ("demo", *DEMO_LOCAL, True, "For patient 12, hdl (62) adds another +0.66 log odds towards stable."),
    ("demo", *DEMO_LOCAL, False, "For patient 12, hdl (62) adds another +0.86 log-odds towards stable."),
    # an ordinal is a rank, not a value of the word
    ("sentiment", *REVIEWS_GLOBAL, True, "Across the reviews, 'love' leads, 'dull' is 6th and 'ugly' only comes 16th."),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims14_binding(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


def test_a_number_before_log_odds_is_the_feature_s(check_reply):
    report = check_reply("demo", *DEMO_LOCAL, "For patient 12, hdl (62) adds another +0.86 log-odds towards stable.")
    assert report.unsupported == ["number 0.86 (hdl)"], report


def test_a_loose_binding_is_listed_as_unchecked_with_its_reason(check_reply):
    report = check_reply("loan", *LOAN_LOCAL, "Applicant 12's income is low at 17.3, while the sum lent is 81.7.")
    assert report.passed and not report.unsupported, report
    assert any(u.startswith("number 81.7 (income)") and "bound loosely" in u for u in report.unchecked), report


def test_every_mechanism_still_records_a_loose_binding(hosts):
    from simxai.functions import default_registry
    from simxai.guard import Vocabulary, check_claims
    from simxai.results import result_payload

    registry = default_registry()
    loan = hosts["loan"]
    payload = result_payload(registry.get("get_local_explanation")(loan, {"instance": 12}))
    reply = "Applicant 12's income is low at 17.3, while the sum lent is 81.7."
    vocabulary = Vocabulary.for_schema(loan.schema(), registry.names())
    report = check_claims(reply, [payload], vocabulary=vocabulary, every_mechanism=True)
    assert report.unsupported == ["number 81.7 (income)"], report
    assert report.mechanisms["number 81.7 (income)"].endswith(LOOSE)


async def test_a_faithful_reply_with_a_loose_binding_is_not_regenerated(loan_host):
    from simxai.agent import Agent
    from simxai.backends.testing import ScriptedBackend, call

    reply = "Applicant 12 is approved. Its income is modest at 17.3, whereas the amount borrowed is 81.7."
    backend = ScriptedBackend([call("get_local_explanation", instance=12), reply])
    turn = await Agent(loan_host, backend).run_turn("why is applicant 12 approved?")
    backend.assert_complete()
    assert turn.faithfulness.passed and not turn.faithfulness.regenerated, turn.faithfulness
    assert turn.reply == reply


async def test_an_unfaithful_loosely_bound_number_is_still_caught(loan_host):
    from simxai.agent import Agent
    from simxai.backends.testing import ScriptedBackend, call

    reply = "Applicant 12 is approved. Its income is modest at 17.3, whereas the amount borrowed is 93.4."
    backend = ScriptedBackend([call("get_local_explanation", instance=12), reply, reply])
    turn = await Agent(loan_host, backend).run_turn("why is applicant 12 approved?")
    backend.assert_complete()
    assert "number 93.4 (income)" in turn.faithfulness.unsupported, turn.faithfulness
    assert turn.faithfulness.regenerated and turn.faithfulness.fallback_used


@pytest.mark.parametrize(
    ("sentence", "feature", "loose"),
    [
        ("the income is low at 12, while the requested amount is fairly large at 169", "income", True),
        ("income = 169", "income", False),
        ("income is low, at 169 this year", "income", False),
        ("income went from 12 to 169", "income", False),
        ("income (12) and then there is 169", "income", True),
        ("income is 12; at 169 it flips", "income", True),
        ("a wet month, 36.7 mm", "rainfall_mm", False),
        ("with income at 12, a 169-year-old", "age", False),
    ],
)
def test_a_binding_is_loose_past_another_number_or_a_clause_break(sentence, feature, loose):
    from simxai.guard._binding import number_mechanism
    from simxai.guard._reading import numbers
    from simxai.guard._state import _Names

    features = {"income": "income", "rainfall_mm": "rainfall_mm", "age": "age", "loan amount": "loan_amount"}
    names = _Names(labels=["approved", "rejected"], features=features, quoted_only=set(), metrics={})
    claim = [c for c in numbers(sentence) if c.value in (169, 36.7)][-1]
    via = number_mechanism(names, [("feature", feature, 0)], False, sentence, 0, claim, {169.0, 36.7})
    assert via.endswith(LOOSE) is loose, via
