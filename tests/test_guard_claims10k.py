"""The guard's claims-10 recall mechanisms, from the misses of the DEV writers g4, g5 and g6 (unfaithful replies
the guard passed): each is a place or a binding the guard did not read, now read on every host, so a pair of
replies tells it apart (the faithful one passes, the unfaithful one is flagged): a feature's summary statistic said
by name is that statistic ("an average of 50.2" is the mean, not any number of the feature); an ordinal after a
verb of rank ("age sits fourth") is a rank; feature places of names of several words (an alternative change, a
feature free to change, one the model weighs, a ranking's neighbour or list, the subjects of "barely matter", "with
a lower X"); a subject that "sits at" a label, a text "read as" a label, a bold label of several words after a
prediction verb, a label after a verb of change and its subject ("gets applicant 120 rejected"); "swapping 'A' for
'B'" as an edit; a signed amount "towards" a label as a direction; a long plural name in the singular; a label
glossed with the other label's meaning; a ranking said as a chain ("A, then B, then C") or "in that order". The
wordings are this file's own.
"""

import pytest

from simxai.guard import GUARD_VERSION

LOAN_DATA = ("get_data_information", {"feature": "income"})
INSURANCE_DATA = ("get_data_information", {"feature": "age"})
DEMO_HDL = ("get_data_information", {"feature": "hdl"})
INSURANCE_GLOBAL = ("get_global_explanation", {})
LOAN_GLOBAL = ("get_global_explanation", {})
INSURANCE_STILL = ("explain_how_to_still_be_this", {"instance": 5010})
LOAN_CF = ("explain_how_to_be_that", {"instance": 120})
DEMO_PREDICTION = ("get_prediction", {"instance": 12})
REVIEW_PREDICTION = ("get_prediction", {"instance": 20})
REVIEW_CF = ("explain_how_to_be_that", {"instance": 4})
REVIEW_LOCAL = ("get_local_explanation", {"instance": 20})
REVIEW_WHAT_IF = ("explain_what_if", {"instance": 20, "changes": {"best": "worst"}})
LOAN_WHAT_IF = ("explain_what_if", {"instance": 120, "changes": {"debt_to_income": 0.45}})
DEMO_GLOBAL = ("get_global_explanation", {})
DEMO_WHY_NOT = ("explain_why_not", {"instance": 12})
LOAN_OUTPUTS = ("get_output_information", {})
DEMO_WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})

