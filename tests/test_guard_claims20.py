"""The guard's claims-20 changes (helper guard20): counts said of one cell of a confusion matrix are checked against
that cell. Subjects and wordings are this file's own (loan, held-out split of 300: approved 142 right and 24 called
rejected, rejected 45 called approved and 89 right, rejected the positive class; insurance, 120 held out: standard
19 right and 16 called surcharge, surcharge 3 called standard and 82 right, surcharge the positive class).
"""

import pytest

from tests.guard.helpers import row_subject

PERFORMANCE = ("get_model_performance", {"metric": "all"})


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        # a true class and a class it was called: that cell
        (
            "loan",
            True,
            "Of 300, 45 rejected ones were wrongly called approved; 24 approved ones got labelled rejected.",
        ),
        (
            "loan",
            False,
            "Of 300, 24 rejected ones were wrongly called approved; 45 approved ones got labelled rejected.",
        ),
        ("insurance", True, "Over the 120 test policies, 16 standards were classed as surcharge."),
        ("insurance", False, "Over the 120 test policies, 3 standards were classed as surcharge."),
        # a verb of missing: the other of two classes; false alarms: negatives called positive
        ("insurance", True, "The model overlooks 3 surcharge policyholders and raises 16 false alarms."),
        ("insurance", False, "The model overlooks 16 surcharge policyholders and raises 3 false alarms."),
        ("loan", True, "Out of 300 it misclassifies 45 rejected applicants, and there are 24 false positives."),
        ("loan", False, "Out of 300 it misclassifies 24 rejected applicants, and there are 45 false positives."),
        # an adverb of error with one class: the other; of success: the same
        ("insurance", True, "Sixteen standard policies were wrongly flagged, while 82 surcharge cases were caught."),
        ("insurance", False, "Three standard policies were wrongly flagged, while 82 surcharge cases were caught."),
        ("loan", True, "142 approved applications came out right and 24 were mistakenly called rejected."),
        ("loan", False, "142 approved applications came out right and 45 were mistakenly called rejected."),
        ("loan", False, "89 approved applications were right."),
        # a class's whole before its count: "of the 134 rejected applicants, 89 were recognised"
        ("loan", True, "Of the 134 rejected applicants, 89 were recognised, and 45 slipped through."),
        ("loan", False, "Of the 134 rejected applicants, 45 were recognised."),
        # the two errors of two classes, in any order
        ("loan", True, "69 mistakes in all: 24 one way and 45 the other."),
        ("loan", False, "69 mistakes in all: 24 one way and 54 the other."),
        # a whole or a ratio is no cell's count
        ("loan", True, "Roughly one in three rejected applicants is missed (45 of 134)."),
        ("insurance", True, "Of the 19 standard ones it got right, none were flagged wrongly."),
    ],
)
def test_counts_of_confusion_cells(check_reply, host, faithful, reply):
    report = check_reply(host, *PERFORMANCE, reply)
    assert report.passed == faithful, report


def test_a_cell_needs_both_classes_said():
    """A count with one class and no verb of calling, missing or success says no cell (it is the count
    checks'), and a matrix of other classes binds nothing."""
    from simxai.guard._confusions import confusion_claims

    loan = (("approved", "rejected"), ((142.0, 24.0), (45.0, 89.0)), "rejected")
    assert list(confusion_claims("It saw 89 rejected applicants and 24 approved ones.", [loan])) == []
    said = list(confusion_claims("7 negatives called positive.", [loan]))
    assert said == []
    cells = dict(
        confusion_claims("It called 24 approved applicants rejected by mistake; 45 rejected were misread.", [loan])
    )
    assert cells == {"confusion 45 rejected called approved": True}


