"""The guard's claims-10 readings from new writers' false alarms (DEV sets g4 and g5, issue 13), each a pair of
replies in our own wording (the faithful one passes, the unfaithful one is flagged, where the reading can flag):
the state "before the change"; a measure ("with a weight of 0.7") and the model's call ("leans on the decision") are
no names; "that alone moves the model to X" is the change's outcome; a share in its own segment after a feature is
the outcome's (or the label's named before it) probability; a result field's name is no feature; "the X class gets
N" gives X a share; a feature's plain names (a singular, a hyphenated alias, "smoking" for smoker); "among others"
ends a list; a word in quotes right before a feature's name; "taking the probability to N"; a number named as a
statistic ("an average of about 48.5") is that statistic.
"""

import pytest

FLIP_30 = ("explain_what_if", {"instance": 30, "changes": {"bmi": 31}})
PREDICT_3 = ("get_prediction", {"instance": 3})
LOAN_CF = ("explain_how_to_be_that", {"instance": 120})
LOAN_LOCAL = ("get_local_explanation", {"instance": 120})
LOCAL_64 = ("get_local_explanation", {"instance": 64})
POLICY_LOCAL = ("get_local_explanation", {"instance": 5020})
LOAN_DATA = ("get_data_information", {})
REVIEW_40 = ("get_local_explanation", {"instance": 40})
HDL_64 = ("explain_what_if", {"instance": 64, "changes": {"hdl": 39}})
REVIEW_11 = ("get_local_explanation", {"instance": 11})
REVIEW_SCORES = ("get_model_performance", {"metric": "all"})
GLOBAL = ("get_global_explanation", {})
POLICY_5010 = ("get_prediction", {"instance": 5010})
LOAN_WHY_NOT = ("explain_why_not", {"instance": 120})
AGE_DATA = ("get_data_information", {"feature": "age"})

