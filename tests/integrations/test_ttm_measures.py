"""People's wording in the TalkToModel reader, second round: numbers with units, ranges written "A to B",
acronyms written out, everyday names of technical terms, chat shorthand, and a comparative after a yes/no
feature (`ttm_reader`, `ttm_names`, `ttm_spans`, `ttm_lexicon`)."""

from __future__ import annotations

import pytest

from simxai.integrations.ttm_grammar import TTMVocabulary
from simxai.integrations.ttm_lexicon import rewrite_shorthand
from simxai.integrations.ttm_reader import read_utterance
from simxai.integrations.ttm_spans import range_at, unit_feature


def vocabulary_of(written: dict[str, str], numeric: list[str]) -> TTMVocabulary:
    return TTMVocabulary(
        numeric=numeric,
        categorical={f: ["true", "false"] for f in written if f not in numeric},
        classes=["0", "1"],
        semantic=written,
    )


CLINIC = vocabulary_of(
    {"age": "age", "glucose": "glucose", "bmi": "bmi", "skinthickness": "skin thickness"},
    ["age", "glucose", "bmi", "skinthickness"],
)
COURT = vocabulary_of(
    {"age": "age", "monthsinjail": "months in jail", "numberofpriorcrimes": "number of prior crimes", "woman": "woman"},
    ["age", "monthsinjail", "numberofpriorcrimes"],
)
BANK = vocabulary_of(
    {"age": "age", "loanduration": "loan duration", "loanamount": "loan amount", "gender": "gender"},
    ["age", "loanduration", "loanamount"],
)


def masked(text: str, vocabulary: TTMVocabulary) -> tuple[str, list[tuple[str, str]]]:
    reading = read_utterance(text, vocabulary)
    return " ".join(reading.words), [(m.kind, m.value) for m in reading.mentions]


@pytest.mark.parametrize(
    ("text", "vocabulary", "words", "values"),
    [
        ("inmates held above 9 months", COURT, "inmates held <fnum> above <num> months", ["monthsinjail", "9"]),
        ("credits running 30 months or longer", BANK, "credits running <fnum> <num> months or more", None),
        ("a person of 52 years", CLINIC, "a person of <fnum> <num> years", ["age", "52"]),
    ],
)
def test_a_number_with_a_unit_measures_the_feature_whose_name_holds_the_unit_or_the_one_duration(
    text, vocabulary, words, values
):
    got_words, mentions = masked(text, vocabulary)
    assert got_words == words
    assert values is None or [v for _, v in mentions] == values


@pytest.mark.parametrize(
    "text",
    [
        "months in jail of at least 9 months",  # the feature is named for the number
        "row 9 months later",  # a number after a noun for one row is an id
        "9 months in jail",  # the unit opens the feature's own name
    ],
)
def test_no_feature_is_implied_by_a_unit_where_one_is_named(text):
    mentions = masked(text, COURT)[1]
    assert mentions.count(("fnum", "monthsinjail")) <= 1


def test_a_unit_no_single_feature_measures_implies_nothing():
    assert (
        unit_feature("months", {"age": "age", "monthsinjail": "months in jail", "monthsemployed": "months employed"})
        is None
    )
    assert unit_feature("kg", {"age": "age"}) is None
    assert unit_feature("weeks", {"loanduration": "loan duration"}) == "loanduration"


@pytest.mark.parametrize(
    ("text", "vocabulary", "words", "values"),
    [
        ("had he been 7 years older", COURT, "had he been <fnum> <num> greater", ["age", "7"]),
        ("with the credit 12 months shorter", BANK, "with the credit <fnum> <num> less", ["loanduration", "12"]),
    ],
)
def test_a_span_of_time_and_a_comparative_implying_a_feature_read_as_a_change_of_it(text, vocabulary, words, values):
    got_words, mentions = masked(text, vocabulary)
    assert got_words == words
    assert [v for _, v in mentions] == values


@pytest.mark.parametrize(
    ("text", "vocabulary"),
    [
        ("glucose 90 to 140", CLINIC),
        ("clients between 25 and 35", BANK),  # a noun for people: their age
        ("persons aged 61 to 70", COURT),
    ],
)
def test_a_range_after_a_feature_or_a_noun_for_people_is_two_comparisons(text, vocabulary):
    got_words, mentions = masked(text, vocabulary)
    assert got_words.endswith("<fnum> greater than <num> and <fnum> less than <num>")
    features = [v for k, v in mentions if k == "fnum"]
    assert len(features) == 2 and features[0] == features[1]


def test_a_range_needs_a_rising_pair_of_numbers():
    assert range_at(["5", "to", "9"], 0) == (3, "5", "9")
    assert range_at(["9", "to", "5"], 0) is None
    assert range_at(["set", "to", "5"], 0) is None
    assert masked("set glucose to 120", CLINIC)[0] == "set <fnum> to <num>"


