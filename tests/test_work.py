"""simxai.work: budgets, cancellation and the fair worker pool."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from simxai.exceptions import BudgetError, UsageError
from simxai.functions import default_registry
from simxai.work import Budget, WorkerPool, charge


def test_a_budget_counts_evaluations_and_time_and_cancellation() -> None:
    budget = Budget(evaluations=10)
    budget.charge(6)
    with pytest.raises(BudgetError, match="more than its budget of 10 model evaluations"):
        budget.charge(5)
    timed = Budget(seconds=0.01)
    time.sleep(0.02)
    with pytest.raises(BudgetError, match="time budget of 0.01 s"):
        timed.charge(1)
    cancelled = Budget()
    cancelled.cancel()
    with pytest.raises(BudgetError, match="cancelled"):
        cancelled.charge(0)


def test_charge_outside_a_pool_call_does_nothing() -> None:
    charge(10**9)


def test_a_pool_needs_sane_settings() -> None:
    with pytest.raises(UsageError):
        WorkerPool(0)
    with pytest.raises(UsageError):
        WorkerPool(1, seconds=0)


async def test_owners_take_turns() -> None:
    pool = WorkerPool(1)
    order: list[str] = []
    gate = threading.Event()

    def work(name: str) -> str:
        gate.wait(5)
        order.append(name)
        return name

    # One owner queues four calls before another queues one: the other's call runs second, not fifth.
    calls = [asyncio.ensure_future(pool.run(work, f"a{i}", owner="a")) for i in range(4)]
    await asyncio.sleep(0.05)
    calls.append(asyncio.ensure_future(pool.run(work, "b0", owner="b")))
    await asyncio.sleep(0.05)
    gate.set()
    assert await asyncio.gather(*calls) == ["a0", "a1", "a2", "a3", "b0"]
    assert order[:2] == ["a0", "b0"]
    pool.close()


async def test_a_cancelled_caller_stops_its_call_and_frees_the_worker() -> None:
    pool = WorkerPool(1)
    stopped = threading.Event()

    def endless() -> None:
        try:
            while True:
                charge(1)
                time.sleep(0.01)
        except BudgetError:
            stopped.set()
            raise

    running = asyncio.ensure_future(pool.run(endless, owner="a"))
    queued = asyncio.ensure_future(pool.run(lambda: "never", owner="a"))
    await asyncio.sleep(0.1)
    running.cancel()
    queued.cancel()
    await asyncio.gather(running, queued, return_exceptions=True)
    assert await asyncio.wait_for(pool.run(lambda: "next", owner="b"), 5) == "next"
    assert stopped.is_set() and pool.waiting == 0 and pool.running == 0
    pool.close()


async def test_a_call_stuck_where_it_cannot_charge_is_refused_at_its_budget() -> None:
    # An import, a JIT compilation or a wait for the host's start-up work never reaches a charge: the pool
    # refuses the call to its caller anyway, and its worker stays taken until the thread has returned.
    pool = WorkerPool(1, seconds=0.2)
    release = threading.Event()
    stopped = threading.Event()

    def stuck() -> str:
        release.wait(30)
        try:
            charge(1)
        except BudgetError:
            stopped.set()
            raise
        return "finished"

    with pytest.raises(BudgetError, match="time budget of 0.2 s"):
        await asyncio.wait_for(pool.run(stuck, owner="a"), 20)
    assert not release.is_set() and pool.running == 1
    queued = asyncio.ensure_future(pool.run(lambda: "next", owner="b"))
    await asyncio.sleep(0.05)
    assert not queued.done()
    release.set()
    assert await asyncio.wait_for(queued, 20) == "next"
    assert stopped.is_set() and pool.running == 0
    pool.close()


async def test_a_tabular_counterfactual_search_stops_at_its_budget(demo_host) -> None:
    pool = WorkerPool(1, evaluations=5)
    explain = default_registry().get("explain_why_not")
    assert explain is not None
    with pytest.raises(BudgetError, match="budget of 5 model evaluations"):
        await pool.run(explain, demo_host, {"instance": 3})
    pool.close()
