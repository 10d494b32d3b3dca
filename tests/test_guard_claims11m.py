"""The guard's claims-11m recall readings, from the misses of the DEV writer g7 (customer-facing plain words):
each is a plain way of saying a claim the guard did not read, now read on every host, so a pair of replies tells
it apart (the faithful one passes, the unfaithful one is flagged). A kept range's bound said as a side ("stays
under 27.2"), a label after "marks / counts ... as", the number of labels in words ("one of two outcomes"), a
label qualified by an adverb in a list of labels, a feature's acronym spelled out ("body mass index" for bmi), the
subject's age ("he's 36", "a 36-year-old"), the predicted label set off after "the predicted label", said as a verb
("will progress") or after the subject's possessive, "tip the model over to X", an amount between a verb of push
and its way ("pulls about 0.25 towards X"), "pushed that way too", "adds the most", a push in points, and an edit
"from 'A' to 'B'" the wrong way round. The subjects and wordings are this file's own (not g7's).
"""

import pytest

DEMO_STILL = ("explain_how_to_still_be_this", {"instance": 12})
LOAN_STILL = ("explain_how_to_still_be_this", {"instance": 120})
REVIEW_PREDICTION = ("get_prediction", {"instance": 20})
REVIEW_LOCAL = ("get_local_explanation", {"instance": 20})
REVIEW_WHAT_IF = ("explain_what_if", {"instance": 20, "changes": {"best": "worst"}})
LOAN_OUTPUTS = ("get_output_information", {})
LOAN_LOCAL = ("get_local_explanation", {"instance": 120})
INSURANCE_LOCAL = ("get_local_explanation", {"instance": 5010})
INSURANCE_PREDICTION = ("get_prediction", {"instance": 5010})
DEMO_PREDICTION = ("get_prediction", {"instance": 12})
DEMO_WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})
DEMO_SMALL_WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 24}})

