"""Asking when unsure, answering when sure: the options an unsure choice leaves open (issue 12, item 2).

The router asks below `ASK_BELOW` (the threshold the shipped artifact's dev sweep chooses). An option the turn
cannot mean by a function's own contract is no option (`simxai.backends._router_unsure`): a what-if with no change,
a why-not with no negation or contrast, a description of the model or the data when one instance is named, an
instance's explanation with no word of reasons, the data when a metric is named, "no function" when an instance is
named. Through the engine on the demo host and on a
library host built here with other nouns, features and labels (books, kept or withdrawn), and unit by unit.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.linear_model import LogisticRegression

from simxai.backends._router_masking import mask
from simxai.backends._router_readings import read_function
from simxai.backends._router_unsure import ONE_LEFT, fit_options, ruled_out
from simxai.backends.router import ASK_BELOW, CLARIFICATION_PREFIX, RouterBackend
from simxai.hosts import host_from_model

from .routing import DEMO, FUNCTIONS, LOAN, calls, route, talk

FEATURES = ["shelf_age_days", "pages", "loans_last_year", "cover"]
NAMES = frozenset({*(s.name for s in FUNCTIONS), "none"})


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def library() -> Any:
    """Copies of an invented library: ids 8101-8250, kept or withdrawn, a logistic regression."""
    rng = np.random.default_rng(3)
    n = 150
    frame = pd.DataFrame(
        {
            "copy_id": np.arange(8101, 8101 + n),
            "shelf_age_days": rng.integers(10, 2000, n),
            "pages": rng.integers(80, 900, n),
            "loans_last_year": rng.integers(0, 30, n),
            "cover": rng.integers(0, 2, n),
        }
    )
    score = frame.shelf_age_days / 2000 - frame.loans_last_year / 30 + rng.uniform(0, 0.5, n)
    frame["withdrawn"] = (score > 0.4).astype(int)
    train = frame[frame.copy_id >= 8141]
    model = LogisticRegression(max_iter=500).fit(train[FEATURES], train.withdrawn)
    return host_from_model(
        model,
        frame,
        test_ids=np.arange(8101, 8141),
        name="library withdrawals",
        target="withdrawn",
        class_names={"0": "kept", "1": "withdrawn"},
        instance_noun="book",
        id_column="copy_id",
        category_names={"cover": {"0": "paperback", "1": "hardback"}},
        seed=5,
    )


# --- through the engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "ids"),
    [
        ("demo", "compare patients 1, 2, 3, 4, 5 and 6", [1, 2, 3, 4]),
        ("library", "compare books 8103, 8104, 8105, 8106 and 8107", [8103, 8104, 8105, 8106]),
    ],
)
async def test_a_comparison_of_listed_instances_is_answered_not_asked(hosts, library, router, host, text, ids):
    # the selector is torn between the prediction and a what-if; the turn names no change, so it is no what-if
    (turn,) = await talk(library if host == "library" else hosts[host], router, text)
    assert turn.clarification is None
    assert calls(turn) == [("get_prediction", {"instance": i}) for i in ids]  # at most four calls


async def test_an_attribute_question_about_an_instance_keeps_its_attribute(hosts, router):
    # unsure between performance and "no function": a turn naming instance 12 asks for something about it
    (turn,) = await talk(hosts["demo"], router, "what's the churn score of 12")
    assert calls(turn) == [] and turn.clarification is not None
    assert "'churn score'" in turn.reply and "patient 12" in turn.reply


@pytest.mark.parametrize("host", ["demo", "library"])
async def test_a_turn_naming_the_metrics_is_no_data_question(hosts, library, router, host):
    (turn,) = await talk(library if host == "library" else hosts[host], router, "show me all the metrics")
    assert calls(turn) == [("get_model_performance", {"metric": "all"})]


async def test_the_question_offers_only_options_that_fit_the_turn(library):
    unsure = RouterBackend(threshold=1.0)  # every choice is unsure: the question shows the options offered
    (turn,) = await talk(library, unsure, "explain book 8104")
    assert calls(turn) == [] and turn.reply.startswith(CLARIFICATION_PREFIX)
    assert "explain why the model made its prediction" in turn.reply and "(2)" in turn.reply
    # no why-not (nothing denied), no description of the data or the model (one book is named)
    assert "did not predict" not in turn.reply and "describe" not in turn.reply
    question, _ = route(unsure, "explain patient 7", DEMO)
    assert "predict the label of an instance" in question and "describe the data" not in question


@pytest.mark.parametrize(("host", "text", "instance"), [("demo", "patient 8", 8), ("library", "book 8110", 8110)])
async def test_a_verdict_asked_in_no_words_of_reasons_is_the_prediction(hosts, library, host, text, instance):
    # above the selector's 0.96 for the prediction, the turn is unsure; its runner-up, the explanation, answers why
    unsure = RouterBackend(threshold=0.97)
    (turn,) = await talk(library if host == "library" else hosts[host], unsure, f"what's the call on {text}?")
    assert turn.clarification is None and calls(turn) == [("get_prediction", {"instance": instance})]


# --- the readings, unit by unit -------------------------------------------------------------------------------


def _out(text: str, schema: Any = DEMO) -> frozenset[str]:
    return ruled_out(text, mask(text, schema), schema, NAMES)


def test_a_what_if_needs_a_change_a_feature_or_a_supposition(library):
    books = library.schema()
    assert "explain_what_if" in _out("compare patients 1, 2, 3 and 6")
    assert "explain_what_if" in _out("what would I have to change so book 8110 is kept?", books)
    for text in ("what if her bmi were 30?", "patient 4 with the glucose 20 lower", "and the same changes for 7?"):
        assert "explain_what_if" not in _out(text), text
    assert "explain_what_if" not in _out("suppose book 8110 had more loans", books)


def test_a_why_not_needs_a_negation_a_contrast_or_an_obstacle(library):
    books = library.schema()
    for text in ("patient 31, why the progression?", "explain patient 8 to me, I'm a nurse not a statistician"):
        assert "explain_why_not" in _out(text), text
    for text in (
        "why isn't patient 8 progressing?",
        "how come patient 8 never got flagged",
        "patient 8 is stable although I expected progressing",
        "what's keeping patient 8 from stable?",
    ):
        assert "explain_why_not" not in _out(text), text
    assert "explain_why_not" in _out("book 8120, why the withdrawal?", books)
    assert "explain_why_not" not in _out("why is book 8120 not kept?", books)


def test_one_instance_named_rules_out_the_whole_model_and_no_function(library):
    whole = {"none", "get_model_information", "get_output_information", "get_data_information"}
    assert whole | {"get_global_explanation"} <= _out("what's the churn score of 12")
    assert whole <= _out("what's the dust level of book 8112", library.schema())
    assert not whole & _out("what's the dust level of the library?", library.schema())
    # a group rules out only the descriptions of the model and its outputs
    assert {"get_model_information", "get_output_information"} <= _out(
        "where does it go wrong for applicants older than 60?", LOAN
    )
    assert "get_data_information" not in _out("how many applicants over 60 are there?", LOAN)


def test_a_metric_or_the_models_errors_rule_out_the_data():
    for text in ("show me all the metrics", "what's the recall?", "where does it make mistakes?"):
        assert "get_data_information" in _out(text), text
    assert "get_data_information" not in _out("what's a typical bmi in the data?")


def test_an_option_ruled_out_leaves_the_rest_to_stand_alone_or_be_asked_about():
    unsure = ASK_BELOW - 0.1  # a top choice below the threshold, whatever the sweep chose
    rest = 1.0 - unsure
    probabilities = {"explain_what_if": unsure, "get_prediction": 0.95 * rest, "get_local_explanation": 0.05 * rest}
    kept, bar = fit_options(probabilities, ASK_BELOW, "compare patients 1 and 2", DEMO)
    assert "explain_what_if" not in kept and kept["get_prediction"] == pytest.approx(0.95) and bar == ONE_LEFT
    probabilities = {"explain_what_if": unsure, "get_prediction": 0.6 * rest, "get_local_explanation": 0.4 * rest}
    kept, bar = fit_options(probabilities, ASK_BELOW, "compare patients 1 and 2", DEMO)
    assert max(kept.values()) < bar  # what is left is torn: the router asks between the two left
    sure = {"get_prediction": 0.9, "explain_what_if": 0.1}
    assert fit_options(sure, ASK_BELOW, "compare patients 1 and 2", DEMO) == (sure, ASK_BELOW)  # sure: untouched
    # but a sure what-if that changes nothing is set aside too (asks30): the engine would ask what should change
    sure_what_if = {"explain_what_if": 0.9, "get_prediction": 0.1}
    kept, bar = fit_options(sure_what_if, ASK_BELOW, "compare patients 1 and 2", DEMO)
    assert kept == {"get_prediction": pytest.approx(1.0)} and bar == ONE_LEFT


def test_an_unsure_why_not_that_the_why_not_reading_confirms_is_sure():
    text = "patient 9 has a low bmi - why on earth wasn't she stable?"
    names = {s.name for s in FUNCTIONS}
    assert read_function("explain_why_not", False, text, DEMO, names) == "explain_why_not"
    assert read_function("explain_why_not", True, text, DEMO, names) is None  # sure already: nothing to read


def test_an_explanation_needs_a_word_of_reasons(library):
    books = library.schema()
    for text, schema in (("what's the call on patient 8?", DEMO), ("verdict for book 8110, please", books)):
        assert "get_local_explanation" in _out(text, schema), text
    for text, schema in (("what drove the call on patient 8?", DEMO), ("why is book 8110 withdrawn?", books)):
        assert "get_local_explanation" not in _out(text, schema), text
    assert "get_local_explanation" not in _out("what's the call on patients over 60?")  # no one instance


def test_a_search_that_keeps_the_class_needs_a_word_of_keeping_changing_or_a_limit(library):
    books = library.schema()
    for text, schema in (("need the outlook for patient 8 asap", DEMO), ("book 8110's standing, please", books)):
        assert "explain_how_to_still_be_this" in _out(text, schema), text
    for text, schema in (
        ("how solid is the stable call on patient 8?", DEMO),
        ("how far could book 8110's pages drop before it is withdrawn?", books),
        ("what could change for book 8110 and it still be kept?", books),
        ("is book 8110 laminated? would that help", books),  # a supposition may ask about a change
    ):
        assert "explain_how_to_still_be_this" not in _out(text, schema), text
