"""What-ifs said in everyday words, on a host nobody trained on, through the engine and by extraction.

Each mechanism of `simxai.extraction._said_changes` and the router's what-if decision is tested on an invented
magazine-subscription host built in the test with `simxai.hosts.host_from_model` (subscribers 8101-8400: a
monthly price in dollars, weeks subscribed, upgrades, skipped deliveries, readers at home, the price as a share of
income, an edition) and on the demo host, where the readings that do not fit must give nothing. The phrasings are
our own.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends._router_decision import Decision, changes_decision
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes
from simxai.hosts.base import FeatureSchema, Host, HostSchema
from tests.backends.routing import logistic_host, ran, talk

NUMERIC = [
    "age",
    "monthly_price_usd",
    "weeks_active",
    "upgrades",
    "skipped_deliveries",
    "readers_at_home",
    "price_to_income",
]
CONFIG: dict[str, Any] = {
    "name": "magazine renewals",
    "target": "cancelled",
    "class_names": {"0": "renews", "1": "cancels"},
    "instance_noun": "subscriber",
    "id_column": "subscriber_id",
    "category_names": {"edition": {"0": "print", "1": "tablet", "2": "bundle"}},
    "feature_aliases": {
        "monthly_price_usd": ["price", "subscription price"],
        "weeks_active": ["time active"],
        "skipped_deliveries": ["skipped deliveries"],
        "price_to_income": ["share of income"],
    },
    "seed": 0,
    "cards": {
        "description": "Subscribers of an invented magazine, one row per subscriber.",
        "feature_descriptions": {
            "monthly_price_usd": "price paid per month in US dollars",
            "weeks_active": "weeks since the subscription started",
            "price_to_income": "the price as a percentage of monthly income",
        },
    },
}


@pytest.fixture(scope="module")
def magazine() -> Host:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(81)
    n = 300
    frame = pd.DataFrame(
        {
            "subscriber_id": np.arange(8101, 8101 + n),
            "age": rng.integers(18, 81, n),
            "monthly_price_usd": rng.integers(4, 30, n),
            "weeks_active": rng.integers(1, 300, n),
            "upgrades": rng.integers(0, 5, n),
            "skipped_deliveries": rng.integers(0, 7, n),
            "readers_at_home": rng.integers(1, 7, n),
            "price_to_income": np.round(rng.uniform(0.5, 10, n), 1),
            "edition": rng.integers(0, 3, n),
        }
    )
    score = 0.3 * frame.skipped_deliveries - 0.01 * frame.weeks_active + 0.2 * frame.price_to_income
    frame["cancelled"] = (score + rng.normal(0, 0.5, n) > score.median()).astype(int)
    return logistic_host(frame, NUMERIC, "edition", "cancelled", CONFIG)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- extraction, one mechanism at a time -------------------------------------------------------------------

SAID = [
    # an instance named between the feature and its value
    ("what if the subscription price for subscriber 8150 had been $9", {"monthly_price_usd": 9}),
    ("suppose the price of 8150 was $12", {"monthly_price_usd": 12}),
    # money with no feature named: the host's one feature in money
    ("what if 8150 paid $14 a month instead", {"monthly_price_usd": 14}),
    ("what if 8150 paid $2 less", {"monthly_price_usd": "-2"}),
    # a time in another unit than the feature's
    ("what if 8150 had been active two more years", {"weeks_active": "+104"}),
    ("what if 8150's time active were 3 years", {"weeks_active": 156}),
    # a count named by its verb, with once / twice
    ("what if 8150 had upgraded twice", {"upgrades": 2}),
    ("what if 8150 upgraded once more", {"upgrades": "+1"}),
    # a count denied
    ("what if subscriber 8150 hadn't skipped any deliveries", {"skipped_deliveries": 0}),
    ("what if subscriber 8150 never skipped a delivery", {"skipped_deliveries": 0}),
    # an amount before a word of one feature's name, its direction after or before it
    ("what if 8150 had 1 reader fewer", {"readers_at_home": "-1"}),
    ("what if 8150 had 2 more readers", {"readers_at_home": "+2"}),
    # a percentage of a word that names one feature
    ("what if for 8150 the price were 3% of their income", {"price_to_income": 3}),
    # half what it was
    ("what if 8150's price had been half what it was", {"monthly_price_usd": "-50%"}),
    # a category in the plural
    ("what if 8150 read tablets instead of print", {"edition": "tablet"}),
    # a value after a word and a comma
    ("suppose the price for 8150 had been lower, say 7", {"monthly_price_usd": 7}),
]


@pytest.mark.parametrize(("text", "expected"), SAID, ids=[s[0] for s in SAID])
def test_a_what_if_said_in_everyday_words(magazine: Host, text: str, expected: dict[str, Any]):
    assert extract_changes(text, magazine.schema()) == expected


def test_a_raise_on_a_feature_in_thousands_is_in_thousands():
    staff = HostSchema(
        name="staff",
        kind="tabular",
        instance_noun="worker",
        class_names=["stays", "quits"],
        features=[
            FeatureSchema(name="pay_k", type="numeric", min=18, max=90, description="annual pay, thousands of dollars"),
            FeatureSchema(name="shifts", type="numeric", min=0, max=30),
        ],
        id_range=(4001, 4300),
    )
    assert extract_changes("what if 4100 got a $4k raise", staff) == {"pay_k": "+4"}
    assert extract_changes("what if worker 4100 was on $52,000", staff) == {"pay_k": 52}
    # two features in money: which one is the user's to say
    both = staff.model_copy(
        update={
            "features": [
                *staff.features,
                FeatureSchema(name="bonus", type="numeric", min=0, max=9, description="yearly bonus in dollars"),
            ]
        }
    )
    assert extract_changes("what if 4100 got a $4k raise", both) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if the bmi for patient 12 had been 30", {"bmi": 30}),
        ("what if the bmi of patient 12 was 35", {"bmi": 35}),
        ("what if patient 12 had a bmi of 30", {"bmi": 30}),  # "of 30" is the value, no instance
        ("what if patient 5's glucose had been 20 points lower", {"glucose": "-20"}),  # not glucose = 20
        ("what if patient 12 were 2 years older", {"age": "+2"}),  # the feature is in years: no conversion
        ("what if patient 12 paid $40", None),  # no feature in money on the demo
        ("what if patient 12's bmi were two points better", None),  # better: which way? the engine asks
    ],
)
def test_the_readings_on_the_demo(demo_host, text: str, expected: dict[str, Any] | None):
    assert extract_changes(text, demo_host.schema()) == expected


# --- through the engine: the what-if is run, not asked about or answered as another question ----------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("would 8150 still cancel with 2 more skipped deliveries", {"skipped_deliveries": "+2"}),
        ("upgrades up 2 on 8150 - what does it say then", {"upgrades": "+2"}),
        ("what if subscriber 8150 paid $14 a month instead", {"monthly_price_usd": 14}),
        ("what if 8150 hadn't skipped any deliveries", {"skipped_deliveries": 0}),
        ("what if 8150 had been active two more years", {"weeks_active": "+104"}),
    ],
)
async def test_named_changes_to_an_instance_run_the_what_if(magazine: Host, router: RouterBackend, text, changes):
    turn, confirmed = await talk(magazine, router, text, "yes")
    expected = [("explain_what_if", {"instance": 8150, "changes": changes})]
    if ran(turn) != expected:  # 8150 has 4 upgrades, the data's most: 2 more is questioned first (issue 13)
        assert [(c.function, c.arguments) for c in turn.calls] == expected and "the data's range" in turn.reply
        assert ran(confirmed) == expected


async def test_fewer_than_none_is_asked_about(magazine: Host, router: RouterBackend):
    # 8150 skipped no delivery: "2 fewer" would be -2, which no subscriber has; the engine asks, yes runs it
    (turn,) = await talk(magazine, router, "would 8150 still cancel with 2 fewer skipped deliveries")
    assert ran(turn) == [] and "from 0 to −2" in turn.reply


async def test_a_what_if_in_a_dialogue_takes_the_instance_in_focus(magazine: Host, router: RouterBackend):
    _, what_if, instead = await talk(
        magazine,
        router,
        "what does the model predict for subscriber 8150?",
        "what if they paid $3 more",
        "and $5 instead?",
    )
    assert ran(what_if) == [("explain_what_if", {"instance": 8150, "changes": {"monthly_price_usd": "+3"}})]
    assert ran(instead) == [("explain_what_if", {"instance": 8150, "changes": {"monthly_price_usd": "+5"}})]


async def test_the_demo_what_if_with_the_instance_between(router: RouterBackend, demo_host):
    (turn,) = await talk(demo_host, router, "what if the bmi for patient 12 had been 30")
    assert ran(turn) == [("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})]


async def test_a_plural_category_rather_than_another_runs_the_what_if(magazine: Host, router: RouterBackend):
    (turn,) = await talk(magazine, router, "Say subscriber 8150 read tablets rather than print. Any difference?")
    assert ran(turn) == [("explain_what_if", {"instance": 8150, "changes": {"edition": "tablet"}})]


async def test_a_described_instance_keeps_its_explanation(router: RouterBackend, demo_host):
    (turn,) = await talk(demo_host, router, "why would patient 12 be progressing with a bmi of 30?")
    assert [c.function for c in turn.calls] == ["get_local_explanation"]


async def test_a_new_instance_described_by_values_stays_a_prediction(router: RouterBackend, demo_host):
    (turn,) = await talk(demo_host, router, "predict a patient with age 50, bmi 30 and glucose 120")
    assert [c.function for c in turn.calls] in ([], ["get_prediction"])


# --- the decision itself, for each reading of the selector -----------------------------------------------------


@pytest.mark.parametrize(
    ("selector", "text", "what_if"),
    [
        # unsure: a supposition or an amount makes it the what-if
        (Decision("get_prediction", 0.5, False, runner_up="get_local_explanation"), "8150, upgrades up 2?", True),
        (Decision("get_output_information", 0.4, False, runner_up="explain_what_if"), "what if 8150 went tablet", True),
        # sure of a function that would drop the changes: relative, or framed by "if" / "say"
        (Decision("get_prediction", 0.8, True), "upgrades up 2 on 8150 - what does it say then", True),
        (Decision("get_global_explanation", 0.9, True), "and 8150 with 2 fewer skipped deliveries?", True),
        (Decision(None, 0.7, True), "Say subscriber 8150 read tablets. Any difference?", True),
        # sure, and the values describe the instance: the explanation stands
        (Decision("get_local_explanation", 0.9, True), "why would 8150 cancel with a price of $20?", False),
        # sure of a function about reaching or keeping an outcome, or a metric: it stands
        (Decision("explain_how_to_still_be_this", 0.9, True), "could 8150 have 2 more upgrades and still renew", False),
        (Decision("get_model_performance", 0.9, True), "accuracy if 8150 had 2 more upgrades", False),
        # no instance named anywhere: nothing to change
        (Decision("get_prediction", 0.5, False, runner_up="explain_what_if"), "what if the price went up $2", False),
    ],
)
def test_named_changes_overrule_the_selector_only_where_they_would_be_dropped(
    magazine: Host, selector: Decision, text: str, what_if: bool
):
    names = {"explain_what_if", "get_prediction", "get_local_explanation", "get_global_explanation"}
    decided = changes_decision(selector, text, [], magazine.schema(), names)
    assert (decided is not None and decided.function == "explain_what_if") is what_if
