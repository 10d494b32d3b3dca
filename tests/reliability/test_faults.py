"""Fault injection against real server processes: a failing LLM server, and SIGKILL between and during turns.

The SimXAI server runs as `python -m simxai.cli serve` with the `openai:mock` backend pointed at `FaultyLLM`
(conftest), sessions in a SQLite file under the test's temporary folder, and a 1-second backend timeout. What
must hold: every client gets a clear status (503 naming the failure, or 200 from the router when the fallback
is on); a failed turn stores nothing; every turn whose 200 a client received survives SIGKILL; the session
file passes `PRAGMA integrity_check`; and every session accepts new turns afterwards.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

QUESTION = "what does the model predict for patient {}?"

#: Each persistent fault (every attempt of the backend's three fails) and what the 503 message must name.
FAULTS: dict[str, tuple[str, ...]] = {
    "slow": ("ReadTimeout",),
    "http500": ("HTTP 500",),  # what the upstream said ("CUDA out of memory") is logged, never relayed
    "truncated": ("not valid JSON",),
    "drop": ("RemoteProtocolError", "Server disconnected without sending a response"),
    "cut": ("RemoteProtocolError", "without sending complete message body"),
}
ATTEMPTS = 3  # OpenAIBackend's default: one attempt and two retries
STREAM = {"Accept": "text/event-stream"}


@pytest.fixture(scope="module")
def plain_server(faulty_llm, server_factory) -> Iterator[Any]:
    """A server without the router fallback."""
    server = server_factory(faulty_llm.base_url, SIMXAI_TIMEOUT="1").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def fallback_server(faulty_llm, server_factory) -> Iterator[Any]:
    """A server that answers with the offline router when the LLM fails."""
    server = server_factory(faulty_llm.base_url, SIMXAI_TIMEOUT="1", SIMXAI_FALLBACK_TO_ROUTER="true").start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _fresh_llm(faulty_llm) -> Iterator[None]:
    faulty_llm.reset()
    yield
    faulty_llm.reset()


def client(server: Any, timeout: float = 60.0) -> httpx.Client:
    return httpx.Client(base_url=server.base, timeout=timeout)


def new_session(http: httpx.Client) -> str:
    response = http.post("/v1/sessions")
    assert response.status_code == 201, response.text
    return str(response.json()["session_id"])


def ask(http: httpx.Client, session_id: str, patient: int, **kwargs: Any) -> httpx.Response:
    return http.post(f"/v1/sessions/{session_id}/messages", json={"content": QUESTION.format(patient)}, **kwargs)


def assert_answered(response: httpx.Response, patient: int, *, backend: str = "openai:mock") -> dict[str, Any]:
    assert response.status_code == 200, response.text
    turn = response.json()
    call = turn["calls"][0]
    assert (call["function"], call["status"], call["arguments"]["instance"]) == (
        "get_prediction",
        "ok",
        patient,
    )
    assert turn["backend"] == backend
    return dict(turn)


def assert_clear_503(response: httpx.Response, needles: tuple[str, ...]) -> None:
    assert response.status_code == 503, response.text
    body = response.json()
    assert body["type"] == "backend_unavailable"
    assert body["error"].startswith("The language-model backend failed: ")
    for needle in needles:
        assert needle in body["error"], body["error"]
    assert "--fallback-to-router" in body["error"]
    assert "Traceback" not in response.text


def parse_sse(text: str) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events


def history(http: httpx.Client, session_id: str) -> dict[str, Any]:
    response = http.get(f"/v1/sessions/{session_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


# ---- the LLM server fails ------------------------------------------------------------------------------


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_failing_llm_is_a_clear_503_and_the_session_stays_usable(plain_server, faulty_llm, fault):
    with client(plain_server) as http:
        session_id = new_session(http)
        first = assert_answered(ask(http, session_id, 12), 12)
        faulty_llm.fail_next(*[fault] * ATTEMPTS)
        assert_clear_503(ask(http, session_id, 40), FAULTS[fault])
        # The failed turn stored nothing: the history is exactly what the client was told.
        after = history(http, session_id)
        assert after["turn_count"] == 1 and after["turns"] == [first]
        again = assert_answered(ask(http, session_id, 40), 40)
        assert again["turn"] == 2


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_fault_after_the_function_ran_stores_nothing(plain_server, faulty_llm, fault):
    """Mid-run: the model's call succeeds and the function runs; then the completion for the reply fails."""
    with client(plain_server) as http:
        session_id = new_session(http)
        faulty_llm.fail_next("ok", *[fault] * ATTEMPTS)
        assert_clear_503(ask(http, session_id, 12), FAULTS[fault])
        assert history(http, session_id)["turn_count"] == 0
        assert_answered(ask(http, session_id, 12), 12)


