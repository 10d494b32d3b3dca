"""Feature names in any shape (camelCase, ALLCAPS, units, dots, digits) named by their words; a relative change said
of a noun that names no feature is asked about, not applied to the feature in focus."""

from __future__ import annotations

import asyncio

import numpy as np
import pandas as pd
import pytest

from simxai import Agent, Host
from simxai.backends.router import RouterBackend
from simxai.extraction._features import feature_mentions
from simxai.extraction.mentions import subject_features, unnamed_subject
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words, unit_ending

_UNITS = frozenset({"months", "weeks"})


@pytest.mark.parametrize(
    ("name", "words", "units"),
    [
        ("AnnualDues", ["annual", "dues"], 0),
        ("RidesPerMonth", ["rides", "per", "month"], 2),
        ("AgeWeeks", ["age", "weeks"], 1),
        ("MAX_SPEED", ["max", "speed"], 0),
        ("Beam_ft", ["beam", "ft"], 1),
        ("body.mass_kg", ["body", "mass", "kg"], 1),
        ("lap_400m_s", ["lap", "400", "m", "s"], 3),
        ("HTTPErrorRate", ["http", "error", "rate"], 0),
        ("blood_pressure", ["blood", "pressure"], 0),
        ("humidity_pct", ["humidity", "pct"], 1),
        ("loan_amt_usd", ["loan", "amt", "usd"], 1),
        ("s5", ["s5"], 0),
    ],
)
def test_name_words_of_every_shape(name: str, words: list[str], units: int) -> None:
    assert name_words(name) == words
    assert unit_ending(name, _UNITS) == units


def _numeric(name: str) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=0, max=100)


SCHEMA = HostSchema(
    name="cycling club",
    kind="tabular",
    instance_noun="rider",
    class_names=["stays", "leaves"],
    id_range=(1, 60),
    features=[
        _numeric(n)
        for n in ("AnnualDues", "RidesPerMonth", "AgeWeeks", "Beam_ft", "body.mass_kg", "lap_400m_s", "EntryDues")
    ],
)


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("what are her annual dues", "AnnualDues"),
        ("how many rides per month", "RidesPerMonth"),
        ("if she did more rides", "RidesPerMonth"),
        ("the beam of it", "Beam_ft"),
        ("his body mass", "body.mass_kg"),
        ("a faster lap", "lap_400m_s"),
    ],
)
def test_a_feature_is_named_by_its_words(text: str, feature: str) -> None:
    assert [m.feature.name for m in feature_mentions(text, SCHEMA)] == [feature]


def test_a_head_two_features_share_names_neither() -> None:
    assert feature_mentions("if her dues were lower", SCHEMA) == []
    assert unnamed_subject("what if her dues were 5% lower?", SCHEMA) == "dues"
    assert subject_features("dues", SCHEMA) == ["AnnualDues", "EntryDues"]


@pytest.mark.parametrize(
    "text",
    ["what if it were 5% lower?", "what if the rider were 5% heavier?", "what if her body mass were 5% lower?"],
)
def test_it_the_host_noun_and_a_feature_are_no_unnamed_subject(text: str) -> None:
    assert unnamed_subject(text, SCHEMA) is None


@pytest.fixture(scope="module")
def club_host() -> Host:
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(11)
    n = 120
    frame = pd.DataFrame(
        {
            "RiderID": np.arange(1, n + 1),
            "AnnualDues": rng.integers(20, 90, n),
            "RidesPerMonth": rng.integers(0, 30, n),
            "TenureMonths": rng.integers(1, 80, n),
            "EntryDues": rng.integers(0, 50, n),
        }
    )
    score = frame.AnnualDues / 30 - frame.RidesPerMonth / 10 + rng.normal(0, 1, n)
    frame["Status"] = np.where(score > 0.5, "leaves", "stays")
    columns = ["AnnualDues", "RidesPerMonth", "TenureMonths", "EntryDues"]
    model = LogisticRegression(max_iter=300).fit(frame[columns], frame.Status)
    return host_from_model(model, frame, name="club", target="Status", instance_noun="rider", id_column="RiderID")


