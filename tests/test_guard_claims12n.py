"""The guard's claims-12n readings, from the DEV writer g8 (a terse 8B model that names the output's fields in
backticks): a Markdown code span is typography, like bold (a backticked label's count, a backticked statistic's
number, a backticked list of features are read as if written plainly; a text model's backticked word is still
its word); "p(`L`)" is L's probability; "L becomes more / less likely" after a what-if; a kept range said to go
one way only; a word that ends in "id" ("paid 28") is no subject word; a confusion matrix's cell said of one of
its classes ("0 stable called progressing"); a matrix written as nested lists; a name quoted as a class of the
model; a performance figure said to be measured on the training rows when the outputs say held-out. Each pair
tells a faithful reply from an unfaithful one; the subjects and wordings are this file's own.
"""

import pytest

LOAN_DATA = ("get_data_information", {})
DEMO_AGE = ("get_data_information", {"feature": "age"})
DEMO_WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})
LOAN_WHAT_IF = ("explain_what_if", {"instance": 120, "changes": {"credit_score": 500}})
DEMO_STILL_40 = ("explain_how_to_still_be_this", {"instance": 40})
INSURANCE_STILL = ("explain_how_to_still_be_this", {"instance": 5010})
INSURANCE_PERFORMANCE = ("get_model_performance", {"metric": "all"})
LOAN_PERFORMANCE = ("get_model_performance", {"metric": "all"})
INSURANCE_PREDICTION = ("get_prediction", {"instance": 5010})
REVIEW_DATA = ("get_data_information", {})

