"""One reading of which columns hold money by their name (`_money_scale.holds_money`), for every reader of an amount
said without the feature: a currency in a word of the name (`insured_kEUR`, `fee_chf`, `price_EUR`), with an amount
put in the scale the name states ("€300k" of a column in kEUR is 300) and a plain one read as said, as when the
feature is named ("€300" is 300, as `in_stated_scale` reads "€500" of such a column), also of a column in thousands
by its description (`pay_k`, "thousands of dollars": never 0.3).
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes
from simxai.extraction._money_scale import holds_money
from simxai.hosts.base import FeatureSchema, HostSchema


def _schema(*features: FeatureSchema) -> HostSchema:
    return HostSchema(
        name="crates",
        kind="tabular",
        instance_noun="crate",
        class_names=["a", "b"],
        features=list(features),
        id_range=(3001, 3100),
    )


_DAYS = FeatureSchema(name="transit_days", type="numeric", min=1, max=15)
_INSURED = _schema(FeatureSchema(name="insured_kEUR", type="numeric", min=20, max=1800), _DAYS)


@pytest.mark.parametrize(
    ("name", "money"),
    [("insured_kEUR", True), ("fee_chf", True), ("price_EUR", True), ("price_eur", True), ("premiumUsd", True)]
    + [("eurovision_votes", False), ("euros_seen", False), ("transit_days", False)],
)
def test_a_currency_in_a_word_of_the_name_is_money(name: str, money: bool) -> None:
    assert holds_money(FeatureSchema(name=name, type="numeric", min=0, max=9)) is money
    assert not holds_money(FeatureSchema(name=name, type="categorical", categories=["a", "b"]))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if crate 3010 were insured for €300?", 300),  # within the data's range: in the column's unit
        ("what if crate 3010 were insured for €300k?", 300),
        ("what if crate 3010 were insured for €3,000,000?", 3000),  # in full, above the largest value
        ("and with a €50k raise?", "+50"),
    ],
)
def test_an_amount_for_the_one_money_column_in_thousands_of_euros(text: str, expected: object) -> None:
    assert extract_changes(text, _INSURED) == {"insured_kEUR": expected}


def test_the_verb_tells_which_of_two_money_columns_in_keur() -> None:
    income = FeatureSchema(name="income_kEUR", type="numeric", min=10, max=300, aliases=["income"])
    loan = FeatureSchema(name="loan_amount_kEUR", type="numeric", min=5, max=900, aliases=["amount asked for"])
    schema = _schema(income, loan)
    assert extract_changes("what if she earned 50k less", schema) == {"income_kEUR": "-50"}
    assert extract_changes("what if she asked for 40k more", schema) == {"loan_amount_kEUR": "+40"}
    assert extract_changes("what if she earned €60k", schema) == {"income_kEUR": 60}


def test_a_column_in_thousands_by_its_description_is_read_as_before() -> None:
    income = FeatureSchema(name="income_k", type="numeric", min=10, max=300, description="income in thousands of euros")
    loan = FeatureSchema(
        name="loan_k", type="numeric", min=5, max=900, description="amount asked for, in thousands of euros"
    )
    schema = _schema(income, loan)
    assert extract_changes("what if she earned 50k less", schema) == {"income_k": "-50"}
    assert extract_changes("what if it paid 60k", schema) == {"income_k": 60}


_PAY = FeatureSchema(name="pay_k", type="numeric", min=18, max=90, description="annual pay, thousands of dollars")
_PRICE = FeatureSchema(name="price_k", type="numeric", min=20, max=900, description="price in thousands of euros")


@pytest.mark.parametrize("feature", [_PAY, _PRICE], ids=lambda f: f.name)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if crate 3010 were priced at €300?", 300),  # a plain amount, as when the feature is named (not 0.3)
        ("what if crate 3010 got a €300 raise?", "+300"),
        ("what if crate 3010 were priced at €300k?", 300),
        ("what if crate 3010 were priced at €3,000?", 3),  # in full, above the largest value
    ],
)
def test_a_plain_amount_for_a_column_in_thousands_by_its_description_is_read_as_said(
    feature: FeatureSchema, text: str, expected: object
) -> None:
    assert extract_changes(text, _schema(feature, _DAYS)) == {feature.name: expected}
    # the same amount said of the named feature reads the same
    named = text.replace("crate 3010 were priced at", f"its {feature.name} were")
    if named != text:
        assert extract_changes(named, _schema(feature, _DAYS)) == {feature.name: expected}


@pytest.mark.parametrize("name", ["price_keur", "cost_k_eur"])
def test_a_plain_amount_for_a_column_in_thousands_by_its_name_is_read_as_said(name: str) -> None:
    schema = _schema(FeatureSchema(name=name, type="numeric", min=20, max=900), _DAYS)
    assert extract_changes("what if crate 3010 were priced at €300?", schema) == {name: 300}
    assert extract_changes("what if crate 3010 got a €300 raise?", schema) == {name: "+300"}
