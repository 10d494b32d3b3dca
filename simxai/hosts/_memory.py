"""Keeping a host's resident memory close to what it holds: large freed arrays go back to the system.

glibc's allocator serves an allocation above its mmap threshold (128 KiB at start) with a mapping of its
own, returned to the system when freed. After the first such block is freed it raises the threshold (up
to 32 MiB), and from then on large temporaries — the CSV reader's buffers, a model's copies of a 50,000-row
chunk, the frame a host selects its columns from — are carved from the heap, where what is freed stays
resident around what is still in use. On the 300,000 × 30 host of `bench/scale.py` that left about 80 MB
resident that nothing referenced. `keep_large_allocations_mapped` fixes the threshold at its initial value
(which also stops its growth); `release_free_memory` hands back what the heap holds free. Both are no-ops
where the C library has no such calls (musl, macOS, Windows).

The price is paid in page faults by code that allocates large temporaries on every call: each is a fresh
mapping. The counterfactual search's distance scan over its pool (a few MB of temporaries per call, about
3 ms of system time on that host) now works a column of at most 80 KB at a time, which the heap serves.
A 16 MiB threshold avoids that cost but kept 389-397 MB resident after 1,000 calls against 383-388 MB
with 128 KiB, closer to the issue's bound of 404 MB.
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import Any

#: mallopt's parameter number for the mmap threshold (glibc's malloc.h: M_MMAP_THRESHOLD).
_M_MMAP_THRESHOLD = -3
#: glibc's initial threshold: arrays of more than 16,384 float64 values get a mapping of their own.
_THRESHOLD = 128 * 1024

_lock = threading.Lock()
_fixed = False


def _libc() -> Any | None:
    """The C library among the symbols the process has already loaded (`CDLL(None)`; no `ldconfig` run)."""
    try:
        return ctypes.CDLL(None)
    except OSError:  # a platform without dlopen(NULL)
        return None


def keep_large_allocations_mapped() -> None:
    """Fix glibc's mmap threshold at 128 KiB, so that every large array freed goes back to the system.

    Process-wide and idempotent: a host calls it before it reads its data. An operator's own setting
    (glibc's `MALLOC_MMAP_THRESHOLD_` environment variable) wins: then nothing is changed.
    """
    global _fixed
    with _lock:
        if _fixed or "MALLOC_MMAP_THRESHOLD_" in os.environ:
            _fixed = True
            return
        mallopt = getattr(_libc(), "mallopt", None)
        if mallopt is not None:
            mallopt(_M_MMAP_THRESHOLD, _THRESHOLD)
        _fixed = True


def release_free_memory() -> None:
    """Hand memory the heap holds free back to the system (glibc keeps it otherwise)."""
    trim = getattr(_libc(), "malloc_trim", None)
    if trim is not None:
        trim(0)
