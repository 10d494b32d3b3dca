"""Numbers and forms as dictated (`simxai._spoken` through `normalize`): one test per form, on hosts whose ids
are small (patients 0-441, applicants 0-1499) and four-digit (members 5001-5600), where the id range decides."""

from __future__ import annotations

import pytest

from simxai import normalize as normalize_module
from simxai.extraction import extract_changes, extract_ids, extract_instance
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize

PATIENTS = HostSchema(
    name="clinic",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=20, max=90),
        FeatureSchema(name="bmi", type="numeric", min=15, max=50, aliases=["body mass index"]),
        FeatureSchema(name="blood_pressure", type="numeric", min=60, max=135, aliases=["blood pressure"]),
    ],
    id_range=(0, 441),
)
APPLICANTS = HostSchema(
    name="loans",
    kind="tabular",
    instance_noun="applicant",
    class_names=["approved", "rejected"],
    features=[
        FeatureSchema(name="income", type="numeric", min=12, max=250, description="in thousands"),
        FeatureSchema(name="credit_score", type="numeric", min=300, max=850),
        FeatureSchema(name="debt_to_income", type="numeric", min=0, max=1),
    ],
    id_range=(0, 1499),
)
MEMBERS = HostSchema(
    name="insurance",
    kind="tabular",
    instance_noun="policyholder",
    class_names=["standard", "surcharge"],
    features=[
        FeatureSchema(name="bmi", type="numeric", min=17, max=42),
        FeatureSchema(name="salary", type="numeric", min=15000, max=200000),
    ],
    id_range=(5001, 5600),
)
REVIEWS = HostSchema(
    name="reviews",
    kind="text",
    instance_noun="review",
    class_names=["negative", "positive"],
    features=[],
    id_range=(0, 499),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("patient one forty", "patient 140"),
        ("patient two forty", "patient 240"),
        ("patient three seventy six", "patient 376"),
        ("patient number one thirty nine", "patient number 139"),
        ("patient one-forty", "patient 140"),
        ("pt one forty", "patient 140"),
        ("applicant twelve oh five", "applicant 1205"),
    ],
)
def test_ids_said_in_pairs_after_the_noun(text, expected):
    schema = APPLICANTS if text.startswith("applicant") else PATIENTS
    assert normalize(text, schema) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("two oh three", "203"),
        ("twelve oh five", "1205"),
        ("one oh two four", "1024"),
        ("fifty two oh one", "5201"),
    ],
)
@pytest.mark.parametrize("schema", [PATIENTS, MEMBERS])
def test_an_oh_between_numbers_reads_digit_by_digit_on_any_host(text, expected, schema):
    assert normalize(text, schema) == expected


def test_the_id_range_joins_a_pair_only_where_its_parts_are_no_ids():
    # members are numbered 5001-5600: 52 and 15 are no member, 5215 is one
    assert normalize("member fifty two fifteen", MEMBERS) == "member 5215"
    assert normalize("what if member fifty four eighty three", MEMBERS) == "what if member 5483"
    # patients are numbered 0-441: 52 and 15 both are, 5215 is not
    assert normalize("member fifty two fifteen", PATIENTS) == "member 52 15"
    # after the noun, a pair beyond the id range stays two numbers
    assert normalize("patient twelve fifteen", PATIENTS) == "patient 12 15"


@pytest.mark.parametrize(("text", "expected"), [("five ten", "5 10"), ("one twenty", "one 20")])
@pytest.mark.parametrize("schema", [PATIENTS, APPLICANTS])
def test_a_pair_that_nothing_frames_stays_two_numbers(text, expected, schema):
    assert normalize(text, schema) == expected


