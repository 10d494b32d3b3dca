"""Who a turn is about (`simxai.followup_subject`): several instances, one named anew, or the one in focus.

Each reading with the forms that must not fire beside it, on a schema of our own (a clinic and a text host), and
the patterns on 64 KB adversarial strings. The same forms through the engine: tests/backends/test_dialogue_subject.py.
"""

from __future__ import annotations

import pytest

from simxai import followup_subject
from simxai.extraction import extract_argument
from simxai.followup_subject import (
    about_several,
    asks_for_instances,
    class_group,
    is_single_instance,
    ranks_instances,
    several_question,
    shows_instance,
)
from simxai.hosts.base import FeatureSchema, HostSchema

CLINIC = HostSchema(
    name="clinic",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=20, max=90),
        FeatureSchema(name="bmi", type="numeric", min=18, max=42.2),
    ],
    id_range=(0, 441),
)
REVIEWS = HostSchema(
    name="reviews",
    kind="text",
    instance_noun="review",
    class_names=["negative", "positive"],
    features=[],
    id_range=(0, 119),
)


@pytest.mark.parametrize(
    "text",
    [
        "which patients are most likely progressing?",
        "and how many of them are over 60?",
        "how many are over 60?",
        "which ones are progressing?",
        "who is predicted progressing?",
        "why are they both progressing?",
        "what about the people with a high bmi?",
        "any records like that?",
    ],
)
def test_turns_about_several_patients(text):
    assert about_several(text, CLINIC)


@pytest.mark.parametrize(
    "text",
    [
        "why is she progressing when most patients are stable?",  # "she": the one in focus
        "compare patients 3 and 4",  # instances named by id
        "how does the model use patients' bmi?",  # a possessive
        "which of them matters most?",  # "them" with no count and no class: features, maybe
        "how do they affect the prediction?",
        "how many features does the model use?",
        "predict patient 12",
        "what would they need to change to become stable?",  # "they": one person, as often
        "why are they progressing?",
    ],
)
def test_turns_not_about_several(text):
    assert not about_several(text, CLINIC)


def test_which_asks_for_instances_and_which_features_does_not():
    assert asks_for_instances("which reviews are most negative?", REVIEWS)
    assert asks_for_instances("which ones are progressing?", CLINIC)
    assert asks_for_instances("who is predicted progressing?", CLINIC)
    assert not asks_for_instances("which words are most negative?", REVIEWS)
    assert not asks_for_instances("which features matter most?", CLINIC)
    assert not asks_for_instances("who trained the model?", CLINIC)
    assert not asks_for_instances("in which cases is the model unreliable?", CLINIC)  # an idiom, no instances
    assert not asks_for_instances("how many patients are over 60?", CLINIC)  # a count, not a list


@pytest.mark.parametrize(
    ("text", "schema", "asks"),
    [
        # "some" / "a few" and a word or two of the class before the plural: still a list of instances
        ("show me some progressing patients", "clinic", True),
        ("give me a few negative reviews", "reviews", True),
        ("list some patients with high bmi", "clinic", True),
        # what is shown is no instance: the data, the features, the words
        ("show me some of the features", "clinic", False),
        ("show me a few important words", "reviews", False),
        ("show me the data", "clinic", False),
    ],
)
def test_showing_some_instances_of_a_class_asks_for_instances(text, schema, asks):
    assert asks_for_instances(text, {"clinic": CLINIC, "reviews": REVIEWS}[schema]) is asks


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("and the ones who were predicted stable, why?", "prediction = stable"),
        ("why are the progressing ones progressing?", "prediction = progressing"),
        ("what about patients that are labelled progressing?", "label = progressing"),
        ("the ones who were tall", None),  # no class
        ("why is she progressing?", None),
    ],
)
def test_a_class_in_a_clause_of_its_own_names_the_group(text, group):
    assert class_group(text, CLINIC) == group


def test_what_are_the_most_reviews_asks_for_instances_and_the_most_important_features_does_not():
    assert asks_for_instances("what are the most positive reviews?", REVIEWS)
    assert not asks_for_instances("what are the most important words?", REVIEWS)


def test_rankings():
    assert ranks_instances("which patients are most likely progressing?")
    assert ranks_instances("the top 5 reviews")
    assert not ranks_instances("which patients are over 60?")


@pytest.mark.parametrize(
    ("text", "shows"),
    [
        ("show me patient 20", True),
        ("ok, can I see patient 21?", True),
        ("tell me about patient 20", True),
        ("pull up patient 20 please", True),
        ("show me 20", True),
        ("and show me #20", True),
        ("show me review 20", False),  # not this host's noun
        ("show me the same for patient 20", False),  # "the same for": a follow-up
        ("what about patient 20", False),
        ("and for 20?", False),
        ("show me patient 20's prediction", False),  # asks its own question: routed as such
        ("show me 500", False),  # no patient
    ],
)
def test_a_verb_whose_object_is_the_instance(text, shows):
    assert shows_instance(text, CLINIC) is shows


def test_a_single_instance_is_an_id_values_or_a_text_never_a_group():
    assert is_single_instance(30, CLINIC) and is_single_instance({"age": 40}, CLINIC)
    assert not is_single_instance("age > 60", CLINIC) and not is_single_instance(None, CLINIC)
    assert is_single_instance("what a great film", REVIEWS)
    assert not is_single_instance("prediction = negative", REVIEWS) and not is_single_instance("all", REVIEWS)


def test_the_question_offers_a_group_in_the_hosts_words_or_one_instance():
    ranking = several_question("which patients are most likely progressing?", CLINIC)
    assert ranking.startswith("I can't rank patients")
    assert "'patients predicted progressing'" in ranking and "'patient 12'" in ranking
    # every group it offers reads as one
    assert extract_argument("instance", "patients predicted progressing", CLINIC) == "prediction = progressing"
    plain = several_question("and those?", REVIEWS)
    assert "several reviews" in plain and "'reviews predicted negative'" in plain and "'review 12'" in plain
    # another function's question is offered for the group or the instance, not a prediction
    why = several_question("and those, why?", CLINIC, "get_local_explanation")
    assert "answer that for a group" in why and "prediction" not in why.replace("predicted", "")


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how many patients are over 60?", "age > 60"),
        ("and how many of them are over 60?", "age > 60"),
        ("how many are under 30?", "age < 30"),
        ("how many are over 60 mg?", None),  # a unit: no age
    ],
)
def test_a_count_of_people_over_a_bare_number_is_an_age_group(text, group):
    assert extract_argument("instance", text, CLINIC) == group


SIZE = 64 * 1024
ADVERSARIAL = [
    (piece * (SIZE // len(piece) + 1))[:SIZE]
    for piece in (
        " ",
        "show me ",
        "patients ",
        "which ",
        "1 ",
        "# ",
        "can you ",
        "ok, ",
        "them are over ",
        "what are the ",
        "ones who were ",
        "the ones ",
    )
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_patterns_are_linear(text, cpu_guard):
    for call in (
        lambda t: shows_instance(t, CLINIC),
        lambda t: followup_subject._SHOW.match(t),
        lambda t: followup_subject._plural_noun_pattern(CLINIC).findall(t),
        lambda t: asks_for_instances(t, CLINIC),
        lambda t: ranks_instances(t),
        lambda t: class_group(t, CLINIC),
        lambda t: is_single_instance(t, CLINIC),
        lambda t: is_single_instance(t, REVIEWS),
    ):
        assert cpu_guard(lambda call=call: call(text), 2.0), f"still running after 2 s of CPU on {text[:30]!r}..."
