"""AiohttpTransport against raw loopback servers: requests as sent, responses as read, failures as httpx errors."""

from __future__ import annotations

import asyncio
import gc
import gzip
import json
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import httpx
import pytest

from simxai.backends.aiohttp_transport import AiohttpTransport, environment_proxy

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]
TIMEOUTS = httpx.Timeout(5.0).as_dict()


@asynccontextmanager
async def serving(handler: Handler) -> AsyncIterator[str]:
    """A raw TCP server on 127.0.0.1 running `handler` per connection; yields its base URL."""

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await handler(reader, writer)
        finally:
            writer.close()

    server = await asyncio.start_server(connection, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.close()
        await server.wait_closed()


async def read_request(reader: asyncio.StreamReader) -> tuple[str, dict[str, str], bytes]:
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in head[1:] if ":" in line)}
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return head[0], headers, body


def response_bytes(status: int, body: bytes, *, extra: str = "", declared: int | None = None) -> bytes:
    length = len(body) if declared is None else declared
    return f"HTTP/1.1 {status} X\r\nContent-Length: {length}\r\n{extra}\r\n".encode() + body


def request(
    url: str, content: bytes | None = b'{"q": 1}', timeouts: dict[str, float | None] = TIMEOUTS
) -> httpx.Request:
    return httpx.Request(
        "POST" if content is not None else "GET",
        url,
        headers={"Authorization": "Bearer sk-x", "Content-Type": "application/json"},
        content=content,
        extensions={"timeout": timeouts},
    )


async def test_a_request_is_sent_as_given_and_its_response_read_whole() -> None:
    seen: list[tuple[str, dict[str, str], bytes]] = []

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for _ in range(2):  # one kept-alive connection serves both requests
            seen.append(await read_request(reader))
            writer.write(response_bytes(201, b'{"ok": true}', extra="X-Trace: 7\r\n"))
            await writer.drain()

    transport = AiohttpTransport()
    async with serving(handler) as base:
        for _ in range(2):
            response = await transport.handle_async_request(request(f"{base}/v1/chat/completions"))
            assert response.status_code == 201
            assert response.json() == {"ok": True} and response.headers["x-trace"] == "7"
        await transport.aclose()
    assert len(seen) == 2
    line, headers, body = seen[0]
    assert line == "POST /v1/chat/completions HTTP/1.1"
    assert headers["authorization"] == "Bearer sk-x" and headers["content-type"] == "application/json"
    assert body == b'{"q": 1}'


async def test_a_compressed_body_is_decoded_once() -> None:
    payload = json.dumps({"choices": [{"message": {"content": "hé"}}]}).encode()

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(response_bytes(200, gzip.compress(payload), extra="Content-Encoding: gzip\r\n"))
        await writer.drain()

    transport = AiohttpTransport()
    async with serving(handler) as base:
        response = await transport.handle_async_request(request(f"{base}/v1/chat/completions"))
        await transport.aclose()
    assert response.content == payload and "content-encoding" not in response.headers


async def test_a_refused_connection_is_a_connect_error() -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    transport = AiohttpTransport()
    with pytest.raises(httpx.ConnectError):
        await transport.handle_async_request(request(f"http://127.0.0.1:{port}/v1/models", None))
    await transport.aclose()


async def test_a_slow_answer_is_a_read_timeout() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        await asyncio.sleep(2)

    transport = AiohttpTransport()
    async with serving(handler) as base:
        with pytest.raises(httpx.ReadTimeout):
            await transport.handle_async_request(request(f"{base}/v1/x", timeouts=httpx.Timeout(0.2).as_dict()))
        await transport.aclose()


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (b"", "Server disconnected without sending a response"),
        (response_bytes(200, b'{"cho', declared=40), "without sending complete message body"),
        (b"NOT HTTP AT ALL\r\n\r\n", "malformed response"),
    ],
    ids=["drop", "cut", "garbage"],
)
async def test_a_broken_answer_is_a_remote_protocol_error(reply: bytes, message: str) -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(reply)
        await writer.drain()  # then the connection closes

    transport = AiohttpTransport()
    async with serving(handler) as base:
        with pytest.raises(httpx.RemoteProtocolError, match=message):
            await transport.handle_async_request(request(f"{base}/v1/chat/completions"))
        await transport.aclose()


