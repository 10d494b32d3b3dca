"""Pure ASGI middleware: a request-body limit and a last-resort handler that never leaks a traceback."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, MutableMapping
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from simxai.server.errors import ErrorInfo, classify, error_response

__all__ = ["CANCEL_ON_DISCONNECT", "BodyLimitMiddleware", "CatchAllMiddleware"]

#: Paths whose request is cancelled when its client disconnects: nothing of theirs is stored, so work for a
#: client that left is wasted. A session turn is not cancelled: it is stored whether or not anyone listens.
CANCEL_ON_DISCONNECT = ("/v1/functions/", "/v1/chat/completions")

logger = logging.getLogger("simxai.server")


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _send_error(scope: Scope, receive: Receive, send: Send, info: ErrorInfo) -> None:
    await error_response(scope.get("path", ""), info)(scope, receive, send)


class BodyLimitMiddleware:
    """Answer 413 to a request whose body exceeds `max_bytes`, declared or streamed.

    The body is read (at most `max_bytes` of it) before the app runs and then replayed, so a chunked upload
    that grows too large is refused before any route sees it.
    """

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int,
        cancel_paths: tuple[str, ...] = CANCEL_ON_DISCONNECT,
        body_seconds: float = 30.0,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.cancel_paths = cancel_paths
        self.body_seconds = body_seconds

    def _too_large(self) -> ErrorInfo:
        return ErrorInfo(
            413, "request_too_large", f"The request body is larger than the limit of {self.max_bytes} bytes."
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Read the whole body (413 past `max_bytes`, 408 when it arrives too slowly), then run the app on it."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await _send_error(scope, receive, send, self._too_large())
            return
        chunks: list[bytes] = []
        size = 0
        try:
            # A body dripped a byte at a time would hold its connection and task for as long as it likes.
            async with asyncio.timeout(self.body_seconds):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    body = message.get("body", b"")
                    size += len(body)
                    if size > self.max_bytes:
                        await _send_error(scope, receive, send, self._too_large())
                        return
                    chunks.append(body)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            late = f"The request body did not arrive within {self.body_seconds:g} s."
            await _send_error(scope, receive, send, ErrorInfo(408, "request_timeout", late))
            return
        replayed = False
        gone = asyncio.Event()

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            # Later reads wait for the disconnect, as streaming responses expect.
            await gone.wait()
            return {"type": "http.disconnect"}

        await _run_until_disconnect(
            self.app(scope, replay, send), receive, gone, str(scope.get("path", "")).startswith(self.cancel_paths)
        )


async def _run_until_disconnect(app: Awaitable[None], receive: Receive, gone: asyncio.Event, cancel: bool) -> None:
    """Run the app while one task listens for the client's disconnect (after the body, nothing else comes).

    When the client goes away, `gone` is set (streaming responses stop); with `cancel`, the app itself is
    cancelled too, and with it the function calls it waits for (they stop at their next budget check).
    """
    task = asyncio.ensure_future(app)

    async def listen() -> None:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                gone.set()
                if cancel and not task.done():
                    task.cancel()
                return

    listener = asyncio.ensure_future(listen())
    try:
        await task
    except asyncio.CancelledError:
        if not gone.is_set() or not cancel:
            raise  # cancelled from outside (shutdown), not by the disconnect
    finally:
        listener.cancel()


class CatchAllMiddleware:
    """Turn any exception that escapes the routes into a JSON 500 with a logged id, never a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app; an exception that escapes it becomes a JSON 500 (or, once a response began, ends it)."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:  # the last line of defence: every error becomes a clean answer
            info = classify(exc)
            if started:
                # Too late for a status code: the client sees the response end early.
                logger.error("error after the response started: %s", info.message)
                return
            await _send_error(scope, receive, send, info)
