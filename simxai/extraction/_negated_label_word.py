"""A class of several words named, after a negation, by the one word of it that no other class has: "why not slow?"
on a host whose classes are `keeps_time`, `runs_slow` and `stopped` asks about `runs_slow`.

`simxai.extraction._class_names` finds a class of several words only by all its words ("runs slow"), and
`simxai.extraction._polarity` by another word for the whole name. People asking why the model did not give another
class say its telling word alone ("why not weak?" for `weak_colony`), and a why-not that finds no class there takes
the last class said anywhere else in the turn, often the one the model gave ("stopped?! why not slow rather than
stopped?"). The word is read as the class only where a negation introduces it ("not", "n't", with up to three
small words between: "why isn't it predicted weak"), when it has four letters or more, belongs to exactly one class
name (compared by stem: "slow" / "slower"), and is no word of a feature's name or alias, of a category or of the
instance noun. Anywhere else a single word of a class name is left alone: "time" in "the bench time" is no
`keeps_time`.
"""

from __future__ import annotations

import functools
import re

from simxai._word_endings import without_ending
from simxai.hosts.base import HostSchema
from simxai.turn_memo import per_host

__all__ = ["negated_class_words", "why_not_before"]

_NEGATED = re.compile(
    r"(?:\bnot|n't)\s+(?:(?:an?|the|be|as|it|just|predicted|classified|labell?ed|called)\s+){0,3}"
    r"(?P<word>[A-Za-z]{4,})\b(?![_-]\w)",
    re.IGNORECASE,
)
_ENDINGS = ("er", "ly", "s")


def _stem(word: str) -> str:
    return without_ending(word, _ENDINGS)


@functools.lru_cache(maxsize=64)
def _telling_words(class_names: tuple[str, ...], taken: frozenset[str]) -> dict[str, str]:
    """The stem of each word (four letters or more) of a class name of several words that no other class name
    holds and that names nothing else on the host (`taken`), with its class.
    """
    owners: dict[str, set[str]] = {}
    for name in class_names:
        for word in re.split(r"[\s_\-]+", name):
            owners.setdefault(_stem(word), set()).add(name)
    telling: dict[str, str] = {}
    for name in class_names:
        words = [w for w in re.split(r"[\s_\-]+", name) if w]
        if len(words) < 2:
            continue
        for word in words:
            stem = _stem(word)
            if len(word) >= 4 and len(owners[stem]) == 1 and stem not in taken:
                telling[stem] = name
    return telling


@per_host
def _taken(schema: HostSchema) -> frozenset[str]:
    """The stems of the words that name a feature, a category or an instance on the host."""
    words = [schema.instance_noun or ""]
    for feature in schema.features:
        words += [feature.name, *feature.aliases, *(feature.categories or ())]
    return frozenset(_stem(w) for text in words for w in re.findall(r"[A-Za-z]+", text))


def negated_class_words(text: str, schema: HostSchema, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """(start, end, class) of each telling word of a class name said after a negation (module doc), outside the
    mentions already `found`.
    """
    telling = _telling_words(tuple(schema.class_names), _taken(schema))
    if not telling:
        return []
    out = []
    for match in _NEGATED.finditer(text):
        start, end = match.span("word")
        name = telling.get(_stem(match.group("word")))
        if name is not None and not any(s < end and start < e for s, e, _ in found):
            out.append((start, end, name))
    return out


# A why-question negated before a class, in one sentence, with at most five words between the negation and the class
# (the reach of the selector's `zwhynot` flag): "why doesn't the model consider her <class>?", "how come it never
# rated him <class>". The text given ends where the class begins.
_WHY_NOT_BEFORE = re.compile(
    r"\b(?:why|how\s+come)\b[^.?!;]{0,80}?(?:\bnot|n't|\bnever)\b(?:\s+[^\s.?!;]+){0,5}?\s+$", re.IGNORECASE
)


def why_not_before(before: str) -> bool:
    """Whether `before`, the text up to a class name, asks why the model did not give that class: the class is the
    one the user expected, whatever the turn said of the instance's class before ("listed as X, but why doesn't
    the model consider her Y?": Y).
    """
    return _WHY_NOT_BEFORE.search(before[-160:]) is not None
