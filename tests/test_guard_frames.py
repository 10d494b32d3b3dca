"""A reply framed as someone's words ('Radio host: "..."') is read as the reply itself: its claims are checked as
prose and the frame's quotes are no quotation the outputs must hold. Subjects and wordings are this file's own
(demo patient 12: stable at 78.6 %; loan applicant 12: approved at 78.0 %; sentiment review 3 and its text).
"""

import pytest

from simxai.guard._frames import without_frame

DEMO = ("get_prediction", {"instance": 12})
LOAN = ("get_prediction", {"instance": 12})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        ("demo", *DEMO, True, 'Radio host: "Patient 12 comes out stable, at about 78.6 percent."'),
        ("loan", *LOAN, True, 'Ship\'s log, applicant 12: "approved, seventy-eight percent, all told."'),
        # the claims inside the frame are still checked
        ("demo", *DEMO, False, 'Radio host: "Patient 12 comes out progressing, at about 78.6 percent."'),
        ("loan", *LOAN, False, 'Ship\'s log, applicant 12: "approved, sixty-one percent, all told."'),
    ],
)
def test_a_framed_reply_is_checked_as_the_reply(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("reply", "unwrapped"),
    [
        ('Podcast: "two labels, stable and progressing."', "Podcast: two labels, stable and progressing."),
        (
            "Yearbook, patient 204 — “most influential: age, then hdl.”",
            "Yearbook, patient 204 — most influential: age, then hdl.",
        ),
        # a quotation inside a sentence, a lead too long to be a speaker, or a short quoted text stay as they are
        ('The review "Terrible customer service" is predicted negative.', None),
        ('The model predicts negative for the review that says: "never again, awful."', None),
        ('Review: "Awful!"', None),
    ],
)
def test_only_a_whole_reply_in_quotes_after_a_short_lead_is_a_frame(reply, unwrapped):
    assert without_frame(reply) == (reply if unwrapped is None else unwrapped)


LOAN_1321 = ("get_prediction", {"instance": 1321})  # approved at 71.0 %
PERFORMANCE = ("get_model_performance", {"metric": "all"})  # loan: acc 0.770, P 0.788, R 0.664; sentiment 0.900,
# 0.914, 0.883
REVIEW_3 = ("get_prediction", {"instance": 3})  # "Broke after two days of light use.": negative at 71.1 %


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a number spoken as ids and prices are, its hundreds before its tens, is one number
        ("loan", *LOAN_1321, True, "Thirteen twenty-one gets approved, seventy-one percent or so."),
        ("loan", *LOAN_1321, False, "Thirteen twenty-one gets approved, sixty-one percent or so."),
        # P and R beside other metrics are precision and recall
        ("loan", *PERFORMANCE, True, "board | acc 0.770 | P 0.788 | R 0.664 | AUC 0.879"),
        ("loan", *PERFORMANCE, False, "board | acc 0.770 | P 0.664 | R 0.788 | AUC 0.879"),
        ("sentiment", *PERFORMANCE, True, "acc=0.90, P=0.914, R=0.883, F1 0.898"),
        ("sentiment", *PERFORMANCE, False, "acc=0.90, P=0.883, R=0.914, F1 0.898"),
        # a quoted text a text model's input does not hold is flagged, the input's own text is not
        ("sentiment", *REVIEW_3, True, 'The review "Broke after two days of light use." comes out negative.'),
        ("sentiment", *REVIEW_3, False, 'The review "Broke after two weeks of heavy use." comes out negative.'),
    ],
)
def test_spoken_numbers_and_metric_letters(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report
