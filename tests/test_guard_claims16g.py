"""The guard's claims-16g readings (helper guardg12): formats and bindings a new writer used, each read the way any
writer means it. Subjects and wordings are this file's own (demo patient 12: stable 78.6 %, recorded progressing,
contributions triglycerides_log +0.777, hdl +0.659, bmi +0.352, sex -0.256, blood_pressure -0.105, why-not bmi
23.7 -> 27.3 for progressing at 51.8 %; loan applicant 12: approved 78.0 %, recorded approved, credit_score +0.272,
debt_to_income -0.140, income -0.020, why-not credit_score 838 -> 676 for rejected at 51.1 %; the demo group
bmi > 30: 84 progressing, 11 stable, progressing 0.799; the loan group credit_score > 700: 405 approved, 51
rejected, approved 0.771; the global rankings triglycerides_log, bmi, blood_pressure, hdl, ... and credit_score,
debt_to_income, loan_amount, income, ...).
"""

import pytest

from simxai.guard import _cues as cue
from simxai.guard._respective import respective_pairs

DEMO_LOCAL = ("get_local_explanation", {"instance": 12})
LOAN_LOCAL = ("get_local_explanation", {"instance": 12})
DEMO_PREDICTION = ("get_prediction", {"instance": 12})
LOAN_PREDICTION = ("get_prediction", {"instance": 12})
DEMO_GROUP = ("get_prediction", {"instance": "bmi > 30"})
LOAN_GROUP = ("get_prediction", {"instance": "credit_score > 700"})
DEMO_WHY_NOT = ("explain_why_not", {"instance": 12})
LOAN_WHY_NOT = ("explain_why_not", {"instance": 12})
DEMO_GLOBAL = ("get_global_explanation", {})
LOAN_GLOBAL = ("get_global_explanation", {})

