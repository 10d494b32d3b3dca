"""The guard's claims-18 changes (helper guard18): registers of writers the guard never saw. Subjects and wordings
are this file's own (demo patient 12: stable at 78.6 %, triglycerides_log +0.777, hdl +0.659, bmi +0.352, sex
-0.256; loan applicant 12: approved at 78.0 %, credit_score +0.272, debt_to_income -0.140; insurance policyholder
5300: standard at 67.5 %, bmi +0.268, age -0.200).
"""

import pytest

DEMO_LOCAL = ("get_local_explanation", {"instance": 12})
LOAN_LOCAL = ("get_local_explanation", {"instance": 12})
INSURANCE_LOCAL = ("get_local_explanation", {"instance": 5300})
DEMO_PREDICTION = ("get_prediction", {"instance": 12})
LOAN_PREDICTION = ("get_prediction", {"instance": 12})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a ticker's cells: a number in a cell whose name the host does not know is not the cell before's
        ("demo", *DEMO_LOCAL, True, "HDL +0.659 ▲ | FATS +0.777 ▲ | SEX −0.256 ▼"),
        ("loan", *LOAN_LOCAL, True, "CREDIT_SCORE +0.272 ▲ | DTI −0.140 ▼ | income −0.020 ▼"),
        ("insurance", *INSURANCE_LOCAL, True, "BMI +0.268 ▲ | YEARS −0.200 ▼ | annual_claims +0.138 ▲"),
        # a number beside its own name in a cell is still checked
        ("demo", *DEMO_LOCAL, False, "HDL +0.259 ▲ | FATS +0.777 ▲ | SEX −0.256 ▼"),
        ("loan", *LOAN_LOCAL, False, "CREDIT_SCORE +0.572 ▲ | DTI −0.140 ▼"),
        # a class in capitals and a bare share after it: the share of that class in percent
        ("demo", *DEMO_LOCAL, True, "HDL +0.659 ▲ | SEX −0.256 ▼ → STABLE 78.6"),
        ("loan", *LOAN_LOCAL, True, "CREDIT_SCORE +0.272 ▲ | DTI −0.140 ▼ → APPROVED 78.0"),
        ("insurance", *INSURANCE_LOCAL, True, "BMI +0.268 ▲ | AGE −0.200 ▼ → STANDARD 67.5 ✓"),
        ("demo", *DEMO_LOCAL, False, "HDL +0.659 ▲ | SEX −0.256 ▼ → STABLE 21.4"),
        ("loan", *LOAN_LOCAL, False, "CREDIT_SCORE +0.272 ▲ | DTI −0.140 ▼ → APPROVED 61.0"),
        # the share as a fraction
        ("demo", *DEMO_LOCAL, True, "HDL +0.659 ▲ | SEX −0.256 ▼ → STABLE 0.79"),
        ("loan", *LOAN_LOCAL, True, "CREDIT_SCORE +0.272 ▲ | DTI −0.140 ▼ → APPROVED 0.780"),
        ("demo", *DEMO_LOCAL, False, "HDL +0.659 ▲ | SEX −0.256 ▼ → STABLE 0.59"),
        ("loan", *LOAN_LOCAL, False, "CREDIT_SCORE +0.272 ▲ | DTI −0.140 ▼ → APPROVED 0.610"),
    ],
)
def test_ticker_cells(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a heading line in capitals states nothing; leader dots join a key to its value
        ("demo", *DEMO_PREDICTION, True, "SLIP\npatient 12 → stable (78.6 %)"),
        ("loan", *LOAN_PREDICTION, True, "SUMMARY\napplicant 12 → approved (78.0 %)"),
        ("loan", *LOAN_PREDICTION, True, "LEDGER\napplicant 12\ncall ............ approved\nshare ........ 78.0 %"),
        ("demo", *DEMO_PREDICTION, False, "SLIP\npatient 12 → progressing (78.6 %)"),
        ("loan", *LOAN_PREDICTION, False, "LEDGER\napplicant 12\nshare ........ 61.0 %"),
        ("demo", *DEMO_PREDICTION, False, "SLIP\npatient 12\ncall .............. stable\nshare ......... 68.6 %"),
    ],
)
def test_register_layout(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


def test_heading_that_is_a_label_is_kept():
    from simxai.guard._layout import register_layout

    assert register_layout("STABLE\n78.6 %", ["stable", "progressing"], ["bmi"]) == "STABLE\n78.6 %"
    assert register_layout("NOTE\nbmi 23.7", ["stable"], ["bmi"]) == "\nbmi 23.7"
    assert register_layout("BMI\n23.7", ["stable"], ["bmi"]) == "BMI\n23.7"


LOAN_MISS = ("get_prediction", {"instance": 16})  # rejected at 50.7 %, recorded approved
INSURANCE_MISS = ("get_prediction", {"instance": 5037})  # surcharge at 65 %, recorded standard


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a label set against the model's call by a contrast, or by another source, is what happened
        (
            "demo",
            *DEMO_PREDICTION,
            True,
            "The model expected patient 12 to do well (78.6 %), yet it came out progressing.",
        ),
        ("loan", *LOAN_MISS, True, "Applicant 16 was predicted rejected (50.7 %) but came out approved."),
        (
            "insurance",
            *INSURANCE_MISS,
            True,
            "The model calls policyholder 5037 surcharge, and the file says standard.",
        ),
        ("demo", *DEMO_PREDICTION, False, "The model expected patient 12 to do well (78.6 %), yet it came out stable."),
        ("loan", *LOAN_MISS, False, "Applicant 16 was predicted rejected (50.7 %) but came out rejected."),
        # a what-if after the contrast is no record (no output computes it), and the call itself is still checked
        ("demo", *DEMO_PREDICTION, True, "The model predicts stable, but with a higher bmi it would be progressing."),
        ("loan", *LOAN_MISS, False, "The model predicted approved, but the records say approved as well."),
    ],
)
def test_what_happened_against_the_call(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


DEMO_GLOBAL = ("get_global_explanation", {})
LOAN_GLOBAL = ("get_global_explanation", {})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # words of an item's place in a ranking name no feature
        ("demo", *DEMO_GLOBAL, True, "triglycerides_log leads (0.927), bmi (0.585), the runner-up, follows."),
        ("loan", *LOAN_GLOBAL, True, "loan_amount (0.049) and income (0.047), nearly tied, come after debt_to_income."),
        ("demo", *DEMO_GLOBAL, True, "blood_pressure sits at 0.396, then the next one, hdl, at 0.350."),
        ("loan", *LOAN_GLOBAL, True, "credit_score leads; debt_to_income is another 0.122 behind it."),
        # an invented name in the same place still flags
        ("demo", *DEMO_GLOBAL, False, "triglycerides_log leads (0.927), waist_ratio (0.585), the runner-up, follows."),
        ("loan", *LOAN_GLOBAL, False, "loan_amount (0.049) and savings_balance (0.047), nearly tied, follow."),
    ],
)
def test_words_of_place_are_no_names(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # an identifier shortening each part of one feature's name is that feature
        ("demo", *DEMO_LOCAL, True, "TRIG_LOG +0.777 ▲ | HDL +0.659 ▲"),
        ("loan", *LOAN_LOCAL, True, "cred_score +0.272, debt_to_inc −0.140."),
        ("demo", *DEMO_LOCAL, False, "TRIG_LOG +0.377 ▲ | HDL +0.659 ▲"),
        ("loan", *LOAN_LOCAL, False, "cred_score +0.472, debt_to_inc −0.140."),
    ],
)
def test_shortened_feature_names(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


def test_a_shortening_of_two_features_is_neither():
    from simxai.guard._plain import shortened_aliases

    features = ["total_cholesterol", "total_charges", "triglycerides_log"]
    assert shortened_aliases("tot_ch and trig_log", features, set()) == {"triglycerides_log": ["trig_log"]}
    assert shortened_aliases("cred_score", ["credit_score", "credit_limit"], set()) == {"credit_score": ["cred_score"]}


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # "cholesterol" names total_cholesterol and starts cholesterol_ratio's name: whose rank it states is a guess
        ("demo", *DEMO_GLOBAL, True, "Of all inputs, cholesterol matters least."),
        ("demo", *DEMO_LOCAL, True, "For patient 12, cholesterol matters least."),
        # a name of one feature only is still checked
        ("demo", *DEMO_GLOBAL, False, "Of all inputs, bmi matters least."),
        ("loan", *LOAN_GLOBAL, False, "Of all inputs, credit_score matters least."),
    ],
)
def test_ambiguous_short_names_state_no_rank(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("features", "aliases", "ambiguous"),
    [
        (["clay_body", "clay_moisture_pct"], {"clay_body": ["clay"], "clay_moisture_pct": ["clay moisture"]}, {"clay"}),
        (["hull_material", "hull_age_years"], {"hull_material": ["hull"]}, {"hull"}),
        (["hull_material", "deck_age_years"], {"hull_material": ["hull"]}, set()),
    ],
)
def test_which_short_names_are_ambiguous(features, aliases, ambiguous):
    from simxai.guard._facts import Facts
    from simxai.guard._state import Vocabulary, _names

    vocabulary = Vocabulary(labels=["sound", "faulty"], features=features, aliases=aliases)
    assert set(_names(vocabulary, Facts()).ambiguous) == ambiguous


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # items numbered 1, 2, 3 in the order written rank each no lower than the next
        ("demo", *DEMO_GLOBAL, True, "Overall: 1 triglycerides_log 0.927; 2 bmi 0.585; 3 blood_pressure 0.396."),
        ("loan", *LOAN_GLOBAL, True, "#1 credit_score\n#2 debt_to_income\n#3 loan_amount"),
        (
            "loan",
            *LOAN_LOCAL,
            True,
            "| # | name | push |\n|---|---|---|\n| 1 | credit_score | +0.272 |\n| 2 | debt_to_income | −0.140 |",
        ),
        ("demo", *DEMO_GLOBAL, False, "Overall: 1 triglycerides_log 0.927; 2 blood_pressure 0.396; 3 bmi 0.585."),
        ("loan", *LOAN_GLOBAL, False, "#1 debt_to_income\n#2 credit_score\n#3 loan_amount"),
        (
            "loan",
            *LOAN_LOCAL,
            False,
            "| # | name | push |\n|---|---|---|\n| 1 | debt_to_income | −0.140 |\n| 2 | credit_score | +0.272 |",
        ),
    ],
)
def test_numbered_rankings(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


def test_numbers_that_do_not_count_up_are_no_ranking():
    from simxai.guard._numbered_ranks import numbered_rank_claims

    features = {"bmi": "bmi", "hdl": "hdl", "age": "age"}
    ranking = [[["age"], ["hdl"], ["bmi"]]]
    assert list(numbered_rank_claims("(2) bmi down; (5) hdl up", features, (), ranking)) == []
    assert list(numbered_rank_claims("1 bmi; 2 hdl", features, (), ranking)) == [("rank order bmi before hdl", False)]


REVIEW_DATA = ("get_data_information", {})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # "a hundred and twenty" is 120, not a hundred and a 20
        ("sentiment", *REVIEW_DATA, True, "A hundred and twenty sentences in all, half of them negative."),
        ("demo", *DEMO_PREDICTION, True, "Patient 12 has a total_cholesterol of a hundred and eighty-six."),
        ("sentiment", *REVIEW_DATA, False, "A hundred and thirty sentences in all, half of them negative."),
        ("demo", *DEMO_PREDICTION, False, "Patient 12 has a total_cholesterol of a hundred and ninety-six."),
    ],
)
def test_hundreds_in_words(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


def test_a_hundred_is_one_hundred():
    from simxai.guard._spelled import spelled_numbers

    assert spelled_numbers("a hundred and twenty reviews") == "120 reviews"
    assert spelled_numbers("one hundred applicants, a hundredth of a point") == "100 applicants, a hundredth of a point"


DEMO_ACCURACY = ("get_model_performance", {"metric": "accuracy"})
LOAN_ACCURACY = ("get_model_performance", {"metric": "accuracy"})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # "N times out of a hundred", "N of every M": a share, whose whole is no value of the outputs
        ("demo", *DEMO_ACCURACY, True, "It is right seventy-three times out of a hundred on the held-out patients."),
        ("loan", *LOAN_ACCURACY, True, "Right 77 out of every 100 times on held-out applicants."),
        ("demo", *DEMO_ACCURACY, False, "It is right ninety-three times out of a hundred, accuracy 0.93."),
        ("loan", *LOAN_ACCURACY, False, "Right 77 out of every 100 times, accuracy 0.87."),
        # as precise as a whole percent: 88 of every 100 is a recall of 0.883
        (
            "sentiment",
            "get_model_performance",
            {"metric": "recall"},
            True,
            "It finds 88 of every 100 positive reviews.",
        ),
        (
            "sentiment",
            "get_model_performance",
            {"metric": "recall"},
            False,
            "It finds 78 of every 100 positive reviews.",
        ),
    ],
)
def test_a_share_out_of_a_whole(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("rewrite", "pairs", "reply", "holds"),
    [
        # a change to nothing deletes one of the word's occurrences; the rewrite may hold the word again
        ("dull start, not dull end", [("Not", "")], "Dropping 'Not' makes it positive.", True),
        ("the hinge broke, the hinge squeaks", [("the", "")], "Removing 'the' flips it.", True),
        ("dull start, not dull end", [("start", "")], "Dropping 'Not' makes it positive.", False),
    ],
)
def test_a_deleted_word_that_occurs_twice(rewrite, pairs, reply, holds):
    from simxai.guard._statements import edit_claims

    claims = list(edit_claims(reply, [rewrite], "", pairs))
    assert [ok for said, ok in claims if said.startswith("edit removing")] == [holds], claims


