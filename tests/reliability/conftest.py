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
import resource
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

from simxai.backends.testing.mockserver import MockLLMServer, prediction_responder
from tests.child_process import wait_until

REPO_ROOT = Path(__file__).resolve().parents[2]

#: Seconds of CPU a SimXAI server process may spend loading its host before it answers /healthz (it needs 10-20):
#: a runaway guard; a hang shows as no CPU used (tests/child_process.py), whatever the load on the machine.
STARTUP_CPU_LIMIT = 300.0

#: What the fault-injecting LLM can do with one completion request.
#: ok: answer correctly; slow: answer only after `slow_seconds` (beyond the backend's timeout);
#: http500: answer HTTP 500; truncated: answer 200 with a JSON body cut in half (a complete HTTP message);
#: drop: close the connection without answering; cut: send the headers and half the body, then close
#: (the connection drops mid-stream); hold: wait until `release()` (or `hold_limit`), then answer;
#: endless: 200 with a body that never ends (16 KB every 10 ms, until `hold_limit` or the client leaves);
#: drip: 200 with a body sent one byte every 0.2 s; raw: 200 with the next of `raw_bodies`, as given.
FAULT_MODES = ("ok", "slow", "http500", "truncated", "drop", "cut", "hold", "endless", "drip", "raw")


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


class FaultyLLM(MockLLMServer):
    """The shared mock LLM server (`prediction_responder`, on 127.0.0.1) made to fail on demand.

    Each completion request takes the next mode of the plan (`fail_next`), else `default`. `GET /v1/models`
    always answers (unless the server stopped listening: `stop_listening`). Not bounded by `max_requests`.

    Args:
        slow_seconds: how long a `slow` completion takes before answering (beyond the backend's timeout).
        hold_limit: the longest a `hold` completion waits for `release()`.
        latency: seconds every completion takes (a model's time), before any fault.
    """

    name = "faulty-llm"

    def __init__(self, *, slow_seconds: float = 3.0, hold_limit: float = 60.0, latency: float = 0.0) -> None:
        super().__init__(prediction_responder, latency=latency)
        self.slow_seconds = slow_seconds
        self.hold_limit = hold_limit
        self.default = "ok"
        #: The mode each completion request was given, in arrival order (tests wait on it).
        self.arrivals: queue.Queue[str] = queue.Queue()
        self.completions = 0
        self._plan: collections.deque[str] = collections.deque()
        #: The bodies `raw` completions send, in order.
        self.raw_bodies: collections.deque[bytes] = collections.deque()
        self._plan_lock = threading.Lock()
        self._release = threading.Event()

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
        self.raw_bodies.clear()
        self._release = threading.Event()

    def release(self) -> None:
        """Let held completions answer."""
        self._release.set()

    def wait_arrival(self, timeout: float = 30.0) -> str:
        """The mode of the next completion request to arrive (raises queue.Empty after `timeout`)."""
        return self.arrivals.get(timeout=timeout)

    def __exit__(self, *exc: object) -> None:
        self._release.set()  # held completions answer, so the loop's tasks can end
        super().__exit__(*exc)

    # ---- HTTP --------------------------------------------------------------------------------------------

    def _next_mode(self) -> str:
        with self._plan_lock:
            return self._plan.popleft() if self._plan else self.default

    async def _endless(self, writer: asyncio.StreamWriter, chunk: bytes, pause: float) -> None:
        """A 200 whose chunked body goes on until `hold_limit` or until the client hangs up."""
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        deadline = time.monotonic() + self.hold_limit
        try:
            while time.monotonic() < deadline and not writer.is_closing():
                writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                await writer.drain()
                await asyncio.sleep(pause)
        except (ConnectionError, OSError):
            pass

    async def _complete(self, writer: asyncio.StreamWriter, request: dict[str, Any]) -> bool:
        """Answer one completion in the next mode; False when the connection is to be closed."""
        mode = self._next_mode()
        self.completions += 1
        self.requests.append(request)
        self.arrivals.put(mode)
        if self.latency:
            await asyncio.sleep(self.latency)
        if mode == "drop":
            return False
        if mode == "http500":
            await self._write(writer, 500, {"error": {"message": "CUDA out of memory (injected fault)"}})
            return True
        if mode in ("endless", "drip"):
            await self._endless(
                writer, chunk=b" " * 16384 if mode == "endless" else b" ", pause=0.01 if mode == "endless" else 0.2
            )
            return False
        if mode == "raw":
            await self._write_bytes(writer, 200, self.raw_bodies.popleft())
            return True
        if mode == "slow":
            await asyncio.sleep(self.slow_seconds)
        if mode == "hold":
            # The event of the time of arrival: a later reset() releases this request, not the next ones.
            release = self._release
            deadline = time.monotonic() + self.hold_limit
            while not release.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        data = json.dumps(self.completion_payload(request, self.responder(request))).encode()
        if mode == "truncated":
            await self._write_bytes(writer, 200, data[: len(data) // 2])
            return True
        if mode == "cut":
            # Declare the whole body, send half of it, and hang up: the response ends mid-stream.
            await self._write_bytes(writer, 200, data[: len(data) // 2], declared=len(data))
            return False
        await self._write_bytes(writer, 200, data)
        return True


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

    def __init__(
        self,
        db_path: Path,
        llm_url: str,
        workdir: Path,
        env: dict[str, str] | None = None,
        *,
        max_open_files: int | None = None,
    ) -> None:
        self.db_path = db_path
        self.llm_url = llm_url
        self.workdir = workdir
        self.env = dict(env or {})
        #: The process's descriptor limit (`ulimit -n`), when it is to be lower than the test's.
        self.max_open_files = max_open_files
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
        )
        # Retries wait 0.05 s, then 0.1 s, instead of the default 0.5 s and 1 s: the same attempts and retries,
        # without the ~35 s the files' failing turns spent asleep in all (what the delays are: tests/backends).
        env.update({"SIMXAI_LOG_LEVEL": "warning", "SIMXAI_LLM_BACKOFF": "0.05", **self.env})
        command = [
            sys.executable, "-m", "simxai.cli", "serve", "--port", str(self.port),
            "--backend", "openai:mock", "--base-url", self.llm_url,
        ]  # fmt: skip
        limit = self.max_open_files

        def lower_limit() -> None:
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        with self.log_path.open("wb") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=self.workdir, preexec_fn=lower_limit
            )

        def healthy() -> bool:
            try:
                return httpx.get(f"{self.base}/healthz", timeout=5).status_code == 200
            except httpx.TransportError:
                return False

        try:
            wait_until(healthy, self.process, what="the server answers /healthz", cpu_limit=STARTUP_CPU_LIMIT)
        except AssertionError as exc:
            self.kill()
            raise AssertionError(f"{exc}:\n{self.log()}") from None
        return self

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

    def make(llm_url: str, max_open_files: int | None = None, **env: str) -> ServerProcess:
        workdir = root / f"server{len(made)}"
        workdir.mkdir()
        server = ServerProcess(workdir / "sessions.db", llm_url, workdir, env, max_open_files=max_open_files)
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
