"""A count said with "times" ("pressed 3 times", "two more times") never names a feature whose name or alias holds
the noun "time" ("drying time", "cooking time").

`feature_mentions` reads "times" as a mention of such a feature, so "bricks pressed more than 3 times" became
`PressCount > 3 and DryingSeconds > 3` and "pressed three more times" a change of both. Those mentions are part of
the selector's masked text, which this round leaves as it is (the shipped selector was trained on it); the router drops
the feature from the arguments it builds instead (`counted_only`, `without_counted`).
"""

from __future__ import annotations

import re
from typing import Any

from simxai.extraction._features import feature_mentions
from simxai.extraction._lexicon import _NUM, _NUMBER_WORDS
from simxai.hosts.base import HostSchema

__all__ = ["counted_only", "without_counted"]

_COUNT = "|".join([_NUM, *sorted(_NUMBER_WORDS, key=len, reverse=True), "many"])
# the count right before "times": "3 times", "two more times", "twenty fewer times", "5 extra times"
_COUNTED = re.compile(rf"(?:^|\b)(?:{_COUNT})\s+(?:(?:more|fewer|less|extra|additional|other)\s+)?$", re.IGNORECASE)


def counted_only(text: str, schema: HostSchema | None) -> set[str]:
    """The features `text` names only by "time(s)" right after a count ("3 times"): no feature is meant there."""
    counted: set[str] = set()
    named: set[str] = set()
    for mention in feature_mentions(text, schema):
        said = text[mention.start : mention.end].lower()
        if said in ("time", "times") and _COUNTED.search(text[max(0, mention.start - 30) : mention.start]):
            counted.add(mention.feature.name)
        else:
            named.add(mention.feature.name)
    return counted - named


def without_counted(value: Any, counted: set[str]) -> Any:
    """`value` (a change dict or a condition "a > 3 and b > 3") without the features in `counted`; a condition left
    with none of its clauses, or an empty dict, is None.
    """
    if not counted:
        return value
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k not in counted} or None
    if isinstance(value, str) and re.search(r"[=<>]", value):
        parts = value.split(" and ")
        kept = [p for p in parts if not any(re.match(rf"{re.escape(f)}\s*(?:[=<>!]|\bin\b)", p) for f in counted)]
        return " and ".join(kept) if kept else None
    return value
