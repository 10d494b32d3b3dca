"""The guard on hand-made payloads: each kind of claim bound to the field it names."""

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims, text_output
from simxai.results import result_payload

VOCAB = Vocabulary(labels=["stable", "progressing"], features=["bmi", "glucose", "blood_pressure"])
PREDICTION = {
    "kind": "prediction",
    "label": "progressing",
    "probabilities": {"stable": 0.2769, "progressing": 0.7231},
}
EXPLANATION = {
    "kind": "local_explanation",
    "label": "progressing",
    "predicted_label": "progressing",
    "probability": 0.7231,
    "base_value": 0.1,
    "output": 0.9,
    "attributions": [
        {"feature": "bmi", "value": 32.1, "contribution": 0.81},
        {"feature": "glucose", "value": 90, "contribution": -0.35},
        {"feature": "blood_pressure", "value": 70, "contribution": 0.05},
    ],
}


def subject(i: int) -> dict:
    return {"kind": "row", "description": f"patient {i}", "id": i}


def test_supported_numbers_percentages_and_labels_pass():
    report = check_claims(
        "The model predicts progressing with 72.3% probability (0.72), stable only 27.7%.",
        [PREDICTION],
        vocabulary=VOCAB,
    )
    assert report.passed, report.unsupported
    assert "number 72.3% (progressing)" in report.claims and "prediction progressing" in report.claims


def test_tolerance_follows_the_precision_shown():
    assert check_claims("progressing is 72%, or 0.7231, or 72.31 percent.", [PREDICTION], vocabulary=VOCAB).passed
    assert not check_claims("progressing has a 72.5% probability.", [PREDICTION], vocabulary=VOCAB).passed


def test_invented_number_and_feature_are_unsupported():
    report = check_claims(
        "The model predicts progressing with 91% probability because of cholesterol_level.",
        [PREDICTION],
        vocabulary=VOCAB,
    )
    assert not report.passed
    assert "number 91% (progressing)" in report.unsupported and "feature cholesterol_level" in report.unsupported


def test_the_other_class_probability_is_caught():
    report = check_claims("It predicts progressing with a probability of 27.7%.", [PREDICTION], vocabulary=VOCAB)
    assert report.unsupported == ["number 27.7% (progressing)"]


def test_wrong_direction_is_caught_and_right_one_passes():
    good = check_claims("A bmi of 32.1 pushes towards progressing.", [EXPLANATION], vocabulary=VOCAB)
    assert good.passed, good.unsupported
    bad = check_claims("Glucose increases the risk of progressing.", [EXPLANATION], vocabulary=VOCAB)
    assert "direction glucose towards progressing" in bad.unsupported
    flipped = check_claims("Glucose pushes towards stable.", [EXPLANATION], vocabulary=VOCAB)
    assert flipped.passed, flipped.unsupported


def test_a_value_is_checked_against_its_own_feature():
    assert check_claims("bmi = 32.1 and glucose = 90.", [EXPLANATION], vocabulary=VOCAB).passed
    report = check_claims("bmi = 90 and glucose = 32.1.", [EXPLANATION], vocabulary=VOCAB)
    assert report.unsupported == ["number 90 (bmi)", "number 32.1 (glucose)"]


def test_rank_claims():
    assert check_claims("bmi is the most important feature.", [EXPLANATION], vocabulary=VOCAB).passed
    assert not check_claims("The main reason is blood_pressure.", [EXPLANATION], vocabulary=VOCAB).passed
    assert check_claims("glucose is the second most important.", [EXPLANATION], vocabulary=VOCAB).passed
    assert not check_claims("glucose matters more than bmi.", [EXPLANATION], vocabulary=VOCAB).passed


def test_numbers_the_user_stated_and_small_counts_pass():
    report = check_claims(
        "If bmi were 30 the top 3 features would change.",
        [PREDICTION],
        vocabulary=VOCAB,
        context="what if bmi 30",
    )
    assert report.passed, report.unsupported
    assert any(u.startswith("number 3 ") for u in report.unchecked)


def test_string_outputs_are_checked_too():
    report = check_claims("Accuracy is 0.87.", ["get_model_performance:'accuracy 0.871'"])
    assert report.passed
    assert not check_claims("Accuracy is 0.95.", ["accuracy 0.871"]).passed


