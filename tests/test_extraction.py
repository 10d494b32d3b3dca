"""Argument extraction from plain language, on a synthetic tabular schema and a text schema."""

from __future__ import annotations

import pytest

from simxai.extraction import (
    extract_argument,
    extract_changes,
    extract_count,
    extract_feature,
    extract_group,
    extract_ids,
    extract_instance,
    extract_label,
    extract_metric,
    extract_texts,
    feature_spans,
    group_spans,
    is_reference,
)
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.instances import parse_change, parse_condition
from simxai.messages import Message, ToolCall

TABULAR = HostSchema(
    name="heart",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=20, max=90, description="age in years"),
        FeatureSchema(name="bmi", type="numeric", min=15, max=50, description="body mass index"),
        FeatureSchema(
            name="glucose",
            type="numeric",
            min=50,
            max=250,
            description="plasma glucose concentration (blood sugar)",
            aliases=["blood sugar", "sugar"],
        ),
        FeatureSchema(
            name="blood_pressure",
            type="numeric",
            min=40,
            max=140,
            description="diastolic blood pressure in mm Hg",
        ),
        FeatureSchema(name="ldl", type="numeric", description="LDL cholesterol", aliases=["bad cholesterol"]),
        FeatureSchema(
            name="smoker",
            type="categorical",
            categories=["no", "yes"],
            description="whether the patient smokes",
        ),
        FeatureSchema(name="sex", type="categorical", categories=["female", "male"]),
    ],
    id_range=(0, 99),
)
TEXT = HostSchema(
    name="reviews",
    kind="text",
    instance_noun="review",
    class_names=["negative", "positive"],
    features=[FeatureSchema(name="text", type="text")],
    id_range=(0, 50),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What does the model predict for patient 12?", 12),
        ("show id 12", 12),
        ("explain instance #12", 12),
        ("row 12 please", 12),
        ("number 12", 12),
        ("12", 12),
        ("patient 12 please", 12),
        ("and for 4?", 4),
        ("what about patient 7?", 7),
        ("How old is patient 31's sister?", 31),
    ],
)
def test_instance_ids(text: str, expected: int) -> None:
    assert extract_instance(text, TABULAR) == expected


@pytest.mark.parametrize(
    "text",
    [
        "what if her bmi were 30",
        "give me 3 counterfactuals",
        "the top 5 features",
        "what is the f1 score?",
        "glucose 20 points lower",
    ],
)
def test_numbers_that_are_not_ids(text: str) -> None:
    assert extract_ids(text, TABULAR) == []


def test_numbers_inside_a_quoted_text_are_not_ids() -> None:
    assert extract_instance("What is the sentiment of 'the number 1 film of the year'?", TEXT) == (
        "the number 1 film of the year"
    )


def test_several_ids() -> None:
    assert extract_ids("compare patients 3 and 4", TABULAR) == [3, 4]
    assert extract_ids("explain patients 3, 5 and 7", TABULAR) == [3, 5, 7]
    assert extract_ids("ids 8 & 9", TABULAR) == [8, 9]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("patients with glucose above 120 and age under 50", "glucose > 120 and age < 50"),
        ("everyone labelled progressing", "label = progressing"),
        ("those predicted stable", "prediction = stable"),
        ("all patients", "all"),
        ("what does it predict for people with a bmi of at least 30?", "bmi >= 30"),
        (
            "patients whose blood pressure is between 60 and 80",
            "blood_pressure >= 60 and blood_pressure <= 80",
        ),
        ("female patients with bmi over 30", "bmi > 30 and sex = female"),
        ("patients older than 60", "age > 60"),
        ("rows 10 to 20", "id >= 10 and id <= 20"),
        (
            "smokers predicted as progressing with glucose below 90",
            "smoker = yes and glucose < 90 and prediction = progressing",
        ),
        ("non-smokers labelled stable", "smoker = no and label = stable"),
    ],
)
def test_group_conditions(text: str, expected: str) -> None:
    condition = extract_instance(text, TABULAR)
    assert condition == expected
    parse_condition(condition, TABULAR)  # the condition language of simxai.instances accepts it


