"""A turn the router cannot read at all ("asdfgh"): said so, instead of a function the selector guessed.

The selector scores every turn, and a turn of keyboard noise is scored by the character pieces of its words
alone: "asdfgh" and "asdf" were answered with the model's outputs (at 0.78 and 0.75 confidence), "qwerty" with
the plain reply. A turn is unread when none of its words is one the selector was trained with, once the turn is
masked as the selector reads it, and none is one of the host's own names (a feature, an alias, a category, a
label, its noun): "crawl?" after a question about a group is read by the follow-up readings. A turn with a digit
is never unread (an id or a value may stand alone), nor is any turn of a text host (its words may be the text to
classify).

The reply is the router's plain one, after one sentence saying the turn was not understood: a plain reply, not
a question, as a turn of small talk that needs no function gets.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from simxai.backends._router_masking import selector_text
from simxai.backends._router_replies import reply
from simxai.backends.router_model import analyze
from simxai.hosts.base import HostSchema
from simxai.registry import FunctionSpec

__all__ = ["not_understood", "unread_turn"]

_SHOWN = 40  # characters of the turn quoted back


def unread_turn(text: str, schema: HostSchema | None, vocabulary: Mapping[str, int]) -> bool:
    """Whether `text` has words and none of them, masked for the selector, is a word of its `vocabulary`."""
    if schema is None or schema.kind == "text" or re.search(r"\d", text) or _names_the_host(text, schema):
        return False
    words = [t for t in analyze(selector_text(text, schema)) if t.startswith("w:") and re.search(r"[a-z]", t[2:])]
    return bool(words) and not any(w in vocabulary for w in words)


def _names_the_host(text: str, schema: HostSchema) -> bool:
    """Whether `text` says one of the host's own names: a feature, an alias, a category, a label or its noun."""
    names = {schema.instance_noun, *schema.class_names}
    names |= {n for f in schema.features for n in (f.name, *f.aliases, *(f.categories or []))}
    lower = text.lower()
    return any(re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", lower) for n in names if n and n.strip())


def not_understood(text: str, specs: Sequence[FunctionSpec], schema: HostSchema | None) -> str:
    """The plain reply, after saying that `text` (quoted, shortened) was not understood."""
    shown = " ".join(text.split())
    if len(shown) > _SHOWN:
        shown = shown[: _SHOWN - 3].rstrip() + "..."
    return f'I did not understand "{shown}". ' + reply(text, specs, schema)
