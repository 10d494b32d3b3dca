"""The HTTP service on PostgreSQL: two apps (two replicas) share one database's sessions, keys and errors."""

from __future__ import annotations

import asyncio

import pytest

from simxai.cli import main
from simxai.exceptions import StoreError
from simxai.server.run import prepare_store
from simxai.server.settings import ServerSettings

from .helpers import new_session, say, serving

KEY_A, KEY_B = "key-a-0123456789", "key-b-0123456789"
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"Authorization": f"Bearer {KEY_B}"}


async def test_a_session_belongs_to_its_key_on_every_replica(make_app, postgres_url):
    one = make_app(db_url=postgres_url, api_keys=[KEY_A, KEY_B])
    two = make_app(db_url=postgres_url, api_keys=[KEY_A, KEY_B])
    async with serving(one) as first, serving(two) as second:
        session = await new_session(first, headers=A)
        assert (await say(second, session, "what does the model predict for patient 3?", headers=A))["turn"] == 1
        # Another key sees no such session on either replica, whichever route it tries.
        for client in (first, second):
            assert (await client.get(f"/v1/sessions/{session}", headers=B)).status_code == 404
            sent = await client.post(f"/v1/sessions/{session}/messages", json={"content": "hi"}, headers=B)
            assert sent.status_code == 404
            assert (await client.delete(f"/v1/sessions/{session}", headers=B)).status_code == 404
        history = (await first.get(f"/v1/sessions/{session}", headers=A)).json()
        assert history["turn_count"] == 1 and history["turns"][0]["calls"][0]["arguments"] == {"instance": 3}
        # Deleted through one replica, gone on the other.
        assert (await second.delete(f"/v1/sessions/{session}", headers=A)).status_code == 204
        assert (await first.get(f"/v1/sessions/{session}", headers=A)).status_code == 404


async def test_messages_sent_to_two_replicas_at_once_become_consecutive_turns(make_app, postgres_url):
    one, two = make_app(db_url=postgres_url), make_app(db_url=postgres_url)
    async with serving(one) as first, serving(two) as second:
        session = await new_session(first)
        turns = await asyncio.gather(
            *(
                say(client, session, f"what does the model predict for patient {i}?")
                for i, client in enumerate([first, second] * 3)
            )
        )
        assert sorted(t["turn"] for t in turns) == [1, 2, 3, 4, 5, 6]
        history = (await second.get(f"/v1/sessions/{session}")).json()
        assert [t["turn"] for t in history["turns"]] == [1, 2, 3, 4, 5, 6]
        assert sorted(t["user"] for t in history["turns"]) == sorted(t["user"] for t in turns)


async def test_a_newer_schema_stops_serve_with_one_line(postgres_url, postgres, monkeypatch, capsys, demo_host):
    await prepare_store(ServerSettings(db_url=postgres_url))  # creates the schema
    postgres.psql("UPDATE simxai_schema SET version = 7", postgres_url.rsplit("/", 1)[1])
    with pytest.raises(StoreError):
        await prepare_store(ServerSettings(db_url=postgres_url))
    monkeypatch.setattr("simxai.settings.load_host", lambda settings: demo_host)
    monkeypatch.setenv("SIMXAI_DB_URL", postgres_url)
    # serve runs the store's check with asyncio.run: off this test's event loop.
    code = await asyncio.to_thread(main, ["serve", "--port", "1"])
    err = capsys.readouterr().err.strip()
    assert code != 0 and "\n" not in err
    assert err.startswith("simxai: the session database postgresql://simxai@127.0.0.1:")
    assert "schema version 7, newer than this SimXAI knows (1)" in err


def test_a_database_that_is_down_stops_serve_with_one_line(monkeypatch, capsys, demo_host):
    from .helpers import free_port

    monkeypatch.setattr("simxai.settings.load_host", lambda settings: demo_host)
    monkeypatch.setenv("SIMXAI_DB_URL", f"postgresql://u:secret@127.0.0.1:{free_port()}/db")
    assert main(["serve", "--port", "1"]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "cannot be reached" in err
    assert "secret" not in err and "u:***@127.0.0.1" in err