def test_a_bare_label_text_output_is_a_prediction():
    output = text_output("get_prediction", "'neutral'", ["neutral", "negative", "positive"])
    assert output == {"kind": "prediction", "label": "neutral"}
    vocab = Vocabulary(labels=["neutral", "negative", "positive"])
    assert check_claims("The model predicts neutral.", [output], vocabulary=vocab).passed
    assert not check_claims("The model predicts negative.", [output], vocabulary=vocab).passed
    assert text_output("get_prediction", "a long reason", ["neutral"]) == "a long reason"


def test_no_outputs_means_model_facts_are_unsupported():
    report = check_claims("Patients with bmi over 35 are predicted progressing.", [], vocabulary=VOCAB)
    assert not report.passed
    assert check_claims("Hello! Ask me about the model.", [], vocabulary=VOCAB).passed


def test_a_wrong_predicted_label_is_caught():
    report = check_claims("The model predicts stable for patient 12.", [PREDICTION], vocabulary=VOCAB)
    assert "prediction stable" in report.unsupported
    assert check_claims("The model predicts progressing.", [PREDICTION], vocabulary=VOCAB).passed


def test_the_recorded_label_may_be_mentioned_as_recorded():
    payload = {**PREDICTION, "subject": subject(4), "true_label": "stable"}
    assert check_claims(
        "The model predicts progressing for patient 4; the recorded label is stable, so it is wrong.",
        [payload],
        vocabulary=VOCAB,
    ).passed
    report = check_claims("The model predicts stable for patient 4.", [payload], vocabulary=VOCAB)
    assert report.unsupported == ["prediction stable"]
    assert not check_claims("For patient 4, the prediction is correct.", [payload], vocabulary=VOCAB).passed


def test_each_subject_is_checked_against_its_own_outputs():
    one = {**EXPLANATION, "subject": subject(1)}
    two = {
        **EXPLANATION,
        "subject": subject(2),
        "attributions": [{"feature": "bmi", "value": 21.0, "contribution": -0.6}],
    }
    reply = (
        "For patient 1, bmi = 32.1 pushes towards progressing. For patient 2, bmi = 21 pushes away from progressing."
    )
    assert check_claims(reply, [one, two], vocabulary=VOCAB).passed
    swapped = "For patient 1, bmi = 21 pushes towards progressing."
    assert not check_claims(swapped, [one, two], vocabulary=VOCAB).passed
    assert not check_claims("Patient 3 is predicted progressing.", [one, two], vocabulary=VOCAB).passed


def test_what_is_not_checked_is_listed():
    report = check_claims("The model may well be reliable, and stable is one label.", [PREDICTION], vocabulary=VOCAB)
    assert report.passed, report.unsupported
    assert any(u.startswith("label stable") for u in report.unchecked)
    assert any(u.startswith("assessment 'reliab") and "hedged" in u for u in report.unchecked)


def test_a_typographic_apostrophe_still_negates():
    assert check_claims("The model didn\u2019t predict stable.", [PREDICTION], vocabulary=VOCAB).passed
    assert not check_claims("The model didn\u2019t predict progressing.", [PREDICTION], vocabulary=VOCAB).passed
    # Against an output that states no predicted label, "not X" is listed, not judged.
    report = check_claims("It didn\u2019t predict stable.", ["Reason: bmi is high."], vocabulary=VOCAB)
    assert report.passed and any(u.startswith("prediction not stable") for u in report.unchecked)


def test_how_often_and_how_well_need_an_output_that_counts_or_assesses():
    # A frequency or a judgement of the model stated without any output that counts or assesses: unsupported.
    for reply in (
        "Progressing patients are common in the data.",
        "Errors occur rarely, mostly near the boundary.",
        "The model is robust and performs well on older patients.",
    ):
        assert not check_claims(reply, [PREDICTION], vocabulary=VOCAB).passed, reply
    # With an output that counts (or assesses), they are read and listed, not refuted.
    balance = {"kind": "data_information", "class_balance": {"stable": 221, "progressing": 221}, "n_rows": 442}
    report = check_claims("Progressing patients are common in the data.", [balance], vocabulary=VOCAB)
    assert report.passed and any(u.startswith("frequency") for u in report.unchecked)
    metrics = {"kind": "performance", "metric": "all", "metrics": {"accuracy": 0.73}, "n": 89}
    assert check_claims("The model performs well: accuracy 0.73.", [metrics], vocabulary=VOCAB).passed
    # Hedged, they are listed as unchecked.
    assert check_claims("Errors might be rare in practice.", [PREDICTION], vocabulary=VOCAB).passed


