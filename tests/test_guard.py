from simxai.guard import Vocabulary, check_claims

VOCAB = Vocabulary(labels=["stable", "progressing"], features=["bmi", "glucose", "blood_pressure"])
PREDICTION = {
    "kind": "prediction",
    "label": "progressing",
    "probabilities": {"stable": 0.2769, "progressing": 0.7231},
}
EXPLANATION = {
    "kind": "local_explanation",
    "label": "progressing",
    "attributions": [
        {"feature": "bmi", "value": 32.1, "contribution": 0.81},
        {"feature": "glucose", "value": 90, "contribution": -0.35},
    ],
}


def test_supported_numbers_percentages_and_labels_pass():
    report = check_claims(
        "The model predicts progressing with 72.3% probability (0.72), stable only 27.7%.",
        [PREDICTION],
        vocabulary=VOCAB,
    )
    assert report.passed, report.unsupported
    assert "number 72.3%" in report.claims and "label progressing" in report.claims


def test_invented_number_and_feature_are_unsupported():
    report = check_claims(
        "The model predicts progressing with 91% probability because of glucose.",
        [PREDICTION],
        vocabulary=VOCAB,
    )
    assert not report.passed
    assert "number 91%" in report.unsupported and "feature glucose" in report.unsupported


def test_wrong_direction_is_caught_and_right_one_passes():
    good = check_claims("A bmi of 32.1 pushes towards progressing.", [EXPLANATION], vocabulary=VOCAB)
    assert good.passed, good.unsupported
    bad = check_claims("Glucose increases the risk of progressing.", [EXPLANATION], vocabulary=VOCAB)
    assert "direction glucose +" in bad.unsupported
    flipped = check_claims("Glucose pushes towards stable.", [EXPLANATION], vocabulary=VOCAB)
    assert flipped.passed, flipped.unsupported


def test_numbers_the_user_stated_and_small_counts_pass():
    report = check_claims(
        "If bmi were 30 the top 3 features would change.",
        [PREDICTION],
        vocabulary=VOCAB,
        context="what if bmi 30",
    )
    assert report.passed, report.unsupported


def test_string_outputs_are_checked_too():
    report = check_claims("Accuracy is 0.87.", ["get_model_performance:'accuracy 0.871'"])
    assert report.passed
    assert not check_claims("Accuracy is 0.95.", ["accuracy 0.871"]).passed


def test_no_outputs_means_model_facts_are_unsupported():
    report = check_claims("Patients with bmi over 35 are predicted progressing.", [], vocabulary=VOCAB)
    assert not report.passed
    assert check_claims("Hello! Ask me about the model.", [], vocabulary=VOCAB).passed


def test_a_wrong_predicted_label_is_caught():
    report = check_claims("The model predicts stable for patient 12.", [PREDICTION], vocabulary=VOCAB)
    assert "prediction stable" in report.unsupported
    assert check_claims("The model predicts progressing.", [PREDICTION], vocabulary=VOCAB).passed
