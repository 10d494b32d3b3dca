"""The guard's claims-21 changes (helper guard22), each a cause of false alarms or misses that recurred across DEV
writers. Subjects and wordings are this file's own (demo patient 12: stable 78.6 %, progressing 21.4 %; loan, 300
held out: accuracy 0.77, precision 0.788, recall 0.664; sentiment, 120 labelled reviews: accuracy 0.90).
"""

import pytest

ALL_METRICS = ("get_model_performance", {"metric": "all"})
PREDICTION_12 = ("get_prediction", {"instance": 12})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a decimal said in words, "point" then its digits: one number, not the digit after "point"
        ("demo", *PREDICTION_12, True, "Patient twelve? Stable, seventy-eight point six per cent."),
        ("demo", *PREDICTION_12, False, "Patient twelve? Stable, twenty-one point four per cent."),
        ("loan", *ALL_METRICS, True, "Recall sixty-six point four per cent, precision seventy-eight point eight."),
        ("loan", *ALL_METRICS, False, "Recall seventy-eight point eight per cent, on three hundred applicants."),
        ("sentiment", *ALL_METRICS, True, "Accuracy zero point nine on the hundred and twenty reviews."),
        ("sentiment", *ALL_METRICS, False, "Accuracy zero point eight on the hundred and twenty reviews."),
        # a number and a half
        ("loan", *ALL_METRICS, True, "Accuracy: seventy-seven per cent of the three hundred."),
        ("loan", *ALL_METRICS, False, "Accuracy: seventy-seven and a half per cent of the three hundred."),
    ],
)
def test_decimals_and_halves_in_words(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report


def test_spelled_decimals_read_as_one_number():
    from simxai.guard._spelled import spelled_numbers

    assert spelled_numbers("ninety-one point seven per cent") == "91.7 per cent"
    assert spelled_numbers("zero point nine on the hundred and twenty") == "0.9 on the 120"
    assert spelled_numbers("eighty-seven and a half per cent") == "87.5 per cent"
    assert spelled_numbers("stable at forty-one point four.") == "stable at 41.4."
    # not a decimal: "point" as a noun, "a half of" a whole
    assert spelled_numbers("a point of order") == "a point of order"
    assert spelled_numbers("3 and a half of them") == "3 and a half of them"


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        # after a list closed by "and", a phrase set off by a bare comma is a comment on it, no item
        ("demo", True, "Patient 12 is stable. Look at bmi and glucose, the usual suspects."),
        ("demo", True, "Patient 12 is stable: hdl 62 and glucose 81, both middling."),
        ("loan", True, "Applicant 12 is approved, on credit score and debt-to-income, the two heavyweights."),
        ("demo", False, "Patient 12 is stable. Look at bmi, glucose and the waist size."),
        ("loan", False, "Applicant 12 is approved, on credit score, debt-to-income and savings balance."),
        # the last words of a sentence after features given numbers, when they give none
        ("demo", True, "Patient 12 is stable: bmi 23.7, hdl 62, glucose 81, unremarkable."),
        ("loan", True, "Applicant 12 is approved: credit score 838, income 17.3, reassuring."),
        ("loan", False, "Applicant 12 is approved: credit score 838, income 17.3, savings balance 24."),
    ],
)
def test_a_comment_after_a_list_is_no_item(check_reply, host, faithful, reply):
    report = check_reply(host, *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        # a dash set off by spaces ends the list, as a long dash does
        ("demo", True, "Overall: triglycerides_log, then bmi - miles ahead of anything else."),
        ("loan", True, "Overall: credit score, then debt-to-income - miles ahead of anything else."),
        ("loan", False, "Overall: credit score, then debt-to-income, then savings rate."),
    ],
)
def test_a_spaced_dash_ends_a_list(check_reply, host, faithful, reply):
    report = check_reply(host, "get_global_explanation", {}, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        # a keeper of records said to state a label: the recorded label (demo 12: progressing; loan 12: approved)
        ("demo", True, "Patient 12: stable at 78.6 %. The chart says progressing, so this one is a miss."),
        ("demo", False, "Patient 12: stable at 78.6 %. The chart says stable too."),
        ("demo", True, "Patient 12 - stable, 78.6 % - and the log says progressing."),
        ("loan", True, "Applicant 12: approved at 78.0 %, and the ledger has it down as approved too."),
        ("loan", False, "Applicant 12: approved at 78.0 %, and the ledger has it down as rejected."),
        ("loan", True, "Applicant 12 - approved, 78.0 % - file says approved."),
        # the model said to state it is still the prediction
        ("loan", False, "For applicant 12 the model says rejected, and the file says approved."),
    ],
)
def test_a_record_said_to_state_a_label(check_reply, host, faithful, reply):
    report = check_reply(host, *PREDICTION_12, reply)
    assert report.passed == faithful, report


