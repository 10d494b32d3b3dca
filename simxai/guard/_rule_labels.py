"""A rule of the model's that gives a class, said with another class (claims-32): the outputs state "a compound of
exactly 0 is labelled negative" or "a row with no history gets 50 % and is labelled low", and the reply says the
same case "is labelled positive".

The outputs' text is read for rules "<case> is labelled / classed / called / treated as / counts as <class>"; a
sentence of the reply in the same form is the same rule when its case shares at least two words with the rule's
case and at least half of them (the words of three letters or more, and the numbers, less a few words of
grammar). The class the reply gives must be the rule's; a case no rule shares enough words with is not read (a
prediction, "review 4 gets 0.7 and is labelled positive", is checked by the prediction's readers).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

__all__ = ["rule_label_claims"]

_GIVES = (
    r"(?:(?:is|are|gets?|get|will be|would be)\s+(?:labell?ed|classed|classified|called|sent to|put in|given|"
    r"treated)|counts?)\s+(?:as\s+)?"
)
_GRAMMAR = frozenset("the and its with for that this when then which are was were has have any all one".split())


def _case_words(text: str) -> set[str]:
    words = re.findall(r"[a-z]{3,}|\d+(?:\.\d+)?", text.lower())
    return {w for w in words if w not in _GRAMMAR}


def _rules(text: str, labels: list[str]) -> list[tuple[set[str], str]]:
    names = "|".join(re.escape(x) for x in sorted(labels, key=len, reverse=True))
    if not re.search(rf"\b{_GIVES}['\"]?(?:{names})\b", text, re.I):
        return []  # no rule's verb and class anywhere: the case's lazy span is not tried at every position
    found = []
    for m in re.finditer(rf"([^.;:\"\[\]{{}}()\n]{{3,120}}?)\b{_GIVES}['\"]?({names})\b", text, re.I):
        found.append((_case_words(m.group(1)), m.group(2).lower()))
    return found


@functools.lru_cache(maxsize=16)
def _stated_rules(output_text: str, labels: tuple[str, ...]) -> tuple[tuple[set[str], str], ...]:
    """The rules the outputs state: once per reply, not once per sentence."""
    if not re.search(_GIVES, output_text, re.I):
        return ()
    return tuple(_rules(output_text, list(labels)))


def rule_label_claims(sentence: str, output_text: str, labels: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each rule the sentence states with a class, against the rules the outputs state."""
    labels = list(labels)
    if len(labels) < 2:
        return
    said = _rules(sentence, labels)  # the sentence's rules first: the outputs are read for a sentence stating one
    stated = _stated_rules(output_text, tuple(labels)) if said else ()
    if not stated:
        return
    for case, label in said:
        shared = [(len(case & words), len(words), rule) for words, rule in stated if words]
        best = max(shared, default=(0, 1, ""))
        if best[0] >= 2 and best[0] * 2 >= best[1]:
            yield f"rule label {label}", label == best[2]
