"""The guard's claims-19 changes (helper guard19): a number borrowed from a feature named before its segment is
not surely that feature's when its own segment has a subject the host has no name for, or when the feature was
named only as the whole of a share. Subjects and wordings are this file's own (demo patient 12: stable at 78.6 %,
triglycerides_log +0.777, hdl +0.659, bmi +0.352, sex -0.256; loan applicant 12: approved at 78.0 %,
credit_score +0.272, debt_to_income -0.140; insurance policyholder 5300: standard at 67.5 %, bmi +0.268,
age -0.200).
"""

import pytest

DEMO_LOCAL = ("get_local_explanation", {"instance": 12})
LOAN_LOCAL = ("get_local_explanation", {"instance": 12})
INSURANCE_LOCAL = ("get_local_explanation", {"instance": 5300})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # the number's segment has its own subject, a word the host does not know: the number is not surely the
        # feature's named before (another field's number is unchecked, not flagged)
        ("demo", *DEMO_LOCAL, True, "Besides triglycerides_log, the lipoprotein count adds 0.659."),
        ("loan", *LOAN_LOCAL, True, "Next to credit_score, the repayment burden takes −0.140."),
        ("insurance", *INSURANCE_LOCAL, True, "After bmi, the birthday tally takes −0.200."),
        # a number no field holds stays wrong whoever it is of
        ("demo", *DEMO_LOCAL, False, "Besides triglycerides_log, the lipoprotein count adds 0.612."),
        ("loan", *LOAN_LOCAL, False, "Next to credit_score, the repayment burden takes −0.418."),
        # a word of size or rank is no subject: the number is still the feature's
        ("demo", *DEMO_LOCAL, False, "Besides triglycerides_log, the largest push adds 0.659."),
        ("loan", *LOAN_LOCAL, False, "Next to credit_score, the biggest push takes −0.140."),
    ],
)
def test_segment_with_its_own_subject(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("segment_before", "before_name", "feature", "other"),
    [
        # a feature named as the whole a share is taken of does not own the number after the aside
        ("added ", "Good fats, 40 % of the ", "triglycerides_log", True),
        ("counted ", "Claims, 30 percent of all ", "bmi", True),
        # with no share before it, the feature named in the aside owns the number
        ("added ", "Good fats, the ", "triglycerides_log", False),
        # a word of the bound feature's own name, or a label, is no other subject
        ("the log ", "", "triglycerides_log", False),
        ("the approved ", "", "credit_score", False),
        ("the borrowers ", "", "credit_score", True),
    ],
)
def test_other_owner(segment_before, before_name, feature, other):
    from simxai.guard._own_subject import other_owner

    assert other_owner(segment_before, before_name, feature, ["approved", "rejected"]) == other


GLOBAL = ("get_global_explanation", {})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # first on one side: by importance among the features pushing that way, or by the size of the signed mean
        # contribution (sentiment's 'dull' pushes hardest towards negative; 'not' is more important but pushes
        # that way only a little on average)
        ("sentiment", *GLOBAL, True, "Of all words, 'dull' is the strongest negative one."),
        ("sentiment", *GLOBAL, True, "Of all words, 'not' is the strongest negative one."),
        ("sentiment", *GLOBAL, False, "Of all words, 'good' is the strongest negative one."),
        ("demo", *GLOBAL, True, "On average hdl is the strongest push towards progressing."),
        ("demo", *GLOBAL, False, "On average sex is the strongest push towards progressing."),
        ("loan", *GLOBAL, True, "On average income is the strongest push towards rejected."),
        ("loan", *GLOBAL, False, "On average loan_term is the strongest push towards rejected."),
    ],
)
def test_first_on_one_side(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a shared place holds for each of the features sharing it, from that place on
        ("demo", *GLOBAL, True, "Overall, bmi and blood_pressure share second place."),
        ("loan", *GLOBAL, True, "Overall, loan_amount and income are sharing third place."),
        ("insurance", *GLOBAL, True, "Overall, age and smoker are tied for second place."),
        ("demo", *GLOBAL, False, "Overall, bmi and sex share second place."),
        ("loan", *GLOBAL, False, "Overall, credit_score and income are sharing third place."),
        # a place said of one feature is still that feature's
        ("demo", *GLOBAL, False, "Overall, blood_pressure ranks second."),
    ],
)
def test_shared_place(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report
