"""The host's start-up work (predictions over its table, held-out metrics, the global explanation, the
counterfactual search), run in a background thread so the server answers while it is computed.

`/readyz` reports the progress, and a streamed turn that waits more than a second says what the host is
still computing. A host without start-up work (a remote host) is finished at once.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from simxai.hosts.base import Host

__all__ = ["Warmup", "start_warmup"]

logger = logging.getLogger("simxai.server")


class Warmup:
    """Progress of a host's start-up work; updated by its thread, read by requests."""

    def __init__(self) -> None:
        self.step = "starting"
        self.done = 0
        self.total = 0
        self.finished = False
        self.error: str | None = None
        self._started = time.monotonic()
        self._seconds: float | None = None

    def report(self, step: str, done: int, total: int) -> None:
        """The host's progress callback: `step` is starting, `done` of `total` steps are finished."""
        self.step, self.done, self.total = step, done, total

    def finish(self, error: str | None = None) -> None:
        """Mark the start-up work done, with the error that stopped it if any, and note how long it took."""
        self.error = error
        self._seconds = time.monotonic() - self._started
        self.finished = True

    def body(self) -> dict[str, Any]:
        """The JSON form `/readyz` and progress events carry."""
        seconds = self._seconds if self._seconds is not None else time.monotonic() - self._started
        body: dict[str, Any] = {
            "finished": self.finished,
            "step": "done" if self.finished and self.error is None else self.step,
            "done": self.done,
            "total": self.total,
            "seconds": round(seconds, 1),
        }
        if self.error is not None:
            body["error"] = self.error
        return body

    def text(self) -> str | None:
        """A sentence for a user while the work runs (None once finished)."""
        if self.finished:
            return None
        return f"the host is still computing its start-up work: {self.step} ({self.done}/{self.total} done)"


def start_warmup(host: Host) -> Warmup:
    """Start the host's start-up work in a daemon thread; the returned progress is updated as it runs."""
    progress = Warmup()
    warm = getattr(host, "warm", None)
    if not callable(warm):
        progress.finish()
        return progress

    def run() -> None:
        error = None
        try:
            warm(progress.report)
        except Exception as exc:  # the questions that need the failed part report it when asked
            error = f"{type(exc).__name__}: {exc}"
            logger.warning("the host's start-up work failed at %s: %s", progress.step, error)
        progress.finish(error)
        if error is None:
            logger.info("the host's start-up work is done (%.1f s)", progress.body()["seconds"])

    threading.Thread(target=run, name="simxai-warmup", daemon=True).start()
    return progress