CASES = [
    # a push's size said without a sign after a word that it works against the label ("costing", "takes N off"),
    # in a list item opened by a minus sign, or after a verb said before the number's own segment
    ("demo", *DEMO_LOCAL, True, "The only real drag on patient 12 is sex, costing 0.256."),
    ("demo", *DEMO_LOCAL, False, "The only real drag on patient 12 is sex, costing 0.356."),
    ("loan", *LOAN_LOCAL, True, "Applicant 12's weak spot is debt_to_income at 0.43, costing 0.140."),
    ("loan", *LOAN_LOCAL, False, "Applicant 12's weak spot is debt_to_income at 0.43, costing 0.240."),
    (
        "demo",
        *DEMO_LOCAL,
        True,
        "Patient 12, stable: + triglycerides_log (4.3041) 0.777; − sex (1) 0.256; + bmi 0.352.",
    ),
    (
        "demo",
        *DEMO_LOCAL,
        False,
        "Patient 12, stable: + triglycerides_log (4.3041) 0.777; − sex (1) 0.456; + bmi 0.352.",
    ),
    ("loan", *LOAN_LOCAL, True, "Applicant 12, approved: + credit_score 838 → 0.272; − debt_to_income 0.43 → 0.140."),
    ("loan", *LOAN_LOCAL, False, "Applicant 12, approved: + credit_score 838 → 0.272; − debt_to_income 0.43 → 0.340."),
    ("demo", *DEMO_LOCAL, True, "For patient 12 a blood pressure of 92 pulled the other way, by 0.105."),
    ("demo", *DEMO_LOCAL, False, "For patient 12 a blood pressure of 92 pulled the other way, by 0.305."),
    ("loan", *LOAN_LOCAL, True, "For applicant 12 an income of 17.3 pulled the other way, by 0.020."),
    # a whole number under a key that ends with a label counts the label; "score for X:" is X's probability
    (
        "demo",
        *DEMO_GROUP,
        True,
        "- **Predicted progressing:** 84\n- **Predicted stable:** 11\n- **Mean score for progressing:** 0.799",
    ),
    (
        "demo",
        *DEMO_GROUP,
        False,
        "- **Predicted progressing:** 11\n- **Predicted stable:** 84\n- **Mean score for progressing:** 0.799",
    ),
    (
        "demo",
        *DEMO_GROUP,
        False,
        "- **Predicted progressing:** 84\n- **Predicted stable:** 11\n- **Mean score for progressing:** 0.201",
    ),
    (
        "loan",
        *LOAN_GROUP,
        True,
        "- **Predicted approved:** 405\n- **Predicted rejected:** 51\n- **Mean score for approved:** 0.771",
    ),
    (
        "loan",
        *LOAN_GROUP,
        False,
        "- **Predicted approved:** 51\n- **Predicted rejected:** 405\n- **Mean score for approved:** 0.771",
    ),
    (
        "loan",
        *LOAN_GROUP,
        False,
        "- **Predicted approved:** 405\n- **Predicted rejected:** 51\n- **Mean score for approved:** 0.229",
    ),
    ("demo", *DEMO_GROUP, False, "- **Group:** bmi > 30\n- **Mean score for progressing:** 0.201"),
    ("loan", *LOAN_GROUP, False, "- **Group:** credit_score > 700\n- **Mean score for approved:** 0.229"),
    # two names and two numbers joined by slashes are said respectively
    ("demo", *DEMO_GROUP, True, "- **Group:** bmi > 30\n- **Stable / progressing:** 11 / 84"),
    ("demo", *DEMO_GROUP, False, "- **Group:** bmi > 30\n- **Stable / progressing:** 84 / 11"),
    ("loan", *LOAN_GROUP, True, "Group credit_score > 700. Approved / rejected: 405 / 51."),
    ("loan", *LOAN_GROUP, False, "Group credit_score > 700. Approved / rejected: 51 / 405."),
    # a Q./A. transcript: the answer fills the slot its question asks for
    (
        "demo",
        *DEMO_PREDICTION,
        True,
        "Q. What did the model predict for patient 12? A. Stable, at 78.6 %. Q. And what was recorded? A. Progressing.",
    ),
    (
        "demo",
        *DEMO_PREDICTION,
        False,
        "Q. What did the model predict? A. Remission, at 78.6 %. Q. And what was recorded? A. Progressing.",
    ),
    (
        "demo",
        *DEMO_PREDICTION,
        False,
        "Q. What did the model predict for patient 12? A. Stable, at 78.6 %. Q. And what was recorded? A. Stable.",
    ),
    (
        "loan",
        *LOAN_PREDICTION,
        True,
        "Q. What does the model say? A. Approved, 0.78. Q. And the lender's own decision? A. Approved as well.",
    ),
    (
        "loan",
        *LOAN_PREDICTION,
        False,
        "Q. What does the model say? A. Deferred, 0.78. Q. And the lender's own decision? A. Approved as well.",
    ),
    (
        "loan",
        *LOAN_PREDICTION,
        False,
        "Q. What does the model say? A. Approved, 0.78. Q. And the lender's own decision? A. Rejected, sadly.",
    ),
    (
        "demo",
        *DEMO_WHY_NOT,
        True,
        "Q. What keeps patient 12 from a progressing call? A. One value: bmi, at 23.7 instead of 27.3.",
    ),
    # "for each side" shares a number among the classes, it names nothing; a name given a number still is one
    (
        "sentiment",
        "get_prediction",
        {"instance": 9},
        True,
        "Review 9 sits at 50 % for each side and is labelled negative.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 9},
        False,
        "Review 9 sits at 50 % for the plot and is labelled negative.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 31},
        True,
        "Review 31 gets 50 % for either label; the tie goes to negative.",
    ),
    # bullets keyed by an ordinal name a feature after the key; heads of up to four words are read
    ("demo", *DEMO_LOCAL, True, "- **1st:** triglycerides_log — 0.777\n- **2nd:** hdl — 0.659\n- **3rd:** bmi — 0.352"),
    (
        "demo",
        *DEMO_LOCAL,
        False,
        "- **1st:** triglycerides_log — 0.777\n- **2nd:** hdl — 0.659\n- **3rd:** waist circumference — 0.352",
    ),
    (
        "loan",
        *LOAN_LOCAL,
        True,
        "- **1.** credit_score — 0.272\n- **2.** debt_to_income — −0.140\n- **3.** employment_years — 0.027",
    ),
    (
        "loan",
        *LOAN_LOCAL,
        False,
        "- **1.** credit_score — 0.272\n- **2.** debt_to_income — −0.140\n- **3.** number of missed payments",
    ),
    # bullets keyed by a label ("Kept approved") list no features: their other keys are no invented names
    (
        "loan",
        *LOAN_PREDICTION,
        True,
        "- **Kept approved:** yes\n- **Looked over:** 1 applicant\n- **Probability:** 0.78",
    ),
    (
        "demo",
        *DEMO_PREDICTION,
        True,
        "- **Called stable:** yes\n- **Looked over:** 1 patient\n- **Probability:** 78.6 %",
    ),
    # a change said as an imperative and joined by "and" makes the label after it the change's outcome
    (
        "demo",
        *DEMO_WHY_NOT,
        True,
        "Not progressing, because bmi is 23.7; bring it up to 27.3 and the model says progressing, at 51.8 %.",
    ),
    (
        "demo",
        *DEMO_WHY_NOT,
        False,
        "Not progressing, because bmi is 23.7; bring it up to 27.3 and the model says stable, at 51.8 %.",
    ),
    (
        "loan",
        *LOAN_WHY_NOT,
        True,
        "Not rejected, because credit_score is 838; bring it down to 676 and the model says rejected, at 51.1 %.",
    ),
    (
        "loan",
        *LOAN_WHY_NOT,
        False,
        "Not rejected, because credit_score is 838; bring it down to 676 and the model says approved, at 51.1 %.",
    ),
    # a single decision tree is a family of its own (not the trees of an ensemble); the explainer said must be the
    # one the outputs name (unless denied)
    ("demo", "get_model_information", {}, False, "Under the hood it is a single decision tree."),
    ("loan", "get_model_information", {}, False, "It is one decision tree, nothing more."),
    ("loan", "get_model_information", {}, True, "A random forest: many decision trees voting together."),
    ("demo", *DEMO_LOCAL, False, "By LIME, triglycerides_log adds 0.777 for patient 12."),
    ("demo", *DEMO_LOCAL, True, "By SHAP, triglycerides_log adds 0.777 for patient 12."),
    ("loan", *LOAN_LOCAL, False, "Permutation importance puts credit_score first for applicant 12, at +0.272."),
    ("loan", *LOAN_LOCAL, True, "Not LIME but TreeSHAP: credit_score first for applicant 12, at +0.272."),
    # an ordinal that opens its line as a key ranks the feature after it; "ahead of" makes an ordinal a rank
    (
        "demo",
        *DEMO_GLOBAL,
        True,
        "- **1st:** triglycerides_log — 0.927\n- **2nd:** bmi — 0.585\n- **3rd:** blood_pressure — 0.396",
    ),
    (
        "demo",
        *DEMO_GLOBAL,
        False,
        "- **1st:** triglycerides_log — 0.927\n- **2nd:** bmi — 0.585\n- **3rd:** hdl — 0.350",
    ),
    ("demo", *DEMO_GLOBAL, True, "Overall triglycerides_log leads, bmi follows, blood_pressure third ahead of hdl."),
    ("demo", *DEMO_GLOBAL, False, "Overall triglycerides_log leads, bmi follows, hdl third ahead of blood_pressure."),
    ("loan", *LOAN_GLOBAL, True, "1st: credit_score (0.153)\n2nd: debt_to_income (0.122)\n3rd: loan_amount (0.049)"),
    ("loan", *LOAN_GLOBAL, False, "1st: credit_score (0.153)\n2nd: debt_to_income (0.122)\n3rd: income (0.047)"),
    (
        "loan",
        *LOAN_GLOBAL,
        True,
        "Across applicants: credit_score first, debt_to_income second, loan_amount third ahead of income.",
    ),
    (
        "loan",
        *LOAN_GLOBAL,
        False,
        "Across applicants: credit_score first, debt_to_income second, income third ahead of loan_amount.",
    ),
    # the next item of an enumeration after a feature's value and bracket is in a feature's place
    ("demo", *DEMO_LOCAL, True, "For: triglycerides_log 4.3041 (+0.777), hdl 62 (+0.659)."),
    ("demo", *DEMO_LOCAL, False, "For: triglycerides_log 4.3041 (+0.777), waist size (+0.659)."),
    ("loan", *LOAN_LOCAL, True, "Helping applicant 12: credit_score 838 (+0.272), employment_years 7 (+0.027)."),
    ("loan", *LOAN_LOCAL, False, "Helping applicant 12: credit_score 838 (+0.272), savings history (+0.027)."),
    ("loan", *LOAN_LOCAL, True, "Helping applicant 12: credit_score 838 (+0.272), and the small rest."),
    # a line keyed by the call ("Call:", "Prediction:") gives the predicted label; a filler no label is, invented
    ("demo", *DEMO_PREDICTION, True, "- **Patient:** 12\n- **Call:** stable (78.6 %)\n- **Recorded:** progressing"),
    (
        "demo",
        *DEMO_PREDICTION,
        False,
        "- **Patient:** 12\n- **Call:** progressing (78.6 %)\n- **Recorded:** progressing",
    ),
    (
        "demo",
        *DEMO_PREDICTION,
        False,
        "- **Patient:** 12\n- **Call:** watchful waiting (78.6 %)\n- **Recorded:** progressing",
    ),
    ("loan", *LOAN_PREDICTION, True, "Applicant 12\nCall: approved, 78 %"),
    ("loan", *LOAN_PREDICTION, False, "Applicant 12\nCall: referred, 78 %"),
    ("loan", *LOAN_PREDICTION, True, "Applicant 12\nPrediction: stays approved, 78 %"),
    # a number with a short unit and a comparative ("10 yrs older", "10 k larger") is a change's size, no value
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"age": "+10"}},
        True,
        "Make patient 12's age 10 yrs older and the model still says stable, 78.6 %.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"age": "+10"}},
        False,
        "Make patient 12's age 10 yrs older and the model still says stable, 21.4 %.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 12, "changes": {"loan_amount": "+10"}},
        True,
        "A loan_amount 10 k larger and applicant 12 stays approved, 76.6 %.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 12, "changes": {"loan_amount": "+10"}},
        False,
        "A loan_amount 10 k larger and applicant 12 stays approved, 23.4 %.",
    ),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims16g_readings(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


def test_respective_pairs_spell_each_name_with_its_number():
    assert respective_pairs("- Sound / repair means: 0.19 / 0.37") == "- Sound means: 0.19; repair means: 0.37"
    assert respective_pairs("Precision / recall: 73 % / 70 %.") == "Precision: 73 %; recall: 70 %."
    # the next line is no part of the pair
    assert respective_pairs("a / b: 1 / 2\n- c: 3") == "a: 1; b: 2\n- c: 3"
    # a slash between words only, or between a single name and numbers, is left alone
    assert respective_pairs("either / or") == "either / or"
    assert respective_pairs("ratio: 3 / 4") == "ratio: 3 / 4"


def test_a_label_named_with_a_verb_of_need_is_no_hypothetical_cue():
    assert cue.HYPOTHETICAL.search("Before: needs_repair 0.81") is None
    assert cue.HYPOTHETICAL.search("it needs a higher score") is not None
