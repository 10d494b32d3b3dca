"""The issue's measured failures, each through the real engine on the demo host with a scripted backend.

Each unfaithful reply is written twice (the reply and its regeneration), so the turn ends in the
deterministic rendering, and the report names the claim that failed.
"""

import pytest

from simxai.agent import Agent
from simxai.backends.testing import ScriptedBackend, call


async def unfaithful(host, calls, reply: str, claim: str):
    backend = ScriptedBackend([calls, reply, reply])
    turn = await Agent(host, backend).run_turn("question")
    backend.assert_complete()
    assert claim in turn.faithfulness.unsupported, turn.faithfulness
    assert turn.faithfulness.fallback_used and turn.faithfulness.regenerated
    assert turn.reply == " ".join(c.rendering for c in turn.calls if c.rendering)
    return turn


async def faithful(host, calls, reply: str):
    backend = ScriptedBackend([calls, reply])
    turn = await Agent(host, backend).run_turn("question")
    backend.assert_complete()
    assert turn.faithfulness.passed, turn.faithfulness
    assert turn.reply == reply
    return turn


async def test_the_recorded_label_is_not_the_prediction(demo_host):
    await unfaithful(
        demo_host, call("get_prediction", instance=12), "The model predicts progressing for patient 12.",
        "prediction progressing",
    )  # fmt: skip
    await faithful(
        demo_host,
        call("get_prediction", instance=12),
        "The model predicts stable for patient 12 (78.6%); the recorded label is progressing, so it is wrong.",
    )


async def test_a_why_not_target_is_not_the_prediction(demo_host):
    await unfaithful(
        demo_host, call("explain_why_not", instance=12), "The model predicts progressing for patient 12.",
        "prediction progressing",
    )  # fmt: skip


async def test_the_other_class_probability(demo_host):
    await unfaithful(
        demo_host,
        call("get_prediction", instance=12),
        "The model predicts stable for patient 12 with a probability of 21.4 %.",
        "number 21.4% (stable)",
    )


async def test_values_swapped_between_features(demo_host):
    turn = await unfaithful(
        demo_host,
        call("get_local_explanation", instance=12),
        "For patient 12, triglycerides_log = 62 and hdl = 4.304.",
        "number 62 (triglycerides_log)",
    )
    assert "number 4.304 (hdl)" in turn.faithfulness.unsupported


async def test_a_flipped_direction(demo_host):
    await unfaithful(
        demo_host,
        call("get_local_explanation", instance=12),
        "For patient 12, hdl = 62 pushes the prediction away from stable.",
        "direction hdl away from stable",
    )


async def test_a_wrong_rank(demo_host):
    await unfaithful(
        demo_host,
        call("get_local_explanation", instance=12),
        "For patient 12, the most important reason is age = 53.",
        "rank age = 1",
    )


async def test_a_what_if_outcome(demo_host):
    await unfaithful(
        demo_host,
        call("explain_what_if", instance=12, changes={"bmi": 30}),
        "If her bmi were 30, the prediction would stay stable.",
        "outcome unchanged",
    )


async def test_a_metric_swap(demo_host):
    await unfaithful(
        demo_host,
        call("get_model_performance", metric="all"),
        "The model's accuracy on the held-out split is 0.803.",
        "number 0.803 (accuracy)",
    )
    await faithful(
        demo_host,
        call("get_model_performance", metric="all"),
        "The accuracy is 0.73 and the ROC AUC 0.803.",
    )


async def test_correct_answers_about_several_patients_pass(demo_host):
    # triglycerides_log pushes towards stable for patient 12 and away from stable for patient 40.
    await faithful(
        demo_host,
        [call("get_local_explanation", "a", instance=12), call("get_local_explanation", "b", instance=40)],
        "For patient 12, triglycerides_log = 4.304 pushes towards stable; for patient 40, "
        "triglycerides_log = 4.779 pushes away from stable.",
    )


