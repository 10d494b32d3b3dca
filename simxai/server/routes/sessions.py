"""Sessions: create one, read its history, delete it, and send it messages (JSON or a server-sent stream)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response

from simxai.server.deps import Caller, OwnedSession, State, caller
from simxai.server.routes.export import session_history
from simxai.server.schemas import (
    ErrorBody,
    MessageIn,
    SessionCreated,
    SessionHistory,
    TurnResponse,
    timestamp,
)
from simxai.server.turns import EventSink, event_stream, session_error, session_event, session_turn, sse_response

router = APIRouter(
    prefix="/v1/sessions",
    tags=["sessions"],
    dependencies=[Depends(caller)],
    responses={401: {"model": ErrorBody, "description": "An API key is required and was missing or wrong."}},
)

_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "No such session (or it belongs to another API key)."}
}

_STREAM_DOC = (
    "With `Accept: text/event-stream` the turn streams as server-sent events: `call` (one per function call, "
    'with its function, arguments, output and status, as it finishes), `delta` (`{"text"}` pieces of the '
    'reply), then `done` (the full response, after the turn is stored) or `error` (`{"error", "type", '
    '"status"}`). While nothing else arrives, a `progress` event (`{"elapsed_s", "message"}`, and `warmup` '
    "while the host's start-up work runs) comes every second."
)


def wants_stream(request: Request) -> bool:
    """Whether the client asks for the reply as server-sent events (Accept: text/event-stream)."""
    return "text/event-stream" in request.headers.get("accept", "").lower()


@router.post("", status_code=201, summary="Create a session")
async def create_session(state: State, owner: Caller) -> SessionCreated:
    """Start a conversation. With API keys enabled, only the creating key can use the session."""
    record = await state.store.create(owner)
    return SessionCreated(session_id=record.id, created_at=timestamp(record.created_at))


@router.get("/{session_id}", summary="Read a session's history", responses=_NOT_FOUND)
async def get_session(state: State, session: OwnedSession) -> SessionHistory:
    """The kept turns, oldest first, each with its reply, calls, clarification and faithfulness report."""
    return await session_history(state, session)


@router.delete("/{session_id}", status_code=204, summary="Delete a session", responses=_NOT_FOUND)
async def delete_session(state: State, session: OwnedSession) -> Response:
    """Delete the session and its history (after a turn in progress has finished)."""
    async with state.store.lock(session.id):
        await state.store.delete(session.id)
    return Response(status_code=204)


@router.post(
    "/{session_id}/messages",
    summary="Send a message",
    response_model=TurnResponse,
    description="Answer one user message in the session and store the turn before replying. " + _STREAM_DOC,
    responses={
        **_NOT_FOUND,
        200: {"content": {"text/event-stream": {"schema": {"type": "string"}}}},
        422: {
            "model": ErrorBody,
            "description": 'The body is not `{"content": "..."}` or the text is too long.',
        },
        503: {
            "model": ErrorBody,
            "description": "The LLM backend is unavailable (and no fallback is enabled).",
        },
    },
)
async def send_message(request: Request, body: MessageIn, state: State, session: OwnedSession) -> Response:
    """Answer a user message in the session: the turn as JSON, or its events as a stream when asked."""
    limit = state.settings.max_message_chars
    if len(body.content) > limit:
        message = f"the message is {len(body.content)} characters long; the limit is {limit}"
        raise HTTPException(
            422,
            {
                "error": f"Invalid request: content: {message}.",
                "type": "validation_error",
                "details": [{"field": "content", "message": message}],
            },
        )
    if not wants_stream(request):
        # Already serialised (and stored) by session_turn: sent as is, not validated and encoded again.
        return Response(await session_turn(state, session.id, body.content), media_type="application/json")

    async def run(sink: EventSink) -> list[bytes]:
        response = await session_turn(state, session.id, body.content, on_event=sink)
        return [f"event: done\ndata: {response}\n\n".encode()]

    return sse_response(event_stream(state, run, session_event, session_error, progress=True))