async def test_a_url_that_is_not_http_is_refused() -> None:
    transport = AiohttpTransport()
    with pytest.raises(httpx.UnsupportedProtocol, match="ftp://"):
        await transport.handle_async_request(request("ftp://127.0.0.1/v1/models", None))
    await transport.aclose()


# The first loop below ends without `aclose`, which the class asks for: its pool's sockets are abandoned, and
# aiohttp says so when the pool is collected. That warning is the documented cost of skipping `aclose`.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_pool_left_by_a_finished_event_loop_is_replaced() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            try:
                await read_request(reader)
            except asyncio.IncompleteReadError:
                return
            writer.write(response_bytes(200, b"{}"))
            await writer.drain()

    transport = AiohttpTransport()

    async def once(close: bool) -> int:
        async with serving(handler) as base:
            response = await transport.handle_async_request(request(f"{base}/v1/x"))
            if close:
                await transport.aclose()
            return response.status_code

    assert asyncio.run(once(close=True)) == 200
    assert asyncio.run(once(close=False)) == 200  # after aclose, a new loop gets a new pool
    assert asyncio.run(once(close=True)) == 200  # and without it, too: the old one is left behind
    gc.collect()  # the abandoned pool's warning belongs to this test, not to whichever runs next


@pytest.mark.parametrize(
    ("variables", "scheme", "host", "expected"),
    [
        ({}, "http", "gpu-box", None),
        ({"HTTP_PROXY": "http://proxy:3128"}, "http", "gpu-box", "http://proxy:3128"),
        ({"http_proxy": "proxy:3128"}, "http", "gpu-box", "http://proxy:3128"),
        ({"HTTP_PROXY": "http://proxy:3128"}, "https", "api.openai.com", None),
        ({"HTTPS_PROXY": "http://proxy:3128"}, "https", "api.openai.com", "http://proxy:3128"),
        ({"ALL_PROXY": "http://proxy:3128"}, "https", "api.openai.com", "http://proxy:3128"),
        ({"ALL_PROXY": "http://all:1", "HTTP_PROXY": "http://http:2"}, "http", "gpu-box", "http://http:2"),
        ({"HTTP_PROXY": "http://proxy:3128", "NO_PROXY": "gpu-box"}, "http", "gpu-box", None),
        ({"HTTP_PROXY": "http://proxy:3128", "NO_PROXY": "other"}, "http", "gpu-box", "http://proxy:3128"),
    ],
)
def test_environment_proxy(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], scheme: str, host: str, expected: str | None
) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert environment_proxy(scheme, host) == expected


async def test_a_socks_proxy_from_the_environment_is_refused_with_the_alternative(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    monkeypatch.setenv("ALL_PROXY", "socks5://proxy:1080")
    transport = AiohttpTransport()
    refused = r"socks5://proxy:1080 is not an HTTP proxy.*AsyncHTTPTransport"
    with pytest.raises(httpx.UnsupportedProtocol, match=refused):
        await transport.handle_async_request(request("http://127.0.0.1:9/v1/models", None))
    await transport.aclose()


async def endless(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Answer 200 with a chunked body that never ends (until the client hangs up)."""
    await read_request(reader)
    writer.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n")
    chunk = b"x" * 16384
    try:
        while True:
            writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            await writer.drain()
            await asyncio.sleep(0.001)
    except (ConnectionError, OSError):
        pass


async def test_a_body_beyond_the_limit_stops_the_read() -> None:
    # Issue 14, item 4: `response.read()` had no size cap; an endless body grew memory until the read timed out.
    from simxai.backends.openai import ResponseTooLargeError

    transport = AiohttpTransport()
    async with serving(endless) as base:
        sent = request(f"{base}/v1/chat/completions")
        sent.extensions["max_response_bytes"] = 100_000
        with pytest.raises(ResponseTooLargeError, match="larger than 100000 bytes"):
            await asyncio.wait_for(transport.handle_async_request(sent), 10)
        await transport.aclose()
