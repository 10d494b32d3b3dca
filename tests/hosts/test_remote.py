"""The host REST contract end to end: demo host → reference server (HTTP) → RemoteHost → the functions."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
import uvicorn

from simxai.agent import Agent, AgentSettings
from simxai.backends.testing import ScriptedBackend, call
from simxai.exceptions import ArgumentError, HostError, UsageError
from simxai.functions import default_registry, get_data_information
from simxai.hosts.base import Host
from simxai.hosts.remote import API_PREFIX, RemoteHost
from simxai.results import ModelInformationResult, Subject
from simxai.settings import Settings, load_host
from tests.child_process import wait_until

REPO_ROOT = Path(__file__).resolve().parents[2]
SERVER_SCRIPT = REPO_ROOT / "examples" / "host_server.py"


def _load_server_module() -> ModuleType:
    # examples/ is not a package: load the reference server from its path, as a user would run it.
    spec = importlib.util.spec_from_file_location("simxai_example_host_server", SERVER_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


host_server = _load_server_module()


class LiveServer:
    """A uvicorn server on a free loopback port, in a background thread."""

    def __init__(self, app: Any) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        config = uvicorn.Config(app, lifespan="off", ws="none", http="h11", log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        # In this process, so nothing to import: 300 s only catch a start that hangs, however loaded the machine.
        deadline = time.monotonic() + 300
        while not self.server.started:
            assert self.thread.is_alive(), "the test server's thread ended before it started"
            assert time.monotonic() < deadline, "the test server did not start within 300 s (hung)"
            time.sleep(0.01)
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()


@pytest.fixture(scope="module")
def server(demo_host) -> Iterator[LiveServer]:
    with LiveServer(host_server.create_host_app(demo_host)) as live:
        yield live


@pytest.fixture
def remote(server) -> Iterator[RemoteHost]:
    with RemoteHost(server.url) as host:
        yield host


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _error_fields(exc: ArgumentError) -> tuple[Any, ...]:
    return (type(exc), str(exc), exc.argument, exc.valid, exc.missing, exc.suggestions)


# Every function, with the argument shapes each one takes: a row id, a group condition, custom values.
CALLS = [
    ("get_prediction", {"instance": 12}),
    ("get_prediction", {"instance": "bmi > 30 and age < 50"}),
    ("get_prediction", {"instance": {"id": 3, "bmi": 31.5}}),
    ("get_global_explanation", {}),
    ("get_local_explanation", {"instance": 12}),
    ("get_local_explanation", {"instance": 12, "prediction_label": "stable"}),
    ("get_local_explanation", {"instance": "glucose > 100"}),
    ("explain_why_not", {"instance": 12}),
    ("explain_how_to_be_that", {"instance": 3, "number_of_iterations": 2}),
    ("explain_how_to_still_be_this", {"instance": 12}),
    ("explain_what_if", {"instance": 12, "changes": {"bmi": 30, "glucose": "-5", "sex": "2"}}),
    ("explain_what_if", {"instance": "bmi > 30", "changes": {"bmi": "-10%"}}),
    ("get_model_performance", {"metric": "all"}),
    ("get_model_performance", {"metric": "confusion_matrix"}),
    ("get_data_information", {}),
    ("get_data_information", {"feature": "bmi"}),
    ("get_model_information", {}),
    ("get_output_information", {}),
]


def test_the_calls_cover_all_eleven_functions():
    assert {name for name, _ in CALLS} == set(default_registry().names())


@pytest.mark.parametrize(("name", "arguments"), CALLS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CALLS)])
def test_every_function_gives_the_local_result(remote, demo_host, name, arguments):
    function = default_registry().get(name)
    over_http = function(remote, arguments)
    local = function(demo_host, arguments)
    assert type(over_http) is type(local)
    assert over_http == local
    assert over_http.render() == local.render()


# A text host: subjects carry the text, attributions are words, still-this answers with word edits.
TEXT_CALLS = [
    ("get_prediction", {"instance": "I loved this film"}),
    ("get_local_explanation", {"instance": "the plot was dull"}),
    ("explain_why_not", {"instance": "the plot was dull"}),
    ("explain_how_to_still_be_this", {"instance": "I loved this film"}),
    ("explain_what_if", {"instance": "I loved this film", "changes": {"loved": "hated"}}),
    ("get_global_explanation", {}),
]


@pytest.fixture(scope="module")
def sentiment() -> Iterator[tuple[Host, str]]:
    from simxai.hosts.sentiment import load_sentiment_host

    host = load_sentiment_host()
    with LiveServer(host_server.create_host_app(host)) as live:
        yield host, live.url


@pytest.mark.parametrize(("name", "arguments"), TEXT_CALLS, ids=[n for n, _ in TEXT_CALLS])
def test_a_text_host_round_trips_too(sentiment, name, arguments):
    host, url = sentiment
    function = default_registry().get(name)
    with RemoteHost(url) as remote:
        assert function(remote, arguments) == function(host, arguments)


def test_remote_host_satisfies_the_protocol_and_matches_the_schema(remote, demo_host):
    assert isinstance(remote, Host)
    assert remote.schema() == demo_host.schema()


ERRORS = [
    ("get_prediction", {"instance": 9999}),  # unknown id
    ("get_prediction", {"instance": {"bmi": 30}}),  # a custom instance with features missing
    ("explain_what_if", {"instance": 12, "changes": {"bmii": 30}}),  # unknown feature, with a suggestion
    ("get_data_information", {"feature": "glucos"}),  # unknown feature on a card
    ("explain_why_not", {"instance": "bmi > 30"}),  # a group where one instance is needed
    ("get_local_explanation", {"instance": 12, "prediction_label": "stabel"}),  # checked against the schema
]


@pytest.mark.parametrize(("name", "arguments"), ERRORS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(ERRORS)])
def test_argument_errors_round_trip_with_every_field(remote, demo_host, name, arguments):
    function = default_registry().get(name)
    with pytest.raises(ArgumentError) as local:
        function(demo_host, arguments)
    with pytest.raises(ArgumentError) as over_http:
        function(remote, arguments)
    assert _error_fields(over_http.value) == _error_fields(local.value)


def test_suggestions_and_missing_survive_the_wire(remote):
    with pytest.raises(ArgumentError) as unknown:
        remote.what_if(remote.resolve(12), {"bmii": 30})
    assert unknown.value.argument == "changes" and unknown.value.suggestions == ["bmi"]
    with pytest.raises(ArgumentError) as partial:
        remote.resolve({"bmi": 30})
    assert "glucose" in partial.value.missing and "bmi" not in partial.value.missing


async def test_the_conversation_asks_for_missing_values_of_a_remote_host(remote, demo_host):
    turns = []
    for host in (demo_host, remote):
        backend = ScriptedBackend([call("get_prediction", instance={"bmi": 30})])
        agent = Agent(host, backend, settings=AgentSettings(guard=False))
        turns.append(await agent.run_turn("and with bmi 30?"))
        backend.assert_complete()
    local, over_http = turns
    assert over_http.clarification is not None and over_http.clarification == local.clarification
    assert over_http.reply == local.reply and "glucose" in over_http.reply


def test_schema_is_fetched_once(server, demo_host):
    paths: list[str] = []

    class Counting(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            paths.append(request.url.path)
            return super().handle_request(request)

    with RemoteHost(server.url, transport=Counting()) as remote:
        for _ in range(3):
            explain = default_registry().get("get_local_explanation")
            explain(remote, {"instance": 1, "prediction_label": "stable"})
    assert paths.count(f"{API_PREFIX}/schema") == 1
    assert paths.count(f"{API_PREFIX}/local-explanation") == 3


class FailingHost:
    """Delegates to the demo host, except for two methods that fail."""

    def __init__(self, inner: Host) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def model_information(self) -> ModelInformationResult:
        raise HostError("this host has no model card")

    def output_information(self) -> Any:
        raise RuntimeError("the card file is corrupt")


@pytest.fixture(scope="module")
def failing_server(demo_host) -> Iterator[LiveServer]:
    with LiveServer(host_server.create_host_app(FailingHost(demo_host))) as live:
        yield live


def test_host_errors_carry_the_servers_message(failing_server):
    with RemoteHost(failing_server.url) as remote:
        with pytest.raises(HostError, match="this host has no model card") as known:
            remote.model_information()
        with pytest.raises(HostError, match="RuntimeError: the card file is corrupt") as unexpected:
            remote.output_information()
    for exc in (known, unexpected):
        assert failing_server.url in str(exc.value) and "HTTP 500" in str(exc.value)


def test_server_down_names_the_url():
    url = f"http://127.0.0.1:{_free_port()}"
    with RemoteHost(url, timeout=2) as remote, pytest.raises(HostError, match="cannot reach") as exc:
        remote.schema()
    assert url in str(exc.value) and f"GET {API_PREFIX}/schema" in str(exc.value)


def test_timeout_names_the_url():
    def slow(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    remote = RemoteHost("http://hosts.example:9000/app", timeout=1.5, transport=httpx.MockTransport(slow))
    with pytest.raises(HostError) as exc:
        remote.model_information()
    message = str(exc.value)
    assert "http://hosts.example:9000/app" in message and "within 1.5 s" in message


def _answering(status: int, content: bytes) -> httpx.MockTransport:
    return httpx.MockTransport(lambda request: httpx.Response(status, content=content))


def test_malformed_response_says_which_endpoint_returned_what(demo_host):
    remote = RemoteHost("http://h:1", transport=_answering(200, b'{"kind": "prediction", "label": "stable"}'))
    with pytest.raises(HostError) as exc:
        remote.predict(demo_host.resolve(1))
    message = str(exc.value)
    assert f"POST {API_PREFIX}/predict" in message and "PredictionResult" in message
    assert "subject: Field required" in message and '"label": "stable"' in message


def test_a_body_that_is_not_json_is_a_host_error():
    remote = RemoteHost("http://h:1", transport=_answering(200, b"<html>proxy error</html>"))
    expected = r"GET /v1/host/output-information .*not a valid OutputInformationResult.*proxy error"
    with pytest.raises(HostError, match=expected):
        remote.output_information()


def test_a_422_that_is_not_an_argument_error_is_a_host_error():
    body = json.dumps({"detail": [{"loc": ["body", "subject"], "msg": "Field required"}]}).encode()
    remote = RemoteHost("http://h:1", transport=_answering(422, body))
    with pytest.raises(HostError, match="HTTP 422.*Field required") as exc:
        remote.performance("accuracy")
    assert not isinstance(exc.value, ArgumentError)


def test_a_group_metric_is_refused_before_any_request():
    remote = RemoteHost("http://h:1", transport=_answering(500, b"must not be reached"))
    group = Subject(kind="group", description="the 3 patients with age > 60", condition="age > 60", size=3)
    with pytest.raises(ArgumentError, match="cannot score the model on part of its data") as exc:
        remote.performance("accuracy", group)
    assert exc.value.argument == "group"


def test_a_404_hints_at_the_base_url():
    remote = RemoteHost("http://h:1/v1/host", transport=_answering(404, b"Not Found"))
    with pytest.raises(HostError, match=r"does not serve the SimXAI host contract.*without /v1/host"):
        remote.schema()


def test_the_server_answers_a_wrong_body_with_400_not_422(server):
    response = httpx.post(f"{server.url}{API_PREFIX}/predict", json={"subjekt": {}})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "request" and "subject" in body["message"]
    missing = httpx.get(f"{server.url}{API_PREFIX}/no-such-thing")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def test_the_api_key_is_sent_and_checked(demo_host):
    with LiveServer(host_server.create_host_app(demo_host, api_key="s3cret")) as live:
        with RemoteHost(live.url) as anonymous, pytest.raises(HostError, match="HTTP 401.*API key"):
            anonymous.model_information()
        with RemoteHost(live.url, api_key="wrong") as wrong, pytest.raises(HostError, match="HTTP 401"):
            wrong.model_information()
        with RemoteHost(live.url, api_key="s3cret") as keyed:
            assert keyed.model_information() == demo_host.model_information()


def test_a_number_json_cannot_carry_is_refused_before_sending(demo_host):
    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda request: sent.append(request) or httpx.Response(500))
    remote = RemoteHost("http://h:1", transport=transport)
    with pytest.raises(ArgumentError) as exc:
        remote.what_if(demo_host.resolve(1), {"bmi": float("nan")})
    assert exc.value.argument == "changes" and not sent


def test_request_bodies_follow_the_contract(demo_host):
    sent: list[tuple[str, str, dict[str, Any]]] = []

    def record(request: httpx.Request) -> httpx.Response:
        sent.append((request.method, request.url.path, json.loads(request.content)))
        return httpx.Response(503, json={"error": "host", "message": "busy"})

    remote = RemoteHost("http://h:1/base/", transport=httpx.MockTransport(record))
    subject = demo_host.resolve(4)
    with pytest.raises(HostError, match="busy"):
        remote.counterfactuals(subject, "stable", 2, "why_not")
    with pytest.raises(HostError, match="busy"):
        remote.what_if(subject, {"bmi": "+10%"})
    wire_subject = subject.model_dump(mode="json")
    assert sent == [
        (
            "POST",
            "/base/v1/host/counterfactuals",
            {"subject": wire_subject, "target_label": "stable", "count": 2, "question": "why_not"},
        ),
        ("POST", "/base/v1/host/what-if", {"subject": wire_subject, "changes": {"bmi": "+10%"}}),
    ]


def test_bad_settings_are_usage_errors():
    with pytest.raises(UsageError, match="http"):
        RemoteHost("localhost:9000")
    with pytest.raises(UsageError, match="timeout"):
        RemoteHost("http://localhost:9000", timeout=0)


def test_settings_with_a_host_url_load_a_remote_host():
    host = load_host(Settings(host_url="http://127.0.0.1:9000/"))
    assert isinstance(host, RemoteHost) and host.base_url == "http://127.0.0.1:9000"


def test_the_reference_server_runs_as_a_script(demo_host):
    port = _free_port()
    # The checkout first on the path, as for `python examples/host_server.py` run from a clone.
    path = os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
    process = subprocess.Popen(
        [sys.executable, str(SERVER_SCRIPT), "--port", str(port)],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": path},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        remote = RemoteHost(f"http://127.0.0.1:{port}", timeout=5)
        schemas = []

        def answers() -> bool:
            try:
                schemas.append(remote.schema())
            except HostError:
                return False
            return True

        def errors() -> str:
            return process.stderr.read().decode() if process.stderr else ""

        # The script imports the stack and fits the demo host (about 10 s of CPU): 300 s of CPU is a runaway.
        wait_until(answers, process, what="the reference server answers", cpu_limit=300, output=errors)
        assert schemas[0] == demo_host.schema()
        assert remote.predict(remote.resolve(12)) == demo_host.predict(demo_host.resolve(12))
        remote.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stderr:
            process.stderr.close()


def test_a_group_card_crosses_the_wire(remote, demo_host):
    card = get_data_information(remote, feature="bmi", group="age > 60")
    assert card == demo_host.data_information("bmi", demo_host.resolve("age > 60"))
    assert (card.group, card.n_total) == ("age > 60", 442) and card.n_rows < 442
    assert get_data_information(remote, group="bmi > 90").n_rows == 0  # no row: still an answer


def test_the_server_says_it_describes_groups_and_selects_no_row_as_a_value(remote, demo_host):
    assert remote.describes_groups()
    assert remote.select("bmi > 90") == demo_host.select("bmi > 90")
    assert remote.select("bmi > 90").subject is None
    assert remote.select("age > 60").subject == demo_host.resolve("age > 60")
    assert remote.schema() == demo_host.schema()  # the flag is the server's, not part of the schema


def test_a_server_written_before_groups_is_said_not_to_describe_a_part(demo_host):
    """An old server ignores the group and sends the whole card; a strict one refuses the field: both are said."""
    whole = demo_host.data_information(None).model_dump_json().encode()

    def old(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/resolve"):
            instance = json.loads(request.content)["instance"]
            return httpx.Response(200, content=demo_host.resolve(instance).model_dump_json().encode())
        if request.url.path.endswith("/schema"):
            return httpx.Response(200, content=demo_host.schema().model_dump_json().encode())
        return httpx.Response(200, content=whole)

    remote = RemoteHost("http://h:1", transport=httpx.MockTransport(old))
    assert not remote.describes_groups()  # its schema answer has no flag
    with pytest.raises(ArgumentError, match="cannot describe part of its data") as exc:
        get_data_information(remote, group="age > 60")
    assert exc.value.argument == "group"
    with pytest.raises(ArgumentError, match="cannot describe part of its data"):
        remote.data_information(None, demo_host.resolve("age > 60"))  # never sent to it
    assert get_data_information(remote).n_rows == 442  # without a group it works as before

    def strict(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/data-information"):
            body = {"error": "request", "message": "unknown field group"}
            return httpx.Response(422, content=json.dumps(body).encode())
        return old(request)

    remote = RemoteHost("http://h:1", transport=httpx.MockTransport(strict))
    with pytest.raises(ArgumentError, match="cannot describe part of its data"):
        get_data_information(remote, group="age > 60")


def test_the_example_server_spells_its_options_as_simxai_serve():
    """`--bind` is the address and `--host` a bundled host, as on `simxai serve`; an address given to --host is
    refused by name."""
    parser = host_server.build_parser()
    args = parser.parse_args(["--bind", "0.0.0.0", "--host", "loan"])
    assert (args.bind, args.host, args.host_config) == ("0.0.0.0", "loan", None)
    assert parser.parse_args([]).host == "demo"
    with pytest.raises(SystemExit):
        parser.parse_args(["--host", "0.0.0.0"])
    with pytest.raises(SystemExit):
        parser.parse_args(["--host", "loan", "--host-config", "my.yaml"])
