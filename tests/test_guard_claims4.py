"""The guard on the styles probes4 showed it misread: denied numbers and labels ("not 0.8", "not X but Y"),
asides that name no state, two subjects in one clause, shares in words, the model's family, comparatives as
the direction of a change, "the other class", and names given a value ("a bmi of 32", "32 for bmi").
"""

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.results import result_payload

WHY_NOT = ("explain_why_not", {"instance": 12})
WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"triglycerides_log": "-10%"}})
WHAT_IF_FLIP = ("explain_what_if", {"instance": 101, "changes": {"triglycerides_log": "+40%"}})
PREDICTION = ("get_prediction", {"instance": 12})
PERFORMANCE = ("get_model_performance", {"metric": "all"})

CASES = [
    # a number the reply denies is no claim; the one it states is
    ("demo", *PERFORMANCE, True, "Accuracy is 0.73, not 0.8 (that is the ROC AUC)."),
    ("demo", *PERFORMANCE, False, "Accuracy is 0.8, not 0.73 (that is the ROC AUC)."),
    # "stays not X but Y", "not X but Y"
    ("demo", "explain_how_to_still_be_this", {"instance": 12}, True, "It stays not progressing but stable."),
    ("demo", "explain_how_to_still_be_this", {"instance": 12}, False, "It stays not stable but progressing."),
    ("demo", *PREDICTION, True, "For patient 12 the model says not progressing but stable (78.6%)."),
    ("demo", *PREDICTION, False, "For patient 12 the model says not stable but progressing (78.6%)."),
    ("demo", *WHY_NOT, True, "A bmi of 27.3 makes the prediction not stable but progressing."),
    ("demo", *WHY_NOT, False, "A bmi of 27.3 makes the prediction not progressing but stable."),
    # an aside about a value does not make the number after it the state before the change
    ("demo", *WHAT_IF, True, "3.874 for triglycerides_log (it was 4.304) gives stable 87.7%."),
    ("demo", *WHAT_IF, False, "3.874 for triglycerides_log (it was 4.304) gives stable 12.3%."),
    # a denied label after the change is about the new label
    ("demo", *WHAT_IF_FLIP, True, "It does not predict stable after the change; progressing gets about 65%."),
    ("demo", *WHAT_IF_FLIP, False, "It does not predict progressing after the change."),
    # shares in words
    ("demo", *PREDICTION, True, "stable, with roughly four in five confidence, is what it predicts for patient 12."),
    ("demo", *PREDICTION, False, "stable, with just over one in five confidence, is what it predicts for patient 12."),
    ("demo", *WHAT_IF, False, "Setting triglycerides_log to 3.874, stable sits at just over one in ten."),
    ("loan", *PERFORMANCE, True, "It gets just over three quarters of the 300 held-out cases right."),
    ("loan", *PERFORMANCE, False, "Just over half of its answers are right."),
    ("loan", *PERFORMANCE, True, "It catches about two thirds of the applications that are actually rejected."),
    ("demo", "get_data_information", {}, True, "It holds 442 rows; roughly half of the rows are stable."),
    ("demo", "get_data_information", {}, False, "It holds 442 rows; roughly a quarter of the rows are stable."),
    # the model's family, when the outputs name it
    ("demo", "get_model_information", {}, True, "It is gradient-boosted trees, not a neural network."),
    ("demo", "get_model_information", {}, False, "Under the hood: a random forest."),
    ("loan", "get_model_information", {}, True, "It is a random forest behind a one-hot encoding."),
    ("loan", "get_model_information", {}, False, "It is a transformer."),
    ("sentiment", "get_model_information", {}, True, "It is a lexicon-based model (VADER)."),
    # a comparative under a condition is the direction of the change
    ("demo", *WHY_NOT, True, "It would take a higher bmi, 23.7 → 27.3, for the model to say progressing."),
    ("demo", *WHY_NOT, False, "It would take a lower bmi, 23.7 → 27.3, for the model to say progressing."),
    # "a X call"; "the other class"; two subjects in one clause
    ("demo", *PREDICTION, False, "It's a progressing call for patient 12."),
    ("demo", *PREDICTION, True, "The model gives 78.6% for stable for patient 12, and 21.4% for the other class."),
    ("demo", *PREDICTION, False, "The model gives 21.4% for stable for patient 12, and 78.6% for the other class."),
    # a name given a value must be a feature
    ("demo", "get_local_explanation", {"instance": 12}, True, "A triglycerides_log of 4.304 pushes towards stable."),
    ("demo", "get_local_explanation", {"instance": 12}, False, "A income of 4.304 pushes towards stable."),
    ("loan", "get_global_explanation", {}, False, "0.153 for smoking and 0.122 for debt_to_income."),
    ("loan", "explain_why_not", {"instance": 101}, False, "A higher smoking (668 instead of 613) would flip it."),
    # a scale's reference point, a bound on a share and a cut-off are no values of the outputs
    ("demo", *PERFORMANCE, True, "Its ROC AUC is 0.803 (1.0 is perfect, 0.5 is random)."),
    ("demo", *PREDICTION, True, "Patient 12: stable (78.6 %), a margin > 50 pts over progressing."),
    ("demo", "get_data_information", {}, False, "A patient is progressing when the score is ≤ 150."),
    # a restated question states nothing
    ("demo", *PREDICTION, True, "You're asking whether the prediction for patient 12 is correct."),
    # a number before an arrow is the state before the change; "no flip" is no flip
    ("demo", *WHAT_IF, True, "triglycerides_log 4.304 → 3.874: stable 78.6 % → 87.7 %. No flip."),
    ("demo", *WHAT_IF, False, "triglycerides_log 4.304 → 3.874: stable 87.7 % → 78.6 %. No flip."),
    ("demo", *WHAT_IF_FLIP, False, "triglycerides_log 4.304 → 6.026. No flip."),
    # a fraction right after a label is its probability
    ("demo", *PREDICTION, True, "Patient 12 (bmi 23.7, glucose 81): stable, 0.79."),
    ("demo", *PREDICTION, False, "Patient 12 (bmi 23.7, glucose 81): stable, 0.21."),
    # a pair of numbers given to a pair of named features
    ("demo", "get_local_explanation", {"instance": 12}, True, "triglycerides_log outweighs hdl (+0.78 vs +0.66)."),
    ("demo", "get_local_explanation", {"instance": 12}, False, "triglycerides_log outweighs hdl (+0.88 vs +0.66)."),
    # a kind of words and an abbreviation are no invented features
    ("sentiment", "get_global_explanation", {}, True, "It relies most on clear sentiment words."),
    ("demo", *PERFORMANCE, True, "ROC AUC 0.803. Acc. 0.73 for cf."),
    # a move said with both ends goes the way its numbers do
    ("demo", *WHAT_IF, True, "The probability of stable would rise from 78.6% to 87.7%."),
    ("demo", *WHAT_IF, False, "The probability of stable would fall from 78.6% to 87.7%."),
    # a property the outputs deny
    ("demo", "get_output_information", {}, True, "The scores are not calibrated, so read them as confidence."),
    ("demo", "get_output_information", {}, False, "The probabilities are calibrated clinical risks."),
    ("sentiment", "get_model_information", {}, False, "VADER was fine-tuned on the 120 reviews."),
]


def _check(hosts, host, calls, reply):
    chosen = hosts[host]
    schema = chosen.schema()
    vocab = Vocabulary(
        labels=list(schema.class_names),
        features=[f.name for f in schema.features],
        aliases={f.name: list(f.aliases) for f in schema.features},
        instance_noun=schema.instance_noun,
    )
    payloads = [result_payload(default_registry().get(f)(chosen, a)) for f, a in calls]
    return check_claims(reply, payloads, vocabulary=vocab)


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims_read_in_probes4_styles(hosts, host, function, arguments, faithful, reply):
    report = _check(hosts, host, [(function, arguments)], reply)
    assert report.passed is faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Patient 12 (stable, 78.6%) and patient 40 (stable, 55.4%) differ in how sure the model is."),
        (False, "Patient 12 (stable, 55.4%) and patient 40 (stable, 78.6%) differ in how sure the model is."),
    ],
)
def test_what_a_clause_says_before_naming_its_subject_is_about_the_one_before(hosts, faithful, reply):
    calls = [PREDICTION, ("get_prediction", {"instance": 40})]
    assert _check(hosts, "demo", calls, reply).passed is faithful
