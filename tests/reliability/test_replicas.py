"""Many replicas, one PostgreSQL: three real server processes share the sessions of one database.

Three `simxai serve` processes (the `openai:mock` backend on `FaultyLLM`, `SIMXAI_DB_URL` naming one database
of a PostgreSQL server that this module starts in a temporary folder) take a load of 32 sessions whose turns
go to random replicas. What must hold (issue 18):

* no turn fails, none is lost or stored twice, each session's turn numbers are 1..n, and every replica
  returns the same history; messages sent to one session through different replicas at once are serialised;
* a replica killed by SIGKILL mid-load fails only its own in-flight requests (the connection drops), every
  acknowledged turn is stored, and every session goes on through the other replicas;
* while PostgreSQL restarts, requests get a clear 503 (`store_unavailable`), nothing is half-written, and the
  replicas serve again by themselves once it is back.

Everything is on 127.0.0.1; the load is bounded in turns and time.
"""

from __future__ import annotations

import asyncio
import collections
import os
import random
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from simxai.server.store.pgserver import PostgresNotInstalled, TemporaryPostgres

REPO_ROOT = Path(__file__).resolve().parents[2]

QUESTION = "what does the model predict for patient {}?"
SESSIONS = 32
REPLICAS = 3
#: The longest one load may run, whatever happens.
LOAD_DEADLINE = 120.0

pytestmark = pytest.mark.slow


class Cluster:
    """The module's PostgreSQL server and its SimXAI replicas."""

    def __init__(self, pg: TemporaryPostgres, url: str, servers: list[Any]) -> None:
        self.pg = pg
        self.url = url
        self.servers = servers

    def alive(self) -> list[Any]:
        return [s for s in self.servers if s.process is not None and s.process.poll() is None]

    def half_written(self) -> list[str]:
        """Sessions whose stored turns disagree with their version (a turn or state written without the other)."""
        rows = self.pg.psql(
            "SELECT s.id FROM simxai_sessions s LEFT JOIN (SELECT session_id, count(*) AS n, max(seq) AS last "
            "FROM simxai_turns GROUP BY session_id) t ON t.session_id = s.id "
            "WHERE coalesce(t.n, 0) <> s.version OR coalesce(t.last, 0) <> s.version",
            self.url.rsplit("/", 1)[1],
        )
        return rows.split() if rows else []


def start_all(servers: list[Any]) -> None:
    """Start servers side by side (each loads its host), re-raising the first failure."""
    errors: list[BaseException] = []

    def start(server: Any) -> None:
        try:
            server.start()
        except BaseException as exc:  # reported below, after every thread ended
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(s,)) for s in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


@pytest.fixture(scope="module")
def cluster(faulty_llm, server_factory) -> Iterator[Cluster]:
    try:
        pg = TemporaryPostgres()
    except PostgresNotInstalled as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))
    with pg:
        url = pg.create_database("replicas")
        env = {
            "SIMXAI_DB_URL": url,
            "SIMXAI_TIMEOUT": "30",
            # No trimming: a history must show every turn the load stored.
            "SIMXAI_MAX_HISTORY_MESSAGES": "5000",
            "SIMXAI_DB_POOL_SIZE": "12",
        }
        servers = [server_factory(faulty_llm.base_url, **env) for _ in range(REPLICAS)]
        start_all(servers)
        try:
            yield Cluster(pg, url, servers)
        finally:
            for server in servers:
                server.stop()


@pytest.fixture(autouse=True)
def _llm_with_latency(faulty_llm) -> Iterator[None]:
    faulty_llm.reset()
    faulty_llm.latency = 0.03  # a model's time, so turns overlap
    yield
    faulty_llm.latency = 0.0
    faulty_llm.reset()