def test_a_text_counterfactual_is_checked_as_edits_of_its_rewrites():
    vocab = Vocabulary(labels=["negative", "positive"])
    output = text_output("explain_how_to_be_that", "['The soup was warm and the staff were kind.']", vocab.labels)
    assert output["counterfactuals"][0]["text"].startswith("The soup was warm")
    said = 'Here is my review: "The soup was cold and the staff were rude."'

    def passes(reply: str) -> bool:
        return check_claims(reply, [output], vocabulary=vocab, context=said).passed

    assert passes("Change \u201ccold\u201d to \u201cwarm\u201d and \u2018rude\u2019 to \u2018kind\u2019.")
    assert passes('Rewrite it as: "The soup was warm and the staff were kind."')
    assert not passes('Replace "cold" with "lukewarm" and it turns positive.')  # not the rewrite's word
    assert not passes('Just remove the phrase "the staff" to make it positive.')  # the rewrite keeps it
    assert passes('You could add a comma after "soup".')  # "after" names a place, not what is added


# ---- natural replies about real outputs of the demo host (patient 12: stable 78.6 %, recorded progressing) ----

NATURAL = [
    ("get_prediction", {"instance": 12}, True,
     "Sure! For patient 12, the model predicts **stable** with a probability of 78.6%. The recorded label, "
     "however, is progressing, which means the prediction is incorrect."),
    ("get_prediction", {"instance": 12}, True,
     "Patient 12 is predicted to be stable (78.6% confidence), while the chance of progressing is 21.4%."),
    ("get_prediction", {"instance": 12}, False, "Patient 12 is predicted progressing with 78.6%."),
    ("get_prediction", {"instance": 12}, False, "The model is 85% sure that patient 12 is stable."),
    ("get_local_explanation", {"instance": 12}, True,
     "Here is why patient 12 is predicted stable:\n- triglycerides_log (4.304): pushes towards stable (+0.777)\n"
     "- hdl (62): pushes towards stable (+0.659)\n- sex (1): pushes away from stable (-0.256)"),
    ("get_local_explanation", {"instance": 12}, False,
     "Because her hdl is high (62), the model leans towards progressing."),
    ("get_local_explanation", {"instance": 12}, False, "hdl is the least important feature here."),
    ("get_model_performance", {"metric": "all"}, True,
     "The model achieves an accuracy of 73% on 89 held-out patients, with a precision and recall of 0.727 "
     "and an AUC of 0.80."),
    ("get_model_performance", {"metric": "all"}, False, "The model has an F1 score of 0.803."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, True,
     "If patient 12 had a BMI of 30 instead of 23.7, the prediction would change from stable to progressing "
     "(51.8%)."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, False,
     "Raising her BMI to 30 would not change the prediction; she would remain stable."),
    ("explain_why_not", {"instance": 12}, True,
     "Patient 12 is predicted stable rather than progressing. Raising bmi from 23.7 to 27.3 "
     "would make the model predict progressing with 51.8% probability."),
    ("get_data_information", {}, True, "The dataset has 442 patients, 221 stable and 221 progressing."),
    # ranges: a probability's holds the value, a feature's states both ends
    ("get_prediction", {"instance": 12}, True, "Patient 12: stable, somewhere in the 75–80% range."),
    ("get_prediction", {"instance": 12}, False, "Patient 12: stable, somewhere in the 20–25% range."),
    ("explain_how_to_still_be_this", {"instance": 12}, True, "She stays stable for bmi between 18 and 27.2."),
    ("explain_how_to_still_be_this", {"instance": 12}, False, "She stays stable for bmi between 18 and 35."),
    # tables, keys, lists
    ("get_prediction", {"instance": 12}, True,
     "| patient | prediction | probability |\n| --- | --- | --- |\n| 12 | stable | 78.6% |"),
    ("get_prediction", {"instance": 12}, False,
     "| patient | prediction | probability |\n| --- | --- | --- |\n| 12 | progressing | 78.6% |"),
    ("get_prediction", {"instance": 12}, False, "**Prediction:** progressing\n**Confidence:** 79%"),
    ("get_global_explanation", {}, True, "| rank | feature |\n| --- | --- |\n| 1 | triglycerides_log |\n| 2 | bmi |"),
    ("get_global_explanation", {}, False, "| rank | feature |\n| --- | --- |\n| 1 | bmi |\n| 2 | triglycerides_log |"),
    ("get_local_explanation", {"instance": 12}, True,
     "- triglycerides_log: +0.78\n- hdl: +0.66\nBoth push towards stable."),
    ("get_local_explanation", {"instance": 12}, False,
     "- triglycerides_log: +0.78\n- hdl: +0.66\nBoth push towards progressing."),
    # whose probability, before or after a change
    ("get_prediction", {"instance": 12}, True, "There's about a one-in-five chance (21%) of progressing."),
    ("get_prediction", {"instance": 12}, False, "Prediction → stable (p ≈ 0.21)."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, True,
     "It was stable at 78.6%; with bmi at 30 it changes to progressing at 51.8%."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, False,
     "With bmi at 30 it changes to progressing, at 21.4%."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, False,
     "| | before | after |\n| --- | --- | --- |\n| bmi | 23.7 | 30 |\n| prediction | stable | stable |"),
    # labels in a change, verdicts, comparisons
    ("explain_why_not", {"instance": 12}, False, "To flip patient 12 from progressing to stable, raise bmi to 27.3."),
    ("get_prediction", {"instance": 12}, False, "The model says stable and the record agrees: it got this one right."),
    ("get_global_explanation", {}, True, "bmi and hdl matter, but neither as much as triglycerides_log."),
    ("get_global_explanation", {}, False, "bmi and hdl matter, but neither as much as age."),
    # approximations, pairs of class probabilities, a direction that helps the label just named
    ("get_prediction", {"instance": 12}, True, "Stable, at about 80%."),
    ("get_prediction", {"instance": 12}, False, "Stable, at about 90%."),
    ("get_prediction", {"instance": 12}, False, "Stable, at 80%."),  # no "about": shown to the unit, 79 %
    ("get_prediction", {"instance": 12}, True, "Stable is ahead, 78.6% to 21.4%."),
    ("get_prediction", {"instance": 12}, False, "Stable is ahead, 21.4% to 78.6%."),
    ("get_local_explanation", {"instance": 12}, True,
     "triglycerides_log (4.304) is what makes her stable; hdl (62) also helps."),
    ("get_local_explanation", {"instance": 12}, False,
     "triglycerides_log (4.304) is what makes her stable; sex (1) also helps."),
    ("get_global_explanation", {}, False, "Across patients, glucose dominates."),
    # an imperative change states an outcome; 'still' after a counterfactual's change is refuted
    ("explain_why_not", {"instance": 12}, True, "Raise bmi to 27.3 and the model calls it progressing."),
    ("explain_why_not", {"instance": 12}, False, "If bmi were 27.3, it would still be stable."),
    # a what-if's change amount and both probabilities; a fraction after a label; today's state
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, True,
     "Raising bmi by 6.3 (about 27% higher) flips her to progressing: its chance goes from 21.4% to 51.8%, "
     "up 30.4 points."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, False,
     "Raising bmi by 6.3 flips her to progressing: its chance goes from 21.4% to 61.8%."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, False,
     "Raising bmi by 12.5 flips her to progressing at 51.8%."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, True,
     "Stable was at 78.6% before; now progressing gets 51.8% and stable 48.2%."),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, False,
     "With bmi at 30, patient 12 would still be stable."),
    ("explain_why_not", {"instance": 12}, True, "With bmi at 27.3 she would be progressing at 0.52; otherwise stable."),
    ("explain_why_not", {"instance": 12}, False, "With bmi at 27.3 she would be progressing at 0.72."),
    ("explain_why_not", {"instance": 12}, False,
     "With bmi at 27.3 she would be progressing; short of that she would no longer be stable."),
    # counts a confusion matrix gives ([[33, 12], [12, 32]] on 89 patients)
    ("get_model_performance", {"metric": "all"}, True,
     "It gets 65 of 89 patients right (73%) and 24 wrong; of the 44 progressing patients it finds 32."),
    ("get_model_performance", {"metric": "all"}, False, "It gets 71 of 89 patients right."),
    ("get_model_performance", {"metric": "all"}, False, "Of the 44 stable patients it finds 32."),
    ("get_model_performance", {"metric": "all"}, False, "The model has an accuracy of 0.727."),
    # names in a feature's position, items of a list of labels
    ("get_local_explanation", {"instance": 12}, False, "She is stable mostly because of her income."),
    ("get_local_explanation", {"instance": 12}, True, "She is stable mostly because of her triglycerides."),
    ("get_global_explanation", {}, False, "Overall, smoking matters most, then bmi."),
    ("explain_why_not", {"instance": 12}, False, "Raise her weight by 4 kg to get progressing."),
    ("get_global_explanation", {}, False, "bmi matters, but not as much as salary."),
    ("explain_why_not", {"instance": 12}, False, "Progressing would need her weight at 80 instead of 70."),
    ("explain_why_not", {"instance": 12}, True, "Progressing would need her bmi at 27.3 instead of 23.7."),
    # the other class's probability as a fraction; a label under a subject's key; "lands on"
    ("get_prediction", {"instance": 12}, True, "It predicts stable at 0.79, which leaves 0.21 for progressing."),
    ("get_prediction", {"instance": 12}, False, "It predicts stable at 0.79, which leaves 0.79 for progressing."),
    ("get_prediction", {"instance": 12}, False, "Patient 12: progressing."),
    ("get_prediction", {"instance": 12}, False, "The model lands on progressing for patient 12."),
    ("get_output_information", {}, True, "It predicts one of 2 classes: stable or progressing."),
    ("get_output_information", {}, False, "It predicts one of 3 classes: stable, progressing or uncertain."),
]  # fmt: skip


