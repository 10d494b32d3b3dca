"""The records of a turn: its function calls, its clarifying question, the turn itself and its streaming events."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

import pydantic

from simxai.guard import GuardReport
from simxai.messages import Message
from simxai.state import DialogueState

__all__ = ["CallRecord", "Clarification", "EventHandler", "Turn", "TurnEvent"]


class CallRecord(pydantic.BaseModel):
    """One function call of a turn, in the order the backend selected it."""

    id: str
    function: str
    arguments: dict[str, Any]
    status: Literal["ok", "error", "clarification", "rejected"]
    output: Any = None
    error: str | None = None
    rendering: str | None = None


class Clarification(pydantic.BaseModel):
    """A question back to the user, naming what is missing and what is valid."""

    function: str
    missing: list[str]
    question: str


class Turn(pydantic.BaseModel):
    """The result of one user turn."""

    user: str
    reply: str
    calls: list[CallRecord] = []
    clarification: Clarification | None = None
    faithfulness: GuardReport = GuardReport()
    backend: str
    fallback: str | None = None
    #: Earlier messages left out of this turn's requests to keep them within the context budget.
    dropped_messages: int = 0
    messages: list[Message] = []
    state: DialogueState = DialogueState()
    timings: dict[str, float] = {}


class TurnEvent(pydantic.BaseModel):
    """A streaming event: a finished call, a piece of the reply, or the whole turn at the end."""

    type: Literal["call", "delta", "done"]
    call: CallRecord | None = None
    text: str | None = None
    turn: Turn | None = None


EventHandler = Callable[[TurnEvent], Awaitable[None] | None]
