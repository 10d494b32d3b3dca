"""The guard's claims-24 changes (helper guard25), by mechanism, on wordings of this file's own (demo patient 12:
stable 78.6 %, progressing 21.4 %, recorded progressing; the demo model: 10 features, trained on 353 of 442
patients, wrong on 24 of 89 held-out patients):

- ids said in words or digit by digit ("patient one-four", "patient fourteen", "patient 1-2");
- a prediction said as "has <subject> as X" or "for <subject> it is X";
- a class invented as the group the model sorts a subject into ("puts her in the borderline group");
- a difference in years ("18 years younger");
- how many features the model reads, and how many rows it was trained on;
- no false alarm on: a supposed value ("a probability of 90 % would have meant ..."), a share the reply derives
  from two counts it gives ("roughly a quarter (24 of 89)"), and the second of two numbers compared ("78.6 % is
  three times the 21.4 % for progressing") binding the first.
"""

import pytest

from simxai.guard._reading import segments
from simxai.guard._spelled import spelled_numbers
from simxai.guard._spoken_ids import spoken_ids

PREDICTION_12 = ("get_prediction", {"instance": 12})
MODEL = ("get_model_information", {})


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Patient fourteen is predicted stable."),
        (False, "Patient one-four comes out stable, 78.6 %."),
        (False, "Patient number twenty-one is predicted stable."),
        (True, "Patient one-two comes out stable, 78.6 %."),
        (True, "Patient 1-2 comes out stable at 78.6 %."),
        (True, "Patient number twelve: stable."),
    ],
)
def test_ids_said_in_words_or_digit_by_digit(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


def test_spoken_ids_reads_only_after_a_subject_word():
    assert spoken_ids("patient one-two and review four oh seven", "patient") == "patient 12 and review 407"
    assert spoken_ids("Patient one and patient two differ.", "patient") == "Patient one and patient two differ."
    assert spoken_ids("a one-two punch", "patient") == "a one-two punch"


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "The model has patient 12 as progressing."),
        (True, "The model has patient 12 as stable."),
        (False, "For patient 12 it is progressing."),
        (True, "For patient 12 it is stable, at 78.6 %."),
        (True, "The data has patient 12 as progressing, while the model has it as stable."),
    ],
)
def test_a_prediction_said_with_the_subject_first(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "The model puts patient 12 in the borderline group, at 78.6 %."),
        (False, "Patient 12 falls into the high-risk class."),
        (False, "The model sorts her into the 'watch' bucket."),
        (True, "The model puts patient 12 in the stable group."),
        (True, "Patient 12 is in the majority class."),
        (True, "Patient 12 falls in the obese category, yet the model says stable."),
        (True, "Would the model put patient 12 in a borderline group?"),
    ],
)
def test_a_class_invented_as_a_group(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


def test_teens_in_words_stay_words_outside_ids_and_sizes():
    # a count of a text's words ("all eleven words") or a feature's value in words is read by no field check
    assert spelled_numbers("All eleven words add nothing.") == "All eleven words add nothing."


def test_a_difference_in_years_is_a_difference(check_reply):
    report = check_reply(
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"age": 35}},
        "Making patient 12 18 years younger (53 to 35) changes little.",
    )
    assert not any("18" in c for c in report.unsupported), report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "It uses ten features."),
        (True, "The model reads all 10 measurements of a patient."),
        (False, "The model uses twelve features."),
        (False, "It looks at 9 measurements per patient."),
        (True, "Its top 3 features carry most of the weight."),
        (True, "It works with 8 numeric features and 2 categorical ones."),
        (True, "It was trained on 353 patients and tested on 89."),
        (True, "It was fitted on about 80 % of the 442 patients."),
        (False, "It was trained on 442 patients."),
        (False, "It was trained on about 90 % of the patients."),
    ],
)
def test_model_sizes(check_reply, faithful, reply):
    report = check_reply("demo", *MODEL, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("function", "faithful", "reply"),
    [
        (PREDICTION_12, True, "Patient 12 is stable. A probability of 90 % would have meant far more certainty."),
        (PREDICTION_12, True, "Patient 12 is stable. An 85 % score could still be wrong."),
        (MODEL, True, "It's wrong on roughly a quarter of held-out patients (24 of 89)."),
        (MODEL, True, "It misses about 27 % of held-out patients, 24 out of 89."),
        (MODEL, False, "It misses about 40 % of held-out patients, 24 out of 89."),
        (PREDICTION_12, True, "Patient 12 is stable: 78.6 % is more than three times the 21.4 % for progressing."),
        (PREDICTION_12, True, "Patient 12 is stable: 78.6 % is well above the 21.4 % for progressing."),
        (PREDICTION_12, False, "Patient 12 is stable: 21.4 % is more than three times the 78.6 % for progressing."),
    ],
)
def test_derived_and_supposed_numbers(check_reply, function, faithful, reply):
    report = check_reply("demo", *function, reply)
    assert report.passed == faithful, report