CASES = [
    # before the change: the old probabilities
    ("demo", *FLIP_30, True, "Before the change the model said stable at 58.7 %; after it, progressing at 51.3 %."),
    ("demo", *FLIP_30, False, "Before the change the model said stable at 48.7 %; after it, progressing at 51.3 %."),
    # a measure of the push and the model's call are no invented names
    (
        "loan",
        *LOAN_LOCAL,
        True,
        "debt_to_income helps approval, with a weight of about 0.14; each factor leans on the decision.",
    ),
    (
        "loan",
        *LOAN_LOCAL,
        False,
        "debt_to_income helps approval, with a weight of about 0.14; savings lean on the decision too.",
    ),
    # "that alone moves the model to X" after a change: the outcome
    (
        "loan",
        *LOAN_CF,
        True,
        "The nearest fix: debt_to_income from 0.17 to 0.33. That by itself moves the model to rejected.",
    ),
    (
        "loan",
        *LOAN_CF,
        False,
        "The nearest fix: debt_to_income from 0.17 to 0.33. That by itself moves the model to approved.",
    ),
    # a share in its own segment after a feature: the outcome's probability, or the label's named before it
    ("loan", *LOAN_CF, True, "1. debt_to_income 0.17 → 0.33 (0.51)"),
    ("loan", *LOAN_CF, False, "1. debt_to_income 0.17 → 0.33 (0.61)"),
    ("demo", *FLIP_30, True, "If her bmi were 31, the probability of the new label would climb to 0.513."),
    ("demo", *FLIP_30, False, "If her bmi were 31, the probability of the new label would climb to 0.613."),
    ("loan", *LOAN_CF, True, "Moving debt_to_income to 0.33 would get rejected (probability 0.51)."),
    ("loan", *LOAN_CF, False, "Moving debt_to_income to 0.33 would still get approved (0.51)."),
    # a result field's name is no feature; an invented snake_case name still is
    ("demo", *PREDICT_3, True, "predicted_label: progressing (67.1 %)"),
    ("demo", *PREDICT_3, False, "waist_size: 90, predicted_label: progressing (67.1 %)"),
    # "the X class gets N": a share of X, not a prediction of X
    ("demo", *PREDICT_3, True, "It predicts progressing at 0.67; the stable class gets 0.33."),
    ("demo", *PREDICT_3, False, "It predicts progressing at 0.67; the stable class gets 0.67."),
    # plain names of features: a singular, a hyphenated alias, "smoking" for smoker
    ("demo", *LOCAL_64, True, "The triglyceride level (4.4308) is the top factor."),
    ("demo", *LOCAL_64, False, "The triglyceride level (4.4308) is the least important factor."),
    ("insurance", *POLICY_LOCAL, True, "Smoking status (yes) is the biggest factor, then body mass index."),
    # "among others" ends a list of inputs
    ("loan", *LOAN_DATA, True, "Its inputs include income, credit score and loan amount, among others."),
    ("loan", *LOAN_DATA, False, "Its inputs include income, credit score and hobbies, among others."),
    # a word in quotes right before a feature's name is part of how the feature is called
    ("demo", *LOCAL_64, True, 'Her "good" HDL cholesterol (49) pushes towards progressing.'),
    ("demo", *LOCAL_64, False, 'Her "good" HDL cholesterol (49) pushes towards stable.'),
    # "taking the probability from A to B": the model's output, not the word's contribution
    ("sentiment", *REVIEW_40, True, "'friendly' adds 0.247, taking the probability from 0.5 to 0.747."),
    ("sentiment", *REVIEW_40, False, "'friendly' adds 0.247, taking the probability from 0.5 to 0.847."),
    # "makes progressing more likely": the label's move, neither the change's way nor a probability of the values
    ("demo", *HDL_64, True, "Taking hdl from 49 to 39 makes progressing more likely: from about 30 % to 36.5 %."),
    ("demo", *HDL_64, False, "Taking hdl from 49 to 59 makes progressing more likely: from about 30 % to 36.5 %."),
    ("demo", *HDL_64, True, "Cutting hdl to 39 helps progressing: its chance climbs from about 30 % to 36.5 %."),
    ("demo", *HDL_64, False, "Raising hdl to 39 helps progressing: its chance climbs from about 30 % to 36.5 %."),
    # the size of a push against a label, said as a positive amount
    ("sentiment", *REVIEW_11, True, 'The word "worth" pulls it away from negative (by about 0.01).'),
    ("sentiment", *REVIEW_11, False, 'The word "worth" pulls it away from negative (by about 0.09).'),
    # the subject of a copula among several metrics named in an aside
    ("sentiment", *REVIEW_SCORES, True, "Its F1, which balances precision against recall, is 0.90."),
    ("sentiment", *REVIEW_SCORES, False, "Its F1, which balances precision against recall, is 0.88."),
    # a count of the features an output ranks
    ("demo", *GLOBAL, True, "cholesterol_ratio comes last of the 10 factors listed."),
    ("demo", *GLOBAL, False, "cholesterol_ratio comes last of the 12 factors listed."),
    # a label as what the subject gets or where it sits; a move to a label's tier
    ("insurance", *POLICY_5010, True, "Policyholder 5010 gets a standard rate (90 %)."),
    ("insurance", *POLICY_5010, False, "Policyholder 5010 gets a surcharge (90 %)."),
    ("insurance", *POLICY_5010, False, "Right now policyholder 5010 sits at surcharge."),
    (
        "demo",
        *FLIP_30,
        True,
        "With bmi at 31 it ends up progressing; progressing now sits at 51.3 % and stable at 48.7 %.",
    ),
    # names in the positions of an extra contributor, an alternative route, a rank neighbour, a free change
    ("loan", *LOAN_LOCAL, True, "income pulls the other way; loan_term adds a small push as well."),
    ("loan", *LOAN_LOCAL, False, "income pulls the other way; the marital status adds a small push as well."),
    ("loan", *LOAN_LOCAL, False, "One thing that also weighs in here is the savings balance."),
    ("loan", *LOAN_WHY_NOT, False, "Another route would be changing the marital status."),
    ("loan", *LOAN_LOCAL, True, "purpose sits third, just ahead of credit_score."),
    ("loan", *LOAN_LOCAL, False, "purpose sits third, just ahead of savings balance."),
    # a number named as a statistic is that statistic, not any number of the feature
    ("demo", *AGE_DATA, True, "Age runs from 19 to 79, with an average of about 48.5 and a spread (std) of 13.1."),
    ("demo", *AGE_DATA, False, "Age runs from 19 to 79, with an average of about 13.1 and a spread (std) of 48.5."),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims10_writer_readings(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report