@pytest.mark.parametrize(("function", "arguments", "faithful", "reply"), NATURAL)
def test_natural_replies_about_real_outputs(demo_host, function, arguments, faithful, reply):
    schema = demo_host.schema()
    vocab = Vocabulary(
        labels=list(schema.class_names),
        features=[f.name for f in schema.features],
        aliases={f.name: list(f.aliases) for f in schema.features},
        instance_noun=schema.instance_noun,
    )
    payload = result_payload(default_registry().get(function)(demo_host, arguments))
    report = check_claims(reply, [payload], vocabulary=vocab)
    assert report.passed is faithful, report


def test_what_the_guard_does_not_read_is_listed_as_unchecked():
    output = ["The model predicts stable for patient 12 (probabilities: stable 78.6%, progressing 21.4%)."]
    long_clause = "It predicts stable " + "and " * 600 + "that is all."
    report = check_claims(long_clause, output)
    assert any(u.startswith("a clause of 2,") for u in report.unchecked)
    many = "; ".join(f"a value of {i}.5" for i in range(400))
    assert "numbers after the first 300" in check_claims(many, output).unchecked


def test_a_clause_about_two_subjects_binds_each_label_to_its_own(demo_host):
    schema = demo_host.schema()
    vocab = Vocabulary(labels=list(schema.class_names), features=[f.name for f in schema.features])
    outputs = [result_payload(default_registry().get("get_prediction")(demo_host, {"instance": i})) for i in (12, 40)]
    assert [o["label"] for o in outputs] == ["stable", "stable"]
    assert check_claims("Patient 12 comes out stable and patient 40 stable too.", outputs, vocabulary=vocab).passed
    wrong = "Patient 12 comes out stable and patient 40 progressing."
    assert not check_claims(wrong, outputs, vocabulary=vocab).passed