def test_custom_instance_from_several_values() -> None:
    assert extract_instance("a 50 year old with bmi 30 and glucose 120", TABULAR) == {
        "age": 50,
        "bmi": 30,
        "glucose": 120,
    }
    assert extract_instance("a male smoker with bmi 27.5", TABULAR) == {
        "bmi": 27.5,
        "sex": "male",
        "smoker": "yes",
    }


def test_a_single_value_is_not_a_custom_instance() -> None:
    assert extract_instance("someone with bmi 30", TABULAR) is None


@pytest.mark.parametrize(
    "text",
    [
        "why?",
        "why is it predicted stable?",
        "what about this patient?",
        "explain her prediction",
        "and for that one?",
        "the same instance",
    ],
)
def test_references_leave_the_instance_to_the_engine(text: str) -> None:
    assert is_reference(text) or text == "why?"
    assert extract_instance(text, TABULAR) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What is the sentiment of 'I loved this film'?", "I loved this film"),
        ('Classify "great movie, loved it"', "great movie, loved it"),
        ("What does the model say about “a tedious mess”?", "a tedious mess"),
        ("Explain ‘not bad at all’ please", "not bad at all"),
        ("review: the plot was dull and slow", "the plot was dull and slow"),
        ("Predict the sentence: it's a keeper", "it's a keeper"),
        (
            "unflinchingly bleak and desperate. What is the sentiment prediction for this phrase?",
            "unflinchingly bleak and desperate.",
        ),
        (
            "Can you classify this review? the soundtrack carries the whole film",
            "the soundtrack carries the whole film",
        ),
        ("What's the prediction for 'The movie wasn't good.'", "The movie wasn't good."),
    ],
)
def test_texts(text: str, expected: str) -> None:
    assert extract_instance(text, TEXT) == expected


def test_apostrophes_inside_words_are_not_quotes() -> None:
    assert extract_texts("What's the model's view? It isn't clear") == []
    assert extract_texts("'it 's a charming film' is what I wrote") == ["it 's a charming film"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how many reviews are predicted positive?", "prediction = positive"),
        ("and the ones classified as negative?", "prediction = negative"),
        ("how many reviews are labelled negative?", "label = negative"),
        ("and how many does the model predict as positive?", "prediction = positive"),
    ],
)
def test_a_text_hosts_group_is_no_text(text: str, expected: str) -> None:
    assert extract_instance(text, TEXT) == expected


def test_an_adverb_before_the_new_value() -> None:
    assert extract_changes("and if her glucose were also 120?", TABULAR) == {"glucose": 120}


def test_how_many_predicted_is_a_group_of_predictions() -> None:
    assert extract_instance("and how many does it predict as progressing?", TABULAR) == "prediction = progressing"
    assert extract_instance("how many features are there?", TABULAR) is None


def test_an_id_is_no_count_of_counterfactuals() -> None:
    assert extract_argument("number_of_iterations", "what could patient 55 change to be stable?", TABULAR) is None
    assert extract_argument("number_of_iterations", "give me 3 changes for patient 55", TABULAR) == 3
    # the id after a word that is not the host's noun ("case" on a host of patients) is no count either
    assert extract_argument("number_of_iterations", "what can case 55 change to stay stable?", TABULAR) is None


def test_a_quoted_word_after_were_is_no_edit_without_a_quoted_word_before() -> None:
    assert extract_changes("what if it were 'good'?", TEXT) is None


def test_a_request_about_myself_is_not_a_text() -> None:
    assert extract_instance("I wasn't thrilled. Why did it say this?", TEXT) is None