def _run(host: Host, turns: list[str]) -> list[tuple[list[tuple[str, dict[str, object]]], str | None]]:
    agent = Agent(host, RouterBackend())

    async def run() -> list[tuple[list[tuple[str, dict[str, object]]], str | None]]:
        conversation = agent.conversation()
        out = []
        for text in turns:
            turn = await conversation.send(text)
            ran = [(c.function, dict(c.arguments)) for c in turn.calls if c.status == "ok"]
            out.append((ran, turn.clarification.question if turn.clarification else None))
        return out

    return asyncio.run(run())


def test_a_change_of_an_ambiguous_head_is_asked_and_the_answer_names_the_feature(club_host: Host) -> None:
    turns = _run(
        club_host,
        ["why does rider 7 get this prediction?", "and if his tenure went up by 5?", "what if his dues were 10% lower?"]
        + ["AnnualDues", "and if it were 20% higher instead?"],
    )
    assert turns[1][0][0][1]["changes"] == {"TenureMonths": "+5"}
    ran, question = turns[2]
    assert ran == [] and question is not None and "AnnualDues" in question and "EntryDues" in question
    assert turns[3][0][0][1]["changes"] == {"AnnualDues": "-10%"}
    assert turns[4][0][0][1]["changes"] == {"AnnualDues": "+20%"}  # "it": the feature in focus


def test_a_change_of_a_noun_no_feature_has_is_asked_not_applied_to_the_focus(club_host: Host) -> None:
    turns = _run(club_host, ["what if rider 7 did 3 more rides per month?", "what if his locker cost were 10% lower?"])
    assert turns[0][0][0][1]["changes"] == {"RidesPerMonth": "+3"}
    ran, question = turns[1]
    assert ran == [] and question is not None


def test_a_short_head_of_a_camel_case_name_names_its_feature(club_host: Host) -> None:
    turns = _run(club_host, ["what would rider 9 get if his rides were 20% higher?"])
    assert turns[0][0][0][1]["changes"] == {"RidesPerMonth": "+20%"}


def test_a_noun_said_as_changed_is_a_subject_too() -> None:
    assert unnamed_subject("suppose she paid a 5% higher dues", SCHEMA) == "dues"
    assert unnamed_subject("what if she had a longer commute?", SCHEMA) == "commute"
    assert unnamed_subject("what if she did a shorter lap?", SCHEMA) is None  # "lap" names lap_400m_s


def test_a_noun_said_as_changed_is_asked_about_in_focus(club_host: Host) -> None:
    turns = _run(club_host, ["what if rider 4 did 2 more rides per month?", "and with a 10% higher dues?", "EntryDues"])
    ran, question = turns[1]
    assert ran == [] and question is not None and "AnnualDues" in question
    assert turns[2][0][0][1]["changes"] == {"EntryDues": "+10%"}


def test_a_verb_of_a_camel_case_word_names_its_feature() -> None:
    from simxai.extraction.mentions import feature_named_by_word

    schema = SCHEMA.model_copy(update={"features": [*SCHEMA.features, _numeric("VisitsPerWeek")]})
    named = feature_named_by_word("and if she visited twice as often?", schema)
    assert named is not None and named.name == "VisitsPerWeek"


def test_a_bracketed_tail_is_the_names_unit_whatever_its_words():
    # the head noun is the word before the brackets, so "water" names `water (ml/day)` and "stick length" names
    # `stick length (in)`, though neither "day" nor "in" is a unit word of its own
    from simxai.extraction._feature_terms import _UNIT_WORDS, _head

    assert unit_ending("water (ml/day)", _UNIT_WORDS) == 2
    assert _head("water (ml/day)") == "water"
    assert unit_ending("stick length (in)", _UNIT_WORDS) == 1
    assert _head("stick length (in)") == "length"
    assert unit_ending("clock at move 30 (min)", _UNIT_WORDS) == 2  # the number before the brackets counts too
    assert unit_ending("Sap Brix (%)", _UNIT_WORDS) == 0  # brackets with no word: as before
    assert unit_ending("(late)", _UNIT_WORDS) == 0  # nothing before the brackets
