"""Engine overhead per turn, and the router's time per turn, on the demo host.

    python bench/engine.py [--turns 300] [--json FILE] [--profile N]

Engine overhead: a scripted backend with zero latency answers every turn with one `get_prediction`
call and a faithful reply; the time spent inside the function (model prediction) is subtracted, so the
figure is the loop's own cost (message building, validation, state, guard). `engine_overhead_cpu_p50_ms` is the
same turns' CPU time in the event loop's thread (`time.thread_time`; the function runs in a worker thread and is not
counted): other processes loading the machine inflate it far less than the wall-clock figure. Router: the offline router
backend's per-turn wall time, functions included and excluded, on questions about NEW instances: every
round asks about other patients and other values, so no function result and no routed text is a cache hit.
The router's figures are timed twice, labelled apart: `router_turn_*` with the engine's default, where the guard
does not re-read the router's own rendering of the outputs (docs/guard.md), and `router_turn_guard_renderings_*`
with `guard_renderings` on (`SIMXAI_GUARD_RENDERINGS=1`), where it does, as every turn did before round 37; the
second asks about other patients again (ids 250 on), so it meets no function result the first computed.
`--profile N` also prints the N functions of the router's timed turns (not the first round) with the most time
of their own and with the most in all, by cProfile (which slows every call: its figures are not the timings).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import statistics
import time
from pathlib import Path

from simxai.agent import Agent, AgentSettings
from simxai.backends.base import CompletionRequest, CompletionResponse
from simxai.backends.testing import FunctionBackend, call, reply
from simxai.hosts.demo import load_demo_host
from simxai.results import format_percent

QUESTIONS = [
    "what does the model predict for patient {a}?",
    "why?",
    "what if her bmi were {v}?",
    "how accurate is the model?",
    "which features matter most overall?",
    "and for patient {b}?",
    "how many patients are in the data?",
    "what kind of model is this?",
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


async def engine_overhead(turns: int) -> dict[str, float]:
    host = load_demo_host()
    prediction = host.predict(host.resolve(12))
    text = f"The model predicts {prediction.label} ({format_percent(prediction.probabilities[prediction.label])})."

    def script(request: CompletionRequest) -> CompletionResponse:
        return reply(text) if request.messages[-1].role == "tool" else reply("", call("get_prediction", instance=12))

    agent = Agent(host, FunctionBackend(script))
    overhead, cpu = [], []
    for i in range(turns + 20):
        started, started_cpu = time.perf_counter(), time.thread_time()
        turn = await agent.run_turn("what does the model predict for patient 12?")
        total, total_cpu = time.perf_counter() - started, time.thread_time() - started_cpu
        if i >= 20:  # warm-up turns are not counted
            overhead.append((total - turn.timings.get("functions", 0.0)) * 1000)
            cpu.append(total_cpu * 1000)
    return {
        "engine_overhead_p50_ms": statistics.median(overhead),
        "engine_overhead_p99_ms": percentile(overhead, 99),
        "engine_overhead_cpu_p50_ms": statistics.median(cpu),
    }


async def router_turns(
    rounds: int,
    profile: cProfile.Profile | None = None,
    settings: AgentSettings | None = None,
    first: int = 100,
    prefix: str = "router_turn",
) -> dict[str, float]:
    """The router's turn figures named `prefix`_..., with `settings`, about patients `first` on."""
    from simxai.backends.router import RouterBackend

    host = load_demo_host()
    agent = Agent(host, RouterBackend(), settings=settings)
    totals, without_functions = [], []
    for r in range(rounds + 1):
        conversation = agent.conversation()
        for question in QUESTIONS:
            # new patients and values every round (ids 100+ are not used by the engine-overhead figure)
            text = question.format(a=first + 2 * r, b=first + 1 + 2 * r, v=22 + r)
            if profile is not None and r > 0:
                profile.enable()
            started = time.perf_counter()
            turn = await conversation.send(text)
            elapsed = time.perf_counter() - started
            if profile is not None:
                profile.disable()
            if r > 0:  # the first round loads the explainers and the selector
                totals.append(elapsed * 1000)
                without_functions.append((elapsed - turn.timings.get("functions", 0.0)) * 1000)
    return {
        f"{prefix}_p50_ms": statistics.median(totals),
        f"{prefix}_p90_ms": percentile(totals, 90),
        f"{prefix}_p99_ms": percentile(totals, 99),
        f"{prefix}_without_functions_p50_ms": statistics.median(without_functions),
    }


#: The project's bars: each figure must stay below its value, in milliseconds (bench/run_all.py reads them).
TARGETS_MS = {"engine_overhead_p50_ms": 5.0, "router_turn_p50_ms": 20.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="print the router turns' top N functions")
    args = parser.parse_args()
    figures = asyncio.run(engine_overhead(args.turns))
    profile = cProfile.Profile() if args.profile else None
    figures.update(asyncio.run(router_turns(args.rounds, profile)))
    on = AgentSettings(guard_renderings=True)
    figures.update(asyncio.run(router_turns(args.rounds, None, on, 250, "router_turn_guard_renderings")))
    if profile is not None:
        for order in ("tottime", "cumulative"):
            pstats.Stats(profile).sort_stats(order).print_stats(args.profile)
    print(f"{'figure':54} {'value':>10}  target")
    for key, value in figures.items():
        print(f"{key:54} {value:10.3f}  {f'< {TARGETS_MS[key]:g} ms' if key in TARGETS_MS else ''}")
    print("router_turn_*: the default engine (the guard does not re-read the router's own rendering)")
    print("router_turn_guard_renderings_*: SIMXAI_GUARD_RENDERINGS=1 (the guard re-reads the rendering)")
    if args.json:
        args.json.write_text(json.dumps({**figures, "targets_ms": TARGETS_MS}, indent=2))


if __name__ == "__main__":
    main()