class Load:
    """Sessions that send turns back to back, each turn to a random live replica, and what came back.

    Args:
        cluster: the replicas.
        rng: picks the replicas and the patients.
        tolerate: what may fail while a fault is injected: ``transport`` (a killed replica's connections
            drop) and ``503`` (the database is down); anything else is a failure of the test.
    """

    def __init__(self, cluster: Cluster, rng: random.Random, tolerate: frozenset[str] = frozenset()) -> None:
        self.cluster = cluster
        self.rng = rng
        self.tolerate = tolerate
        self.acknowledged: dict[str, dict[int, dict[str, Any]]] = collections.defaultdict(dict)
        self.failures: list[str] = []
        self.tolerated: collections.Counter[str] = collections.Counter()
        self.sent = 0

    def replica(self) -> Any:
        return self.rng.choice(self.cluster.alive())

    async def create(self, http: httpx.AsyncClient, server: Any) -> str:
        response = await http.post(f"{server.base}/v1/sessions")
        assert response.status_code == 201, response.text
        return str(response.json()["session_id"])

    async def turn(self, http: httpx.AsyncClient, session_id: str, server: Any) -> bool:
        """Send one message; True when it was acknowledged."""
        patient = self.rng.randrange(442)
        self.sent += 1
        # httpcore's trace of this request: whether it opened a connection or reused an idle one, and how
        # far it got, so a dropped connection says whose it was (a stale one of the client's pool, or new).
        steps: list[tuple[float, str]] = []

        async def trace(event: str, info: dict[str, Any]) -> None:
            steps.append((time.monotonic(), event))

        try:
            response = await http.post(
                f"{server.base}/v1/sessions/{session_id}/messages",
                json={"content": QUESTION.format(patient)},
                extensions={"trace": trace},
            )
        except httpx.TransportError as exc:
            if "transport" in self.tolerate:
                self.tolerated[f"transport:{type(exc).__name__}"] += 1
                return False
            self.failures.append(f"{session_id}: {type(exc).__name__}: {exc} ({describe(steps)})")
            return False
        if response.status_code == 503 and "503" in self.tolerate:
            body = response.json()
            if (
                body.get("type") == "store_unavailable"
                and "Try again shortly" in body.get("error", "")
                and response.headers.get("Retry-After", "").isdigit()
            ):
                self.tolerated["503"] += 1
                return False
        if response.status_code != 200:
            self.failures.append(f"{session_id}: HTTP {response.status_code}: {response.text[:300]}")
            return False
        turn = response.json()
        call = turn["calls"][0] if turn["calls"] else {}
        if (call.get("function"), call.get("status"), call.get("arguments", {}).get("instance")) != (
            "get_prediction",
            "ok",
            patient,
        ):
            self.failures.append(f"{session_id}: a wrong answer for patient {patient}: {turn}")
        if turn["turn"] in self.acknowledged[session_id]:
            self.failures.append(f"{session_id}: turn {turn['turn']} acknowledged twice")
        self.acknowledged[session_id][turn["turn"]] = turn
        return True

    async def session(self, http: httpx.AsyncClient, session_id: str, turns: int, deadline: float) -> None:
        done = 0
        while done < turns and time.monotonic() < deadline:
            if await self.turn(http, session_id, self.replica()):
                done += 1
            elif self.failures:
                return
            else:
                await asyncio.sleep(0.1)  # a tolerated failure: the client tries again, elsewhere

    async def run(self, http: httpx.AsyncClient, sessions: list[str], turns: int) -> None:
        deadline = time.monotonic() + LOAD_DEADLINE
        await asyncio.gather(*(self.session(http, s, turns, deadline) for s in sessions))


def describe(steps: list[tuple[float, str]]) -> str:
    """A request's httpcore trace in one line: a new or a reused connection, and its last steps with times."""
    if not steps:
        return "no trace"
    kind = "new connection" if any(e.startswith("connection.connect_tcp") for _, e in steps) else "reused connection"
    start = steps[0][0]
    return kind + ": " + ", ".join(f"{e} +{t - start:.3f}s" for t, e in steps[-4:])


def http_client() -> httpx.AsyncClient:
    # Idle connections expire on the client before the server's keep-alive (5 s) closes them: with equal
    # timeouts a request can go out on a connection the server is closing at that moment (a ReadError), a
    # race of the client's pool, not a lost turn (docs/deployment.md).
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64, keepalive_expiry=2.0)
    return httpx.AsyncClient(timeout=60, limits=limits)


async def check_histories(http: httpx.AsyncClient, cluster: Cluster, load: Load, *, exact: bool) -> None:
    """Every live replica returns the same history for each session, numbered 1..n, holding every
    acknowledged turn as acknowledged; with `exact`, the history holds nothing else."""
    for session_id, acknowledged in load.acknowledged.items():
        seen = []
        for server in cluster.alive():
            response = await http.get(f"{server.base}/v1/sessions/{session_id}")
            assert response.status_code == 200, response.text
            seen.append(response.json())
        assert all(s["turns"] == seen[0]["turns"] and s["turn_count"] == seen[0]["turn_count"] for s in seen)
        stored = {t["turn"]: t for t in seen[0]["turns"]}
        assert sorted(stored) == list(range(1, seen[0]["turn_count"] + 1)), f"{session_id}: numbers not contiguous"
        for number, turn in acknowledged.items():
            assert stored.get(number) == turn, f"{session_id}: acknowledged turn {number} is not stored as sent"
        if exact:
            assert sorted(stored) == sorted(acknowledged), f"{session_id}: stored {sorted(stored)}"


