"""The guard's claims-25 readings (helper guard26), on wordings of this file's own (demo patient 12: stable 78.6 %;
a what-if of bmi +2 keeps stable, 78.6 % -> 75.0 %; the counterfactual to progressing raises bmi 23.7 -> 27.3;
the global ranking for progressing: triglycerides_log, bmi, blood_pressure, hdl, sex, ...):

- the way a what-if that keeps the label moves the model's certainty ("still stable, but less sure");
- the way of a change said by a comparative beside its two numbers ("a higher bmi: 27.3 instead of 23.7");
- a rank said by place ("bmi ranks ahead of hdl", "hdl trails bmi", "bmi is second only to triglycerides_log");
- a model family the outputs do not state, among four more families scikit-learn names ("a perceptron");
- a name of several words whose head is no feature ("a healthy cholesterol diet"), the second of two causes;
- no value read in a clock time or a date ("[Voicemail, 09:12]", "2026-12-04"), and a pair after "beats";
- an agreement with the record said as a likeness ("the same as the recorded outcome": patient 12 is recorded
  progressing).
"""

import pytest

from simxai.guard._ways import certainty_move_claims, change_way_claims

WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": "+2"}})
COUNTERFACTUAL = ("explain_how_to_be_that", {"instance": 12})
GLOBAL = ("get_global_explanation", {})


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "With bmi 2 higher, patient 12 stays stable and the model is even surer: 78.6 % -> 75.0 %."),
        (False, "With bmi at 25.7, patient 12 stays stable, more firmly so."),
        (False, "A bmi of 25.7 keeps it stable, and even more stable than before."),
        (True, "With bmi 2 higher, patient 12 stays stable but the model is less sure: 78.6 % -> 75.0 %."),
        (True, "With bmi at 25.7, patient 12 stays stable, a little less confidently: 75.0 %."),
        (True, "Stable either way; the model is more sure of stable than of progressing."),
    ],
)
def test_the_certainty_a_kept_what_if_moves(check_reply, faithful, reply):
    report = check_reply("demo", *WHAT_IF, reply)
    assert report.passed == faithful, report


def test_certainty_is_read_only_of_a_kept_label():
    before, after = {"stable": {0.8}, "progressing": {0.2}}, {"stable": {0.4}, "progressing": {0.6}}
    flipped = [("stable", "progressing")]
    assert list(certainty_move_claims("It is less sure now.", ["stable", "progressing"], flipped, before, after)) == []
    kept = [("stable", "stable")]
    said = list(certainty_move_claims("Still stable, less sure.", ["stable", "progressing"], kept, before, after))
    assert said == [("probability of stable down", True)]
    said = list(certainty_move_claims("Not more sure at all.", ["stable", "progressing"], kept, before, after))
    assert said == []


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "If she weighed less (bmi 23.7 -> 27.3), the model would say progressing."),
        (False, "It comes out progressing for a lighter patient: 27.3 instead of 23.7 on bmi."),
        (True, "Patient 12 would turn progressing with a higher bmi: 27.3 instead of 23.7."),
        (True, "A heavier patient (bmi 23.7 -> 27.3) would come out progressing, 51.8 %."),
        (True, "Raising bmi from 23.7 to 27.3 tips patient 12 to progressing."),
    ],
)
def test_a_change_way_said_beside_its_numbers(check_reply, faithful, reply):
    report = check_reply("demo", *COUNTERFACTUAL, reply)
    assert report.passed == faithful, report


def test_change_way_skips_comparatives_of_other_things():
    changes = {"bmi": [(23.7, 27.3)]}
    spellings = {"bmi": "bmi", "hdl": "hdl"}
    labels = ["stable", "progressing"]
    # a comparative of another feature, of a label or of likelihood says nothing of bmi's way
    for text in (
        "With a lower hdl and bmi 27.3 instead of 23.7 it turns.",
        "It is less likely stable once bmi goes 23.7 -> 27.3.",
        "Less stable: bmi 23.7 -> 27.3.",
    ):
        assert list(change_way_claims(text, changes, spellings, labels)) == [], text
    said = list(change_way_claims("A lower one: 27.3 instead of 23.7.", changes, spellings, labels))
    assert said == [("change bmi down", False)]


def test_change_way_reads_a_change_the_outputs_hold_twice():
    # two counterfactuals that make the same move: one change, read once, no error
    changes = {"bmi": [(23.7, 27.3), (23.7, 27.3)]}
    said = list(change_way_claims("A lower one: 27.3 instead of 23.7.", changes, {"bmi": "bmi"}, ["stable"]))
    assert said == [("change bmi down", False)]


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Globally, hdl ranks ahead of bmi."),
        (False, "Overall, bmi trails hdl."),
        (False, "Across patients, blood_pressure is second only to hdl."),
        (False, "Overall, bmi matters more overall than triglycerides_log."),
        (True, "Globally, bmi ranks ahead of hdl."),
        (True, "Overall, hdl trails bmi."),
        (True, "Across patients, bmi is second only to triglycerides_log."),
        (True, "Overall, hdl sits just behind blood_pressure."),
    ],
)
def test_a_rank_said_by_place(check_reply, faithful, reply):
    report = check_reply("demo", *GLOBAL, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Under the hood it is a perceptron."),
        (False, "It is a linear discriminant analysis model."),
        (False, "Each probability is a vote share among the trees of a forest."),
        (True, "Under the hood it is gradient boosting."),
        (True, "A gradient boosting classifier, fed through a column transformer first."),
    ],
)
def test_model_families_the_outputs_do_not_state(check_reply, faithful, reply):
    report = check_reply("demo", "get_model_information", {}, reply)
    assert report.passed == faithful, report


PREDICTION_12 = ("get_prediction", {"instance": 12})
LOAN_PREDICTION = ("get_prediction", {"instance": 3})


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Stable mainly because of its bmi (23.7) and its sleep quality."),
        (False, "Stable at 78.6 %, helped by its daily walking routine."),
        (False, "Stable, mostly because of a healthy cholesterol diet."),
        (True, "Stable mainly because of its bmi (23.7) and its hdl."),
        (True, "Stable at 78.6 %, helped by its low bmi."),
        (True, "Stable, mostly because of its cholesterol level."),
    ],
)
def test_invented_names_whose_head_is_no_feature(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "[Voicemail, 09:12] Patient 12 is stable, 78.6 %."),
        (True, "Log 2026-12-04: patient 12 comes out stable (78.6 %)."),
        (False, "[Voicemail, 09:12] Patient 12 is stable, 12.5 %."),
        (False, "Log 2026-12-04: patient 12 comes out stable (12.5 %)."),
    ],
)
def test_clock_times_and_dates_are_no_values(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Accuracy beats precision here: 0.730 against 0.727."),
        (False, "Accuracy beats precision here: 0.727 against 0.730."),
        (False, "Accuracy beats precision here: 0.803 against 0.727."),
    ],
)
def test_a_pair_after_a_verb_of_comparing(check_reply, faithful, reply):
    report = check_reply("demo", "get_model_performance", {"metric": "precision"}, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (False, "Patient 12: the model says stable, the same as the recorded outcome."),
        (False, "Patient 12 -> stable, 78.6 %, exactly as the chart records it."),
        (False, "Patient 12 comes out stable, in line with the record."),
        (True, "Patient 12: the model says stable, not the same as the recorded outcome (progressing)."),
        (True, "Patient 12 comes out stable at 78.6 %; the chart records progressing."),
    ],
)
def test_an_agreement_with_the_record_said_as_a_likeness(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report