def _row_prediction(noun: str, values: dict, labels: tuple[str, str]) -> dict:
    return {
        "kind": "prediction",
        "subject": {"kind": "row", "description": f"{noun} 5", "id": 5, "values": values},
        "label": labels[0],
        "probabilities": {labels[0]: 0.8, labels[1]: 0.2},
        "true_label": None,
    }


@pytest.mark.parametrize(
    ("features", "values", "labels", "reply", "faithful"),
    [
        # a number of the feature's own name is no value of it
        (
            ["missed_payments_12m", "income"],
            {"missed_payments_12m": 0.0, "income": 30.0},
            ("paid", "late"),
            "Tenant 5 shows 0 missed_payments_12m over the last 12 months; paid at 80 %.",
            True,
        ),
        (
            ["rain_7d_mm", "soil_ph"],
            {"rain_7d_mm": 3.0, "soil_ph": 6.5},
            ("healthy", "blighted"),
            "Field 5 had rain_7d_mm of 3 over those 7 days; healthy at 80 %.",
            True,
        ),
        (
            ["missed_payments_12m", "income"],
            {"missed_payments_12m": 0.0, "income": 30.0},
            ("paid", "late"),
            "Tenant 5 has an income of 42; paid at 80 %.",
            False,
        ),
    ],
)
def test_a_number_of_a_features_name(features, values, labels, reply, faithful):
    from simxai.guard import Vocabulary, check_claims

    noun = reply.split()[0].lower()
    vocabulary = Vocabulary(labels=list(labels), features=features, instance_noun=noun)
    report = check_claims(reply, [_row_prediction(noun, values, labels)], vocabulary=vocabulary)
    assert report.passed == faithful, report


