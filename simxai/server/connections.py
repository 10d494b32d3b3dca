"""Connection hygiene for uvicorn: a deadline for each request head, and a cap on open connections.

uvicorn (0.54) times out an idle keep-alive connection only after a response: a connection that never sends
a byte, or sends one header line a second, stays open for as long as its client likes. 1,100 of them used up
a 1,024-descriptor limit and every other client got an empty reply. `GuardedHttpToolsProtocol` closes

* a connection whose request head (request line and headers) is not complete `header_seconds` after it
  opened, or after the first byte of its next request;
* the oldest idle connection (none of its requests in progress) when `max_connections` are open and
  another arrives, so a new client is always admitted while the attackers' connections are shed.

uvicorn's own `timeout_keep_alive` closes a connection idle between requests, and its `limit_concurrency`
answers 503 once as many requests as connections run at once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["GuardedHttpToolsProtocol", "guarded_protocol"]

logger = logging.getLogger("simxai.server")


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a request-head deadline and a connection cap (see the module)."""

    header_seconds: float = 10.0
    max_connections: int = 512

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None
        self._opened = 0.0
        self._in_head = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the request-head deadline, and shed the oldest idle connection when at the cap."""
        super().connection_made(transport)
        self._opened = self.loop.time()
        self._arm()
        if len(self.connections) >= self.max_connections:
            self._shed_oldest_idle()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the head deadline of a closed connection."""
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        """Start the head deadline as a request begins (again for each request on a kept-alive connection)."""
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        """Stop the head deadline: the request's head arrived in time."""
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        self._disarm()
        self._in_head = True
        self._head_timer = self.loop.call_later(self.header_seconds, self._head_timeout)

    def _disarm(self) -> None:
        self._in_head = False
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timeout(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def _idle(self) -> bool:
        """Whether no request of this connection is in progress (it waits for a head, or between requests)."""
        return self.cycle is None or self.cycle.response_complete

    def _shed_oldest_idle(self) -> None:
        idle = [c for c in self.connections if isinstance(c, GuardedHttpToolsProtocol) and c is not self and c._idle()]
        if not idle:
            return
        oldest = min(idle, key=lambda c: c._opened)
        logger.debug("%d connections open: closing the oldest idle one", len(self.connections))
        oldest.transport.close()
        self.connections.discard(oldest)


def guarded_protocol(header_seconds: float, max_connections: int) -> type[GuardedHttpToolsProtocol]:
    """The protocol class with these limits, for `uvicorn.Config(http=...)`."""
    return type(
        "GuardedHttpToolsProtocol",
        (GuardedHttpToolsProtocol,),
        {"header_seconds": header_seconds, "max_connections": max_connections},
    )
