"""The context budget: an estimate of a request's prompt tokens, and fitting a history into a budget.

Without the backend's tokenizer the count is an estimate calibrated on Llama-3's: the issue that asked for
the budget measured the demo host's system prompt plus the eleven tool specs at 4,242 Llama-3 tokens, which
were 14,220 characters as `json.dumps` writes them, so 3.35 characters a token. English prose is nearer 4
characters a token and JSON nearer 3, so the estimate errs towards more tokens for prose.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from simxai.messages import Message

__all__ = ["CHARS_PER_TOKEN", "MESSAGE_OVERHEAD", "estimate_tokens", "fit_history"]

#: Characters per Llama-3 token, calibrated as the module docstring says.
CHARS_PER_TOKEN = 3.35
#: Tokens a chat template adds around each message (role header and end-of-turn markers).
MESSAGE_OVERHEAD = 5


def _message_chars(message: Message) -> int:
    chars = len(message.content or "")
    for call in message.tool_calls:
        chars += len(call.name) + len(json.dumps(call.arguments, ensure_ascii=False))
    return chars


def estimate_tokens(messages: Sequence[Message], tools: Sequence[dict[str, Any]] = ()) -> int:
    """The estimated prompt tokens of a request with these messages and tool specs."""
    chars = sum(_message_chars(m) for m in messages) + (len(json.dumps(list(tools))) if tools else 0)
    return int(chars / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD * len(messages)


def fit_history(messages: list[Message], history_end: int, budget: int, tools: Sequence[dict[str, Any]] = ()) -> int:
    """Drop the oldest earlier turns from `messages` (in place) until the request fits `budget` tokens.

    `messages[0]` is the system prompt and `messages[history_end:]` the current turn, which are kept; the
    history between them is dropped a whole turn at a time (a user message and everything up to the next
    one), so no tool result loses its call. Returns how many messages were dropped (the current turn may
    still exceed the budget on its own).
    """
    dropped = 0
    while history_end > 1 and estimate_tokens(messages, tools) > budget:
        end = 2
        while end < history_end and messages[end].role != "user":
            end += 1
        del messages[1:end]
        dropped += end - 1
        history_end -= end - 1
    return dropped