def _two_predictions(host, ids):
    from simxai.functions import default_registry
    from simxai.guard import Vocabulary
    from simxai.results import result_payload

    registry = default_registry()
    outputs = [result_payload(registry.get("get_prediction")(host, {"instance": i})) for i in ids]
    return outputs, Vocabulary.for_schema(host.schema(), registry.names())


def _share(output):
    return f"{100 * output['probabilities'][output['label']]:.1f} %"


@pytest.mark.parametrize(("fixture", "ids"), [("demo_host", (12, 40)), ("loan_host", (25, 60))])
def test_a_bare_id_after_a_dash_or_both_names_its_subject(fixture, ids, request):
    from simxai.guard import check_claims

    host = request.getfixturevalue(fixture)
    (first, second), vocabulary = _two_predictions(host, ids)
    assert _share(first) != _share(second)
    a, b = ids
    s1, s2, l1, l2 = _share(first), _share(second), first["label"], second["label"]
    # which is surer is read since claims-27: the word goes the way the two shares do
    surer = "surer" if first["probabilities"][l1] > second["probabilities"][l2] else "less sure"
    faithful = [
        f"Two calls, {a} and {b} — {a} the {surer} ({s1} {l1}) than {b} ({s2} {l2}).",
        f"Both {a} and {b} are in: {b} at {s2} for {l2}, {a} at {s1} for {l1}.",
    ]
    for reply in faithful:
        report = check_claims(reply, [first, second], vocabulary=vocabulary)
        assert report.passed, (reply, report.unsupported)
    swapped = f"Two calls, {a} and {b} — {a} the {surer} ({s2} {l1}) than {b} ({s1} {l2})."
    assert not check_claims(swapped, [first, second], vocabulary=vocabulary).passed


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        # two metrics compared with their values said after their names (demo: accuracy 0.730, ROC AUC 0.803;
        # loan: precision 0.788, recall 0.664)
        ("demo", True, "On 89 held-out patients, ROC AUC (0.803) is above accuracy (0.730)."),
        ("demo", False, "On 89 held-out patients, ROC AUC (0.803) is below accuracy (0.730)."),
        ("loan", True, "Precision (0.788) is higher than recall (0.664) on the 300 held out."),
        ("loan", False, "Precision (0.788) is lower than recall (0.664) on the 300 held out."),
        ("loan", False, "Precision of 0.788 sits below recall of 0.664."),
    ],
)
def test_two_metrics_compared_with_their_values(check_reply, host, faithful, reply):
    report = check_reply(host, *ALL_METRICS, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("host", "faithful", "reply"),
    [
        # what each row of the data is said to carry: its columns
        ("demo", True, "442 patients, each with their age, sex, bmi and blood pressure, half of them progressing."),
        ("demo", False, "442 patients, each with their waist circumference, half of them progressing."),
        ("loan", True, "1,500 applications, with each applicant's income, credit score and region."),
        ("loan", False, "1,500 applications, with each applicant's marital status and savings."),
        ("loan", True, "1,500 synthetic applications, each with the applicant's finances and the bank's decision."),
        ("sentiment", False, "120 short reviews, each with a star rating from one to five."),
    ],
)
def test_what_each_row_carries_is_a_column(check_reply, host, faithful, reply):
    report = check_reply(host, "get_data_information", {}, reply)
    assert report.passed == faithful, report
