"""What the OpenAI backend and its aiohttp transport share: the error for a response body beyond the limit."""

from __future__ import annotations

import httpx

__all__ = ["ResponseTooLargeError"]


class ResponseTooLargeError(httpx.TransportError):
    """The response body is larger than the backend reads (``max_response_bytes``)."""

    def __init__(self, limit: int, *, request: httpx.Request) -> None:
        super().__init__(f"the response body is larger than {limit} bytes", request=request)
        self.limit = limit
