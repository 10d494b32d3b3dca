"""Classes placed by words in one prediction of three classes or more (claims-38).

A model of three classes or more gives each a probability, and a reply places the others by words: "even wins with
barely more than a third, tunnels a close second, sooty last" (g27), "even is second and tunnels last" (g27),
"patchy, 0.858; deep second, pale a distant third" (g28), "deep is the least likely for 121827" (g28). No reader
bound a class to its place, so a swapped place passed.

Read only when the turn gives exactly one subject's probabilities for three classes or more (each class one number
between 0 and 1, the numbers making up the whole): a class followed by "second", "third" or "last" (after "is",
"comes", "a close", "a distant", "a clear") with a break, "at", "with", "on", "and" or a bracket after the ordinal,
or by "is the least likely" / "is the most likely", is checked as its place among the probabilities (a tie allows
either place). An ordinal followed by any other word ("second most important", "second dip") is not read.

The runner-up (claims-41): "with potable the runner-up ahead of unsafe" (g14), "with downgraded the runner-up" (g31),
"sooty is the runner-up at about 10 %" (g27), "the runner-up is warped at 27.7 %" (g15) place a class second. A
feature called the runner-up ("BMI, the runner-up") is no class and is not read here.

Since claims-50 (classes placed in a sequence or a list; writers g34, g35, g38, g39): a class with its number and
then the others in turn ("poor at 0.44, then fair, then good": fair second, good third), a class in quotes ("ranks
"flew" second") and a place as a key ("- runner-up: lost", "last: market"). The sequence is read only after a class
with its own number, so that "stays worn, then sound" (a change's course) is not read as a ranking.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from simxai.guard._facts import Facts

__all__ = ["class_rank_claims"]

_PLACES = {"second": 2, "third": 3, "fourth": 4, "last": -1, "runner-up": 2}
_BEFORE = (
    r"\s+(?:(?:is|comes|came|sits|finishes)\s+)?(?:(?:an?\s+)?(?:close|distant|clear|far|poor|very)\s+)?"
    r"(?:the\s+(?=runner-up))?"  # "X the runner-up", "X is the runner-up" (claims-41)
)
_AFTER = r"(?=\s*(?:[,.;:!?()|\n—–]|$|\s-\s|\s(?:at|with|on|and|but|behind|under|ahead)\b))"
#: "the runner-up is X" (claims-41): the class after it is second.
_RUNNER_UP_IS = r"(?<![\w-])the\s+runner-up\s+(?:is|was)\s+"
_LIKELY = r"\s+is\s+the\s+(?P<likely>least|most)\s+likely\b"
_QUOTE = r"[\"“”'‘’]?"
#: A class's own number right after it ("at 0.44", "(44 %)", ": 0.44"), the head of a sequence of places.
_OWN_NUMBER = r"\s*(?::|at|with|on)?\s*\(?\s*(?:about\s+|around\s+|roughly\s+)?\d*\.?\d+\s*%?\s*\)?"
_THEN = r"\s*,?\s*(?:and\s+)?then\s+"


def _distribution(each: Sequence[Facts], labels: Sequence[str]) -> dict[str, float] | None:
    """The one subject's probabilities of three classes or more, or None."""
    found = []
    for facts in each:
        numbers = {lab: facts.label_numbers.get(lab, set()) for lab in labels}
        if len(labels) >= 3 and all(len(ns) == 1 for ns in numbers.values()):
            shares = {lab: next(iter(ns)) for lab, ns in numbers.items()}
            if all(0.0 <= p <= 1.0 for p in shares.values()) and abs(sum(shares.values()) - 1.0) <= 0.02:
                found.append(shares)
    return found[0] if len(found) == 1 else None


def class_rank_claims(reply: str, each: Sequence[Facts], labels: Sequence[str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each class the reply places among one prediction's classes (`labels`: the host's)."""
    names = [lab for lab in labels if lab.strip()]
    shares = _distribution(each, names)
    if shares is None:
        return
    said = "|".join(re.escape(lab).replace("_", "[ _]") for lab in sorted(names, key=len, reverse=True))
    places = "|".join(re.escape(p) for p in _PLACES)
    pattern = re.compile(
        rf"(?<![\w-]){_QUOTE}(?P<label>{said}){_QUOTE}(?:{_BEFORE}(?P<place>{places})(?![\w-]){_AFTER}|{_LIKELY})"
        rf"|{_RUNNER_UP_IS}{_QUOTE}(?P<second>{said})(?![\w-])",
        re.I,
    )
    for m in pattern.finditer(reply):
        named = m.group("label") or m.group("second")
        label = next(lab for lab in names if re.fullmatch(re.escape(lab).replace("_", "[ _]"), named, re.I))
        if m.group("likely"):
            place = -1 if m.group("likely").lower() == "least" else 1
        elif m.group("second"):
            place = 2
        else:
            place = _PLACES[m.group("place").lower()]
        yield f"class place: {m.group(0).strip()!r}", _place_holds(shares, label, place)
    yield from _sequence_claims(reply, shares, names, said)


def _place_holds(shares: dict[str, float], label: str, place: int) -> bool:
    """Whether `label` may stand at `place` (1 = surest, -1 = last) among `shares` (a tie allows either place)."""
    mine = shares[label]
    above = sum(p > mine + 1e-12 for p in shares.values())
    below = sum(p < mine - 1e-12 for p in shares.values())
    return below == 0 if place == -1 else above <= place - 1 <= len(shares) - 1 - below


def _sequence_claims(
    reply: str, shares: dict[str, float], names: Sequence[str], said: str
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for classes placed by a sequence after a class's own number, or by a place as a key."""

    def label_of(text: str) -> str:
        return next(lab for lab in names if re.fullmatch(re.escape(lab).replace("_", "[ _]"), text, re.I))

    chain = re.compile(
        rf"(?<![\w-]){_QUOTE}(?P<a>{said}){_QUOTE}{_OWN_NUMBER}{_THEN}{_QUOTE}(?P<b>{said})(?![\w-]){_QUOTE}"
        rf"(?:[^.;:\n]{{0,20}}?{_THEN}{_QUOTE}(?P<c>{said})(?![\w-]))?",
        re.I,
    )
    for m in chain.finditer(reply):
        for place, group in ((2, "b"), (3, "c")):
            if m.group(group):
                label = label_of(m.group(group))
                yield f"class place: {label} {place} in {m.group(0).strip()!r}", _place_holds(shares, label, place)
    keyed = re.compile(
        rf"(?:^|\n)\s*(?:[-*•]\s+)?(?:\*\*)?(?P<place>runner-up|second|third|last)(?:\*\*)?\s*:\s*(?:\*\*)?\s*"
        rf"{_QUOTE}(?P<label>{said}){_QUOTE}(?:\*\*)?\s*(?=$|\n|[(,.;])",
        re.I,
    )
    for m in keyed.finditer(reply):
        label, place = label_of(m.group("label")), _PLACES[m.group("place").lower()]
        yield f"class place: {m.group(0).strip()!r}", _place_holds(shares, label, place)
