"""An instance named by its place after the one in focus: "and the next one?", "same for the next box", "next.".

Hosts number their instances one after the other, and a user going through them one by one says "the next one"
for the id after the one just discussed. The turn is read as naming that id ("and the next one" after a call on
box 127455 is "and box 127456"), so that the follow-up readings that take an id ("and for patient 4?", "same for
127770") make the call: the previous question, with its changes or class where it had them. The id in focus is
the one the dialogue's last call about one instance ran on (its argument, or the one its output names when the
engine filled it); a last call about a group or about no instance leaves the turn as it is, as does an id after the
one in focus that lies outside the host's ids. "next" that names a time or a place ("next week", "next to a
school") is not a place in the list: only "next" alone, "next one" and "next" before the instance noun (or a
generic word for a record) are read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._dialogue_labels import subject_id
from simxai.followup_calls import successful_calls
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["focus_id", "next_instance_text"]

# Generic words for one record, besides the host's own instance noun.
_RECORD_WORDS = ("one", "instance", "record", "row", "case", "entry", "item", "id")
# The whole turn is "next": "next.", "and next?", "ok, next please".
_BARE_NEXT = re.compile(
    r"^\W*(?:(?:and|ok(?:ay)?|now|then|so)\W+)*(?:the\s+)?next(?:\s+(?:please|pls|then))?\W*$", re.IGNORECASE
)


def focus_id(history: Sequence[Message]) -> int | None:
    """The id of the instance the dialogue's last call about an instance ran on, or None.

    Calls about no instance (the model's performance, its global weights) are passed over; a last call about a
    group or a text ends the search with None: the focus is not one numbered instance then.
    """
    for call in successful_calls(history):
        subject = subject_id(call)
        if subject is None:
            continue
        if isinstance(subject, bool):
            return None
        if isinstance(subject, int):
            return subject
        if isinstance(subject, str) and subject.strip().isdigit():
            return int(subject.strip())
        return None
    return None


def _next_pattern(schema: HostSchema) -> re.Pattern[str]:
    nouns = [re.escape(w) for w in _RECORD_WORDS]
    if schema.instance_noun:
        nouns.insert(0, re.escape(schema.instance_noun.lower()))
    return re.compile(rf"\b(?:the\s+)?next\s+(?:{'|'.join(nouns)})\b", re.IGNORECASE)


def next_instance_text(text: str, history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """`text` with "the next one" replaced by the id after the one in focus ("and <noun> <id + 1>"), or None when
    the turn says no "next" of a record, nothing is in focus, or the next id is not the host's (module doc).
    """
    if schema is None or schema.id_range is None or "next" not in text.lower():
        return None
    bare = _BARE_NEXT.match(text) is not None
    match = None if bare else _next_pattern(schema).search(text)
    if not bare and match is None:
        return None
    current = focus_id(history)
    if current is None or not schema.has_id(current + 1):
        return None
    named = f"{schema.instance_noun or 'instance'} {current + 1}"
    if match is None:
        return f"and {named}?"  # "and next.": the whole turn
    return f"{text[: match.start()]}{named}{text[match.end() :]}"
