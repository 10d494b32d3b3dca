"""Chat messages and tool calls, as the engine and every backend exchange them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

import pydantic

__all__ = ["Message", "ToolCall", "last_user_index", "successful_payload"]


class ToolCall(pydantic.BaseModel):
    """A function call the model asked for. `arguments` is data from the model, never code."""

    model_config = pydantic.ConfigDict(frozen=True)

    id: str
    name: str
    arguments: dict[str, Any] = {}


class Message(pydantic.BaseModel):
    """One chat message: system, user, assistant (possibly with tool calls) or a tool result."""

    model_config = pydantic.ConfigDict(frozen=True)

    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[ToolCall] = []
    tool_call_id: str | None = None
    name: str | None = None

    @classmethod
    def system(cls, content: str) -> Message:
        """A system message carrying `content` (the instructions the model reads first)."""
        return cls(role="system", content=content)

    @classmethod
    def user(cls, content: str) -> Message:
        """A message the user wrote."""
        return cls(role="user", content=content)

    @classmethod
    def assistant(cls, content: str = "", tool_calls: list[ToolCall] | None = None) -> Message:
        """A reply of the model: its text, the tool calls it asks for, or both."""
        return cls(role="assistant", content=content, tool_calls=tool_calls or [])

    @classmethod
    def tool(cls, call: ToolCall, content: str) -> Message:
        """The output of the tool `call`, linked to the call by its id and name."""
        return cls(role="tool", content=content, tool_call_id=call.id, name=call.name)


def successful_payload(content: str) -> dict[str, Any] | None:
    """The payload of a tool message whose call came back without an error (`{"result": ..., "summary": ...}`), or
    None for an error or a content that is no JSON object. The one reading of a recorded call's outcome, for the
    dialogue state, the follow-ups and the router's repairs.
    """
    try:
        payload = json.loads(content)
    except ValueError:
        return None
    return payload if isinstance(payload, dict) and "error" not in payload else None


def last_user_index(history: Sequence[Message]) -> int | None:
    """The index of the last user message in `history`, or None when it holds none: what came after it is the
    answer to the turn being followed up.
    """
    return next((i for i in range(len(history) - 1, -1, -1) if history[i].role == "user"), None)