DEMO_WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})  # bmi 23.7 -> 30, stable 78.6 -> 48.2 %
LOAN_WHAT_IF = (
    "explain_what_if",
    {"instance": 12, "changes": {"credit_score": 600}},
)  # 838 -> 600, approved 78.0 -> 26.0 %


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a probability's move with its ends in the order of the what-if, or reversed
        ("demo", *DEMO_WHAT_IF, True, "With bmi at 30, stable slides from 78.6 % to 48.2 %."),
        ("demo", *DEMO_WHAT_IF, False, "With bmi at 30, stable climbs from 48.2 % to 78.6 %."),
        ("demo", *DEMO_WHAT_IF, True, "Progressing is now 0.518, up from 0.214."),
        ("demo", *DEMO_WHAT_IF, False, "Progressing is now 0.214, down from 0.518."),
        ("loan", *LOAN_WHAT_IF, True, "Approval odds: 78 → 26."),
        ("loan", *LOAN_WHAT_IF, False, "Approval odds: 26 → 78."),
        # a feature's change, old and new
        ("loan", *LOAN_WHAT_IF, True, "Moving credit_score from 838 to 600 turns the file rejected."),
        ("loan", *LOAN_WHAT_IF, False, "Moving credit_score from 600 to 838 turns the file rejected."),
        ("demo", *DEMO_WHAT_IF, False, "Taking bmi from 30 to 23.7 makes the patient progressing."),
        # the other class read the right way round is no swap (rejected 22.0 -> 74.0 %)
        ("loan", *LOAN_WHAT_IF, True, "Rejected goes from 22 % to 74 %."),
        (
            "demo",
            *DEMO_WHAT_IF,
            True,
            "At a bmi of 30 rather than 23.7 the patient becomes progressing.",
        ),
    ],
)
def test_ends_of_a_move(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


def _prediction(noun: str, subject: int, values: dict, label: str, probabilities: dict) -> dict:
    """A prediction payload of an invented host (the shape `get_prediction` returns)."""
    return {
        "kind": "prediction",
        "subject": row_subject(noun, subject, values),
        "label": label,
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": label,
    }


# A gym whose members renew or cancel, and a lender whose borrowers repay or default: classes that are verbs.
MEMBER = (
    _prediction(
        "member", 501, {"months_active": 14.0, "support_calls": 3.0}, "renews", {"renews": 0.812, "cancels": 0.188}
    ),
    ["renews", "cancels"],
    ["months_active", "support_calls"],
    "member",
)
BORROWER = (
    _prediction(
        "borrower",
        77,
        {"term_months": 36.0, "arrears_days": 12.0},
        "defaults_late",
        {"repays": 0.36, "defaults_late": 0.64},
    ),
    ["repays", "defaults_late"],
    ["term_months", "arrears_days"],
    "borrower",
)


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        (MEMBER, True, "Member 501 is predicted to renew, with an 81.2 % probability."),
        (MEMBER, False, "Member 501 is predicted to cancel, with an 81.2 % probability."),
        (MEMBER, False, "Member 501 is expected to renew, at 0.188."),
        (MEMBER, True, "The model predicts the member will renew (0.812)."),
        (BORROWER, True, "Borrower 77 is forecast to default late (0.64)."),
        (BORROWER, False, "Borrower 77 is forecast to repay (0.64)."),
        (BORROWER, False, "Borrower 77 is likely to default late, at 36 %."),
        # conditional or denied: no claim about today's prediction
        (MEMBER, True, "With fewer calls, member 501 would be predicted to cancel? No: it is renews at 81.2 %."),
        (BORROWER, True, "Borrower 77 is not expected to repay; defaults_late at 64 %."),
    ],
)
def test_class_said_as_a_verb(host, faithful, reply):
    from simxai.guard import Vocabulary, check_claims

    payload, labels, features, noun = host
    vocabulary = Vocabulary(labels=labels, features=features, instance_noun=noun)
    report = check_claims(reply, [payload], vocabulary=vocabulary)
    assert report.passed == faithful, report


DEMO_PREDICTION = ("get_prediction", {"instance": 12})  # stable at 78.6 %
LOAN_PREDICTION = ("get_prediction", {"instance": 12})  # approved at 78.0 %


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        ("demo", *DEMO_PREDICTION, True, "Patient 12: 78.6 % stable, so the model clearly leans towards stable."),
        ("demo", *DEMO_PREDICTION, False, "Patient 12: 78.6 % stable, so the model clearly leans towards progressing."),
        ("demo", *DEMO_PREDICTION, False, "For patient 12 it gives progressing the higher probability."),
        ("loan", *LOAN_PREDICTION, True, "Applicant 12 sits at 78.0 %, with approved far more likely than rejected."),
        ("loan", *LOAN_PREDICTION, False, "Applicant 12 sits at 78.0 %, with rejected far more likely than approved."),
        ("loan", *LOAN_PREDICTION, False, "Applicant 12: approved on paper, yet the model leans to rejection."),
        # denied, or a feature making a class more likely: no claim of the model's leaning
        (
            "loan",
            *LOAN_PREDICTION,
            True,
            "Applicant 12 is approved (78.0 %); the model does not lean towards rejection.",
        ),
        (
            "demo",
            *DEMO_PREDICTION,
            True,
            "Patient 12 is stable at 78.6 %; a higher bmi makes progressing more likely than stable.",
        ),
    ],
)
def test_class_the_model_leans_towards(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        # loan: precision 0.788, recall 0.664; insurance: precision 0.837, recall 0.965, AUC 0.917
        ("loan", True, "It is more careful than thorough: precision sits well above recall."),
        ("loan", False, "It is more thorough than careful: recall sits well above precision."),
        ("insurance", True, "Its recall is higher than its precision, and the AUC is 0.917."),
        ("insurance", False, "Its precision is higher than its recall, and the AUC is 0.917."),
        ("insurance", False, "Recall 0.965 and precision 0.837, so precision is the higher of the two."),
        ("loan", True, "Precision 0.788 and recall 0.664, so precision is the higher of the two."),
        # denied, or asked: no claim
        ("loan", True, "Recall is not above precision here."),
    ],
)
def test_two_metrics_compared(check_reply, host, faithful, reply):
    report = check_reply(host, *PERFORMANCE, reply)
    assert report.passed == faithful, report