CASES = [
    # a kept range's bound said as a side of today's value (bmi 23.7 kept in 18.0-27.2; credit score 642 in 531-850)
    ("demo", *DEMO_STILL, True, "Patient 12 stays stable as long as the body mass index stays under 27.2."),
    ("demo", *DEMO_STILL, False, "Patient 12 stays stable as long as the body mass index stays above 27.2."),
    ("loan", *LOAN_STILL, True, "Applicant 120 keeps the approval while the credit score is at least 531."),
    ("loan", *LOAN_STILL, True, "For applicant 120 the credit score must not fall below 531."),
    ("loan", *LOAN_STILL, False, "For applicant 120 the credit score has to remain below 531."),
    # a kept range said to leave no room one way (bmi may go from 18.0 to 27.2 around 23.7)
    ("demo", *DEMO_STILL, True, "For patient 12 the body mass index can rise to 27.2 or fall to 18 and stay stable."),
    ("demo", *DEMO_STILL, False, "For patient 12 the body mass index cannot go up at all without a flip."),
    # a label after a verb of labelling and "as"
    ("sentiment", *REVIEW_PREDICTION, True, "The model counts review 20 as positive, at about 90 percent."),
    ("sentiment", *REVIEW_PREDICTION, False, "The model tags review 20 as enthusiastic, at about 90 percent."),
    # a list after "as" is read as a list of labels (here: every item a label), not as one slot
    ("sentiment", *REVIEW_PREDICTION, True, "Such a model labels a review as positive or negative."),
    # the number of labels in words; a label qualified by an adverb in a list of labels
    ("loan", *LOAN_OUTPUTS, True, "Each applicant gets one of two outcomes: approved or rejected."),
    ("loan", *LOAN_OUTPUTS, False, "Each applicant gets one of four outcomes: approved, rejected and two more."),
    ("loan", *LOAN_OUTPUTS, False, "The model can answer approved, rejected, or provisionally approved."),
    # a feature's acronym spelled out, and the subject's age (bmi 24.0, age 36)
    ("insurance", *INSURANCE_LOCAL, True, "For policyholder 5010 the body mass index of 24 matters most."),
    ("insurance", *INSURANCE_LOCAL, False, "For policyholder 5010 the body mass index of 36 matters most."),
    ("insurance", *INSURANCE_PREDICTION, True, "Policyholder 5010, a 36-year-old non-smoker, is standard."),
    ("insurance", *INSURANCE_PREDICTION, True, "Policyholder 5010 is standard at 90 percent; he's 36."),
    ("insurance", *INSURANCE_PREDICTION, False, "Policyholder 5010 is standard at 90 percent; he's 63."),
    # the predicted label set off after its name, as a verb, or after the subject's possessive
    ("sentiment", *REVIEW_LOCAL, True, "'best' adds about 0.25 towards the predicted label, positive."),
    ("sentiment", *REVIEW_LOCAL, False, "'best' adds about 0.25 towards the predicted label, negative."),
    ("demo", *DEMO_PREDICTION, False, "The model predicts patient 12 will progress, with about 79 percent."),
    ("insurance", *INSURANCE_PREDICTION, True, "Policyholder 5010's standard premium is safe at 90 percent."),
    ("insurance", *INSURANCE_PREDICTION, False, "Policyholder 5010's surcharge is safe at 90 percent."),
    # "tip the model over to X" is an outcome
    ("demo", *DEMO_WHAT_IF, True, "A body mass index of 30 would tip the model over to progressing for patient 12."),
    (
        "demo",
        *DEMO_SMALL_WHAT_IF,
        False,
        "A body mass index of 24 would tip the model over to progressing for patient 12.",
    ),
    # an amount between a verb of push and its way; "that way too"; "adds the most"
    ("sentiment", *REVIEW_LOCAL, True, "In review 20, 'best' pulls about 0.25 towards positive."),
    ("sentiment", *REVIEW_LOCAL, False, "In review 20, 'best' pulls about 0.25 towards negative."),
    (
        "insurance",
        *INSURANCE_LOCAL,
        True,
        "For policyholder 5010 the bmi of 24 pushed towards standard, and the age of 36 pushed that way too.",
    ),
    (
        "insurance",
        *INSURANCE_LOCAL,
        False,
        "For policyholder 5010 the bmi of 24 pushed towards standard, and the claims of 4.24 pushed that way too.",
    ),
    ("loan", *LOAN_LOCAL, True, "For applicant 120 the debt-to-income ratio adds the most, ahead of the loan amount."),
    ("loan", *LOAN_LOCAL, False, "For applicant 120 the loan amount adds the most, ahead of the debt-to-income ratio."),
    # a push in points (a forest's contribution in probability, times 100)
    ("loan", *LOAN_LOCAL, True, "For applicant 120 the loan amount of 45.3 adds about 6 points to the approval."),
    ("loan", *LOAN_LOCAL, False, "For applicant 120 the loan amount of 45.3 adds about 14 points to the approval."),
    # an edit from one word to another, in order
    ("sentiment", *REVIEW_WHAT_IF, True, 'Going from "best" to "worst" turns review 20 negative.'),
    ("sentiment", *REVIEW_WHAT_IF, False, 'Going from "worst" to "best" turns review 20 negative.'),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims11m_readings(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


def test_a_bound_that_is_no_end_of_the_kept_range_is_not_read():
    """A number the kept range does not end at may be a value said for another reason: not a bound's claim."""
    from simxai.guard._plain import bound_claims
    from simxai.guard._reading import find_mentions

    kept = {"bmi": (18.0, 23.7, 27.2)}

    def mentions(text):
        return [(m, "bmi") for m in find_mentions(text, ["bmi"])]

    assert list(bound_claims("It holds while bmi stays below 25.", kept, mentions)) == []
    assert list(bound_claims("It holds while bmi stays below 18.", kept, mentions)) == [("kept bmi below 18", False)]
    assert list(bound_claims("It holds while bmi stays above 18.", kept, mentions)) == [("kept bmi above 18", True)]


def test_a_spelled_out_acronym_needs_every_word():
    """Only a run of words whose initials spell the feature, none of them a small word, names it."""
    from simxai.guard._plain import acronym_aliases

    found = acronym_aliases(
        "Her body mass index is low; high-density lipoprotein is fine.", ["bmi", "hdl", "age"], set()
    )
    assert found == {"bmi": ["body mass index"], "hdl": ["high-density lipoprotein"]}
    assert acronym_aliases("a good example of the body and mind", ["bmi", "age"], set()) == {}


def test_the_version_names_the_plain_english_readings():
    from simxai.guard import GUARD_VERSION

    assert (
        GUARD_VERSION == "claims-56"
    )  # claims-11m's readings, g8's (claims-12n), then 13o, 13p and 14-56 of later helpers
