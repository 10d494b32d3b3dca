"""The guard's claims-8 mechanisms: a guard that flags only what it is sure is wrong. Each reading path that was
fragile across writers is either made precise (a pair of replies: the faithful one passes, the unfaithful one is
flagged) or made non-flagging (the number is listed in `unchecked`, never dropped): numbers said as differences,
totals, examples and the 50 % line; a probability written p(X), a label right before its percentage, "a 21 %
chance that it's X"; a fraction feature said in percent; label means named after the number or given as a pair;
numbers of a sentence about several subjects that names none; a list said to be in rank order; a quoted word
that is a feature, not a negation; a name after a word of a feature's name; the label noun "approval"; a word in a
prediction's slot ("predicts **improving**") that is no label.
"""

import pytest

from simxai.functions import default_registry
from simxai.guard import GUARD_VERSION, Vocabulary, check_claims
from simxai.results import result_payload

PREDICTION = ("get_prediction", {"instance": 12})
WHY_NOT = ("explain_why_not", {"instance": 12})
LOCAL = ("get_local_explanation", {"instance": 12})
WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 35}})
BMI = ("get_data_information", {"feature": "bmi"})
GROUP = ("get_prediction", {"instance": "age > 60"})
LOAN_WHAT_IF = ("explain_what_if", {"instance": 505, "changes": {"debt_to_income": 0.2}})
LOAN_LOCAL = ("get_local_explanation", {"instance": 7})
LOAN_PREDICTION = ("get_prediction", {"instance": 7})
REVIEW = ("get_local_explanation", {"instance": 52})

CASES = [
    # a difference of two of the outputs' numbers is checked against the differences they give
    ("demo", *PREDICTION, True, "Stable wins by a gap of about 57 points (78.6 % against 21.4 %)."),
    ("demo", *WHY_NOT, True, "bmi needs an increase of 3.6 (about 15 %), to 27.3, to reach progressing."),
    # the midpoint of a two-class probability said as a line; said as the subject's value it is checked
    ("demo", *WHY_NOT, True, "At 27.3, progressing gets 51.8 %, just over the 50 % line."),
    ("demo", *PREDICTION, False, "Patient 12 is predicted stable at 50 %."),
    # a probability written p(X), and a label right before its percentage
    ("demo", *PREDICTION, True, "p(stable) = 0.786, p(progressing) = 0.214."),
    ("demo", *PREDICTION, False, "p(stable) = 0.214, p(progressing) = 0.786."),
    ("demo", *WHAT_IF, True, "bmi 23.7 → 35: stable 78.6 % becomes progressing 59.8 %."),
    ("demo", *WHAT_IF, False, "bmi 23.7 → 35: stable 59.8 % becomes progressing 78.6 %."),
    ("demo", *WHAT_IF, True, "Raising bmi to 35 gives progressing at 59.8 % instead of stable at 78.6 %."),
    # "a chance that it's X": the label after the number
    ("demo", *PREDICTION, True, "Stable, but there is a 21 % chance, about one in five, that it's progressing."),
    ("demo", *PREDICTION, False, "Stable, but there is a 79 % chance that it's progressing."),
    # a feature whose values are fractions, said in percent; the noun form of approved
    ("loan", *LOAN_WHAT_IF, True, "Cutting debt_to_income from 27 % to 20 % raises the approval chance to 43.4 %."),
    ("loan", *LOAN_WHAT_IF, False, "Cutting debt_to_income from 37 % to 20 % raises the approval chance to 43.4 %."),
    ("loan", *LOAN_WHAT_IF, False, "Cutting debt_to_income to 0.2 raises the approval chance to 56.6 %."),
    # a label's mean named after the number, and the second of a pair of means
    ("demo", *BMI, True, "By label, the mean is 24.3 for stable and 28.4 for progressing."),
    ("demo", *BMI, False, "By label, the mean is 28.4 for stable and 24.3 for progressing."),
    ("demo", *BMI, True, "Progressing patients are heavier on average (28.4 versus 24.3)."),
    # a share of a group's counts
    ("demo", *GROUP, True, "61 are predicted progressing and 25 stable, so about 71 % of the group."),
    ("demo", *GROUP, False, "61 are predicted progressing and 25 stable, so about 81 % of the group."),
    # a contribution subtracted; a gerund of being carries no feature into its clause
    ("demo", *LOCAL, True, "Her sex value (1) subtracts 0.26."),
    ("demo", *LOCAL, False, "Her sex value (1) subtracts 0.66."),
    ("loan", *LOAN_LOCAL, True, "Income (24.9) adds 0.07. Being 19 years old works the other way, taking off 0.06."),
    # a list said to be in rank order
    ("demo", *LOCAL, True, "The contributions rank the features as follows:\n- triglycerides_log\n- hdl\n- bmi"),
    ("demo", *LOCAL, False, "The contributions rank the features as follows:\n- hdl\n- triglycerides_log\n- bmi"),
    # a quoted word of a text model is a feature, not a negation
    ("sentiment", *REVIEW, True, '- "not": +0.228, pushing towards positive\n- "failed": -0.027, pushing away from it'),
    ("sentiment", *REVIEW, False, '- "not": +0.228, pushing away from positive'),
    # a name right after a word of a feature's name is that feature's; a name of its own is still read
    ("loan", *LOAN_LOCAL, True, "- **debt-to-income ratio** (value 0.27): +0.026"),
    ("loan", *LOAN_LOCAL, False, "- **savings ratio** (value 0.27): +0.026"),
    # a word in a prediction's slot must be a label (a feature there is no label claim)
    ("demo", *PREDICTION, True, "The model predicts **stable** for patient 12, correctly or not."),
    ("demo", *PREDICTION, False, "The model predicts **improving** for patient 12."),
    ("demo", *PREDICTION, False, "Patient 12 is classified as borderline."),
    ("demo", "explain_how_to_still_be_this", {"instance": 12}, True, "Robust pred. bmi: 18-27.2 keeps it stable."),
    # the one reader of a prediction's places (`_invented`) reads them quoted and after "classed as", "X leans to"
    ("demo", *PREDICTION, True, "The model predicts `stable` for patient 12."),
    ("demo", *PREDICTION, False, "The model predicts `improving` for patient 12."),
    ("demo", *PREDICTION, False, "Patient 12 is classed as borderline."),
    ("demo", *PREDICTION, False, "Patient 12 leans towards improving."),
    # a share written with digits; an adverb is no name; a change listed as "X from A to B" names a feature
    ("loan", *LOAN_PREDICTION, True, "Approved gets the remaining 31 %, i.e. about 1 in 3."),
    ("demo", *LOCAL, True, "ldl works against stable, and barely (-0.009)."),
    ("demo", *WHY_NOT, True, "The smallest change is bmi from 23.7 to 27.3, which gives progressing 51.8 %."),
    ("demo", *WHY_NOT, False, "The smallest change is insulin from 23.3 to 30.6, which gives progressing 51.8 %."),
    ("demo", *WHY_NOT, True, "The smallest change: bmi rises from 23.7 to 27.3, which gives progressing 51.8 %."),
    ("demo", *WHY_NOT, False, "The smallest change: insulin rises from 23.3 to 30.6, which gives progressing 51.8 %."),
    # "and rises" after the prediction is the prediction's move, not the carried feature's; a quantifier is no name
    (
        "demo",
        "explain_what_if",
        {"instance": 44, "changes": {"glucose": 72}},
        True,
        "Lowering glucose from 87 to 72 leaves it progressing, and actually rises slightly, from 88.2 % to 90.4 %.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 4},
        True,
        "enjoyed leads (+0.179). No word pulls towards negative.",
    ),
    # a key that names the decision
    ("loan", *LOAN_PREDICTION, True, "Decision: rejected. Confidence: 69 %."),
    ("loan", *LOAN_PREDICTION, False, "Decision: approved. Confidence: 69 %."),
]

