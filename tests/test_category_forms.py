"""A category said in another form of its word, or joined to its feature's word by a hyphen, names its rows.

"slabs where the column test collapsed" names `collapse`, "pipes whose coating corroded" `corrosion`; a compound
category ("no_collapse") is said whole, and a word that is a form of two categories names neither. "east-region
applicants" and "gold-plan policyholders" are the east and gold rows; "self-employed" holds no "self". Our own
wordings, on four hosts.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_group
from simxai.extraction.mentions import category_form
from simxai.hosts.base import FeatureSchema, HostSchema

from .backends.routing import INSURANCE, LOAN, route

SLABS = HostSchema(
    name="snow slab stability",
    kind="tabular",
    instance_noun="slab",
    class_names=["stable", "unstable"],
    features=[
        FeatureSchema(name="depth_cm", type="numeric", min=10, max=200),
        FeatureSchema(name="column_test", type="categorical", categories=["no_result", "collapse", "no_collapse"]),
    ],
    id_range=(1, 400),
)
PIPES = HostSchema(
    name="pipe failure",
    kind="tabular",
    instance_noun="pipe",
    class_names=["sound", "leaking"],
    features=[
        FeatureSchema(name="age_years", type="numeric", min=0, max=80),
        FeatureSchema(name="coating", type="categorical", categories=["intact", "corrosion", "missing"]),
    ],
    id_range=(7001, 7600),
)


@pytest.mark.parametrize(
    ("word", "categories", "expected"),
    [
        ("collapsed", ["no_result", "collapse", "no_collapse"], "collapse"),
        ("corroded", ["intact", "corrosion", "missing"], "corrosion"),
        ("Corrosion", ["intact", "corrosion", "missing"], "corrosion"),
        ("collapsing", ["collapse", "collapsed"], None),  # a form of two: neither
        ("yes", ["yes", "no"], "yes"),
        ("nope", ["yes", "no"], None),
    ],
)
def test_a_word_names_the_one_category_it_is_a_form_of(word, categories, expected):
    assert category_form(word, categories) == expected


@pytest.mark.parametrize(
    ("schema", "text", "condition"),
    [
        (SLABS, "accuracy on slabs where the column test collapsed", "column_test = collapse"),
        (PIPES, "f1 for pipes whose coating corroded", "coating = corrosion"),
        (SLABS, "recall on the days the column test collapsed", "column_test = collapse"),  # no group noun
        (PIPES, "accuracy on pipes with a corroded coating", "coating = corrosion"),  # the form before its feature
        (LOAN, "recall on east-region applicants", "region = east"),
        (INSURANCE, "precision for gold-plan policyholders", "plan = gold"),
    ],
)
def test_a_category_in_another_form_or_hyphenated_names_a_group(schema, text, condition):
    assert extract_group(text, schema) == condition


@pytest.mark.parametrize(
    ("schema", "text", "group"),
    [
        (SLABS, "what's the precision on slabs where the column test collapsed?", "column_test = collapse"),
        (PIPES, "what's the recall for pipes whose coating corroded?", "coating = corrosion"),
    ],
)
def test_a_category_in_another_form_is_not_asked_about(schema, text, group):
    question, calls = route(RouterBackend(), text, schema)
    assert question == ""
    assert [(name, args.get("group")) for name, args in calls] == [("get_model_performance", group)]
