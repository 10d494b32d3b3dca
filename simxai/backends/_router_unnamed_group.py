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
from collections.abc import Sequence

from simxai.backends._router_attributes import host_words
from simxai.extraction import extract_ids
from simxai.hosts.base import HostSchema
from simxai.messages import ToolCall
from simxai.normalize import word_stems

__all__ = ["unnamed_group_words", "unread_quality"]

# Words that pick rows by their place or by what was said before, not by a quality
_PLACE = frozenset(
    "other others same first last next previous second third these those new old remaining rest above below "
    "following earlier later few many some all both various different "
    # a quantity or a rank, no quality ("what house sells the most lots")
    "most least more fewer less best worst top bottom biggest largest smallest highest lowest".split()
)


def unnamed_group_words(text: str, schema: HostSchema | None) -> str | None:
    """The words ("creaky ones") of a group named by a quality no part of a tabular host holds, or None."""
    if schema is None or schema.kind == "text" or extract_ids(text, schema):
        return None
    noun = (schema.instance_noun or "").lower()
    nouns = "ones" + (f"|{re.escape(noun)}s|{re.escape(noun)}es" if noun else "")
    # ("the really noisy hives": a word of degree before the quality, ux48)
    match = re.search(
        rf"\bthe\s+(?:(?:really|very|most|more|extra|super|quite|rather|particularly)\s+)?(?P<w>[a-z]{{3,}})\s+"
        rf"(?P<n>{nouns})\b",
        text,
        re.IGNORECASE,
    )
    if match is None:
        return None
    word = match.group("w").lower()
    host = host_words(schema)
    if word in _PLACE or word_stems(word) & host or word.removesuffix("er") in host:
        return None
    return f"{match.group('w')} {match.group('n')}"


def unread_quality(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> str | None:
    """The words of a group named by a quality no part of the host holds ("the grumpy ones") when the calls about
    groups read no condition of a feature from the turn (ux48): "how many of the grumpy ones does it call weak" counts
    every hive predicted weak, "the really noisy hives - how does it do on them" scores everyone; None otherwise.
    """
    if not calls or any(c.name not in _GROUP_CALLS for c in calls):
        return None
    for call in calls:
        said = call.arguments.get("group", call.arguments.get("instance"))
        if isinstance(said, str) and not _CLASS_ONLY.match(said):
            return None  # a condition was read ("the grumpy ones over 20 mites"): its own checks apply
    return unnamed_group_words(text, schema)


# The functions that take a group; a condition on the class alone ("prediction = scrap") says nothing of the rows
_GROUP_CALLS = frozenset({"get_model_performance", "get_prediction"})
_CLASS_ONLY = re.compile(r"^\s*(?:prediction|label)\s*=\s*[^=<>]+$|^\s*all\s*$", re.IGNORECASE)