LOAN = Vocabulary(labels=["approved", "rejected"], features=["income", "loan_amount"], instance_noun="applicant")
#: A wrong-premise explanation: the model predicts approved for applicant 14; "rejected" is explained.
PREMISE = {
    "kind": "local_explanation",
    "subject": {"kind": "row", "id": 14, "description": "applicant 14"},
    "label": "rejected",
    "predicted_label": "approved",
    "probability": 0.81,
    "base_value": -0.2,
    "output": -1.45,
    "attributions": [{"feature": "income", "value": 5200, "contribution": -0.9}],
    "recorded_label": "rejected",
}


@pytest.mark.parametrize(
    "reply",
    [
        "Applicant 14 was rejected because income pushes away from rejected.",
        "The model rejected applicant 14 because of income.",
        "Applicant 14 is rejected.",
        "The model rejects her.",
        "She is not approved.",
    ],
)
def test_a_label_said_of_the_subject_is_a_prediction_claim(reply):
    report = check_claims(reply, [PREMISE], vocabulary=LOAN)
    assert not report.passed and any(u.startswith("prediction ") for u in report.unsupported), report


@pytest.mark.parametrize(
    "reply",
    [
        "Applicant 14 is approved.",
        "The model approved applicant 14.",
        "It approves her.",
        "The model did not reject her.",
        "Applicant 14 is not rejected.",
    ],
)
def test_the_predicted_label_said_of_the_subject_passes(reply):
    report = check_claims(reply, [PREMISE], vocabulary=LOAN)
    assert report.passed, report.unsupported
    assert any(c.startswith("prediction ") for c in report.claims), report.claims


