"""A label the user asks to keep that the model does not give (premise32).

"What would tray 540 need to stay thriving?" of a tray the model predicts diseased rests on a wrong premise: the
answer must not list what keeps the tray diseased as if that had been asked. `explain_how_to_still_be_this` takes
the label to keep (`kept_label`); when the model predicts another one, it says so and gives the question that asks
for the label wanted. Checked on a small invented host built here (seed trays in a greenhouse), on the demo and on
the sentiment host, through the functions, the offline router and the engine. The phrasings are our own.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.backends.testing import ScriptedBackend, call
from simxai.exceptions import ArgumentError
from simxai.extraction import extract_argument
from simxai.functions.counterfactual import explain_how_to_still_be_this
from simxai.hosts import host_from_model
from simxai.hosts.base import Host
from simxai.hosts.tabular import TabularHost
from tests.backends.routing import CHECKED, route

FEATURES = ["humidity_pct", "soil_temp_c", "days_since_watering"]
STILL = "explain_how_to_still_be_this"


@pytest.fixture(scope="module")
def trays() -> tuple[TabularHost, pd.DataFrame, RandomForestClassifier]:
    rng = np.random.default_rng(3232)
    n = 240
    data = pd.DataFrame(
        {
            "tray": np.arange(501, 501 + n),
            "humidity_pct": np.round(rng.uniform(30, 95, n), 1),
            "soil_temp_c": np.round(rng.uniform(8, 30, n), 1),
            "days_since_watering": rng.integers(0, 9, n),
        }
    )
    risk = 0.05 * (data.humidity_pct - 60) + 0.3 * (data.days_since_watering - 4) + rng.normal(0, 0.8, n)
    data["health"] = np.where(risk > 0, "diseased", "thriving")
    model = RandomForestClassifier(n_estimators=40, random_state=0).fit(data[FEATURES], data.health)
    host = host_from_model(model, data, name="seed trays", target="health", instance_noun="tray", id_column="tray")
    return host, data, model


def _predicted(trays: tuple[TabularHost, pd.DataFrame, RandomForestClassifier], label: str) -> tuple[int, float]:
    """The first tray the model predicts `label`, and the model's probability of it."""
    _, data, model = trays
    proba = model.predict_proba(data[FEATURES])
    column = list(model.classes_).index(label)
    row = int(np.flatnonzero(proba.argmax(1) == column)[0])
    return int(data.tray.iloc[row]), float(proba[row, column])


def test_a_label_the_model_does_not_give_is_said_with_the_question_that_asks_for_it(trays) -> None:
    host = trays[0]
    tray, probability = _predicted(trays, "diseased")
    result = explain_how_to_still_be_this(host, tray, kept_label="Thriving")
    assert result.label == "diseased" and result.kept_label == "thriving"
    assert result.probability == pytest.approx(probability)
    assert result.ranges == [] and result.kept_edits == [] and result.samples_checked == 0
    said = result.render()
    assert said.startswith(f"The model predicts diseased for tray {tray} (")
    assert "not thriving, so there is no thriving to keep" in said
    assert said.endswith(f"ask: what would need to change for tray {tray} to be predicted thriving?")
    assert "between" not in said and "stays diseased" not in said


def test_the_label_the_model_gives_is_answered_as_without_it(trays) -> None:
    host = trays[0]
    tray, _ = _predicted(trays, "diseased")
    kept = explain_how_to_still_be_this(host, tray, kept_label="diseased")
    plain = explain_how_to_still_be_this(host, tray)
    assert kept.model_dump() == plain.model_dump()
    assert kept.ranges and "It stays diseased when" in kept.render()


def test_an_unknown_label_to_keep_names_the_valid_ones(trays) -> None:
    tray, _ = _predicted(trays, "diseased")
    with pytest.raises(ArgumentError) as raised:
        explain_how_to_still_be_this(trays[0], tray, kept_label="wilting")
    assert raised.value.argument == "kept_label" and "thriving" in (raised.value.valid or "")


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("what would tray {t} need to stay thriving?", "thriving"),
        ("how can tray {t} remain thriving?", "thriving"),
        ("what keeps tray {t} thriving?", "thriving"),
        ("what can change for tray {t} and it still be predicted thriving?", "thriving"),
        ("which changes would keep tray {t} diseased?", "diseased"),
        # no label said to keep: as before
        ("what can change for tray {t} without changing the prediction?", None),
        ("how robust is the prediction for tray {t}?", None),
        # a label said, but not as the one to keep
        ("what can change for tray {t} before it becomes thriving?", None),
        ("does tray {t} not stay thriving for long?", None),
    ],
)
def test_the_router_reads_the_label_said_to_keep(trays, said: str, kept: str | None) -> None:
    host = trays[0]
    tray, _ = _predicted(trays, "diseased")
    text = said.format(t=tray)
    assert extract_argument("kept_label", text, host.schema(), STILL) == kept
    if "does" in said:
        return  # (a yes/no question: which function it goes to is not this test's)
    _, calls = route(RouterBackend(), text, host.schema())
    assert calls and calls[0][0] == STILL, calls
    assert calls[0][1].get("kept_label") == kept


