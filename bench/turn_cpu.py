"""CPU per router turn on the demo host, and the faithfulness guard's share of it, per question of bench/engine.py.

    python bench/turn_cpu.py [--rounds 6]

The router turns of `bench/engine.py` (new patients and values every round, so no function result or routed text
is a cache hit; the first round, which loads the explainers and the selector, is not counted), timed with process
time, which other processes loading the machine do not inflate as they do wall-clock time. Two tables, one per
engine setting: the default, where the guard does not re-read the router's own rendering (its guard column is
0), and `guard_renderings` on (`SIMXAI_GUARD_RENDERINGS=1`), where it does, as every turn did before round 37.
For each question: the turn's CPU (p50 over the rounds), the part of it spent in the guard's `check_claims`, and
the functions' wall time the turn reports. The last line of a table is the p50 over its every timed turn.
`bench/engine.py` gives the wall-clock figures the project's 20 ms budget is about.
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
from simxai.agent import Agent, AgentSettings  # noqa: E402
from simxai.backends.router import RouterBackend  # noqa: E402
from simxai.hosts.demo import load_demo_host  # noqa: E402

_CHECK = agent_module.check_claims


class _GuardClock:
    """Wraps the engine's `check_claims` and adds up the process time spent in it."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._check = _CHECK

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return self._check(*args, **kwargs)
        finally:
            self.seconds += time.process_time() - started


#: The two settings measured, each with the label its table prints (what the turn it times does) and its first
#: patient id: each asks about other patients, so neither meets a function result the other computed.
SETTINGS = {
    "router turn, default (the guard does not re-read the router's own rendering)": (AgentSettings(), 100),
    "router turn, guard_renderings on (SIMXAI_GUARD_RENDERINGS=1: the guard re-reads the rendering)": (
        AgentSettings(guard_renderings=True),
        250,
    ),
}


async def measure(
    rounds: int, settings: AgentSettings, first: int = 100
) -> dict[str, tuple[list[float], list[float], list[float]]]:
    clock = _GuardClock()
    agent_module.check_claims = clock  # type: ignore[assignment]
    agent = Agent(load_demo_host(), RouterBackend(), settings=settings)
    per: dict[str, tuple[list[float], list[float], list[float]]] = {q: ([], [], []) for q in QUESTIONS}
    for r in range(rounds + 1):
        conversation = agent.conversation()
        for question in QUESTIONS:
            clock.seconds = 0.0
            started = time.process_time()
            turn = await conversation.send(question.format(a=first + 2 * r, b=first + 1 + 2 * r, v=22 + r))
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
    for label, (settings, first) in SETTINGS.items():
        per = asyncio.run(measure(args.rounds, settings, first))
        every: list[float] = []
        print(f"\n{label}")
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
