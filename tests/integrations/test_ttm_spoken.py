"""People's wording in the TalkToModel reader, round ttmw4: numbers as they are spoken (digit by digit, "oh" for
zero, "hundred" left out), a noun counting a change's steps ("N points lower"), a word of extent before a unit
after a loan noun, "how much did N ask for", and "length" as a duration (`ttm_spans`, `ttm_reader`,
`ttm_lexicon`). The sentences are written for these tests."""

from __future__ import annotations

import pytest

from simxai.integrations.ttm_grammar import TTMVocabulary
from simxai.integrations.ttm_reader import read_utterance
from simxai.integrations.ttm_spans import drop_step_nouns, join_number_words


def vocabulary_of(written: dict[str, str], numeric: list[str]) -> TTMVocabulary:
    return TTMVocabulary(
        numeric=numeric,
        categorical={f: ["true", "false"] for f in written if f not in numeric},
        classes=["0", "1"],
        semantic=written,
    )


CLINIC = vocabulary_of({"age": "age", "glucose": "glucose", "insulin": "insulin"}, ["age", "glucose", "insulin"])
BANK = vocabulary_of(
    {"age": "age", "loanduration": "loan duration", "loanamount": "loan amount", "single": "single"},
    ["age", "loanduration", "loanamount"],
)


def masked(text: str, vocabulary: TTMVocabulary) -> tuple[str, list[tuple[str, str]]]:
    reading = read_utterance(text, vocabulary)
    return " ".join(reading.words), [(m.kind, m.value) for m in reading.mentions]


@pytest.mark.parametrize(
    ("words", "joined"),
    [
        ("row seven two one six please", "row 7216 please"),
        ("file two oh eight", "file 208"),
        ("readings past one sixty", "readings past 160"),
        ("bed two fifteen", "bed 215"),
        ("account eight seventy four", "account 874"),
        ("nine eighty", "980"),
        # unchanged: a lone digit, two digits in a row, a digit before a noun, "oh" not between digits
        ("one of them", "one of them"),
        ("the two three year olds", "the 2 3 year olds"),
        ("five patients", "5 patients"),
        ("oh two of them", "oh 2 of them"),
        ("twenty five", "25"),
        ("three thousand two hundred", "3200"),
    ],
)
def test_numbers_spoken_digit_by_digit_or_without_hundred_are_one_number(words, joined):
    assert " ".join(join_number_words(words.split())) == joined


@pytest.mark.parametrize(
    ("words", "kept"),
    [
        ("if it were 15 points higher", "if it were 15 higher"),
        ("raise it 3 units more", "raise it 3 more"),
        ("a rise of 5 points", "a rise of 5 points"),  # no comparative after it
        ("the points higher up", "the points higher up"),  # no number before it
    ],
)
def test_a_noun_counting_a_changes_steps_is_dropped_only_between_a_number_and_a_comparative(words, kept):
    assert " ".join(drop_step_nouns(words.split())) == kept


def test_a_spoken_id_reads_as_one_number():
    words, mentions = masked("what does it say about file number two oh eight", CLINIC)
    assert mentions == [("num", "208")]
    assert words.endswith("<num>")


def test_a_change_counted_in_points_reads_as_a_number_and_its_comparative():
    words, mentions = masked("if row 12 had insulin thirty points higher", CLINIC)
    assert words == "if row <num> had <fnum> <num> higher"
    assert [v for _, v in mentions] == ["12", "insulin", "30"]


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("what if the loan ran over 9 extra months", "loanduration"),
        ("what if the loan went over 9 extra dollars", None),
        ("a loan above 4 more years", "loanduration"),
    ],
)
def test_a_word_of_extent_before_a_unit_keeps_the_unit_after_a_loan_noun(text, feature):
    _, mentions = masked(text, BANK)
    found = [v for k, v in mentions if k == "fnum"]
    assert found == ([feature] if feature else ["loanamount"])


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("how much money did client 31 ask for", ["31", "loanamount"]),
        ("how much did they ask for, roughly", ["loanamount"]),
        # a number after "for" is the asked amount of a what-if, read by the earlier rule
        ("how much would it change if 31 asked for 900 less", ["31", "loanamount", "900"]),
    ],
)
def test_how_much_someone_asked_for_is_the_loan_amount(text, values):
    _, mentions = masked(text, BANK)
    assert [v for _, v in mentions] == values


def test_length_is_the_everyday_word_for_a_duration_only_where_a_feature_has_one():
    _, bank = masked("the usual length of these loans", BANK)
    _, clinic = masked("the usual length of these visits", CLINIC)
    assert ("fnum", "loanduration") in bank
    assert all(k != "fnum" for k, _ in clinic)
