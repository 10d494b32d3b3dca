"""The guard's claims-8h mechanisms (recall on the kinds unseen replies slipped through), one pair (faithful,
unfaithful) per mechanism in wording of its own: a plausible invented label in a label's place (a prediction verb,
a table cell, a share given to it, a list or count of the outputs), an invented feature in a fluent place ("X from
a to b", a list of columns, the subject of "makes L more likely"), a rank in words or an ordered list, and a
direction said by a verb ("makes L less likely", "the probability of L rises", "would have to come down") or over
the whole data ("on average X pushes towards L"), the side of the threshold a label is said to mean, and the room
a kept range leaves ("can only go up"). The insurance host of `bench/dev_hosts.py` is one of the hosts.
"""

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.results import result_payload

PREDICTION = ("get_prediction", {"instance": 12})
LOCAL = ("get_local_explanation", {"instance": 12})
GLOBAL = ("get_global_explanation", {})
WHY_NOT = ("explain_why_not", {"instance": 12})
WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})
OUTPUTS = ("get_output_information", {})
DATA = ("get_data_information", {})
STILL_163 = ("explain_how_to_still_be_this", {"instance": 163})

CASES = [
    # a label's place: a prediction verb, a table cell, a share given to a class, "leans towards"
    ("demo", *PREDICTION, True, "For patient 12 the model predicts stable, at 78.6 %."),
    ("demo", *PREDICTION, False, "For patient 12 the model predicts worsening, at 78.6 %."),
    ("demo", *PREDICTION, True, "| Predicted class | stable |\n|---|---|\n| Probability | 78.6 % |"),
    ("demo", *PREDICTION, False, "| Predicted class | at-risk |\n|---|---|\n| Probability | 78.6 % |"),
    ("demo", *PREDICTION, True, "It gives 78.6 % to stable and the rest to progressing."),
    ("demo", *PREDICTION, False, "It gives 78.6 % to improving and the rest to progressing."),
    ("insurance", "get_prediction", {"instance": 5010}, True, "Policyholder 5010 is classified as standard."),
    ("insurance", "get_prediction", {"instance": 5010}, False, "Policyholder 5010 is classified as preferred."),
    ("demo", *PREDICTION, True, "Would you like me to predict another patient?"),
    # the list and the number of the possible outputs
    ("demo", *OUTPUTS, True, "The model has two labels: stable and progressing."),
    ("demo", *OUTPUTS, False, "The model has four labels in all."),
    ("demo", *OUTPUTS, True, "Possible outputs:\n- **stable**: at most 140\n- **progressing**: above 140"),
    ("demo", *OUTPUTS, False, "Possible outputs:\n- **stable**: at most 140\n- **watch**: near 140"),
    # what a label means: the side of the threshold the output gives it
    ("demo", *OUTPUTS, True, "Stable means the score is predicted at most 140; progressing, above 140."),
    ("demo", *OUTPUTS, False, "Stable means the score is predicted over 140; progressing, at most 140."),
    ("demo", *OUTPUTS, False, "It says progressing when the score is below 140."),
    # the room a kept range leaves (patient 163: blood_pressure 117 kept from 90.4 to 133, bmi 33.1 from 27.7)
    ("demo", *STILL_163, True, "blood_pressure may go anywhere from 90.4 to 133; any rise or drop keeps it."),
    ("demo", *STILL_163, False, "blood_pressure can only go up from 117; any drop would flip it."),
    ("demo", *STILL_163, True, "bmi may rise freely and stay progressing."),
    # an invented feature given a change, listed among the columns, or said to push
    ("demo", *WHY_NOT, True, "One option: bmi from 23.7 to 27.3, which gives progressing."),
    ("demo", *WHY_NOT, False, "One option: sodium intake from 23.7 to 27.3, which gives progressing."),
    ("insurance", "explain_why_not", {"instance": 5010}, False, "Answer: job type from 24 to 32.2 flips it."),
    ("demo", *DATA, True, "The columns are age, sex, bmi and glucose."),
    ("demo", *DATA, False, "The columns are age, sex, bmi and shoe size."),
    ("demo", *DATA, True, "It holds measurements such as age, sex, body mass index and blood pressure."),
    ("demo", *DATA, False, "It holds measurements such as age, sex, body mass index and daily step count."),
    ("demo", *DATA, False, "Each patient also has a waist size that the model uses as input."),
    ("demo", *OUTPUTS, True, "It can output **stable** or **progressing**."),
    ("demo", *OUTPUTS, False, "It can output **stable**, **progressing** or **under review**."),
    ("demo", *LOCAL, True, "Her hdl makes stable more likely."),
    ("demo", *LOCAL, False, "Her sleep quality makes stable more likely."),
    # a rank in words, and an ordered list
    ("demo", *LOCAL, True, "triglycerides_log leads and the runner-up is hdl."),
    ("demo", *LOCAL, False, "triglycerides_log leads and the runner-up is sex."),
    ("demo", *LOCAL, True, "In order of influence: triglycerides_log, then hdl, then bmi."),
    ("demo", *LOCAL, False, "In order of influence: triglycerides_log, then bmi, then hdl."),
    ("demo", *LOCAL, True, "Ranked by size:\n- hdl (0.659)\n- bmi (0.352)\n- glucose (-0.11)"),
    ("demo", *LOCAL, False, "Ranked by size:\n- bmi (0.352)\n- hdl (0.659)\n- glucose (-0.11)"),
    # a direction by a verb, over the whole data, and of a change or a probability
    ("demo", *LOCAL, True, "Her sex makes stable less likely."),
    ("demo", *LOCAL, False, "Her bmi makes stable less likely."),
    ("demo", *GLOBAL, True, "Across the sample, hdl tends to push towards progressing."),
    ("demo", *GLOBAL, False, "Across the sample, age tends to push towards progressing."),
    ("demo", *WHY_NOT, True, "To reach progressing, bmi would have to climb to 27.3."),
    ("demo", *WHY_NOT, False, "To reach progressing, bmi would have to come down to 27.3."),
    ("demo", *WHAT_IF, True, "With bmi at 30 the chance of progressing goes up."),
    ("demo", *WHAT_IF, False, "With bmi at 30 the chance of progressing goes down."),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims8h_mechanisms(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "The word 'love' pushes reviews towards positive on average."),
        (False, "The word dull pushes reviews towards positive on average."),
        (False, "The top words are love, beautifully and exquisite."),
    ],
)
def test_a_text_models_words_named_as_words(hosts, faithful, reply):
    sentiment = hosts["sentiment"]
    payload = result_payload(default_registry().get("get_global_explanation")(sentiment, {}))
    report = check_claims(reply, [payload], vocabulary=Vocabulary.for_schema(sentiment.schema()))
    assert report.passed is faithful, report
