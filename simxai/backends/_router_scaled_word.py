"""A word two features share, scaled by a multiplier: the feature that holds the quantity is the one scaled.

"hive 52010 on half the lease", "what if 52010 had double the lease" on a host with `lease_amount` and `lease_term`:
the word "lease" is in both names, and the router asked which was meant. Halving or doubling a thing said by its bare
noun scales its size; of the features sharing the noun, the one whose name adds a word of quantity ("amount", "size",
"sum", "value", "total", "balance") is that size, the others (a term, a rate, a type) are its attributes. Only when
exactly one sharer names a quantity, and the turn names none of them in full, is the turn read with that feature's
name in place of the word; a turn that says another attribute ("a 60 month term") is read as it is.
"""

from __future__ import annotations

import re

from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["scaled_shared_word"]

# A multiplier said before "the <word>" ("half the lease", "double the deposit", "3 times the grant")
_SCALED = re.compile(
    r"\b(?:half|double|twice|triple|thrice|(?:\d+(?:\.\d+)?|two|three|four)\s+times)\s+(?:the|their|his|her|its|my)\s+"
    r"(?P<w>[a-z]{3,})\b",
    re.IGNORECASE,
)
# The words of a name that make its feature the size of the thing the shared word names
_QUANTITY = frozenset("amount size sum value total balance principal".split())


def scaled_shared_word(text: str, schema: HostSchema | None) -> str | None:
    """`text` with the scaled shared word replaced by the name of the one sharer that is a quantity, or None."""
    if schema is None or schema.kind != "tabular":
        return None
    match = _SCALED.search(text)
    if match is None:
        return None
    word = match.group("w").lower()
    sharers = [f for f in schema.features if f.type == "numeric" and word in name_words(f.name)]
    named = {m.feature.name for m in feature_mentions(text, schema)}
    if len(sharers) < 2 or any(f.name in named for f in sharers):
        return None
    sizes = [f for f in sharers if _QUANTITY & set(name_words(f.name))]
    if len(sizes) != 1:
        return None
    return text[: match.start("w")] + sizes[0].name + text[match.end("w") :]
