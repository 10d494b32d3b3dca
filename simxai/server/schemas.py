"""Request and response bodies of the HTTP API (they are also its OpenAPI schema)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Literal

import pydantic

from simxai.guard import GuardReport
from simxai.turns import CallRecord, Clarification, Turn

__all__ = [
    "CallOut",
    "ChatCompletionRequest",
    "ChatMessageIn",
    "ErrorBody",
    "MessageIn",
    "SessionCreated",
    "SessionHistory",
    "TurnResponse",
    "timestamp",
    "unicode_text",
]


def timestamp(seconds: float) -> datetime:
    """A Unix time in seconds as a UTC datetime."""
    return datetime.fromtimestamp(seconds, tz=timezone.utc)


def unicode_text(text: str) -> str:
    r"""`text`, or a ValueError when it holds an unpaired surrogate.

    JSON can escape half of a UTF-16 pair (``"\ud800"``); Python decodes it into a string that cannot be
    written as UTF-8, so the turn could be neither stored nor sent to an LLM.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"the text holds an unpaired surrogate \\u{ord(text[exc.start]):04x} at character {exc.start}, "
            "which is not valid Unicode; send UTF-8 text"
        ) from None
    return text


class ErrorBody(pydantic.BaseModel):
    """An error: a message saying what was wrong and what is valid, and a machine-readable type."""

    error: str
    type: str


class MessageIn(pydantic.BaseModel):
    """A user message for a session."""

    model_config = pydantic.ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"content": "what does the model predict for patient 12?"}]},
    )

    content: str = pydantic.Field(description="The user's message (at most SIMXAI_MAX_MESSAGE_CHARS characters).")

    @pydantic.field_validator("content")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        unicode_text(value)
        if not value.strip():
            raise ValueError("the message is empty; send some text, e.g. 'which features matter most?'")
        return value


class CallOut(pydantic.BaseModel):
    """One function call of a turn: which function, the arguments it ran with, and its raw output."""

    id: str
    function: str
    arguments: dict[str, Any]
    status: Literal["ok", "error", "clarification", "rejected"]
    output: Any = pydantic.Field(None, description="The function's raw result (null unless status is ok).")
    error: str | None = None

    @classmethod
    def of(cls, call: CallRecord) -> CallOut:
        """The API's view of a call the turn made."""
        return cls(
            id=call.id,
            function=call.function,
            arguments=call.arguments,
            status=call.status,
            output=call.output,
            error=call.error,
        )


class TurnResponse(pydantic.BaseModel):
    """The answer to one user message."""

    session_id: str | None = None
    turn: int = pydantic.Field(description="The turn's number in its session (1 for the first).")
    user: str
    reply: str
    calls: list[CallOut]
    clarification: Clarification | None = pydantic.Field(
        None, description="Set when the reply is a question back to the user (e.g. which patient)."
    )
    faithfulness: GuardReport = pydantic.Field(
        description="The faithfulness guard's report on the reply: the claims it read and those the function outputs "
        "do not support. Every reply an LLM wrote is read. `rendered` is true when the reply is SimXAI's own rendering "
        "of the outputs, which the guard does not re-read unless SIMXAI_GUARD_RENDERINGS=1 (no claims are listed then)."
    )
    backend: str = pydantic.Field(description="The backend that answered, e.g. router or openai:<model>.")
    fallback: str | None = pydantic.Field(
        None, description="Set when the configured backend failed and the offline router answered instead."
    )
    timings: dict[str, float] = pydantic.Field(description="Seconds spent per stage: backend, functions, guard.")
    created_at: datetime

    @classmethod
    def of(cls, turn: Turn, *, session_id: str | None, number: int, created_at: float) -> TurnResponse:
        """The API's view of a turn, numbered within its session."""
        return cls(
            session_id=session_id,
            turn=number,
            user=turn.user,
            reply=turn.reply,
            calls=[CallOut.of(c) for c in turn.calls],
            clarification=turn.clarification,
            faithfulness=turn.faithfulness,
            backend=turn.backend,
            fallback=turn.fallback,
            timings=turn.timings,
            created_at=timestamp(created_at),
        )


class SessionCreated(pydantic.BaseModel):
    """A new session."""

    session_id: str
    created_at: datetime


class SessionHistory(pydantic.BaseModel):
    """A session's kept turns, oldest first, each as it was answered."""

    session_id: str
    created_at: datetime
    updated_at: datetime
    turn_count: int = pydantic.Field(description="Turns answered in this session, including dropped ones.")
    turns: list[TurnResponse] = pydantic.Field(
        description="The kept turns (the oldest are dropped beyond SIMXAI_MAX_HISTORY_MESSAGES)."
    )
    state: dict[str, Any] = pydantic.Field(description="The dialogue state: the instance in focus, last label, ...")


# ---- the OpenAI-compatible face ---------------------------------------------------------------------


class ChatMessageIn(pydantic.BaseModel):
    """A chat message in OpenAI's format; only its text is used."""

    model_config = pydantic.ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: str | list[dict[str, Any]] | None = None

    def text(self) -> str:
        """The text of the message: a string, or the text parts of a content list.

        Raises:
            ValueError: a part that is not text, or text with an unpaired surrogate.
        """
        if self.content is None:
            return ""
        if isinstance(self.content, str):
            return unicode_text(self.content)
        parts = []
        for part in self.content:
            if part.get("type") != "text" or not isinstance(part.get("text"), str):
                raise ValueError(f"only text content parts are supported, got a {part.get('type')!r} part")
            parts.append(part["text"])
        return unicode_text("".join(parts))


class ChatCompletionRequest(pydantic.BaseModel):
    """OpenAI's chat-completions request. The last user message is the turn; the earlier ones are the
    history. Sampling parameters are accepted and ignored: the server's settings decide.
    """

    model_config = pydantic.ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "model": "simxai",
                    "messages": [{"role": "user", "content": "what does the model predict for patient 12?"}],
                }
            ]
        },
    )

    model: str = "simxai"
    messages: list[ChatMessageIn] = pydantic.Field(min_length=1)
    stream: bool = False

    @pydantic.field_validator("messages", mode="before")
    @classmethod
    def _not_empty(cls, value: object) -> object:
        # said before pydantic's own "List should have at least 1 item after validation, not 0"
        if isinstance(value, list) and not value:
            raise ValueError(
                "no messages; send the user's question, e.g. "
                '[{"role": "user", "content": "which features matter most?"}]'
            )
        return value
