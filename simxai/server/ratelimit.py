"""A per-caller rate limit: a token bucket per API key (or client address), refilled continuously."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["RateLimiter"]

#: Buckets kept at most; beyond it, the ones that have refilled completely are forgotten (they hold nothing).
_MAX_BUCKETS = 10_000


class RateLimiter:
    """At most `per_minute` requests per minute per caller, in bursts of up to a tenth of a minute's worth.

    Args:
        per_minute: the sustained rate; 0 lets every request through.
        clock: the time source (seconds), replaceable in tests.
    """

    def __init__(self, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.capacity = max(1.0, per_minute / 6)
        self._rate = per_minute / 60.0
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # caller -> (tokens, at)

    def take(self, caller: str) -> float:
        """Take one request from `caller`'s bucket: 0 when allowed, else the seconds until one is."""
        if self.per_minute <= 0:
            return 0.0
        now = self._clock()
        tokens, at = self._buckets.get(caller, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - at) * self._rate)
        if tokens >= 1.0:
            self._buckets[caller] = (tokens - 1.0, now)
            if len(self._buckets) > _MAX_BUCKETS:
                self._forget_full(now)
            return 0.0
        self._buckets[caller] = (tokens, now)
        return (1.0 - tokens) / self._rate

    def _forget_full(self, now: float) -> None:
        full = [c for c, (tokens, at) in self._buckets.items() if tokens + (now - at) * self._rate >= self.capacity]
        for caller in full:
            del self._buckets[caller]
