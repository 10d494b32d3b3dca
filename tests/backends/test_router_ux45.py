"""Round 45 (ux45), on invented hosts in our own wording: a dye house's cloth bolts (ship / re_dye) and a marina's
boats (stay / move). Single-turn readings: a number of an id's size is no count of results; the modal verbs lead no
value; a number after the host's noun that is part of a feature's name is that feature's value; a text host's
question about its labels is no text to classify; "gd" is "good"; a value a categorical feature lacks, said before
the feature's name, is asked about in data and prediction questions too; "drop to N" offers N, not a step of N; an
ordinal of what a count feature counts ("past their 4th rinse") bounds it.
"""

from __future__ import annotations

import pytest

from simxai._unsure_change import unsure_change
from simxai.backends._router_ordinal_bound import ordinal_bound
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_ids
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import REVIEWS, route

BOLTS = HostSchema(
    name="dye house cloth bolts",
    kind="tabular",
    instance_noun="bolt",
    class_names=["ship", "re_dye"],
    features=[
        FeatureSchema(name="vat temp (C)", type="numeric", min=40, max=98),
        FeatureSchema(name="RinseCount", type="numeric", min=1, max=8, aliases=["rinses"]),
        FeatureSchema(name="fibre", type="categorical", categories=["cotton", "linen", "merino wool"]),
        FeatureSchema(name="washes", type="numeric", min=0, max=12),
    ],
    id_range=(7001, 7400),
)
BOATS = HostSchema(
    name="marina boats",
    kind="tabular",
    instance_noun="boat",
    class_names=["stay", "move"],
    features=[
        FeatureSchema(name="BerthNo", type="numeric", min=1, max=40, aliases=["boat number", "berth number"]),
        FeatureSchema(name="hull length (m)", type="numeric", min=4, max=30),
    ],
    id_range=(9001, 9300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a number of an id's size is no count of results ------------------------------------------------------------------


def test_an_id_sized_number_before_change_is_no_count() -> None:
    assert extract_argument("number_of_iterations", "what must rider 7123 change to be re_dye", BOLTS) is None
    assert extract_argument("number_of_iterations", "give me 2 changes for bolt 7123", BOLTS) == 2  # a count stays


def test_a_modal_verb_leads_no_value() -> None:
    # "must" is no name of what 7123 measures, as "would" and "should" are not
    assert extract_ids("what must 7123 change to be re_dye", BOLTS) == [7123]
    assert extract_ids("what would 7123 need to ship", BOLTS) == [7123]


def test_the_router_reads_the_id_not_a_count(router: RouterBackend) -> None:
    _asked, made = route(router, "what must 7123 change to be re_dye", BOLTS)
    assert made == [("explain_how_to_be_that", {"instance": 7123, "target_label": "re_dye"})]


# --- a number after the host's noun that is part of a feature's name ---------------------------------------------


def test_a_number_after_a_feature_name_holding_the_noun_is_its_value() -> None:
    assert extract_ids("what if 9010 was berth number 12", BOATS) == [9010]
    assert extract_ids("what if 9010 had boat number 12", BOATS) == [9010]  # the noun is the name's first word
    assert extract_ids("and boat 9012?", BOATS) == [9012]  # the noun alone still names the boat


def test_the_what_if_keeps_its_instance(router: RouterBackend) -> None:
    _asked, made = route(router, "what if 9010 was berth number 12", BOATS)
    assert made == [("explain_what_if", {"instance": 9010, "changes": {"BerthNo": 12}})]


# --- a text host's question about its labels ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["what are its classes", "what were the classes again"])
def test_a_question_about_the_labels_is_no_text_to_classify(router: RouterBackend, text: str) -> None:
    asked, made = route(router, text, REVIEWS)
    assert ("get_prediction", {"instance": text}) not in made
    assert made or "outputs" in asked


# --- "gd" ---------------------------------------------------------------------------------------------------------


def test_gd_is_good(router: RouterBackend) -> None:
    _asked, made = route(router, "how gd is it", BOLTS)
    assert made == [("get_model_performance", {"metric": "all"})]


# --- a value a categorical feature lacks, before its name ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what is the average vat temp of the silk fibre bolts",
        "how accurate is it on silk fibre bolts",
        "how many silk fibre bolts are there",
    ],
)
def test_a_value_the_feature_lacks_is_asked_naming_its_values(router: RouterBackend, text: str) -> None:
    asked, made = route(router, text, BOLTS)
    assert made == []
    assert "no fibre 'silk'" in asked and "cotton, linen or merino wool" in asked


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("average washes for linen fibre bolts", "fibre = linen"),  # a value it holds
    ],
)
def test_a_value_the_feature_holds_is_read(router: RouterBackend, text: str, group: str) -> None:
    _asked, made = route(router, text, BOLTS)
    assert [a.get("group") for _n, a in made] == [group]


def test_a_possessive_before_the_feature_is_no_value(router: RouterBackend) -> None:
    asked, made = route(router, "what is the average washes of their fibre", BOLTS)
    assert made and "no fibre" not in asked


# --- "drop to N" ----------------------------------------------------------------------------------------------------


def test_drop_to_offers_the_value_and_drop_by_the_step() -> None:
    assert unsure_change("what if bolt 7010's rinses drop to 2", "RinseCount", BOLTS) == 2
    assert unsure_change("what if bolt 7010's rinses drop by 2", "RinseCount", BOLTS) == "-2"
    assert unsure_change("what if bolt 7010's rinses drop to 2 fewer", "RinseCount", BOLTS) == "-2"


# --- an ordinal bound of a count feature ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how accurate is it for bolts past their 4th rinse", "RinseCount > 4"),  # the alias "rinses", singular
        ("average vat temp for bolts before their 2nd wash", "washes < 2"),
    ],
)
def test_an_ordinal_of_what_a_feature_counts_is_its_bound(router: RouterBackend, text: str, group: str) -> None:
    _asked, made = route(router, text, BOLTS)
    assert [a.get("group") for _n, a in made] == [group]


def test_an_ordinal_of_no_feature_or_out_of_range_gives_no_bound() -> None:
    assert ordinal_bound("accuracy for the 4th bolt", BOLTS) is None  # a place in a list
    assert ordinal_bound("accuracy for bolts past their 40th rinse", BOLTS) is None  # RinseCount runs 1 to 8
