"""Spelling made regular before extraction: one test per form, on patient, applicant and review hosts."""

from __future__ import annotations

import pytest

from simxai import normalize as normalize_module
from simxai.extraction import extract_changes, extract_ids, extract_instance
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize, number_value

PATIENTS = HostSchema(
    name="clinic",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=20, max=90),
        FeatureSchema(name="bmi", type="numeric", min=15, max=50, aliases=["body mass index"]),
        FeatureSchema(name="glucose", type="numeric", min=50, max=250),
    ],
    id_range=(0, 441),
)
APPLICANTS = HostSchema(
    name="loans",
    kind="tabular",
    instance_noun="applicant",
    class_names=["approved", "rejected"],
    features=[
        FeatureSchema(name="age", type="numeric", min=19, max=75),
        FeatureSchema(name="income", type="numeric", min=12, max=250),
        FeatureSchema(name="credit_score", type="numeric", min=300, max=850),
        FeatureSchema(name="region", type="categorical", categories=["north", "south", "east", "west"]),
    ],
    id_range=(0, 1499),
)
REVIEWS = HostSchema(
    name="reviews",
    kind="text",
    instance_noun="review",
    class_names=["negative", "positive"],
    features=[],
    id_range=(0, 499),
)
SCHEMAS = {"patient": PATIENTS, "applicant": APPLICANTS, "review": REVIEWS, "instance": None}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("forty-one", "41"),
        ("forty one", "41"),
        ("twenty five", "25"),
        ("a hundred and ten", "110"),
        ("one hundred and one", "101"),
        ("two thousand and five", "2005"),
        ("ten years older", "10 years older"),
        ("five ten", "5 10"),  # two numbers, not fifty or 510
        ("ninety-nine", "99"),
    ],
)
def test_number_words_become_digits(text, expected):
    assert normalize(text, PATIENTS) == expected


@pytest.mark.parametrize("text", ["give me another one", "this one", "the one with bmi 30", "one more?", "no one"])
def test_a_lone_one_stays_a_word(text):
    assert normalize(text, PATIENTS) == text


@pytest.mark.parametrize(("text", "expected"), [("patient one", "patient 1"), ("one percent", "1%")])
def test_one_framed_by_an_id_word_or_a_unit_is_a_number(text, expected):
    assert normalize(text, PATIENTS) == expected


def test_number_value_reads_runs_of_number_words():
    assert number_value(["forty", "one"]) == 41
    assert number_value(["a", "hundred", "and", "ten"]) == 110
    assert number_value(["three", "thousand"]) == 3000
    assert number_value(["bmi"]) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("five percent", "5%"),
        ("20 per cent", "20%"),
        ("twenty percent lower", "20% lower"),
        ("10 pct higher", "10% higher"),
        ("what percent of patients", "what percent of patients"),  # no number before it: a word
    ],
)
def test_percentages_in_words(text, expected):
    assert normalize(text, PATIENTS) == expected


@pytest.mark.parametrize("noun", ["patient", "applicant", "review", "instance"])
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pt 88", 88),
        ("pt. 88", 88),
        ("id#7", 7),
        ("id 7", 7),
        ("#7", 7),
        ("no. 7", 7),
        ("row 7", 7),
        ("nr 7", 7),
        ("{noun} forty-one", 41),
        ("{noun} #12", 12),
    ],
)
def test_id_abbreviations_and_number_words_on_any_host(noun, text, expected):
    schema = SCHEMAS[noun]
    assert extract_ids(text.format(noun=noun), schema) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("didnt", "didn't"),
        ("doesnt", "doesn't"),
        ("isnt", "isn't"),
        ("why didnt it change", "why didn't it change"),
        ("Whats the bmi", "What's the bmi"),
        ("wat is it", "what is it"),
        ("youve been kind", "you've been kind"),
        ("hes applicant 3", "he's applicant 3"),
    ],
)
def test_missing_apostrophes_and_chat_spellings(text, expected):
    assert normalize(text, PATIENTS) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pateint", "patient"),  # adjacent letters swapped
        ("probabilty", "probability"),  # a letter left out
        ("glucoose", "glucose"),  # a letter doubled
        ("glucise", "glucose"),  # a letter replaced
        ("Pateint", "Patient"),  # the capital kept
    ],
)
def test_one_edit_typos_of_known_words(text, expected):
    assert normalize(text, PATIENTS) == expected


def test_typos_follow_the_host_vocabulary():
    assert normalize("the incmoe of applicant 3", APPLICANTS) == "the income of applicant 3"
    assert normalize("the incmoe of applicant 3", PATIENTS) == "the incmoe of applicant 3"


@pytest.mark.parametrize(
    "text",
    [
        "bmi",  # short words are never corrected
        "predicts",  # an inflection of a known word is no typo
        "stale",  # an ordinary word one edit from a label
        "policy holder",  # an ordinary word one edit from a lexicon word ("older")
        "12 degrees or colder",  # "colder" is no typo of "older": the bound's direction would flip
        "slower than 3 days",  # nor "slower" of "lower"
        "the elder patients",
        "where there",  # ordinary words one edit from each other
        "the patients",
    ],
)
def test_known_and_ordinary_words_stay(text):
    assert normalize(text, PATIENTS) == text