@pytest.mark.parametrize(
    "reply",
    [
        "Applicant 14 was recorded as rejected.",
        "Its recorded label is rejected.",
        "In the data she was rejected.",
        "She was actually rejected.",
        "The model predicts approved for applicant 14, not rejected; its recorded label is rejected.",
    ],
)
def test_the_recorded_label_of_an_explanation_is_checked_as_recorded(reply):
    report = check_claims(reply, [PREMISE], vocabulary=LOAN)
    assert report.passed, report.unsupported
    assert "recorded label rejected" in report.claims
    wrong = check_claims(reply.replace("rejected", "approved").replace("not approved", "not rejected"), [PREMISE],
                         vocabulary=LOAN)  # fmt: skip
    assert "recorded label approved" in wrong.unsupported


def test_would_still_be_is_todays_label():
    assert check_claims("It would still be approved.", [PREMISE], vocabulary=LOAN).passed
    assert "outcome rejected" in check_claims("It would still be rejected.", [PREMISE], vocabulary=LOAN).unsupported


def test_without_a_recorded_label_it_is_listed_unchecked():
    bare = {k: v for k, v in PREMISE.items() if k != "recorded_label"}
    report = check_claims("Its recorded label is rejected.", [bare], vocabulary=LOAN)
    assert report.passed and "recorded label rejected (no recorded label in the outputs)" in report.unchecked


@pytest.mark.parametrize(
    "reply",
    [
        "Applicant 14 would be rejected if income dropped.",
        "If income dropped, she would be rejected.",
        "The model would reject her if her income fell.",
        "Applicant 14 could be approved.",
        "Applicant 14 could be rejected.",
        "Why was applicant 14 rejected?",
        "Is applicant 14 rejected?",
    ],
)
def test_hypotheticals_and_questions_are_no_prediction_claims(reply):
    report = check_claims(reply, [PREMISE], vocabulary=LOAN)
    assert report.passed, report.unsupported
    assert not any(c.startswith("prediction ") for c in report.claims), report.claims


def test_a_what_ifs_new_label_is_an_outcome_not_todays_prediction():
    what_if = {
        "kind": "what_if",
        "subject": {"kind": "row", "id": 14, "description": "applicant 14"},
        "old_label": "approved",
        "new_label": "rejected",
        "changes": [{"feature": "income", "old": 5200, "new": 1000}],
    }
    assert check_claims("With income at 1000, applicant 14 becomes rejected.", [what_if], vocabulary=LOAN).passed
    assert check_claims("Applicant 14 is approved today.", [what_if], vocabulary=LOAN).passed
    assert not check_claims("Applicant 14 is rejected today.", [what_if], vocabulary=LOAN).passed


def test_several_label_claims_against_a_text_output():
    report = check_claims(
        "It predicts stable and it predicts progressing.", ["The model says stable."], vocabulary=VOCAB
    )
    assert report.claims[-2:] == ["prediction stable", "prediction progressing"]
    assert report.unsupported == ["prediction progressing"]


def test_check_reply_reads_a_reply_as_the_engine_does(check_reply, hosts):
    """The engine's vocabulary holds the callable functions' names (a reply may name them without inventing a
    feature); the `check_reply` fixture the claim tests use must judge with the same vocabulary."""
    reply = "I ran get_prediction for patient 12; explain_why_not would say what it takes to change it."
    assert check_reply("demo", "get_prediction", {"instance": 12}, reply).passed
    invented = "I ran get_prediction for patient 12; its insulin_level matters most."
    assert check_reply("demo", "get_prediction", {"instance": 12}, invented).unsupported == ["feature insulin_level"]