async def test_through_the_engine_the_wrong_premise_is_said_and_the_question_it_gives_is_answered(trays) -> None:
    host = trays[0]
    tray, _ = _predicted(trays, "diseased")
    conversation = Agent(host, RouterBackend(), settings=CHECKED).conversation()
    turn = await conversation.send(f"what would tray {tray} need to stay thriving?")
    [ran] = turn.calls
    assert ran.function == STILL and ran.arguments == {"instance": tray, "kept_label": "thriving"}
    assert turn.reply == explain_how_to_still_be_this(host, tray, kept_label="thriving").render()
    assert turn.faithfulness.passed
    asked = turn.reply.split("ask: ", 1)[1]
    [counterfactual] = (await conversation.send(asked)).calls
    assert counterfactual.function == "explain_how_to_be_that"
    assert counterfactual.arguments == {"instance": tray, "target_label": "thriving"}


async def test_on_the_demo_patient_12_predicted_stable_has_no_progressing_to_keep(demo_host) -> None:
    for said in ("what would patient 12 need to stay progressing?", "how can patient 12 remain progressing?"):
        turn = await Agent(demo_host, RouterBackend(), settings=CHECKED).conversation().send(said)
        assert [c.arguments for c in turn.calls] == [{"instance": 12, "kept_label": "progressing"}]
        assert turn.reply.startswith("The model predicts stable for patient 12 (78.6%), not progressing, so there")
        assert "It stays stable" not in turn.reply and turn.faithfulness.passed
    kept = (
        await Agent(demo_host, RouterBackend(), settings=CHECKED)
        .conversation()
        .send("what would patient 12 need to stay stable?")
    )
    plain = (
        await Agent(demo_host, RouterBackend(), settings=CHECKED)
        .conversation()
        .send("how robust is the prediction for patient 12?")
    )
    assert kept.calls[0].arguments == {"instance": 12, "kept_label": "stable"}
    assert plain.calls[0].arguments == {"instance": 12}
    assert kept.reply == plain.reply and "It stays stable when" in kept.reply


async def _send(host: Host, said: str) -> Turn:
    """The engine's turn for `said`, the first of a conversation on `host` with the offline router."""
    return await Agent(host, RouterBackend(), settings=CHECKED).conversation().send(said)


@pytest.fixture(scope="module")
def sentiment_host():
    from simxai.hosts.sentiment import load_sentiment_host

    return load_sentiment_host()


async def test_on_a_text_host_a_review_predicted_negative_has_no_positive_to_keep(sentiment_host) -> None:
    review = "this film was a boring waste of time"
    [prediction] = (await _send(sentiment_host, f"'{review}'")).calls
    assert prediction.output["label"] == "negative"
    turn = await _send(sentiment_host, f"what would keep this review positive? '{review}'")
    assert turn.calls[0].arguments == {"instance": review, "kept_label": "positive"}
    assert turn.reply.startswith(f'The model predicts negative for the review "{review}" (')
    assert "not positive, so there is no positive to keep" in turn.reply and turn.faithfulness.passed
    kept = await _send(sentiment_host, f"which changes would keep '{review}' negative?")
    assert kept.calls[0].arguments == {"instance": review, "kept_label": "negative"}
    assert kept.reply == explain_how_to_still_be_this(sentiment_host, review).render()


async def test_the_guard_passes_the_sentence_and_flags_ranges_of_the_label_not_predicted(demo_host) -> None:
    rendering = explain_how_to_still_be_this(demo_host, 12, kept_label="progressing").render()
    backend = ScriptedBackend([call(STILL, instance=12, kept_label="progressing"), rendering])
    turn = await Agent(demo_host, backend).run_turn("what would patient 12 need to stay progressing?")
    backend.assert_complete()
    assert turn.faithfulness.passed and turn.reply == rendering
    wrong = "The model predicts progressing for patient 12; it stays progressing while bmi is below 27."
    backend = ScriptedBackend([call(STILL, instance=12, kept_label="progressing"), wrong, wrong])
    turn = await Agent(demo_host, backend).run_turn("what would patient 12 need to stay progressing?")
    assert "prediction progressing" in turn.faithfulness.unsupported and turn.reply == rendering
