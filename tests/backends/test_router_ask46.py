"""Round 46 (ask46): asking only where a turn is ambiguous, on an invented host in our own wording.

A bakery's dough batches (bake / scrap): how long the dough proofed in hours, its weight in kilograms, its
hydration in percent, the oven's temperature and the flour. A what-if whose one number is tied to a feature by the
unit of that feature's name is run, not asked about: the unit in any of its spellings ("20 hrs" of `proof (hours)`),
a unit only one feature's name counts in when the turn names no feature ("was 70 percent" of `hydration (%)`), and a
step when a word of direction stands right beside the number and its unit ("another 2 hrs"). A number with no such
tie, a unit two features count in, or a direction nobody can read ("2 worse") is still asked about. And a sure choice
of the selector that the turn cannot mean by its function's contract is set aside as an unsure choice is: the one
option left standing is answered, else the question offers the two likeliest options left, never the one ruled out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from simxai._sure_change import sure_change, unit_tied_feature
from simxai._unsure_change import unsure_change
from simxai.backends._router_decision import Decision
from simxai.backends._router_doubt import question_instead
from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, Host, HostSchema
from simxai.messages import Message
from tests.backends.routing import FUNCTIONS, logistic_host, ran, route, talk

NUMERIC = ["proof (hours)", "dough (kg)", "hydration (%)", "oven_temp_c"]
CONFIG: dict[str, Any] = {
    "name": "bakery dough batches",
    "target": "scrapped",
    "class_names": {"0": "bake", "1": "scrap"},
    "instance_noun": "batch",
    "id_column": "batch_id",
    "category_names": {"flour": {"0": "rye", "1": "spelt", "2": "wheat"}},
    "seed": 0,
}
BATCHES = HostSchema(
    name="bakery dough batches",
    kind="tabular",
    instance_noun="batch",
    class_names=["bake", "scrap"],
    features=[
        FeatureSchema(name="proof (hours)", type="numeric", min=1, max=12),
        FeatureSchema(name="dough (kg)", type="numeric", min=2, max=40),
        FeatureSchema(name="hydration (%)", type="numeric", min=55, max=85),
        FeatureSchema(name="oven_temp_c", type="numeric", min=180, max=260),
    ],
    id_range=(6001, 6300),
)
# the same batches with a second feature in percent: a bare "%" names neither
TWO_PERCENTS = BATCHES.model_copy(
    update={"features": [*BATCHES.features, FeatureSchema(name="bran_pct", type="numeric", min=0, max=30)]}
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def bakery() -> Host:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(46)
    n = 300
    frame = pd.DataFrame(
        {
            "batch_id": np.arange(6001, 6001 + n),
            "proof (hours)": rng.integers(1, 13, n),
            "dough (kg)": rng.integers(2, 41, n),
            "hydration (%)": rng.integers(55, 86, n),
            "oven_temp_c": rng.integers(180, 261, n),
            "flour": rng.integers(0, 3, n),
        }
    )
    score = 0.4 * frame["proof (hours)"] - 0.05 * frame["hydration (%)"] + 0.01 * frame["oven_temp_c"]
    frame["scrapped"] = (score + rng.normal(0, 0.5, n) > score.median()).astype(int)
    return logistic_host(frame, NUMERIC, "flour", "scrapped", CONFIG)


# --- the unit of a feature's name, in any of its spellings ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if batch 6012 had only proofed 3 hrs", {"proof (hours)": 3}),  # "hrs" of "(hours)"
        ("what if batch 6012 had proofed 3 hours", {"proof (hours)": 3}),
        ("what if batch 6012 proofed another 2 hrs", {"proof (hours)": "+2"}),  # a step, its direction beside it
        ("suppose 6012 proofed 2 hrs less", {"proof (hours)": "-2"}),
        ("what if batch 6012 had been 70 percent", {"hydration (%)": 70}),  # the one feature counted in percent
        ("what if 6012 weighed 12 kilos", {"dough (kg)": 12}),  # the one feature counted in kilograms
        ("what if 6012 had 3 more kg", {"dough (kg)": "+3"}),
    ],
)
def test_a_number_tied_by_its_unit_is_the_change(text: str, expected: dict[str, Any]) -> None:
    assert sure_change(text, BATCHES) == expected


@pytest.mark.parametrize(
    "text",
    [
        "what if batch 6012 had been 70 percent",  # two features count in percent: which one?
        "what if 6012 was 20 percent wetter",  # a change relative to the value, in a word no reading knows
    ],
)
def test_a_percent_two_features_share_or_a_relative_one_is_asked(text: str) -> None:
    assert sure_change(text, TWO_PERCENTS) is None


@pytest.mark.parametrize(
    "text",
    [
        "what if 6012 proofed 2 hrs worse",  # which way is worse is the baker's to say
        "what if 6012 had 2 more",  # a step with no unit: two more of what?
        "what if 6012 proofed 2 hours and weighed 12 kg",  # two numbers
    ],
)
def test_a_number_with_no_sure_tie_is_still_asked(text: str) -> None:
    assert sure_change(text, BATCHES) is None


def test_a_feature_named_is_never_overruled_by_a_unit() -> None:
    assert unit_tied_feature("what if the proof of 6012 were 4 kg", BATCHES) is None  # a feature is named
    assert unit_tied_feature("what if 6012 had been 70 percent", TWO_PERCENTS) is None  # two features in percent
    assert unit_tied_feature("what if 6012 had been 70 percent", BATCHES) == "hydration (%)"


def test_a_percent_after_a_comparative_is_no_value() -> None:
    assert unsure_change("what if 6012 was 20 percent wetter", "hydration (%)", BATCHES) is None
    assert unsure_change("what if 6012 was 70 percent", "hydration (%)", BATCHES) == 70


# --- through the router and the engine ------------------------------------------------------------------------------


def test_a_verb_before_a_tied_number_is_no_unknown_feature(router: RouterBackend) -> None:
    # "sat" is no feature of the batches, but "5 hours" is the proof's: no question that the model lacks a "sat"
    asked, _made = route(router, "what if batch 6012 had sat 5 hours", BATCHES)
    assert "no feature 'sat'" not in asked


async def test_the_engine_runs_a_tied_change_without_a_question(bakery: Host, router: RouterBackend) -> None:
    turns = await talk(bakery, router, "what if batch 6012 had been 70 percent")
    assert turns[0].clarification is None
    assert ran(turns[0]) == [("explain_what_if", {"instance": 6012, "changes": {"hydration (%)": 70}})]


async def test_the_engine_still_asks_a_step_with_no_unit(bakery: Host, router: RouterBackend) -> None:
    turns = await talk(bakery, router, "what if batch 6012 had 2 more")
    assert ran(turns[0]) == []
    assert turns[0].clarification is not None


# --- a sure choice the contract rules out is set aside as an unsure one's is -----------------------------------------

_WAITING = "ready at the oven for batch 6044, your call"


def _doubt_request(text: str) -> CompletionRequest:
    return CompletionRequest(messages=[Message.user(text)], host=BATCHES, functions=FUNCTIONS)


def _options(probabilities: dict[str, float]) -> Callable[[str], dict[str, float]]:
    return lambda _said: probabilities


def test_the_one_option_left_standing_is_answered() -> None:
    # the outputs' description is about no batch, the explanation has no word of reasons, "no function" has a batch
    sure = Decision("get_output_information", 0.8, True, runner_up="get_prediction")
    options = _options(
        {"get_output_information": 0.8, "get_prediction": 0.12, "get_local_explanation": 0.05, "none": 0.03}
    )
    refitted = question_instead(sure, _WAITING, _doubt_request(_WAITING), options)
    assert refitted is not None and refitted.function == "get_prediction" and refitted.confident


def test_two_options_left_are_asked_about_never_the_one_ruled_out() -> None:
    text = "what would it take for batch 6044, your call"  # a change asked: the counterfactuals stay an option
    sure = Decision("get_output_information", 0.75, True, runner_up="get_prediction")
    options = _options({"get_output_information": 0.75, "get_prediction": 0.14, "explain_how_to_be_that": 0.11})
    refitted = question_instead(sure, text, _doubt_request(text), options)
    assert refitted == Decision("get_prediction", pytest.approx(0.56), False, runner_up="explain_how_to_be_that")


def test_without_probabilities_the_runner_up_question_stands() -> None:
    sure = Decision("get_output_information", 0.8, True, runner_up="get_prediction")
    asked = question_instead(sure, _WAITING, _doubt_request(_WAITING))
    assert asked == Decision("get_prediction", 0.8, False, runner_up="get_output_information")


def test_a_choice_the_contract_allows_is_not_refitted() -> None:
    text = "which labels can the bakery model give out?"
    sure = Decision("get_output_information", 0.8, True, runner_up="get_prediction")
    assert question_instead(sure, text, _doubt_request(text), _options({"get_prediction": 1.0})) is None