async def test_turns_to_random_replicas_are_all_stored_once_in_order(cluster):
    load = Load(cluster, random.Random(18))
    async with http_client() as http:
        sessions = [await load.create(http, load.replica()) for _ in range(SESSIONS)]
        await load.run(http, sessions, turns=4)
        assert not load.failures, load.failures[:5]
        assert sum(len(a) for a in load.acknowledged.values()) == SESSIONS * 4 == load.sent
        await check_histories(http, cluster, load, exact=True)
    assert cluster.half_written() == []
    print(f"\nrandom replicas: {load.sent} turns sent, {SESSIONS * 4} acknowledged, 0 failed")


async def test_messages_to_one_session_through_different_replicas_at_once_are_serialised(cluster):
    # Each session gets three messages at the same moment, one through each replica: all three are answered,
    # as turns n+1, n+2, n+3 in some order, each having seen the ones before it.
    load = Load(cluster, random.Random(19))
    async with http_client() as http:
        sessions = [await load.create(http, load.replica()) for _ in range(8)]
        for _ in range(2):
            await asyncio.gather(*(load.turn(http, s, server) for s in sessions for server in cluster.servers))
        assert not load.failures, load.failures[:5]
        for session_id in sessions:
            assert sorted(load.acknowledged[session_id]) == [1, 2, 3, 4, 5, 6]
        await check_histories(http, cluster, load, exact=True)
    assert cluster.half_written() == []


async def test_sigkill_of_a_replica_mid_load_loses_no_acknowledged_turn(cluster):
    load = Load(cluster, random.Random(20), tolerate=frozenset({"transport"}))
    victim = cluster.servers[0]
    async with http_client() as http:
        sessions = [await load.create(http, load.replica()) for _ in range(SESSIONS)]

        async def kill_soon() -> None:
            # Once some turns went through, while the others are in flight on every replica.
            while sum(len(a) for a in load.acknowledged.values()) < SESSIONS:
                await asyncio.sleep(0.05)
            await asyncio.to_thread(victim.kill)

        try:
            await asyncio.gather(load.run(http, sessions, turns=6), kill_soon())
            assert not load.failures, load.failures[:5]
            assert load.tolerated, "the kill came after the load: nothing was in flight on the killed replica"
            # Every session reached its six turns through the two replicas left.
            assert all(len(load.acknowledged[s]) == 6 for s in sessions)
            # A turn whose client lost its connection may have been stored before the kill: not `exact`.
            await check_histories(http, cluster, load, exact=False)
            assert cluster.half_written() == []
            acknowledged = sum(len(a) for a in load.acknowledged.values())
            print(f"\nSIGKILL: {load.sent} turns sent, {acknowledged} acknowledged, dropped: {dict(load.tolerated)}")
        finally:
            await asyncio.to_thread(victim.start)
        # The restarted replica sees every session as the others do.
        await check_histories(http, cluster, load, exact=False)


async def test_a_postgresql_restart_mid_load_is_503_then_recovers_by_itself(cluster):
    load = Load(cluster, random.Random(21), tolerate=frozenset({"503"}))
    async with http_client() as http:
        sessions = [await load.create(http, load.replica()) for _ in range(SESSIONS)]
        pids = [s.pid for s in cluster.servers]

        async def restart_soon() -> None:
            while sum(len(a) for a in load.acknowledged.values()) < SESSIONS:
                await asyncio.sleep(0.05)
            await asyncio.to_thread(cluster.pg.restart, 2.0)

        await asyncio.gather(load.run(http, sessions, turns=5), restart_soon())
        assert not load.failures, load.failures[:5]
        assert load.tolerated["503"] > 0, "no request met the database while it was down"
        assert all(len(load.acknowledged[s]) == 5 for s in sessions)
        # The same processes served before and after: they recovered by themselves.
        assert [s.pid for s in cluster.servers] == pids and len(cluster.alive()) == REPLICAS
        await check_histories(http, cluster, load, exact=False)
        assert cluster.half_written() == []
        acknowledged = sum(len(a) for a in load.acknowledged.values())
        print(f"\nPostgreSQL restart: {load.sent} turns sent, {acknowledged} acknowledged, {dict(load.tolerated)}")
        for server in cluster.servers:
            ready = await http.get(f"{server.base}/readyz")
            assert ready.status_code == 200 and ready.json()["store_reachable"] is True


