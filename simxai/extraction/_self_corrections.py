"""A what-if that corrects its own value before it ends: "the price 9, no wait, 10", "ten percent more, sorry,
twenty percent more", "three millimetres thinner - no, two and a half".

`extract_changes` here reads the turn as `_changes.extract_changes` does, then, when a correction word follows a
number after a punctuation mark ("…, no wait, …", "… - sorry, …", "…; I mean …") and a number starts what comes
after it, reads the part before the correction and the part after: a change the second part states of the same
features replaces the first ("a euro and a half less, sorry, two euros less" -> -2); a bare number ("…, no, 10")
takes the place of the last number said before the correction, with the words around it kept ("10% more heat,
no wait, make it 20" -> 20% more heat). Anything else keeps the first reading.

The router's selector flag (`worded_amounts=False`) reads as the shipped selector was trained to: no correction.
"""

from __future__ import annotations

import re

from simxai.extraction._amount_before_name import another_as_more, unit_before_name_changes
from simxai.extraction._changes import extract_changes as _read
from simxai.extraction._counted_words import counted_word_changes
from simxai.extraction._percent_points import in_points, percent_values
from simxai.extraction._removed_switches import removed_switches
from simxai.hosts.base import ChangeValue, HostSchema
from simxai.normalize import normalize

__all__ = ["extract_changes"]

# a correction word after a punctuation mark: ", no wait,", " - sorry,", "; i mean", "... actually make it"; a match
# starts only where a run of spaces starts (`(?<!\s)`), so a long run is scanned once, not once per space in it
_CORRECTION = re.compile(
    r"(?<!\s)(?:\s*[,;]|\s+-+|\s*\.\.\.)\s*(?:(?:no|nope|sorry|oops|wait|actually|rather|or\s+rather|i\s+mean|i\s+meant|"
    r"make\s+(?:it|that)|it'?s|correction|my\s+bad)\b[\s,:;.!-]*)+",
    re.IGNORECASE,
)
_SUPPOSES = re.compile(r"\b(?:if|suppos\w*|imagin\w*|assum\w*|what\s+about|how\s+about)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])[£$€]?\d+(?:\.\d+)?(?:\s?%)?")
_STARTS_WITH_NUMBER = re.compile(r"\s*(?:by\s+)?[£$€]?\d")


def extract_changes(
    text: str, schema: HostSchema | None, *, worded_amounts: bool = True
) -> dict[str, ChangeValue] | None:
    """What-if changes named in a request (`_changes.extract_changes`), with a correction inside the turn applied."""
    if worded_amounts and schema is not None and schema.kind != "text":
        text = another_as_more(text)  # "another 3 weeks" is "3 more weeks"
    found = _read(text, schema, worded_amounts=worded_amounts)
    if not worded_amounts or schema is None or schema.kind == "text":
        return found
    said = normalize(text, schema)
    if not found:
        found = counted_word_changes(said, schema)  # "had 50 stops", "with a team of 3"
    found = {**(found or {}), **unit_before_name_changes(said, schema, found or {})} or None  # "40 mm of rain"
    if found is not None or _SUPPOSES.search(said):  # "with the cover removed": its False
        found = {**(found or {}), **removed_switches(said, schema, found or {})} or None
    for marker in reversed(list(_CORRECTION.finditer(said))):
        before, after = said[: marker.start()], said[marker.end() :]
        if not _STARTS_WITH_NUMBER.match(after) or not _NUMBER.search(before[-40:]):
            continue
        corrected = _corrected(before, after, schema)
        found = corrected if corrected is not None else found
        break
    found = {**percent_values(said, schema, found or {}), **(found or {})} or None  # "had 3 % salt" on `salt (%)`
    return in_points(found, said, schema) if found else found  # "1 % more salt" on `salt (%)`: one point more


def _corrected(before: str, after: str, schema: HostSchema) -> dict[str, ChangeValue] | None:
    """The changes of `before` with `after`'s correction applied, or None when `after` corrects none of them."""
    first = _read(before, schema)
    if not first:
        return None
    second = _read(after, schema)
    if second and set(second) <= set(first):
        return {**first, **second}  # "a euro and a half less, sorry, two euros less"
    new = _NUMBER.match(after.strip().removeprefix("by").strip())
    last = list(_NUMBER.finditer(before))
    if new is None or not last:
        return None
    old = last[-1]
    replaced = _read(f"{before[: old.start()]}{new.group()}{before[old.end() :]}", schema)
    if not replaced or set(replaced) != set(first):
        return None
    rest = {k: v for k, v in (second or {}).items() if k not in replaced}
    return {**replaced, **rest}