def test_a_feature_whose_range_holds_the_pair_joins_it():
    assert normalize("her blood pressure was one twenty", PATIENTS) == "her blood pressure was 120"
    assert normalize("his credit score is six eighty one", APPLICANTS) == "his credit score is 681"
    assert normalize("a credit score of seven seventy", APPLICANTS) == "a credit score of 770"
    # 1 is no bmi and 120 no bmi either: two numbers
    assert normalize("her bmi was one twenty", PATIENTS) == "her bmi was one 20"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("patients twelve and fifteen", "patients 12 and 15"),
        ("the top three features", "the top 3 features"),
        ("age sixty five", "age 65"),
        ("give me like three options", "give me like 3 options"),
    ],
)
@pytest.mark.parametrize("schema", [PATIENTS, MEMBERS])
def test_separate_numbers_are_not_swallowed(text, expected, schema):
    assert normalize(text, schema) == expected


@pytest.mark.parametrize("schema", [PATIENTS, APPLICANTS, MEMBERS])
def test_a_year_is_left_as_said(schema):
    text = "back in twenty twenty two they turned him down"
    assert normalize(text, schema) == text
    assert extract_ids(text, schema) == []


def test_a_year_after_the_noun_is_an_id_when_the_range_holds_it():
    years = PATIENTS.model_copy(update={"id_range": (0, 2500)})
    assert normalize("patient twenty twenty two", years) == "patient 2022"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("five thousand and one", "5001"),
        ("fifteen hundred", "1500"),
        ("one hundred and twelve", "112"),
        ("fifty one hundred", "5100"),
        ("one thousand two hundred and six", "1206"),
    ],
)
def test_hundreds_and_thousands(text, expected):
    assert normalize(text, MEMBERS) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("point two", "0.2"),
        ("zero point five", "0.5"),
        ("three point two five", "3.25"),
        ("when it says point nine", "when it says 0.9"),
        ("one point higher", "1 point higher"),  # no digit after "point": a unit
    ],
)
def test_decimals_said_with_point(text, expected):
    assert normalize(text, APPLICANTS) == expected


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("if her income were thirty five k", APPLICANTS, "if her income were 35"),  # income is in thousands
        ("if her income were 35k", APPLICANTS, "if her income were 35"),
        ("if her salary were 35k", MEMBERS, "if her salary were 35000"),  # salary is in units
        ("if her salary were 35 k", MEMBERS, "if her salary were 35000"),
        ("about 35k of them", APPLICANTS, "about 35k of them"),  # no feature: left as said
    ],
)
def test_thousands_said_with_k_follow_the_feature(text, schema, expected):
    assert normalize(text, schema) == expected


def test_dictated_possessives_of_ids():
    assert normalize("patient one forty's bmi", PATIENTS) == "patient 140's bmi"
    assert normalize("patient twelves bmi", PATIENTS) == "patient 12's bmi"
    assert normalize("what if member fifty three fourteens bmi", MEMBERS) == "what if member 5314's bmi"
    assert normalize("the older ones over sixty", PATIENTS) == "the older ones over 60"  # "ones" is no number


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("her b m i", PATIENTS, "her bmi"),
        ("whats the f one score", PATIENTS, "what's the f1 score"),
        ("whats the r o c a u c", MEMBERS, "what's the roc auc"),
        ("is it a b m i of thirty", MEMBERS, "is it a bmi of 30"),
        ("her b m i", APPLICANTS, "her b m i"),  # no bmi on this host
        ("plan a b or c", PATIENTS, "plan a b or c"),
    ],
)
def test_spelled_letters_become_known_names(text, schema, expected):
    assert normalize(text, schema) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("um what does it say", "what does it say"),
        ("whats the uh precision", "what's the precision"),
        ("erm, patient twelve please", "patient 12 please"),
        ("the umbrella", "the umbrella"),
        ("um", "um"),  # a turn that is only a filler stays as said
        ("uh huh", "uh huh"),  # a yes
    ],
)
def test_fillers_are_dropped(text, expected):
    assert normalize(text, PATIENTS) == expected


