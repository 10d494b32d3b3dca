"""Running cases: bounded concurrency, a progress bar, and a per-case cache that lets a run resume.

The cache is a JSON-lines file per command under the cache folder. Each line holds one finished case,
keyed by a hash of (dataset, case id, backend, configuration); a run appends each case as it finishes, so
an interrupted run loses at most the cases in flight. A torn last line (the process died mid-write) is
ignored.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sys
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pydantic

__all__ = ["DEFAULT_CACHE_DIR", "CaseCache", "Progress", "cache_key", "run_async", "run_units"]

DEFAULT_CACHE_DIR = Path(".simxai-cache")

T = TypeVar("T")
R = TypeVar("R", bound=pydantic.BaseModel)


def run_async(main: Coroutine[Any, Any, T]) -> T:
    """Run a command's coroutine to the end, on uvloop when it is installed (the ``eval`` extra has it).

    A run of many concurrent cases spends much of its CPU on socket events, which uvloop handles in C; the
    standard loop gives the same results, only slower.
    """
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def cache_key(dataset: str, case_id: str, backend: str, config: dict[str, Any]) -> str:
    """The cache key of one case: a hash of everything that determines its result."""
    blob = json.dumps([dataset, case_id, backend, config], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


class CaseCache:
    """Finished cases by key, persisted as JSON lines in `folder/<name>.jsonl` (None: memory only)."""

    def __init__(self, folder: Path | None, name: str) -> None:
        self.path = folder / f"{name}.jsonl" if folder is not None else None
        self._entries: dict[str, dict[str, Any]] = {}
        if self.path is not None and self.path.exists():
            for line in self.path.read_text(encoding="utf-8").splitlines():
                try:
                    entry = json.loads(line)
                    self._entries[entry["key"]] = entry["value"]
                except (ValueError, KeyError, TypeError):
                    continue  # a line torn by an interrupted write

    def get(self, key: str) -> dict[str, Any] | None:
        """The cached result of the case `key`, or None."""
        return self._entries.get(key)

    def put(self, key: str, value: dict[str, Any]) -> None:
        """Cache a finished case's result, appending it to the file when there is one."""
        self._entries[key] = value
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps({"key": key, "value": value}, ensure_ascii=False) + "\n")

    def __len__(self) -> int:
        return len(self._entries)


class Progress:
    """A tqdm bar on stderr when it is a terminal (and not quiet); otherwise nothing."""

    def __init__(self, total: int, description: str, *, enabled: bool | None = None) -> None:
        show = sys.stderr.isatty() if enabled is None else enabled
        self._bar: Any = None
        if show and total:
            from tqdm import tqdm

            self._bar = tqdm(total=total, desc=description, file=sys.stderr, unit="case", leave=False)

    def update(self, n: int = 1) -> None:
        """Advance the bar by `n` cases."""
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        """Remove the bar."""
        if self._bar is not None:
            self._bar.close()


async def run_units(
    units: Sequence[Sequence[T]],
    work: Callable[[T, list[R]], Awaitable[R]],
    *,
    key: Callable[[T], str],
    model: type[R],
    cache: CaseCache,
    concurrency: int = 1,
    progress: Progress | None = None,
) -> list[list[R]]:
    """Run every item, units concurrently (at most `concurrency` at once), items of a unit in order.

    `work(item, earlier)` gets the results of the unit's earlier items (a dialogue's earlier turns in
    free-running mode) and must record its own failures in its result rather than raise. A cached item is
    not run again; its result comes back with `cached=True`.
    """
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency}")
    semaphore = asyncio.Semaphore(concurrency)

    async def run_unit(unit: Sequence[T]) -> list[R]:
        results: list[R] = []
        async with semaphore:
            for item in unit:
                k = key(item)
                stored = cache.get(k)
                if stored is not None:
                    result = model.model_validate({**stored, "cached": True})
                else:
                    result = await work(item, results)
                    cache.put(k, result.model_dump(mode="json", exclude={"cached"}))
                results.append(result)
                if progress is not None:
                    progress.update()
        return results

    try:
        return list(await asyncio.gather(*(run_unit(u) for u in units)))
    finally:
        if progress is not None:
            progress.close()
