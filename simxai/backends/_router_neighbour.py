"""A pointer to the instance next to the one in focus, read as that instance's id.

Someone going through the records one by one says which comes next without its id: "and the next one", "next
<noun>?", "the one after that", "the one before it", "the previous <noun>", "the one before" ending the turn, or
only "next" as the whole turn.
Ids are consecutive in a host's id range, so the pointer names the id one above (or below) the instance the
last successful call was about. The router rewrites the pointer as that id with the host's noun ("and the next
one" -> "and <noun> 131031"), so every reading of a turn that names an instance applies unchanged: the previous
function again for a bare pointer, the last what-if's changes for "same for the next one", and the new instance
in focus for the turns after it.

A pointer anchored on an id the turn says ("the one before 502", "the dog after #131040") names that id's
neighbour, whatever is in focus. Nothing else is rewritten when the turn names an id of its own, when no call was
about one instance named by an integer id (a group or a text in focus has no neighbour), or when the neighbour's id
is outside the host's range (the first or last record has none on one side): the turn is then read as before.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from simxai.backends._dialogue_labels import subject_id
from simxai.extraction import extract_ids
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["neighbour_pointer", "with_neighbour_named"]

# words that stand for "an instance" after "next" / "previous" besides the host's own noun
_ONE = r"(?:one|row|record|entry|item|case)"
_THAT = r"(?:that(?:\s+one)?|this(?:\s+one)?|it)"
_CLOSE = r"(?:right\s+|just\s+|straight\s+)?"  # "the one right after that"


def _thing(noun: str) -> str:
    """A word for one instance: "one", "record", ... or the host's noun, singular or plural."""
    return rf"(?:{_ONE}|{re.escape(noun)}(?:e?s)?)"


@functools.lru_cache(maxsize=32)
def _patterns(noun: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    thing = _thing(noun)
    after = re.compile(
        rf"\b(?:the\s+)?(?:next|following)\s+{thing}\b"
        rf"|\b(?:the\s+)?{thing}\s+{_CLOSE}after\s+{_THAT}\b"
        rf"|\bthe\s+{thing}\s+{_CLOSE}after(?=\W*(?:(?:please|pls|then)\W*)?$)"  # "and the one after?": the turn ends
        # the whole turn is "next" ("and next?", "ok, next please")
        r"|^\W*(?:(?:and|ok(?:ay)?|so|then|now)\W+)*(?:the\s+)?next(?=\W*(?:(?:please|pls|then)\W*)?$)",
        re.IGNORECASE,
    )
    before = re.compile(
        rf"\b(?:the\s+)?(?:previous|prior|preceding)\s+{thing}\b"
        rf"|\b(?:the\s+)?{thing}\s+{_CLOSE}before\s+{_THAT}\b"
        rf"|\bthe\s+{thing}\s+{_CLOSE}before(?=\W*(?:(?:please|pls|then)\W*)?$)",  # "ok, the one before"
        re.IGNORECASE,
    )
    return after, before


@functools.lru_cache(maxsize=32)
def _anchored(noun: str) -> re.Pattern[str]:
    """A pointer anchored on a said id: "the one before 502", "the <noun> right after <noun> #131040"."""
    return re.compile(
        rf"\b(?:the\s+)?{_thing(noun)}\s+{_CLOSE}(?P<way>before|after)\s+"
        rf"(?:(?:{_ONE}|{re.escape(noun)})\s+)?(?:(?:id|no\.?|number)\s*)?#?\s*(?P<id>\d+)\b",
        re.IGNORECASE,
    )


def neighbour_pointer(text: str, schema: HostSchema) -> tuple[re.Match[str], int] | None:
    """The span of a pointer to a neighbouring instance in `text` and its step (+1 next, -1 previous), or None."""
    after, before = _patterns(schema.instance_noun)
    found = [(m, step) for pattern, step in ((after, 1), (before, -1)) for m in pattern.finditer(text)]
    if len(found) != 1:
        return None  # none, or "the one before and the one after": not one neighbour
    return found[0]


def with_neighbour_named(text: str, history: Sequence[Message], schema: HostSchema | None) -> str:
    """`text` with its pointer to a neighbouring instance replaced by that instance's id and the host's noun
    (module doc); `text` unchanged when it has none, names an id itself, or no neighbour is known.
    """
    if schema is None or schema.kind != "tabular" or schema.id_range is None:
        return text
    anchored = list(_anchored(schema.instance_noun).finditer(text))
    if len(anchored) == 1:  # "the one before 502": 501, whatever is in focus
        match = anchored[0]
        neighbour = int(match.group("id")) + (1 if match.group("way").lower() == "after" else -1)
        if schema.has_id(int(match.group("id"))) and schema.has_id(neighbour):
            return f"{text[: match.start()]}{schema.instance_noun} {neighbour}{text[match.end() :]}"
        return text
    pointer = neighbour_pointer(text, schema)
    if pointer is None or extract_ids(text, schema):
        return text
    call = last_call(history)
    focus = subject_id(call) if call is not None else None
    if not isinstance(focus, int) or isinstance(focus, bool):
        return text
    match, step = pointer
    neighbour = focus + step
    if not schema.has_id(neighbour):
        return text
    return f"{text[: match.start()]}{schema.instance_noun} {neighbour}{text[match.end() :]}"
