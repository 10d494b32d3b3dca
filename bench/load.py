"""Load on the HTTP service: N concurrent sessions against a mock LLM with a fixed latency, on loopback.

    python bench/load.py [--levels 1,8,32,64] [--turns 64] [--latency 0.1] [--json FILE]
    python bench/load.py --db postgresql [--replicas 3]     # sessions in PostgreSQL, shared by N replicas

Three processes on 127.0.0.1: a mock OpenAI-compatible LLM server that takes `--latency` seconds (100 ms)
per completion; the SimXAI server (`simxai serve --backend openai:mock --base-url <mock>`, SQLite sessions in
a temporary folder); and this driver. Each turn asks for a patient's prediction: the mock first calls
`get_prediction` for the id in the message, then answers from the tool result, so a turn is two completions
(about 200 ms of model time) plus the service's own work. At each concurrency level N, N sessions run their
turns back to back (at least `--turns` turns in all, at least `--min-session-turns` per session).

The sessions of a level start spread over `--ramp` seconds (one turn's model time), as users arrive, not in
the same millisecond: with a mock whose latency never varies, sessions started together stay in lockstep
and hit the server in bursts of N forever, which no real LLM server produces. Throughput counts the turns
that ended while all N sessions were running (from the last start to the first session's end), per second
of that window. Latencies are over every turn.

Each level runs `--repeat` times and the run with the median throughput is reported. A turn counts as an
error unless it answers 200 with a `get_prediction` call for the right patient that ran ok. Prints per level
the throughput (turns/s), p50/p99 latency and the server's CPU time per turn (all its threads; on a machine
shared with other work, it shows what a turn costs the server whatever the throughput), then the throughput
ratio of 32 sessions to 1 and the server's resident memory before and after. Exits 1 when any turn failed
or the ratio is below 20.

`--db postgresql` keeps the sessions in a PostgreSQL server that the script starts in a temporary folder
(Debian's binaries, loopback, PostgreSQL's default durability: every commit is flushed to disk) instead of
the SQLite file; `--replicas N` then runs N SimXAI servers on that database, and each session sends its k-th
turn to replica (session + k) mod N, so every turn reads a history another replica wrote. Every level also
reports the store's share of a turn: the seconds the server spent in the store per turn (taking and
releasing the session's lock, reading the history, storing the turn: `simxai_store_seconds` from /metrics)
over the turn's mean latency as the client measured it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPO_ROOT = Path(__file__).resolve().parents[1]
N_PATIENTS = 442
STARTUP_TIMEOUT = 180.0
TURN_TIMEOUT = 60.0
TARGET_RATIO = 20.0


# ---- processes ------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_mock(latency: float, max_requests: int) -> tuple[subprocess.Popen[str], str]:
    # The shared mock in its own process (so it does not share the driver's interpreter lock), answering
    # with its prediction responder: get_prediction for the patient named, then that result as text.
    command = [sys.executable, "-m", "simxai.backends.testing.mockserver", "--prediction", "--latency", str(latency)]
    command += ["--max-requests", str(max_requests)]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=_env(), cwd=REPO_ROOT
    )
    assert process.stdout is not None
    base_url = process.stdout.readline().strip()
    if not base_url.startswith("http://127.0.0.1:"):
        process.kill()
        raise RuntimeError(f"the mock LLM server did not start (got {base_url!r})")
    return process, base_url


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SIMXAI_")}
    env["PYTHONPATH"] = str(REPO_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def start_server(
    port: int, mock_url: str, workdir: Path, db_url: str | None = None
) -> tuple[subprocess.Popen[bytes], Path]:
    log = workdir / f"server-{port}.log"
    env = _env(SIMXAI_DB_PATH=str(workdir / "sessions.db"), SIMXAI_LOG_LEVEL="warning")
    if db_url is not None:
        env["SIMXAI_DB_URL"] = db_url
    command = [sys.executable, "-m", "simxai.cli", "serve", "--port", str(port),
               "--backend", "openai:mock", "--base-url", mock_url]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=workdir)
    return process, log


def wait_ready(process: subprocess.Popen[bytes], base: str, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.25)
    raise RuntimeError(f"the server was not ready within {STARTUP_TIMEOUT:.0f} s:\n{log.read_text()}")


def stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


# ---- the load -------------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1)]


async def open_session(bases: list[str], index: int) -> tuple[httpx.AsyncClient, str]:
    """A user's own client (one keep-alive connection per replica, as with real users) and a new session."""
    # One client shared by all sessions would measure httpx instead: on this stack its pool slows down
    # sharply beyond ~20 kept-alive connections, while the server itself keeps up.
    # A kept-alive connection is dropped after 2 s idle, before uvicorn's own 5 s: reusing one the server is
    # closing at that moment is a client-side ReadError, not a failed turn (with several replicas, a session's
    # connection to one of them idles for several turns).
    limits = httpx.Limits(max_connections=len(bases), max_keepalive_connections=len(bases), keepalive_expiry=2.0)
    client = httpx.AsyncClient(timeout=TURN_TIMEOUT, limits=limits)
    try:
        response = await client.post(f"{bases[index % len(bases)]}/v1/sessions")
        response.raise_for_status()
        return client, response.json()["session_id"]
    except BaseException:
        await client.aclose()
        raise


