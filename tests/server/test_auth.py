"""API keys: 401 without a valid one, and a session belongs to the key that created it."""

from __future__ import annotations

import pytest

from simxai.server.settings import ServerSettings

from .helpers import new_session, serving

KEY_A = "key-a-0123456789"
KEY_B = "key-b-0123456789"
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"X-API-Key": KEY_B}


@pytest.fixture
async def keyed(make_app):
    async with serving(make_app(api_keys=f"{KEY_A},{KEY_B}")) as client:
        yield client


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/v1/sessions"),
        ("GET", "/v1/sessions/abc"),
        ("DELETE", "/v1/sessions/abc"),
        ("POST", "/v1/sessions/abc/messages"),
        ("GET", "/v1/functions"),
        ("POST", "/v1/functions/get_prediction"),
        ("POST", "/v1/chat/completions"),
        ("GET", "/v1/models"),
    ],
)
async def test_every_api_route_needs_a_key(keyed, method, path):
    missing = await keyed.request(method, path, json={"content": "hi"})
    assert missing.status_code == 401
    assert missing.headers["www-authenticate"] == "Bearer"
    text = missing.text
    assert "API key" in text and ("Authorization: Bearer" in text)
    wrong = await keyed.request(method, path, json={}, headers={"Authorization": "Bearer not-a-key-at-all"})
    assert wrong.status_code == 401 and "not valid" in wrong.text


async def test_operations_and_page_need_no_key(keyed):
    for path in ("/healthz", "/readyz", "/metrics", "/"):
        assert (await keyed.get(path)).status_code == 200, path


async def test_a_session_belongs_to_the_key_that_created_it(keyed):
    session_id = await new_session(keyed, headers=A)
    url = f"/v1/sessions/{session_id}"
    assert (await keyed.get(url, headers=A)).status_code == 200
    # Another key cannot read, write or delete it, and cannot even tell that it exists.
    for response in (
        await keyed.get(url, headers=B),
        await keyed.post(f"{url}/messages", json={"content": "why?"}, headers=B),
        await keyed.delete(url, headers=B),
    ):
        assert response.status_code == 404
    turn = await keyed.post(
        f"{url}/messages", json={"content": "what does the model predict for patient 3?"}, headers=A
    )
    assert turn.status_code == 200
    assert (await keyed.get(url, headers=A)).json()["turn_count"] == 1
    assert (await keyed.delete(url, headers=A)).status_code == 204


async def test_keys_come_from_the_environment_and_must_be_long(monkeypatch):
    monkeypatch.setenv("SIMXAI_API_KEYS", f" {KEY_A} , {KEY_B} ")
    assert ServerSettings().api_keys == [KEY_A, KEY_B]
    monkeypatch.setenv("SIMXAI_API_KEYS", '["one-key-long-enough"]')
    assert ServerSettings().api_keys == ["one-key-long-enough"]
    monkeypatch.setenv("SIMXAI_API_KEYS", "short")
    with pytest.raises(ValueError, match="shorter than 8 characters"):
        ServerSettings()
