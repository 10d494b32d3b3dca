"""Turns the router must ask about instead of answering a different question, and the turns it must answer.

Each mechanism runs through the engine with the offline router (issue 12, item 2), on the demo host and on a boat
rental host built here with `host_from_model` (other nouns, features and labels, one with an underscore): a group
named by a graded word with no threshold that no call would carry; a reference to one instance in a new
conversation; a thing had in a what-if that is no feature; an id outside the host's range. The reverse: a question
about what an output means is the output description, and whether the model was right about one named instance
is that instance's prediction, however sure the selector is of another function.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.linear_model import LogisticRegression

from simxai import Turn
from simxai.backends._router_unknown import uncalled_question
from simxai.backends.router import RouterBackend
from simxai.hosts import host_from_model

from .routing import calls, talk

FEATURES = ["hull_length_m", "crew", "days_hired", "engine"]


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def boats() -> Any:
    """Boat hires of an invented marina: ids 7001-7160, returned on_schedule or overdue, a logistic regression."""
    rng = np.random.default_rng(12)
    n = 160
    frame = pd.DataFrame(
        {
            "hire_id": np.arange(7001, 7001 + n),
            "hull_length_m": np.round(rng.uniform(4, 16, n), 1),
            "crew": rng.integers(1, 9, n),
            "days_hired": rng.integers(1, 15, n),
            "engine": rng.integers(0, 3, n),
        }
    )
    late = frame.days_hired / 14 + (frame.engine == 2) * 0.4 + rng.uniform(0, 0.6, n) > 0.9
    frame["overdue"] = late.astype(int)
    train = frame[frame.hire_id >= 7041]
    model = LogisticRegression(max_iter=500).fit(train[FEATURES], train.overdue)
    return host_from_model(
        model,
        frame,
        test_ids=np.arange(7001, 7041),
        name="boat hire returns",
        target="overdue",
        class_names={"0": "on_schedule", "1": "overdue"},
        instance_noun="boat",
        id_column="hire_id",
        category_names={"engine": {"0": "diesel", "1": "electric", "2": "sail"}},
        seed=5,
    )


def asked(turn: Turn) -> bool:
    return turn.clarification is not None and not calls(turn)


# --- a group named by a graded word, with no threshold ---------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "words", "feature"),
    [
        ("demo", "and the older ones, what about them", "older ones", "age"),
        ("boats", "what about the long boats", "long boats", None),
        ("boats", "how does it do on the warmer days?", "warmer days", None),
        ("boats", "what about the bad crew sizes", "bad crew", "crew"),
    ],
)
async def test_a_vague_group_that_no_call_carries_is_asked_about(hosts, boats, router, host, text, words, feature):
    (turn,) = await talk(boats if host == "boats" else hosts[host], router, text)
    assert asked(turn), calls(turn)
    assert words in turn.reply.lower()
    if feature is not None:  # the question names the feature the word grades, with its range
        assert f"{feature} runs from" in turn.reply


async def test_a_vague_group_the_selector_reads_as_no_request_is_still_asked_about(hosts, router):
    # a selector that reads no request asks about the group; one that reads performance (the twenty-eighth round's)
    # asks which metric, then says that no feature reads the group: never an answer on all applicants
    first, second = await talk(hosts["loan"], router, "so how are things for the richer applicants?", "accuracy")
    assert asked(first)
    assert "richer applicants" in first.reply or ("richer applicants" in second.reply and not calls(second))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("accuracy for patients over 60", [("get_model_performance", {"metric": "accuracy", "group": "age > 60"})]),
        ("what are the highest values of bmi in the data?", [("get_data_information", {"feature": "bmi"})]),
        ("which features matter most?", [("get_global_explanation", {})]),
        ("how old are the patients in this data, more or less?", None),
    ],
)
async def test_a_group_with_its_bound_or_no_group_is_answered(hosts, router, text, expected):
    (turn,) = await talk(hosts["demo"], router, text)
    if expected is None:  # a question about a feature ("how old"), whichever feature the call names
        assert [name for name, _ in calls(turn)] == ["get_data_information"]
    else:
        assert calls(turn) == expected


# --- one instance referred to with nothing before ---------------------------------------------------------------


@pytest.mark.parametrize("text", ["main reasons behind this one?", "what drives her result?"])
async def test_a_reference_in_a_new_conversation_asks_which_instance(hosts, boats, router, text):
    for host in (hosts["demo"], boats):
        (turn,) = await talk(host, router, text)
        assert asked(turn) and turn.clarification is not None
        assert turn.clarification.missing == ["instance"]


async def test_a_reference_after_an_instance_is_that_instance(boats, router):
    _, turn = await talk(boats, router, "what does it predict for boat 7012?", "main reasons behind this one?")
    assert [c for c in calls(turn) if c[0] == "get_local_explanation"]
    assert all(c[1].get("instance") == 7012 for c in calls(turn))


# --- a thing had in a what-if that is no feature ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "thing"),
    [
        ("boats", "what if boat 7010 had a trailer?", "trailer"),
        ("boats", "suppose 7022 needed a skipper on board", "skipper"),
        ("demo", "what if patient 30 had a pacemaker", "pacemaker"),
    ],
)
async def test_a_thing_had_that_no_feature_holds_is_asked_about(hosts, boats, router, host, text, thing):
    (turn,) = await talk(boats if host == "boats" else hosts[host], router, text)
    assert asked(turn) and f"no feature for '{thing}'" in turn.reply
    assert "hull_length_m" in turn.reply or "bmi" in turn.reply  # the valid features are named


@pytest.mark.parametrize(
    ("text", "changes"),
    [("what if boat 7010 had a sail engine?", {"engine": "sail"}), ("what if 7010 had a crew of 6", {"crew": 6})],
)
async def test_a_thing_had_that_is_a_feature_or_value_is_a_what_if(boats, router, text, changes):
    (turn,) = await talk(boats, router, text)
    assert calls(turn) == [("explain_what_if", {"instance": 7010, "changes": changes})]


# --- an id outside the range -------------------------------------------------------------------------------------


async def test_an_id_outside_the_range_is_asked_about_with_the_range(boats, router):
    (turn,) = await talk(boats, router, "what does it predict for boat 7400?")
    assert asked(turn) and "7001" in turn.reply and "7160" in turn.reply


# --- what an output means; whether the model was right about one instance ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what does 'overdue' mean exactly?",
        "how is on schedule defined here?",
        "when it gives 0.7, what is that number?",
        "what labels can it give?",
        "could it ever answer 'unknown'?",
    ],
)
async def test_a_question_about_what_an_output_means_is_the_output_description(boats, router, text):
    (turn,) = await talk(boats, router, text)
    assert calls(turn) == [("get_output_information", {})]


@pytest.mark.parametrize(
    "text",
    ["what does it predict for boat 7012?", "what does recall mean for this model?", "why is boat 7012 overdue?"],
)
async def test_a_question_about_an_instance_or_a_metric_is_no_output_description(boats, router, text):
    (turn,) = await talk(boats, router, text)
    assert not any(c[0] == "get_output_information" for c in calls(turn))


@pytest.mark.parametrize(
    ("host", "text", "instance"),
    [
        ("boats", "was the model right about boat 7012? it came back a week late", 7012),
        ("boats", "did it get 7030 correct", 7030),
        ("demo", "is the call on patient 77 actually correct?", 77),
    ],
)
async def test_whether_the_model_was_right_about_one_instance_is_its_prediction(
    hosts, boats, router, host, text, instance
):
    (turn,) = await talk(boats if host == "boats" else hosts[host], router, text)
    assert calls(turn) == [("get_prediction", {"instance": instance})]


async def test_why_the_model_was_wrong_is_no_bare_prediction(boats, router):
    (turn,) = await talk(boats, router, "why was it wrong about boat 7012?")
    assert calls(turn) and calls(turn)[0][0] != "get_prediction"


# --- why a class was not given, the class in words of its own ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("how come boat 7012 isn't back on schedule?", "on_schedule"),
        ("why doesnt the model think 7030 will be overdue", "overdue"),
    ],
)
async def test_why_a_class_written_in_words_was_not_given_is_the_why_not(boats, router, text, label):
    (turn,) = await talk(boats, router, text)
    assert [(name, args.get("expected_label")) for name, args in calls(turn)] == [("explain_why_not", label)]


async def test_why_a_class_was_given_stays_the_explanation(boats, router):
    (turn,) = await talk(boats, router, "why is boat 7012 overdue?")
    assert [name for name, _ in calls(turn)] == ["get_local_explanation"]


# --- a breakdown by a feature's values that no call carries -------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "named"),
    [
        ("boats", "what is the accuracy by crew?", ["crew >"]),
        ("demo", "recall per bmi", ["bmi >"]),
    ],
)
async def test_a_breakdown_by_a_numeric_feature_is_asked_about_naming_a_bound(hosts, boats, router, host, text, named):
    (turn,) = await talk(boats if host == "boats" else hosts[host], router, text)
    assert asked(turn) and all(word in turn.reply for word in named)


@pytest.mark.parametrize(
    ("host", "text", "metric", "groups"),
    [
        ("boats", "recall per engine please", "recall", ["engine = diesel", "engine = electric", "engine = sail"]),
        ("insurance", "precision for each plan", "precision", ["plan = basic", "plan = silver", "plan = gold"]),
    ],
)
async def test_a_breakdown_by_a_few_categories_scores_each(hosts, boats, router, host, text, metric, groups):
    # one call per category (they fit in one turn's calls), instead of asking which one
    (turn,) = await talk(boats if host == "boats" else hosts[host], router, text)
    assert [(name, args.get("metric"), args.get("group")) for name, args in calls(turn)] == [
        ("get_model_performance", metric, group) for group in groups
    ]


async def test_a_metric_for_one_group_is_answered(boats, router):
    (turn,) = await talk(boats, router, "recall for boats with a sail engine")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "group": "engine = sail"})]


# --- the user's own instance, without an id --------------------------------------------------------------------


async def test_a_class_asked_of_the_users_own_instance_without_an_id_asks_for_it(boats, router):
    (turn,) = await talk(boats, router, "my boat from the north jetty, will it come back overdue?")
    assert asked(turn)  # which function, or which boat: never an answer about some other boat
    question = uncalled_question("my boat from the north jetty, will it come back overdue?", boats.schema())
    assert question is not None and "7001" in question and "7160" in question


@pytest.mark.parametrize("text", ["hi, my name is Sam", "thanks, my doubts are gone"])
async def test_my_without_a_class_asks_nothing(boats, router, text):
    (turn,) = await talk(boats, router, text)
    assert turn.clarification is None and not calls(turn)


@pytest.mark.parametrize(
    ("host", "texts", "group"),
    [
        ("boats", ("what is the accuracy by crew?", "over 4"), "crew > 4"),
        ("demo", ("accuracy by age?", "over 60"), "age > 60"),
    ],
)
async def test_the_answer_to_a_breakdown_question_scores_that_group(hosts, boats, router, host, texts, group):
    asked_turn, answered = await talk(boats if host == "boats" else hosts[host], router, *texts)
    assert asked(asked_turn)
    assert [(name, args.get("group")) for name, args in calls(answered)] == [("get_model_performance", group)]


# (the second the selector reads as asking for nothing: the id and the class make it a request)
@pytest.mark.parametrize("text", ["will boat 7012 be back on schedule?", "7012 back on schedule?"])
async def test_a_question_naming_one_instance_and_a_class_is_its_prediction(boats, router, text):
    (turn,) = await talk(boats, router, text)
    assert calls(turn) == [("get_prediction", {"instance": 7012})]


async def test_a_wh_question_naming_one_instance_and_a_class_is_no_bare_prediction(boats, router):
    (turn,) = await talk(boats, router, "on 7012, what keeps it on schedule?")  # the selector: no function
    assert not any(name == "get_prediction" for name, _ in calls(turn))


def test_a_yes_no_question_about_reaching_a_class_is_not_read_as_the_prediction():
    from simxai.backends._router_readings import _asks_nothing_else

    assert _asks_nothing_else("explain_how_to_be_that", "7012 back on schedule?")
    assert _asks_nothing_else(None, "will boat 7012 be back on schedule?")
    assert not _asks_nothing_else("explain_how_to_be_that", "could 7012 get back on schedule?")
    assert not _asks_nothing_else("explain_how_to_be_that", "how can 7012 be back on schedule?")
    assert not _asks_nothing_else("get_model_performance", "7012 back on schedule?")


@pytest.mark.parametrize(
    ("host", "text", "thing"),
    [
        ("boats", "suppose boat 7015 came with a trolley", "trolley"),
        ("demo", "what if patient 41 had a stent", "stent"),
    ],
)
async def test_unsure_which_function_a_thing_no_feature_holds_is_what_is_asked(hosts, boats, host, text, thing):
    # a router that is sure of nothing asks a question every time: about the thing the data lacks, when the turn
    # names one, not which of two functions was meant
    unsure = RouterBackend(threshold=0.999999)
    (turn,) = await talk(boats if host == "boats" else hosts[host], unsure, text)
    assert asked(turn) and f"no feature for '{thing}'" in turn.reply, turn.reply