@pytest.mark.parametrize("fault", ["http500", "cut"])
def test_a_fault_mid_stream_ends_the_stream_with_an_error_event(plain_server, faulty_llm, fault):
    with client(plain_server) as http:
        session_id = new_session(http)
        faulty_llm.fail_next("ok", *[fault] * ATTEMPTS)
        response = ask(http, session_id, 12, headers=STREAM)
        assert response.status_code == 200  # the stream had started when the LLM failed
        # `progress` events may come while the retries wait (after each second without another event).
        events = [(name, data) for name, data in parse_sse(response.text) if name != "progress"]
        # The call that ran was streamed; then the failure, with its status; never a `done`.
        assert [name for name, _ in events] == ["call", "error"], events
        assert events[0][1]["function"] == "get_prediction"
        error = events[1][1]
        assert error["status"] == 503 and error["type"] == "backend_unavailable"
        assert all(needle in error["error"] for needle in FAULTS[fault])
        assert "Traceback" not in response.text
        assert history(http, session_id)["turn_count"] == 0


def test_the_openai_face_reports_a_failing_llm_in_openai_shape(plain_server, faulty_llm):
    faulty_llm.fail_next(*["http500"] * ATTEMPTS)
    with client(plain_server) as http:
        response = http.post(
            "/v1/chat/completions",
            json={"model": "simxai", "messages": [{"role": "user", "content": QUESTION.format(3)}]},
        )
    assert response.status_code == 503
    error = response.json()["error"]
    assert error["type"] == "backend_unavailable" and "HTTP 500" in error["message"]


@pytest.mark.parametrize("fault", list(FAULTS))
def test_one_transient_fault_is_retried_and_the_turn_succeeds(plain_server, faulty_llm, fault):
    with client(plain_server) as http:
        session_id = new_session(http)
        faulty_llm.fail_next(fault)
        before = faulty_llm.completions
        assert_answered(ask(http, session_id, 7), 7)
        # Two completions for the turn, plus the one retried attempt.
        assert faulty_llm.completions - before == 3


@pytest.mark.parametrize("fault", list(FAULTS))
def test_with_the_router_fallback_every_fault_is_answered(fallback_server, faulty_llm, fault):
    with client(fallback_server) as http:
        session_id = new_session(http)
        faulty_llm.fail_next(*[fault] * ATTEMPTS)
        turn = assert_answered(ask(http, session_id, 12), 12, backend="router")
        assert turn["fallback"].startswith("router: openai:mock failed")
        assert all(needle in turn["fallback"] for needle in FAULTS[fault])
        assert history(http, session_id)["turns"] == [turn]
        # The LLM is back: the next turn uses it again.
        assert_answered(ask(http, session_id, 13), 13)


def test_with_the_router_fallback_a_fault_after_the_function_ran_is_answered(fallback_server, faulty_llm):
    with client(fallback_server) as http:
        session_id = new_session(http)
        faulty_llm.fail_next("ok", *["http500"] * ATTEMPTS)
        turn = assert_answered(ask(http, session_id, 21), 21, backend="router")
        # The function's result stands; the router, which writes no prose, replies with its rendering.
        assert turn["reply"].startswith("The model predicts") and "patient 21" in turn["reply"]
        assert "HTTP 500" in turn["fallback"]
        assert history(http, session_id)["turns"] == [turn]


def test_an_llm_server_that_is_down_then_back(plain_server, fallback_server, faulty_llm):
    with client(plain_server) as plain, client(fallback_server) as fallback:
        plain_id, fallback_id = new_session(plain), new_session(fallback)
        faulty_llm.stop_listening()
        try:
            assert_clear_503(ask(plain, plain_id, 5), ("ConnectError", f"after {ATTEMPTS} attempts"))
            ready = plain.get("/readyz")
            assert ready.status_code == 503 and ready.json()["backend_reachable"] is False
            turn = assert_answered(ask(fallback, fallback_id, 5), 5, backend="router")
            assert "ConnectError" in turn["fallback"]
            ready = fallback.get("/readyz")
            assert ready.status_code == 200 and ready.json()["fallback"] == "router"
        finally:
            faulty_llm.start_listening()
        assert plain.get("/readyz").status_code == 200
        assert_answered(ask(plain, plain_id, 5), 5)
        assert history(plain, plain_id)["turn_count"] == 1


