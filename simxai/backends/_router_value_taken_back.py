"""A correction that names the value it takes back among several changes: "no, depth 40, not 30" after a what-if.

After a what-if with two changes ("the tank at 30 and the pump 2 hours longer"), a correction often says the new value,
the old one after "not", and sometimes the feature or a unit ("sorry, 40, not 30", "nah, pump 3 hrs not 2"). The old
value is what picks the change: it is the amount of exactly one change of the last call, wherever in the dialogue that
change was said. Before, the tail was dropped (`_router_not_that`) and the corrected number was looked for in the
last turn's words only, or the feature's name before the number made the turn no bare correction at all, so such a
turn was asked about or read as a new what-if without the other change.

The turn is rewritten as the correction reader's own form ("sorry, I said 30, I meant 40", `_dialogue_repair`), which
replaces that one amount and keeps every other change, the instance and the sign of a step; the reader accepts the
value taken back when the last call holds it (`held_amounts`). Nothing is read when the turn does not start as a
correction, holds other numbers, names a feature other than the one whose change holds the old value, or when no
change or two changes hold it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._correction_steps import held_amounts
from simxai.extraction import extract_argument, feature_spans
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["taken_back_text"]

_STARTS_CORRECTING = re.compile(r"^\W*(?:no|nope|nah|naw|sorry|oops|wait|actually|correction|my\s+bad)\b", re.I)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
# the last "not" of the turn, and what follows it: the value taken back
_NOT = re.compile(r"\bnot\b(?!.*\bnot\b)", re.IGNORECASE | re.DOTALL)


def taken_back_text(text: str, history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """The correction "sorry, I said <old>, I meant <new>" that `text` stands for after a what-if, or None."""
    if schema is None or schema.kind != "tabular" or not _STARTS_CORRECTING.match(text):
        return None
    split = _NOT.search(text)
    if split is None:
        return None
    head, tail = text[: split.start()], text[split.end() :]
    new, old = _NUMBER.findall(head), _NUMBER.findall(tail)
    if len(new) != 1 or len(old) != 1 or float(new[0]) == float(old[0]):
        return None
    call = last_call(history)
    if call is None or call.name != "explain_what_if" or not isinstance(call.arguments.get("changes"), dict):
        return None  # a what-if's changes only: an id or a group taken back is `_dialogue_repair`'s
    holding = [
        name for name, value in call.arguments["changes"].items() if float(old[0]) in held_amounts({name: value})
    ]
    if len(holding) != 1:
        return None
    named = {extract_argument("feature", text[start:end], schema) for start, end in feature_spans(text, schema)}
    if named - {holding[0]}:
        return None  # the turn names another feature than the one whose change holds the old value
    return f"sorry, I said {old[0]}, I meant {new[0]}"
