"""The session store's contract, run on both stores: SQLite (a file) and PostgreSQL (a real server).

Atomic versioned appends, turn-boundary trimming, a context cache that never serves a stale history,
ownership, deletion, turns serialised by `lock`, and a versioned schema (a newer one is refused). PostgreSQL
adds what only a shared server can show: locks across replicas, a bounded lock wait (409), and a database
that goes away and comes back (503, then recovery without a restart).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from simxai.agent import DialogueState
from simxai.exceptions import StoreConflictError, StoreError, StoreUnavailableError
from simxai.messages import Message, ToolCall
from simxai.server.settings import ServerSettings
from simxai.server.store import SessionStore, SqliteStore, build_store
from simxai.server.store.base import MESSAGE_OVERHEAD, ContextCache

StoreFactory = Callable[..., SessionStore]


def turn_messages(i: int) -> list[Message]:
    call = ToolCall(id=f"c{i}", name="get_prediction", arguments={"instance": i})
    return [
        Message.user(f"predict {i}"),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"result": {"label": "stable"}})),
        Message.assistant(f"reply {i}"),
    ]


async def append(store: SessionStore, session_id: str, version: int, i: int) -> str:
    return await store.append_turn(
        session_id,
        version=version,
        messages=turn_messages(i),
        response=json.dumps({"turn": version + 1, "reply": f"reply {i}"}),
        state=DialogueState(instance=i),
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database(kind: str, tmp_path: Any, request: pytest.FixtureRequest) -> str:
    """Where the stores of one test keep their sessions: a file path, or a PostgreSQL URL."""
    if kind == "sqlite":
        return str(tmp_path / "deep" / "folder" / "s.db")  # the folder is created
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def make_store(database: str) -> AsyncIterator[Callable[..., Any]]:
    """`await make_store(**settings)`: an open store on the test's database (each one a process or replica)."""
    opened: list[SessionStore] = []

    async def make(**settings: Any) -> SessionStore:
        if database.startswith("postgresql://"):
            settings["db_url"] = database
        else:
            settings["db_path"] = database
        store = build_store(ServerSettings(**settings))
        await store.open()
        opened.append(store)
        return store

    yield make
    for store in opened:
        await store.close()


async def test_appends_are_versioned_and_trimmed_whole_turns(make_store):
    store = await make_store(max_history_messages=10)
    session = await store.create(owner="abc")
    for version in range(5):
        assert await append(store, session.id, version, version) == "ok"
    record, history = await store.load(session.id)
    assert record.version == 5 and record.state.instance == 4 and record.owner == "abc"
    # Two whole turns fit in ten messages; the history starts at a user message.
    assert [m.content for m in history if m.role == "user"] == ["predict 3", "predict 4"]
    turns = await store.turns(session.id)
    assert [t.seq for t in turns] == [4, 5]
    assert turns[-1].response == {"turn": 5, "reply": "reply 4"} and turns[-1].messages == turn_messages(4)

    # The cached context equals what a fresh store (a restart, another replica) reads.
    fresh = await make_store(max_history_messages=10)
    assert (await fresh.load(session.id))[1] == history
    # A turn stored by another process makes this store's cache stale: it notices by the version.
    assert await append(fresh, session.id, 5, 5) == "ok"
    record, history = await store.load(session.id)
    assert record.version == 6 and [m.content for m in history if m.role == "user"] == ["predict 4", "predict 5"]


async def test_a_turn_longer_than_the_bound_is_kept_alone(make_store):
    store = await make_store(max_history_messages=10)
    session = await store.create(owner=None)
    assert await append(store, session.id, 0, 0) == "ok"
    long_turn = turn_messages(1) * 3  # twelve messages
    outcome = await store.append_turn(session.id, version=1, messages=long_turn, response="{}", state=DialogueState())
    assert outcome == "ok"
    assert [t.seq for t in await store.turns(session.id)] == [2]
    assert (await store.load(session.id))[1] == long_turn
    assert await append(store, session.id, 2, 2) == "ok"  # 12 + 4 > 10: the long turn goes
    assert [t.seq for t in await store.turns(session.id)] == [3]


async def test_a_turn_from_an_old_version_or_for_a_deleted_session_is_refused(make_store):
    store = await make_store()
    session = await store.create(owner=None)
    assert await append(store, session.id, 0, 0) == "ok"
    assert await append(store, session.id, 0, 99) == "conflict"
    assert [t.seq for t in await store.turns(session.id)] == [1]
    assert (await store.get(session.id)).state.instance == 0  # the refused turn changed nothing
    assert await store.delete(session.id) is True
    assert await append(store, session.id, 1, 7) == "missing"
    assert await store.load(session.id) is None and await store.get(session.id) is None
    assert await store.turns(session.id) == [] and await store.delete(session.id) is False