CASES = [
    # a statistic said by name is that statistic of the feature named before it
    ("loan", *LOAN_DATA, True, "Income spans 12 to 189.4; its mean is about 50.2 and its standard deviation 26.6."),
    ("loan", *LOAN_DATA, False, "Income spans 12 to 189.4; its mean is about 26.6 and its standard deviation 50.2."),
    ("insurance", *INSURANCE_DATA, True, "For age the average sits at 49.5, with a standard deviation of 17.9 years."),
    ("insurance", *INSURANCE_DATA, False, "For age the average sits at 17.9, with a standard deviation of 17.9 years."),
    # a number said of one label's rows is no statistic of the whole data
    ("demo", *DEMO_HDL, True, "hdl has a mean of 49.8 overall, and a mean of 45.3 for progressing patients."),
    # an ordinal after a verb of rank
    ("insurance", *INSURANCE_GLOBAL, True, "Overall bmi leads, age comes second and annual claims sits fourth."),
    ("insurance", *INSURANCE_GLOBAL, False, "Overall bmi leads, smoker comes second and age sits fourth."),
    # names of several words in a feature's place: none of them is the host's
    ("insurance", *INSURANCE_STILL, True, "5010 stays standard; the doctor visits could also vary freely."),
    ("insurance", *INSURANCE_STILL, False, "5010 stays standard; the gym membership could also vary freely."),
    ("loan", *LOAN_CF, True, "Raising debt_to_income from 0.17 to 0.33 makes applicant 120 rejected."),
    (
        "loan",
        *LOAN_CF,
        False,
        "Raising debt_to_income from 0.17 to 0.33 makes applicant 120 rejected. Adjusting the savings balance, too.",
    ),
    ("demo", *DEMO_PREDICTION, True, "Patient 12 is stable. Something else that weighs in is the glucose, at 81."),
    ("demo", *DEMO_PREDICTION, False, "Patient 12 is stable. Something else that weighs in is the resting pulse."),
    ("insurance", *INSURANCE_GLOBAL, True, "Annual claims ranks fourth, narrowly ahead of doctor visits."),
    ("insurance", *INSURANCE_GLOBAL, False, "Annual claims ranks fourth, narrowly ahead of gym attendance."),
    ("loan", *LOAN_GLOBAL, True, "credit_score leads, followed by debt_to_income, loan_amount and income."),
    ("loan", *LOAN_GLOBAL, False, "credit_score leads, followed by debt_to_income, loan_amount and favourite colour."),
    # a subject that sits at a label, a text read as a label, a bold label of several words
    ("demo", *DEMO_PREDICTION, True, "At the moment patient 12 sits at **stable**."),
    ("demo", *DEMO_PREDICTION, False, "At the moment patient 12 sits at **progressing**."),
    ("sentiment", *REVIEW_PREDICTION, True, 'It reads review 20 — "Honestly the best purchase." — as **positive**.'),
    ("sentiment", *REVIEW_PREDICTION, False, 'It reads review 20 — "Honestly the best purchase." — as **negative**.'),
    ("sentiment", *REVIEW_PREDICTION, False, 'It reads review 20 — "Honestly the best purchase." — as **mixed**.'),
    ("sentiment", *REVIEW_PREDICTION, False, "Review 20 is predicted **mildly positive**, at 90.1 %."),
    # a signed amount "towards" a label is a direction
    ("sentiment", *REVIEW_LOCAL, True, "Here 'best' contributes +0.245 towards positive."),
    ("sentiment", *REVIEW_LOCAL, False, "Here 'best' contributes +0.245 towards negative."),
    # a label after a verb of change and its subject ("gets applicant 120 rejected", "review 20 turns negative")
    ("loan", *LOAN_WHAT_IF, True, "Raising debt_to_income to 0.45 gets applicant 120 rejected."),
    ("loan", *LOAN_WHAT_IF, False, "Raising debt_to_income to 0.45 gets applicant 120 approved."),
    ("loan", *LOAN_WHAT_IF, False, "Raising debt_to_income to 0.45 moves applicant 120 to approved."),
    ("sentiment", *REVIEW_WHAT_IF, True, "With 'worst' in place of 'best', review 20 turns negative."),
    ("sentiment", *REVIEW_WHAT_IF, False, "With 'worst' in place of 'best', review 20 becomes positive."),
    # the subjects of "barely matter" listed with a feature; a change joined to another with "a lower X"
    ("demo", *DEMO_GLOBAL, True, "At the bottom, sex and glucose barely matter."),
    ("demo", *DEMO_GLOBAL, False, "At the bottom, sex and waist circumference barely matter."),
    ("demo", *DEMO_GLOBAL, True, "The remaining measurements and sex barely matter."),
    ("demo", *DEMO_WHY_NOT, False, "It would take a higher bmi, together with a lower resting pulse rate, to flip it."),
    # a long plural feature name said in the singular is that feature
    ("demo", *DEMO_PREDICTION, True, "Patient 12 is stable; the triglyceride level is 4.304."),
    ("demo", *DEMO_PREDICTION, False, "Patient 12 is stable; the triglyceride level is 62."),
    # a label glossed with the words of the other label's meaning
    (
        "loan",
        *LOAN_OUTPUTS,
        True,
        "Two outcomes. **approved** stands for the bank grants the loan; **rejected**: it turns it down.",
    ),
    ("loan", *LOAN_OUTPUTS, False, "Two outcomes. **rejected** stands for the bank grants the loan."),
    ("loan", *LOAN_OUTPUTS, True, "**approved** stands for the bank granting the loan and rejected its refusal."),
    # a change said with both ends takes its way from them, not from a later verb about the probability
    ("demo", *DEMO_WHAT_IF, True, "Changing bmi from 23.7 to 30 makes the model less sure."),
    ("demo", *DEMO_WHAT_IF, False, "Changing bmi from 30 to 23.7 makes the model less sure."),
    ("demo", *DEMO_WHY_NOT, False, "To get progressing:\n- lower bmi from 23.7 to 27.3\nThen it says progressing."),
    # a ranking said as a chain after a cue of the first place, or a list "in that order"
    (
        "loan",
        *LOAN_GLOBAL,
        True,
        "The model mainly uses credit_score (0.153), followed by debt_to_income and then income.",
    ),
    (
        "loan",
        *LOAN_GLOBAL,
        False,
        "The model mainly uses credit_score (0.153), followed by income and then debt_to_income.",
    ),
    ("loan", *LOAN_GLOBAL, True, "The top three are credit_score, debt_to_income and loan_amount, in that order."),
    ("loan", *LOAN_GLOBAL, False, "The top three are credit_score, loan_amount and debt_to_income, in that order."),
    # "swapping 'A' for 'B'": A goes, B comes in
    ("sentiment", *REVIEW_CF, True, "Trading 'enjoyed' for 'hated' turns review 4 negative."),
    ("sentiment", *REVIEW_CF, False, "Trading 'hated' for 'enjoyed' turns review 4 negative."),
]


def test_the_version_names_the_claims10_checks():
    # claims-10 or a later round (cached evaluations of the guard are keyed by it)
    assert (
        GUARD_VERSION.startswith("claims-")
        and int(GUARD_VERSION.split("-")[1].rstrip("abcdefghijklmnopqrstuvwxyz")) >= 10
    )


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims10k_mechanisms(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


def test_a_direction_in_a_reply_about_two_subjects_holds_when_it_is_either_subjects(hosts):
    """Two patients' explanations (bmi pushes patient 12 towards stable, patient 30 away from it): a sentence that
    binds no direction to a subject the guard reads is checked against both, flagged only when neither has it."""
    from simxai.functions import default_registry
    from simxai.guard import Vocabulary, check_claims
    from simxai.results import result_payload

    local = default_registry().get("get_local_explanation")
    outputs = [result_payload(local(hosts["demo"], {"instance": i})) for i in (12, 30)]
    vocabulary = Vocabulary.for_schema(hosts["demo"].schema())
    said = "bmi cuts both ways: for 12 it pushes towards stable, for 30 it pushes towards progressing."
    assert check_claims(said, outputs, vocabulary=vocabulary).passed
    one_way = "For both, bmi pushes towards progressing."
    assert check_claims(one_way, outputs, vocabulary=vocabulary).passed  # one of them: not sure it is wrong
    report = check_claims("bmi pushes towards progressing.", outputs[:1], vocabulary=vocabulary)
    assert not report.passed, report
