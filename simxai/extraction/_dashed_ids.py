"""Ids written or said in dashed chunks: "number 114-207", "piece 114-509", "one-fourteen two-twelve" (which
`simxai.normalize` leaves as "one-14 2-12"), "1-14 2-53".

A run of digit or number-word chunks joined by dashes (and, between dashed words, spaces) is one id when the chunks'
digits written one after the other make an id of the host and the run cannot be a range of ids: a dash between two
ids stays a range ("patients 5-10" where both are ids). A tens word before a unit word in one chunk is one number
("fifty-three" -> 53). The chunks' digits are joined as written, never summed.
"""

from __future__ import annotations

import re

from simxai._spoken import TENS, UNITS
from simxai.extraction._lexicon import _noun_pattern
from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["dashed_ids", "rejoin_dashed_ids", "said_id_range"]

_WORDS = sorted([*UNITS, *TENS], key=len, reverse=True)
_PART = r"(?:\d+|" + "|".join(_WORDS) + r")"
_DASH = r"\s?[-–]\s?"
# A dashed compound ("one-14", "2-53", "five-forty-four"), then any more compounds or chunks after a space.
_RUN = re.compile(
    rf"(?<![\w.,-]){_PART}(?:{_DASH}{_PART})+(?:\s+{_PART}(?:{_DASH}{_PART})*)*(?![\w%.,]\d|[\w%-])",
    re.IGNORECASE,
)


def _digits(chunk: str) -> str:
    """The digits of one dashed compound: "2-53" -> "253", "fifty-three" -> "53", "five-forty-four" -> "544"."""
    words = [w.lower() for w in re.split(r"\s?[-–]\s?", chunk)]
    out: list[str] = []
    k = 0
    while k < len(words):
        word = words[k]
        if word in TENS and k + 1 < len(words) and UNITS.get(words[k + 1], 10) < 10:
            out.append(str(TENS[word] + UNITS[words[k + 1]]))  # "fifty-three": one number
            k += 2
            continue
        out.append(word if word.isdigit() else str(UNITS.get(word, TENS.get(word, 0))))
        k += 1
    return "".join(out)


def _a_range(run: str, schema: HostSchema) -> bool:
    """Whether the run is a range of ids: one dash between two numbers that are both ids, the first below."""
    ends = re.fullmatch(r"(\d+)\s?[-–]\s?(\d+)", run.strip())
    if ends is None:
        return False
    return schema.has_id(int(ends[1])) and schema.has_id(int(ends[2])) and int(ends[1]) < int(ends[2])


def _holds(feature: FeatureSchema, number: int) -> bool:
    return (
        feature.type == "numeric"
        and feature.min is not None
        and feature.max is not None
        and (feature.min <= number <= feature.max)
    )


def dashed_ids(text: str, schema: HostSchema | None) -> list[tuple[int, int, int]]:
    """(start, end, id) of every run of dashed chunks that makes one id of the host and no range of its ids."""
    if schema is None or schema.id_range is None:
        return []
    noun = _noun_pattern(schema)
    out = []
    for match in _RUN.finditer(text):
        run = match.group(0)
        joined = "".join(_digits(chunk) for chunk in run.split())
        if len(joined) < 3 or not schema.has_id(int(joined)) or _a_range(run, schema):
            continue
        named = re.search(rf"\b{noun}s?\s*(?:number|no\.?|id|#)?\s*[#:]?\s*$", text[: match.start()], re.IGNORECASE)
        if not named and (len(joined) < 5 or any(_holds(f, int(joined)) for f in schema.features)):
            continue  # "aged 30-40" where 3040 is an id: a range of a feature, not an id
        out.append((match.start(), match.end(), int(joined)))
    return out


def rejoin_dashed_ids(text: str, schema: HostSchema | None) -> str:
    """`text` with each dashed id written as one number ("number 114-207" -> "number 114207")."""
    for start, end, number in reversed(dashed_ids(text, schema)):
        text = f"{text[:start]}{number}{text[end:]}"
    return text


def said_id_range(text: str, schema: HostSchema) -> tuple[str, str] | None:
    """The two ends of a range of ids said after the noun ("patients 5 to 10", "rows 20-40", "lots from 3 through
    9"), or None; a dashed id ("number 114-207") is no range.
    """
    match = re.search(
        rf"\b{_noun_pattern(schema)}s?\s*(?:from\s+)?#?(?P<a>\d+)\s*(?:to|through|-|until)\s*#?(?P<b>\d+)\b",
        text,
        re.IGNORECASE,
    )
    if match is None or any(s <= match.start("a") < e for s, e, _ in dashed_ids(text, schema)):
        return None
    if int(match.group("b")) < int(match.group("a")):  # "raise x for child 305 to 150": a new value, no range
        return None
    return match.group("a"), match.group("b")
