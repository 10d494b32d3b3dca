"""An OpenAI-compatible face, so any OpenAI client or chat UI can talk to SimXAI (model `simxai`).

The conversation travels in `messages`: the last user message is the turn and the earlier user and
assistant messages are the history (their text only). The dialogue state, which a session would keep, is
rebuilt from that text: the instance in focus is the last one an earlier user message named, found with
the same reference resolution the offline router uses.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import JSONResponse

from simxai.messages import Message
from simxai.server.deps import State, caller
from simxai.server.errors import ErrorInfo
from simxai.server.schemas import CallOut, ChatCompletionRequest, ChatMessageIn
from simxai.server.turns import EventSink, event_stream, run_turn, sse, sse_response
from simxai.state import state_from_text
from simxai.turns import Turn, TurnEvent

router = APIRouter(prefix="/v1", tags=["openai-compatible"], dependencies=[Depends(caller)])

MODEL = "simxai"
#: An assistant message of the history may be this many times as long as a user message (replies with
#: tables are longer than questions).
ASSISTANT_CHARS_FACTOR = 4
_CREATED = int(time.time())


def _bad_request(message: str) -> HTTPException:
    return HTTPException(422, {"error": message, "type": "invalid_request_error"})


def _model_not_found(model: str) -> HTTPException:
    return HTTPException(
        404, {"error": f"The model {model!r} does not exist; this server serves {MODEL!r}.", "type": "model_not_found"}
    )


def _conversation(messages: list[ChatMessageIn], max_chars: int, max_history: int) -> tuple[str, list[Message]]:
    """The turn's text and the text history, from OpenAI-format messages."""
    texts: list[tuple[str, str]] = []
    for index, message in enumerate(messages):
        if message.role in ("system", "developer"):
            continue  # SimXAI's own system prompt describes the host; a client's would contradict it
        if message.role in ("tool", "function"):
            raise _bad_request(
                f"messages[{index}]: role {message.role!r} is not supported; SimXAI calls its functions "
                "itself, so send user and assistant messages only"
            )
        try:
            text = message.text()
        except ValueError as exc:
            raise _bad_request(f"messages[{index}]: {exc}") from None
        # Every message is read by the parsers (the earlier ones for the instance in focus), not only the last.
        limit = max_chars if message.role == "user" else ASSISTANT_CHARS_FACTOR * max_chars
        if len(text) > limit:
            raise _bad_request(
                f"messages[{index}] ({message.role}) is {len(text)} characters long; the limit is {limit}"
            )
        texts.append((message.role, text))
    if not texts or texts[-1][0] != "user":
        raise _bad_request("the last message (other than system messages) must be the user's question")
    user = texts[-1][1]
    if not user.strip():
        raise _bad_request("the last user message is empty")
    history = [Message.user(text) if role == "user" else Message.assistant(text) for role, text in texts[:-1]]
    return user, history[-max_history:]  # never [-0:], the whole list: the settings keep max_history >= 10


def _extension(turn: Turn) -> dict[str, Any]:
    """SimXAI's details of the turn, beside the standard fields (OpenAI clients keep unknown fields)."""
    return {
        "calls": [CallOut.of(c).model_dump(mode="json") for c in turn.calls],
        "clarification": turn.clarification.model_dump(mode="json") if turn.clarification else None,
        "faithfulness": turn.faithfulness.model_dump(mode="json"),
        "backend": turn.backend,
        "fallback": turn.fallback,
    }


def _chunk(completion_id: str, delta: dict[str, Any], finish: str | None = None, **extra: Any) -> bytes:
    body = {
        "id": completion_id,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": MODEL,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
        **extra,
    }
    return sse(None, body)


@router.post(
    "/chat/completions",
    summary="Chat completion (OpenAI-compatible)",
    responses={
        200: {
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
            "description": "A chat.completion, or with stream=true chat.completion.chunk events ending in "
            "`data: [DONE]`. The extra field `simxai` holds the calls and the faithfulness report.",
        },
        404: {"description": "The model is not `simxai`."},
        422: {"description": "The messages cannot be used (e.g. the last is not the user's)."},
        503: {"description": "The LLM backend is unavailable."},
    },
)
async def chat_completions(body: ChatCompletionRequest, state: State) -> Any:
    """Answer the last user message given the earlier ones, as OpenAI's chat-completions API does."""
    if body.model != MODEL:
        raise _model_not_found(body.model)
    user, history = _conversation(body.messages, state.settings.max_message_chars, state.settings.max_history_messages)
    # Off the event loop: reading the instance in focus from a long history must not stall other clients.
    dialogue = await asyncio.to_thread(state_from_text, history, state.agent.schema)
    completion_id = f"chatcmpl-{uuid.uuid4().hex}"
    if not body.stream:
        turn = await run_turn(state, user, history=history, dialogue=dialogue, face="openai")
        return JSONResponse(
            {
                "id": completion_id,
                "object": "chat.completion",
                "created": int(time.time()),
                "model": MODEL,
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": turn.reply, "refusal": None},
                        "finish_reason": "stop",
                        "logprobs": None,
                    }
                ],
                "simxai": _extension(turn),
            }
        )

    async def run(sink: EventSink) -> list[bytes]:
        turn = await run_turn(state, user, history=history, dialogue=dialogue, face="openai", on_event=sink)
        return [_chunk(completion_id, {}, "stop", simxai=_extension(turn)), b"data: [DONE]\n\n"]

    def encode(event: TurnEvent) -> bytes | None:
        if event.type == "delta" and event.text:
            return _chunk(completion_id, {"content": event.text})
        return None

    def on_error(info: ErrorInfo) -> list[bytes]:
        return [sse(None, info.body(openai=True)), b"data: [DONE]\n\n"]

    async def stream() -> Any:
        yield _chunk(completion_id, {"role": "assistant", "content": ""})
        async for chunk in event_stream(state, run, encode, on_error, finish_when_abandoned=False):
            yield chunk

    return sse_response(stream())


def _model_card() -> dict[str, Any]:
    return {"id": MODEL, "object": "model", "created": _CREATED, "owned_by": "simxai"}


@router.get("/models", summary="List models (OpenAI-compatible)")
async def list_models() -> dict[str, Any]:
    """The one model this server serves: `simxai`."""
    return {"object": "list", "data": [_model_card()]}


@router.get("/models/{model}", summary="Retrieve a model (OpenAI-compatible)")
async def retrieve_model(model: str) -> dict[str, Any]:
    """The model card of `simxai`; 404 for any other name."""
    if model != MODEL:
        raise _model_not_found(model)
    return _model_card()