@dataclass
class SessionRun:
    """What one session of a level did: when it started, when each answered turn ended, its failures."""

    started: float
    ends: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def run_session(
    client: httpx.AsyncClient, bases: list[str], session_id: str, index: int, turns: int, delay: float
) -> SessionRun:
    """One session's turns, back to back, starting after `delay` seconds; turn k goes to replica index + k."""
    await asyncio.sleep(delay)
    run = SessionRun(started=time.perf_counter())
    for k in range(turns):
        patient = (index * 37 + k * 11) % N_PATIENTS
        started = time.perf_counter()
        try:
            response = await client.post(
                f"{bases[(index + k) % len(bases)]}/v1/sessions/{session_id}/messages",
                json={"content": f"what does the model predict for patient {patient}?"},
            )
        except httpx.HTTPError as exc:
            run.errors.append(f"session {index} turn {k}: {type(exc).__name__}: {exc}")
            continue
        run.ends.append(time.perf_counter())
        run.latencies.append(run.ends[-1] - started)
        if response.status_code != 200:
            run.errors.append(f"session {index} turn {k}: HTTP {response.status_code}: {response.text[:200]}")
            continue
        calls = response.json()["calls"]
        if not (calls and calls[0]["function"] == "get_prediction" and calls[0]["status"] == "ok"
                and calls[0]["arguments"].get("instance") == patient):  # fmt: skip
            run.errors.append(f"session {index} turn {k}: unexpected calls {calls}")
    return run


async def run_level(bases: list[str], sessions: int, turns_per_session: int, ramp: float) -> dict[str, Any]:
    """Open `sessions` sessions, start them spread over `ramp` seconds, and measure their turns.

    The throughput counts the turns that ended while every session was running (from the last start to
    the first session's last turn) over that window's length: the rate of N concurrent sessions, without
    the ramp at the start or the stragglers at the end.
    """
    opened = await asyncio.gather(*(open_session(bases, i) for i in range(sessions)))
    try:
        started = time.perf_counter()
        runs = await asyncio.gather(
            *(
                run_session(client, bases, sid, i, turns_per_session, ramp * i / sessions)
                for i, (client, sid) in enumerate(opened)
            )
        )
        wall = time.perf_counter() - started
    finally:
        for client, _ in opened:
            await client.aclose()
    errors = [e for r in runs for e in r.errors]
    latencies = [x for r in runs for x in r.latencies]
    window_start = max(r.started for r in runs)
    window_end = min((r.ends[-1] for r in runs if r.ends), default=window_start)
    if window_end <= window_start:
        raise RuntimeError(
            f"at {sessions} sessions the first session finished before the last one started: "
            "raise --min-session-turns or lower --ramp"
        )
    in_window = sum(1 for r in runs for end in r.ends if window_start < end <= window_end)
    return {
        "sessions": sessions,
        "turns": sessions * turns_per_session,
        "wall_s": wall,
        "window_s": window_end - window_start,
        "throughput_turns_per_s": in_window / (window_end - window_start),
        "p50_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
        "p99_ms": percentile(latencies, 99) * 1000 if latencies else float("nan"),
        "latency_sum_s": sum(latencies),
        "answered": len(latencies),
        "errors": len(errors),
        "error_samples": errors[:5],
    }