def test_history_resolves_a_reference_only_when_it_holds_no_tool_calls() -> None:
    replay = [
        Message.user("What is the sentiment of 'a fine film'?"),
        Message.assistant("Positive, 'fine' helps."),
    ]
    assert extract_instance("why?", TEXT, replay) == "a fine film"
    assert extract_instance("and for 'a poor film'?", TEXT, replay) == "a poor film"
    called = [
        Message.user("What is the sentiment of 'a fine film'?"),
        Message.assistant("", [ToolCall(id="c", name="get_prediction", arguments={"instance": "a fine film"})]),
    ]
    assert extract_instance("why?", TEXT, called) is None
    tabular_replay = [Message.user("predict patient 4"), Message.assistant("Stable."), Message.user("ok")]
    assert extract_instance("why is that?", TABULAR, tabular_replay) == 4


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if her bmi were 30", {"bmi": 30}),
        ("glucose 5 lower", {"glucose": "-5"}),
        ("decrease glucose by 5", {"glucose": "-5"}),
        ("10% higher bmi", {"bmi": "+10%"}),
        ("double the ldl", {"ldl": "*2"}),
        ("what if the bad cholesterol were halved", {"ldl": "-50%"}),
        ("if she were a smoker", {"smoker": "yes"}),
        ("if she were a non-smoker", {"smoker": "no"}),
        ("what if blood pressure was 90", {"blood_pressure": 90}),
        ("What would happen if the glucose were 20 points lower?", {"glucose": "-20"}),
        ("And if we increase age by 10 years?", {"age": "+10"}),
        ("what if she were 10 years older", {"age": "+10"}),
        ("what if her blood sugar were 150 and she were male", {"glucose": 150, "sex": "male"}),
        ("set bmi to 28.5 and glucose to 100", {"bmi": 28.5, "glucose": 100}),
        ("increase bmi to 35", {"bmi": 35}),
        ("add 5 to the glucose", {"glucose": "+5"}),
        ("say her bmi dropped by 10%", {"bmi": "-10%"}),
    ],
)
def test_tabular_changes(text: str, expected: dict[str, object]) -> None:
    changes = extract_changes(text, TABULAR)
    assert changes == expected
    for value in changes.values():
        parse_change(value)  # every value is one the what-if code reads


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("replace 'great' with 'awful'", {"great": "awful"}),
        ("remove 'not'", {"not": ""}),
        (
            "What if I said 'pretty good' instead of 'absolutely fantastic'?",
            {"absolutely fantastic": "pretty good"},
        ),
        ("replace good with bad", {"good": "bad"}),
        ("change 'good' to 'bad'", {"good": "bad"}),
        ("what if we swap “boring” for “gripping”", {"boring": "gripping"}),
        ("what if 'dull' were 'gripping'?", {"dull": "gripping"}),
        ("and if 'bad' was 'fine' instead", {"bad": "fine"}),
        (
            "What if it read 'the plot was clever and quick' instead?",
            {"text": "the plot was clever and quick"},
        ),
    ],
)
def test_text_changes(text: str, expected: dict[str, object]) -> None:
    assert extract_changes(text, TEXT) == expected


def test_no_changes_named() -> None:
    assert extract_changes("what would happen then?", TABULAR) is None
    assert extract_changes("what if it changed?", TEXT) is None
    assert extract_changes("What is the minimum change needed to flip it?", TEXT) is None
    assert extract_changes("Could you predict if 'the moon is made of rock' is true?", TEXT) is None


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("why not progressing", TABULAR, "progressing"),
        ("make it positive", TEXT, "positive"),
        ("Why did it predict stable and not progressing?", TABULAR, "progressing"),
        ("why isn't it negative", TEXT, "negative"),
        ("How could patient 12 become Progressing?", TABULAR, "progressing"),
        ("what does the model predict", TEXT, None),
        ("tell me about the data", None, None),
    ],
)
def test_labels(text: str, schema: HostSchema | None, expected: str | None) -> None:
    assert extract_label(text, schema) == expected


