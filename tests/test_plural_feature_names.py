"""A feature named in the plural ("credit scores", "incomes", "ages") is a feature mention, so the selector's masking
and every reading built on `feature_mentions` see it; idioms whose words are a feature's ("in terms of" beside
`loan_term`) are not. Our own wording (round 19, dev24), on the loan and demo hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_masking import mask
from simxai.extraction._features import feature_mentions, singular_forms
from simxai.hosts.base import HostSchema
from tests.backends.routing import DEMO, LOAN


@pytest.mark.parametrize(
    ("schema", "text", "feature"),
    [
        (LOAN, "how spread out are the credit scores here", "credit_score"),
        (LOAN, "do incomes differ much between regions", "income"),
        (LOAN, "tell me about the ages in the data", "age"),
        (LOAN, "are loan amounts big for rejected people", "loan_amount"),
        (DEMO, "are the bmis high for progressing patients", "bmi"),
    ],
)
def test_a_feature_named_in_the_plural_is_a_mention(schema: HostSchema, text: str, feature: str):
    assert feature in [m.feature.name for m in feature_mentions(text, schema)]
    assert "FEATURE" in mask(text, schema)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "in terms of accuracy, is it any good"),
        (LOAN, "what was the reason for 12"),
        (DEMO, "this is less than ideal"),
    ],
)
def test_idioms_and_words_that_are_no_plural_name_no_feature(schema: HostSchema, text: str):
    assert feature_mentions(text, schema) == []


def test_singular_forms():
    assert singular_forms("incomes") == ["income", "incom"]
    assert singular_forms("salaries") == ["salary", "salarie", "salari"]
    assert singular_forms("less") == []
    assert singular_forms("age") == []