async def test_sessions_are_created_apart_with_their_owner_and_counted(make_store):
    store = await make_store()
    a, b = await store.create("key-a"), await store.create(None)
    assert a.id != b.id and await store.count() == 2
    other = await make_store()
    assert (await other.get(a.id)).owner == "key-a" and (await other.get(b.id)).owner is None
    record, history = await other.load(b.id)
    assert record.version == 0 and history == [] and record.state == DialogueState()


async def test_lock_serialises_the_turns_of_a_session_and_not_of_others(make_store, kind):
    # With SQLite the lock holds within one process (one store); with PostgreSQL across replicas.
    first = await make_store()
    second = first if kind == "sqlite" else await make_store()
    session, other = await first.create(None), await first.create(None)
    order: list[str] = []

    async def turn(store: SessionStore, name: str, i: int) -> None:
        async with store.lock(session.id):
            record, _ = await store.load(session.id)
            order.append(f"{name} start")
            await asyncio.sleep(0.2)  # the LLM's time
            assert await append(store, session.id, record.version, i) == "ok"
            order.append(f"{name} end")

    async def unrelated() -> None:
        while not order:  # once one turn holds the session,
            await asyncio.sleep(0.01)
        async with second.lock(other.id):  # another session's lock is free meanwhile
            order.append("other")

    await asyncio.gather(turn(first, "a", 1), turn(second, "b", 2), unrelated())
    # Whichever turn took the session first ran alone: the other started only after it ended.
    one, two = order[0].split()[0], "b" if order[0].startswith("a") else "a"
    assert order == [f"{one} start", "other", f"{one} end", f"{two} start", f"{two} end"]
    assert [t.seq for t in await first.turns(session.id)] == [1, 2]
    # Deleting under the lock also waits for the turn in progress.
    async with first.lock(session.id):
        assert await first.delete(session.id) is True


async def test_a_newer_schema_is_refused_with_a_clear_message(make_store, database, kind, postgres_or_none):
    store = await make_store()
    await store.close()
    if kind == "sqlite":
        with sqlite3.connect(database) as db:
            db.execute("PRAGMA user_version = 99")
    else:
        name = database.rsplit("/", 1)[1]
        postgres_or_none.psql("UPDATE simxai_schema SET version = 99", name)
    with pytest.raises(StoreError, match=r"schema version 99, newer than this SimXAI knows \(1\): upgrade") as info:
        await make_store()
    assert "\n" not in str(info.value)