def test_a_comparison_splits_only_after_a_number():
    assert segments("78.6 % is three times the 21.4 % for progressing") == [
        "78.6 % is three",
        "the 21.4 % for progressing",
    ]
    assert segments("bmi above 30 for stable") == ["bmi above 30 for stable"]


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Patients 12 and 2 are stable and progressing, respectively."),
        (False, "Patients 12 and 2 are progressing and stable, respectively."),
        (False, "Patients 12 and 2 come out as progressing and stable respectively."),
    ],
)
def test_two_subjects_said_respectively(check_reply, faithful, reply):
    """Patient 2 is predicted progressing (82.3 %)."""
    from simxai.functions import default_registry
    from simxai.guard import Vocabulary, check_claims
    from simxai.hosts.demo import load_demo_host
    from simxai.results import result_payload

    registry, host = default_registry(), load_demo_host()
    outputs = [result_payload(registry.get("get_prediction")(host, {"instance": i})) for i in (12, 2)]
    report = check_claims(reply, outputs, vocabulary=Vocabulary.for_schema(host.schema(), registry.names()))
    assert report.passed == faithful, report


# Step 3 (after reading g18): mechanisms of its misses and false alarms, in this file's own wordings.
@pytest.mark.parametrize(
    ("function", "faithful", "reply"),
    [
        (("get_global_explanation", {}), False, "Across the data, bmi leads (0.585), with triglycerides_log next."),
        (("get_global_explanation", {}), True, "Across the data, triglycerides_log leads, then bmi."),
        (PREDICTION_12, True, "Patient 12 is stable, and a low hdl never leads to progressing here."),
        (("get_local_explanation", {"instance": 12}), False, "For patient 12, hdl leads the ranking."),
    ],
)
def test_leads_is_a_first_rank(check_reply, function, faithful, reply):
    report = check_reply("demo", *function, reply)
    assert report.passed == faithful, report


def test_a_difference_in_degrees_is_a_difference():
    from simxai.guard._derived import is_difference

    assert is_difference("", " degrees warmer in the middle")
    assert is_difference("", " degrees C cooler")
    assert not is_difference("", " degrees in the middle")


def test_a_range_runs_upwards():
    from simxai.guard._reading import numbers

    read = list(numbers("Bin 99020 - 25 weeks since turning, ready."))
    assert [(c.value, c.high) for c in read] == [(99020.0, None), (25.0, None)]
    (spread,) = numbers("a spread of 20 - 25 weeks")
    assert spread.value == 20.0 and spread.high is not None and spread.high.value == 25.0


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (
            True,
            'Quiz host: "Patient 12 - what does the model say?" Player: "Stable, seventy-nine percent!" '
            'Host: "Right you are."',
        ),
        (False, 'Quiz host: "Patient 12 - what does the model say?" Player: "Progressing, seventy-nine percent!"'),
        (False, 'Patient 12 is stable because of the "family history" column.'),
    ],
)
def test_lines_of_speech_are_no_quoted_inputs(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Patient 12 is predicted stable; the chart, however, records stable."),
        (False, "Patient 12 is predicted stable, and recorded stable as well."),
        (True, "Patient 12 is predicted stable, though it was recorded progressing."),
        (False, "Patient 12 is predicted stable, although the clinic in the end logged stable."),
        (True, "Patient 12 is stable; the model recorded 78.6 % for it."),
    ],
)
def test_a_recorded_label_right_after_its_verb(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "For patient 12, stable is far more likely than progressing (78.6 % vs 21.4 %)."),
        (False, "For patient 12, stable is far more likely than progressing (21.4 % vs 78.6 %)."),
    ],
)
def test_a_pair_after_a_comparison_of_two_names(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


def test_a_compared_pair_is_written_beside_its_names():
    from simxai.guard._respective import respective_pairs

    said = respective_pairs("Recall is lower than precision (0.61 vs 0.83), sadly.")
    assert said == "Recall (0.61) is lower than precision (0.83), sadly."


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Patient 12: stable, 78.6 %, correctly."),
        (False, "Patient 12: stable, 78.6 %, and rightly so."),
        (True, "Patient 12: stable, 78.6 %, wrongly."),
    ],
)
def test_a_verdict_said_as_one_adverb(check_reply, faithful, reply):
    """Patient 12 is recorded progressing: the stable prediction is wrong."""
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


def test_odds_said_with_to_stay_as_they_were(check_reply):
    report = check_reply("demo", *PREDICTION_12, "Patient 12 is stable; the odds are roughly 3.7 to 1 for stable.")
    assert report.passed, report


def test_a_name_with_spaces_written_with_hyphens():
    from simxai.guard._reading import find_mentions

    found = find_mentions("Ready heaps average 21, not-ready ones 35.", ["ready", "not ready"])
    assert [(m.name, m.start) for m in found] == [("ready", 0), ("not ready", 24)]
