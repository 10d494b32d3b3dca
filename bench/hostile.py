"""What a hostile client costs everyone else: issue 14's attacks against a real `simxai serve`, with figures.

    python bench/hostile.py [--json FILE]
    python bench/hostile.py --startup [--runs N] [--contend N] [--json FILE]

Starts servers on loopback (the offline router as backend, so no LLM is needed) and measures:

* the 62 KB chat request whose earlier message is 60,000 spaces, and the 64 KB instance "a" + 65,000
  spaces + "b" (with messages up to 64 K characters allowed, so the text reaches the parsers): their answer
  time and the worst /healthz latency meanwhile;
* under `ulimit -n 1024`, 1,100 connections that send nothing, then a new client's /healthz;
* a request head sent one header line every 0.5 s (a 2 s head deadline): how long until the server cuts it;
* on the sentiment host (2 workers, a 1 s budget per call), an explain_why_not call on a 300-word text: how
  long until its 422 budget_exceeded; then eight such calls abandoned by their clients after 0.3 s, then a
  short session turn, against the same turn before.

With `--startup`, the same kind of requests arrive while the server is starting: from the moment /healthz
first answers, while the host's start-up work (predictions, metrics, global explanation) still runs in its
thread. It prints, per run and as the worst (and median) over `--runs`: seconds from the process's start to the first
/healthz answer and to the end of the start-up work, the worst /healthz latency (probed every 50 ms) until
then, the 62 KB chat request sent at once; and on the sentiment host (1 s budget per call) the first
explain_why_not call's time to its 422 budget_exceeded and the worst /healthz latency meanwhile. `--contend N`
runs the servers on one CPU beside N busy processes: a loaded machine, reproducibly.

tests/reliability/test_hostile.py checks the outcomes of these attacks without timing them; the figures
are here.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]

#: With `--contend N`: the CPU the servers and N busy processes share (a machine under load, reproducibly).
CONTENDED_CPU = 0
_CONTEND = {"processes": 0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(max_open_files: int | None = None, *, warm: bool = True, **env: str) -> Iterator[str]:
    """A `simxai serve` process on a free loopback port (router backend); yields its base URL.

    With `warm`, once it is ready and its start-up work is done; without, as soon as /healthz answers.
    """
    port = free_port()
    folder = tempfile.mkdtemp(prefix="simxai-hostile-")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SIMXAI_")}
    environment.update(
        PYTHONPATH=str(REPO), SIMXAI_DB_PATH=str(Path(folder) / "s.db"), SIMXAI_LOG_LEVEL="warning", **env
    )

    def limit() -> None:
        if _CONTEND["processes"]:
            os.sched_setaffinity(0, {CONTENDED_CPU})
        if max_open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (max_open_files, max_open_files))

    command = [sys.executable, "-m", "simxai.cli", "serve", "--port", str(port), "--backend", "router"]
    process = subprocess.Popen(
        command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=limit
    )
    base = f"http://127.0.0.1:{port}"
    try:
        if not warm:
            started = time.monotonic()
            while process.poll() is None and time.monotonic() - started < 300:
                try:
                    httpx.get(f"{base}/healthz", timeout=5)
                    break
                except httpx.TransportError:
                    time.sleep(0.01)
            if process.poll() is not None:
                raise RuntimeError(f"simxai serve exited with {process.returncode}: {' '.join(command)}")
            yield base
            return
        # Ready, and the host's start-up work (predictions, metrics, global explanation) done: the figures are
        # what an attack costs a running server, not its start-up.
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                ready = httpx.get(f"{base}/readyz", timeout=5)
                warmup = ready.json().get("warmup") if ready.status_code == 200 else None
                if ready.status_code == 200 and (warmup is None or warmup["finished"]):
                    break
            except (httpx.TransportError, ValueError):
                pass
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)


def worst_health_during(base: str, action: object) -> tuple[float, list[float]]:
    """Run `action()` while /healthz is probed every 50 ms; the worst probe latency and the action's times."""
    latencies: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        with httpx.Client(base_url=base, timeout=300) as http:
            while not stop.is_set():
                started = time.perf_counter()
                http.get("/healthz")
                latencies.append(time.perf_counter() - started)
                time.sleep(0.05)

    thread = threading.Thread(target=probe, daemon=True)
    thread.start()
    time.sleep(0.3)
    try:
        times = action()  # type: ignore[operator]
    finally:
        stop.set()
        thread.join(300)
    return max(latencies), times