# ---- the reverse proxy of the compose profile, in front of the replicas ----------------------------------


class Nginx:
    """deploy/nginx.conf run by Debian's nginx on a loopback port, its upstream set to the given replicas."""

    def __init__(self, servers: list[Any], folder: Any) -> None:
        import re
        import shutil

        binary = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
        if binary is None:
            if os.environ.get("CI"):
                raise AssertionError("nginx is not installed (.ci/run installs Debian's nginx)")
            pytest.skip("nginx is not installed (apt-get install -y nginx)")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        conf = (REPO_ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
        upstream = "".join(f"server 127.0.0.1:{s.port} max_fails=1 fail_timeout=5s;\n        " for s in servers)
        conf, replaced = re.subn(r"server replica:8000 [^;]*;\n\s*", upstream, conf)
        assert replaced == 1, "deploy/nginx.conf no longer names the replica service as its upstream"
        conf, replaced = re.subn(r"listen 80;", f"listen 127.0.0.1:{self.port};", conf)
        assert replaced == 1
        # Where the packaged nginx would write as a system service, this one writes in its own folder.
        paths = "".join(
            f"    {kind}_temp_path {folder}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        conf = f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n" + conf.replace(
            "http {\n", "http {\n" + paths
        )
        (folder / "nginx.conf").write_text(conf, encoding="utf-8")
        self.folder = folder
        self.process = subprocess.Popen(
            [binary, "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(folder / "nginx.conf"),
             "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"nginx exited: {(folder / 'error.log').read_text(errors='replace')}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        raise AssertionError("nginx did not answer within 30 s")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def turns_by_replica(cluster: Cluster) -> list[float]:
    import re

    counts = []
    for server in cluster.alive():
        text = httpx.get(f"{server.base}/metrics", timeout=10).text
        found = re.findall(r'^simxai_turns_total\{[^}]*face="session"[^}]*\} ([0-9.e+]+)$', text, re.MULTILINE)
        counts.append(sum(float(v) for v in found))
    return counts


async def test_the_proxy_spreads_turns_streams_unbuffered_and_routes_around_a_dead_replica(
    cluster, faulty_llm, tmp_path
):
    proxy = Nginx(cluster.alive(), tmp_path)
    try:
        async with httpx.AsyncClient(base_url=proxy.base, timeout=60) as http:
            before = turns_by_replica(cluster)
            session = (await http.post("/v1/sessions")).json()["session_id"]
            for patient in range(9):
                sent = await http.post(f"/v1/sessions/{session}/messages", json={"content": QUESTION.format(patient)})
                assert sent.status_code == 200 and sent.json()["turn"] == patient + 1, sent.text
            gained = [b - a for a, b in zip(before, turns_by_replica(cluster), strict=True)]
            assert sum(gained) == 9 and all(g > 0 for g in gained), f"turns per replica: {gained}"

            # A streamed turn: the function call's event reaches the client while the model's reply is still
            # held back (the mock LLM answers the tool call, then holds the reply's completion until the test
            # releases it on seeing that event). A proxy that buffered the stream would show nothing before
            # the reply, so the client's 60 s timeout would end the test (the hold lasts up to 600 s).
            faulty_llm.hold_limit = 600.0
            faulty_llm.fail_next("ok", "hold")
            names: list[str] = []
            released_on: str | None = None
            try:
                async with http.stream(
                    "POST",
                    f"/v1/sessions/{session}/messages",
                    json={"content": QUESTION.format(7)},
                    headers={"Accept": "text/event-stream"},
                ) as stream:
                    assert stream.status_code == 200
                    async for line in stream.aiter_lines():
                        if line.startswith("event:"):
                            names.append(line[6:].strip())
                            if released_on is None and names[-1] == "call":
                                released_on = names[-1]
                                faulty_llm.release()
            finally:
                faulty_llm.release()
                faulty_llm.hold_limit = 60.0
            assert names[0] == "call" and names[-1] == "done", names
            assert released_on == "call" and names.index("call") < names.index("done"), names

            # One replica dies: the proxy sends the next requests to the others, and none fails.
            await asyncio.to_thread(cluster.servers[1].kill)
            for patient in range(6):
                sent = await http.post(f"/v1/sessions/{session}/messages", json={"content": QUESTION.format(patient)})
                assert sent.status_code == 200 and sent.json()["turn"] == 11 + patient, sent.text
            history = (await http.get(f"/v1/sessions/{session}")).json()
            assert [t["turn"] for t in history["turns"]] == list(range(1, 17))
    finally:
        proxy.stop()
