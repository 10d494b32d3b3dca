"""A plural or new subject never binds to the stale instance in focus (issue 12 item 3, dialogue12o).

Found by trying the service as a new user: after a question about patient 30, "which patients are most likely
progressing?" answered the prediction of patient 30; after a data question, "and how many of them are over
60?" did too; after a what-if on patient 12, "show me patient 20" reran the what-if on patient 20. Each form runs
through the engine with the offline router on the real hosts (`hosts` fixture) and on a three-class wine host
built in the test (bottles 501-678), in wording of our own, with the forms that must stay follow-ups beside them.
An engine test with a scripted backend shows the guard holds for any backend.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_wine
from sklearn.ensemble import RandomForestClassifier

from simxai import Agent, Turn
from simxai.agent import AgentSettings
from simxai.backends.router import RouterBackend
from simxai.backends.testing import ScriptedBackend, call
from simxai.hosts import host_from_model

from .routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def wine():
    """A three-class wine host of our own: bottles 501-678, a `colour` feature, a seeded small forest."""
    data = load_wine(as_frame=True)
    frame = data.frame[["alcohol", "malic_acid", "flavanoids", "color_intensity", "hue", "proline", "target"]]
    frame = frame.rename(columns={"color_intensity": "colour", "target": "cultivar"})
    frame.insert(0, "bottle_id", np.arange(501, 501 + len(frame)))
    features = frame.drop(columns=["bottle_id", "cultivar"])
    model = RandomForestClassifier(n_estimators=25, random_state=0).fit(features, frame["cultivar"])
    return host_from_model(
        model,
        frame,
        name="wine cultivars",
        target="cultivar",
        class_names={"0": "barolo", "1": "grignolino", "2": "barbera"},
        instance_noun="bottle",
        id_column="bottle_id",
        seed=0,
    )


def asked(turn: Turn) -> bool:
    return turn.clarification is not None and not calls(turn)


def on_instance(turn: Turn, instance: object) -> bool:
    return any(c.arguments.get("instance") == instance for c in turn.calls)


# --- a plural subject is a group or a question, never the instance in focus -----------------------------------


@pytest.mark.parametrize(
    ("host", "first", "plural", "instance"),
    [
        ("demo", "why was patient 30 predicted that way?", "which patients are most likely progressing?", 30),
        ("sentiment", "why did review 12 get that label?", "which reviews are most negative?", 12),
        ("insurance", "why is policyholder 5100 in that tier?", "which policyholders carry the highest risk?", 5100),
    ],
)
async def test_a_ranking_of_instances_is_asked_about_not_answered_for_the_one_in_focus(
    hosts, router, host, first, plural, instance
):
    _, turn = await talk(hosts[host], router, first, plural)
    assert asked(turn) and not on_instance(turn, instance)
    assert "rank" in turn.reply and "group" in turn.reply  # says what it cannot do, and what it can


async def test_a_ranking_on_a_host_built_in_memory_is_asked_about(wine, router):
    first = "why was bottle 510 predicted that way?"
    _, turn = await talk(wine, router, first, "which bottles are most likely barolo?")
    assert asked(turn) and not on_instance(turn, 510)
    assert "'bottles predicted barolo'" in turn.reply and "bottle" in turn.reply


async def test_the_answer_to_the_question_names_the_group_or_one_instance(hosts, router):
    *_, group = await talk(
        hosts["demo"],
        router,
        "why was patient 30 predicted that way?",
        "which patients are most likely progressing?",
        "the patients predicted progressing",
    )
    assert calls(group) == [("get_prediction", {"instance": "prediction = progressing"})]
    *_, one = await talk(
        hosts["sentiment"], router, "why did review 12 get that label?", "which reviews are most negative?", "review 7"
    )
    assert calls(one) == [("get_prediction", {"instance": 7})]


@pytest.mark.parametrize(
    ("host", "plural", "expected"),
    [
        ("demo", "which ones are progressing?", ("get_prediction", {"instance": "prediction = progressing"})),
        # a count of a group's rows, no model word: that group's data (lead25, `_router_group_records`)
        ("demo", "and how many of them are over 60?", ("get_data_information", {"group": "age > 60"})),
        ("demo", "how many patients are over 60?", ("get_data_information", {"group": "age > 60"})),
        ("insurance", "who is predicted surcharge?", ("get_prediction", {"instance": "prediction = surcharge"})),
    ],
)
async def test_a_plural_whose_words_give_a_group_is_that_group(hosts, router, host, plural, expected):
    first = {"demo": "why was patient 30 predicted that way?", "insurance": "predict policyholder 5100"}[host]
    *_, turn = await talk(hosts[host], router, first, "tell me about the data", plural)
    assert calls(turn) == [expected]


async def test_instances_asked_for_with_a_group_are_the_groups_prediction_not_the_data_card(hosts, router):
    # the data card takes no group: it would drop "over 60"; a turn that names no group keeps it
    _, shown = await talk(
        hosts["demo"], router, "why was patient 30 predicted that way?", "show me the patients over 60"
    )
    assert calls(shown) == [("get_prediction", {"instance": "age > 60"})]
    _, card = await talk(
        hosts["demo"], router, "why was patient 30 predicted that way?", "which patients are in the data?"
    )
    assert calls(card) == [("get_data_information", {})]
    _, listed = await talk(hosts["sentiment"], router, "review 3?", "list the reviews predicted negative")
    assert calls(listed) == [("get_prediction", {"instance": "prediction = negative"})]


async def test_a_plural_named_by_a_class_of_its_own_is_that_group_for_any_question(hosts, router):
    _, why = await talk(
        hosts["loan"], router, "why was applicant 120 rejected?", "and the ones who were approved, why?"
    )
    assert [(c[0], c[1]["instance"]) for c in calls(why)] == [("get_local_explanation", "prediction = approved")]
    _, most = await talk(hosts["sentiment"], router, "review 5?", "what are the most positive reviews?")
    assert asked(most) and "rank" in most.reply and not on_instance(most, 5)


async def test_they_after_two_instances_is_both_and_after_a_group_the_group(hosts, router):
    _, both = await talk(hosts["demo"], router, "compare patients 3 and 4", "why are they both progressing?")
    assert [c[1]["instance"] for c in calls(both)] == [3, 4]
    assert {c[0] for c in calls(both)} == {"get_local_explanation"}
    _, group = await talk(
        hosts["demo"], router, "what does the model predict for patients over 60?", "why are they progressing?"
    )
    assert [(c[0], c[1]["instance"]) for c in calls(group)] == [("get_local_explanation", "age > 60")]


async def test_they_alone_may_be_the_one_person_in_focus_and_which_cases_asks_no_instances(hosts, router):
    _, they = await talk(
        hosts["insurance"],
        router,
        "why is policyholder 5251 surcharged?",
        "what would they have to do to get standard?",
    )
    assert [(c[0], c[1]["instance"]) for c in calls(they)] == [("explain_how_to_be_that", 5251)]
    _, cases = await talk(
        hosts["insurance"], router, "predict policyholder 5100", "in which cases is the model unreliable?"
    )
    # whatever the selector makes of it, no group of policyholders is asked for or predicted
    assert "policyholders" not in cases.reply[:80] and not any(c[0] == "get_prediction" for c in calls(cases))


@pytest.mark.parametrize(
    ("second", "function"),
    [
        ("which features matter most?", "get_global_explanation"),  # features, not instances
        ("why is she progressing when most patients are stable?", "get_local_explanation"),  # "she": patient 5
        ("how many features does the model use?", None),  # a count of features leaves the instance alone
    ],
)
async def test_plurals_that_are_not_instances_leave_the_instance_in_focus(hosts, router, second, function):
    _, turn = await talk(hosts["demo"], router, "predict patient 5", second)
    assert not (turn.clarification and "several" in turn.reply or "rank" in (turn.clarification and turn.reply or ""))
    if function is not None:
        assert calls(turn)[0][0] == function
    if function == "get_local_explanation":
        assert calls(turn)[0][1]["instance"] == 5


async def test_the_engine_never_fills_a_plural_turn_with_the_one_in_focus_for_any_backend(demo_host):
    backend = ScriptedBackend([call("get_prediction", instance=30), "ok", call("get_prediction"), "ok"])
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("what about patient 30?")
    turn = await conversation.send("which patients are likely to progress?")
    assert asked(turn) and "group" in turn.reply and not on_instance(turn, 30)
    # a group in focus may stand for "them": it is filled
    backend = ScriptedBackend([call("get_prediction", instance="age > 60"), "ok", call("get_local_explanation"), "ok"])
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("and the over 60s?")
    turn = await conversation.send("why are they progressing?")
    assert [(c.function, c.arguments["instance"]) for c in turn.calls] == [("get_local_explanation", "age > 60")]


# --- "show me <instance>" is a new request; "what about <instance>" a follow-up ---------------------------------


@pytest.mark.parametrize(
    ("host", "what_if", "show", "instance"),
    [
        ("demo", "what if patient 12 had bmi 30?", "show me patient 20", 20),
        ("demo", "what if patient 12 had bmi 30?", "ok, can I see patient 21?", 21),
        ("insurance", "what if policyholder 5100 had bmi 35?", "pull up policyholder 5200 please", 5200),
        ("sentiment", "what if review 12 said 'bad' instead of 'good'?", "show me review 20", 20),
    ],
)
async def test_show_me_an_instance_is_its_prediction(hosts, router, host, what_if, show, instance):
    _, turn = await talk(hosts[host], router, what_if, show)
    assert calls(turn) == [("get_prediction", {"instance": instance})]


async def test_show_me_a_bottle_after_a_what_if_on_a_host_built_in_memory(wine, router):
    first, turn = await talk(wine, router, "what if bottle 510 had colour 8?", "show me bottle 600")
    assert calls(first) == [("explain_what_if", {"instance": 510, "changes": {"colour": 8}})]
    assert calls(turn) == [("get_prediction", {"instance": 600})]


@pytest.mark.parametrize(
    "follow_up", ["what about patient 20", "and for 20?", "show me the same for patient 20", "same for patient 20"]
)
async def test_what_about_an_instance_stays_the_same_question(hosts, router, follow_up):
    _, turn = await talk(hosts["demo"], router, "what if patient 12 had bmi 30?", follow_up)
    assert calls(turn) == [("explain_what_if", {"instance": 20, "changes": {"bmi": 30}})]


async def test_the_engine_carries_no_changes_to_an_instance_shown_anew_for_any_backend(demo_host):
    backend = ScriptedBackend(
        [call("explain_what_if", instance=12, changes={"bmi": 30}), "ok", call("explain_what_if", instance=20)]
    )
    conversation = Agent(demo_host, backend, settings=AgentSettings(guard=False)).conversation()
    await conversation.send("what if patient 12 had bmi 30?")
    turn = await conversation.send("show me patient 20")
    assert not calls(turn) and turn.clarification is not None  # asked what should change, never bmi 30 again
