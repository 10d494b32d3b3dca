"""Texts named by their own words in a reply about several of them (claims-37).

A reply about two reviews names each by what it is about, not by an id (a text has none): "The bus review is
negative (65.9 %) and the soup review positive (90.4 %)" (g20), "the guide review is negative (0.71), the parcel
review positive (0.72)" (g21), "dentist negative 0.779, headphones positive 0.835" (g22), "The hotel review is
negative (71.1 %) and the parcel review positive (76.3 %)" (g23), "Breakfast review: negative, 71.1 %. Package
review: positive, 75.5 %." (g24), "the cafe one is negative (0.66), the cold-pasta one positive (0.86)" (g27). The
number readers found each class's probability in one of the outputs and passed the swap.

A part of a sentence (between commas, semicolons, "and", bars and full stops) is about a text when a word of it (four
letters or more, no class's name) is a word of that text and of no other text of the turn, and no word of it is
another text's own. There, a class said with a number right after it ("negative (65.9 %)", "positive 0.835",
"negative, 71.1 %") is checked against that text's probability of the class, within the rounding the number is
shown with; a class said right after "is", a colon or an arrow with no number is checked as that text's predicted
class. A text said to be the surer call ("the pasta one is the more confident", "ferry's the surer of the two", "the
model is slightly surer about the parcel one"), named by its words or as "the <class> call" when the texts' classes
differ, is checked as the one whose predicted class has the higher probability; a part that says "less" or "not"
is not read so.
Read only when the turn predicts two texts or more, none with an id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from simxai.guard._facts import Facts

__all__ = ["text_subject_claims"]

#: Where a part about one text ends.
_PART = re.compile(r"[,;|.!?\n]\s|[;|\n]|\s(?:and|but|while|whereas)\s|\.$", re.I)
_WORD = re.compile(r"[a-z][a-z']+", re.I)
#: Words any text may hold and a reply uses of its own.
_COMMON = frozenset(
    "this that with from they them their there were was have been very really would could about into than then "
    "when what which review reviews text texts sentence model says said calls called call both each only just "
    "more most less least also still even like make made good well".split()
)
#: A number said right after a class: "negative (65.9 %)", "positive 0.835", "negative, 71.1 %", "negative at 0.71".
_NUMBER_AFTER = (
    r"\s*(?:\(|,\s*|\s(?:at|with|of|=)\s+|\s)?\s*(?:~|about\s+|roughly\s+)?(?P<n>\d*\.?\d+)\s*(?P<pc>%|percent)?"
)


#: A call said to be the surer one.
_SURER = re.compile(r"\b(?:surer|more\s+(?:confident|certain|sure|decided)|firmer)\b", re.I)
_DENIED = re.compile(r"\b(?:less|not|no|n't|nor)\b|n't\b", re.I)


def _words(text: str) -> set[str]:
    words = {w.lower().removesuffix("'s").strip("'") for w in _WORD.findall(text)}  # "printer's the surer"
    return {w for w in words if len(w) >= 4} - _COMMON


def _parts(sentence: str) -> Iterator[str]:
    at = 0
    for m in [*_PART.finditer(sentence), None]:
        end = m.start() if m else len(sentence)
        yield sentence[at:end]
        at = m.end() if m else end


def _close(said: str, percent: bool, value: float) -> bool:
    """Whether the number `said` (in percent when `percent`) is `value` within the rounding it is shown with."""
    decimals = len(said.partition(".")[2])
    shown = float(said) / 100 if percent else float(said)
    half = 0.5 * 10.0 ** (-decimals) / (100 if percent else 1)
    return abs(shown - value) <= half + 1e-9


def text_subject_claims(reply: str, each: Sequence[Facts], labels: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """Claims about texts a reply names by their words (`each`: the facts of every output of the turn, one per
    subject; `labels`: the host's classes).
    """
    texts = [f for f in each if f.subject_id is None and len(f.predicted) == 1 and f.label_numbers and f.texts]
    if len(texts) < 2 or any(f.subject_id is not None for f in each):
        return
    names = [lab for lab in labels if lab.strip()]
    label_words = {w for lab in names for w in _words(lab)}
    own = [_words(" ".join(f.texts)) - label_words for f in texts]
    unique = [o - set().union(*(x for j, x in enumerate(own) if j != i)) for i, o in enumerate(own)]
    if not all(unique):
        return
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    with_number = re.compile(rf"\b(?P<label>{alternatives})\b{_NUMBER_AFTER}(?![\d.])", re.I)
    bare = re.compile(rf"(?:\bis|:|→|->|=)\s*(?P<label>{alternatives})\b(?!\s*(?:\(|,?\s*\d|at\b|with\b))", re.I)
    called = [next(iter(f.predicted)) for f in texts]
    sure = [max(f.label_numbers.get(c, {0.0})) for f, c in zip(texts, called, strict=True)]
    by_call = re.compile(rf"\b(?P<label>{alternatives})\s+(?:call|one|verdict|prediction)\b", re.I)
    for part in _parts(reply):
        said = _words(part)
        who = {i for i, u in enumerate(unique) if said & u}
        if not who and len(set(called)) == len(called) and _SURER.search(part):
            said_calls = [m.group("label").lower() for m in by_call.finditer(part)]
            who = {called.index(c) for c in said_calls if c in called}
        if len(who) != 1:
            continue
        (i,) = who
        facts, word = texts[i], sorted(said & unique[i] or {called[i]})[0]
        if _SURER.search(part) and not _DENIED.search(part) and len(set(sure)) == len(sure):
            yield f"surer: the text with '{word}'", sure[i] == max(sure)
        for m in with_number.finditer(part):
            label = next(n for n in names if n.lower() == m.group("label").lower())
            number = m.group("n")
            percent = bool(m.group("pc"))
            if not percent and float(number) > 1:
                continue  # a count or a score, no probability
            held = facts.label_numbers.get(label, set())
            ok = any(_close(number, percent, v) for v in held)
            yield f"number {number}{'%' if percent else ''} ({label}) of the text with '{word}'", ok
        for m in bare.finditer(part):
            label = next(n for n in names if n.lower() == m.group("label").lower())
            yield f"prediction {label} of the text with '{word}'", label in facts.predicted
