"""What a new user bringing a small model of their own (a tram network's punctuality analyses) ran into, fixed.

The host is made here: one analysis per tram run, with the headway before it in minutes, the route's length in km,
the stops served, whether the rails were wet (True/False) and the shift (a category), labelled punctual, late or
early. The noun, "analysis", has an irregular plural. Each test names the reply that was wrong and checks the fixed
one; the unit tests of each reading build their own tiny schemas, with other words, so that nothing is fitted to
this host.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.hosts.base import FeatureSchema, HostSchema


def _runs() -> tuple[Any, pd.DataFrame]:
    from sklearn.compose import make_column_transformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder

    rng = np.random.default_rng(31)
    n = 180
    data = pd.DataFrame(
        {
            "analysis_id": np.arange(4001, 4001 + n),
            "headway_minutes": rng.integers(4, 20, n),
            "route_length_km": np.round(rng.uniform(3, 18, n), 1),
            "stops_served": rng.integers(8, 40, n),
            "wet": rng.uniform(0, 1, n) < 0.4,
            "shift": rng.choice(["morning", "evening", "night"], n),
        }
    )
    delay = data.stops_served / 10 + data.wet * 1.5 - data.headway_minutes / 6 + (data["shift"] == "evening") * 1.2
    data["arrival"] = np.where(delay > 2.0, "late", np.where(delay < -0.3, "early", "punctual"))
    features = ["headway_minutes", "route_length_km", "stops_served", "wet", "shift"]
    encoder = make_column_transformer((OneHotEncoder(), ["shift"]), remainder="passthrough")
    model = make_pipeline(encoder, RandomForestClassifier(n_estimators=20, random_state=0))
    return model.fit(data[features], data.arrival), data


def _host(noun: str = "analysis") -> Any:
    from simxai.hosts import host_from_model

    model, data = _runs()
    return host_from_model(
        model, data, name="tram punctuality", target="arrival", instance_noun=noun, id_column="analysis_id"
    )


@pytest.fixture(scope="module")
def tram_host() -> Any:
    return _host()


def _conversation(host: Any) -> Any:
    from simxai import Agent, load_backend

    return Agent(host, load_backend("router")).conversation()


def _send(host: Any, *texts: str) -> Any:
    conversation = _conversation(host)
    turn = None
    for text in texts:
        turn = asyncio.run(conversation.send(text))
    return turn


def _predicted(host: Any, label: str) -> int:
    """The first analysis the model predicts `label` for."""
    schema = host.schema()
    low, high = schema.id_range
    for one in range(low, high + 1):
        if host.predict(host.resolve(one)).label == label:
            return one
    raise AssertionError(f"no analysis is predicted {label}")


def _schema(labels: list[str], features: list[FeatureSchema] | None = None) -> HostSchema:
    return HostSchema(
        name="tiny",
        kind="tabular",
        instance_noun="hive",
        class_names=labels,
        features=features or [FeatureSchema(name="weight_kg", type="numeric", min=1, max=9)],
        id_range=(1, 50),
    )


# --- a plural written as the instance noun ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("noun", "singular", "certain"),
    [
        ("analyses", "analysis", True),
        ("blood analyses", "blood analysis", True),
        ("mice", "mouse", True),
        ("Wolves", "Wolf", True),
        ("leaves", "leaf", True),
        ("children", "child", True),
        ("customers", "customer", False),
        ("tram runs", "tram run", False),
        ("batches", "batch", False),
        ("policies", "policy", False),
    ],
)
def test_a_plural_noun_is_told_from_its_singular(noun: str, singular: str, certain: bool) -> None:
    from simxai.hosts.noun_number import PluralNoun, plural_noun

    assert plural_noun(noun) == PluralNoun(singular, certain)


@pytest.mark.parametrize(
    "noun", ["analysis", "sheep", "series", "species", "bus", "class", "basis", "gas", "canvas", "patient", "fish"]
)
def test_a_singular_noun_is_no_plural(noun: str) -> None:
    from simxai.hosts.noun_number import plural_noun

    assert plural_noun(noun) is None


def test_a_certain_plural_noun_is_refused_naming_the_singular() -> None:
    """'analyses' was accepted silently: replies said "analyses 4005" and "60 analyseses"."""
    from simxai.exceptions import UsageError

    with pytest.raises(UsageError) as caught:
        _host("analyses")
    message = str(caught.value)
    assert "instance_noun" in message and "'analysis'" in message
    assert "\n" not in message and "value error" not in message.lower()


def test_a_noun_that_looks_plural_is_accepted_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    from simxai.hosts.noun_number import checked_instance_noun

    with caplog.at_level(logging.WARNING, logger="simxai.hosts.noun_number"):
        assert checked_instance_noun("tram runs") == "tram runs"
        assert checked_instance_noun("tram run") == "tram run"
    assert len(caplog.records) == 1
    assert "'tram run'" in caplog.records[0].getMessage()


# --- a label said as an adverb ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what would hive 3 need to finish strongly?", "what would hive 3 need to finish strong?"),
        (
            "what would it take for hive 3 to winter calmly instead",
            "what would it take for hive 3 to winter calm instead",
        ),
        ("could hive 3 ever end happily?", "could hive 3 ever end happy?"),
        ("how do I get hive 3 to behave gently, and why", "how do I get hive 3 to behave gentle, and why"),
        # the traps: an adverb of another sense, or one that modifies the word after it
        ("is hive 3 highly likely to be strong?", "is hive 3 highly likely to be strong?"),
        ("I'm fairly sure hive 3 is weak", "I'm fairly sure hive 3 is weak"),
        ("how has hive 3 done lately?", "how has hive 3 done lately?"),
        ("only hive 3 is late", "only hive 3 is late"),
        ("strongly recommended for hive 3?", "strongly recommended for hive 3?"),
        ("what does it predict normally?", "what does it predict normally?"),
    ],
)
def test_a_label_said_as_an_adverb_is_the_label(text: str, expected: str) -> None:
    from simxai._label_adverbs import label_adverbs

    labels = ["strong", "weak", "high", "late", "fair", "calm", "happy", "gentle", "normal", "on"]
    assert label_adverbs(text, _schema(labels)) == expected


def test_an_adverb_the_host_names_itself_stays() -> None:
    from simxai._label_adverbs import label_adverbs

    schema = _schema(["strong", "weak"], [FeatureSchema(name="strongly", type="numeric", min=0, max=1)])
    assert label_adverbs("what would hive 3 need to finish strongly?", schema).endswith("strongly?")


def test_an_adverb_of_the_label_asks_how_to_reach_it(tram_host: Any) -> None:
    """ "what would analysis N need to arrive punctually?" was asked back (a counterfactual or a prediction?)."""
    late = _predicted(tram_host, "late")
    turn = _send(tram_host, f"what would analysis {late} need to arrive punctually?")
    assert [(c.function, c.arguments) for c in turn.calls] == [
        ("explain_how_to_be_that", {"instance": late, "target_label": "punctual"})
    ]


# --- a value said with the unit of one feature, after a what-if ---------------------------------------------------


def test_another_value_with_its_unit_reruns_the_what_if(tram_host: Any) -> None:
    """ "and with 16 minutes instead?" read no change: "What should change?" (without "minutes" it was read)."""
    turn = _send(tram_host, "what if analysis 4005 had headway_minutes of 12?", "and with 16 minutes instead?")
    assert [(c.function, c.arguments) for c in turn.calls] == [
        ("explain_what_if", {"instance": 4005, "changes": {"headway_minutes": 16}})
    ]
    turn = _send(tram_host, "what if analysis 4005 had headway_minutes of 12?", "and with 16 km instead?")
    assert [c.arguments.get("changes") for c in turn.calls] == [{"route_length_km": 16}]


# --- words quoted back as written ---------------------------------------------------------------------------------


def test_a_turn_not_understood_is_quoted_with_its_accents(tram_host: Any) -> None:
    """'danke schön' was quoted back as "danke schon"."""
    turn = _send(tram_host, "danke schön")
    assert turn.reply.startswith('I did not understand "danke schön".')


# --- the opposite of a True/False feature's name ------------------------------------------------------------------


def test_the_opposite_of_a_yes_no_name_is_its_no() -> None:
    from simxai._yes_no_antonyms import yes_no_antonyms

    flag = FeatureSchema(name="open", type="categorical", categories=["False", "True"])
    schema = _schema(["strong", "weak"], [flag])
    assert yes_no_antonyms("what if hive 3 were closed?", schema) == "what if hive 3 were not open?"
    assert yes_no_antonyms("what if hive 3 were open?", schema) == "what if hive 3 were open?"
    assert yes_no_antonyms("and if it was not closed?", schema) == "and if it was not closed?"
    # a numeric feature, or an opposite the host names itself (a label "closed"), is left alone
    numeric = _schema(["strong"], [FeatureSchema(name="open", type="numeric", min=0, max=3)])
    assert yes_no_antonyms("what if hive 3 were closed?", numeric) == "what if hive 3 were closed?"
    labelled = _schema(["closed", "busy"], [flag])
    assert yes_no_antonyms("why is hive 3 closed?", labelled) == "why is hive 3 closed?"


def test_dry_runs_the_what_if_on_wet_false(tram_host: Any) -> None:
    """ "what if analysis 4005 were dry?" asked "What should change?"."""
    turn = _send(tram_host, "what if analysis 4005 were dry?")
    assert [(c.function, c.arguments) for c in turn.calls] == [
        ("explain_what_if", {"instance": 4005, "changes": {"wet": "False"}})
    ]


# --- an ordinal after a group's answer ----------------------------------------------------------------------------


def test_the_second_one_after_a_group_is_the_second_id_shown(tram_host: Any) -> None:
    """ "why the second analysis?" after "which analyses are predicted early?" explained the whole group."""
    conversation = _conversation(tram_host)
    first = asyncio.run(conversation.send("which analyses are predicted early?"))
    shown = first.calls[0].output["subject"]["ids"][:2]
    assert all(str(one) in first.reply for one in shown)
    turn = asyncio.run(conversation.send("why the second analysis?"))
    assert [(c.function, c.arguments) for c in turn.calls] == [("get_local_explanation", {"instance": shown[1]})]
    again = _conversation(tram_host)
    asyncio.run(again.send("which analyses are predicted early?"))
    turn = asyncio.run(again.send("and the first one?"))
    assert [(c.function, c.arguments) for c in turn.calls] == [("get_prediction", {"instance": shown[0]})]


def test_shown_ids_are_only_those_of_the_last_answer() -> None:
    from simxai.backends._router_shown_ids import shown_group_ids
    from simxai.messages import Message, ToolCall

    call = ToolCall(id="call_0", name="get_prediction", arguments={"instance": "prediction = weak"})
    result = '{"result": {"subject": {"kind": "group", "ids": [7, 9, 12, 30]}}}'
    answer = [
        Message.user("which hives are weak?"),
        Message.assistant(tool_calls=[call]),
        Message(role="tool", content=result, tool_call_id="call_0"),
        Message.assistant("For the 4 hives with prediction = weak ... Among them: hives 7, 9 and 12 (3 of 4)."),
    ]
    assert shown_group_ids(answer) == [7, 9, 12]
    assert shown_group_ids([*answer, Message.user("thanks"), Message.assistant("You're welcome.")]) == []
    one = ToolCall(id="call_0", name="get_prediction", arguments={"instance": 7})
    single = [Message.user("hive 7?"), Message.assistant(tool_calls=[one])]
    single += [Message(role="tool", content='{"result": {"subject": {"kind": "instance", "id": 7}}}'), answer[-1]]
    assert shown_group_ids(single) == []


# --- what a text host's what-if error offers ----------------------------------------------------------------------


def test_a_text_hosts_what_if_example_is_a_word_edit() -> None:
    """The text host's "needs at least one change" offered the demo's {"bmi": 30}."""
    from simxai.host_examples import example_changes

    text_schema = HostSchema(
        name="reviews",
        kind="text",
        instance_noun="review",
        class_names=["negative", "positive"],
        features=[FeatureSchema(name="text", type="text")],
        id_range=(0, 9),
    )
    offered = example_changes(text_schema)
    assert "bmi" not in offered and '"text"' in offered


# --- the page -----------------------------------------------------------------------------------------------------


def test_a_count_of_0_shows_no_axis_line_on_the_page(tram_host: Any) -> None:
    """Beside "late 0 · 0.0 %" a one-sided track still drew its axis, a 1px grey line that read as a sliver of a bar
    (ux30 had taken the bar's own 1px minimum away)."""
    from tests.server.helpers import ask_on_page, router_page

    with router_page(tram_host) as page:
        answer = ask_on_page(page, "which analyses are predicted early?")
        axes = answer.locator(".track.one-sided .half.left").evaluate_all(
            "halves => halves.map(h => h.getBoundingClientRect().width)"
        )
        signed = page.evaluate(
            """() => { const t = document.createElement('span'); t.className = 'track';
            const h = document.createElement('span'); h.className = 'half left'; t.appendChild(h);
            document.body.appendChild(t); return getComputedStyle(h).borderRightWidth; }"""
        )
    assert len(axes) == 3 and all(w == 0 for w in axes), axes  # early, late, punctual: nothing left of 0
    assert signed == "1px"  # a signed chart (contributions) keeps its axis at 0