DEMO_REACH = ("explain_how_to_be_that", {"instance": 12})  # bmi 23.7 -> 27.3 gives progressing at 0.518
LOAN_REACH = ("explain_how_to_be_that", {"instance": 16})  # credit_score 666 -> 669 gives approved at 0.553


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a share in brackets after a counterfactual's values is the probability of the label it reaches
        ("demo", *DEMO_REACH, True, "Patient 12, the one option: age 53, bmi 27.3 (0.518)."),
        ("loan", *LOAN_REACH, True, "Applicant 16, the one option: income 21.8, credit_score 669 (0.553)."),
        ("demo", *DEMO_REACH, False, "Patient 12, the one option: age 53, bmi 27.3 (0.618)."),
        ("loan", *LOAN_REACH, False, "Applicant 16, the one option: income 21.8, credit_score 669 (0.653)."),
    ],
)
def test_a_share_after_a_counterfactuals_values(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        # a move said between its ends, after its new end, or by a verb of raising or lowering
        ("the chance of a default goes 41 up to 56", True),
        ("the chance of a default goes 56 up to 41", False),
        ("the surcharge share, 0.31, down from 0.52", True),
        ("the surcharge share, 0.61, down from 0.52", False),
        ("lowering the mileage from 90 to 60 helps", True),
        ("it raises the score from 0.62 to 0.48", False),
    ],
)
def test_a_move_against_its_own_numbers(sentence, holds):
    from simxai.guard._statements import movement_claims

    assert [ok for _, ok in movement_claims(sentence)] == [holds]


DEMO_BMI = ("get_data_information", {"feature": "bmi"})  # bmi: stable 24.3, progressing 28.4 on average
LOAN_INCOME = ("get_data_information", {"feature": "income"})  # income: approved 54.3, rejected 45.0


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # two groups compared with their means in brackets between the comparative and "than"
        ("demo", *DEMO_BMI, True, "Progressing patients sit higher on bmi (28.4) than stable ones (24.3)."),
        ("loan", *LOAN_INCOME, True, "Approved applicants earn more on average (54.3) than rejected ones (45.0)."),
        ("demo", *DEMO_BMI, False, "Progressing patients sit lower on bmi (28.4) than stable ones (24.3)."),
        ("loan", *LOAN_INCOME, False, "Approved applicants earn less on average (54.3) than rejected ones (45.0)."),
    ],
)
def test_group_means_compared_with_figures(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report
