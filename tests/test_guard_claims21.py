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
    # not a decimal: "point" as a noun, "a half of" a whole
    assert spelled_numbers("a point of order") == "a point of order"
    assert spelled_numbers("3 and a half of them") == "3 and a half of them"
