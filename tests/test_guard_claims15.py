"""The guard's claims-15 readings of formats a new writer used (helper guard15): bare list numbering, a class's
probability written as a key, a preposition where a list puts a name, an age said "aged N", units of time and of a
battery's measures, a property denied by a contrast, "worth" before a word's value, a group's size, and several
names said to matter least. Subjects and wordings are this file's own (demo patient 12: age 53, bmi 23.7, stable
78.6 %; the demo's global ranking triglycerides_log, bmi, blood_pressure, hdl, sex, ..., ldl, cholesterol_ratio;
loan applicant 12: credit_score +0.272; review 3: negative 71.1 %, 'Broke' +0.211; the sentiment model's probability
is no calibrated one).
"""

import pytest

from simxai.guard._numbering import item_numbers
from simxai.guard._units import unit_feature

DEMO_GLOBAL = ("get_global_explanation", {})
DEMO_PREDICTION = ("get_prediction", {"instance": 12})
LOAN_LOCAL = ("get_local_explanation", {"instance": 12})
REVIEW = ("get_prediction", {"instance": 3})
REVIEW_LOCAL = ("get_local_explanation", {"instance": 3})
MODEL = ("get_model_information", {})
DEMO_DATA = ("get_data_information", {})

CASES = [
    # bare numbers of a list's items are no values of the items
    ("demo", *DEMO_GLOBAL, True, "Ranking: 1 triglycerides_log, 2 bmi, 3 blood_pressure, 4 hdl, 5 sex."),
    ("demo", *DEMO_GLOBAL, False, "Ranking: 1 triglycerides_log (0.93), 2 bmi (0.95), 3 blood_pressure."),
    # a class's probability as a key; a key of no class is still an invented name
    ("sentiment", *REVIEW, True, "[INFO] review=3 pred=negative p_neg=0.71"),
    ("sentiment", *REVIEW, False, "[INFO] review=3 pred=negative p_sarcasm=0.71"),
    # a preposition where a list puts a name ("X, at +0.27") is no name; an unknown name there still is
    ("loan", *LOAN_LOCAL, True, "What carries applicant 12's approval most? credit_score, at +0.272."),
    ("loan", *LOAN_LOCAL, False, "What carries applicant 12's approval most? savings_balance, at +0.272."),
    # "aged N" is an age, not the number of the feature named after it
    ("demo", *DEMO_PREDICTION, True, "Patient 12, aged 53 with a bmi of 23.7, is predicted stable at 78.6 %."),
    ("demo", *DEMO_PREDICTION, False, "Patient 12, aged 35 with a bmi of 23.7, is predicted stable at 78.6 %."),
    # a property denied by a contrast is no claim that it holds; said as held, it still flags
    ("sentiment", *MODEL, True, "Its p(positive) is a rescaling of the compound rather than a calibrated probability."),
    ("sentiment", *MODEL, False, "Its p(positive) is a calibrated probability of a positive review."),
    # "worth" leads a word's value; it is no word of the text
    ("sentiment", *REVIEW_LOCAL, True, "All of review 3's negative lean comes from one word: 'Broke', worth +0.211."),
    ("sentiment", *REVIEW_LOCAL, False, "All of review 3's negative lean comes from one word: 'Broke', worth +0.311."),
    # a group's size is no value of a name ("a balanced set of 442"); a name given a value still is
    ("demo", *DEMO_DATA, True, "In short, a balanced set of 442 patients with ten baseline measurements."),
    ("demo", *DEMO_DATA, False, "In short, a balanced set of 442 patients, each with a sodium of 140."),
    # several names said to matter least share the last places, in either order
    ("demo", *DEMO_GLOBAL, True, "Across the patients, cholesterol_ratio and ldl matter least."),
    ("demo", *DEMO_GLOBAL, True, "Across the patients, ldl and cholesterol_ratio matter least."),
    ("demo", *DEMO_GLOBAL, False, "Across the patients, cholesterol_ratio and bmi matter least."),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims15_formats(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Ranking: 1 bmi, 2 age, 3 sex", 3),
        ("Slide 2\n1 bmi\n2 age\n3 sex", 4),  # the list's three, and the slide's number (claims-42: a document's part)
        ("1 stable, 2 progressing", 0),  # a run of two may be counts
        ("Counts: 2 bmi, 3 age, 4 sex", 0),  # not from 1
    ],
)
def test_item_numbers(text, count):
    assert len(item_numbers(text)) == count


@pytest.mark.parametrize(
    ("following", "features", "expected"),
    [
        (" months old", ["age_months", "charge_cycles"], ("age_months", False)),
        (" years on the job", ["employment_years", "age"], ("employment_years", False)),
        (" years old", ["employment_years", "age"], None),  # an age, not the years employed
        (" kWh", ["capacity_kwh"], ("capacity_kwh", False)),
        (" mΩ", ["internal_resistance_mohm"], ("internal_resistance_mohm", False)),
    ],
)
def test_units_of_time_and_battery(following, features, expected):
    assert unit_feature(following, features) == expected
