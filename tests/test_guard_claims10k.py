"""The guard's claims-10 recall mechanisms, from the misses of the DEV writers g4 and g5 (unfaithful replies the
guard passed): each is a place or a binding the guard did not read, now read on every host, so a pair of replies
tells it apart (the faithful one passes, the unfaithful one is flagged): a feature's summary statistic said by name
is that statistic ("an average of 50.2" is the mean, not any number of the feature); an ordinal after a verb of
rank ("age sits fourth") is a rank; feature places of names of several words (an alternative change, a feature
free to change, one the model weighs, a ranking's neighbour or list); a subject that "sits at" a label, a text
"read as" a label, and a bold label of several words after a prediction verb; "swapping 'A' for 'B'" as an edit.
The wordings are this file's own, not the DEV sets'.
"""

import pytest

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

CASES = [
    # a statistic said by name is that statistic of the feature named before it
    ("loan", *LOAN_DATA, True, "Income runs from 12 to 189.4; its mean is about 50.2 and its standard deviation 26.6."),
    ("loan", *LOAN_DATA, False, "Income runs from 12 to 189.4; its mean is about 26.6 and its standard deviation 50.2."),
    ("insurance", *INSURANCE_DATA, True, "For age the average sits at 49.5, with a standard deviation of 17.9 years."),
    ("insurance", *INSURANCE_DATA, False, "For age the average sits at 17.9, with a standard deviation of 17.9 years."),
    # a number said of one label's rows is no statistic of the whole data
    ("demo", *DEMO_HDL, True, "hdl has a mean of 49.8 overall, and a mean of 45.3 for progressing patients."),
    # an ordinal after a verb of rank
    ("insurance", *INSURANCE_GLOBAL, True, "Overall bmi leads, age comes second and annual claims sits fourth."),
    ("insurance", *INSURANCE_GLOBAL, False, "Overall bmi leads, smoker comes second and age sits fourth."),
    # names of several words in a feature's place: none of them is the host's
    ("insurance", *INSURANCE_STILL, True, "Policyholder 5010 stays standard; the doctor visits could also vary freely."),
    ("insurance", *INSURANCE_STILL, False, "Policyholder 5010 stays standard; the gym membership could also vary freely."),
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
    # "swapping 'A' for 'B'": A goes, B comes in
    ("sentiment", *REVIEW_CF, True, "Trading 'enjoyed' for 'hated' turns review 4 negative."),
    ("sentiment", *REVIEW_CF, False, "Trading 'hated' for 'enjoyed' turns review 4 negative."),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims10k_mechanisms(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report
