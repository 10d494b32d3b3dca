"""A what-if naming a value its categorical feature does not have reaches the host, which names the valid ones.

Found on an own churn host: "what if contract was weekly" was read as naming no change, so the reply was
only "What should change? For example ...", never saying that contracts are monthly, yearly or two-year.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, HostSchema

CUSTOMERS = HostSchema(
    name="customer churn",
    kind="tabular",
    instance_noun="customer",
    class_names=["churned", "stayed"],
    features=[
        FeatureSchema(name="tenure_months", type="numeric", min=1, max=71),
        FeatureSchema(name="contract", type="categorical", categories=["monthly", "yearly", "two-year"]),
    ],
    id_range=(0, 799),
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("what if contract was weekly", "weekly"),
        ("what if the contract were Weekly?", "Weekly"),
        ("what if contract = daily", "daily"),
        ("what if the contract were yearly", "yearly"),  # a valid value, as before
    ],
)
def test_the_value_said_after_the_feature_is_passed_on(text, value):
    assert extract_changes(text, CUSTOMERS) == {"contract": value}


@pytest.mark.parametrize(
    "text",
    ["what if contract was not monthly", "what if the contract was different", "what if contract was the same"],
)
def test_words_that_are_no_value_are_not_passed_on(text):
    assert extract_changes(text, CUSTOMERS) is None


def test_the_loan_host_refuses_the_unknown_value_naming_the_valid_ones(loan_host):
    from simxai.exceptions import ArgumentError

    changes = extract_changes("what if her region was central", loan_host.schema())
    assert changes == {"region": "central"}
    with pytest.raises(ArgumentError, match=r"central.*east, north, south and west"):
        loan_host.what_if(loan_host.resolve(5), changes)