def test_a_client_that_leaves_mid_stream_still_gets_its_turn_stored(plain_server, faulty_llm):
    with client(plain_server) as http:
        session_id = new_session(http)
        faulty_llm.fail_next("ok", "hold")
        with http.stream(
            "POST",
            f"/v1/sessions/{session_id}/messages",
            json={"content": QUESTION.format(9)},
            headers=STREAM,
        ) as response:
            first = next(response.iter_lines())
            assert first == "event: call"
        # The client has gone; the held completion now answers.
        assert faulty_llm.wait_arrival() == "ok" and faulty_llm.wait_arrival() == "hold"
        faulty_llm.release()
        deadline = time.monotonic() + 30
        while history(http, session_id)["turn_count"] == 0:
            assert time.monotonic() < deadline, "the abandoned streamed turn was not stored within 30 s"
            time.sleep(0.05)
        stored = history(http, session_id)["turns"][0]
        assert stored["calls"][0]["arguments"]["instance"] == 9 and stored["reply"].startswith("The model predicts")


# ---- the server process is killed ----------------------------------------------------------------------


def assert_survived(http: httpx.Client, acknowledged: dict[str, dict[int, dict[str, Any]]], kills: int = 1) -> None:
    """Every acknowledged turn is stored as the client got it; per kill, at most one unacknowledged one."""
    for session_id, turns in acknowledged.items():
        stored = history(http, session_id)
        numbers = [t["turn"] for t in stored["turns"]]
        assert numbers == list(range(1, stored["turn_count"] + 1)), numbers
        for number, response in turns.items():
            assert stored["turns"][number - 1] == response, f"session {session_id} turn {number} differs"
        # A client sends one turn at a time, so a kill can leave at most its in-flight turn stored unanswered.
        assert len(turns) <= stored["turn_count"] <= len(turns) + kills


def test_sigkill_between_turns_loses_nothing(server_factory, faulty_llm, check_integrity):
    server = server_factory(faulty_llm.base_url, SIMXAI_TIMEOUT="5").start()
    acknowledged: dict[str, dict[int, dict[str, Any]]] = {}
    with client(server) as http:
        for s in range(3):
            session_id = new_session(http)
            acknowledged[session_id] = {}
            for k in range(3):
                turn = assert_answered(ask(http, session_id, 10 * s + k), 10 * s + k)
                acknowledged[session_id][turn["turn"]] = turn
    server.kill()
    assert check_integrity(server.db_path) == ("ok", 3, 9)
    server.start()
    with client(server) as http:
        assert_survived(http, acknowledged)
        for session_id in acknowledged:
            assert history(http, session_id)["turn_count"] == 3
            assert assert_answered(ask(http, session_id, 100), 100)["turn"] == 4
    server.stop()
    assert check_integrity(server.db_path) == ("ok", 3, 12)


@pytest.mark.parametrize("streamed", [False, True], ids=["json", "sse"])
def test_sigkill_during_a_turn_keeps_the_acknowledged_turns(server_factory, faulty_llm, check_integrity, streamed):
    server = server_factory(faulty_llm.base_url, SIMXAI_TIMEOUT="30").start()
    with client(server) as http:
        session_id = new_session(http)
        acknowledged = {session_id: {}}
        for patient in (1, 2):
            turn = assert_answered(ask(http, session_id, patient), patient)
            acknowledged[session_id][turn["turn"]] = turn
        # The third turn's function has run and its reply completion is held when the process dies.
        faulty_llm.reset()
        faulty_llm.fail_next("ok", "hold")
        outcome: dict[str, Any] = {}

        def third_turn() -> None:
            try:
                outcome["response"] = ask(http, session_id, 3, headers=STREAM if streamed else {})
            except httpx.TransportError as exc:
                outcome["error"] = exc

        sender = threading.Thread(target=third_turn)
        sender.start()
        assert faulty_llm.wait_arrival() == "ok" and faulty_llm.wait_arrival() == "hold"
        server.kill()
        sender.join(30)
        assert not sender.is_alive()
    faulty_llm.release()
    # The client was not acknowledged: a transport error, or a stream that ended without `done`.
    if "response" in outcome:
        assert streamed and "event: done" not in outcome["response"].text
    else:
        assert isinstance(outcome["error"], httpx.TransportError)
    check, sessions, turns = check_integrity(server.db_path)
    assert (check, sessions, turns) == ("ok", 1, 2)
    server.start()
    with client(server) as http:
        assert_survived(http, acknowledged)
        assert history(http, session_id)["turn_count"] == 2
        assert assert_answered(ask(http, session_id, 3), 3)["turn"] == 3
    server.stop()


