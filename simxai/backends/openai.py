"""A backend for any server that speaks the OpenAI chat-completions API: vLLM, Ollama, llama.cpp, OpenAI."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Literal

import httpx

from simxai.backends import wire
from simxai.backends._http import ResponseTooLargeError
from simxai.backends.base import Backend, CompletionRequest, CompletionResponse
from simxai.exceptions import BackendError, BackendHTTPError, BackendUnavailableError, UsageError
from simxai.messages import Message
from simxai.redact import redact_text, redact_url

__all__ = ["OpenAIBackend", "ResponseTooLargeError"]

logger = logging.getLogger("simxai.backends")

# Statuses worth another attempt: the server is overloaded, restarting or rate-limiting. Other 4xx
# mean the request itself is wrong and would fail again.
_RETRY_STATUSES = frozenset({408, 429})
# Transport failures worth another attempt. UnsupportedProtocol (a bad base_url) is not among them.
_RETRY_ERRORS = (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError, httpx.ProxyError)
# The longest a Retry-After header may make us wait, in seconds.
_MAX_RETRY_AFTER = 30.0
_PING_TIMEOUT = 5.0
# The most seconds a token count may take: it runs before a completion, so a slow one delays the turn.
_TOKENIZE_TIMEOUT = 2.0
# Token counts that failed in a row (timeouts, 5xx) before the server is not asked again.
_TOKENIZE_FAILURES = 3


class OpenAIBackend(Backend):
    """Completions from an OpenAI-compatible ``/chat/completions`` endpoint over async HTTP.

    Requests are retried with exponential backoff (``backoff * 2**attempt`` seconds, or the server's
    ``Retry-After`` when longer) after connection errors, timeouts, HTTP 5xx, 408, 429 and a 2xx body
    that is not JSON (e.g. cut short by a proxy); any other 4xx fails at once.

    Args:
        model: the model name the server serves, e.g. ``Team-ACE/ToolACE-2.5-Llama-3.1-8B``.
        base_url: the API root, ending in ``/v1``.
        api_key: sent as ``Authorization: Bearer <key>`` when given.
        timeout: seconds allowed for connecting, and for each read and write.
        deadline: the most seconds one completion may take in all, retries included: a body that never
            ends, or arrives one byte at a time, fails then (`BackendUnavailableError`).
        max_response_bytes: the largest response body read; a larger one fails (`BackendError`).
        max_retries: further attempts after the first one fails in a retryable way.
        backoff: the first retry delay in seconds; each later one doubles it.
        transport: the httpx transport requests go through (default: an `AiohttpTransport` pool;
            ``httpx.AsyncHTTPTransport()`` for httpx's own; ``httpx.MockTransport`` in tests).
        extra_body: further body parameters for every request (``seed``, ``top_p``, ...).

    Raises:
        UsageError: a setting is out of range or `extra_body` replaces a key SimXAI sets.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str = "http://localhost:8000/v1",
        api_key: str | None = None,
        timeout: float = 60,
        deadline: float = 180,
        max_response_bytes: int = 8 * 1024 * 1024,
        max_retries: int = 2,
        backoff: float = 0.5,
        transport: httpx.AsyncBaseTransport | None = None,
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        if not model:
            raise UsageError("OpenAIBackend needs a model name, e.g. 'Team-ACE/ToolACE-2.5-Llama-3.1-8B'")
        if not base_url.startswith(("http://", "https://")):
            raise UsageError(f"base_url must start with http:// or https://, got {base_url!r}")
        if timeout <= 0:
            raise UsageError(f"timeout must be positive, got {timeout}")
        if deadline <= 0:
            raise UsageError(f"deadline must be positive, got {deadline}")
        if max_response_bytes < 1024:
            raise UsageError(f"max_response_bytes must be at least 1024, got {max_response_bytes}")
        if max_retries < 0:
            raise UsageError(f"max_retries must be 0 or more, got {max_retries}")
        if backoff < 0:
            raise UsageError(f"backoff must be 0 or more, got {backoff}")
        clash = wire.RESERVED_KEYS.intersection(extra_body or {})
        if clash:
            raise UsageError(f"extra_body may not replace {sorted(clash)}; SimXAI sets them itself")
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.name = f"openai:{model}"
        self.max_retries = max_retries
        self.backoff = backoff
        self._timeout = timeout
        self.deadline = deadline
        self.max_response_bytes = max_response_bytes
        self._injected = transport
        self._encoder = wire.BodyEncoder(model, extra_body)
        self._pool: httpx.AsyncBaseTransport | None = None
        # Everything a request repeats, built once.
        self._urls = {path: httpx.URL(f"{self.base_url}/{path}") for path in ("chat/completions", "models")}
        # vLLM serves its tokenizer at the server's root, beside /v1.
        root = self.base_url.removesuffix("/v1")
        self._urls["tokenize"] = httpx.URL(f"{root}/tokenize")
        #: Whether the server counts tokens: unknown until first asked; "no" after a 4xx or an answer without
        #: a count, or after `_TOKENIZE_FAILURES` failures in a row.
        self.tokenizer: Literal["unknown", "yes", "no"] = "unknown"
        self._tokenize_failures = 0
        self._timeouts = httpx.Timeout(timeout).as_dict()
        headers = {"Accept": "application/json", "User-Agent": f"simxai/{_version()}"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        self._headers = httpx.Headers(headers)
        self._post_headers = httpx.Headers({**headers, "Content-Type": "application/json"})
        # A seam for tests, which record the delays instead of waiting.
        self._sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    def __repr__(self) -> str:
        return f"OpenAIBackend(model={self.model!r}, base_url={redact_url(self.base_url)!r})"

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """POST the request to ``/chat/completions`` and read the reply.

        Raises:
            BackendUnavailableError: the server could not be reached or timed out, after all retries.
            BackendHTTPError: the server answered with an error status (after retries for 5xx/408/429).
            BackendError: every attempt's body was not valid JSON (e.g. truncated): the server failed,
                not the model, so the engine does not ask the model again and a fallback can answer.
            ModelOutputError: the body is JSON but not a completion.
            ToolCallParseError: the reply holds a malformed tool call.
        """
        content = self._encoder.encode(request)
        try:
            async with asyncio.timeout(self.deadline):
                body = await self._post("chat/completions", content)
        except TimeoutError:
            raise BackendUnavailableError(
                f"{self.name}: no complete answer from {redact_url(str(self._urls['chat/completions']))} "
                f"within the deadline of {self.deadline:g} s (SIMXAI_LLM_DEADLINE)"
            ) from None
        if not _is_completion(body):
            # A 200 whose body is an error object or has no choice: the server failed, not the model, so a
            # fallback may answer (the body is logged, not relayed: it may hold anything).
            logger.warning("%s answered 200 with a body that is not a completion: %.500r", self.name, body)
            raise BackendError(f"{self.name} answered 200 with a body that is not a chat completion")
        return wire.parse_response(body, calls_in_content=request.offers_tools)

    def _http_error(self, status: int, response: httpx.Response) -> BackendHTTPError:
        """The error for an HTTP error status; the body goes to the log, not into the message."""
        logger.warning("%s answered HTTP %d: %.500r", self.name, status, redact_text(response.text))
        return BackendHTTPError(status, response.text)

    async def ping(self) -> bool:
        """Whether ``GET /models`` answers 200 within a few seconds."""
        try:
            response = await self._send("GET", "models", timeout=min(self._timeout, _PING_TIMEOUT))
        except httpx.HTTPError:
            return False
        return response.status_code == 200

    async def count_tokens(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> int | None:
        """The prompt tokens of a request with these messages and tools, by the server's own tokenizer.

        Asks vLLM's ``POST /tokenize`` (at the server's root) with the chat messages and tools, which applies
        the model's chat template as a completion would. None, at once, when the server does not count tokens
        (learnt from the first answer: a 4xx, or a body without ``count``), and None when a count does not
        arrive within 2 s; after three such failures in a row the server is not asked again.
        """
        if self.tokenizer == "no":
            return None
        body: dict[str, Any] = {"model": self.model, "messages": wire.openai_messages(messages)}
        if tools:
            body["tools"] = list(tools)
        try:
            content = wire.encode_body(body)
        except ValueError:  # a NaN among model-given arguments: the completion's own encoding says so
            return None
        try:
            async with asyncio.timeout(_TOKENIZE_TIMEOUT):
                response = await self._send("POST", "tokenize", content, timeout=_TOKENIZE_TIMEOUT)
        except (httpx.HTTPError, TimeoutError) as exc:
            # ResponseTooLargeError is an httpx.HTTPError too.
            self._tokenize_failed(f"{type(exc).__name__}: {redact_text(str(exc))}")
            return None
        if 400 <= response.status_code < 500 and response.status_code not in _RETRY_STATUSES:
            self._no_tokenizer(f"HTTP {response.status_code}")
            return None
        if response.status_code != 200:
            self._tokenize_failed(f"HTTP {response.status_code}")
            return None
        count = _token_count(response.content)
        if count is None:
            self._no_tokenizer("an answer without a token count")
            return None
        self.tokenizer, self._tokenize_failures = "yes", 0
        return count

    def _no_tokenizer(self, why: str) -> None:
        """The server does not count tokens: say so once and stop asking."""
        logger.info("%s: %s answered %s; the context budget uses its estimate", self.name, self._urls["tokenize"], why)
        self.tokenizer = "no"

    def _tokenize_failed(self, why: str) -> None:
        """A token count that did not arrive; the server is not asked again after a few in a row."""
        self._tokenize_failures += 1
        logger.warning("%s: no token count (%s); the context budget uses its estimate", self.name, why)
        if self._tokenize_failures >= _TOKENIZE_FAILURES:
            self.tokenizer = "no"

    async def aclose(self) -> None:
        """Close the HTTP connections; a later request opens new ones."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.aclose()

    def _transport(self) -> httpx.AsyncBaseTransport:
        """The injected transport, or the backend's own pool (created on first use, so constructing a
        backend costs nothing).
        """
        if self._pool is None:
            if self._injected is not None:
                self._pool = self._injected
            else:
                from simxai.backends.aiohttp_transport import AiohttpTransport

                self._pool = AiohttpTransport()
        return self._pool

    async def _send(
        self, method: str, path: str, content: bytes | None = None, *, timeout: float | None = None
    ) -> httpx.Response:
        """Send one request straight to a pool and read the whole response.

        The request goes to the transport, not through an `httpx.AsyncClient`: the client's layer (URL
        merging, cookies, auth and redirect hooks) took 40 % of the CPU of a request to a local server, and
        this API needs none of it.

        Raises:
            httpx.HTTPError: the transport failed (connection, timeout, protocol).
        """
        timeouts = self._timeouts if timeout is None else httpx.Timeout(timeout).as_dict()
        request = httpx.Request(
            method,
            self._urls[path],
            headers=self._headers if content is None else self._post_headers,
            content=content,
            extensions={"timeout": timeouts, "max_response_bytes": self.max_response_bytes},
        )
        response = await self._transport().handle_async_request(request)
        try:
            try:
                content = response.content  # read already: the aiohttp transport reads (at most the limit)
            except httpx.ResponseNotRead:
                content = await self._read_capped(response, request)
        finally:
            await response.aclose()
        if len(content) > self.max_response_bytes:
            raise ResponseTooLargeError(self.max_response_bytes, request=request)
        return httpx.Response(response.status_code, headers=response.headers, content=content, request=request)

    async def _read_capped(self, response: httpx.Response, request: httpx.Request) -> bytes:
        """A streamed body, read up to the limit and no further.

        Raises:
            ResponseTooLargeError: the body is longer.
        """
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > self.max_response_bytes:
                raise ResponseTooLargeError(self.max_response_bytes, request=request)
            chunks.append(chunk)
        return b"".join(chunks)

    async def _post(self, path: str, content: bytes) -> Any:
        """POST `content` and return the decoded JSON body of the first 2xx answer, retrying as documented."""
        url = redact_url(str(self._urls[path]))
        attempts = self.max_retries + 1
        for attempt in range(attempts):
            delay = 0.0  # at least this long before the next attempt (a Retry-After header)
            try:
                response = await self._send("POST", path, content)
            except httpx.UnsupportedProtocol as exc:
                raise UsageError(f"cannot reach {url}: {redact_text(str(exc))}") from None
            except ResponseTooLargeError as exc:
                raise BackendError(f"{self.name}: the answer from {url} is larger than {exc.limit} bytes") from None
            except _RETRY_ERRORS as exc:
                failure: Exception = BackendUnavailableError(
                    f"{self.name}: no answer from {url} after {attempts} attempts "
                    f"({type(exc).__name__}: {redact_text(str(exc))})"
                )
                failure.__cause__ = exc
            else:
                status = response.status_code
                if 200 <= status < 300:
                    try:
                        return json.loads(_without_lone_surrogates(response.content.decode("utf-8")))
                    except (json.JSONDecodeError, UnicodeDecodeError, ValueError, RecursionError) as exc:
                        logger.warning("%s: body that is not valid JSON: %.500r", self.name, response.content)
                        failure = BackendError(
                            f"{self.name} returned a body that is not valid JSON (truncated?) after "
                            f"{attempts} attempts: {type(exc).__name__} at byte {getattr(exc, 'pos', '?')}"
                        )
                elif status >= 500 or status in _RETRY_STATUSES:
                    failure = self._http_error(status, response)
                    delay = _retry_after(response.headers)
                else:
                    raise self._http_error(status, response)
            # One way to give up or go on, whatever failed: the last attempt raises, others back off.
            if attempt == attempts - 1:
                raise failure
            await self._sleep(max(self.backoff * 2**attempt, delay))
        raise AssertionError("unreachable: the last attempt returns or raises")


# A JSON escape of half a UTF-16 surrogate pair: a high one not followed by a low one, or a low one alone.
_HIGH = r"\\u[dD][89abAB][0-9a-fA-F]{2}"
_LOW = r"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
_LONE_SURROGATE = re.compile(rf"{_HIGH}(?!{_LOW})|(?<!{_HIGH}){_LOW}")


def _without_lone_surrogates(text: str) -> str:
    """JSON text with every escaped lone surrogate replaced by U+FFFD: such a string cannot be stored or sent
    as UTF-8, so a model's reply, tool name or argument holding one would fail every later step.
    """
    return _LONE_SURROGATE.sub(r"\\ufffd", text) if "\\u" in text else text


def _is_completion(body: Any) -> bool:
    """Whether a decoded body has the shape of a chat completion: an object with a first choice."""
    if not isinstance(body, dict) or "error" in body and not body.get("choices"):
        return False
    choices = body.get("choices")
    return isinstance(choices, list) and bool(choices) and isinstance(choices[0], dict)


def _token_count(content: bytes) -> int | None:
    """The ``count`` of a ``/tokenize`` answer (``{"count": n, "max_model_len": m, "tokens": [...]}``), or None
    when the body has another shape (another server's endpoint of that name).
    """
    try:
        body = json.loads(content)
    except (ValueError, RecursionError):
        return None
    count = body.get("count") if isinstance(body, dict) else None
    return count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else None


def _retry_after(headers: Mapping[str, str]) -> float:
    """The delay a ``Retry-After: <seconds>`` header asks for, capped; 0 when absent or a date."""
    try:
        seconds = float(headers.get("retry-after", "0"))
    except ValueError:
        return 0.0
    return min(seconds, _MAX_RETRY_AFTER) if seconds > 0 else 0.0


def _version() -> str:
    from simxai._version import __version__

    return __version__