def test_an_acronym_written_out_reads_as_the_feature_unless_the_name_is_a_word():
    assert masked("her body mass index", CLINIC)[1] == [("fnum", "bmi")]
    assert masked("all good entries", CLINIC)[1] == []  # "age" is an English word, not an acronym


@pytest.mark.parametrize(
    ("text", "vocabulary", "value"),
    [
        ("mean blood sugar", CLINIC, "glucose"),
        ("thin skinfolds", CLINIC, "skinthickness"),
        ("how many convictions", COURT, "numberofpriorcrimes"),
        ("time in prison", COURT, "monthsinjail"),
        ("the term of the credit", BANK, "loanduration"),
        ("by sex", BANK, "gender"),
    ],
)
def test_an_everyday_term_reads_as_the_technical_word_a_features_name_uses(text, vocabulary, value):
    assert [v for _, v in masked(text, vocabulary)[1]] == [value]


def test_an_everyday_term_stays_itself_where_no_feature_uses_its_technical_word():
    assert masked("sugar intake", COURT) == ("sugar intake", [])
    sugar = vocabulary_of({"sugar": "sugar", "glucose": "glucose"}, ["sugar", "glucose"])
    assert masked("sugar over 5", sugar)[1][0] == ("fnum", "sugar")  # the dataset names it itself


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("acc on women", "<metric> on <fcat>"),
        ("preds for 12", "predictions for <num>"),
        ("top feats", "top features"),
        ("prob of id 3", "probability of id <num>"),
        ("ppl w/ no record", "people with no record"),
        ("ppl w/o record", "people without record"),
    ],
)
def test_more_chat_shorthand_is_written_out(text, words):
    assert masked(text, COURT)[0] == words


def test_with_slash_is_with_only_as_its_own_word():
    assert rewrite_shorthand("and/or w/ it") == "and/or with it"


def test_a_comparative_after_a_yes_no_feature_implies_its_quantity():
    assert masked("women older than 50", COURT)[1] == [("fcat", "woman"), ("fnum", "age"), ("num", "50")]
    assert masked("age older than 50", COURT)[1] == [("fnum", "age"), ("num", "50")]  # not twice


@pytest.mark.parametrize(
    ("text", "vocabulary", "feature"),
    [
        ("inmates between 2 and 9 months in jail", COURT, "monthsinjail"),
        ("inmates between 2 and 9 months locked up", COURT, "monthsinjail"),  # the unit, then the feature again
        ("credits between 6 and 18 months", BANK, "loanduration"),  # the unit before the noun of borrowing
        ("credits between 600 and 1800", BANK, "loanamount"),
    ],
)
def test_a_range_followed_by_a_feature_or_its_unit_compares_that_feature(text, vocabulary, feature):
    got_words, mentions = masked(text, vocabulary)
    assert got_words.endswith("<fnum> greater than <num> and <fnum> less than <num>")
    assert [v for k, v in mentions if k == "fnum"] == [feature, feature]


def test_how_much_with_a_word_of_borrowing_asks_for_the_loans_amount():
    assert masked("how much did 41 borrow", BANK) == (
        "how much did <num> <fnum>",
        [("num", "41"), ("fnum", "loanamount")],
    )
    assert masked("how much does gender weigh in a loan", BANK)[1] == [("fcat", "gender")]  # a feature was named


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("glucose above two hundred and ten", ["210"]),
        ("a thousand cases", ["1000"]),
        ("three thousand five hundred or 4 thousand", ["3500", "4000"]),
        ("forty and fifty", ["40", "50"]),  # no scale: two numbers
    ],
)
def test_numbers_said_with_hundred_or_thousand_are_one_number(text, numbers):
    assert [v for k, v in masked(text, CLINIC)[1] if k == "num"] == numbers


def test_a_comparison_right_after_a_verb_of_asking_is_the_loans_amount():
    assert masked("those asking over 9000", BANK)[1] == [("fnum", "loanamount"), ("num", "9000")]


@pytest.mark.parametrize(
    ("text", "rewritten"),
    [
        ("aged 20-25", "aged 20 to 25"),
        ("glucose 90 \u2013 140", "glucose 90 to 140"),
        ("predict no. 812", "predict id 812"),
        ("nr 77 please", "id 77 please"),
        ("lower it by -3", "lower it by -3"),  # a negative number is no range
        ("no. of priors", "no. of priors"),  # "no." before a word is no number sign
    ],
)
def test_a_dashed_range_and_a_number_sign_are_written_out(text, rewritten):
    assert rewrite_shorthand(text) == rewritten


def test_a_dashed_range_after_a_feature_is_two_comparisons():
    assert masked("persons aged 61-70", COURT)[0].endswith("<fnum> greater than <num> and <fnum> less than <num>")
