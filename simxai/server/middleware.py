"""Pure ASGI middleware: a request-body limit and a last-resort handler that never leaks a traceback."""

from __future__ import annotations

import logging
from collections.abc import MutableMapping
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from simxai.server.errors import ErrorInfo, classify, error_response

__all__ = ["BodyLimitMiddleware", "CatchAllMiddleware"]

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

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def _too_large(self) -> ErrorInfo:
        return ErrorInfo(
            413, "request_too_large", f"The request body is larger than the limit of {self.max_bytes} bytes."
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await _send_error(scope, receive, send, self._too_large())
            return
        chunks: list[bytes] = []
        size = 0
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
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            # Later reads wait for the disconnect, as streaming responses expect.
            return await receive()

        await self.app(scope, replay, send)


class CatchAllMiddleware:
    """Turn any exception that escapes the routes into a JSON 500 with a logged id, never a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
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
