"""A subject's value said in words (claims-56, guard49): "the elderly holder (25)", "an old pipe (7 years)", "right
next to the water (101 m)", "a low debt ratio of 0.53".

A scalar word names one end of a dimension: age and time ("old", "elderly", "young", "newly", "recently"),
distance ("far", "remote", "close", "next to"), body weight ("heavy", "obese", "lean", "slim"), width, depth,
temperature ("wide", "shallow", "warm"), or any quantity
("high", "large", "long", "low", "small", "short"). The word is bound to the number that follows it in its clause
(in a bracket, or after "of", "at", "aged"), and the number to the subject's value it matches at the precision shown
(`subject.values` of the outputs). The value's feature must be of the word's dimension: its name or aliases hold a
word of that dimension and it is no rate ("per") (or the bracket gives the dimension's unit, "7 years"); a word of any
quantity needs the feature named between it and the number. The claim: where the value lies in the feature's range
(the host schema's min and max, else a data card's) is on the word's side. A high word is unsupported in the
lowest quarter of the range, a low word in the highest quarter; between, it holds (a writer's "old" is not
checked against a median the guard does not have). A negated word ("not old", "far from young") claims nothing.
The words are general English, no host's: the dimensions are found in the host's own names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from simxai.guard._mentions import camel_split, name_words
from simxai.guard._outputs import _payload as payload
from simxai.guard._reading import sentences

__all__ = ["card_ranges", "subject_rows", "subject_values", "value_word_claims"]

#: The share of a feature's range at each end where a word of the other end is unsupported.
EDGE = 0.25
#: dimension -> (words of its high end, words of its low end, the words a feature's names hold when it is one).
_DIMENSIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]] = {
    "time": (
        ("old", "elderly", "aged", "ageing", "aging", "ancient", "veteran", "long-standing", "long-serving"),
        ("young", "youthful", "newly", "brand-new", "recent", "recently", "freshly"),
        frozenset({"age", "aged", "year", "years", "yrs", "yr", "month", "months", "week", "weeks", "day", "days"}),
    ),
    "distance": (
        ("far", "distant", "remote", "far-off", "faraway", "far away", "a long way"),
        ("close", "near", "nearby", "next to", "right by", "beside", "adjacent", "a stone's throw"),
        frozenset({"distance", "dist", "km", "miles", "mile", "metres", "meters", "walk", "far"}),
    ),
    "weight": (
        ("heavy", "heavyset", "overweight", "obese", "stout", "plump"),
        ("lean", "slim", "thin", "skinny", "slender", "underweight", "light"),
        frozenset({"bmi", "weight", "mass", "kg", "obesity", "heavy"}),
    ),
    "width": (("wide", "broad"), ("narrow",), frozenset({"width", "wide", "breadth"})),
    "depth": (("deep",), ("shallow",), frozenset({"depth", "deep"})),
    "temperature": (
        ("hot", "warm"),
        ("cold", "cool", "chilly"),
        frozenset({"temp", "temperature", "celsius", "fahrenheit"}),
    ),
    "any": (
        ("high", "large", "big", "huge", "long", "lengthy"),
        ("low", "small", "little", "tiny", "short", "brief"),
        frozenset(),
    ),
}
_UNITS = {"time": ("years", "year", "yrs", "months", "weeks", "days"), "distance": ("m", "km", "miles", "metres")}
_WORDS = {w: (d, end) for d, (hi, lo, _) in _DIMENSIONS.items() for end, ws in (("high", hi), ("low", lo)) for w in ws}
_WORD = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True)) + r")(?![\w-])")
#: "not old", "far from young", "never close", "isn't near": the word is denied.
_DENIED = re.compile(r"(?:\bnot|n't|\bnever|\bno|\bfar from|\bhardly|\bnor)\s+(?:\w+\s+)?$")
#: "more recently", "the least remote": a comparison, no place in the range.
_COMPARED = re.compile(r"\b(?:more|less|most|least|as|too|so)\s+$")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?!\w|\.\d)")
#: What may stand between the word and its number: a bracket (with up to two words before the number), or "of",
#: "at", "aged", "is", ":" right before it.
_LEAD = re.compile(r"(?:\(\s*(?:[a-z][\w-]*\s+){0,2}|\b(?:of|at|aged|is|:)\s+(?:about\s+|only\s+|just\s+)?)$")
#: A break the binding does not cross: another clause, a comparison, a share.
_BREAK = re.compile(r"[;.!?)]|\b(?:but|while|whereas|than|and|versus|vs|compared|instead|from|to)\b")
_GAP_WORDS = 7


def subject_values(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, float]]:
    """The numeric values of each subject's values (`subject_rows`), by feature (lower case)."""
    return [{str(k).lower(): float(v) for k, v in row.items() if _numeric(v)} for row in rows]


