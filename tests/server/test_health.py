"""Liveness, readiness, Prometheus metrics, the OpenAPI schema and the page's headers."""

from __future__ import annotations

import re

from simxai.backends.testing import ScriptedBackend, call

from .helpers import new_session, say, serving, unreachable_backend


async def test_healthz_and_readyz_with_the_router(client, demo_host):
    assert (await client.get("/healthz")).json() == {"status": "ok"}
    ready = await client.get("/readyz")
    assert ready.status_code == 200
    body = ready.json()
    # The host's start-up work, computed in the background (tests/server/test_progress.py follows it).
    assert {"finished", "step", "done", "total", "seconds"} <= set(body.pop("warmup"))
    assert body == {
        "ready": True,
        "host": demo_host.schema().name,
        "host_reachable": True,
        "backend": "router",
        "backend_reachable": True,
        "fallback": None,
        "store_reachable": True,
    }


async def test_readyz_is_503_when_the_llm_is_unreachable_unless_the_router_stands_in(make_app):
    async with serving(make_app(unreachable_backend())) as client:
        assert (await client.get("/healthz")).status_code == 200
        ready = await client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["backend_reachable"] is False and "does not answer" in ready.json()["reason"]
    async with serving(make_app(unreachable_backend(), fallback_to_router=True)) as client:
        ready = await client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["fallback"] == "router"


async def test_readyz_is_503_while_a_remote_host_is_down(demo_host, db_path):
    import httpx

    from simxai.backends import load_backend
    from simxai.hosts.remote import RemoteHost
    from simxai.server.app import create_app
    from simxai.server.settings import ServerSettings

    schema = demo_host.schema().model_dump_json()
    up = {"now": True}

    def answer(request: httpx.Request) -> httpx.Response:
        if not up["now"]:
            raise httpx.ConnectError("connection refused", request=request)
        return httpx.Response(200, content=schema, headers={"Content-Type": "application/json"})

    host = RemoteHost("http://models.example", transport=httpx.MockTransport(answer))
    app = create_app(ServerSettings(db_path=db_path), host=host, backend=load_backend("router"))
    async with serving(app) as client:
        assert (await client.get("/readyz")).json()["host_reachable"] is True
        up["now"] = False
        ready = await client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["host_reachable"] is False
        assert ready.json()["reason"] == "the remote host at http://models.example does not answer"
        up["now"] = True
        assert (await client.get("/readyz")).status_code == 200


async def test_readyz_before_startup_is_503(make_app):
    import httpx

    app = make_app()  # lifespan not run: the host is not loaded
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://test") as client:
        response = await client.get("/readyz")
        assert response.status_code == 503 and response.json()["ready"] is False


def _sample(metrics: str, name: str, **labels: str) -> float:
    pattern = re.escape(name) + r"\{?([^}\s]*)\}? ([0-9.e+-]+)"
    for match in re.finditer(pattern, metrics):
        found = dict(re.findall(r'(\w+)="([^"]*)"', match.group(1)))
        if found == labels:
            return float(match.group(2))
    raise AssertionError(f"no sample {name}{labels}")


async def test_metrics_count_turns_stages_calls_clarifications_and_guard_fallbacks(make_app, demo_host):
    backend = ScriptedBackend(
        [
            call("get_prediction", instance=12),
            "The model predicts progressing with 99.9% probability.",  # unfaithful
            "It is certainly 99.9%.",  # still unfaithful: the guard falls back to the rendering
            call("get_local_explanation"),  # no instance yet: a clarification
        ]
    )
    async with serving(make_app(backend)) as client:
        session_id = await new_session(client)
        first = await say(client, session_id, "what does the model predict for patient 12?")
        assert first["faithfulness"]["fallback_used"] is True
        other = await new_session(client)
        assert (await say(client, other, "why?"))["clarification"] is not None
        response = await client.get("/metrics")
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert _sample(text, "simxai_turns_total", backend="scripted", face="session", outcome="answered") == 1
    assert _sample(text, "simxai_turns_total", backend="scripted", face="session", outcome="clarification") == 1
    assert _sample(text, "simxai_turn_seconds_count", face="session") == 2
    for stage in ("backend", "functions", "guard"):
        assert _sample(text, "simxai_stage_seconds_count", stage=stage) >= 1
    assert _sample(text, "simxai_function_calls_total", face="session", function="get_prediction", status="ok") == 1
    assert (
        _sample(
            text,
            "simxai_function_calls_total",
            face="session",
            function="get_local_explanation",
            status="clarification",
        )
        == 1
    )
    assert _sample(text, "simxai_clarifications_total") == 1
    assert _sample(text, "simxai_guard_fallbacks_total") == 1
    backend.assert_complete()


async def test_each_app_has_its_own_metrics(make_app):
    async with serving(make_app()) as a, serving(make_app(db_path=":memory:")) as b:
        await a.post("/v1/functions/get_model_information")
        assert "get_model_information" in (await a.get("/metrics")).text
        assert "get_model_information" not in (await b.get("/metrics")).text


async def test_a_made_up_function_name_does_not_grow_the_metric_labels(make_app):
    backend = ScriptedBackend([call("rm_rf", path="/"), call("also_made_up"), "Sorry."])
    async with serving(make_app(backend)) as client:
        session_id = await new_session(client)
        await say(client, session_id, "do something")
        text = (await client.get("/metrics")).text
    assert "rm_rf" not in text
    assert _sample(text, "simxai_function_calls_total", face="session", function="unknown", status="rejected") == 2


async def test_the_openapi_schema_documents_every_endpoint(client):
    schema = (await client.get("/openapi.json")).json()
    paths = schema["paths"]
    expected = {
        "/v1/sessions": {"post"},
        "/v1/sessions/{session_id}": {"get", "delete"},
        "/v1/sessions/{session_id}/messages": {"post"},
        "/v1/functions": {"get"},
        "/v1/functions/{name}": {"post"},
        "/v1/chat/completions": {"post"},
        "/v1/models": {"get"},
        "/healthz": {"get"},
        "/readyz": {"get"},
        "/metrics": {"get"},
    }
    for path, methods in expected.items():
        assert methods <= set(paths[path]), path
    messages = paths["/v1/sessions/{session_id}/messages"]["post"]
    assert "text/event-stream" in messages["responses"]["200"]["content"]
    assert "event-stream" in messages["description"]
    assert {"HTTPBearer", "APIKeyHeader"} <= set(schema["components"]["securitySchemes"])


async def test_the_page_is_self_contained(client):
    response = await client.get("/")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    html = response.text
    # No build step, no CDN: nothing is loaded from another origin.
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "@import" not in html and "http://" not in html.replace("http://www.w3.org", "")
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    assert re.search(r"script-src 'sha256-[A-Za-z0-9+/=]+'", policy)
    assert 'aria-live="polite"' in html and '<label for="question">' in html
