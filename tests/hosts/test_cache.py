"""The hosts' shared cache: bounded, least recently used first out, safe under concurrent use."""

from __future__ import annotations

import threading

import pytest

from simxai.exceptions import UsageError
from simxai.hosts._cache import LRUCache, Resources


def test_forgets_the_least_recently_used_entry():
    cache: LRUCache[str, int] = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.lookup("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert cache.lookup("b") is None
    assert (cache.lookup("a"), cache.lookup("c"), len(cache)) == (1, 3, 2)


def test_get_computes_once_and_then_reads():
    cache: LRUCache[str, list[int]] = LRUCache(4)
    calls: list[int] = []
    first = cache.get("k", lambda: calls.append(1) or [7])
    assert cache.get("k", lambda: calls.append(1) or [8]) is first
    assert calls == [1]


def test_a_size_below_one_is_refused():
    with pytest.raises(UsageError, match="at least one entry"):
        LRUCache(0)


def test_concurrent_writers_and_readers_keep_it_bounded():
    cache: LRUCache[int, int] = LRUCache(50)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for i in range(2000):
                cache.put(offset + i, i)
                cache.lookup(offset + i - 1)
                cache.get(i % 70, lambda i=i: i)
        except BaseException as exc:  # any error in a thread fails the test
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k * 10_000,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(cache) == 50


def test_a_resource_is_built_once_for_threads_asking_at_once_and_a_failed_build_stores_nothing():
    resources = Resources()
    builds: list[int] = []

    def build() -> int:
        builds.append(1)
        return 42

    threads = [threading.Thread(target=resources.get, args=("x", build)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert builds == [1] and resources.peek("x") == 42 and resources.peek("y") is None

    def broken() -> int:
        raise RuntimeError("no data")

    for _ in range(2):
        with pytest.raises(RuntimeError, match="no data"):
            resources.get("y", broken)
    assert resources.peek("y") is None


def test_peek_does_not_wait_for_a_build_in_progress():
    resources = Resources()
    inside, release = threading.Event(), threading.Event()

    def slow() -> int:
        inside.set()
        release.wait(5)
        return 1

    builder = threading.Thread(target=resources.get, args=("slow", slow))
    builder.start()
    assert inside.wait(5)
    assert resources.peek("slow") is None  # returns at once, while the build holds the lock
    release.set()
    builder.join()
    assert resources.peek("slow") == 1
