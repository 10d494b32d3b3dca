"""The guard's claims-16 readings (helper guard16): a counterfactual's change said to leave today's label in
place, a kept edit said to flip the label, and an item of a list of features that names no feature of the host.
Subjects and wordings are this file's own (demo patient 12: stable, the counterfactual raises bmi 23.7 -> 27.3 to
progressing at 51.8 %; loan applicant 12: approved, credit_score 838 -> 676 gives rejected at 51.1 %; review 3:
negative, 'Broke' -> 'Great' gives positive; reviews 1 and 2 keep their label when 'was' / 'did' are negated;
the demo's and the loan's global rankings).
"""

import pytest

from simxai.guard._cf_stays import counterfactual_stay_claims
from simxai.guard._enumerated import enumerated_item_claims

DEMO_WHY_NOT = ("explain_why_not", {"instance": 12})
LOAN_WHY_NOT = ("explain_why_not", {"instance": 12})
REVIEW_WHY_NOT = ("explain_why_not", {"instance": 3})
REVIEW_1_KEPT = ("explain_how_to_still_be_this", {"instance": 1})
REVIEW_2_KEPT = ("explain_how_to_still_be_this", {"instance": 2})
DEMO_GLOBAL = ("get_global_explanation", {})
LOAN_GLOBAL = ("get_global_explanation", {})
LOAN_LOCAL = ("get_local_explanation", {"instance": 12})
REVIEW_LOCAL = ("get_local_explanation", {"instance": 3})
DEMO_LOCAL = ("get_local_explanation", {"instance": 12})
DEMO_DATA = ("get_data_information", {})
LOAN_DATA = ("get_data_information", {})
DEMO_BMI = ("get_data_information", {"feature": "bmi"})
LOAN_INCOME = ("get_data_information", {"feature": "income"})
LOAN_RAISE = ("explain_what_if", {"instance": 12, "changes": {"income": 40}})
DEMO_GLUCOSE = ("explain_what_if", {"instance": 12, "changes": {"glucose": 120}})
MODEL = ("get_model_information", {})
OUTPUTS = ("get_output_information", {})
PERFORMANCE = ("get_model_performance", {"metric": "accuracy"})

