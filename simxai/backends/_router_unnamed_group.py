"""A group named by a word the host has no feature for, in a turn that asks for nothing else: asked about.

"so how are the creaky ones doing", "and the rusty gangways?": the turn points at some rows by a quality ("creaky",
"rusty") that no feature, alias, category or label of the host holds, and the selector reads it as asking for no
function. The plain reply (what the router can answer) would pass over the group; one question instead names the
words and what a valid group looks like (`simxai.backends._router_unknown.group_question`). A quality the host holds
("the steep ones" of a feature `steepness`) is read elsewhere; words that pick rows by their place ("the other ones",
"the first ones") name no quality.
"""

from __future__ import annotations

import re

from simxai.backends._router_attributes import host_words
from simxai.extraction import extract_ids
from simxai.hosts.base import HostSchema
from simxai.normalize import word_stems

__all__ = ["unnamed_group_words"]

# Words that pick rows by their place or by what was said before, not by a quality
_PLACE = frozenset(
    "other others same first last next previous second third these those new old remaining rest above below "
    "following earlier later few many some all both various different".split()
)


def unnamed_group_words(text: str, schema: HostSchema | None) -> str | None:
    """The words ("creaky ones") of a group named by a quality no part of a tabular host holds, or None."""
    if schema is None or schema.kind == "text" or extract_ids(text, schema):
        return None
    noun = (schema.instance_noun or "").lower()
    nouns = "ones" + (f"|{re.escape(noun)}s|{re.escape(noun)}es" if noun else "")
    match = re.search(rf"\bthe\s+(?P<w>[a-z]{{3,}})\s+(?P<n>{nouns})\b", text, re.IGNORECASE)
    if match is None:
        return None
    word = match.group("w").lower()
    host = host_words(schema)
    if word in _PLACE or word_stems(word) & host or word.removesuffix("er") in host:
        return None
    return f"{match.group('w')} {match.group('n')}"