def test_multi_word_labels_are_not_found_inside_others() -> None:
    schema = TEXT.model_copy(update={"class_names": ["Inactive User", "Active User"]})
    assert extract_label("why did it predict inactive user?", schema) == "Inactive User"
    assert extract_label("why not Active User?", schema) == "Active User"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how often is it wrong", "accuracy"),
        ("how often does it miss on renters", "accuracy"),  # a miss of either class is an error
        ("how often does the model slip up for smokers?", "accuracy"),
        ("how often does it miss patients who really are progressing", "recall"),  # the real positives it misses
        ("What is the accuracy?", "accuracy"),
        ("what's the auc", "roc_auc"),
        ("what's the roc score", "roc_auc"),
        ("f-score?", "f1"),
        ("and the F1?", "f1"),
        ("what is the sensitivity", "recall"),
        ("precision please", "precision"),
        ("show the confusion matrix", "confusion_matrix"),
        ("how good is it", "all"),
        ("how well does it perform", "all"),
        ("precision and recall", "all"),
        ("tell me about patient 3", None),
    ],
)
def test_metrics(text: str, expected: str | None) -> None:
    assert extract_metric(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what is the average bmi?", "bmi"),
        ("tell me about blood pressure", "blood_pressure"),
        ("stats of the sugar", "glucose"),
        ("what is the mean age", "age"),
        ("how is bad cholesterol distributed", "ldl"),
        ("how many rows are there", None),
    ],
)
def test_features(text: str, expected: str | None) -> None:
    assert extract_feature(text, TABULAR) == expected


def test_features_need_a_tabular_schema() -> None:
    assert extract_feature("what is the average bmi?", None) is None
    assert extract_feature("how long is the text", TEXT) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("give me 3 counterfactuals", 3),
        ("three ways to change it", 3),
        ("3", 3),
        ("show two more examples", 2),
        ("patient 12", None),
        ("why?", None),
    ],
)
def test_counts(text: str, expected: int | None) -> None:
    assert extract_count(text) == expected


def test_extract_argument_dispatches_on_the_name() -> None:
    assert extract_argument("instance", "patient 12 please", TABULAR) == 12
    assert extract_argument("instance", "the plot was dull", TEXT) == "the plot was dull"
    assert extract_argument("instance", "the sentence is: 'so so'", TEXT) == "so so"
    assert extract_argument("instance", "no idea", TABULAR) is None
    assert extract_argument("changes", "bmi 30", TABULAR) == {"bmi": 30}
    assert extract_argument("metric", "the recall", None) == "recall"
    assert extract_argument("feature", "glucose", TABULAR) == "glucose"
    for name in ("expected_label", "target_label", "prediction_label"):
        assert extract_argument(name, "progressing", TABULAR) == "progressing"
    assert extract_argument("number_of_iterations", "four", TABULAR) == 4
    assert extract_argument("some_host_argument", "anything", TABULAR) is None


def _marked(text: str) -> str:
    for start, end in reversed(group_spans(text, TABULAR)):
        text = text[:start] + "[" + text[start:end] + "]" + text[end:]
    return text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "what are the predictions for people with glucose above 120 and age under 50?",
            "what are the predictions [for people with glucose above 120 and age under 50]?",
        ),
        (
            "why is the model predicting this for those older than 60?",
            "why is the model predicting this [for those older than 60]?",
        ),
        ("how many have more than 30 bmi?", "how many have [more than 30 bmi]?"),
        ("the average bmi of patients with a glucose of 100", "the average bmi [of patients with a glucose of 100]"),
        ("bmi is equal to or below 25, show the errors", "[bmi is equal to or below 25], show the errors"),
        # a what-if change or a feature value of one instance is no group
        ("what if her bmi were 30?", "what if her bmi were 30?"),
        ("if glucose is 120, what would it predict?", "if glucose is 120, what would it predict?"),
        ("What is the average bmi?", "What is the average bmi?"),
    ],
)
def test_group_spans(text: str, expected: str) -> None:
    assert _marked(text) == expected


