"""A why-question that names a label the model does not predict is answered by correcting its premise first."""

import json

import pytest

from simxai.agent import Agent
from simxai.backends import load_backend
from simxai.backends.testing import ScriptedBackend, call
from simxai.functions import get_local_explanation, get_prediction
from tests.backends.routing import CHECKED


@pytest.fixture(scope="module")
def sentiment_host():
    from simxai.hosts.sentiment import load_sentiment_host

    return load_sentiment_host()


def premise_case(host, wrong_recorded: bool) -> tuple[int, str, str, str]:
    """(id, predicted, other label, recorded) of the first row whose recorded label is (or is not) the other one."""
    for i in range(200):
        prediction = get_prediction(host, i)
        other = next(name for name in host.schema().class_names if name != prediction.label)
        if (prediction.true_label == other) == wrong_recorded:
            assert prediction.true_label is not None
            return i, prediction.label, other, prediction.true_label
    raise AssertionError("no such row in the first 200")


@pytest.mark.parametrize("wrong_recorded", [True, False])
@pytest.mark.parametrize(
    ("fixture", "question"),
    [
        ("loan_host", "why was applicant {} {}?"),
        ("demo_host", "why is patient {} {}?"),
        ("sentiment_host", "why is review {} {}?"),
    ],
)
async def test_the_router_engine_corrects_a_wrong_premise_first(request, fixture, question, wrong_recorded):
    host = request.getfixturevalue(fixture)
    i, predicted, other, recorded = premise_case(host, wrong_recorded)
    turn = await Agent(host, load_backend("router"), settings=CHECKED).conversation().send(question.format(i, other))
    [record] = turn.calls
    assert (record.function, record.arguments) == ("get_local_explanation", {"instance": i, "prediction_label": other})
    noun = host.schema().instance_noun
    opening = f"The model predicts {predicted} for {noun} {i}"
    assert turn.reply.startswith(opening) and f", not {other}; its recorded label is {recorded}." in turn.reply
    assert turn.reply.endswith(f"ask why it does not predict {other}.")
    assert record.output["recorded_label"] == recorded and record.output["predicted_label"] == predicted
    assert turn.faithfulness.passed, turn.faithfulness.unsupported
    # The negated label is checked (and holds). Since the guard reads a label after an earlier hypothetical clause as
    # an outcome, the closing "To see what would have to change, ask why it does not predict X" is an outcome claim;
    # the ", not X" right after the prediction is a clause of its own that no verb claims (docs/guard.md, limits).
    assert {f"prediction not {other}", f"outcome not {other}"} & set(turn.faithfulness.claims)


async def test_a_premise_that_holds_gets_no_correction(loan_host):
    i, predicted, _, _ = premise_case(loan_host, wrong_recorded=True)
    turn = (
        await Agent(loan_host, load_backend("router"), settings=CHECKED)
        .conversation()
        .send(f"why was applicant {i} {predicted}?")
    )
    assert turn.reply.startswith(f"The model predicts {predicted} for applicant {i}. The features")
    assert "not " + predicted not in turn.reply and "ask why" not in turn.reply
    assert turn.calls[0].output["recorded_label"] is None


async def test_the_offered_why_not_is_understood(loan_host):
    i, predicted, other, _ = premise_case(loan_host, wrong_recorded=True)
    conversation = Agent(loan_host, load_backend("router"), settings=CHECKED).conversation()
    await conversation.send(f"why was applicant {i} {other}?")
    turn = await conversation.send(f"why does it not predict {other}?")
    assert [(c.function, c.arguments) for c in turn.calls] == [
        ("explain_why_not", {"instance": i, "expected_label": other})
    ]


def test_a_group_and_a_text_are_told_without_a_recorded_label(demo_host, sentiment_host):
    group = get_local_explanation(demo_host, "age > 60", "progressing")
    assert group.recorded_label is None and group.render().startswith("The model predicts ")
    assert " on average over " in group.render() and "ask why" not in group.render()
    text = get_local_explanation(sentiment_host, "the plot was dull", "positive")
    assert text.predicted_label == "negative" and text.recorded_label is None
    assert text.render().startswith('The model predicts negative for the review "the plot was dull", not positive. ')


def test_the_probability_is_the_predicted_labels_on_every_host(demo_host, sentiment_host):
    """`probability` is the predicted label's, whichever label is explained (the guard ties it to that label)."""
    for host, instance, labels in (
        (demo_host, 12, ("stable", "progressing")),
        (sentiment_host, 1, ("negative", "positive")),
    ):
        prediction = get_prediction(host, instance)
        for label in labels:
            explained = get_local_explanation(host, instance, label)
            assert explained.probability == pytest.approx(prediction.probabilities[prediction.label], abs=1e-6)


async def test_an_llm_receives_the_correction_and_a_faithful_reply_passes(loan_host):
    i, predicted, other, recorded = premise_case(loan_host, wrong_recorded=True)
    reply = f"The model predicts {predicted} for applicant {i}, not {other}; its recorded label is {recorded}."
    backend = ScriptedBackend([call("get_local_explanation", instance=i, prediction_label=other), reply])
    turn = await Agent(loan_host, backend).run_turn(f"why was applicant {i} {other}?")
    tool = json.loads(backend.requests[1].messages[-1].content)
    assert tool["result"]["recorded_label"] == recorded and tool["result"]["predicted_label"] == predicted
    assert tool["summary"].startswith(f"The model predicts {predicted} for applicant {i}, not {other};")
    assert turn.reply == reply and turn.faithfulness.passed


async def test_an_llm_reply_predicting_the_premise_is_replaced(loan_host):
    i, predicted, other, _ = premise_case(loan_host, wrong_recorded=True)
    wrong = f"The model predicts {other} for applicant {i}."
    backend = ScriptedBackend([call("get_local_explanation", instance=i, prediction_label=other), wrong, wrong])
    turn = await Agent(loan_host, backend).run_turn(f"why was applicant {i} {other}?")
    assert f"prediction {other}" in turn.faithfulness.unsupported
    assert turn.reply.startswith(f"The model predicts {predicted} for applicant {i}, not {other};")
