"""Chat messages and tool calls, as the engine and every backend exchange them."""

from __future__ import annotations

from typing import Any, Literal

import pydantic

__all__ = ["Message", "ToolCall"]


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
        return cls(role="system", content=content)

    @classmethod
    def user(cls, content: str) -> Message:
        return cls(role="user", content=content)

    @classmethod
    def assistant(cls, content: str = "", tool_calls: list[ToolCall] | None = None) -> Message:
        return cls(role="assistant", content=content, tool_calls=tool_calls or [])

    @classmethod
    def tool(cls, call: ToolCall, content: str) -> Message:
        return cls(role="tool", content=content, tool_call_id=call.id, name=call.name)
