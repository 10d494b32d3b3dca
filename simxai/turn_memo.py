"""Answers of pure text readers kept for the length of one turn, never longer.

A router turn reads one request many times: its ids, groups and changes each ask for the features, classes and
groups the text names, so `feature_mentions` ran some thirty times a turn on the same text. A reader decorated
with `per_turn` answers a repeated question from the turn's memo; outside a turn (`turn_memo`) it computes as
before. Nothing outlives the turn, so no later turn (and no benchmark round) is answered from it.

Keys hold the text and the host's schema by identity (holding the object, so its id is not reused while the
memo lives); a call with any other kind of argument is not memoised. A list or dict answer is copied on every
return, so a caller that edits it does not edit the memo's. `per_host` keeps what a host alone gives (a table of
the host's words) for the process's life instead, one per schema object or per tuple of the host's names (the
guard's vocabulary): the one cache of per-host tables, extraction's and the guard's.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast

from simxai.hosts.base import HostSchema
from simxai.textbounds import bounds_text_argument

__all__ = ["bounded_per_turn", "in_turn", "per_host", "per_turn", "turn_memo"]

_MEMO: contextvars.ContextVar[dict[Any, Any] | None] = contextvars.ContextVar("simxai_turn_memo", default=None)

F = TypeVar("F", bound=Callable[..., Any])


@contextlib.contextmanager
def turn_memo() -> Iterator[None]:
    """Keep `per_turn` answers until the block ends (one turn)."""
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def in_turn() -> bool:
    """Whether a turn's memo is open (`turn_memo`)."""
    return _MEMO.get() is not None


class _Held:
    """An argument compared by identity, holding the object while the key lives."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Held) and other.value is self.value


def _key_part(value: object) -> object:
    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, HostSchema):
        return _Held(value)
    raise TypeError  # not memoised


def per_turn(reader: F) -> F:
    """Memoise `reader` (a pure function of texts, numbers and a schema) within the current turn."""

    @functools.wraps(reader)
    def memoised(*args: Any, **kwargs: Any) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return reader(*args, **kwargs)
        try:
            key = (reader, *map(_key_part, args), *((k, _key_part(v)) for k, v in sorted(kwargs.items())))
        except TypeError:
            return reader(*args, **kwargs)
        try:
            answer = memo[key]
        except KeyError:
            answer = memo[key] = reader(*args, **kwargs)
        return _copy(answer)

    return memoised  # type: ignore[return-value]


def bounded_per_turn(position: int) -> Callable[[F], F]:
    """`per_turn` over `bounds_text_argument(position)`: a reader of a bounded text, memoised within the turn."""

    def decorate(reader: F) -> F:
        return per_turn(cast(F, bounds_text_argument(position)(reader)))

    return decorate


def _copy(answer: Any) -> Any:
    """A list's or a dict's own copy (their items are not copied: memoised readers give immutable ones)."""
    if isinstance(answer, list):
        return list(answer)
    return dict(answer) if isinstance(answer, dict) else answer


#: How many schemas' tables `per_host` keeps per reader: a process serves a few hosts.
HOSTS_KEPT = 16


def per_host(table: F) -> F:
    """Build `table` (a pure function of a host alone) once per host, for the process's life.

    The host is a schema, keyed by the object (frozen; a changed schema is a new object, so it gets its own table),
    or a tuple of what the table reads of it (the guard's vocabulary: its labels, features, aliases and noun), keyed
    by value; any other argument is not memoised. At most `HOSTS_KEPT` per reader, least recently used dropped. A
    list or dict answer is copied on every return.
    """

    @functools.lru_cache(maxsize=HOSTS_KEPT)
    def built(key: Any) -> Any:
        return table(key.value if isinstance(key, _Held) else key)

    @functools.wraps(table)
    def cached(host: Any) -> Any:
        if isinstance(host, HostSchema):
            return _copy(built(_Held(host)))
        if type(host) is tuple:
            try:
                return _copy(built(host))
            except TypeError:  # a tuple holding a list is no key
                pass
        return table(host)

    return cached  # type: ignore[return-value]
