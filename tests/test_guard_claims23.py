"""The guard's claims-23 changes (helper guard24): two classes' shares said as a score ("stable, 79 to 21") are two
probabilities, not a range any value between them satisfies; a share per hundred ("about 21 in 100") and a share
in chances ("four chances in five") are the class's probability. Wordings are this file's own (demo patient 12:
stable 78.6 %, progressing 21.4 %).
"""

import pytest

from simxai.guard._splits import spoken_splits

PREDICTION_12 = ("get_prediction", {"instance": 12})
LABELS = ("stable", "progressing")


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # a split said as a score after the class it is of
        (True, "Patient 12 comes out stable, 79 to 21."),
        (False, "Patient 12 comes out stable, 21 to 79."),
        (False, "For patient 12 progressing leads, 79 to 21."),
        (True, "Patient 12 is ahead for stable, 0.786 to 0.214."),
        (False, "Patient 12 is ahead for stable, 0.214 to 0.786."),
        (True, "Patient 12: stable, seventy-nine to twenty-one."),
        (False, "Patient 12: stable, twenty-one to seventy-nine."),
        # after two classes, which number is whose is not said where it is read: not flagged
        (True, "Stable beats progressing for patient 12, 78.6 to 21.4."),
        # a share per hundred, and one in chances
        (True, "Patient 12: stable, about 79 in 100."),
        (False, "Patient 12: stable, about 21 in 100."),
        (True, "Patient 12 looks stable, roughly four chances in five."),
        (False, "Patient 12 looks stable, roughly one chance in five."),
        (False, "Patient 12 looks progressing, about four chances in five."),
    ],
)
def test_splits_and_shares_in_chances(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    "text",
    [
        "Patients aged 30 to 70 are mostly stable.",  # a range of values
        "Stable for bmi between 45 to 55.",  # a range after "between"
        "The range is now 0.4 to 0.6 for stable.",  # a range in its sentence
        "Stable, 0 to 1.",  # no share is zero
        "Stable, 30 to 60.",  # not the whole
        "Stable beats progressing, 79 to 21.",  # two classes before it
    ],
)
def test_a_range_stays_a_range(text):
    assert spoken_splits(text, LABELS) == text


def test_a_split_is_written_as_two_percentages():
    assert spoken_splits("Stable, 0.5185 to 0.4815.", LABELS) == "Stable, 51.85 % to 48.15 %."
    assert spoken_splits("It's stable: 56 to 44, clearly.", LABELS) == "It's stable: 56 % to 44 %, clearly."
    assert spoken_splits("Stable, about 7 in 100.", LABELS) == "Stable, about 7 %."
    assert spoken_splits("7 in 100 patients", LABELS) == "7 in 100 patients"  # a count of a group


def test_dead_dash_alternatives_are_gone():
    """`normalise` writes every long dash as "-": a place's rest ends at a spaced hyphen, and no pattern keeps a
    long dash that can never be met; "a mean X of 5" is `_VALUED`'s first alternative's, with no second reader."""
    from simxai.guard import _causes, _data_card, _model_facts
    from simxai.guard._reading import normalise

    place = _data_card._PLACES[0].search(normalise("The set has 40 rows, each with their age \u2014 and little else."))
    assert place is not None and place.group("rest").strip() == "age"
    assert not {"\u2014", "\u2013"} & set(_model_facts._BREAK.pattern + _data_card._REST)
    assert "d" not in _causes._VALUED.groupindex
    said = _causes._VALUED.search("A mean hdl of 48.5 is typical.")
    assert said is not None and said.group("a") == "mean hdl"


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # a subtitle's time stamps are no values of the outputs
        (True, "[00:01:05] Patient twelve... [00:01:09] ...stable. [00:01:13] Seventy-nine percent."),
        (False, "[00:01:05] Patient twelve... [00:01:09] ...stable. [00:01:13] Twenty-one percent."),
        (True, "12:04:31 patient 12 logged as stable, 78.6 %."),
        # a degree or a manner said of the class in the call's place is a class no model predicts
        (False, "For patient 12 the model says very stable, about 79 percent."),
        (False, "Patient 12 (age 53): rapidly stable, 0.786."),
        (False, "Patient 12 is predicted mildly stable at 78.6 %."),
        (True, "Patient 12 is predicted clearly stable at 78.6 %."),
        (True, "Patient 12 (age 53): comfortably stable, 0.786."),
    ],
)
def test_time_stamps_and_qualified_classes(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # a probability before "down to" / "up to" is the state before the move
        (True, "With bmi at 30 patient 12 flips, stable 78.6 % down to 48.2 %."),
        (False, "With bmi at 30 patient 12 flips, stable 78.6 % down to 58.2 %."),
    ],
)
def test_a_probability_before_down_to_is_the_state_before(check_reply, faithful, reply):
    report = check_reply("demo", "explain_what_if", {"instance": 12, "changes": {"bmi": 30}}, reply)
    assert report.passed == faithful, report


def test_time_stamps_are_blanked_in_place():
    from simxai.guard._splits import clock_times

    assert clock_times("[00:02:40] Lower it") == " " * 10 + " Lower it"
    assert clock_times("a 3:1 ratio, 56:44 for stable") == "a 3:1 ratio, 56:44 for stable"


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # a class's share in percent without its sign, in figures or in words ("eight point three")
        (True, "Patient 12: stable at 78.6."),
        (False, "Patient 12: stable at 21.4."),
        (False, "Patient 12 STABLE 21.4 | progressing 78.6"),
        (True, "Patient twelve: stable at seventy-eight point six."),
        (False, "Patient twelve: progressing at seven point eight."),
    ],
)
def test_a_class_s_share_without_its_sign(check_reply, faithful, reply):
    report = check_reply("demo", *PREDICTION_12, reply)
    assert report.passed == faithful, report


def test_a_class_s_statistic_is_no_share():
    text = "Glucose spans 58 to 124, mean 91.3. By label: stable 87.9, progressing 94.6."
    assert spoken_splits(text, LABELS) == text
    assert spoken_splits("Patient 3. Stable at 44.6. Done.", LABELS) == "Patient 3. Stable at 44.6 %. Done."


def test_a_unit_word_before_point_is_the_whole_part():
    from simxai.guard._spelled import spelled_numbers

    assert spelled_numbers("flown mean eight point three, scrubbed four point two") == "flown mean 8.3, scrubbed 4.2"


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # a list of the classes' meanings: every head is a class when two or more are
        (True, "Stable means the score stays at or under the cut-off; progressing means it goes above."),
        (
            False,
            "Stable means the score stays at or under the cut-off; progressing means it goes above; worsening "
            "means it doubles.",
        ),
        (
            True,
            "Stable means the score stays at or under the cut-off, and progressing means it goes above, which "
            "means a worse year.",
        ),
    ],
)
def test_a_list_of_the_classes_meanings(check_reply, faithful, reply):
    report = check_reply("demo", "get_output_information", {}, reply)
    assert report.passed == faithful, report


def test_a_number_after_a_direction_towards_a_class_is_a_contribution_not_its_share() -> None:
    from simxai.guard._splits import spoken_splits

    said = "hdl = 29 (pushes towards progressing, 1.06); bmi = 31 (pushes away from stable, 0.52)"
    assert spoken_splits(said, ["stable", "progressing"]) == said
    assert spoken_splits("Model: progressing 44.6.", ["stable", "progressing"]) == "Model: progressing 44.6 %."