def subject_rows(outputs: Sequence[Any]) -> list[dict[str, Any]]:
    """Each structured output's subject's values (`subject.values`) as given."""
    found = []
    for output in outputs:
        payload = _payload(output)
        subject = payload.get("subject") if isinstance(payload, dict) else None
        values = subject.get("values") if isinstance(subject, dict) else None
        if isinstance(values, dict):
            found.append(values)
    return found


def card_ranges(outputs: Sequence[Any]) -> dict[str, tuple[float, float]]:
    """Each feature's min and max as a data card states them."""
    ranges: dict[str, tuple[float, float]] = {}
    for output in outputs:
        payload = _payload(output)
        features = payload.get("features") if isinstance(payload, dict) else None
        for item in features if isinstance(features, list) else ():
            if isinstance(item, dict) and _numeric(item.get("min")) and _numeric(item.get("max")):
                ranges[str(item.get("name", "")).lower()] = (float(item["min"]), float(item["max"]))
    return ranges


def value_word_claims(
    text: str,
    values: Sequence[Mapping[str, float]],
    ranges: Mapping[str, tuple[float, float]],
    names: Mapping[str, Sequence[str]],
    ids: Iterable[float] = (),
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each scalar word bound to a subject's value.

    Args:
        text: the reply.
        values: each subject's numeric values by feature (lower case).
        ranges: each feature's (min, max), lower case.
        names: each feature (lower case) -> its name and aliases as spelled: the words its dimension is found in.
        ids: the subjects' ids, no values.
    """
    if not values or not ranges:
        return
    ids = set(ids)
    for sentence in sentences(text):
        low = sentence.lower()
        for m in _WORD.finditer(low):
            if _DENIED.search(low[: m.start()]) or _COMPARED.search(low[: m.start()]):
                continue
            dimension, end = _WORDS[m.group(1)]
            bound = _bound_number(low, m.end(), ids)
            if bound is None:
                continue
            number, gap, after = bound
            for feature in _features(number, values, ranges, names, dimension, gap, after):
                yield _claim(m.group(1), end, feature, number, ranges[feature])


def _bound_number(low: str, start: int, ids: set[float]) -> tuple[str, str, str] | None:
    """The number the word at `start` is bound to, the text between them and the words after the number; a
    subject's id and a compound ("a 53-year-old") are passed over.
    """
    for found in _NUMBER.finditer(low, start):
        after = low[found.end() : found.end() + 12]
        if float(found.group(1)) in ids or after.startswith("-"):
            continue
        gap = low[start : found.start()]
        if len(gap.split()) > _GAP_WORDS or _BREAK.search(gap) or not _LEAD.search(gap):
            return None
        if after.lstrip().startswith(("%", "percent", "per cent", "–", "→", "->", "to ")):
            return None  # a share, a range, a change ("677 → 86 days")
        return found.group(1), gap, after
    return None


def _features(
    number: str,
    values: Sequence[Mapping[str, float]],
    ranges: Mapping[str, tuple[float, float]],
    names: Mapping[str, Sequence[str]],
    dimension: str,
    gap: str,
    after: str,
) -> list[str]:
    """The one feature of the word's dimension whose subject value `number` shows (none when not exactly one)."""
    said = float(number)
    tolerance = 0.5 * 10 ** -(len(number.split(".")[1]) if "." in number else 0)
    matched = {f for v in values for f, x in v.items() if f in ranges and abs(x - said) <= tolerance + 1e-9}
    keys = _DIMENSIONS[dimension][2]
    unit = next((u for u in _UNITS.get(dimension, ()) if re.match(rf"\s*{u}\b", after)), "")
    fitting = []
    for feature in matched:
        spelled = names.get(feature, (feature,))
        words = {w for n in spelled for w in _words(n)}
        if dimension == "any":
            fit = any(re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", gap) for n in spelled if n)
        else:  # a rate ("visits_per_month") is no time
            fit = "per" not in words and (bool(unit) or bool(keys & words))
        if fit:
            fitting.append(feature)
    return fitting if len(fitting) == 1 else []


def _claim(word: str, end: str, feature: str, number: str, bounds: tuple[float, float]) -> tuple[str, bool]:
    low, high = bounds
    place = (float(number) - low) / (high - low) if high > low else 0.5
    holds = not ((end == "high" and place < EDGE) or (end == "low" and place > 1 - EDGE))
    return f"value word {word} of {feature} {number} ({place:.0%} of its range {low:g}-{high:g})", holds


def _words(name: str) -> set[str]:
    """A name's words, camel case and snake case split ("pipeAgeYrs" -> pipe, age, yrs)."""
    return set(name_words(camel_split(name)))


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _payload(output: Any) -> Any:
    """A result model's dump, or a tool message's or JSON text's payload as `_outputs` reads it."""
    return payload(output.model_dump() if hasattr(output, "model_dump") else output)
