"""The SQLite session store: atomic versioned appends, turn-boundary trimming, and its context cache."""

from __future__ import annotations

import json

from simxai.agent import DialogueState
from simxai.messages import Message, ToolCall
from simxai.server.store import SqliteStore as SessionStore


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


async def test_appends_are_versioned_and_trimmed_whole_turns(tmp_path):
    path = tmp_path / "deep" / "folder" / "s.db"  # the folder is created
    store = SessionStore(path, max_history_messages=10)
    await store.open()
    try:
        session = await store.create(owner="abc")
        for version in range(5):
            assert await append(store, session.id, version, version) == "ok"
        record, history = await store.load(session.id)
        assert record.version == 5 and record.state.instance == 4 and record.owner == "abc"
        # Two whole turns fit in ten messages; the history starts at a user message.
        assert [m.content for m in history if m.role == "user"] == ["predict 3", "predict 4"]
        assert [t.seq for t in await store.turns(session.id)] == [4, 5]

        # The cached context equals what a fresh store (a restart) reads from the file.
        fresh = SessionStore(path, max_history_messages=10)
        await fresh.open()
        try:
            assert (await fresh.load(session.id))[1] == history
            # A turn stored by another process makes this store's cache stale: it notices by the version.
            assert await append(fresh, session.id, 5, 5) == "ok"
        finally:
            await fresh.close()
        record, history = await store.load(session.id)
        assert record.version == 6 and [m.content for m in history if m.role == "user"] == [
            "predict 4",
            "predict 5",
        ]

        # A turn that started from an old version is refused, and so is one for a deleted session.
        assert await append(store, session.id, 5, 99) == "conflict"
        assert await store.delete(session.id) is True
        assert await append(store, session.id, 6, 7) == "missing"
        assert await store.load(session.id) is None and await store.delete(session.id) is False
    finally:
        await store.close()


async def test_in_memory_store_and_locks():
    store = SessionStore(":memory:")
    await store.open()
    try:
        a, b = await store.create(None), await store.create(None)
        assert a.id != b.id and await store.count() == 2
        lock = store.lock(a.id)
        async with lock:
            assert store.lock(a.id) is lock and store.lock(b.id) is not lock
    finally:
        await store.close()


def test_the_context_cache_is_bounded_by_size_and_drops_the_least_recent():
    from simxai.server.store.sqlite import MESSAGE_OVERHEAD, _ContextCache

    four = [(1, turn_messages(1))]
    size = 47 + 4 * MESSAGE_OVERHEAD  # the four messages' text, and their objects
    cache = _ContextCache(max_size=2 * size + 100)
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
    from simxai.server.sessions import MESSAGE_OVERHEAD, _ContextCache

    cache = _ContextCache(max_size=100_000)
    long_turn = [Message.user("x" * 40_000), Message.assistant("y" * 9_000)]
    cache.put("a", 1, [(1, long_turn)])
    assert cache.size == 49_000 + 2 * MESSAGE_OVERHEAD
    cache.put("b", 1, [(1, long_turn)])
    cache.put("c", 1, [(1, long_turn)])  # 3 x 51,000 > 100,000: a goes
    assert cache.get("a", 1) is None and cache.get("c", 1) is not None
