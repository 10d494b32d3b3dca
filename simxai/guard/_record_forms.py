"""A recorded label said by its noun (claims-34): "the recorded decision was a rejection", "the actual outcome: an
approval". The prediction readers take a class by its name ("rejected"); after a word of the record and its key
("recorded decision", "actual outcome", up to two words), "was" / "is" / ":" and an optional article, the noun of a
class that is a past verb (`_state.label_forms`: "rejection" of rejected, "approval" of approved) names the
recorded class just as well, and is checked against the outputs' recorded label.

An aside between the record's key and its verb (claims-41): "The recorded label, however, is neutral" (g1), "the
recorded result, though, was qualified" (g21), "Your recorded outcome, though, was progressing" (g31). The prediction
readers take the label only right after the key and its verb; with "though", "however", "in fact", "mind you" or
"by contrast" between commas, the class after the verb (its name or noun) is the recorded one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from simxai.guard._prefilter import gated

__all__ = ["call_logged", "record_keyed", "recorded_form_claims"]

_RECORDED_IS = gated(
    r"\b(?:recorded|actual|true|real)\s+(?:[a-z'-]+\s+){0,2}?(?:was|is|were|:)\s+(?:an?\s+)?(?P<form>[a-z]+)\b",
    re.I,
)

#: The record's key, an aside between commas, its verb and the class (claims-41).
_RECORDED_ASIDE = gated(
    r"\b(?:recorded|actual|true|real)(?:\s+[a-z'-]+){0,2}?\s*,\s*"
    r"(?:though|however|in fact|mind you|by contrast)\s*,\s*"
    r"(?:was|is|were)\s+(?:an?\s+)?[*_\"'“‘]*(?P<form>[a-z][a-z_-]*)",
    re.I,
)

#: The model's call said to be logged (claims-36): "512's call, logged as rejected at 58.41 %", "the prediction was
#: logged as stable". The label after "logged" is then the call's, not the record's.
_CALL_LOGGED = re.compile(
    r"\b(?:call|prediction|verdict|forecast)\b(?:\s*,|\s+(?:was|is|were|got|gets|has|had|been))*\s+logged\s+"
    r"(?:(?:it|him|her|them)\s+)?(?:as\s+)?[\"'“‘*]*$",
    re.I,
)

#: The record as a key inside a line (round 38): "car 12 → serviced 0.80 (actual: serviced ✓)", "..., recorded =
#: sealed". A key that opens the clause is `_cues.KEYED`'s; one after a bracket, a comma, a semicolon or a spaced dash
#: is read here. The label after it is the recorded one.
_RECORD_KEY = gated(
    r"(?:[(,;]|\s[-–—]\s)\s*(?:the\s+)?(?:actual|recorded|true|real|ground[- ]truth|record|observed)"
    r"(?:\s+(?:label|class|status|grade|outcome|result))?\s*[:=]\s*[*_\"'“‘]*$",
    re.I,
)


def record_keyed(before: str) -> bool:
    """Whether `before` (the text up to a label) ends with the record as a key inside a line ("(actual: ")."""
    return bool(_RECORD_KEY.search(before))


def call_logged(before: str) -> bool:
    """Whether `before` (the text up to a label) ends with the model's call said to be logged."""
    return bool(_CALL_LOGGED.search(before))


def recorded_form_claims(
    sentence: str, forms: Mapping[str, str], recorded: set[str], labels: Sequence[str] = ()
) -> list[tuple[str, bool]]:
    """The recorded labels `sentence` names by a class's noun (or, after an aside, by its name too), each with
    whether the outputs record it.
    """
    if not recorded:
        return []
    claims = []
    for m in _RECORDED_IS.finditer(sentence):
        label = forms.get(m.group("form").lower())
        if label is not None:
            claims.append((f"recorded label {label}", label in recorded))
    named = {lab.lower(): lab for lab in labels if lab.strip()}
    for m in _RECORDED_ASIDE.finditer(sentence):
        said = m.group("form").lower()
        label = named.get(said) or forms.get(said)
        if label is not None:
            claims.append((f"recorded label {label}", label in recorded))
    return claims