def test_an_ordinary_word_one_edit_from_a_category_stays():
    assert normalize("the least change for applicant 3", APPLICANTS) == "the least change for applicant 3"


def test_extra_vocabulary_is_never_corrected():
    assert normalize("the glucise", PATIENTS, vocabulary=["glucise"]) == "the glucise"


def test_a_text_host_keeps_its_texts_as_written():
    text = "I didnt like five minutes of this pateint story"
    assert normalize(text, REVIEWS) == text
    assert normalize("review forty-one", REVIEWS) == "review 41"


def test_extraction_reads_normalised_forms():
    assert extract_instance("wat about pateint twenty-two?", PATIENTS) == 22
    assert extract_changes("what if she were ten years older", PATIENTS) == {"age": "+10"}
    assert extract_changes("what if her bmi were five percent higher", PATIENTS) == {"bmi": "+5%"}
    assert extract_changes("what if the glucose were twenty percent lower", PATIENTS) == {"glucose": "-20%"}
    assert extract_changes("what if income were a hundred and ten", APPLICANTS) == {"income": 110}


SIZE = 64 * 1024
#: CPU seconds a call may spend on 64 KB of adversarial text: about 20 times the worst case now (under 0.1 s),
#: while a backtracking pattern runs for minutes on such strings. CPU time, so a loaded machine does not count.
CPU_GUARD = 2.0


def assert_linear(cpu_guard, call, text: str) -> None:
    """`call(text)` ends before CPU_GUARD seconds of CPU (uncached: the memo of `normalize` is cleared first)."""
    normalize_module._normalize.cache_clear()
    assert cpu_guard(lambda: call(text), CPU_GUARD), f"still running after {CPU_GUARD} s of CPU on {text[:30]!r}..."


def _fill(piece: str) -> str:
    return (piece * (SIZE // len(piece) + 1))[:SIZE]


ADVERSARIAL = [
    " " * SIZE,
    _fill(" -, "),
    "pt" + " " * SIZE + "7",
    _fill("twenty-"),
    _fill("a hundred and "),
    _fill("5 per "),
    _fill("id#"),
    _fill("pateint "),
    _fill("no. "),
    _fill("1 "),
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_long_inputs_take_linear_time(text, cpu_guard):
    assert_linear(cpu_guard, lambda t: normalize(t, PATIENTS), text)


@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_every_pattern_is_linear(text, cpu_guard):
    for pattern in (normalize_module._ABBREVIATION, normalize_module._PERCENT, normalize_module._WORD):
        assert_linear(cpu_guard, pattern.findall, text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("hi, just smoke-testing the endpoint", "smoke-testing"),
        ("a follow-up on the smokr-status please", "smokr-status"),
    ],
)
def test_no_typo_is_fixed_inside_a_hyphenated_word(text, kept):
    smokers = PATIENTS.model_copy(
        update={
            "features": [*PATIENTS.features, FeatureSchema(name="smoker", type="categorical", categories=["no", "yes"])]
        }
    )
    assert kept in normalize(text, smokers)
    assert "smoker" in normalize("is the smokr a factor", smokers)  # a word of its own is still corrected


HIVES = HostSchema(
    name="apiary",
    kind="tabular",
    instance_noun="hive",
    class_names=["thriving", "failing"],
    features=[FeatureSchema(name="frames", type="numeric", min=2, max=20)],
    id_range=(30001, 30300),
)
FERRIES = HostSchema(
    name="ferries",
    kind="text",
    instance_noun="crossing",
    class_names=["calm", "rough"],
    features=[FeatureSchema(name="text", type="text")],
    id_range=(207001, 207900),
)


@pytest.mark.parametrize(
    ("schema", "text", "ids"),
    [
        (HIVES, "how is hive 30,117 doing", [30117]),
        (HIVES, "verdict on 30,250?", [30250]),
        (FERRIES, "label for crossing 207,455 please", [207455]),
        (FERRIES, "207,012", [207012]),
    ],
)
def test_an_id_written_with_thousands_separators_is_one_id(schema, text, ids):
    assert extract_ids(text, schema) == ids


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (PATIENTS, "compare patients 101,102"),  # both parts are ids, the joined number is none: two ids
        (HIVES, "frames 12,500 on hive 30001"),  # not an id when joined: left as written
    ],
)
def test_grouped_digits_that_are_no_id_stay_as_written(schema, text):
    assert normalize(text, schema) == text


WEATHER = HostSchema(
    name="deliveries",
    kind="tabular",
    instance_noun="delivery",
    class_names=["on_time", "late"],
    features=[
        FeatureSchema(name="rain_mm", type="numeric", min=0, max=40, aliases=["rain"]),
        FeatureSchema(name="distance_km", type="numeric", min=1, max=30),
    ],
    id_range=(1, 500),
)


@pytest.mark.parametrize(
    "text",
    [
        "what if it rained all day for delivery 12",  # "rained" is the host's "rain", no typo of "trained"
        "what was the model trained on",  # "trained" stays; "train" in a turn stays too
        "is the train late",
    ],
)
def test_an_inflection_of_a_known_word_is_no_typo(text):
    assert normalize(text, WEATHER) == text
