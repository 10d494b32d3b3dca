"""`simxai call --server URL`: a one-shot call answered by a running server, in the words of a local call (newuser49).

A local `simxai call` loads the host in its own process on every call (the model's libraries and the model: seconds
of CPU); asking a running `simxai serve` skips that. The same result and the same one-line refusals either way.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from simxai.cli import main

from .helpers import free_port, served_app


@pytest.fixture
def served(demo_host) -> Iterator[str]:
    yield from _serve(demo_host)


def _serve(host, **settings) -> Iterator[str]:
    with served_app(host, **settings) as url:
        yield url


def _both(capsys, served: str, name: str, arguments: str) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    """(exit code, stdout, stderr) of the call made locally, then through the server."""
    answers = []
    for extra in ([], ["--server", served]):
        code = main(["call", name, "--args", arguments, *extra])
        out, err = capsys.readouterr()
        answers.append((code, out, err))
    return answers[0], answers[1]


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("get_prediction", '{"instance": 12}'),
        ("explain_what_if", '{"instance": 12, "changes": {"bmi": 30}}'),
        ("get_model_performance", '{"metric": "accuracy"}'),
    ],
)
def test_a_result_through_the_server_is_the_local_one(capsys, served, name, arguments) -> None:
    local, remote = _both(capsys, served, name, arguments)
    assert local[0] == remote[0] == 0
    assert json.loads(remote[1]) == json.loads(local[1])


@pytest.mark.parametrize(
    "arguments", ['{"instance": 99999}', '{"instance": {"bmi": 30}}', '{"instance": 12, "changes": {"bmii": 30}}']
)
def test_a_refusal_through_the_server_is_the_local_one(capsys, served, arguments) -> None:
    local, remote = _both(capsys, served, "explain_what_if", arguments)
    assert local[0] == remote[0] == 2
    assert remote[2] == local[2] and remote[2].startswith("simxai: ")


def test_an_unknown_function_lists_the_valid_ones(capsys, served) -> None:
    assert main(["call", "get_predction", "--server", served]) == 2
    err = capsys.readouterr().err
    assert err.startswith("simxai: There is no function 'get_predction'; valid: get_prediction, ")


def test_a_server_nobody_runs_says_how_to_start_one(capsys) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    assert main(["call", "get_prediction", "--args", '{"instance": 12}', "--server", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"simxai: cannot reach a SimXAI server at {url} (")
    assert "start one with `simxai serve --host-config host.yaml`, or leave out --server" in err


def test_a_host_option_beside_server_is_refused(capsys, served) -> None:
    assert main(["call", "get_prediction", "--server", served, "--host-config", "host.yaml"]) == 2
    assert capsys.readouterr().err == "simxai: --server asks the host that server loaded; leave out --host-config\n"


def test_the_api_key_is_sent(capsys, demo_host) -> None:
    for url in _serve(demo_host, api_keys=["key-of-round-49"]):
        assert main(["call", "get_prediction", "--args", '{"instance": 12}', "--server", url]) == 2
        assert "API key" in capsys.readouterr().err
        assert (
            main(
                [
                    "call",
                    "get_prediction",
                    "--args",
                    '{"instance": 12}',
                    "--server",
                    url,
                    "--api-key",
                    "key-of-round-49",
                ]
            )
            == 0
        )
        assert json.loads(capsys.readouterr().out)["subject"]["id"] == 12


def test_a_one_shot_call_imports_neither_the_agent_nor_the_guard() -> None:
    script = (
        "import sys, simxai, simxai.cli, simxai.functions, simxai.settings\n"
        "heavy = ['simxai.agent', 'simxai.guard', 'simxai.backends', 'simxai.extraction', 'pandas', 'sklearn']\n"
        "print([m for m in heavy if m in sys.modules])\n"
        "from simxai import Agent, GuardReport, default_registry, load_backend\n"
        "print(Agent.__module__, GuardReport.__module__, len(default_registry()), load_backend.__module__)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True)
    assert done.stdout.splitlines() == ["[]", "simxai.agent simxai.guard._checks 11 simxai.backends"]
