"""Fuzzing the whole API from its schema: whatever a client sends, no answer is a 500 or a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from simxai.backends import load_backend
from simxai.server.app import create_app
from simxai.server.settings import ServerSettings


@pytest.fixture(scope="module")
def api_schema(demo_host):
    app = create_app(ServerSettings(db_path=":memory:"), host=demo_host, backend=load_backend("router"))
    return schemathesis.openapi.from_asgi("/openapi.json", app)


def fuzz(operation: Any) -> None:
    """Send generated requests (valid and invalid) to one operation."""

    @given(data=st.data())
    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(data: st.DataObject) -> None:
        case = data.draw(operation.as_strategy())
        response = case.call()
        assert response.status_code < 500, (
            operation.label,
            case.body,
            response.status_code,
            response.text[:500],
        )
        assert "Traceback" not in response.text

    check()


def test_no_input_makes_the_server_fail(api_schema):
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 10
    for operation in operations:
        fuzz(operation)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def http(demo_host):
    from fastapi.testclient import TestClient

    app = create_app(ServerSettings(db_path=":memory:"), host=demo_host, backend=load_backend("router"))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def test_any_function_arguments_get_a_result_or_a_clear_422(http, demo_host):
    from simxai.functions import default_registry

    names = default_registry().names()
    # The functions' own argument names, with the host's feature names, are where the interesting values go.
    keys = st.sampled_from(["instance", "changes", "label", "metric", "feature", "target_label", "count",
                            *[f.name for f in demo_host.schema().features]])  # fmt: skip
    arguments = st.dictionaries(keys, json_values | st.integers(0, 441), max_size=3)

    @given(name=st.sampled_from(names), arguments=arguments)
    @example(name="get_prediction", arguments={"instance": float("inf")})
    @example(name="explain_what_if", arguments={"instance": 3, "changes": {"bmi": float("-inf")}})
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(name: str, arguments: dict[str, Any]) -> None:
        # Encoded here, not by the test client: newer clients refuse infinities, which Python's JSON (and so
        # the server) reads as the tokens Infinity/-Infinity; both must get a result or a clear 422.
        response = http.post(
            f"/v1/functions/{name}", content=json.dumps(arguments), headers={"content-type": "application/json"}
        )
        assert response.status_code in (200, 422), (
            name,
            arguments,
            response.status_code,
            response.text[:400],
        )
        if response.status_code == 422:
            assert response.json()["error"]

    check()


def test_any_message_gets_an_answer_or_a_clear_422(http):
    session_id = http.post("/v1/sessions").json()["session_id"]

    @given(
        content=st.text(max_size=200) | st.from_regex(r"(what|why|how).{0,40}(patient|id) ?\d{1,4}\??", fullmatch=True)
    )
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(content: str) -> None:
        response = http.post(f"/v1/sessions/{session_id}/messages", json={"content": content})
        assert response.status_code in (200, 422), (content, response.status_code, response.text[:400])
        if response.status_code == 200:
            assert response.json()["reply"]

    check()