def test_fillers_are_dropped_on_a_text_host_too():
    assert normalize("whats the um precision", REVIEWS) == "whats the precision"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("why did- why was patient twelve flagged", "why was patient 12 flagged"),
        ("which factors wait no which features matter", "which features matter"),
        ("applicant fifteen hundred- no fourteen ninety nine", "applicant 1499"),
        ("how much could her weight- her bmi go up", "how much could her bmi go up"),
        ("what is- tell me the accuracy", "what is- tell me the accuracy"),  # nothing repeated: kept
    ],
)
def test_restarts_keep_the_repair(text, expected):
    assert normalize(text, APPLICANTS if "applicant" in text else PATIENTS) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if she wear older", "what if she were older"),
        ("if her b m i wear thirty", "if her bmi were 30"),
        ("if it wear ten percent higher", "if it were 10% higher"),
        ("if they wear glasses", "if they wear glasses"),  # a reading of "wear"
        ("she likes to wear hats", "she likes to wear hats"),  # no conditional
    ],
)
def test_wear_for_were_only_in_a_conditional(text, expected):
    assert normalize(text, PATIENTS) == expected


def test_the_noun_said_in_two_words_is_joined():
    assert normalize("policy holder fifty two oh one", MEMBERS) == "policyholder 5201"
    assert normalize("policy-holders", MEMBERS) == "policyholders"
    assert normalize("policy holder", PATIENTS) == "policy holder"


def test_a_text_host_reads_spoken_ids_after_its_noun_only():
    assert normalize("review one oh two", REVIEWS) == "review 102"
    text = "it says two oh three stars um said b m i"
    assert normalize(text, REVIEWS) == text.replace("um ", "")


def test_extraction_reads_spoken_forms():
    assert extract_instance("what does it predict for policy holder fifty two fifteen", MEMBERS) == 5215
    assert extract_instance("patient two oh three i already know her sugar is high", PATIENTS) == 203
    assert extract_ids("applicant fifteen hundred- no fourteen ninety nine whats the verdict", APPLICANTS) == [1499]
    assert extract_changes("what if her b m i wear thirty five", PATIENTS) == {"bmi": 35}
    assert extract_changes("what if the debt to income was point two", APPLICANTS) == {"debt_to_income": 0.2}


SIZE = 64 * 1024
ADVERSARIAL = [
    ("one " * SIZE)[:SIZE],
    ("one oh " * SIZE)[:SIZE],
    ("b " * SIZE)[:SIZE],
    ("why- " * SIZE)[:SIZE],
    ("um " * SIZE)[:SIZE],
    ("one- no " * SIZE)[:SIZE],
    ("if she wear " * SIZE)[:SIZE],
    ("point one " * SIZE)[:SIZE],
    ("bmi thirty k " * SIZE)[:SIZE],
    ("policy holder " * SIZE)[:SIZE],
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_spoken_forms_take_linear_time(text, cpu_guard):
    normalize_module._normalize.cache_clear()
    assert cpu_guard(lambda: normalize(text, MEMBERS), 2.0), f"still running after 2 s of CPU on {text[:30]!r}..."


def test_the_number_words_have_one_table():
    """`_number_words.UNITS` and `TENS` (re-exported by `_spoken`) are the one table of number words: no other module
    maps them again (a second copy drifts: one reader learns "eleven" and the other does not)."""
    import re
    from pathlib import Path

    from simxai._spoken import TENS, UNITS

    package = Path(normalize_module.__file__).parent
    entry = re.compile(
        "|".join(rf"""["']{word}["']\s*:\s*{value}\b""" for word, value in {**UNITS, **TENS}.items()), re.I
    )
    copies = {
        str(path.relative_to(package)): len(entry.findall(path.read_text(encoding="utf-8")))
        for path in package.rglob("*.py")
        if path.name != "_number_words.py"
    }
    assert {path: n for path, n in copies.items() if n >= 2} == {}
