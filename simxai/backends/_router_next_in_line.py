"""The instance after the one just discussed: "and the next one", "same for the next crate", "and next".

A user walking through numbered instances one by one says "the next one" for the id after the one the last answer was
about. The turn is read as naming that id ("and the next one" after a call on crate 52140 is "and crate 52141"), so the
follow-up readings that take an id ("and for crate 4?", "same for 52141") make the call: the previous question, with
its changes or class where it had them. "the next crate, #52141" names the id as well: the words "the next crate" are
dropped when the id they name is the one said.

Only the last call counts: it must have run on one numbered instance (its argument, or the id its output names when
the engine filled it). After a call about no instance (the model's weights, its scores), a group or a text, "the next
one" may be the next item of that answer (the next feature of a ranking, the next option), so nothing is read; nor
when the id after the one in focus is not the host's. "next" that names a time or a place ("next week", "next to the
river") is not read: only "next" alone as the whole turn, and "next" before the host's noun or "one".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._dialogue_labels import subject_id
from simxai.extraction import extract_ids
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["next_in_line_text"]

# The whole turn is "next": "next.", "and next?", "ok, next please"
_BARE_NEXT = re.compile(
    r"^\W*(?:(?:and|ok(?:ay)?|now|then|so)\W+)*(?:the\s+)?next(?:\s+(?:please|pls|then))?\W*$", re.IGNORECASE
)


def _id_in_focus(history: Sequence[Message]) -> int | None:
    """The id the last call ran on, when it ran on one numbered instance; else None."""
    call = last_call(history)
    subject = subject_id(call) if call is not None else None
    if isinstance(subject, bool):
        return None
    if isinstance(subject, int):
        return subject
    if isinstance(subject, str) and subject.strip().isdigit():
        return int(subject.strip())
    return None


def next_in_line_text(text: str, history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """`text` with "the next one" as the id after the one in focus ("and <noun> <id + 1>"), or None (module doc)."""
    if schema is None or schema.id_range is None or "next" not in text.lower():
        return None
    current = _id_in_focus(history)
    if current is None or not schema.has_id(current + 1):
        return None
    noun = schema.instance_noun or "instance"
    named = f"{noun} {current + 1}"
    if _BARE_NEXT.match(text):
        return f"and {named}?"  # "and next.": the whole turn
    nouns = "|".join(re.escape(w) for w in {noun.lower(), "one"})
    match = re.search(rf"\b(?:the\s+)?next\s+(?:{nouns})\b(?:\s*,)?", text, re.IGNORECASE)
    if match is None:
        return None
    said = extract_ids(text, schema)
    if said:
        # "the next game, #127155": the words only describe the id said, when it is the next one
        return f"{text[: match.start()]}{noun} {text[match.end() :].lstrip()}" if said == [current + 1] else None
    return f"{text[: match.start()]}{named}{text[match.end() :]}"
