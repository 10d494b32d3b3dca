"""Class names that are ordinary words: where such a name is a word of the sentence and where it names the class.

On a host whose classes are `stays` and `leaves` (or `keeps` and `cancels`, `remains` and `switches`) the engine's
own what-if reads "the prediction stays leaves (before: leaves, stays 8.1 %, leaves 91.9 %)". Read as the words they
are, "stays" there is both a class and the guard's cue of a what-if's outcome. Three positions tell them apart on
any host (the names come from the schema, nothing from a host's domain):

- a class name right before another ("the prediction stays leaves", "stays stays") is the verb that says the next
  one, not a class the reply names;
- a class name right before a number ("stays 8.1 %", "keeps: 0.2") names whose number it is, and one alone between
  a list's marks ("before: stays, stays 98.2 %") names the class, so neither is a cue of the state after a change
  when the state a later number is of is read;
- a class name after a word of degree ("the prediction is very stable", "rather standard") is an adjective: a class
  has no degrees;
- a class name that ends a share's clause ("a 2 % chance the model thinks it took") is what the share is of.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.guard import _cues as cue
from simxai.guard._prefilter import gated
from simxai.guard._reading import Mention, find_mentions

__all__ = ["label_mentions", "number_phase"]

#: What may stand between two names said one after the other: spaces and a reply's emphasis or quotes.
_ADJACENT = re.compile(r"[\s*_`\"'“”‘’]*")
#: A word of degree right before a class name: the name is an adjective there, no class.
_DEGREE = gated(r"\b(?:very|quite|fairly|pretty|rather|extremely|highly|so|too|less|more|most|least)\s+$", re.I)
#: A class name that ends a share's "that" clause: "a 2 % chance the model thinks it took" says what the share is of,
#: no prediction (claims-26).
_CHANCE_OF = gated(
    r"\d\s*%?\s+(?:\w+\s+){0,2}?(?:chance|probability|likelihood|odds)\s+(?:that\s+)?"
    r"(?:the\s+model\s+\w+\s+(?:that\s+)?)?(?:it|he|she|they|the\s+\w+)\s+(?:has\s+|had\s+|is\s+|was\s+)?$",
    re.I,
)
#: What may stand between a class name and its number: emphasis, a colon or equals sign, an opening bracket.
_BEFORE_NUMBER = re.compile(r"[*_`]*\s*(?:[:=]\s*)?\(?\s*[-+]?\d")
#: A class name alone in a list or under a key: a mark before it and a mark after it.
_MARK_BEFORE = re.compile(r"[:,;(]\s*[*_`]*$")
_MARK_AFTER = re.compile(r"[*_`]*\s*[,;)]")
#: How far back the cues of a number's state are read (as `_numbers` always read them).
_REACH = 300


def label_mentions(text: str, labels: Sequence[str]) -> list[Mention]:
    """The class names `text` names, without those that are the verb of the name right after them and those
    said in degrees ("the prediction is very stable": an adjective; a class has no degrees).
    """
    found = find_mentions(text, labels)
    found = [m for m in found if not _DEGREE.search(text, 0, m.start) and not _CHANCE_OF.search(text, 0, m.start)]
    return [m for m, after in zip(found, [*found[1:], None], strict=False) if not _verb_of(text, m, after)]


def _verb_of(text: str, mention: Mention, after: Mention | None) -> bool:
    return after is not None and _ADJACENT.fullmatch(text[mention.end : after.start]) is not None


def number_phase(sentence: str, at: int, labels: Sequence[str]) -> str:
    """`cues.phase` of the state the number at `at` in `sentence` is of, with each class name before it that leads
    a number of its own ("stays 8.1 %", the number at `at` too) or stands alone between marks put as a neutral word.
    """
    before = sentence[:at]
    for m in reversed(find_mentions(before, labels)):
        alone = _MARK_BEFORE.search(before, 0, m.start) and _MARK_AFTER.match(sentence, m.end)
        if alone or _BEFORE_NUMBER.match(sentence, m.end):
            # a word of the same length that is no cue: "from stable (" still reads as a state before
            before = before[: m.start] + "q" * (m.end - m.start) + before[m.end :]
    return cue.phase(before[-_REACH:])
