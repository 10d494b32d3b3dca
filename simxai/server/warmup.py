"""The host's start-up work (predictions over its table, held-out metrics, the global explanation, the
counterfactual search; a text host first imports shap and compiles its numba code), run in a background
thread so the server answers while it is computed.

`/readyz` reports the progress, and a streamed turn that waits more than a second says what the host is
still computing. A host without start-up work (a remote host) is finished at once. When the app stops, it
stops the work at the host's next step and waits for the thread, so the work never outlives its app (nor, in
a test process, runs on into the next test).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from simxai.hosts.base import Host

__all__ = ["Warmup", "start_warmup"]

logger = logging.getLogger("simxai.server")


class _Stopped(Exception):  # control flow inside this module, never seen by a caller
    """Raised in the start-up thread at the host's next step once the app stops; ends the work early."""


class Warmup:
    """Progress of a host's start-up work; updated by its thread, read by requests, stopped with the app."""

    def __init__(self) -> None:
        self.step = "starting"
        self.done = 0
        self.total = 0
        self.finished = False
        self.error: str | None = None
        self._started = time.monotonic()
        self._seconds: float | None = None
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def report(self, step: str, done: int, total: int) -> None:
        """The host's progress callback: `step` is starting, `done` of `total` steps are finished.

        Raises:
            _Stopped: the app is stopping; the host does not start the step.
        """
        if self._stopping.is_set():
            raise _Stopped(f"the app stopped before {step!r}")
        self.step, self.done, self.total = step, done, total

    @property
    def running(self) -> bool:
        """Whether the start-up thread is still alive."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, work: Callable[[], None]) -> None:
        """Run `work` in the start-up thread (a daemon: a host step that outlasts shutdown never holds the process)."""
        self._thread = threading.Thread(target=work, name="simxai-warmup", daemon=True)
        self._thread.start()

    def stop(self, timeout: float) -> bool:
        """Stop the work at the host's next step and wait up to `timeout` seconds for its thread.

        Blocks: an app calls it from a worker thread. Returns whether the thread has ended.
        """
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

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
        except _Stopped as exc:
            error = str(exc)
            logger.info("the host's start-up work stopped with the app at %s", progress.step)
        except Exception as exc:  # the questions that need the failed part report it when asked
            error = f"{type(exc).__name__}: {exc}"
            logger.warning("the host's start-up work failed at %s: %s", progress.step, error)
        progress.finish(error)
        if error is None:
            logger.info("the host's start-up work is done (%.1f s)", progress.body()["seconds"])

    progress.start(run)
    return progress
