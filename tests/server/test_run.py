"""`simxai serve`: options over environment over defaults, and the real command serving and restarting."""

from __future__ import annotations

import argparse
import gc
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from simxai.backends import load_backend
from simxai.cli import build_parser
from simxai.exceptions import HostError, UsageError
from simxai.server.app import create_app
from simxai.server.run import serve, settings_from_args
from simxai.server.settings import ServerSettings
from tests.child_process import wait_until

from .helpers import free_port, serving

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_no_options_means_defaults():
    settings = settings_from_args(build_parser().parse_args(["serve"]))
    assert (settings.bind, settings.port, settings.backend) == ("127.0.0.1", 8000, "router")
    assert settings.host_config is None and settings.host_url is None and settings.fallback_to_router is False
    assert settings.db_path == "simxai-sessions.db"


def test_options_override_the_environment(monkeypatch):
    monkeypatch.setenv("SIMXAI_PORT", "9001")
    monkeypatch.setenv("SIMXAI_BACKEND", "openai:from-env")
    monkeypatch.setenv("SIMXAI_HOST_URL", "http://host.example")
    settings = settings_from_args(build_parser().parse_args(["serve", "--bind", "0.0.0.0"]))
    assert (settings.bind, settings.port, settings.backend) == ("0.0.0.0", 9001, "openai:from-env")
    args = [
        "serve", "--port", "8123", "--backend", "openai:ToolACE", "--base-url", "http://gpu:8000/v1",
        "--host-config", "my-host.yaml", "--fallback-to-router",
    ]  # fmt: skip
    settings = settings_from_args(build_parser().parse_args(args))
    assert (settings.port, settings.backend, settings.base_url) == (
        8123,
        "openai:ToolACE",
        "http://gpu:8000/v1",
    )
    # A host given on the command line replaces the environment's, even of the other kind.
    assert settings.host_config == "my-host.yaml" and settings.host_url is None
    assert settings.fallback_to_router is True


def test_a_namespace_with_every_option_none_falls_back():
    names = ("bind", "port", "backend", "base_url", "host", "host_config", "host_url", "fallback_to_router")
    settings = settings_from_args(argparse.Namespace(**dict.fromkeys(names)))
    assert (settings.bind, settings.port) == ("127.0.0.1", 8000)


def test_a_bad_backend_fails_before_binding(monkeypatch, demo_host):
    monkeypatch.setattr("simxai.settings.load_host", lambda settings: demo_host)
    with pytest.raises(UsageError, match="unknown backend 'gpt'"):
        serve(build_parser().parse_args(["serve", "--backend", "gpt", "--port", "1"]))


def test_an_unreachable_remote_host_fails_before_binding():
    with pytest.raises(HostError, match="cannot reach the remote host at http://127.0.0.1:9"):
        serve(build_parser().parse_args(["serve", "--host-url", "http://127.0.0.1:9", "--port", "1"]))


@pytest.mark.parametrize(
    ("given_host", "freeze_gc", "frozen"),
    [(True, False, False), (True, True, True), (False, False, True)],
    ids=["a test's host: never", "serve's flag", "the factory's own host"],
)
async def test_startup_freezes_the_collector_only_in_a_process_of_the_apps_own(
    monkeypatch, demo_host, given_host, freeze_gc, frozen
):
    freezes: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: freezes.append(True))
    monkeypatch.setattr("simxai.server.app.load_host", lambda settings: demo_host)
    app = create_app(
        ServerSettings(db_path=":memory:"),
        host=demo_host if given_host else None,
        backend=load_backend("router"),
        freeze_gc=freeze_gc,
    )
    assert freezes == []  # building the app freezes nothing: its startup does, after the agent and store
    async with serving(app) as client:
        assert (await client.get("/readyz")).status_code == 200
    assert freezes == ([True] if frozen else [])


def _start(cwd: Path, port: int) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SIMXAI_")}
    env["PYTHONPATH"] = str(REPO_ROOT)
    return subprocess.Popen(
        [sys.executable, "-m", "simxai.cli", "serve", "--port", str(port)],
        cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip


def _wait_ready(process: subprocess.Popen[str], base: str) -> None:
    """Until /readyz answers 200; a server that exits, spends 300 s of CPU (it needs 10-20) or hangs fails."""

    def ready() -> bool:
        try:
            return httpx.get(f"{base}/readyz", timeout=5).status_code == 200
        except httpx.TransportError:
            return False

    def log() -> str:
        return process.stdout.read() if process.stdout else ""

    wait_until(ready, process, what="the server is ready", cpu_limit=300, output=log)


def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    try:
        output, _ = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
    return output


@pytest.mark.slow
def test_the_command_serves_and_a_session_survives_a_restart(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = _start(tmp_path, port)
    try:
        _wait_ready(process, base)
        with httpx.Client(base_url=base, timeout=30) as http:
            session_id = http.post("/v1/sessions").json()["session_id"]
            for text in ("what does the model predict for patient 12?", "why?", "how accurate is the model?"):
                turn = http.post(f"/v1/sessions/{session_id}/messages", json={"content": text})
                assert turn.status_code == 200 and turn.json()["reply"]
            before = http.get(f"/v1/sessions/{session_id}").json()
            assert [t["calls"][0]["function"] for t in before["turns"]] == [
                "get_prediction",
                "get_local_explanation",
                "get_model_performance",
            ]
    finally:
        log = _stop(process)
    # Ctrl-C: uvicorn shuts down cleanly, then (in recent versions) re-raises the signal, which the CLI turns
    # into the conventional exit code 130.
    assert process.returncode in (0, 130), log
    assert "Application shutdown complete" in log and "Traceback" not in log
    # The startup log says which backend and host serve, where sessions go, and how to switch to vLLM.
    assert "backend router (offline" in log and "host diabetes" in log
    assert str(tmp_path / "simxai-sessions.db") in log
    assert "vLLM" in log and "--backend openai:" in log
    assert (tmp_path / "simxai-sessions.db").exists()

    process = _start(tmp_path, port)
    try:
        _wait_ready(process, base)
        with httpx.Client(base_url=base, timeout=30) as http:
            assert http.get(f"/v1/sessions/{session_id}").json() == before
            # The patient in focus comes from the stored dialogue ("why?" right after a metric question asks
            # whether the model or the patient is meant, so a what-if on "her" is the unambiguous follow-up).
            what_if = http.post(f"/v1/sessions/{session_id}/messages", json={"content": "what if her bmi were 30?"})
            call = what_if.json()["calls"][0]
            assert call["function"] == "explain_what_if" and call["arguments"]["instance"] == 12
    finally:
        _stop(process)