def test_feature_spans_are_names_and_aliases_only() -> None:
    text = "is blood pressure or bmi more important than plasma?"  # a description word, not a name
    assert [text[a:b] for a, b in feature_spans(text, TABULAR)] == ["blood pressure", "bmi"]
    assert group_spans(text, TEXT) == [] and feature_spans(text, TEXT) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if we added 5 to the bmi?", {"bmi": "+5"}),
        ("if we took 10 points away from glucose", {"glucose": "-10"}),
        ("if people decreased feature bmi by 3", {"bmi": "-3"}),
        ("if they lost 4 bmi", {"bmi": "-4"}),
        ("if they take on 15 more in glucose", {"glucose": "+15"}),
        ("increasing feature glucose by 10", {"glucose": "+10"}),
    ],
)
def test_more_change_phrasings(text: str, expected: dict[str, str]) -> None:
    assert extract_changes(text, TABULAR) == expected


def test_a_long_feature_name_is_recognised() -> None:
    schema = HostSchema(
        name="credit",
        kind="tabular",
        instance_noun="applicant",
        class_names=["bad", "good"],
        features=[
            FeatureSchema(
                name="SavingsAccountBalanceGreaterOrEqualThan500",
                type="categorical",
                categories=["0", "1"],
                aliases=["savings account balance greater or equal than 500"],
            ),
            FeatureSchema(name="Age", type="numeric"),
        ],
        id_range=(0, 99),
    )
    text = "for applicants with savings account balance greater or equal than 500 equal to 1 and age over 30"
    assert extract_feature(text, schema) == "SavingsAccountBalanceGreaterOrEqualThan500"
    assert extract_instance(text, schema) == "SavingsAccountBalanceGreaterOrEqualThan500 = 1 and Age > 30"


def _loan_schema(noun: str, described: bool) -> HostSchema:
    """A loan schema whose descriptions use words like "applicant" and "yearly", as a user's cards do.

    Only age's description says "applicant", so a description word unique to a feature would take it.
    """
    descriptions = {
        "age": "applicant age in years",
        "income": "yearly income in thousands of euros",
        "credit_score": "the credit bureau's score",
        "employment_years": "time in the current job",
        "region": "where they live",
    }
    features = [
        FeatureSchema(name="age", type="numeric", min=19, max=75),
        FeatureSchema(name="income", type="numeric", min=12, max=250),
        FeatureSchema(name="credit_score", type="numeric", min=300, max=850),
        FeatureSchema(name="employment_years", type="numeric", min=0, max=40),
        FeatureSchema(name="region", type="categorical", categories=["north", "south", "east", "west"]),
    ]
    return HostSchema(
        name="loan approval",
        kind="tabular",
        instance_noun=noun,
        class_names=["approved", "rejected"],
        features=[f.model_copy(update={"description": descriptions[f.name] if described else None}) for f in features],
        id_range=(0, 1499),
    )


LOAN_REQUESTS = [
    "what would need to change for applicant 140 to be approved?",
    "what if applicant 21's credit score were 700?",
    "why was applicant 7 rejected?",
    "what does the model predict for applicants under 30?",
    "what if the applicant's income were 80 and they lived in the south?",
    "which applicants with more than 10 years of employment are rejected?",
    "how much does the applicant earn yearly?",
    "what is the average age of applicants in thousands?",
]


@pytest.mark.parametrize("noun", ["applicant", "case"])
@pytest.mark.parametrize("text", LOAN_REQUESTS)
def test_descriptions_change_nothing_in_extraction(noun: str, text: str) -> None:
    """Free-text descriptions never name a feature, even when they contain the instance noun."""
    with_cards, without = _loan_schema(noun, True), _loan_schema(noun, False)
    for extract in (extract_changes, extract_feature, extract_instance, feature_spans, group_spans):
        assert extract(text, with_cards) == extract(text, without), extract.__name__


