"""Running a turn for the routes: metrics around the engine, sessions stored before answering, and streams.

A session turn holds the session's lock from reading its history until the turn is stored, so concurrent
messages to one session run one after the other and each sees the previous one's outcome. The response is
built only after the turn and the new state are committed: a client that got an answer can rely on it
being in the history, even across a restart.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

from fastapi import HTTPException
from fastapi.responses import StreamingResponse

from simxai.exceptions import BackendError
from simxai.messages import Message
from simxai.server.deps import AppState, no_session
from simxai.server.errors import ErrorInfo, classify
from simxai.server.schemas import CallOut, TurnResponse
from simxai.state import DialogueState
from simxai.turns import Turn, TurnEvent

__all__ = ["event_stream", "run_turn", "session_turn", "sse", "sse_response"]

#: Seconds of silence after which a stream sends a comment, so proxies keep a slow LLM turn's connection.
KEEPALIVE_SECONDS = 15.0
#: Seconds of silence after which a stream sends a `progress` event, and again every as many seconds.
PROGRESS_SECONDS = 1.0

#: Proxies must neither cache a stream nor buffer it (nginx would otherwise hold the events back).
STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}

EventSink = Callable[[TurnEvent], None]


async def run_turn(
    state: AppState,
    text: str,
    *,
    history: Sequence[Message],
    dialogue: DialogueState,
    face: str,
    on_event: EventSink | None = None,
) -> Turn:
    """Run one turn with the app's agent and record it in the metrics."""
    started = time.perf_counter()
    try:
        turn = await state.agent.run_turn(text, history=history, state=dialogue, on_event=on_event)
    except BackendError as exc:
        state.metrics.observe_backend_failure(exc)
        raise
    state.metrics.observe_turn(turn, time.perf_counter() - started, face=face)
    return turn


async def session_turn(state: AppState, session_id: str, text: str, *, on_event: EventSink | None = None) -> str:
    """Answer `text` in a session, store the turn, and return the response as JSON (serialised once, for
    the database and the client alike).

    Raises:
        HTTPException: 404 when the session was deleted before the turn could be stored; 409 when another
            process stored a turn of this session first.
    """
    store_time = state.metrics.store_seconds
    clock = time.perf_counter()
    async with state.store.lock(session_id):
        locked = time.perf_counter()
        loaded = await state.store.load(session_id)
        store_time.labels(op="load").observe(time.perf_counter() - locked)
        if loaded is None:
            raise no_session(session_id)
        record, history = loaded
        turn = await run_turn(state, text, history=history, dialogue=record.state, face="session", on_event=on_event)
        response = TurnResponse.of(
            turn, session_id=session_id, number=record.version + 1, created_at=time.time()
        ).model_dump_json()
        appending = time.perf_counter()
        outcome = await state.store.append_turn(
            session_id, version=record.version, messages=turn.messages, response=response, state=turn.state
        )
        unlocking = time.perf_counter()
        store_time.labels(op="append").observe(unlocking - appending)
    store_time.labels(op="lock").observe(locked - clock + time.perf_counter() - unlocking)
    if outcome == "missing":
        raise HTTPException(404, f"The session {session_id!r} was deleted while the turn ran.")
    if outcome == "conflict":
        raise HTTPException(409, "Another server process stored a turn of this session first; send the message again.")
    return response


def sse(event: str | None, data: Any) -> bytes:
    """One server-sent event with a JSON payload."""
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def session_event(event: TurnEvent) -> bytes | None:
    """The SSE form of an engine event of a session turn (the final event is sent after storing)."""
    if event.type == "call" and event.call is not None:
        return sse("call", CallOut.of(event.call).model_dump(mode="json"))
    if event.type == "delta" and event.text is not None:
        return sse("delta", {"text": event.text})
    return None


def session_error(info: ErrorInfo) -> list[bytes]:
    return [sse("error", {**info.body(), "status": info.status})]


async def event_stream(
    state: AppState,
    run: Callable[[EventSink], Awaitable[list[bytes]]],
    encode: Callable[[TurnEvent], bytes | None],
    on_error: Callable[[ErrorInfo], list[bytes]],
    *,
    finish_when_abandoned: bool = True,
    progress: bool = False,
) -> AsyncIterator[bytes]:
    """Stream a turn's events as they happen.

    The turn runs in a task of its own: if the client disconnects, the turn still finishes and (for a
    session) is stored, so the history never depends on whether anyone was still listening. A turn that
    stores nothing (`finish_when_abandoned=False`) is cancelled instead, with the function calls it waits for.

    Args:
        state: the app's state, which keeps the task until it ends.
        run: runs the turn, feeding engine events to the sink it is given; returns the final chunks.
        encode: the chunk for an engine event, or None to skip it.
        on_error: the chunks that report a failure.
        finish_when_abandoned: whether the turn runs to its end after the client has gone.
        progress: send a `progress` event after each `PROGRESS_SECONDS` of silence (the session stream; the
            OpenAI-compatible stream sends only the events its clients know).
    """
    queue: asyncio.Queue[bytes | None] = asyncio.Queue()

    def sink(event: TurnEvent) -> None:
        chunk = encode(event)
        if chunk is not None:
            queue.put_nowait(chunk)

    async def work() -> None:
        try:
            for chunk in await run(sink):
                queue.put_nowait(chunk)
        except Exception as exc:  # reported to the client as an event; unexpected ones are logged by classify
            for chunk in on_error(classify(exc)):
                queue.put_nowait(chunk)
        finally:
            queue.put_nowait(None)

    task = asyncio.create_task(work())
    state.tasks.add(task)
    task.add_done_callback(state.tasks.discard)
    loop = asyncio.get_running_loop()
    started = last_chunk = last_progress = loop.time()
    try:
        while True:
            try:
                wait = min(KEEPALIVE_SECONDS, PROGRESS_SECONDS) if progress else KEEPALIVE_SECONDS
                chunk = await asyncio.wait_for(queue.get(), wait)
            except asyncio.TimeoutError:
                now = loop.time()
                if progress and now - last_progress >= PROGRESS_SECONDS:
                    last_progress = last_chunk = now
                    yield progress_event(state, now - started)
                elif now - last_chunk >= KEEPALIVE_SECONDS:
                    last_chunk = now
                    yield b": keep-alive\n\n"
                continue
            if chunk is None:
                return
            last_chunk = last_progress = loop.time()
            yield chunk
    finally:
        if not finish_when_abandoned and not task.done():
            task.cancel()


def progress_event(state: AppState, elapsed: float) -> bytes:
    """A `progress` event for a turn that has been silent for a while: how long, and what still runs."""
    data: dict[str, Any] = {"elapsed_s": round(elapsed, 1), "message": f"still working ({elapsed:.0f} s)"}
    warming = state.warmup.text() if state.warmup is not None else None
    if warming is not None:
        data["message"] += f"; {warming}"
        data["warmup"] = state.warmup.body() if state.warmup is not None else None
    return sse("progress", data)


def sse_response(stream: AsyncIterator[bytes]) -> StreamingResponse:
    """The response that sends `stream`'s server-sent events as they come."""
    return StreamingResponse(stream, media_type="text/event-stream", headers=STREAM_HEADERS)
