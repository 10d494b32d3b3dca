"""Reliability fixtures: a mock LLM server that fails on demand, and real SimXAI server processes.

Everything binds to 127.0.0.1 only, every wait is bounded, and every process a fixture starts is stopped in
its finaliser (SIGKILL as the last resort), so a failing test never leaves a server behind.
"""

from __future__ import annotations

import asyncio
import collections
import json
import os
import queue
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

#: Seconds a SimXAI server process may take to load its host and answer /healthz.
STARTUP_TIMEOUT = 120.0

#: What the fault-injecting LLM can do with one completion request.
#: ok: answer correctly; slow: answer only after `slow_seconds` (beyond the backend's timeout);
#: http500: answer HTTP 500; truncated: answer 200 with a JSON body cut in half (a complete HTTP message);
#: drop: close the connection without answering; cut: send the headers and half the body, then close
#: (the connection drops mid-stream); hold: wait until `release()` (or `hold_limit`), then answer.
FAULT_MODES = ("ok", "slow", "http500", "truncated", "drop", "cut", "hold")

_PATIENT = re.compile(r"patient (\d+)", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _no_simxai_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # Settings read SIMXAI_* variables: a developer's shell must not change what the tests see.
    for name in list(os.environ):
        if name.startswith("SIMXAI_"):
            monkeypatch.delenv(name)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def prediction_reply(body: dict[str, Any]) -> dict[str, Any]:
    """A cooperative model: call get_prediction for the id in the user's message, then state its result.

    A message without a number gets a short greeting (no function call).
    """
    from simxai.results import format_percent

    last = body["messages"][-1]
    if last.get("role") == "tool":
        result = json.loads(last["content"]).get("result", {})
        label = result.get("label", "")
        probability = result.get("probabilities", {}).get(label)
        where = result.get("subject", {}).get("description", "this patient")
        if probability is None:
            return {"role": "assistant", "content": f"The model predicts {label} for {where}."}
        return {
            "role": "assistant",
            "content": f"The model predicts {label} for {where}, with probability {format_percent(probability)}.",
        }
    # The patient of the latest user message that names one (engine notes in between name none).
    users = [str(m.get("content", "")) for m in body["messages"] if m.get("role") == "user"]
    found = next((m for m in map(_PATIENT.search, reversed(users)) if m is not None), None)
    if found is None:
        return {"role": "assistant", "content": "Hello! Ask me about a patient's prediction."}
    call = {
        "id": "call_0",
        "type": "function",
        "function": {"name": "get_prediction", "arguments": json.dumps({"instance": int(found.group(1))})},
    }
    return {"role": "assistant", "content": None, "tool_calls": [call]}


class FaultyLLM:
    """An OpenAI-compatible chat-completions server on 127.0.0.1 that fails on demand (a context manager).

    Each completion request takes the next mode of the plan (`fail_next`), else `default`. `GET /v1/models`
    always answers (unless the server stopped listening). Runs its own event loop in a thread.

    Args:
        slow_seconds: how long a `slow` completion takes before answering (beyond the backend's timeout).
        hold_limit: the longest a `hold` completion waits for `release()`.
        latency: seconds every completion takes (a model's time), before any fault.
    """

    def __init__(self, *, slow_seconds: float = 3.0, hold_limit: float = 60.0, latency: float = 0.0) -> None:
        self.slow_seconds = slow_seconds
        self.latency = latency
        self.hold_limit = hold_limit
        self.default = "ok"
        self.port = 0
        #: The mode each completion request was given, in arrival order (tests wait on it).
        self.arrivals: queue.Queue[str] = queue.Queue()
        self.completions = 0
        self._plan: collections.deque[str] = collections.deque()
        self._plan_lock = threading.Lock()
        self._release = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # ---- control (from the test's thread) ----------------------------------------------------------------

    def fail_next(self, *modes: str) -> None:
        """Use these modes for the next completion requests, in order, then `default` again."""
        unknown = [m for m in modes if m not in FAULT_MODES]
        if unknown:
            raise ValueError(f"unknown modes {unknown}; valid: {FAULT_MODES}")
        with self._plan_lock:
            self._plan.extend(modes)

    def reset(self) -> None:
        """Back to answering every request correctly, with no pending plan and nothing held."""
        with self._plan_lock:
            self._plan.clear()
        self.default = "ok"
        self._release.set()
        while not self.arrivals.empty():
            self.arrivals.get_nowait()
        self._release = threading.Event()

    def release(self) -> None:
        """Let held completions answer."""
        self._release.set()

    def wait_arrival(self, timeout: float = 30.0) -> str:
        """The mode of the next completion request to arrive (raises queue.Empty after `timeout`)."""
        return self.arrivals.get(timeout=timeout)

    def stop_listening(self) -> None:
        """Stop accepting connections and close the open ones: the LLM server is down."""
        self._call(self._stop_listening())

    def start_listening(self) -> None:
        """Accept connections again on the same port."""
        self._call(self._start_listening(self.port))

    # ---- lifecycle ---------------------------------------------------------------------------------------

    def __enter__(self) -> FaultyLLM:
        self._thread = threading.Thread(target=self._serve, name="faulty-llm", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the faulty LLM server did not start within 10 s")
        return self

    def __exit__(self, *exc: object) -> None:
        self._release.set()
        loop = self._loop
        if loop is not None and loop.is_running():
            self._call(self._stop_listening())
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(10)

    def _call(self, coroutine: Any) -> Any:
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

    # ---- HTTP --------------------------------------------------------------------------------------------

    def _next_mode(self) -> str:
        with self._plan_lock:
            return self._plan.popleft() if self._plan else self.default

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
        except (
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
            ConnectionError,
            asyncio.CancelledError,
        ):
            pass
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _complete(self, writer: asyncio.StreamWriter, request: dict[str, Any]) -> bool:
        """Answer one completion in the next mode; False when the connection is to be closed."""
        mode = self._next_mode()
        self.completions += 1
        self.arrivals.put(mode)
        if self.latency:
            await asyncio.sleep(self.latency)
        if mode == "drop":
            return False
        if mode == "http500":
            await self._write(writer, 500, {"error": {"message": "CUDA out of memory (injected fault)"}})
            return True
        if mode == "slow":
            await asyncio.sleep(self.slow_seconds)
        if mode == "hold":
            # The event of the time of arrival: a later reset() releases this request, not the next ones.
            release = self._release
            deadline = time.monotonic() + self.hold_limit
            while not release.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        message = prediction_reply(request)
        payload = {
            "id": f"faulty-{self.completions}",
            "object": "chat.completion",
            "created": 0,
            "model": request.get("model", "mock"),
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
                }
            ],
        }
        data = json.dumps(payload).encode()
        if mode == "truncated":
            await self._write_bytes(writer, 200, data[: len(data) // 2])
            return True
        if mode == "cut":
            # Declare the whole body, send half of it, and hang up: the response ends mid-stream.
            await self._write_bytes(writer, 200, data[: len(data) // 2], declared=len(data))
            return False
        await self._write_bytes(writer, 200, data)
        return True

    async def _write(self, writer: asyncio.StreamWriter, status: int, payload: dict[str, Any]) -> None:
        await self._write_bytes(writer, status, json.dumps(payload).encode())

    @staticmethod
    async def _write_bytes(
        writer: asyncio.StreamWriter, status: int, data: bytes, *, declared: int | None = None
    ) -> None:
        length = len(data) if declared is None else declared
        writer.write(
            f"HTTP/1.1 {status} {'OK' if status == 200 else 'Error'}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {length}\r\n"
            "Connection: keep-alive\r\n\r\n".encode()
            + data
        )
        await writer.drain()


@pytest.fixture(scope="module")
def faulty_llm() -> Iterator[FaultyLLM]:
    """A fault-injecting mock LLM server shared by a module's tests (each test starts with `reset()`)."""
    with FaultyLLM() as llm:
        yield llm


class ServerProcess:
    """A SimXAI server (`python -m simxai.cli serve`) in its own process, on a fresh loopback port.

    Args:
        db_path: the SQLite session file (kept across restarts of this handle).
        llm_url: the OpenAI-compatible API root the `openai:mock` backend talks to.
        workdir: where the server runs and writes its log.
        env: further SIMXAI_* settings (e.g. SIMXAI_TIMEOUT, SIMXAI_FALLBACK_TO_ROUTER).
    """

    def __init__(self, db_path: Path, llm_url: str, workdir: Path, env: dict[str, str] | None = None) -> None:
        self.db_path = db_path
        self.llm_url = llm_url
        self.workdir = workdir
        self.env = dict(env or {})
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def log_path(self) -> Path:
        return self.workdir / f"server-{self.starts}.log"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers /healthz (its host is loaded and the store is open)."""
        assert self.process is None or self.process.poll() is not None, "the server is already running"
        self.starts += 1
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("SIMXAI_")}
        env.update(
            PYTHONPATH=str(REPO_ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
            SIMXAI_DB_PATH=str(self.db_path),
            SIMXAI_LOG_LEVEL="warning",
            **self.env,
        )
        command = [
            sys.executable, "-m", "simxai.cli", "serve", "--port", str(self.port),
            "--backend", "openai:mock", "--base-url", self.llm_url,
        ]  # fmt: skip
        with self.log_path.open("wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=self.workdir)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with {self.process.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.kill()
        raise AssertionError(f"the server did not answer /healthz within {STARTUP_TIMEOUT:.0f} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL the process (no shutdown code runs) and reap it."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(30)

    def stop(self) -> None:
        """Ctrl-C the process (graceful shutdown), SIGKILL after 30 s."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def server_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., ServerProcess]]:
    """Build `ServerProcess` handles, each with its own folder and session file; all stop at the end."""
    made: list[ServerProcess] = []
    root = tmp_path_factory.mktemp("servers")

    def make(llm_url: str, **env: str) -> ServerProcess:
        workdir = root / f"server{len(made)}"
        workdir.mkdir()
        server = ServerProcess(workdir / "sessions.db", llm_url, workdir, env)
        made.append(server)
        return server

    try:
        yield make
    finally:
        for server in made:
            server.stop()


def integrity(db_path: Path) -> tuple[str, int, int]:
    """`PRAGMA integrity_check`, and the number of sessions and turns, read by a separate connection."""
    connection = sqlite3.connect(db_path, timeout=10)
    try:
        check = connection.execute("PRAGMA integrity_check").fetchone()[0]
        sessions = connection.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
        turns = connection.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
    finally:
        connection.close()
    return str(check), int(sessions), int(turns)


@pytest.fixture
def check_integrity() -> Callable[[Path], tuple[str, int, int]]:
    """`integrity(db_path)`: the SQLite integrity check and row counts of a session file."""
    return integrity


@asynccontextmanager
async def _serving(app: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test", timeout=60) as client:
            yield client


@pytest.fixture(scope="session")
def serving() -> Callable[[Any], Any]:
    """`async with serving(app) as client`: run an app's lifespan in process and talk to it over ASGI."""
    return _serving