#: The 62 KB chat request: an earlier message of 60,000 spaces, then a short question.
LONG_CHAT = {
    "model": "simxai",
    "messages": [
        {"role": "user", "content": " " * 60_000},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "what does the model predict for patient 3?"},
    ],
}


def long_requests(base: str) -> list[float]:
    times = []
    with httpx.Client(base_url=base, timeout=600) as http:
        for path, body in (
            ("/v1/chat/completions", LONG_CHAT),
            ("/v1/functions/get_prediction", {"instance": "a" + " " * 65_000 + "b"}),
        ):
            started = time.perf_counter()
            http.post(path, json=body)
            times.append(time.perf_counter() - started)
    return times


def idle_connections(base: str, port: int) -> float:
    idle = []
    try:
        for _ in range(1100):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        started = time.perf_counter()
        try:
            httpx.get(f"{base}/healthz", timeout=60).raise_for_status()
        except httpx.HTTPError:
            return float("inf")
        return time.perf_counter() - started
    finally:
        for sock in idle:
            sock.close()


def slow_head(port: int) -> float:
    """Seconds until the server closes a connection whose request head comes one line every 0.5 s."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        started = time.perf_counter()
        lines = 0
        while time.perf_counter() - started < 120:
            try:
                lines += 1
                sock.sendall(f"X-Slow-{lines}: 1\r\n".encode())
                sock.settimeout(0.5)
                if sock.recv(1024) == b"":
                    return time.perf_counter() - started
            except TimeoutError:
                continue
            except OSError:
                return time.perf_counter() - started
    return float("inf")


def review(words: int, seed: int) -> str:
    vocabulary = "the film was good bad dull great awful plot acting music story slow warm funny sad long".split()
    return " ".join(vocabulary[(i * 7 + seed * 3 + i // 5) % len(vocabulary)] for i in range(words))


def abandoned_calls(base: str) -> tuple[float, float, float]:
    """Seconds to a call's budget refusal, and of a short turn before and after eight abandoned calls."""
    with httpx.Client(base_url=base, timeout=300) as http:
        for seed in range(2):  # shap's import and numba compilation happen once per process
            http.post("/v1/functions/get_local_explanation", json={"instance": review(40, seed)})
        started = time.perf_counter()
        refused = http.post("/v1/functions/explain_why_not", json={"instance": review(300, 1)})
        to_refusal = time.perf_counter() - started if refused.status_code == 422 else float("inf")

        def short_turn() -> float:
            session = http.post("/v1/sessions").json()["session_id"]
            started = time.perf_counter()
            http.post(f"/v1/sessions/{session}/messages", json={"content": "what does the model predict for review 3?"})
            return time.perf_counter() - started

        before = statistics.median(short_turn() for _ in range(3))
        for seed in range(8):
            try:
                httpx.post(
                    f"{base}/v1/functions/explain_why_not", json={"instance": review(300, 10 + seed)}, timeout=0.3
                )
            except httpx.TimeoutException:
                pass
        return to_refusal, before, short_turn()


