"""What the outputs never name (helper invent18): invented features in a list whose places its numbers show,
invented classes in places only a class fills, and model facts the turn's outputs settle. Subjects and wordings
are this file's own: demo patient 12 (stable 78.6 %; triglycerides_log +0.777, hdl +0.659, glucose -0.11,
blood_pressure -0.10), loan applicant 12 (approved 78.0 %), the demo's and sentiment host's descriptions, and an
invented greenhouse host built here (plants that thrive or wilt).
"""

import pytest

from simxai.guard import Vocabulary, check_claims

DEMO_LOCAL = ("get_local_explanation", {"instance": 12})
DEMO_PREDICTION = ("get_prediction", {"instance": 12})
LOAN_PREDICTION = ("get_prediction", {"instance": 12})
PERFORMANCE = ("get_model_performance", {"metric": "all"})
MODEL = ("get_model_information", {})
OUTPUTS = ("get_output_information", {})


@pytest.mark.parametrize(
    ("host", "call", "faithful", "reply"),
    [
        # features placed by their contributions
        (
            "demo",
            DEMO_LOCAL,
            False,
            "Patient 12: triglycerides_log (+0.777), hdl (+0.659) and a low potassium intake keep it stable.",
        ),
        (
            "demo",
            DEMO_LOCAL,
            True,
            "Patient 12: triglycerides_log (+0.777) and hdl (+0.659) lead; glucose (-0.11) and blood pressure "
            "(-0.10) pull the other way.",
        ),
        # a change's place: right after a feature given its new number, on a counterfactual
        (
            "loan",
            ("explain_how_to_be_that", {"instance": 12, "target_label": "rejected"}),
            False,
            "For applicant 12 to be rejected: a credit score of 676 and a guarantor's letter.",
        ),
        (
            "loan",
            ("explain_how_to_be_that", {"instance": 12, "target_label": "rejected"}),
            True,
            "For applicant 12 to be rejected: a credit score of 676 and nothing else.",
        ),
        # the names a rank is said of, on a ranking of every feature
        (
            "demo",
            ("get_global_explanation", {}),
            False,
            "Overall triglycerides_log leads (0.927), then bmi (0.585); calcium intake comes fourth.",
        ),
        (
            "demo",
            ("get_global_explanation", {}),
            True,
            "Overall triglycerides_log leads (0.927), then bmi (0.585); hdl comes fourth.",
        ),
        # a data card's columns
        ("demo", ("get_data_information", {}), False, "442 patients, each with their bmi and shoe size."),
        ("demo", ("get_data_information", {}), True, "442 patients, each with their bmi and blood sugar."),
        ("sentiment", ("get_data_information", {}), False, "120 reviews, plus a reviewer nationality for each one."),
        # classes in a class's place
        ("demo", DEMO_PREDICTION, False, "Patient 12: guarded (78.6 % stable, 21.4 % progressing)."),
        ("demo", DEMO_PREDICTION, True, "Patient 12: stable (78.6 %, against 21.4 % for progressing)."),
        ("loan", LOAN_PREDICTION, False, "Applicant 12 | waitlisted 0.78 | rejected 0.22"),
        ("loan", LOAN_PREDICTION, True, "Applicant 12 | approved 0.78 | rejected 0.22"),
        ("loan", LOAN_PREDICTION, False, "For applicant 12 the model says deferred, at 78 %."),
        ("demo", OUTPUTS, False, "Four outcomes. Stable, progressing, relapsing and remission."),
        ("demo", OUTPUTS, False, "Classes: stable, progressing, stable with monitoring."),
        ("demo", OUTPUTS, True, "Two outcomes: stable and progressing; the score is the model's confidence."),
        # model facts against the turn's outputs
        ("demo", PERFORMANCE, False, "Accuracy 0.730, scored on the training patients."),
        ("demo", PERFORMANCE, True, "Accuracy 0.730, scored on 89 held-out patients, not on the training patients."),
        ("demo", PERFORMANCE, False, "Its recall of 0.727 is an average over cross-validation folds."),
        ("demo", MODEL, False, "Its settings were tuned with 3-fold cross-validation on the training part."),
        ("demo", MODEL, True, "Its settings were tuned with 5-fold cross-validation on the training part."),
        ("demo", OUTPUTS, False, "The score is a calibrated clinical risk."),
        ("demo", OUTPUTS, True, "The score is not calibrated: read it as the model's confidence."),
        ("sentiment", MODEL, False, "VADER was fine-tuned on movie reviews."),
        ("sentiment", MODEL, True, "VADER was not trained on any data: people rated its words."),
    ],
)
def test_what_no_output_names(check_reply, host, call, faithful, reply):
    report = check_reply(host, *call, reply)
    assert report.passed == faithful, report


GREENHOUSE = Vocabulary(
    labels=["thrives", "wilts"],
    features=["soil_ph", "light_hours", "watering_ml"],
    aliases={"light_hours": ["light"], "watering_ml": ["watering"]},
    instance_noun="plant",
    descriptions={"soil_ph": "acidity of the pot's soil", "watering_ml": "water given per day, in ml"},
)
PLANT = {
    "kind": "row",
    "description": "plant 31",
    "id": 31,
    "values": {"soil_ph": 6.4, "light_hours": 9.0, "watering_ml": 120.0},
    "text": None,
    "condition": None,
    "size": 1,
    "ids": None,
}
LOCAL = {
    "kind": "local_explanation",
    "subject": PLANT,
    "label": "thrives",
    "predicted_label": "thrives",
    "probability": 0.83,
    "attributions": [
        {"feature": "soil_ph", "value": 6.4, "contribution": 0.31},
        {"feature": "light_hours", "value": 9.0, "contribution": 0.22},
        {"feature": "watering_ml", "value": 120.0, "contribution": 0.05},
    ],
}
PREDICTION = {
    "kind": "prediction",
    "subject": PLANT,
    "label": "thrives",
    "probabilities": {"thrives": 0.83, "wilts": 0.17},
    "label_counts": None,
    "true_label": None,
}
PERF = {
    "kind": "performance",
    "metric": "all",
    "value": None,
    "metrics": {"accuracy": 0.81, "recall": 0.77},
    "labels": ["thrives", "wilts"],
    "confusion_matrix": None,
    "split": "held-out split",
    "n": 60,
    "group": None,
    "nouns": "plants",
}


@pytest.mark.parametrize(
    ("payload", "faithful", "reply"),
    [
        (LOCAL, False, "For plant 31: soil_ph (+0.31), light (+0.22) and a misting routine (+0.05)."),
        (LOCAL, True, "For plant 31: soil_ph (+0.31), light (+0.22) and its watering (+0.05)."),
        (PREDICTION, False, "Plant 31 — dormant 0.83, wilts 0.17."),
        (PREDICTION, True, "Plant 31 — thrives 0.83, wilts 0.17."),
        (PREDICTION, False, "Plant 31: flowering, at 83 %."),
        (PERF, False, "Accuracy 0.81, measured on the plants it was trained on."),
        (PERF, True, "Accuracy 0.81 on 60 held-out plants the model never saw in training."),
    ],
)
def test_an_invented_host(payload, faithful, reply):
    report = check_claims(reply, [payload], vocabulary=GREENHOUSE)
    assert report.passed == faithful, report
