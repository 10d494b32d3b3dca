"""A text what-if that swaps in a word the model does not read (VADER's lexicon lacks "filthy") says so plainly:
the text scores as the old word removed, which equal or tied probabilities alone never tell a user.

The sentences are invented for these tests.
"""

from __future__ import annotations

import pytest

from simxai import default_registry
from simxai.hosts import load_sentiment_host


def _what_if(text: str, changes: dict[str, str]):  # type: ignore[no-untyped-def]
    registered = default_registry().get("explain_what_if")
    assert registered is not None
    return registered(load_sentiment_host(), {"instance": {"text": text}, "changes": changes})


def test_a_new_word_the_lexicon_lacks_is_said_to_take_the_old_one_out():
    result = _what_if("The ferry deck was clean today.", {"clean": "filthy"})
    assert result.unread == ["filthy"]
    said = (
        "the model does not read 'filthy' here (the text scores the same with it as with 'clean' removed), "
        "so this change only takes 'clean' out"
    )
    assert said in result.render()
    assert result.model_dump()["unread"] == ["filthy"]
    removed = _what_if("The ferry deck was clean today.", {"clean": ""})
    assert result.new_probabilities == pytest.approx(removed.new_probabilities)


def test_two_words_the_model_reads_get_no_note():
    result = _what_if("The ferry deck was clean today.", {"clean": "dirty"})
    assert result.unread == []
    assert "unread" not in result.model_dump()
    assert "does not read" not in result.render()


def test_a_swap_of_two_unread_words_says_it_changes_nothing():
    result = _what_if("The ferry deck was clean today.", {"deck": "hull"})
    assert result.unread == ["deck", "hull"]
    assert "the model reads neither 'deck' nor 'hull' here, so the swap changes nothing" in result.render()
    assert result.new_probabilities == pytest.approx(result.old_probabilities)


def test_removing_an_unread_word_says_it_changes_nothing():
    result = _what_if("The ferry deck was clean today.", {"today": ""})
    assert "the model does not read 'today' here, so removing it changes nothing" in result.render()


def test_a_whole_text_replaced_is_quoted():
    result = _what_if("The ferry deck was clean today.", {"text": "The ferry deck was grimy today."})
    assert "changing the text from 'The ferry deck was clean today.' to 'The ferry deck was grimy today.'" in (
        result.render()
    )
    assert result.unread == []


def test_a_removal_beside_a_swap_is_read_with_it_in_one_call_of_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each change asks for its own texts, in the changes' order: the old word out, and a swap's new word in."""
    host = load_sentiment_host()
    asked: list[list[str]] = []
    own = host.predict_proba

    def counted(texts):  # type: ignore[no-untyped-def]
        asked.append(list(texts))
        return own(texts)

    monkeypatch.setattr(host, "predict_proba", counted)
    registered = default_registry().get("explain_what_if")
    assert registered is not None
    text = "The ferry deck was clean today."
    result = registered(host, {"instance": {"text": text}, "changes": {"today": "", "deck": "hull"}})
    assert result.unread == ["today", "deck", "hull"]
    assert asked[-1] == ["The ferry deck was clean.", "The ferry was clean today.", "The ferry hull was clean today."]