class Prober:
    """Probes /healthz every 50 ms in a thread, from its start until `stop`; keeps each probe's latency."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.latencies: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with httpx.Client(base_url=self.base, timeout=300) as http:
            while not self._stop.is_set():
                started = time.perf_counter()
                http.get("/healthz")
                self.latencies.append(time.perf_counter() - started)
                time.sleep(0.05)

    def stop(self) -> float:
        """Stop probing; the worst latency seen."""
        self._stop.set()
        self._thread.join(300)
        return max(self.latencies, default=0.0)


def warmup_finished(http: httpx.Client) -> bool:
    warmup = http.get("/readyz").json().get("warmup")
    return warmup is None or bool(warmup["finished"])


def startup_run() -> dict[str, float]:
    """One demo-host and one sentiment-host server, attacked from the moment /healthz answers."""
    figures: dict[str, float] = {}
    launched = time.perf_counter()
    with server(warm=False, SIMXAI_MAX_MESSAGE_CHARS="65536") as base:
        figures["demo: process start to first /healthz answer, s"] = time.perf_counter() - launched
        prober = Prober(base)
        with httpx.Client(base_url=base, timeout=600) as http:
            started = time.perf_counter()
            http.post("/v1/chat/completions", json=LONG_CHAT).raise_for_status()
            figures["demo: 62 KB chat request sent at the first /healthz answer, s"] = time.perf_counter() - started
            while not warmup_finished(http):
                time.sleep(0.1)
        figures["demo: process start to start-up work done, s"] = time.perf_counter() - launched
        figures["demo: worst /healthz latency until then, s"] = prober.stop()
    with server(warm=False, SIMXAI_HOST="sentiment", SIMXAI_WORKERS="2", SIMXAI_CALL_SECONDS="1") as base:
        prober = Prober(base)
        with httpx.Client(base_url=base, timeout=300) as http:
            started = time.perf_counter()
            refused = http.post("/v1/functions/explain_why_not", json={"instance": review(300, 1)})
            elapsed = time.perf_counter() - started
        figures["sentiment: first explain_why_not (300 words, 1 s budget): 422 after, s"] = (
            elapsed if refused.status_code == 422 else float("inf")
        )
        figures["sentiment: worst /healthz latency meanwhile, s"] = prober.stop()
    return figures


@contextmanager
def contention(processes: int) -> Iterator[None]:
    """`processes` busy loops on `CONTENDED_CPU`, where the servers then run too (none: nothing changes)."""
    _CONTEND["processes"] = processes
    busy = [
        subprocess.Popen(
            [sys.executable, "-c", "while True: pass"],
            preexec_fn=lambda: os.sched_setaffinity(0, {CONTENDED_CPU}),
        )
        for _ in range(processes)
    ]
    try:
        yield
    finally:
        for process in busy:
            process.kill()
            process.wait(30)
        _CONTEND["processes"] = 0


def startup(runs: int, contend: int) -> tuple[dict[str, float], dict[str, float]]:
    """`startup_run` `runs` times; prints each run's figures and returns the worst and the median of each."""
    seen: dict[str, list[float]] = {}
    for run in range(runs):
        with contention(contend):
            figures = startup_run()
        print(f"run {run + 1}:")
        for name, value in figures.items():
            print(f"  {name}: {value:.3f}")
            seen.setdefault(name, []).append(value)
    return {k: max(v) for k, v in seen.items()}, {k: statistics.median(v) for k, v in seen.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--startup", action="store_true", help="attack servers while they are still starting")
    parser.add_argument("--runs", type=int, default=3, help="with --startup: runs, of which the worst is printed")
    parser.add_argument(
        "--contend",
        type=int,
        default=0,
        help=f"with --startup: run the servers on CPU {CONTENDED_CPU} beside this many busy processes",
    )
    args = parser.parse_args(argv)
    if args.startup:
        worst, median = startup(args.runs, args.contend)
        contended = f", servers on one CPU beside {args.contend} busy processes" if args.contend else ""
        print(f"worst (median) of {args.runs} runs (load average {os.getloadavg()[0]:.1f}{contended}):")
        for name, value in worst.items():
            print(f"{name}: {value:.3f} ({median[name]:.3f})")
        if args.json:
            args.json.write_text(json.dumps({"worst": worst, "median": median}, indent=2))
        return 0
    figures: dict[str, float] = {}
    with server(SIMXAI_MAX_MESSAGE_CHARS="65536") as base:
        worst, (chat, instance) = worst_health_during(base, lambda: long_requests(base))
        figures["62 KB chat request (earlier message of 60,000 spaces), s"] = chat
        figures["64 KB instance 'a' + 65,000 spaces + 'b', s"] = instance
        figures["worst /healthz latency meanwhile, s"] = worst
    with server(max_open_files=1024) as base:
        figures["new client's /healthz after 1,100 idle connections (ulimit -n 1024), s"] = idle_connections(
            base, int(base.rsplit(":", 1)[1])
        )
    with server(SIMXAI_HEADER_SECONDS="2") as base:
        figures["request head sent a line every 0.5 s: cut after (head deadline 2 s), s"] = slow_head(
            int(base.rsplit(":", 1)[1])
        )
    with server(SIMXAI_HOST="sentiment", SIMXAI_WORKERS="2", SIMXAI_CALL_SECONDS="1") as base:
        to_refusal, before, after = abandoned_calls(base)
        figures["explain_why_not on 300 words: its 422 budget_exceeded after (budget 1 s), s"] = to_refusal
        figures["short turn before, s"] = before
        figures["short turn after 8 abandoned explain_why_not calls on 300 words, s"] = after
    for name, value in figures.items():
        print(f"{name}: {value:.3f}")
    if args.json:
        args.json.write_text(json.dumps({"figures": figures}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