@pytest.mark.parametrize("noun", ["applicant", "case"])
def test_an_applicant_id_is_never_an_age(noun: str) -> None:
    schema = _loan_schema(noun, True)
    changes = extract_changes("what would need to change for applicant 140 to be approved?", schema)
    assert not changes or "age" not in changes
    assert extract_changes("what if applicant 21's credit score were 700?", schema) == {"credit_score": 700}
    assert extract_feature("how much does the applicant earn yearly?", schema) is None


# --------------------------------------------------------------------------------------- bare ids in a sentence


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("why is 87 not stable", [87]),
        ("why is 87 not stable?", [87]),
        ("does 12 get progressing?", [12]),
        ("what is the prediction for 87?", [87]),
        ("give me 3 counterfactuals for 87", [87]),
        ("and 88?", [88]),
        ("87?", [87]),
    ],
)
def test_bare_ids_that_are_the_subject_or_the_last_words(text, expected):
    assert extract_ids(text, TABULAR) == expected


@pytest.mark.parametrize(
    "text",
    [
        "is 30 a high bmi?",  # a feature right after the number: its value
        "what if bmi were 30?",
        "why is 1000 stable",  # outside the id range
        "what are the top 5 features",
        "what is 5 % of that",
        "why is 40 years old considered risky",
        "what about 5 more?",
    ],
)
def test_numbers_that_are_no_ids(text):
    assert extract_ids(text, TABULAR) == []


def test_the_label_and_the_id_of_why_is_87_not_stable():
    assert extract_instance("why is 87 not stable", TABULAR) == 87
    assert extract_label("why is 87 not stable", TABULAR) == "stable"


# --------------------------------------------------------------------------------------- groups of a metric


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("accuracy for patients over 60", "age > 60"),
        ("accuracy for patients over 60 years old?", "age > 60"),
        ("f1 on patients with bmi above 30", "bmi > 30"),
        ("how accurate is it for those labelled progressing", "label = progressing"),
        ("how does it do on women?", "sex = female"),  # this schema codes sex by name
        ("and for men?", "sex = male"),
        ("how does it do for the elderly?", "elderly"),  # no feature selects it: the function says so
        ("how good is the model overall", None),
        ("what is the accuracy on all the data?", None),
    ],
)
def test_extract_group(text, expected):
    assert extract_group(text, TABULAR) == expected
    assert extract_argument("group", text, TABULAR) == expected


def test_an_answer_to_which_group():
    assert extract_argument("group", "sex = female", TABULAR) == "sex = female"
    assert extract_argument("group", "all", TABULAR) == "all"
    assert extract_argument("group", "no idea", TABULAR) is None


def test_a_group_on_a_text_host():
    assert extract_group("accuracy on the reviews labelled positive", TEXT) == "label = positive"
    assert extract_group("how accurate is it?", TEXT) is None


@pytest.mark.parametrize("text", ["how does it do?", "how is the model doing", "how did it do on women"])
def test_how_does_it_do_asks_for_every_metric(text):
    assert extract_metric(text) == "all"


LOANS = HostSchema(
    name="loans",
    kind="tabular",
    instance_noun="applicant",
    class_names=["approved", "rejected"],
    features=[
        FeatureSchema(name="age", type="numeric", min=19, max=75, description="age in years"),
        FeatureSchema(name="home_ownership", type="categorical", categories=["mortgage", "own", "rent"]),
        FeatureSchema(name="plan", type="categorical", categories=["basic", "gold"]),
    ],
    id_range=(0, 1499),
)


