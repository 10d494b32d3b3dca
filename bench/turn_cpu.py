"""CPU per router turn on the demo host, and the faithfulness guard's share of it, per question of bench/engine.py.

    python bench/turn_cpu.py [--rounds 6]

The router turns of `bench/engine.py` (new patients and values every round, so no function result or routed text
is a cache hit; the first round, which loads the explainers and the selector, is not counted), timed with process
time, which other processes loading the machine do not inflate as they do wall-clock time. For each question:
the turn's CPU (p50 over the rounds), the part of it spent in the guard's `check_claims` (the engine checks the
router's own rendering too), and the functions' wall time the turn reports. The last line is the p50 over every
timed turn. `bench/engine.py` gives the wall-clock figures the project's 20 ms budget is about.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import QUESTIONS  # noqa: E402

import simxai.agent as agent_module  # noqa: E402
from simxai.agent import Agent  # noqa: E402
from simxai.backends.router import RouterBackend  # noqa: E402
from simxai.hosts.demo import load_demo_host  # noqa: E402


class _GuardClock:
    """Wraps the engine's `check_claims` and adds up the process time spent in it."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._check = agent_module.check_claims

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return self._check(*args, **kwargs)
        finally:
            self.seconds += time.process_time() - started


async def measure(rounds: int) -> dict[str, tuple[list[float], list[float], list[float]]]:
    clock = _GuardClock()
    agent_module.check_claims = clock  # type: ignore[assignment]
    agent = Agent(load_demo_host(), RouterBackend())
    per: dict[str, tuple[list[float], list[float], list[float]]] = {q: ([], [], []) for q in QUESTIONS}
    for r in range(rounds + 1):
        conversation = agent.conversation()
        for question in QUESTIONS:
            clock.seconds = 0.0
            started = time.process_time()
            turn = await conversation.send(question.format(a=100 + 2 * r, b=101 + 2 * r, v=22 + r))
            spent = time.process_time() - started
            if r > 0:
                turns, guard, functions = per[question]
                turns.append(spent * 1000)
                guard.append(clock.seconds * 1000)
                functions.append(turn.timings.get("functions", 0.0) * 1000)
    return per


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    per = asyncio.run(measure(args.rounds))
    every: list[float] = []
    print(f"{'question':45} {'turn CPU ms':>12} {'guard CPU ms':>13} {'functions wall ms':>18}")
    for question, (turns, guard, functions) in per.items():
        every += turns
        print(
            f"{question[:45]:45} {statistics.median(turns):12.1f} {statistics.median(guard):13.1f} "
            f"{statistics.median(functions):18.1f}"
        )
    print(f"{'every turn, p50':45} {statistics.median(every):12.1f}")


if __name__ == "__main__":
    main()