#: (host, function, arguments, reply, the number and the reason its `unchecked` entry names)
UNCHECKED = [
    ("demo", *PREDICTION, "Stable wins by a gap of about 40 points.", ("number 40 ", "a difference")),
    ("demo", *LOCAL, "Together the top three add about 1.79 in log-odds.", ("number 1.79 ", "a total")),
    ("demo", *PREDICTION, "A 70 % score does not mean 7 in 10 such patients progress.", ("number 70%", "an example")),
    ("demo", *WHY_NOT, "Progressing edges ahead with 51.8 %, above the 50 % line.", ("number 50%", "midpoint")),
    (
        "demo",
        "get_output_information",
        {},
        "A score of 0.9 means 90 % of such calls agree.",
        ("number 0.9", "an example"),
    ),
]


def test_the_version_names_the_claims8_checks():
    assert GUARD_VERSION.startswith("claims-")


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims8_mechanisms(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


@pytest.mark.parametrize(("host", "function", "arguments", "reply", "listed"), UNCHECKED)
def test_a_number_in_an_unsure_frame_is_listed_as_unchecked_not_flagged(
    check_reply, host, function, arguments, reply, listed
):
    report = check_reply(host, function, arguments, reply)
    assert report.passed, report
    number, reason = listed
    assert any(u.startswith(number) and reason in u for u in report.unchecked), report.unchecked


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "The model is more confident about the first one (78.6 % against 55.4 %)."),
        (False, "The model is more confident about the first one (81.6 % against 55.4 %)."),
    ],
)
def test_a_sentence_naming_no_subject_may_give_either_subjects_number(hosts, faithful, reply):
    demo = hosts["demo"]
    calls = [("get_prediction", {"instance": 12}), ("get_prediction", {"instance": 40})]
    payloads = [result_payload(default_registry().get(f)(demo, a)) for f, a in calls]
    text = f"Patient 12 is stable (78.6 %); patient 40 is stable (55.4 %). {reply}"
    report = check_claims(text, payloads, vocabulary=Vocabulary.for_schema(demo.schema()))
    assert report.passed is faithful, report


def test_training_on_all_the_data_holds_when_the_model_card_says_so(hosts):
    card = {
        "kind": "model_information",
        "model_type": "RandomForestClassifier",
        "training": "Fitted on all 600 members. Its performance is measured on a held-out split of 120 of them.",
    }
    vocab = Vocabulary.for_schema(hosts["demo"].schema())
    assert check_claims("It was fitted on all 600 members.", [card], vocabulary=vocab).passed
    card["training"] = "It was trained on an 80 % split; performance is measured on a held-out split."
    assert not check_claims("It was fitted on all 600 members.", [card], vocabulary=vocab).passed
