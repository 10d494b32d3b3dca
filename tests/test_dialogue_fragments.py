"""Fragments that continue a dialogue: described instances, the speaker's id, counts, two readings, answers.

Unit tests of `simxai.followup_fragment` and `simxai.followup_readings`, and the router's use of them
(`simxai.backends._dialogue_followup`). The phrasings are our own.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from simxai import normalize as normalize_module
from simxai.backends.base import CLARIFY, CompletionRequest, CompletionResponse
from simxai.backends.router import RouterBackend
from simxai.followup import LastCall
from simxai.followup_fragment import (
    asked_count,
    count_parameter,
    ordinal,
    ordinal_fragment,
    speaker_instance,
    spec_vocabulary,
    swapped_category,
    without_description,
)
from simxai.followup_readings import (
    READINGS_PREFIX,
    asked_last,
    number_readings,
    picked_reading,
    readings_question,
)
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall

PATIENTS = HostSchema(
    name="clinic",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=20, max=90),
        FeatureSchema(name="bmi", type="numeric", min=15, max=50),
        FeatureSchema(name="blood_pressure", type="numeric", min=40, max=140),
        FeatureSchema(name="sex", type="categorical", categories=["female", "male"]),
    ],
    id_range=(0, 441),
)
MEMBERS = PATIENTS.model_copy(update={"name": "insurer", "instance_noun": "member", "id_range": (5001, 5600)})
REVIEWS = HostSchema(
    name="reviews",
    kind="text",
    instance_noun="review",
    class_names=["negative", "positive"],
    features=[FeatureSchema(name="text", type="text")],
    id_range=(0, 119),
)
FUNCTIONS = default_registry().specs()
VOCABULARY = spec_vocabulary(FUNCTIONS)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def ran(name: str, arguments: dict[str, Any], text: str, result: Any = None, reply: str = "Done.") -> list[Message]:
    call = ToolCall(id="call_0", name=name, arguments=arguments)
    content = json.dumps({"result": result or {}})
    return [Message.user(text), Message.assistant("", [call]), Message.tool(call, content), Message.assistant(reply)]


async def route(router: RouterBackend, text: str, schema: HostSchema, history: list[Message]) -> CompletionResponse:
    messages = [Message.system("You explain a model."), *history, Message.user(text)]
    return await router.complete(CompletionRequest(messages=messages, host=schema, functions=FUNCTIONS))


def called(response: CompletionResponse) -> list[tuple[str, dict[str, Any]]]:
    return [(call.name, call.arguments) for call in response.tool_calls]


# ---- what a fragment says -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("masked", "rest"),
    [
        ("and for my dad, patient NUM ?", "and for , patient NUM ?"),
        ("review NUM , the battery one", "review NUM"),
        ("review NUM is mine", "review NUM"),
        ("and for patient NUM , my neighbour", "and for patient NUM ,"),
    ],
)
def test_a_description_of_the_instance_is_dropped(masked, rest):
    assert without_description(masked, VOCABULARY) == rest


@pytest.mark.parametrize(
    "masked",
    [
        "and for patient NUM ?",  # nothing describes
        "recourse for NUM",  # a word no spec uses, but no appositive: a request in jargon
        "and for patient NUM , the probability",  # a spec word is never a description
        "and for my dad, why is patient NUM progressing?",  # asks something of its own
    ],
)
def test_no_description_is_dropped(masked):
    assert without_description(masked, VOCABULARY) is None


@pytest.mark.parametrize(
    ("text", "schema", "instance"),
    [
        ("im 5419", MEMBERS, 5419),
        ("5600 here, whats my tier", MEMBERS, 5600),
        ("ok whats my result, i'm 5419", MEMBERS, 5419),
        ("my member number is 5140", MEMBERS, 5140),
        ("this is 5200 speaking", MEMBERS, 5200),
        ("i'm 300, what do you predict", PATIENTS, 300),  # no age is 300
        ("i'm 45, what do you predict", PATIENTS, None),  # 45 may be an age: no id
        ("i'm 45 years old", MEMBERS, None),
        ("im 9999", MEMBERS, None),  # beyond the id range
        ("what is my prediction", MEMBERS, None),
    ],
)
def test_the_speakers_own_id(text, schema, instance):
    assert speaker_instance(text, schema) == instance


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("can you give me three", 3),
        ("give me 3 options", 3),
        ("show me 2 alternatives", 2),
        ("three more please", 3),
        ("3?", None),  # a bare number is an id, not a count
        ("and for 3?", None),
        ("give me the prediction for 3", None),
    ],
)
def test_a_count_asked_for_alone(text, count):
    assert asked_count(text, PATIENTS) == count


def test_the_count_parameter_is_the_int_that_is_not_the_instance():
    specs = {s.name: s for s in FUNCTIONS}
    assert count_parameter(specs["explain_how_to_be_that"]) == "number_of_iterations"
    assert count_parameter(specs["get_prediction"]) is None


def test_fragment_patterns_are_linear(cpu_guard):
    size = 64 * 1024
    for piece in (" ", "my ", "im ", "1 ", "give me ", ", ", "5 here "):
        text = (piece * (size // len(piece) + 1))[:size]
        normalize_module._normalize.cache_clear()
        assert cpu_guard(lambda t=text: speaker_instance(t, MEMBERS), 2.0)
        assert cpu_guard(lambda t=text: asked_count(t, MEMBERS), 2.0)
        assert cpu_guard(lambda t=text: without_description(t, VOCABULARY), 2.0)
        assert cpu_guard(lambda t=text: number_readings(t, STEPPED, PATIENTS), 2.0)


# ---- two readings -------------------------------------------------------------------------------------

STEPPED = LastCall("explain_what_if", {"instance": 140, "changes": {"blood_pressure": "+20"}}, None)


def test_a_bare_number_that_is_an_id_and_a_similar_step_has_two_readings():
    readings = number_readings("and 40?", STEPPED, PATIENTS)
    assert readings is not None
    other, amount = readings
    assert other.arguments == {"instance": 40, "changes": {"blood_pressure": "+20"}}
    assert amount.arguments == {"instance": 140, "changes": {"blood_pressure": "+40"}}
    question = readings_question(readings)
    assert question.startswith(READINGS_PREFIX) and "patient 40" in question and "40 higher" in question


@pytest.mark.parametrize(
    "text",
    [
        "and for 40?",  # "for": an instance
        "and 500?",  # no id of this host: the amount (repeated_step)
        "and 300?",  # fifteen times the step: an id
        "and 40 %?",  # a percent is an amount
        "what about patient 40?",
    ],
)
def test_one_reading_is_not_asked_about(text):
    assert number_readings(text, STEPPED, PATIENTS) is None


def test_after_an_absolute_change_an_id_in_the_features_range_has_two_readings():
    # 35 is a patient and a bmi: patient 35 with bmi 30, or patient 140 with bmi 35 (no step reading)
    call = LastCall("explain_what_if", {"instance": 140, "changes": {"bmi": 30}}, None)
    readings = number_readings("and 35?", call, PATIENTS)
    assert readings is not None
    assert [r.arguments for r in readings] == [
        {"instance": 35, "changes": {"bmi": 30}},
        {"instance": 140, "changes": {"bmi": 35}},
    ]
    assert "bmi set to 35" in readings_question(readings)


@pytest.mark.parametrize("text", ["and 300?", "and 35 more?", "and for 35?", "and 35 %?"])
def test_after_an_absolute_change_a_number_beyond_the_range_or_marked_has_no_value_reading(text):
    # 300 is no bmi of the data: the patient; "more", "%" make a step, "for" an instance
    call = LastCall("explain_what_if", {"instance": 140, "changes": {"bmi": 30}}, None)
    assert number_readings(text, call, PATIENTS) is None


def test_the_pick_between_readings():
    question = readings_question(number_readings("and 40?", STEPPED, PATIENTS) or ())
    history = [Message.user("and 40?"), Message.assistant(question)]
    assert picked_reading("2", history) == (0, 1)
    assert picked_reading("the first one", history) == (0, 0)
    assert picked_reading("patient 40", history) == (0, 0)
    assert picked_reading("what about recall?", history) is None
    assert picked_reading("1", [Message.user("x"), Message.assistant("Done.")]) is None


@pytest.mark.parametrize(
    ("text", "option"),
    [("2", 1), ("the first one please", 0), ("the latter", 1), ("option 1", 0), ("the last one", 1), ("both", None)],
)
def test_one_reading_of_a_pick_for_both_of_the_routers_questions(text, option):
    # the question between two readings and the question between two functions read a pick alike
    from simxai.backends._router_replies import CLARIFICATION_PREFIX, answered_question, clarifying_question

    specs = {s.name: s for s in default_registry().specs()}
    readings = readings_question(number_readings("and 40?", STEPPED, PATIENTS) or ())
    functions = clarifying_question(specs["get_prediction"], specs["get_local_explanation"])
    asked_readings = [Message.user("and 40?"), Message.assistant(readings)]
    asked_functions = [Message.user("patient 40"), Message.assistant(functions)]
    assert functions.startswith(CLARIFICATION_PREFIX)
    # one test of "the router's question was the last turn" for both (`followup_readings.asked_last`)
    assert asked_last(asked_readings, READINGS_PREFIX) and asked_last(asked_functions, CLARIFICATION_PREFIX)
    assert not asked_last(asked_functions, READINGS_PREFIX) and not asked_last(asked_readings[1:], READINGS_PREFIX)
    assert picked_reading(text, asked_readings) == (None if option is None else (0, option))
    assert answered_question(text, asked_functions) == (None if option is None else (0, option == 1))


# ---- the router ---------------------------------------------------------------------------------------


async def test_a_described_instance_repeats_the_previous_question(router):
    history = ran("explain_what_if", {"instance": 5, "changes": {"bmi": "+5"}}, "what if her bmi were 5 higher")
    [(name, arguments)] = called(await route(router, "and for my dad, patient 203?", PATIENTS, history))
    assert name == "explain_what_if" and arguments["instance"] == 203


async def test_a_review_named_by_id_is_no_text_to_classify(router):
    [(name, arguments)] = called(await route(router, "review 48 is mine, what did it decide", REVIEWS, []))
    assert name == "get_prediction" and arguments == {"instance": 48}


async def test_the_speakers_id_fills_the_instance(router):
    [(name, arguments)] = called(await route(router, "ok whats my result, im 5419", MEMBERS, []))
    assert name == "get_prediction" and arguments["instance"] == 5419


async def test_a_count_alone_repeats_the_counterfactual_with_it(router):
    history = ran("explain_how_to_be_that", {"instance": 14, "target_label": "progressing"}, "how to be progressing")
    [(name, arguments)] = called(await route(router, "can you give me three", PATIENTS, history))
    assert name == "explain_how_to_be_that"
    assert arguments == {"instance": 14, "target_label": "progressing", "number_of_iterations": 3}


async def test_two_readings_are_asked_about_and_the_pick_makes_the_call(router):
    history = ran("explain_what_if", {"instance": 140, "changes": {"blood_pressure": "+20"}}, "bp up by 20")
    asked = await route(router, "and 40?", PATIENTS, history)
    assert asked.finish_reason == CLARIFY and asked.content.startswith(READINGS_PREFIX) and not asked.tool_calls
    history += [Message.user("and 40?"), Message.assistant(asked.content)]
    [(name, arguments)] = called(await route(router, "2", PATIENTS, history))
    assert name == "explain_what_if" and arguments == {"instance": 140, "changes": {"blood_pressure": "+40"}}
    [(name, arguments)] = called(await route(router, "the first", PATIENTS, history))
    assert arguments == {"instance": 40, "changes": {"blood_pressure": "+20"}}


async def test_a_group_after_our_question_answers_the_option_that_takes_a_group(router):
    question = "does this thing even work"
    first = await route(router, question, PATIENTS, [])
    if first.finish_reason != CLARIFY:
        pytest.skip("the selector is sure of this question now; the fragment has no question to answer")
    history = [Message.user(question), Message.assistant(first.content)]
    [(name, arguments)] = called(await route(router, "and for the over 60s?", PATIENTS, history))
    assert name == "get_model_performance" and arguments["group"] == "age > 60"


async def test_an_instance_after_our_question_that_both_options_take_asks_again(router):
    question = "what would change its label?"
    first = await route(router, question, REVIEWS, ran("get_prediction", {"instance": 8}, "predict review 8"))
    if first.finish_reason != CLARIFY:
        pytest.skip("the selector is sure of this question now; the fragment has no question to answer")
    history = [*ran("get_prediction", {"instance": 8}, "predict review 8"), Message.user(question)]
    history.append(Message.assistant(first.content))
    again = await route(router, "and for review 9?", REVIEWS, history)
    assert again.finish_reason == CLARIFY and again.content == first.content  # not the older call's function
    history += [Message.user("and for review 9?"), Message.assistant(again.content)]
    [(name, arguments)] = called(await route(router, "1", REVIEWS, history))
    assert arguments.get("instance") == 9


async def test_a_call_the_engine_asked_about_is_the_previous_call_for_a_group(router):
    call = ToolCall(id="call_0", name="get_model_performance", arguments={"group": "sex = female"})
    history = [
        Message.user("is it fair to women"),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"error": "metric is missing"})),
        Message.assistant("Which metric would you like: accuracy, precision, recall, f1, all?"),
    ]
    [(name, arguments)] = called(await route(router, "and men?", PATIENTS, history))
    assert name == "get_model_performance" and arguments.get("group") == "sex = male"


# ---- the category, the instance named before, "the same scenario" -------------------------------------------

PLANS = PATIENTS.model_copy(
    update={
        "features": [
            *PATIENTS.features,
            FeatureSchema(name="plan", type="categorical", categories=["basic", "silver", "gold"]),
        ]
    }
)


@pytest.mark.parametrize(
    ("text", "condition", "expected"),
    [
        ("and silver?", "plan = gold", "plan = silver"),
        ("what about the basic plan?", "plan = gold", "plan = basic"),
        ("and for male?", "sex = female", "sex = male"),
        ("and gold?", "plan = gold", None),  # the same category: no new question
        ("and silver?", "age > 60", None),  # no categorical clause
        ("and silver and gold?", "plan = gold", None),
        ("silver", "plan = gold", None),  # no continuation
    ],
)
def test_another_category_of_the_groups_feature(text, condition, expected):
    assert swapped_category(text, condition, PLANS) == expected


def test_a_count_with_an_adjective_and_a_verb():
    assert asked_count("Could you provide three such alternatives?", PATIENTS) == 3
    assert asked_count("I want 3", PATIENTS) is None


async def test_another_category_after_a_metric_on_a_group(router):
    history = ran("get_model_performance", {"metric": "accuracy", "group": "plan = gold"}, "accuracy on gold plans")
    [(name, arguments)] = called(await route(router, "and silver?", PLANS, history))
    assert name == "get_model_performance" and arguments == {"metric": "accuracy", "group": "plan = silver"}


async def test_an_instance_named_in_an_unanswered_question_stays_in_focus(router):
    call = ToolCall(id="call_0", name="get_model_performance", arguments={})
    history = [
        Message.user("for the record, what happened with patient 163?"),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"error": "metric is missing"})),
        Message.assistant("Which metric would you like: accuracy, precision, recall, f1, all?"),
    ]
    [(name, arguments)] = called(await route(router, "why was it predicted so?", PATIENTS, history))
    assert arguments.get("instance") == 163
    # a call that ran on another instance since puts that one in focus (the engine's state fills it)
    later = [*history, *ran("get_prediction", {"instance": 7}, "predict patient 7")]
    [(name, arguments)] = called(await route(router, "why was it predicted so?", PATIENTS, later))
    assert arguments.get("instance") in (None, 7)


async def test_the_same_scenario_for_another_instance_keeps_the_changes(router):
    history = ran("explain_what_if", {"instance": 12, "changes": {"sex": "male"}}, "what if patient 12 were male")
    [(name, arguments)] = called(await route(router, "And the same scenario for patient 44?", PATIENTS, history))
    assert name == "explain_what_if" and arguments == {"instance": 44, "changes": {"sex": "male"}}


# ---- positions in a list, options named by their words ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("why is the second one progressing?", 1),
        ("and the first one?", 0),
        ("what about the last patient", -1),
        ("the first feature", None),  # no instance
        ("what is the first thing to change", None),
    ],
)
def test_the_position_a_turn_names(text, position):
    assert ordinal(text, "patient") == position


def test_an_ordinal_fragment_is_only_the_position():
    assert ordinal_fragment("and the first one?", "patient")
    assert ordinal_fragment("what about the second patient", "patient")
    assert not ordinal_fragment("why is the second one progressing?", "patient")


def _compared(schema: HostSchema) -> list[Message]:
    calls = [ToolCall(id=f"call_{i}", name="get_prediction", arguments={"instance": n}) for i, n in enumerate((3, 9))]
    return [
        Message.user("compare 3 and 9"),
        Message.assistant("", calls),
        *(Message.tool(call, json.dumps({"result": {}})) for call in calls),
        Message.assistant("Done."),
    ]


async def test_the_second_one_is_the_second_instance_of_the_last_list(router):
    history = _compared(PATIENTS)
    [(name, arguments)] = called(await route(router, "why is the second one progressing?", PATIENTS, history))
    assert arguments["instance"] == 9
    later = [*history, *ran("get_local_explanation", {"instance": 9}, "why is the second one progressing?")]
    [(name, arguments)] = called(await route(router, "and the first one?", PATIENTS, later))
    assert name == "get_local_explanation" and arguments["instance"] == 3


async def test_an_ordinal_fragment_on_a_text_host_is_no_text_to_classify(router):
    history = [*_compared(REVIEWS), *ran("get_local_explanation", {"instance": 3}, "why the first one?")]
    [(name, arguments)] = called(await route(router, "and the second one?", REVIEWS, history))
    assert name == "get_local_explanation" and arguments["instance"] == 9


def test_an_option_named_by_its_words_answers_our_question():
    from simxai.backends._dialogue_followup import named_option
    from simxai.backends._router_decision import Decision

    content = "To answer the right question: do you want me to explain it (1), or to find counterfactuals (2)?"
    history = [Message.user("explain patient 7"), Message.assistant(content)]
    request = CompletionRequest(messages=[], host=PATIENTS, functions=FUNCTIONS)
    offered = Decision("get_local_explanation", 0.5, False, runner_up="explain_how_to_be_that")
    words = {"counterfactual": "explain_how_to_be_that", "data": "get_data_information"}

    def answer(text: str) -> Any:
        return named_option(
            text, history, request, lambda q, h: offered, lambda t: Decision(words.get(t.split()[-1]), 0.9, True)
        )

    decision, question, earlier = answer("yes, the counterfactual")
    assert decision.function == "explain_how_to_be_that" and question == "explain patient 7" and earlier == []
    assert answer("the data") is None  # no option of the question: a new request
    assert answer("why is patient 8 progressing, the counterfactual") is None  # a request of its own


async def test_she_after_an_answer_about_two_instances_is_asked_about(router):
    history = _compared(PATIENTS)
    asked = await route(router, "why is she progressing?", PATIENTS, history)
    assert asked.finish_reason == CLARIFY and not asked.tool_calls
    assert asked.content.startswith(READINGS_PREFIX) and "patient 3 (1)" in asked.content
    history += [Message.user("why is she progressing?"), Message.assistant(asked.content)]
    [(name, arguments)] = called(await route(router, "the second", PATIENTS, history))
    assert arguments["instance"] == 9


async def test_it_for_the_model_after_two_instances_is_not_asked_about(router):
    [(name, arguments)] = called(await route(router, "how accurate is it?", PATIENTS, _compared(PATIENTS)))
    assert name == "get_model_performance"