@pytest.mark.parametrize(
    ("text", "schema", "expected"),
    [
        ("how does the model do on smokers?", TABULAR, "smoker = yes"),
        ("accuracy for non-smokers", TABULAR, "smoker = no"),
        ("how many smokers are predicted progressing?", TABULAR, "smoker = yes and prediction = progressing"),
        ("how does the model do on renters?", LOANS, "home_ownership = rent"),
        ("and for home owners?", LOANS, "home_ownership = own"),
        ("what if she were a smoker?", TABULAR, None),  # one smoker is a value, not a group
    ],
)
def test_a_group_named_by_a_plural_made_from_a_category(text: str, schema: HostSchema, expected: str | None) -> None:
    assert extract_group(text, schema) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how many applicants does the model reject?", "prediction = rejected"),
        ("how many applicants does the bank's model approve?", "prediction = approved"),
        ("how many applicants are rejected by the model?", "prediction = rejected"),
        ("how many applicants does the model think are approved", "prediction = approved"),
        ("how many applicants are rejected?", None),  # recorded or predicted: not said
    ],
)
def test_a_count_of_what_the_model_does_is_a_group_of_predictions(text: str, expected: str | None) -> None:
    assert extract_instance(text, LOANS) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if she were 60?", {"age": 60}),
        ("what if patient 9 were 60?", {"age": 60}),
        ("what if he was 45 instead?", {"age": 45}),
        ("what if it were 60?", None),  # "it" is the feature in focus, not the person
        ("what if she were 300?", None),  # no age
    ],
)
def test_a_bare_number_the_person_were_is_an_age(text: str, expected: dict[str, object] | None) -> None:
    assert extract_changes(text, TABULAR) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("I don't get why 30 wasn't put in the stable group", 30), ("I dont understand why 57 got progressing", 57)],
)
def test_a_bare_id_right_after_why(text: str, expected: int) -> None:
    assert extract_instance(text, TABULAR) == expected


def test_a_count_of_mistakes_is_the_confusion_matrix() -> None:
    assert extract_metric("how many mistakes does it make on the test data") == "confusion_matrix"


def test_switching_to_a_category_is_a_change() -> None:
    assert extract_changes("what about applicant 5 switching to the gold plan?", LOANS) == {"plan": "gold"}


def test_a_number_right_after_a_feature_is_its_value_not_an_id() -> None:
    assert extract_instance("what would the model say for a 50 year old with a bmi of 35?", TABULAR) == {
        "age": 50,
        "bmi": 35,
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm doing the renewal for member 57. What does the model give?", [57]),
        ("what is the decision for the application number 31?", [31]),
        ("customer 40, please", [40]),
        ("what happens to 55's label if her bmi were 30?", [55]),
        ("member 120 is out of range", []),  # another noun names an id only inside the host's id range
        ("predict 12", [12]),
        ("pred for 17", [17]),
        ("explain 81", [81]),
    ],
)
def test_ids_named_with_other_nouns_or_after_a_verb(text: str, expected: list[int]) -> None:
    assert extract_ids(text, TABULAR) == expected


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("and for the over 60s", "age > 60"),
        ("For our over-65 patients as a group, how many are progressing?", "age > 65"),
        ("how does it do on our older patients, say over 70?", "age > 70"),
        ("what is the accuracy for members who smoke?", "smoker = yes"),
    ],
)
def test_age_brackets_and_other_people_nouns_are_groups(text: str, group: str) -> None:
    assert extract_group(text, TABULAR) == group


TERMS = HostSchema(
    name="credit",
    kind="tabular",
    instance_noun="applicant",
    class_names=["rejected", "approved"],
    features=[
        FeatureSchema(name="loan_term", type="numeric", min=12, max=84, description="months"),
        FeatureSchema(name="credit_score", type="numeric", min=300, max=850),
        FeatureSchema(name="annual_income", type="numeric", min=10, max=300),
        FeatureSchema(name="net_income", type="numeric", min=5, max=200),
    ],
    id_range=(0, 1499),
)


def test_a_head_noun_names_its_feature_when_no_other_feature_ends_in_it() -> None:
    assert extract_changes("and with a 60 month term as well?", TERMS) == {"loan_term": 60}
    assert extract_changes("what if he had a 700 credit score?", TERMS) == {"credit_score": 700}
    assert extract_feature("what is the term?", TERMS) == "loan_term"
    assert extract_feature("what is his income?", TERMS) is None  # two features end in "income"
    assert extract_feature("what is the model's score?", TERMS) is None  # a word users say of the model