@pytest.mark.parametrize(
    "reply",
    [
        "The model predicts stable for patient 12, with a 78.6% probability.",
        "Patient 12 is classified as stable (probability 0.79); progressing gets 21.4%.",
        "It's stable for patient 12, at 78.6% confidence. Note the recorded label is progressing.",
    ],
)
async def test_faithful_paraphrases_pass(demo_host, reply):
    await faithful(demo_host, call("get_prediction", instance=12), reply)


async def test_a_reply_of_raw_call_syntax_never_reaches_the_user(demo_host):
    raw = "[get_prediction(instance=12)]"
    backend = ScriptedBackend([call("get_prediction", instance=12), raw, raw])
    turn = await Agent(demo_host, backend).run_turn("what does the model predict for patient 12?")
    backend.assert_complete()
    assert turn.reply == turn.calls[0].rendering and turn.faithfulness.fallback_used


async def test_a_model_that_keeps_calling_runs_the_call_once(demo_host):
    same = call("get_prediction", instance=12)
    backend = ScriptedBackend([same, same, "The model predicts stable for patient 12 (78.6%)."])
    turn = await Agent(demo_host, backend).run_turn("what does the model predict for patient 12?")
    backend.assert_complete()
    assert len(turn.calls) == 1 and len(backend.requests) == 3
    assert backend.requests[2].tool_choice == "none"
    assert turn.reply == "The model predicts stable for patient 12 (78.6%)."


@pytest.mark.parametrize(
    ("changes", "question"),
    [
        ({"glucose": -5}, "glucose −5 is below the data's range 58–124; did you mean 5 lower?"),
        ({"bmi": 500}, "bmi 500 is above the data's range 18–42.2; is that value intended?"),
    ],
)
async def test_out_of_range_what_if_values_are_questioned(demo_host, changes, question):
    backend = ScriptedBackend([call("explain_what_if", instance=12, changes=changes)])
    turn = await Agent(demo_host, backend).run_turn("what if?")
    asked = "Say yes for that" if "did you mean" in question else "Say yes to run it as given"
    assert turn.reply == f"{question} {asked}, or give another change."
    assert turn.clarification is not None and turn.calls[0].status == "clarification"


@pytest.mark.parametrize("host_name", ["demo_host", "insurance_host"])
async def test_a_negative_value_below_the_range_is_offered_as_that_much_lower(host_name, request):
    # one test of "below the data's range" (`FeatureSchema.below_its_range`) for the guard's question and the
    # engine's offer: the question says "did you mean N lower?", and yes takes the relative change "-N"
    host = request.getfixturevalue(host_name)
    schema = host.schema()
    feature = next(f for f in schema.features if f.type == "numeric" and f.min is not None and f.min > 0)
    assert feature.below_its_range(-5) and not feature.below_its_range(feature.min)
    assert not feature.below_its_range(True) and not feature.below_its_range("-5")
    instance = schema.id_range[0] if schema.id_range else 1
    backend = ScriptedBackend([call("explain_what_if", instance=instance, changes={feature.name: -5})])
    conversation = Agent(host, backend).conversation()
    turn = await conversation.send("what if?")
    assert "did you mean 5 lower?" in turn.reply and "Say yes for that" in turn.reply
    assert conversation.state.pending is not None
    assert conversation.state.pending.questioned == {feature.name: "-5"}


def test_the_specs_leave_instance_optional_and_list_metrics_and_labels(demo_host):
    tools = {t["function"]["name"]: t["function"] for t in Agent(demo_host, ScriptedBackend()).tools}
    assert "instance" not in tools["get_prediction"]["parameters"]["required"]
    assert tools["get_model_performance"]["parameters"]["properties"]["metric"]["enum"][:2] == [
        "accuracy",
        "precision",
    ]
    expected = tools["explain_why_not"]["parameters"]["properties"]["expected_label"]
    assert expected["enum"] == ["stable", "progressing"]
