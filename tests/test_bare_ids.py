"""Ids written without the host's noun: bare, first person, abbreviated, and the numbers that are no ids.

Each form is checked on two hosts whose id ranges differ (a clinic with ids 0-441 and an age feature; an
insurer with ids 5001-5600), so a rule that only fits one range fails.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_ids, extract_instance
from simxai.hosts.base import FeatureSchema, HostSchema

CLINIC = HostSchema(
    name="clinic",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=19, max=79),
        FeatureSchema(name="bmi", type="numeric", min=18, max=42),
        FeatureSchema(name="glucose", type="numeric", min=60, max=200),
        FeatureSchema(name="smoker", type="categorical", categories=["no", "yes"]),
    ],
    id_range=(0, 441),
)
INSURER = HostSchema(
    name="insurer",
    kind="tabular",
    instance_noun="policyholder",
    class_names=["standard", "surcharge"],
    features=[
        FeatureSchema(name="age", type="numeric", min=18, max=80),
        FeatureSchema(name="bmi", type="numeric", min=16, max=45),
        FeatureSchema(name="claims_last_year", type="numeric", min=0, max=9, aliases=["claims"]),
    ],
    id_range=(5001, 5600),
)
HOSTS = {"clinic": (CLINIC, 302), "insurer": (INSURER, 5302)}

# Each form with "{n}" where the id goes; the same wording is checked on both hosts with an id of each.
FORMS = [
    "{n} what are the chances of the bad outcome",  # a leading bare id, then the question
    "{n} - why not the other outcome",
    "{n}: counterfactual please",
    "im {n}",  # first person
    "I'm {n}, what would I have to change",
    "im #{n} why",
    "i am number {n}, explain",
    "my policy number is {n}",
    "my id is {n} what does it say",
    "{n} here, would quitting help?",
    "case {n}",  # generic nouns and abbreviations
    "nr. {n}",
    "id#{n}",
    "#{n}",
    "what about #{n} then",
    "number {n}",
    "explain my result pls {n}",  # the id after the request
    "would i still get the bad outcome? {n}",
    "which features pushed {n} into that class",
    "rerun {n} w/ bmi 10% lower",  # a change beside the id claims its own number
    "how much could {n}s bmi go up before it flips",  # a possessive without the apostrophe
    "what if {n} had bmi 25",
    "why isnt {n} in the other class",  # a negated auxiliary, its apostrophe dropped
    "why wouldn't {n} get the better outcome",
]


@pytest.mark.parametrize("host", sorted(HOSTS))
@pytest.mark.parametrize("form", FORMS)
def test_an_id_without_the_hosts_noun(form: str, host: str) -> None:
    schema, number = HOSTS[host]
    text = form.format(n=number)
    assert extract_ids(text, schema) == [number]
    assert extract_instance(text, schema) == number


# Numbers that something else claims: a feature's value, an amount, a count, a bound, an age, a rank.
NOT_IDS = [
    "bmi 30",
    "what if the bmi were 30",
    "what would it say with a bmi of 35",
    "is 30 a high bmi?",
    "10 % less",
    "what if glucose were 10 % less",
    "show me the top 3 features",
    "top 3",
    "give me 3 counterfactuals",
    "how does it do on patients under 25s",
    "patients whose bmi is between 25 and 30",
    "she is 40, hes 65",
    "i'm 45",  # an age on a host with an age feature holding 45
    "i'm 45 years old, what would it say",
    "what's the #1 factor overall",
    "what about 5 more",
    "make it 30",
    "the last 30 days",
    "income 40 and score 300",  # a name before a number makes it that thing's value
    "compare 12 and 13",  # two candidates: neither is taken
]


@pytest.mark.parametrize("host", sorted(HOSTS))
@pytest.mark.parametrize("text", NOT_IDS)
def test_a_number_claimed_by_something_else_is_no_id(text: str, host: str) -> None:
    schema, _ = HOSTS[host]
    assert extract_ids(text, schema) == []


@pytest.mark.parametrize("text", ["5007 what are the chances", "im 5042", "my policy number is 5140"])
def test_a_number_outside_the_hosts_ids_is_no_id(text: str) -> None:
    assert extract_ids(text, CLINIC) == []


def test_an_unmarked_first_person_number_outside_every_age_is_an_id_but_a_marked_one_always_is() -> None:
    assert extract_ids("im 302", CLINIC) == [302]  # no age of 302: an id
    assert extract_ids("im 45", CLINIC) == []  # an age
    assert extract_ids("im #45", CLINIC) == [45]
    assert extract_ids("im number 45", CLINIC) == [45]


def test_the_nouns_id_keeps_its_place_before_a_bare_number() -> None:
    # "case 310" names an id with a generic noun, outside the insurer's range: the engine says there is none
    assert extract_ids("case 310", INSURER) == [310]
    assert extract_ids("policyholder 5100 with bmi 30", INSURER) == [5100]


def test_a_negated_auxiliary_before_an_id_on_a_text_host() -> None:
    # a text host keeps a turn's spelling ("isnt" is not made "isn't"), so the bare form must read as well
    reviews = HostSchema(
        name="reviews",
        kind="text",
        instance_noun="review",
        class_names=["negative", "positive"],
        features=[FeatureSchema(name="text", type="text")],
        id_range=(0, 119),
    )
    assert extract_ids("why isnt 64 positive", reviews) == [64]
    assert extract_ids("why wasnt 7 negative?", reviews) == [7]
