"""A mock OpenAI-compatible server on 127.0.0.1, for tests and benchmarks of the HTTP path.

It answers `POST /v1/chat/completions` with what a responder function makes of the request body, after a
configurable latency, and `GET /v1/models`. It runs its own event loop in a thread (so a caller may use
`asyncio.run` freely), binds only to the loopback address, and refuses requests beyond `max_requests`.

Benchmarks run it as a separate process, so that it does not share the client's interpreter lock:
`python -m simxai.backends.testing.mockserver --gold gold.json --latency 0.05` prints its base URL on the first
line of stdout and serves until stdin closes. `gold.json` maps user messages to the function to call
(`no tool`: a text reply); after a tool result it replies with text. `--prediction` instead of `--gold`
answers with `prediction_responder` (get_prediction for the patient named, then its result).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["MockLLMServer", "gold_responder", "prediction_responder", "text_message", "tool_message"]

Responder = Callable[[dict[str, Any]], dict[str, Any]]
_Server = TypeVar("_Server", bound="MockLLMServer")


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

    Subclasses change how one completion is answered by overriding `_complete` (e.g. to inject faults),
    with `completion_payload` and `_write_bytes` for the wire; `stop_listening` / `start_listening` take the
    server down and up again on the same port.

    Args:
        responder: maps a request body to the assistant message (see `text_message`, `tool_message`).
        latency: seconds to wait before each completion answers (simulates the model's time).
        max_requests: completions answered before the server answers 503 (bounds runaway loops).
    """

    #: The thread's name, and what the start-up error calls the server.
    name = "mock-llm"

    def __init__(self, responder: Responder, *, latency: float = 0.0, max_requests: int = 10_000) -> None:
        self.responder = responder
        self.latency = latency
        self.max_requests = max_requests
        self.requests: list[dict[str, Any]] = []
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def base_url(self) -> str:
        """The API root to give an OpenAI-compatible client, ending in `/v1`."""
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self: _Server) -> _Server:
        self._thread = threading.Thread(target=self._serve, name=self.name, daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError(f"the {self.name} server did not start within 10 s")
        return self

    def __exit__(self, *exc: object) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            self._call(self._stop_listening())
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(10)

    def stop_listening(self) -> None:
        """Stop accepting connections and close the open ones: the LLM server is down."""
        self._call(self._stop_listening())

    def start_listening(self) -> None:
        """Accept connections again on the same port."""
        self._call(self._start_listening(self.port))

    def _call(self, coroutine: Any) -> Any:
        """Run `coroutine` on the server's loop from another thread, and wait for it (10 s at most)."""
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(10)

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        loop.run_until_complete(self._start_listening(0))
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._stop_listening())
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    async def _start_listening(self, port: int) -> None:
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", port, reuse_address=True)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _stop_listening(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._writers):
            writer.close()
        self._writers.clear()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            while True:  # keep-alive: one connection serves many requests
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = lines[0].split(" ", 2)
                headers = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:] if ":" in ln)}
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                if method == "GET" and path.rstrip("/").endswith("/models"):
                    await self._write(writer, 200, {"object": "list", "data": [{"id": "mock", "object": "model"}]})
                    continue
                if method != "POST" or not path.rstrip("/").endswith("/chat/completions"):
                    await self._write(writer, 404, {"error": {"message": f"no route {method} {path}"}})
                    continue
                if not await self._complete(writer, json.loads(body)):
                    return
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _complete(self, writer: asyncio.StreamWriter, request: dict[str, Any]) -> bool:
        """Answer one completion request; False when the connection is to be closed."""
        if len(self.requests) >= self.max_requests:
            message = f"mock server limit of {self.max_requests} requests reached"
            await self._write(writer, 503, {"error": {"message": message}})
            return True
        self.requests.append(request)
        if self.latency:
            await asyncio.sleep(self.latency)
        await self._write(writer, 200, self.completion_payload(request, self.responder(request)))
        return True

    def completion_payload(self, request: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
        """The chat-completion body that carries `message` as the answer to `request`."""
        return {
            "id": f"{self.name}-{len(self.requests)}",
            "object": "chat.completion",
            "created": 0,
            "model": request.get("model", "mock"),
            "choices": [
                {"index": 0, "message": message, "finish_reason": "tool_calls" if message.get("tool_calls") else "stop"}
            ],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }

    async def _write(self, writer: asyncio.StreamWriter, status: int, payload: dict[str, Any]) -> None:
        await self._write_bytes(writer, status, json.dumps(payload).encode())

    @staticmethod
    async def _write_bytes(
        writer: asyncio.StreamWriter, status: int, data: bytes, *, declared: int | None = None
    ) -> None:
        """Send one response; `declared` overrides the Content-Length (to send a body cut short)."""
        length = len(data) if declared is None else declared
        writer.write(
            f"HTTP/1.1 {status} {'OK' if status == 200 else 'Error'}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {length}\r\n"
            "Connection: keep-alive\r\n\r\n".encode()
            + data
        )
        await writer.drain()


_PATIENT = re.compile(r"patient (\d+)", re.IGNORECASE)


def prediction_responder(body: dict[str, Any]) -> dict[str, Any]:
    """A cooperative model: call get_prediction for the patient id in the user's message, then state its result.

    The patient is that of the latest user message naming one (engine notes in between name none); a
    conversation naming none gets a short greeting (no function call).
    """
    from simxai.results import format_percent

    last = body["messages"][-1]
    if last.get("role") == "tool":
        result = json.loads(last["content"]).get("result", {})
        label = result.get("label", "")
        probability = result.get("probabilities", {}).get(label)
        where = result.get("subject", {}).get("description", "this patient")
        if probability is None:
            return text_message(f"The model predicts {label} for {where}.")
        return text_message(f"The model predicts {label} for {where}, with probability {format_percent(probability)}.")
    users = [str(m.get("content", "")) for m in body["messages"] if m.get("role") == "user"]
    found = next((m for m in map(_PATIENT.search, reversed(users)) if m is not None), None)
    if found is None:
        return text_message("Hello! Ask me about a patient's prediction.")
    return tool_message("get_prediction", {"instance": int(found.group(1))})


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
    """Serve until stdin closes (see the module docstring)."""
    import argparse
    import sys
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m simxai.backends.testing.mockserver")
    parser.add_argument("--gold", type=Path, help="JSON object: user message -> function (the gold responder)")
    parser.add_argument("--prediction", action="store_true", help="answer with prediction_responder instead of --gold")
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--max-requests", type=int, default=10_000)
    args = parser.parse_args(argv)
    if (args.gold is not None) == args.prediction:
        parser.error("pass exactly one of --gold FILE and --prediction")
    responder = (
        prediction_responder if args.prediction else gold_responder(json.loads(args.gold.read_text(encoding="utf-8")))
    )
    with MockLLMServer(responder, latency=args.latency, max_requests=args.max_requests) as server:
        print(server.base_url, flush=True)
        sys.stdin.read()  # serve until the parent closes our stdin
        print(len(server.requests), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
