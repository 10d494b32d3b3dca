"""A categorical feature called by its value, a figure right after it (claims-41, helper gfa34).

"mites +0.282 · frames +0.168 · ... · wooden −0.024" (g22: the hive body, whose value is "wooden"), "airing +.015,
cotton −.004" (g28: the fibre, "cotton"): a writer names a categorical feature's push by the subject's value of it.
The host lists no such name, so the figure was bound to the feature named before it ("cotton −.004" read as the
airing time's contribution) and flagged.

A word of the reply that is, in the outputs, the string value of exactly one feature (a subject's `values`, an
attribution's `value`) is read as that feature's name for this reply when a figure follows it (`_clipped`'s rule:
a number, after a sign or a comparison at most, and no subject's id). Not "True"/"False" or other words of no category
("none"), a common word of `_causes._COMMON`, a class's word, or a name the host already gives; a value without a
figure after it stays what it was ("wool, scoured, ten dips" is a list of values, not of features).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from simxai.guard._causes import _COMMON
from simxai.guard._clipped import figure_words
from simxai.guard._mentions import name_words

__all__ = ["category_aliases"]

#: Values that name no category: truth values and empty values.
_NO_CATEGORY = frozenset("true false yes none null nan unknown missing".split())
#: At most this many nested containers are read for values (outputs are small; a deep one is not a payload).
_DEPTH = 6


def _pairs(payload: Any, depth: int = 0) -> Iterator[tuple[str, str]]:
    """(feature, value) of each string value `payload` gives a feature: an attribution's `feature` and `value`,
    a subject's `values`.
    """
    if depth > _DEPTH:
        return
    if isinstance(payload, Mapping):
        feature, value = payload.get("feature"), payload.get("value")
        if isinstance(feature, str) and isinstance(value, str):
            yield feature, value
        values = payload.get("values")
        if isinstance(values, Mapping):
            yield from ((k, v) for k, v in values.items() if isinstance(k, str) and isinstance(v, str))
        for item in payload.values():
            if isinstance(item, Mapping | list):
                yield from _pairs(item, depth + 1)
    elif isinstance(payload, list):
        for item in payload:
            yield from _pairs(item, depth + 1)


def category_aliases(
    reply: str,
    outputs: Sequence[Any],
    features: Sequence[str],
    labels: Sequence[str],
    taken: set[str],
    ids: Iterable[int] = (),
) -> dict[str, list[str]]:
    """For each feature of `features`, the words of `reply` that are its value (and no other feature's) in
    `outputs`, each with a figure right after it; `taken`: the names and aliases already known, lower case.
    """
    said = figure_words(reply, ids)
    if not said:
        return {}
    named = {f.lower(): f for f in features}
    owners: dict[str, set[str]] = {}
    for feature, value in _pairs(list(outputs)):
        word = value.strip().lower()
        if feature.lower() in named and re.fullmatch(r"[a-z]{3,}", word):
            owners.setdefault(word, set()).add(named[feature.lower()])
    class_words = {w for label in labels for w in name_words(label)}
    out: dict[str, list[str]] = {}
    for word in sorted(said & set(owners)):
        if len(owners[word]) != 1 or word in _NO_CATEGORY | _COMMON | class_words or word in taken:
            continue
        out.setdefault(next(iter(owners[word])), []).append(word)
    return out
