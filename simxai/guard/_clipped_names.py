"""A feature said by a clipped word or by its category value, a figure right after it, written out (claims-41,
helper gfa34): "moist 9.5" reads "moisture 9.5", "credit ≥ 617" "credit_score ≥ 617", "cotton −.004" "Fibre −.004".

Only the occurrences with a figure right after them are written out (`_clipped`, `_category_words` say which words
are read so); the word elsewhere in the reply stays what it was ("Pour sheet, ... 2 ways" is no pour temperature).
A figure that is a subject's id ("Parcel 39116") makes no occurrence of a feature.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from simxai.guard._category_words import category_aliases
from simxai.guard._clipped import FIGURE_AFTER, clipped_aliases

__all__ = ["clipped_names"]


def _written(name: str, aliases: Sequence[str]) -> str:
    """How a feature is written out: its name, or its first alias when the name has brackets, digits or signs."""
    return next((s for s in (name, *aliases) if re.fullmatch(r"[A-Za-z][A-Za-z_ ]*", s)), name)


def clipped_names(
    text: str,
    features: Sequence[str],
    aliases: Mapping[str, Sequence[str]],
    labels: Sequence[str],
    noun: str,
    ids: Iterable[int],
    outputs: Sequence[Any],
) -> str:
    """`text` with each clipped word or category value that names one feature, a figure (no subject's id) right
    after it, written as that feature (`aliases`: each feature's known names, the host's and those derived).
    """
    numbers = set(ids)
    said_ids = {str(i) for i in numbers}
    taken = {f.lower() for f in features} | {a.lower() for said in aliases.values() for a in said}
    owner: dict[str, str] = {}
    for found in (
        category_aliases(text, outputs, features, labels, taken, numbers),
        clipped_aliases(text, features, aliases, labels, noun, taken, numbers),
    ):
        owner |= {word: feature for feature, words in found.items() for word in words}
    if not owner:
        return text
    words = "|".join(re.escape(w) for w in sorted(owner, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w.'-])({words})\b(?={FIGURE_AFTER})", re.I)

    def written(m: re.Match[str]) -> str:
        if m.group("n").rstrip(".") in said_ids:
            return m.group(0)
        feature = owner[m.group(1).lower()]
        return _written(feature, aliases.get(feature, ()))

    return pattern.sub(written, text)