CASES = [
    # a backticked label's count (approved 831, rejected 669) and a backticked statistic (age 19-79, mean 48.5)
    ("loan", *LOAN_DATA, True, "The classes: `approved` 831 and `rejected` 669 applications."),
    ("loan", *LOAN_DATA, False, "The classes: `approved` 669 and `rejected` 831 applications."),
    ("demo", *DEMO_AGE, True, "For `age`: `min` 19, `max` 79, `mean` 48.5."),
    ("demo", *DEMO_AGE, False, "For `age`: `min` 79, `max` 19, `mean` 48.5."),
    # a backticked list of features on a text model (its words keep their backticks)
    ("sentiment", *REVIEW_DATA, True, "Columns (2): `text`, `text_length_words`."),
    ("sentiment", *REVIEW_DATA, False, "Columns (3): `text`, `text_length_words`, `star_rating`."),
    # p(`L`) after "before" and "after" (bmi 30: progressing 21.4 % -> 51.8 %)
    ("demo", *DEMO_WHAT_IF, True, "Patient 12 at bmi 30. Before: p(`progressing`) = 0.214. After: 0.518."),
    ("demo", *DEMO_WHAT_IF, False, "Patient 12 at bmi 30. Before: p(`progressing`) = 0.518. After: 0.214."),
    # "L becomes more / less likely" after a what-if (credit score 500: approved 82.7 % -> 47.6 %)
    ("loan", *LOAN_WHAT_IF, True, "With a credit score of 500, approved gets a lot less likely for applicant 120."),
    ("loan", *LOAN_WHAT_IF, False, "With a credit score of 500, approved becomes more likely for applicant 120."),
    ("demo", *DEMO_WHAT_IF, True, "If patient 12's bmi were 30, `progressing` would become more likely."),
    # a kept range with room one way only (patient 40's age 50 kept in 19-50; policyholder 5010's age 36 in 18-52)
    ("demo", *DEMO_STILL_40, True, "Patient 40 stays stable. Age (now 50): only downwards; any higher value flips it."),
    ("demo", *DEMO_STILL_40, False, "Patient 40 stays stable. Age (now 50): only upwards, as far as 79."),
    ("insurance", *INSURANCE_STILL, False, "Policyholder 5010 keeps standard; age 36 can only go up."),
    ("insurance", *INSURANCE_STILL, True, "Policyholder 5010 keeps standard; age 36 can go from 18 to 52."),
    # a confusion matrix's cells: one said of a class ([[19, 16], [3, 82]] over standard, surcharge)
    ("insurance", *INSURANCE_PERFORMANCE, True, "It called 16 standard members surcharge and 3 the other way."),
    ("insurance", *INSURANCE_PERFORMANCE, False, "It called 27 standard members surcharge and 3 the other way."),
    # a matrix written as nested lists, in either orientation and either class order
    ("insurance", *INSURANCE_PERFORMANCE, True, "Confusion matrix: [[19, 16], [3, 82]]."),
    ("insurance", *INSURANCE_PERFORMANCE, True, "Rows predicted, surcharge first: [[82, 16], [3, 19]]."),
    ("insurance", *INSURANCE_PERFORMANCE, False, "Confusion matrix: [[16, 19], [3, 82]]."),
    ("loan", *LOAN_PERFORMANCE, False, "CM = [[142, 24], [45, 98]]."),
    # a name quoted as a class of the model
    ("insurance", *INSURANCE_PREDICTION, True, "Policyholder 5010 is in the `standard` class."),
    ("insurance", *INSURANCE_PREDICTION, False, "Policyholder 5010 is standard, close to the 'review' category."),
    ("insurance", *INSURANCE_PREDICTION, True, "Policyholder 5010 is standard; the model has no `review` category."),
    # performance said to be measured on the rows the model learnt from, against a held-out split
    ("insurance", *INSURANCE_PERFORMANCE, False, "Its accuracy was scored on the members it was fitted on."),
    ("loan", *LOAN_PERFORMANCE, False, "Recall 0.66 (training set)."),
    ("loan", *LOAN_PERFORMANCE, True, "Recall 0.66, on applicants held out from the training data."),
    ("loan", *LOAN_PERFORMANCE, True, "Recall is 0.66 on 300 applicants the model was not trained on."),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims12n_readings(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


def test_a_text_models_backticked_word_stays_quoted():
    """On a text model a code span may quote the input's words: only a label's or a snake_case name's backticks
    go; on other hosts every code span's do."""
    from simxai.guard._terse import plain_code_spans

    said, labels = "`positive` 60, `great` +0.2, `class_balance`", ["negative", "positive"]
    assert plain_code_spans(said, labels, text_model=True) == "positive 60, `great` +0.2, class_balance"
    assert plain_code_spans(said, labels, text_model=False) == "positive 60, great +0.2, class_balance"


def test_a_word_ending_in_a_subject_word_is_no_subject_word():
    """ "id 7" and "patient 12" are references; "paid 28", "arrow 5" are numbers of what they follow."""
    from simxai.guard._reading import numbers

    assert [n.raw for n in numbers("paid 28, arrow 5, patient 12, customer-id 9, id 7")] == ["28", "5"]


def test_a_quoted_class_is_compared_as_spelled():
    from simxai.guard._terse import quoted_class_claims

    assert list(quoted_class_claims("It sits in the 'high risk' class.", ["low_risk", "high_risk"], [])) == [
        ("label high risk", True)
    ]


def test_a_move_needs_both_probabilities():
    """A label said to become more likely is read only where the outputs give its probability before and after."""
    from simxai.guard._terse import likely_move_claims

    said = "So stable becomes less likely."
    assert list(likely_move_claims(said, ["stable", "progressing"], {"stable": {0.8}}, {})) == []
    assert list(likely_move_claims(said, ["stable", "progressing"], {"stable": {0.8}}, {"stable": {0.6}})) == [
        ("probability of stable down", True)
    ]
    assert list(likely_move_claims("So bmi becomes less likely.", ["stable"], {"stable": {0.8}}, {})) == []


def test_the_scorers_give_the_guard_the_function_names_as_the_engine_does():
    """A reply may say which function it ran ("Ran `get_prediction`"): the engine's vocabulary holds the
    functions' names, and so does the scorers' (`bench/guard_set.py`), so that the sets measure the engine's guard.
    """
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from guard_set import vocabulary

    assert "get_prediction" in vocabulary("demo").functions


def test_the_version_names_the_terse_readings():
    from simxai.guard import GUARD_VERSION

    assert GUARD_VERSION in (
        "claims-52",
        "claims-53",
        "claims-54",
        "claims-55",
        "claims-56",
    )  # g8's readings since claims-12n; 13o, 13p, 14-56 later helpers'
