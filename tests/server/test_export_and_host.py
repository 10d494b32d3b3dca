"""Conversation export (JSON and Markdown), the host description route, and the offline API docs."""

from __future__ import annotations

from simxai.backends import load_backend
from simxai.server.app import create_app
from simxai.server.settings import ServerSettings

from .helpers import new_session, say, serving


async def test_export_as_markdown_and_json(client, demo_host):
    session_id = await new_session(client)
    await say(client, session_id, "what does the model predict for patient 12?")
    await say(client, session_id, "why?")
    markdown = await client.get(f"/v1/sessions/{session_id}/export", params={"format": "markdown"})
    assert markdown.status_code == 200 and markdown.headers["content-type"].startswith("text/markdown")
    assert markdown.headers["content-disposition"] == f'attachment; filename="simxai-{session_id[:12]}.md"'
    text = markdown.text
    label = demo_host.predict(demo_host.resolve(12)).label
    assert text.startswith(f"# SimXAI conversation {session_id}")
    assert "## 1. You\n\nwhat does the model predict for patient 12?" in text and "## 2. You\n\nwhy?" in text
    assert f"The model predicts {label} for patient 12" in text
    assert '- `get_local_explanation({"instance": 12})`: ok' in text
    exported = await client.get(f"/v1/sessions/{session_id}/export")
    history = await client.get(f"/v1/sessions/{session_id}")
    assert exported.json() == history.json()
    assert exported.headers["content-disposition"].endswith('.json"')


async def test_export_refuses_a_bad_format_and_another_keys_session(make_app):
    async with serving(make_app(api_keys="key-one-123456,key-two-654321")) as c:
        mine = (await c.post("/v1/sessions", headers={"Authorization": "Bearer key-one-123456"})).json()["session_id"]
        bad = await c.get(
            f"/v1/sessions/{mine}/export", params={"format": "pdf"}, headers={"X-API-Key": "key-one-123456"}
        )
        assert bad.status_code == 422 and "'json' or 'markdown'" in bad.json()["error"]
        other = await c.get(f"/v1/sessions/{mine}/export", headers={"X-API-Key": "key-two-654321"})
        assert other.status_code == 404
        assert (await c.get(f"/v1/sessions/{mine}/export")).status_code == 401


async def test_the_host_route_describes_the_hosts_own_instances(loan_host, tmp_path):
    app = create_app(ServerSettings(db_path=str(tmp_path / "s.db")), host=loan_host, backend=load_backend("router"))
    async with serving(app) as c:
        body = (await c.get("/v1/host")).json()
    assert body["instance_noun"] == "applicant" and body["article"] == "an"
    assert body["instance_noun_plural"] == "applicants"
    assert body["examples"][0] == "what does the model predict for applicant 12?"
    assert "patient" not in " ".join(body["examples"])
    assert {f["name"] for f in body["schema"]["features"]} >= {"credit_score", "region"}


async def test_the_api_docs_are_served_from_this_server(client):
    docs = await client.get("/docs")
    assert docs.status_code == 200 and "cdn." not in docs.text and "/docs-assets/swagger-ui-bundle.js" in docs.text
    script = await client.get("/docs-assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.content) > 100_000
    assert (await client.get("/redoc")).status_code == 404  # ReDoc would need a CDN: not offered
