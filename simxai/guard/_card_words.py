"""The words of a host's cards, in the guard's vocabulary (gfb39, issue 13's false alarms on unseen hosts).

A host's cards say what its labels and features mean: the output card glosses each class ("unclaimed: nobody came
for the item"), the data card describes the rows and each feature. A writer who knows the host names a class or a
subject in those words ("predicted to be collected", "nobody is expected to come", 'the path to "rings true"').
The guard knew only the words of the turn's outputs and the user's, so such words read as an invented feature, an
invented label or a quote of nothing. `host_cards` reads the cards through the host's own functions (the
output card and the data card, as `get_output_information()` and `get_data_information()` return them), once when
the vocabulary is built; `card_words` turns their text into the words a reply may use of them, with the inflections
of each verb (a card's "collected" is a reply's "collection", "collect", "collects"; "came" is "comes").

Only the words count, never a card's numbers, labels or claims: a number of a card ("60 trees") is still checked
against the turn's outputs, and a card's word is no feature or class of its own. A name the cards never use is
still invented.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from simxai.exceptions import SimXAIError

__all__ = ["card_words", "host_cards"]

#: A word of a card worth reading: letters only, three or more (short words are prose's: "of", "an", "it").
_WORD = re.compile(r"[a-z][a-z'-]{2,}")
#: A regular past ("collected", "refunded", "chilled", "stored"): its stem, read as the verb and its other forms.
_PAST = re.compile(r"([a-z]{3,})ed")
#: An irregular past of a card ("nobody came for it") and the forms a reply says it in ("nobody comes").
_IRREGULAR_PASTS = {
    "came": ("come", "comes", "coming"),
    "went": ("go", "goes", "going", "gone"),
    "found": ("find", "finds", "finding"),
    "made": ("make", "makes", "making"),
    "kept": ("keep", "keeps", "keeping"),
    "held": ("hold", "holds", "holding"),
    "sold": ("sell", "sells", "selling", "sale"),
    "lost": ("lose", "loses", "losing", "loss"),
    "left": ("leave", "leaves", "leaving"),
    "took": ("take", "takes", "taking", "taken"),
    "gave": ("give", "gives", "giving", "given"),
    "grew": ("grow", "grows", "growing", "grown", "growth"),
    "rang": ("ring", "rings", "ringing", "rung"),
    "broke": ("break", "breaks", "breaking", "broken"),
    "flew": ("fly", "flies", "flying", "flown", "flight"),
    "paid": ("pay", "pays", "paying", "payment"),
    "brought": ("bring", "brings", "bringing"),
    "bought": ("buy", "buys", "buying"),
    "sent": ("send", "sends", "sending"),
}


def host_cards(host: Any) -> tuple[str, dict[str, str]]:
    """The words of `host`'s output and data cards (each class's meaning, what a probability means, the data's
    description, the target's name and each feature's description and categories; "" for a card the host cannot
    give), and each class's meaning on its own.

    Args:
        host: a host (`simxai.hosts.Host`); read through `output_information()` and `data_information(None)`.
    """
    parts: list[str] = []
    meanings: dict[str, str] = {}
    try:
        output = host.output_information()
        meanings = {label.name: label.meaning for label in output.labels}
        parts += [f"{name}: {meaning}" for name, meaning in meanings.items()]
        parts.append(output.probability_meaning)
    except (SimXAIError, NotImplementedError):
        pass  # a host without an output card: its labels are all the guard knows of them
    try:
        data = host.data_information(None)
        parts += [data.description, data.target]
        for feature in data.features:
            parts += [feature.description or "", *(feature.categories or [])]
    except (SimXAIError, NotImplementedError):
        pass
    return "\n".join(p for p in parts if p), meanings


def card_words(text: str, noun: str = "") -> frozenset[str]:
    """The words a reply may use of the cards `text` holds: each word of three letters or more, and each verb's
    other forms (a regular past's base, third person, gerund and "-ion" noun; an irregular past's from a table).

    Not the instance noun (its plural, its possessive) nor any possessive: the cards call every row by it ("the
    item's value"), so it makes no name its own ("the item's colour" is still an invented feature).

    Args:
        text: the cards' text (`Vocabulary.cards`).
        noun: the host's instance noun ("item").
    """
    return _card_words(text, noun.lower())


@lru_cache(maxsize=64)
def _card_words(text: str, noun: str) -> frozenset[str]:
    words = {w for w in _WORD.findall(text.lower()) if "'" not in w}
    return frozenset((words | set(_forms(words))) - {noun, f"{noun}s", f"{noun}es"})


def _forms(words: Iterable[str]) -> Iterable[str]:
    for word in words:
        yield from _IRREGULAR_PASTS.get(word, ())
        past = _PAST.fullmatch(word)
        if past is None:
            continue
        stem = past.group(1)
        if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
            stem = stem[:-1]  # "stopped": "stop", not "stopp"
        for base in (stem, f"{stem}e"):  # "collect" of collected; "store" of stored (one of them is a word)
            yield from (base, f"{base}s", f"{base}ing", f"{base}ion", f"{base}ions")
        yield f"{stem}ing"
