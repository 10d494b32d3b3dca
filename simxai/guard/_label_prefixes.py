"""A class said with a prefix that makes it another class (claims-37): "pre-approved", "borderline progressing".

"Applicant 1203 is pre-approved at 92.7 %" (g20), "77 comes back pre-approved from the model" (g23, g25), "900 is
pre-approved" (g26), "your file 45 comes back pre-approved" (g27); "comes out as borderline progressing" (g25), "a
narrow call for patient 100: borderline progressing" (g26), "model says BORDERLINE-STABLE" (g27). The host's class is
approved or progressing; the prefix names a class the model has not (a provisional approval, a middle class). The
invented-label readers took the word after the prefix as the class and passed it.

A prefixed form the outputs or the user say is theirs. "Borderline" before a class and then a noun of the call
("a borderline stable call", "a borderline progressing case") says how sure the call is, not which class: not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = ["prefixed_label_claims"]

#: Prefixes that turn a class into another: a provisional class, a middle class between two.
_PREFIXES = r"pre|borderline"
#: A noun of the call after "borderline <class>": the prefix qualifies the call's sureness.
_CALL_NOUN = re.compile(r"\s*(?:call|case|one|prediction|verdict|decision|result|side|territory|zone)\b", re.I)


def prefixed_label_claims(raw: str, labels: Iterable[str], said: set[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each class of `labels` said with a prefix of `_PREFIXES` in `raw`, unless the outputs or
    the user say the prefixed form (`said`: their lower-case words, hyphenated ones whole).
    """
    names = sorted({lab for lab in labels if lab.strip()}, key=len, reverse=True)
    if not names:
        return
    alternatives = "|".join(re.escape(n) for n in names)
    pattern = re.compile(rf"\b(?P<prefix>{_PREFIXES})(?P<joint>-|\s+)(?P<label>{alternatives})\b", re.I)
    for m in pattern.finditer(raw):
        prefix, label = m.group("prefix").lower(), m.group("label").lower()
        if prefix == "pre" and m.group("joint") != "-":
            continue  # "pre approved" is no spelling writers use; "pre" alone is no word
        if prefix == "borderline" and _CALL_NOUN.match(raw, m.end()):
            continue  # "a borderline stable call": how sure the call is
        if f"{prefix}-{label}" in said or f"{prefix}{label}" in said:
            continue
        yield f"label '{m.group(0)}'", False
