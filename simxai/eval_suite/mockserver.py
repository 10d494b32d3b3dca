"""A mock OpenAI-compatible server on 127.0.0.1, for tests and benchmarks of the HTTP path.

It answers `POST /v1/chat/completions` with what a responder function makes of the request body, after a
configurable latency, and `GET /v1/models`. It runs its own event loop in a thread (so a caller may use
`asyncio.run` freely), binds only to the loopback address, and refuses requests beyond `max_requests`.

Benchmarks run it as a separate process, so that it does not share the client's interpreter lock:
`python -m simxai.eval_suite.mockserver --gold gold.json --latency 0.05` prints its base URL on the first
line of stdout and serves until stdin closes. `gold.json` maps user messages to the function to call
(`no tool`: a text reply); after a tool result it replies with text.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["MockLLMServer", "gold_responder", "text_message", "tool_message"]

Responder = Callable[[dict[str, Any]], dict[str, Any]]


def text_message(content: str) -> dict[str, Any]:
    """An assistant message with text only."""
    return {"role": "assistant", "content": content}


def tool_message(name: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    """An assistant message with one native tool call."""
    call = {
        "id": "call_0",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments or {})},
    }
    return {"role": "assistant", "content": None, "tool_calls": [call]}


class MockLLMServer:
    """Serve OpenAI-shaped chat completions on 127.0.0.1 (use as a context manager).

    Args:
        responder: maps a request body to the assistant message (see `text_message`, `tool_message`).
        latency: seconds to wait before each completion answers (simulates the model's time).
        max_requests: completions answered before the server answers 503 (bounds runaway loops).
    """

    def __init__(self, responder: Responder, *, latency: float = 0.0, max_requests: int = 10_000) -> None:
        self.responder = responder
        self.latency = latency
        self.max_requests = max_requests
        self.requests: list[dict[str, Any]] = []
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def base_url(self) -> str:
        """The API root to give an OpenAI-compatible client, ending in `/v1`."""
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> MockLLMServer:
        self._thread = threading.Thread(target=self._serve, name="mock-llm", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the mock LLM server did not start within 10 s")
        return self

    def __exit__(self, *exc: object) -> None:
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(10)

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        self._server = loop.run_until_complete(asyncio.start_server(self._connection, "127.0.0.1", 0))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            self._server.close()
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(self._server.wait_closed())
            loop.close()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:  # keep-alive: one connection serves many requests
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = lines[0].split(" ", 2)
                headers = {
                    k.strip().lower(): v.strip()
                    for k, v in (ln.split(":", 1) for ln in lines[1:] if ":" in ln)
                }
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                status, payload = await self._answer(method, path, body)
                data = json.dumps(payload).encode()
                writer.write(
                    f"HTTP/1.1 {status} {'OK' if status == 200 else 'Error'}\r\n"
                    "Content-Type: application/json\r\n"
                    f"Content-Length: {len(data)}\r\nConnection: keep-alive\r\n\r\n".encode()
                    + data
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def _answer(self, method: str, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
        if method == "GET" and path.rstrip("/").endswith("/models"):
            return 200, {"object": "list", "data": [{"id": "mock", "object": "model"}]}
        if method != "POST" or not path.rstrip("/").endswith("/chat/completions"):
            return 404, {"error": {"message": f"no route {method} {path}"}}
        if len(self.requests) >= self.max_requests:
            return 503, {"error": {"message": f"mock server limit of {self.max_requests} requests reached"}}
        request = json.loads(body)
        self.requests.append(request)
        if self.latency:
            await asyncio.sleep(self.latency)
        message = self.responder(request)
        finish = "tool_calls" if message.get("tool_calls") else "stop"
        return 200, {
            "id": f"mock-{len(self.requests)}",
            "object": "chat.completion",
            "created": 0,
            "model": request.get("model", "mock"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }


def gold_responder(gold: dict[str, str]) -> Responder:
    """Answer each user message with its gold function (from `gold`), and a tool result with text."""

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        last = body["messages"][-1]
        if last.get("role") != "user":
            return text_message("Here is what the function returned.")
        function = gold.get(str(last.get("content", "")), "no tool")
        return text_message("No function is needed.") if function == "no tool" else tool_message(function)

    return respond


def main(argv: list[str] | None = None) -> int:
    """Serve gold calls until stdin closes (see the module docstring)."""
    import argparse
    import sys
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m simxai.eval_suite.mockserver")
    parser.add_argument("--gold", type=Path, required=True, help="JSON object: user message -> function")
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--max-requests", type=int, default=10_000)
    args = parser.parse_args(argv)
    gold = json.loads(args.gold.read_text(encoding="utf-8"))
    with MockLLMServer(gold_responder(gold), latency=args.latency, max_requests=args.max_requests) as server:
        print(server.base_url, flush=True)
        sys.stdin.read()  # serve until the parent closes our stdin
        print(len(server.requests), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
