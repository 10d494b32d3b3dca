"""The context budget: a request's prompt tokens, and fitting a history into a budget.

Tokens are counted by the backend's own tokenizer when its server exposes one (vLLM's ``POST /tokenize``, see
`simxai.backends.openai`), and by an estimate otherwise. The estimate is calibrated on Llama-3's tokenizer: the
issue that asked for the budget measured the demo host's system prompt plus the eleven tool specs at 4,242
Llama-3 tokens, which were 14,220 characters as `json.dumps` writes them, so 3.35 characters a token. Tool
results (JSON full of numbers) are denser, so they are reckoned at 2.8 characters a token; how close that comes
on whole sessions against Llama-3's own tokenizer is printed by `python bench/prompt_tokens.py --llama3 ...`
(docs/backends.md). Prose is nearer 4 characters a token, so the estimate errs towards more tokens for prose.

With a tokenizer, the request is counted, the oldest turns are dropped by the estimate scaled to that count,
and the result is counted again (at most `MAX_COUNTS` counts a request). A request the estimate puts below
`ASK_ABOVE` of the budget is not counted: the estimate would have to be off by more than twice for it to exceed
the budget, and a count is a round trip before every completion.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from simxai.messages import Message

__all__ = [
    "ASK_ABOVE",
    "CHARS_PER_TOKEN",
    "MAX_COUNTS",
    "MESSAGE_OVERHEAD",
    "RESULT_CHARS_PER_TOKEN",
    "TokenCounter",
    "estimate_tokens",
    "fit_history",
    "fit_request",
]

#: Characters per Llama-3 token, calibrated as the module docstring says.
CHARS_PER_TOKEN = 3.35
#: Characters per Llama-3 token of a tool result.
RESULT_CHARS_PER_TOKEN = 2.8
#: Tokens a chat template adds around each message (role header and end-of-turn markers).
MESSAGE_OVERHEAD = 5
#: The share of the budget the estimate must reach before the backend's tokenizer is asked.
ASK_ABOVE = 0.5
#: The most times the backend's tokenizer is asked while fitting one request.
MAX_COUNTS = 3


class TokenCounter(Protocol):
    """Something that counts a request's prompt tokens with the model's own tokenizer (a `Backend`)."""

    async def count_tokens(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> int | None:
        """The prompt tokens of a request with these messages and tools, or None when it cannot tell."""
        ...


def _message_tokens(message: Message) -> float:
    chars = len(message.content or "")
    for call in message.tool_calls:
        chars += len(call.name) + len(json.dumps(call.arguments, ensure_ascii=False))
    return chars / (RESULT_CHARS_PER_TOKEN if message.role == "tool" else CHARS_PER_TOKEN)


def estimate_tokens(messages: Sequence[Message], tools: Sequence[dict[str, Any]] = ()) -> int:
    """The estimated prompt tokens of a request with these messages and tool specs."""
    tokens = (
        sum(_message_tokens(m) for m in messages) + (len(json.dumps(list(tools))) if tools else 0) / CHARS_PER_TOKEN
    )
    return int(tokens) + MESSAGE_OVERHEAD * len(messages)


def fit_history(messages: list[Message], history_end: int, budget: int, tools: Sequence[dict[str, Any]] = ()) -> int:
    """Drop the oldest earlier turns from `messages` (in place) until the estimate fits `budget` tokens.

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


async def fit_request(
    messages: list[Message],
    history_end: int,
    budget: int,
    tools: Sequence[dict[str, Any]],
    counter: TokenCounter,
) -> int:
    """Drop the oldest earlier turns from `messages` (in place) until the request fits `budget` tokens.

    Like `fit_history`, but counted by `counter`'s tokenizer when it has one (see the module docstring).
    Returns how many messages were dropped.
    """
    estimate = estimate_tokens(messages, tools)
    if estimate < budget * ASK_ABOVE:
        return 0
    dropped = 0
    for _ in range(MAX_COUNTS):
        counted = await counter.count_tokens(messages, tools)
        if counted is None:  # no tokenizer to ask (or it did not answer): the estimate decides
            return dropped + fit_history(messages, history_end - dropped, budget, tools)
        if counted <= budget:
            return dropped
        # The estimate, scaled to the tokenizer's count of this very request, decides what to drop.
        scaled = int(budget * estimate / counted)
        more = fit_history(messages, history_end - dropped, scaled, tools)
        if more == 0:
            return dropped  # only the system prompt and the current turn are left
        dropped += more
        estimate = estimate_tokens(messages, tools)
    return dropped