CASES = [
    # a counterfactual's change said to leave today's label: the counterfactual reaches the target
    ("demo", *DEMO_WHY_NOT, True, "With bmi raised from 23.7 to 27.3, patient 12 crosses over to progressing."),
    ("demo", *DEMO_WHY_NOT, False, "Raising bmi from 23.7 to 27.3 nudges patient 12, but the call remains stable."),
    ("demo", *DEMO_WHY_NOT, False, "A bmi of 27.3 instead of 23.7 and patient 12 is still stable."),
    ("loan", *LOAN_WHY_NOT, True, "Lower applicant 12's credit score to 676 and the bank's model rejects."),
    ("loan", *LOAN_WHY_NOT, False, "Lower applicant 12's credit score to 676 and the model still approves."),
    ("loan", *LOAN_WHY_NOT, False, "Even at a credit score of 676, applicant 12 stays short of rejection."),
    ("sentiment", *REVIEW_WHY_NOT, False, "Put 'Great' where 'Broke' is and review 3 stays negative."),
    ("sentiment", *REVIEW_WHY_NOT, True, "Put 'Great' where 'Broke' is and review 3 reads as positive."),
    # what is said of a smaller or partial change, or of today, is no claim about the counterfactual
    ("loan", *LOAN_WHY_NOT, True, "Applicant 12 stays approved unless the credit score falls to 676."),
    ("demo", *DEMO_WHY_NOT, True, "Today patient 12 remains stable; a bmi of 27.3 would make it progressing."),
    ("demo", *DEMO_WHY_NOT, True, "Patient 12 stays stable as long as bmi is under 27.3."),
    # a kept edit said to flip the label
    ("sentiment", *REVIEW_1_KEPT, False, "Of 13 variants, 11 held, and 'was' → 'wasn't' is one that flips it."),
    ("sentiment", *REVIEW_1_KEPT, True, "Of 13 variants, 11 held; even 'was' → 'wasn't' leaves it negative."),
    ("sentiment", *REVIEW_2_KEPT, False, "Replacing 'did' with 'didn't' flips review 2 to positive."),
    ("sentiment", *REVIEW_2_KEPT, True, "Replacing 'did' with 'didn't' does not flip review 2."),
    # an item of a list of features that the host does not have
    ("demo", *DEMO_GLOBAL, True, "Overall: triglycerides_log (0.927), bmi (0.585), blood_pressure (0.396) and hdl."),
    ("demo", *DEMO_GLOBAL, False, "Overall: triglycerides_log (0.927), bmi (0.585) and waist-to-hip ratio, then hdl."),
    ("demo", *DEMO_GLOBAL, False, "The ranking runs triglycerides_log, bmi, a fasting insulin level and hdl."),
    ("loan", *LOAN_GLOBAL, True, "credit_score and debt_to_income lead, followed by the size of the loan."),
    ("loan", *LOAN_GLOBAL, False, "credit_score and debt_to_income lead, followed by the savings history."),
    ("loan", *LOAN_LOCAL, True, "credit_score (+0.272), employment_years (+0.027) and the home ownership push up."),
    ("loan", *LOAN_LOCAL, False, "credit_score (+0.272), employment_years (+0.027) and a spotless repayment record."),
    (
        "demo",
        *DEMO_GLOBAL,
        True,
        "triglycerides_log (0.927) and bmi (0.585) lead; hdl follows, the others count little.",
    ),
    ("demo", *DEMO_WHY_NOT, True, "Only bmi moves (23.7 to 27.3); age, hdl and the rest stay the same."),
    # the attribution method and the model family the explanation's method names
    ("demo", *DEMO_GLOBAL, True, "Mean absolute SHAP values: triglycerides_log 0.927 and bmi 0.585 lead."),
    ("demo", *DEMO_GLOBAL, True, "Computed with SHAP rather than LIME: triglycerides_log 0.927 leads."),
    ("demo", *DEMO_GLOBAL, False, "By permutation importance, triglycerides_log 0.927 and bmi 0.585 lead."),
    ("demo", *DEMO_GLOBAL, False, "Summed over the forest's trees, triglycerides_log gets 0.927."),
    ("loan", *LOAN_GLOBAL, True, "Summed over the forest's trees, credit_score comes out on top."),
    ("loan", *LOAN_GLOBAL, False, "Gini importance puts credit_score on top."),
    ("sentiment", *REVIEW_LOCAL, False, "LIME gives 'Broke' +0.211 for review 3."),
    # a property of the model the outputs only deny: fitted on the reviews, explanations as causes
    ("sentiment", *MODEL, False, "Its word weights were fitted on the 120 labelled reviews."),
    ("sentiment", *MODEL, True, "Its word weights weren't fitted on the 120 labelled reviews."),
    ("sentiment", *PERFORMANCE, False, "Accuracy is 0.9 on the reviews that were used to fit its weights."),
    ("demo", *MODEL, False, "Handy: its explanations show what causes progression in the world."),
    ("demo", *MODEL, True, "Mind that its explanations don't show what causes progression."),
    ("loan", *MODEL, False, "The attributions it gives are causal, so they say why loans fail."),
    # "mostly X" after a sentence that names the side: X is first among the features pushing that way
    ("loan", *LOAN_LOCAL, True, "So what holds applicant 12 back? Mostly debt_to_income, at -0.14."),
    ("loan", *LOAN_LOCAL, False, "So what holds applicant 12 back? Mostly income, at -0.02."),
    ("demo", *DEMO_LOCAL, True, "What speaks for progressing in patient 12? Mainly sex (-0.256)."),
    ("demo", *DEMO_LOCAL, False, "What speaks for progressing in patient 12? Mainly glucose (-0.110)."),
    ("demo", *DEMO_LOCAL, True, "For patient 12 the biggest push the other way comes from sex, mostly."),
    # a goal said as "for X to come out L", and a counterfactual's text, state the outcome, not today's label
    ("demo", *DEMO_WHY_NOT, True, "For patient 12 to come out progressing, bmi must go to 27.3. Then: progressing."),
    ("loan", *LOAN_WHY_NOT, True, "For applicant 12 to come out rejected, credit_score has to fall to 676."),
    ("sentiment", *REVIEW_WHY_NOT, True, "The counterfactual text of review 3 reads as positive at 81.2 %."),
    ("sentiment", *REVIEW_WHY_NOT, False, "The counterfactual text of review 3 reads as negative at 81.2 %."),
    # a verb or an adverb in a feature's place is no invented name; an unknown noun there still is
    ("demo", *DEMO_DATA, True, "**bmi** (body mass index): ranges from 18 to 42.2, mean 26.4."),
    ("demo", *DEMO_DATA, False, "**bmi** (body mass index): waist size from 18 to 42.2, mean 26.4."),
    ("loan", *LOAN_DATA, True, "Applicants' credit scores run from 419 to 850."),
    ("sentiment", "get_global_explanation", {}, True, "Across the reviews, 'love' always pushes towards positive."),
    # two labels' groups compared on a feature: the comparative goes the way their means do
    ("demo", *DEMO_BMI, True, "bmi averages 26.4. Progressing patients come out heavier than stable ones."),
    ("demo", *DEMO_BMI, True, "On bmi, progressing patients sit higher than stable ones (28.4 vs 24.3)."),
    ("demo", *DEMO_BMI, False, "On bmi, stable patients sit higher than progressing ones."),
    ("demo", *DEMO_BMI, False, "bmi averages 26.4. Progressing patients average less than stable ones."),
    ("loan", *LOAN_INCOME, True, "Approved applicants earn more on average than rejected ones (54.3 vs 45.0)."),
    ("loan", *LOAN_INCOME, False, "Rejected applicants show a larger income than approved ones."),
    ("loan", *LOAN_INCOME, True, "Rejected applicants are not more likely to have a larger income than approved ones."),
    ("loan", *LOAN_INCOME, False, "On average, rejected applicants come out higher than approved ones."),
    ("demo", *DEMO_BMI, True, "Progressing patients come out higher than stable ones, 28.4 to 24.3 on average."),
    # a what-if's move of a class's probability said by a verb on the label
    ("loan", *LOAN_RAISE, True, "An income of 40 for applicant 12 trims the approval score a little; still approved."),
    ("loan", *LOAN_RAISE, False, "An income of 40 for applicant 12 lifts the approval score; still approved."),
    ("loan", *LOAN_RAISE, False, "With an income of 40, rejected goes down a touch for applicant 12."),
    ("demo", *DEMO_GLUCOSE, True, "Glucose at 120 and progressing edges up for patient 12, who stays stable."),
    ("demo", *DEMO_GLUCOSE, False, "Glucose at 120 and progressing goes down for patient 12, who stays stable."),
    ("demo", *DEMO_GLUCOSE, True, "Glucose at 120 does not raise the stable probability of patient 12."),
    # a list or a table of the labels holds only the host's labels
    ("loan", *OUTPUTS, False, "The model answers approved, rejected, or escalated to an underwriter."),
    ("loan", *OUTPUTS, True, "The model answers approved or rejected, and nothing else."),
    ("sentiment", *OUTPUTS, False, "VADER sorts each review into positive, negative or sarcastic."),
    ("sentiment", *OUTPUTS, False, "positive, negative, or undecided."),
    ("demo", *OUTPUTS, True, "| label | meaning |\n|---|---|\n| stable | 140 or less |\n| progressing | above 140 |"),
    (
        "demo",
        *OUTPUTS,
        False,
        "| label | meaning |\n|---|---|\n| stable | score of 140 or less |\n| progressing | above 140 |\n"
        "| watch list | near 140 |",
    ),
    ("loan", *OUTPUTS, False, "| class | what it means |\n|---|---|\n| approved | granted |\n| on hold | pending |"),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims16_readings(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


def test_stay_needs_the_counterfactuals_change():
    """A stay said without the counterfactual's new value in the sentence is not read."""
    claims = list(
        counterfactual_stay_claims("It still comes out stable.", ["stable", "sick"], {}, {"stable"}, {"sick"}, [9.5])
    )
    assert claims == []
    said = "With 9.5 it still comes out stable."
    claims = list(counterfactual_stay_claims(said, ["stable", "sick"], {}, {"stable"}, {"sick"}, [9.5]))
    assert claims == [("counterfactual outcome stays stable", False)]


def test_enumerated_item_paraphrase_of_a_description():
    """An item made of a feature description's words is a paraphrase, not an invented feature."""
    known = {"sugar", "blood", "glucose"}
    said = "age (0.2), bmi (0.1) and the blood sugar reading"
    assert list(enumerated_item_claims(said, ["age", "bmi", "glucose"], ["ok"], known)) == []
    said = "age (0.2), bmi (0.1) and the vitamin intake"
    assert list(enumerated_item_claims(said, ["age", "bmi", "glucose"], ["ok"], known)) == [
        ("feature vitamin intake", False)
    ]


@pytest.mark.parametrize(
    ("host", "function", "arguments", "unit"),
    [
        ("demo", *DEMO_GLOBAL, "bmi (0.5) and a long record of "),
        ("demo", *DEMO_WHY_NOT, "bmi 27.3 still stable "),
        ("demo", *DEMO_BMI, "stable higher than progressing "),
        ("demo", *DEMO_GLUCOSE, "the stable score rises "),
        ("sentiment", *REVIEW_1_KEPT, "'was' → 'wasn't' flips "),
    ],
)
def test_claims16_readers_stay_linear(check_reply, cpu_guard, host, function, arguments, unit):
    """64 KB of one repeated construction each claims-16 reader reads is checked within 5 s of CPU.

    The whole guard reads such a reply in about 1.4-2.2 s of CPU on a slow 2-core machine (the round-34 machine,
    main 0afc0986 and after), linear in its length; a reader that is quadratic in it takes minutes. The bound was 2 s,
    set on a faster machine; 5 s is test_linear_parsers' bound for the same 64 KB.
    """
    text = (unit * (65536 // len(unit) + 1))[:65536]
    assert cpu_guard(lambda: check_reply(host, function, arguments, text), 5.0)


def test_label_tables_are_read_once(monkeypatch):
    """64 KB of tables, each header followed by rows, is read in one pass: each line is split into cells at most
    twice (once more where a table ends), counted rather than timed, so that a loaded machine cannot fail it. A
    reader that went back to a header it had passed splits some 4,000 lines again and again (quadratic)."""
    from simxai.guard import _label_tables

    split = _label_tables._cells
    calls: list[str] = []

    def counted(line: str) -> list[str]:
        calls.append(line)
        return split(line)

    monkeypatch.setattr(_label_tables, "_cells", counted)
    unit = "| label | x |\n|---|---|\n| stable | y |\n| calm | z |\n"
    text = (unit * (65536 // len(unit) + 1))[:65536]
    lines = text.split("\n")
    assert ("label calm", False) in list(_label_tables.label_table_claims(text, ["stable", "sick"], {}))
    assert len(lines) > 4000 and len(calls) <= 2 * len(lines)
    assert list(_label_tables.label_table_claims(unit, ["stable", "sick"], {})) == [("label calm", False)]
