"""The guard's claims-7 mechanisms, one pair (faithful, unfaithful) per mechanism in wording of its own: short
names and short forms, derived numbers (signed moves, room to a kept range's end), quotations of the input, lists
of subjects, a text model's words read as features without quotes, ordered pairs, label slots, the model's
settings and training, invented names that "also push", counts, one counterfactual's probability, label means,
the label an explanation is of.
"""

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.results import result_payload

PREDICTION = ("get_prediction", {"instance": 12})
WHY_NOT = ("explain_why_not", {"instance": 12})
STILL = ("explain_how_to_still_be_this", {"instance": 12})
LOCAL = ("get_local_explanation", {"instance": 12})
MODEL = ("get_model_information", {})
PERFORMANCE = ("get_model_performance", {"metric": "all"})
BMI = ("get_data_information", {"feature": "bmi"})
REVIEW = ("get_local_explanation", {"instance": 4})
REVIEW_WHY_NOT = ("explain_why_not", {"instance": 4})
WORDS = ("get_global_explanation", {})

CASES = [
    # a host's two-letter alias, and a name of two words in the other order
    ("demo", *PREDICTION, True, "Patient 12: bmi 23.7, bp 92."),
    ("demo", *PREDICTION, False, "Patient 12: bmi 92, bp 23.7."),
    ("loan", "get_local_explanation", {"instance": 505}, True, "Her credit score is 586; 15 years of employment."),
    ("loan", "get_local_explanation", {"instance": 505}, False, "Her credit score is 586; 25 years of employment."),
    # short forms of a terse reply
    ("demo", *WHY_NOT, True, "bmi 23.7 → 27.3. New prob. of progressing: 51.8 %."),
    ("demo", *WHY_NOT, False, "bmi 23.7 → 27.3. New prob. of progressing: 48.2 %."),
    # a signed move, and the room to a kept range's end
    ("demo", *WHY_NOT, True, "It takes bmi +3.6 (to 27.3) to reach progressing."),
    ("demo", *WHY_NOT, False, "It takes bmi -3.6 (to 27.3) to reach progressing."),
    ("demo", *STILL, True, "bmi can go up to 27.2 (+3.5) and it stays stable."),
    ("demo", *STILL, False, "bmi can go up to 27.2 (+5.5) and it stays stable."),
    # a histogram's bins and a label's mean
    ("demo", *BMI, True, "The last bin runs 39.78–42.2: 0 stable, 2 progressing patients."),
    ("demo", *BMI, True, "On average stable patients sit at 24.3 and progressing ones at 28.4."),
    ("demo", *BMI, False, "On average stable patients sit at 28.4 and progressing ones at 24.3."),
    # a text model's words as features without quotes
    ("sentiment", *REVIEW, True, "Positive, 89.8 %: enjoyed +0.179, funny +0.149, warm +0.071."),
    ("sentiment", *REVIEW, False, "Positive, 89.8 %: enjoyed +0.179, funny +0.071, warm +0.149."),
    ("sentiment", *REVIEW, False, "Positive, 89.8 %: enjoyed +0.179, funny +0.149, superb +0.071."),
    ("sentiment", *WORDS, True, "Overall: #1 love, #2 beautifully, #3 not."),
    ("sentiment", *WORDS, False, "Overall: #1 beautifully, #2 love, #3 not."),
    ("sentiment", *WORDS, False, "Top 3: love, beautifully, terrible."),
    ("sentiment", *REVIEW_WHY_NOT, True, "enjoyed → hated turns it negative (55.1 %)."),
    ("sentiment", *REVIEW_WHY_NOT, False, "funny → dull turns it negative (55.1 %)."),
    # a feature's numbers as an ordered pair: old before new
    ("demo", *WHY_NOT, True, "Moving bmi from 23.7 to 27.3 would make it progressing."),
    ("demo", *WHY_NOT, False, "Moving bmi from 27.3 to 23.7 would make it progressing."),
    # label slots
    ("demo", *PREDICTION, True, "Patient 12: stable (78.6 %). The recorded label is progressing."),
    ("demo", *PREDICTION, False, "Patient 12: borderline (78.6 %)."),
    ("demo", *PREDICTION, False, "Patient 12: stable for now (78.6 %)."),
    ("demo", *PREDICTION, False, "The recorded label is deteriorating."),
    # the model's settings and training
    ("demo", *MODEL, True, "Boosted trees: 100 trees of depth 2, learning rate 0.1."),
    ("demo", *MODEL, False, "Boosted trees: 100 trees of depth 4."),
    ("demo", *MODEL, True, "It was trained on 353 of the 442 patients."),
    ("demo", *MODEL, False, "It was trained on all 442 patients."),
    # invented names that also contribute, and in a list with signed contributions
    ("demo", *LOCAL, True, "triglycerides_log leads; hdl also pushes towards stable."),
    ("demo", *LOCAL, False, "triglycerides_log leads; screen time also pushes towards stable."),
    ("demo", *LOCAL, False, "triglycerides_log +0.78, vitamin +0.66."),
    # the label an explanation is of
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "It explains the progressing label: triglycerides_log first.",
    ),
    ("demo", "get_global_explanation", {}, False, "The ranking explains the label stable: triglycerides_log first."),
    # counts are whole numbers, not shares
    ("demo", *PERFORMANCE, True, "65 of 89 right. Wrong: 24."),
    ("demo", *PERFORMANCE, False, "65 of 89 right. Wrong: 27."),
    # quotations of the input are not the reply's claims
    (
        "sentiment",
        *REVIEW,
        True,
        'Review 4, "A warm, funny film that my whole family enjoyed.", is predicted positive.',
    ),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims7_mechanisms(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


def _two_options():
    return {
        "kind": "counterfactual",
        "question": "how_to_be_that",
        "subject": {"kind": "row", "id": 7, "values": {"bmi": 30.0, "ldl": 150.0}},
        "current_label": "progressing",
        "target_label": "stable",
        "counterfactuals": [
            {"changes": [{"feature": "bmi", "old": 30.0, "new": 26.0}], "label": "stable", "probability": 0.58},
            {"changes": [{"feature": "ldl", "old": 150.0, "new": 120.0}], "label": "stable", "probability": 0.66},
        ],
    }


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Lowering bmi to 26 gives stable at 58 %; lowering ldl to 120 gives stable at 66 %."),
        (False, "Lowering bmi to 26 gives stable at 66 %; lowering ldl to 120 gives stable at 58 %."),
    ],
)
def test_a_probability_is_bound_to_its_own_counterfactual(hosts, faithful, reply):
    report = check_claims(reply, [_two_options()], vocabulary=Vocabulary.for_schema(hosts["demo"].schema()))
    assert report.passed is faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (
            True,
            "Comparing patients 12 and 40:\n\n| patient | prediction |\n|---|---|\n| 12 | stable |\n| 40 | stable |",
        ),
        (True, "Comparing patients 12 and 40: patient 12 is stable (78.6 %), patient 40 stable (55.4 %)."),
        (False, "Comparing patients 12 and 40: patient 12 is stable (55.4 %), patient 40 stable (78.6 %)."),
    ],
)
def test_a_plural_noun_names_each_subject_of_its_list(hosts, faithful, reply):
    demo = hosts["demo"]
    calls = [("get_prediction", {"instance": 12}), ("get_prediction", {"instance": 40})]
    payloads = [result_payload(default_registry().get(f)(demo, a)) for f, a in calls]
    report = check_claims(reply, payloads, vocabulary=Vocabulary.for_schema(demo.schema()))
    assert report.passed is faithful, report
