"""A class of several words said as the sentence needs it, on a host brought as a user would (`--host-config`):
e-scooters of a rental fleet with spreadsheet column names (spaces, a unit in brackets, a percent sign), six-digit
ids, and classes "needs repair" / "ready to ride" — one class word ("repair") also ends a column name ("Days Since
Repair"). "predicted to need repair", "does the model say need repairing", "how many are flagged needs repair" count
predictions of that class; none of them is read as a question about the column. And a comparative ("larger") is no
typo of its positive ("large"). The phrasings are our own.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_group
from simxai.extraction._class_names import class_mentions, class_name_pattern
from simxai.extraction._features import feature_mentions
from simxai.hosts.base import Host
from simxai.normalize import normalize


async def _ran(host: Host, text: str) -> list[tuple[str, dict[str, Any]]]:
    turn: Turn = await Agent(host, RouterBackend()).conversation().send(text)
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


def test_a_class_of_several_words_is_found_inflected() -> None:
    pattern = class_name_pattern("needs repair")
    for said in ("need repair", "needs repairing", "needed repairs", "Needs_Repair", "needs-repair"):
        assert pattern.search(f"which ones {said} now?"), said
    assert not pattern.search("the needle repairs")  # a word's stem keeps its four letters
    # a class of one word is found as written here (its other forms are `_polarity`'s)
    assert class_name_pattern("late").search("is it late?") and not class_name_pattern("late").search("lately")


def test_a_class_word_said_as_the_class_names_no_column(scooter_host: Host) -> None:
    schema = scooter_host.schema()
    text = "how many are flagged needs repair?"
    assert [name for _, _, name in class_mentions(text, schema)] == ["needs repair"]
    assert feature_mentions(text, schema) == []
    # the column is still named by its own words
    assert [m.feature.name for m in feature_mentions("what about days since repair?", schema)] == ["Days Since Repair"]


@pytest.mark.parametrize(
    "text",
    [
        "how many scooters are predicted to need repair?",
        "how many scooters does the model say need repairing?",
        "which scooters are predicted as needing repair?",
    ],
)
def test_predictions_of_a_class_of_several_words_are_a_group(scooter_host: Host, text: str) -> None:
    assert extract_group(text, scooter_host.schema()) == "prediction = needs repair"


async def test_counting_a_class_of_several_words_counts_predictions(scooter_host: Host) -> None:
    ran = await _ran(scooter_host, "how many scooters are predicted to need repair?")
    assert ran == [("get_prediction", {"instance": "prediction = needs repair"})]
    ran = await _ran(scooter_host, "how many scooters does the model say need repairing?")
    assert ran == [("get_prediction", {"instance": "prediction = needs repair"})]


async def test_a_class_word_is_no_question_about_the_column(scooter_host: Host) -> None:
    # asked back or counted, never the column's statistics
    ran = await _ran(scooter_host, "how many are flagged needs repair?")
    assert all(f != "get_data_information" for f, _ in ran)


def test_a_positive_is_no_typo_of_its_comparative(scooter_host: Host) -> None:
    # "larger" is a word of the lexicon one edit away from "large"; the user's "large" stays as written
    assert normalize("how accurate is it on the large zones?", scooter_host.schema()) == (
        "how accurate is it on the large zones?"
    )