@pytest.fixture
def postgres_or_none(kind: str, request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue("postgres") if kind == "postgresql" else None


async def test_an_unversioned_sqlite_file_is_migrated_in_place(tmp_path):
    # A file written before schemas had versions (user_version 0, the same tables) keeps its sessions.
    path = tmp_path / "old.db"
    store = SqliteStore(path)
    await store.open()
    session = await store.create("k")
    assert await append(store, session.id, 0, 1) == "ok"
    await store.close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 0")
    again = SqliteStore(path)
    await again.open()
    try:
        assert (await again.get(session.id)).version == 1
    finally:
        await again.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1


def test_a_database_url_of_another_kind_is_refused_by_name():
    with pytest.raises(ValueError, match="scheme 'mysql' is not supported; use postgresql://"):
        ServerSettings(db_url="mysql://u@h/db")
    assert ServerSettings(db_url="sqlite:///x/y.db").db_url == "sqlite:///x/y.db"
    assert isinstance(build_store(ServerSettings(db_url="sqlite:///x/y.db")), SqliteStore)


# ---- PostgreSQL only ----------------------------------------------------------------------------------------


async def test_a_lock_held_too_long_by_another_replica_is_a_conflict(postgres_url):
    holder = build_store(ServerSettings(db_url=postgres_url))
    waiter = build_store(ServerSettings(db_url=postgres_url, db_lock_wait=0.3))
    await holder.open()
    await waiter.open()
    try:
        session = await holder.create(None)
        async with holder.lock(session.id):
            with pytest.raises(StoreConflictError, match="another turn of this session is still running"):
                async with waiter.lock(session.id):
                    pytest.fail("the lock was taken twice")
        async with waiter.lock(session.id):  # free again once the holder is done
            assert await append(waiter, session.id, 0, 1) == "ok"
    finally:
        await holder.close()
        await waiter.close()


async def test_a_replica_that_dies_releases_its_locks(postgres_url):
    dying = build_store(ServerSettings(db_url=postgres_url))
    survivor = build_store(ServerSettings(db_url=postgres_url, db_lock_wait=10))
    await dying.open()
    await survivor.open()
    try:
        session = await dying.create(None)
        lock = dying.lock(session.id)
        await lock.__aenter__()
        # Every connection dropped at once, as when the process is killed.
        dying._advisory.terminate()
        dying._pool.terminate()
        async with survivor.lock(session.id):
            assert await append(survivor, session.id, 0, 1) == "ok"
    finally:
        await survivor.close()


async def test_a_turn_whose_lock_was_lost_stores_nothing(postgres_url):
    store = build_store(ServerSettings(db_url=postgres_url))
    other = build_store(ServerSettings(db_url=postgres_url, db_lock_wait=5))
    await store.open()
    await other.open()
    try:
        session = await store.create(None)
        async with store.lock(session.id):
            store._advisory.terminate()  # the lock's connection drops mid-turn: the lock is gone
            async with other.lock(session.id):  # so another replica may take the session meanwhile
                pass
            with pytest.raises(StoreUnavailableError, match="dropped the connection that held this session's lock"):
                await append(store, session.id, 0, 1)
        assert await store.turns(session.id) == []
        async with store.lock(session.id):  # a new lock connection: turns go on
            assert await append(store, session.id, 0, 1) == "ok"
    finally:
        await store.close()
        await other.close()


async def test_many_turns_hold_locks_at_once_with_a_small_pool(postgres_url):
    # A running turn holds no pooled connection: 30 turns hold their sessions' locks together on a pool of 2.
    store = build_store(ServerSettings(db_url=postgres_url, db_pool_size=2))
    await store.open()
    try:
        sessions = [await store.create(None) for _ in range(30)]
        inside = 0
        most = 0

        async def turn(session_id: str) -> None:
            nonlocal inside, most
            async with store.lock(session_id):
                record, _ = await store.load(session_id)
                inside += 1
                most = max(most, inside)
                await asyncio.sleep(0.3)  # the LLM's time
                inside -= 1
                assert await append(store, session_id, record.version, 1) == "ok"

        await asyncio.wait_for(asyncio.gather(*(turn(s.id) for s in sessions)), 30)
        assert most == 30
    finally:
        await store.close()


async def test_a_database_that_goes_away_answers_unavailable_then_recovers():
    from simxai.server.store.pgserver import PostgresNotInstalled, TemporaryPostgres

    try:
        server = TemporaryPostgres()
    except PostgresNotInstalled as exc:
        pytest.skip(str(exc))
    with server:
        store = build_store(ServerSettings(db_url=server.url()))
        await store.open()
        try:
            session = await store.create("k")
            assert await append(store, session.id, 0, 1) == "ok"
            server.stop()
            assert await store.ping() is False
            with pytest.raises(StoreUnavailableError, match=r"cannot be reached \("):
                await store.get(session.id)
            with pytest.raises(StoreUnavailableError):
                async with store.lock(session.id):
                    pytest.fail("locked a database that is down")
            server.start()
            # Pooled connections that died with the server are replaced on first use: no error, no restart.
            assert await store.ping() is True
            async with store.lock(session.id):
                record, _ = await store.load(session.id)
                assert record.version == 1 and await append(store, session.id, 1, 2) == "ok"
            assert [t.seq for t in await store.turns(session.id)] == [1, 2]
        finally:
            await store.close()


def test_the_context_cache_is_bounded_by_size_and_drops_the_least_recent():
    four = [(1, turn_messages(1))]
    size = 47 + 4 * MESSAGE_OVERHEAD  # the four messages' text, and their objects
    cache = ContextCache(max_size=2 * size + 100)
    cache.put("a", 1, four)
    cache.put("b", 1, four)
    assert cache.get("a", 1) is four  # a is now the most recent
    assert cache.get("a", 2) is None  # another version is a miss
    assert cache.size == 2 * size
    cache.put("c", 1, four)  # three sessions are over the bound: b, the least recently used, goes
    assert cache.get("b", 1) is None and cache.get("a", 1) is four and cache.get("c", 1) is four
    cache.pop("a")
    cache.put("d", 1, [(1, turn_messages(1) * 5)])  # one session over the bound is still cached alone
    assert cache.get("c", 1) is None and cache.get("d", 1) is not None


def test_the_context_cache_counts_the_text_of_long_messages():
    # Issue 14, item 10: counting messages alone let maximum-size messages fill about 211 MiB.
    cache = ContextCache(max_size=100_000)
    long_turn = [Message.user("x" * 40_000), Message.assistant("y" * 9_000)]
    cache.put("a", 1, [(1, long_turn)])
    assert cache.size == 49_000 + 2 * MESSAGE_OVERHEAD
    cache.put("b", 1, [(1, long_turn)])
    cache.put("c", 1, [(1, long_turn)])  # 3 x 51,000 > 100,000: a goes
    assert cache.get("a", 1) is None and cache.get("c", 1) is not None
