"""A host's names that hold number words, and durations that are not ages, on a user's own churn host.

Found by trying a churn model with a `contract` of "monthly", "yearly" and "two-year" through `--host-config`:
"what if the contract was two year?" changed age from 47 to 2, and "what if contract were two-year?" was
asked back as if no change had been named.
"""

from __future__ import annotations

import pytest

from simxai import normalize as normalize_module
from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize

CUSTOMERS = HostSchema(
    name="customer churn",
    kind="tabular",
    instance_noun="customer",
    class_names=["churned", "stayed"],
    features=[
        FeatureSchema(name="tenure_months", type="numeric", min=1, max=71),
        FeatureSchema(name="age", type="numeric", min=18, max=79),
        FeatureSchema(name="contract", type="categorical", categories=["monthly", "yearly", "two-year"]),
    ],
    id_range=(0, 799),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if contract were two-year?", "what if contract were two-year?"),
        ("what if the contract was two year?", "what if the contract was two-year?"),
        ("a two_year contract", "a two-year contract"),
        ("customer twenty two with a two-year contract", "customer 22 with a two-year contract"),
        ("what if she were two years older", "what if she were 2 years older"),  # not the category
    ],
)
def test_a_category_with_a_number_word_stays_a_name(text, expected):
    assert normalize(text, CUSTOMERS) == expected


@pytest.mark.parametrize(
    "text",
    [
        "what if contract were two-year?",
        "what if the contract was two year?",
        "what if customer 3 had a two-year contract?",
    ],
)
def test_a_what_if_names_the_category(text):
    assert extract_changes(text, CUSTOMERS) == {"contract": "two-year"}


@pytest.mark.parametrize("text", ["what if the contract was 2 years?", "if the plan were 3 yrs"])
def test_a_duration_of_something_else_is_not_an_age(text):
    assert extract_changes(text, CUSTOMERS) is None


def test_a_duration_of_a_feature_named_before_its_unit_is_that_feature_in_its_unit():
    """Tenure names tenure_months (the word before its unit), and 2 years of it are 24 months: no age either."""
    assert extract_changes("what if the tenure was 2 years?", CUSTOMERS) == {"tenure_months": 24}


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("what if she were 50 years old", 50),
        ("what if she were 50 years", 50),
        ("what if customer 3 was 60 years", 60),
        ("what if the customer were 30 years old", 30),
        ("what if she turned 60", 60),
        ("what if he was aged 40", 40),
        ("what would happen if they were to be 44 years", 44),
    ],
)
def test_an_age_said_of_the_instance_is_still_read(text, age):
    assert extract_changes(text, CUSTOMERS) == {"age": age}


@pytest.mark.parametrize("piece", ["two-year ", "two ", "twenty two-year ", "two - "])
def test_names_are_found_in_linear_time(piece, cpu_guard):
    """64 KB of a repeated name piece ends before 2 s of CPU (about 0.04 s now; a backtracking pattern takes
    minutes). CPU time, so a loaded machine does not count; `bench/parsers.py` prints the figures."""
    size = 64 * 1024
    text = (piece * (size // len(piece) + 1))[:size]
    normalize_module._normalize.cache_clear()
    assert cpu_guard(lambda: normalize(text, CUSTOMERS), 2.0)
