"""The outputs' own descriptions, read out of a reply before its claims are.

An engine or an LLM that renders a feature's description beside its name ("missed_payments_12m (rent payments
missed in the last 12 months) ranges from 0 to 5, mean 0.88") puts words of other features inside it ("rent"), so
the numbers after it were bound to the last feature named in the description. A description is the output's text,
not a claim: where the reply gives one verbatim in brackets, the guard reads the reply without it.

So is a description the reply gives verbatim as sentences of its own: the engine's data card opens with the data's
description, whose counts ("about 1,500 people") and class names ("labelled progressing when ...") are the output's
words, not claims of a count or of a prediction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.guard._outputs import _payload

__all__ = ["without_descriptions"]

#: Shorter descriptions are words a reply may use for its own sake ("age"), not a quoted description.
_SHORTEST = 12
#: A description given as sentences of the reply's own is at least this long (a sentence, not a phrase).
_SENTENCES = 40


def _descriptions(node: Any, found: set[str], depth: int = 0) -> None:
    if depth > 6:
        return
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str) and len(value) >= _SHORTEST:
                found.add(value)
            else:
                _descriptions(value, found, depth + 1)
    elif isinstance(node, list):
        for value in node:
            _descriptions(value, found, depth + 1)


def without_descriptions(reply: str, outputs: Sequence[Any]) -> str:
    """`reply` with every output description it gives verbatim in brackets put as "(described)"."""
    found: set[str] = set()
    for output in outputs:
        _descriptions(_payload(output), found)  # a tool message or JSON text read as read_outputs reads it
    for description in sorted(found, key=len, reverse=True):
        reply = reply.replace(f"({description})", "(described)")
        if len(description) >= _SENTENCES and description.rstrip()[-1:] in ".!?":
            # a whole sentence or more, where a sentence starts: "<description> It has 400 rows"
            said = re.compile(rf"(?:^|(?<=[.!?:]\s)|(?<=\n)){re.escape(description.strip())}(?=\s|$)")
            reply = said.sub("(described).", reply)
    return reply