def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run with the median throughput, with every run's throughput and the errors of all runs."""
    ordered = sorted(runs, key=lambda r: r["throughput_turns_per_s"])
    row = dict(ordered[(len(ordered) - 1) // 2])
    row["runs_turns_per_s"] = [r["throughput_turns_per_s"] for r in runs]
    row["errors"] = sum(r["errors"] for r in runs)
    row["error_samples"] = [e for r in runs for e in r["error_samples"]][:5]
    answered = sum(r["answered"] for r in runs)
    row["mean_ms_all_runs"] = sum(r["latency_sum_s"] for r in runs) / answered * 1000 if answered else float("nan")
    return row


def metric(bases: list[str], name: str, labels: str = "") -> float:
    """A metric's value summed over the replicas (`labels` as in the exposition, e.g. 'op="load"')."""
    total = 0.0
    pattern = re.compile(rf"^{re.escape(name)}{re.escape('{' + labels + '}') if labels else ''} ([0-9.e+-]+)$", re.M)
    for base in bases:
        match = pattern.search(httpx.get(f"{base}/metrics", timeout=10).text)
        total += float(match.group(1)) if match else float("nan")
    return total


STORE_OPS = ("lock", "load", "append")


def store_seconds(bases: list[str]) -> dict[str, float]:
    return {op: metric(bases, "simxai_store_seconds_sum", f'op="{op}"') for op in STORE_OPS}


def guard_fallbacks(bases: list[str]) -> float:
    return metric(bases, "simxai_guard_fallbacks_total")


ROW = "{:>8} {:>6} {:>7} {:>8} {:>7} {:>7} {:>6} {:>6} {:>8} {:>6}  {}"


def report(
    rows: list[dict[str, Any]],
    args: argparse.Namespace,
    rss_before: float,
    rss_after: float,
    fallbacks: float,
) -> float | None:
    """Print the table and the summary; return the 32-vs-1 throughput ratio (None without both levels)."""
    store = "SQLite (one file, WAL)" if args.db == "sqlite" else "PostgreSQL (loopback, fsync on)"
    print(f"sessions in {store}; {args.replicas} SimXAI replica(s)")
    print(
        f"mock LLM latency {args.latency * 1000:.0f} ms per completion, two completions per turn; "
        f"{os.cpu_count()} CPUs (load average {os.getloadavg()[0]:.1f} at the end); loopback only; "
        f"sessions start over {args.ramp * 1000:.0f} ms; median of {args.repeat} runs per level"
    )
    print(
        ROW.format(
            "sessions", "turns", "wall s", "turns/s", "p50 ms", "p99 ms", "errors", "cpu ms", "store ms", "store",
            "runs",
        )
    )  # fmt: skip
    for r in rows:
        print(
            ROW.format(
                r["sessions"], r["turns"], f"{r['wall_s']:.2f}", f"{r['throughput_turns_per_s']:.2f}",
                f"{r['p50_ms']:.0f}", f"{r['p99_ms']:.0f}", r["errors"], f"{r['server_cpu_ms_per_turn']:.1f}",
                f"{r['store_ms_per_turn']:.2f}", f"{r['store_share'] * 100:.1f}%",
                " ".join(f"{t:.1f}" for t in r["runs_turns_per_s"]),
            )
        )  # fmt: skip
        for sample in r["error_samples"]:
            print(f"         {sample}")
    by_level = {r["sessions"]: r for r in rows}
    ratio = None
    if 1 in by_level and 32 in by_level:
        ratio = by_level[32]["throughput_turns_per_s"] / by_level[1]["throughput_turns_per_s"]
        print(f"throughput at 32 sessions / at 1: {ratio:.1f}x (target >= {TARGET_RATIO:.0f}x)")
    print(f"server RSS (per replica): {rss_before:.0f} MiB before the load, {rss_after:.0f} MiB after")
    print(
        "cpu ms: the SimXAI servers' CPU per turn (all replicas; PostgreSQL's own CPU not included); store ms: "
        "seconds in the store per turn (lock + load + append); store: that over the mean turn latency"
    )
    print(f"guard fallbacks (replies replaced by the rendering): {fallbacks:.0f}")
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="1,8,32,64", help="concurrent sessions per level, comma-separated")
    parser.add_argument("--turns", type=int, default=64, help="at least this many turns per level")
    parser.add_argument("--min-session-turns", type=int, default=16, help="at least this many turns per session")
    parser.add_argument(
        "--ramp", type=float, help="seconds over which a level's sessions start (default: one turn's model time)"
    )
    parser.add_argument("--latency", type=float, default=0.1, help="the mock LLM's seconds per completion")
    parser.add_argument("--repeat", type=int, default=3, help="runs per level; the median run is reported")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite", help="where sessions are kept")
    parser.add_argument("--replicas", type=int, default=1, help="SimXAI servers sharing the sessions (postgresql)")
    args = parser.parse_args(argv)
    if args.replicas < 1 or (args.replicas > 1 and args.db != "postgresql"):
        parser.error(f"--replicas {args.replicas}: use 1, or more than 1 with --db postgresql (one SQLite file "
                     "serves one process)")  # fmt: skip

    levels = [int(n) for n in args.levels.split(",")]
    plan = {n: max(args.min_session_turns, math.ceil(args.turns / n)) for n in levels}
    if args.ramp is None:
        args.ramp = 2 * args.latency  # one turn's model time
    if args.ramp < 0:
        parser.error(f"--ramp must be 0 or more, got {args.ramp}")
    # Two completions a turn, plus the warm-up; the mock refuses anything beyond, bounding a runaway loop.
    max_requests = 2 * args.repeat * sum(n * t for n, t in plan.items()) + 100
    mock, mock_url = start_mock(args.latency, max_requests)
    with tempfile.TemporaryDirectory(prefix="simxai-load-") as tmp, contextlib.ExitStack() as stack:
        db_url = None
        if args.db == "postgresql":
            from simxai.server.store.pgserver import TemporaryPostgres

            db_url = stack.enter_context(TemporaryPostgres(durable=True)).create_database("load")
        ports = [free_port() for _ in range(args.replicas)]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        servers = [start_server(port, mock_url, Path(tmp), db_url) for port in ports]
        try:
            for (server, log), base in zip(servers, bases, strict=True):
                wait_ready(server, base, log)
            asyncio.run(run_level(bases, 2 * len(bases), 2, 0.0))  # warm-up: imports, connections, caches
            pids = [server.pid for server, _ in servers]
            rss_before = statistics.mean(rss_mib(pid) for pid in pids)
            rows = []
            for sessions, turns in plan.items():
                cpu = sum(cpu_seconds(pid) for pid in pids)
                store_before = store_seconds(bases)
                runs = [asyncio.run(run_level(bases, sessions, turns, args.ramp)) for _ in range(args.repeat)]
                row = median_run(runs)
                all_turns = args.repeat * row["turns"]
                row["server_cpu_ms_per_turn"] = (sum(cpu_seconds(pid) for pid in pids) - cpu) * 1000 / all_turns
                store_after = store_seconds(bases)
                row["store_ms_per_turn_by_op"] = {
                    op: (store_after[op] - store_before[op]) * 1000 / all_turns for op in STORE_OPS
                }
                row["store_ms_per_turn"] = sum(row["store_ms_per_turn_by_op"].values())
                row["store_share"] = row["store_ms_per_turn"] / row["mean_ms_all_runs"]
                rows.append(row)
            rss_after = statistics.mean(rss_mib(pid) for pid in pids)
            fallbacks = guard_fallbacks(bases)
        finally:
            for server, _ in servers:
                stop(server)
            if mock.stdin is not None:
                mock.stdin.close()
            mock.wait(30)

    ratio = report(rows, args, rss_before, rss_after, fallbacks)
    errors = sum(r["errors"] for r in rows)
    figures = {
        "db": args.db,
        "replicas": args.replicas,
        "latency_s": args.latency,
        "ramp_s": args.ramp,
        "levels": rows,
        "ratio_32_vs_1": ratio,
        "target_ratio": TARGET_RATIO,
        "rss_mib_before": rss_before,
        "rss_mib_after": rss_after,
        "guard_fallbacks": fallbacks,
        "errors": errors,
    }
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0 if errors == 0 and (ratio is None or ratio >= TARGET_RATIO) else 1


if __name__ == "__main__":
    raise SystemExit(main())
