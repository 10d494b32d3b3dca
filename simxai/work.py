"""Bounded work for function calls: a per-call budget, cancellation, and a fair pool of worker threads.

XAI functions are CPU-bound (SHAP, DiCE, counterfactual search), and a Python thread cannot be killed. So a
call's budget is checked *cooperatively*: a host calls `charge(n)` before it evaluates its model on `n`
inputs, and `charge` raises `BudgetError` once the call has run longer than its seconds, evaluated more
than its evaluations, or was cancelled (its caller went away). The thread then ends within one model batch.

`WorkerPool` runs calls on a fixed number of threads and queues the rest per owner (an API key, a session,
a client): the waiting owner with the fewest calls running goes next, then the one served longest ago, so
one client's many heavy calls wait behind each other, not in front of another client's single call. A caller
that is cancelled while its call waits leaves the queue; while its call runs, it is told to stop at its next
`charge`.

A thread can also spend its budget where it cannot check it: importing shap, compiling numba code, or waiting
for a resource the host's start-up work is still building. So the pool keeps the time budget on its own
side too: a call still running `OVERDUE_GRACE` seconds past its budget is refused to its caller with the same
`BudgetError`, and its thread is told to stop at its next `charge` (its worker stays taken until it has).
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import dataclasses
import functools
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from simxai.exceptions import BudgetError, UsageError

__all__ = ["OVERDUE_GRACE", "Budget", "WorkerPool", "charge", "current_owner", "set_owner"]

R = TypeVar("R")

#: Seconds past a call's time budget after which the pool refuses it to its caller even though its thread
#: has not reached a `charge` (the thread normally refuses first, within one model batch).
OVERDUE_GRACE = 0.25

_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("simxai_budget", default=None)
_OWNER: contextvars.ContextVar[str] = contextvars.ContextVar("simxai_owner", default="")


class Budget:
    """What one function call may spend: wall-clock seconds from its start, and model evaluations.

    Args:
        seconds: the longest the call may run (None: no limit).
        evaluations: the most model inputs it may evaluate (None: no limit).
    """

    def __init__(self, seconds: float | None = None, evaluations: int | None = None) -> None:
        self.seconds = seconds
        self.evaluations = evaluations
        self.spent = 0
        self._started = time.monotonic()
        self._cancelled = threading.Event()

    def start(self) -> None:
        """Start the clock (when the call leaves the queue and begins to run)."""
        self._started = time.monotonic()

    def cancel(self) -> None:
        """Make the call stop at its next `charge`."""
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        """Whether the call was told to stop."""
        return self._cancelled.is_set()

    def out_of_time(self) -> BudgetError:
        """The error of a call that ran out of its time budget."""
        return BudgetError(
            f"the call ran out of its time budget of {self.seconds:g} s; ask about a shorter text or a "
            "smaller group, or use a cheaper function"
        )

    def charge(self, evaluations: int) -> None:
        """Account for `evaluations` model inputs about to be evaluated.

        Raises:
            BudgetError: the call was cancelled, ran out of time, or would exceed its evaluations.
        """
        if self._cancelled.is_set():
            raise BudgetError("the call was cancelled: its caller went away")
        elapsed = time.monotonic() - self._started
        if self.seconds is not None and elapsed > self.seconds:
            raise self.out_of_time()
        self.spent += evaluations
        if self.evaluations is not None and self.spent > self.evaluations:
            raise BudgetError(
                f"the call needed more than its budget of {self.evaluations} model evaluations; ask about a "
                "shorter text or a smaller group, or use a cheaper function"
            )


def charge(evaluations: int) -> None:
    """Charge the running call's budget (a no-op outside a `WorkerPool` call). See `Budget.charge`."""
    budget = _BUDGET.get()
    if budget is not None:
        budget.charge(evaluations)


def set_owner(owner: str) -> None:
    """Name who the calls of the current task are for (the pool's unit of fairness)."""
    _OWNER.set(owner)


def current_owner() -> str:
    """Who the calls of the current task are for, as `set_owner` named them ('' if nobody did)."""
    return _OWNER.get()


@dataclasses.dataclass
class _Job:
    call: Callable[[], Any]
    budget: Budget
    owner: str
    future: asyncio.Future[Any]
    overdue: asyncio.TimerHandle | None = None

    def run(self) -> Any:
        token = _BUDGET.set(self.budget)
        try:
            self.budget.start()
            self.budget.charge(0)  # cancelled or out of time before it started: do nothing
            return self.call()
        finally:
            _BUDGET.reset(token)


