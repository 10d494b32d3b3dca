"""The one bounded, thread-safe cache both hosts keep their results in.

The server calls a host from worker threads, so every read and write of a cache holds its lock; a value is
computed outside the lock (two threads may compute the same value once each, and both get an equal one).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from simxai.exceptions import UsageError

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


class LRUCache(Generic[K, V]):
    """A small thread-safe LRU map, so a long-running server's caches stay bounded."""

    def __init__(self, size: int = 512) -> None:
        if size < 1:
            raise UsageError(f"a cache holds at least one entry; got size {size}")
        self._items: OrderedDict[K, V] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: K, compute: Callable[[], V]) -> V:
        """The value cached for `key`, computed and stored first if there is none."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = compute()
        self.put(key, value)
        return value

    def lookup(self, key: K) -> V | None:
        """The value cached for `key`, or None."""
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Store `value` for `key`, forgetting the least recently used entries beyond the size."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


class Resources:
    """Expensive resources that depend only on a host's data and model, each built once per key.

    One re-entrant lock serialises the builds (a build may ask for another resource), so threads asking at
    once get one build. A build that raises stores nothing, so the next call raises the same error again.
    """

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._built: dict[str, Any] = {}

    def get(self, key: str, build: Callable[[], T]) -> T:
        """The resource `key`, built by `build` on first use."""
        with self._lock:
            if key not in self._built:
                self._built[key] = build()
            return self._built[key]

    def peek(self, key: str) -> Any | None:
        """The resource `key` if it has been built, else None; never waits for a build in progress."""
        return self._built.get(key)
