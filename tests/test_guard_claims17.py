"""The guard's claims-17 changes (helper guard17): one reader of the explainer a reply names, and readings that
go to `unchecked` where the guard cannot be sure what a number is of. Subjects and wordings are this file's own
(demo patient 12: stable at 78.6 %; loan applicant 12: approved; the demo's, the loan's and the reviews' global
rankings, all explained with SHAP).
"""

import pytest

DEMO_GLOBAL = ("get_global_explanation", {})
LOAN_GLOBAL = ("get_global_explanation", {})
REVIEW_GLOBAL = ("get_global_explanation", {})
LOAN_LOCAL = ("get_local_explanation", {"instance": 12})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        ("demo", *DEMO_GLOBAL, True, "These are SHAP values averaged over the patients; bmi comes second."),
        ("demo", *DEMO_GLOBAL, False, "LIME's weights put bmi second among the patients' features."),
        ("loan", *LOAN_GLOBAL, True, "Averaged Shapley values put credit_score first, not LIME weights."),
        ("loan", *LOAN_GLOBAL, False, "The forest's Gini importances rank credit_score first."),
        ("loan", *LOAN_LOCAL, False, "Integrated gradients give applicant 12's credit_score the biggest push."),
        ("sentiment", *REVIEW_GLOBAL, False, "Measured by permutation importance, 'love' leads the words."),
    ],
)
def test_one_reader_of_the_explainer(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report
    readers = {m for m in report.mechanisms.values() if "explainer" in m or "method" in m}
    # an explainer the outputs do not name is one claim of one reader, never two readers' claims of one word
    assert readers <= {"explainer_claims (explainer)"}, report.mechanisms
    if not faithful:
        assert len([c for c in report.unsupported if c.startswith("explainer ")]) == 1, report