class WorkerPool:
    """A fixed number of worker threads, shared fairly between owners, with a budget per call.

    Args:
        workers: threads that run calls at once.
        seconds: each call's time budget (None: none).
        evaluations: each call's model-evaluation budget (None: none).

    Raises:
        UsageError: `workers` is below 1 or a budget is not positive.
    """

    def __init__(self, workers: int = 4, *, seconds: float | None = None, evaluations: int | None = None) -> None:
        if workers < 1:
            raise UsageError(f"a worker pool needs at least one worker, got {workers}")
        if (seconds is not None and seconds <= 0) or (evaluations is not None and evaluations <= 0):
            raise UsageError(f"budgets must be positive, got {seconds} s and {evaluations} evaluations")
        self.workers = workers
        self.seconds = seconds
        self.evaluations = evaluations
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="simxai-call")
        self._free = workers
        self._queues: dict[str, collections.deque[_Job]] = {}
        self._turns: collections.deque[str] = collections.deque()  # owners with waiting calls, in turn
        self._running: collections.Counter[str] = collections.Counter()  # calls running per owner
        self._served: dict[str, int] = {}  # when each owner's last call started (a dispatch count)
        self._dispatched = 0

    @property
    def waiting(self) -> int:
        """Calls queued, not yet running."""
        return sum(len(q) for q in self._queues.values())

    @property
    def running(self) -> int:
        """How many workers are running a call right now."""
        return self.workers - self._free

    async def run(self, function: Callable[..., R], *args: Any, owner: str | None = None) -> R:
        """Run `function(*args)` on a worker thread within the pool's budget, in the owner's turn.

        Raises:
            BudgetError: the call ran out of its budget.
            asyncio.CancelledError: the caller was cancelled (the call is dropped or told to stop).
        """
        loop = asyncio.get_running_loop()
        job = _Job(
            call=lambda: function(*args),
            budget=Budget(self.seconds, self.evaluations),
            owner=current_owner() if owner is None else owner,
            future=loop.create_future(),
        )
        queue = self._queues.get(job.owner)
        if queue is None:
            queue = self._queues[job.owner] = collections.deque()
            self._turns.append(job.owner)
        queue.append(job)
        self._dispatch()
        try:
            result: R = await job.future
            return result
        except asyncio.CancelledError:
            job.budget.cancel()  # a running call stops at its next charge; its worker is freed then
            self._drop(job)
            raise

    def _drop(self, job: _Job) -> None:
        queue = self._queues.get(job.owner)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self._queues[job.owner]
                self._turns.remove(job.owner)

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while self._free and self._turns:
            # The waiting owner with the fewest calls running goes first, and among equals the one served
            # longest ago: an owner whose calls keep workers busy waits behind one that has none running.
            owner = min(self._turns, key=lambda o: (self._running[o], self._served.get(o, 0)))
            self._turns.remove(owner)
            queue = self._queues[owner]
            job = queue.popleft()
            if queue:
                self._turns.append(owner)  # its next call waits for the other owners' turns
            else:
                del self._queues[owner]
            self._free -= 1
            self._running[owner] += 1
            self._dispatched += 1
            self._served[owner] = self._dispatched
            done = loop.run_in_executor(self._executor, job.run)
            done.add_done_callback(functools.partial(self._finished, job))
            if self.seconds is not None:
                job.overdue = loop.call_later(self.seconds + OVERDUE_GRACE, self._overdue, job)

    @staticmethod
    def _overdue(job: _Job) -> None:
        """Refuse a call still running past its time budget; its thread stops at its next `charge`."""
        if not job.future.done():
            job.budget.cancel()
            job.future.set_exception(job.budget.out_of_time())

    def _finished(self, job: _Job, done: asyncio.Future[Any]) -> None:
        # The worker is free only now, when its thread has really returned (a cancelled call included).
        if job.overdue is not None:
            job.overdue.cancel()
        self._free += 1
        self._running[job.owner] -= 1
        if not self._running[job.owner]:
            del self._running[job.owner]
            if job.owner not in self._queues:
                self._served.pop(job.owner, None)  # nothing of it left: forget it
        if not job.future.done():
            if done.cancelled():
                job.future.cancel()
            elif done.exception() is not None:
                job.future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                job.future.set_result(done.result())
        elif not done.cancelled():
            done.exception()  # retrieved, so asyncio does not log it as never retrieved
        self._dispatch()

    def close(self) -> None:
        """Stop the threads once their calls end; queued calls are cancelled."""
        for queue in self._queues.values():
            for job in queue:
                job.future.cancel()
        self._queues.clear()
        self._turns.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)
