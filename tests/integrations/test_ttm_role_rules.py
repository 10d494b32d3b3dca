"""English word order the learned TalkToModel parser reads at parse time: id forms, a row's feature, the feature
an average is of, numbers said as a yes/no feature's value, and negated yes/no values (`ttm_role_rules`,
`ttm_roles.pair_values`)."""

from __future__ import annotations

import pytest

from simxai.integrations.ttm_grammar import TTMVocabulary
from simxai.integrations.ttm_learned import LearnedModel, LearnedParser, load_model
from simxai.integrations.ttm_reader import read_utterance
from simxai.integrations.ttm_role_rules import negated_at
from simxai.integrations.ttm_roles import linked_value, pair_values

VOCABULARY = TTMVocabulary(
    numeric=["age", "glucose", "loanduration"],
    categorical={f: ["true", "false", "0", "1"] for f in ("smoker", "ownshouse", "hasguarantor")},
    classes=["0", "1"],
    semantic={
        "age": "age",
        "glucose": "glucose",
        "loanduration": "loan duration",
        "smoker": "smoker",
        "ownshouse": "owns house",
        "hasguarantor": "has guarantor",
    },
)
CLASSES = ("healthy", "sick")


@pytest.fixture(scope="module")
def parser() -> LearnedParser:
    return LearnedParser(VOCABULARY, CLASSES)


def parsed(parser: LearnedParser, text: str) -> str:
    program = parser.parse(text)
    assert program is not None, text
    return program.text()


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("tell me 318's prediction", "filter id 318 and"),
        ("what would 77's prediction be if glucose went up by 12", "filter id 77 and change glucose increase 12"),
    ],
)
def test_a_number_written_as_a_possessive_is_an_id(parser, text, start):
    assert parsed(parser, text).startswith(start)


def test_the_number_a_how_old_question_asks_about_is_an_id(parser):
    assert parsed(parser, "how old is 2204?") == "filter id 2204 and statistic age [e]"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("what would be predicted if the glucose of 412 were 95", "filter id 412 and change glucose set 95"),
        ("if the age of instance 90 were 61, what would be predicted", "filter id 90 and change age set 61"),
        ("suppose the loan duration for 33 was set to 18, what now", "filter id 33 and change loanduration"),
    ],
)
def test_a_feature_of_a_number_then_a_second_number_is_that_rows_feature(parser, text, start):
    assert parsed(parser, text).startswith(start)


def test_a_feature_of_a_number_alone_keeps_the_number_as_its_value(parser):
    assert "filter glucose equal to 140" in parsed(parser, "show the patients with a glucose of 140")


def test_a_yes_no_feature_takes_a_number_after_linking_words():
    reading = read_utterance("what if smoker were set to 0", VOCABULARY)
    assert linked_value(reading, 0, 1)
    assert pair_values(reading, [0], [1], exact=False) == {0: 1}
    far = read_utterance("smoker and then after that 0", VOCABULARY)
    assert pair_values(far, [0], [1], exact=False) == {}


def test_a_number_said_as_a_yes_no_features_value_is_not_a_numeric_ones(parser):
    text = parsed(parser, "predictions for cases where smoker equal to 1 with age set to 47")
    assert text.startswith("filter smoker 1 and change age set 47")
    text = parsed(parser, "what would the likelihoods be if smoker were set to 0")
    assert "change smoker 0" in text


@pytest.mark.parametrize(
    ("words", "position", "negated"),
    [
        (("not", "<fcat>"), 1, True),
        (("does", "not", "<fcat>"), 2, True),
        (("without", "not", "a", "<fcat>"), 3, True),
        (("not", "only", "<fcat>"), 2, False),
        (("<fcat>",), 0, False),
    ],
)
def test_negated_at_reads_not_right_before_a_mention(words, position, negated):
    assert negated_at(words, position) is negated


def test_a_yes_no_feature_negated_right_before_it_is_false(parser):
    assert "filter ownshouse false" in parsed(parser, "for applicants who don't own a house, what is predicted")


class _AlwaysLower:
    """An update classifier that always says ``decrease``."""

    def best(self, features: object, allowed: object = None) -> str:
        return "decrease"


def test_a_change_to_no_amount_said_before_the_feature_sets_it_to_zero():
    vocabulary = TTMVocabulary(
        numeric=["age", "numberofpriorcrimes"],
        categorical={},
        classes=["0", "1"],
        semantic={"age": "age", "numberofpriorcrimes": "number of prior crimes"},
    )
    shipped = load_model()
    model = LearnedModel({**shipped.classifiers, "update": _AlwaysLower()}, shipped.info)
    parser = LearnedParser(vocabulary, CLASSES, model=model)
    for text in ("if person 71 had no prior crimes, what would you predict", "what if everyone had 0 prior crimes"):
        assert "change numberofpriorcrimes set 0" in parsed(parser, text), text
    # said after the feature, a 0 keeps the classifier's update (a filled template may lower a value by 0)
    assert "change age decrease 0" in parsed(parser, "what would you predict if age were lowered by 0")


@pytest.mark.parametrize(
    "text",
    [
        "for the previous rows, in addition to smokers, why does the model predict them?",
        "adding in the smokers to those previous ones, what does it predict?",
        "including smokers into the previous data, what are the predictions?",
    ],
)
def test_a_reference_back_that_adds_rows_is_previousfilter_or(parser, text):
    assert parsed(parser, text).startswith("previousfilter or filter smoker true and")


def test_a_reference_back_that_narrows_stays_previousfilter_and(parser):
    for text in (
        "for the previous instances, what are the predictions for smokers?",
        "for those previous rows restricted to smokers, what are the predictions",
    ):
        assert parsed(parser, text).startswith("previousfilter and filter smoker true"), text


def _with_unfiltered(contexts: dict[str, dict[str, int]]) -> LearnedModel:
    shipped = load_model()
    return LearnedModel(shipped.classifiers, {**shipped.info, "unfiltered_contexts": contexts})


def test_a_request_without_filters_takes_the_one_context_training_wrote_for_its_shape():
    text = "which features are the most important?"
    forced = LearnedParser(VOCABULARY, CLASSES, model=_with_unfiltered({"important all": {"previousfilter and": 3}}))
    assert parsed(forced, text) == "previousfilter and important all [e]"
    plain = LearnedParser(VOCABULARY, CLASSES, model=_with_unfiltered({"important all": {"none": 3}}))
    assert parsed(plain, text) == "important all [e]"
    # too few wordings, or both contexts: the context classifier decides, as without the table
    free = LearnedParser(VOCABULARY, CLASSES, model=_with_unfiltered({}))
    for contexts in ({"previousfilter and": 2}, {"previousfilter and": 5, "none": 5}):
        decided = LearnedParser(VOCABULARY, CLASSES, model=_with_unfiltered({"important all": contexts}))
        assert parsed(decided, text) == parsed(free, text)


def test_a_word_pointing_back_keeps_previousfilter_where_training_wrote_none():
    plain = LearnedParser(VOCABULARY, CLASSES, model=_with_unfiltered({"important all": {"none": 3}}))
    assert parsed(plain, "which features are the most important for these?").startswith("previousfilter and")


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("median age of the smokers", "filter smoker true and statistic age [e]"),
        ("the mean of the glucose among those with a guarantor", "filter hasguarantor true and statistic glucose [e]"),
    ],
)
def test_the_feature_right_after_a_word_for_an_average_is_the_statistics_argument(parser, text, gold):
    assert parsed(parser, text) == gold
