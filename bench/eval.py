"""Benchmark: `simxai-eval parse` throughput against a mock LLM server, at concurrency 1 and 16.

500 single-turn cases run through the real engine and the OpenAI-compatible backend. The mock server
runs as a separate process on 127.0.0.1, waits 50 ms per completion (as a served 8B model would for a
short reply), and answers with each case's gold call, then with a short text reply. Functions are skipped
(selection-only host) so the figure measures the evaluation runner, not the host. The runs use the event
loop `simxai-eval` uses (uvloop when installed). Prints each run's time, then the speed-up: the run at
concurrency 1 over the median of `--repeat` runs at 16. Exits 1 when the speed-up is below the bar.

    python bench/eval.py [--cases 500] [--latency 0.05] [--repeat 3] [--data-dir ../shared/datasets]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from simxai.agent import Agent
from simxai.backends import load_backend
from simxai.eval_suite.data.datasets import load_cases
from simxai.eval_suite.parsing.evaluate import ParseConfig, SelectionOnlyHost, evaluate_parse, select_cases
from simxai.eval_suite.runner import CaseCache, run_async
from simxai.hosts.demo import load_demo_host

SPEED_UP_BAR = 12.0
DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "datasets"


async def run(agent: Agent, cases: list[Any], concurrency: int) -> Any:
    try:
        return await evaluate_parse(
            cases,
            agent,
            dataset="simxai-single-turn",
            concurrency=concurrency,
            config=ParseConfig(host="demo", functions="skip"),
            cache=CaseCache(None, "bench"),
            progress=False,
        )
    finally:
        await agent.backend.aclose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=500)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs at concurrency 16 (a few seconds each); the median is used"
    )
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, got {args.repeat}")

    cases = select_cases(load_cases("simxai-single-turn", args.data_dir), args.cases, seed=0)
    host = SelectionOnlyHost(load_demo_host())
    timings: dict[int, list[float]] = {1: [], 16: []}
    with tempfile.TemporaryDirectory() as folder:
        gold_file = Path(folder) / "gold.json"
        gold_file.write_text(json.dumps({c.text: c.gold.alternatives[0] for c in cases if c.gold is not None}))
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "simxai.backends.testing.mockserver",
                "--gold",
                str(gold_file),
                "--latency",
                str(args.latency),
                "--max-requests",
                str(4 * (args.repeat + 2) * args.cases),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None and server.stdin is not None
            base_url = server.stdout.readline().strip()
            # Untimed warm-up: first-use costs (lazy imports, compiled patterns) belong to neither run.
            run_async(run(Agent(host, load_backend("openai:mock-toolace", base_url=base_url)), cases[:16], 16))
            # The run at 1 takes half a minute; those at 16 take seconds, so one hiccup of the machine moves
            # them a lot: the median of a few is what is compared.
            for concurrency in [1] + [16] * args.repeat:
                agent = Agent(host, load_backend("openai:mock-toolace", base_url=base_url))
                started, cpu = time.perf_counter(), time.process_time()
                report = run_async(run(agent, cases, concurrency))
                seconds = time.perf_counter() - started
                timings[concurrency].append(seconds)
                cpu = time.process_time() - cpu
                t = report.totals
                print(
                    f"concurrency {concurrency:>2}: {seconds:6.2f} s for {t.cases} cases "
                    f"({t.cases / seconds:.1f} cases/s, accuracy {t.correct}/{t.in_scope}, "
                    f"errors {t.errors}; client CPU {cpu:.2f} s)"
                )
            server.stdin.close()  # the server stops, printing how many completions it served
            print(f"completions served (every run and the warm-up): {server.stdout.readline().strip()}")
            server.wait(10)
        finally:
            if server.poll() is None:  # only on an error above: stop our own child
                server.kill()
                server.wait()
    speed_up = timings[1][0] / statistics.median(timings[16])
    print(
        f"speed-up at concurrency 16: {speed_up:.1f}x (median of {args.repeat} runs at 16; each run's: "
        + " ".join(f"{timings[1][0] / t:.1f}x" for t in timings[16])
        + f"; bar: {SPEED_UP_BAR:.0f}x; load average now "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: other work on the machine lowers it)"
    )
    return 0 if speed_up >= SPEED_UP_BAR else 1


if __name__ == "__main__":
    sys.exit(main())