class Load:
    """Clients that send one session's turns back to back, recording each acknowledged turn."""

    def __init__(self, server: Any, acknowledged: dict[str, dict[int, dict[str, Any]]]) -> None:
        self.server = server
        self.acknowledged = acknowledged
        self.stop = threading.Event()
        self.lock = threading.Condition()
        self.failures: list[str] = []
        #: Turns acknowledged by this load (this server life), for `wait_for`.
        self.count = 0

    def run(self, session_id: str, index: int) -> None:
        with client(self.server, timeout=30) as http:
            for k in range(40):  # bounded even if the kill never came
                if self.stop.is_set():
                    return
                patient = (index * 37 + k * 11) % 442
                try:
                    response = ask(http, session_id, patient)
                except httpx.TransportError:
                    return  # the server died under this request: not acknowledged
                try:
                    turn = assert_answered(response, patient)
                except AssertionError as exc:  # reported by the main thread
                    with self.lock:
                        self.failures.append(f"session {index} turn {k}: {exc}")
                        self.lock.notify_all()
                    return
                with self.lock:
                    self.acknowledged[session_id][turn["turn"]] = turn
                    self.count += 1
                    self.lock.notify_all()

    def wait_for(self, turns: int, deadline: float = 120.0) -> None:
        """Block until `turns` turns are acknowledged (or a client failed); fail after `deadline` seconds."""
        with self.lock:
            reached = self.lock.wait_for(lambda: self.count >= turns or bool(self.failures), deadline)
            assert reached, f"only {self.count} of {turns} turns acknowledged within {deadline:.0f} s"


@pytest.mark.slow
def test_repeated_sigkill_under_concurrent_load(server_factory, faulty_llm, check_integrity):
    """Eight sessions send turns back to back; the server is killed mid-load, three times over.

    Each kill comes once a (seeded) random number of turns, 8 to 40, has been acknowledged in that server life,
    while the other clients' turns are in flight: what is checked is the durable state, never the timing.
    Every acknowledged turn is stored as its client got it, at most one unacknowledged turn per session and
    kill is stored, the file passes `PRAGMA integrity_check`, and every session accepts a next turn.
    """
    faulty_llm.latency = 0.01
    server = server_factory(faulty_llm.base_url, SIMXAI_TIMEOUT="30", SIMXAI_MAX_HISTORY_MESSAGES="2000")
    rng = random.Random(20240611)
    acknowledged: dict[str, dict[int, dict[str, Any]]] = {}
    server.start()
    with client(server) as http:
        sessions = [new_session(http) for _ in range(8)]
    for session_id in sessions:
        acknowledged[session_id] = {}
    try:
        for cycle in range(3):
            if cycle:
                server.start()
                with client(server) as http:
                    assert_survived(http, acknowledged, kills=cycle)
            load = Load(server, acknowledged)
            threads = [threading.Thread(target=load.run, args=(s, i)) for i, s in enumerate(sessions)]
            for thread in threads:
                thread.start()
            target = rng.randint(8, 40)  # of the 320 turns the clients would send: the kill comes mid-load
            load.wait_for(target)
            in_flight = sum(thread.is_alive() for thread in threads)
            server.kill()
            load.stop.set()
            for thread in threads:
                thread.join(60)
            assert not any(thread.is_alive() for thread in threads)
            assert not load.failures, load.failures
            assert load.count >= target and in_flight, (load.count, in_flight)
            check, stored_sessions, _ = check_integrity(server.db_path)
            assert (check, stored_sessions) == ("ok", len(sessions))
        server.start()
        with client(server) as http:
            assert_survived(http, acknowledged, kills=3)
            for session_id in sessions:
                count = history(http, session_id)["turn_count"]
                assert assert_answered(ask(http, session_id, 1), 1)["turn"] == count + 1
    finally:
        faulty_llm.latency = 0.0
        server.stop()
    assert check_integrity(server.db_path)[0] == "ok"
