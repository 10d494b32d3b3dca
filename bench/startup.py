"""How long `simxai serve` takes to start on the demo host, and the router's share of it (issue 12: "startup of
`simxai serve` grows by at most 2 s").

    python bench/startup.py [--runs N] [--json FILE]

Two figures per run, each in a fresh process so that nothing is imported or cached beforehand:

- **process start to /healthz**: `simxai serve --backend router` on the embedded demo host, from launching the
  process until /healthz answers. The server listens only after the router backend is prepared (selector,
  its embedding view, WordLlama, the spec index and one routed request), so this is the wait a new user sees;
  the host's own start-up work (predictions, metrics, global explanation) then runs in the background and is
  not in this figure.
- **router prepare**: in a fresh Python process that has already imported the package and loaded the demo host
  and the agent (not timed), the time of `RouterBackend.prepare` alone: what the learned router adds to the
  start-up on top of what any backend needs. This is the figure the issue's "grows by at most 2 s" is about.

Prints each run and the median and worst over `--runs`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hostile import server

REPO = Path(__file__).resolve().parent.parent

_PREPARE = """
import asyncio, json, time
from simxai.agent import Agent
from simxai.backends.router import RouterBackend
from simxai.server.settings import ServerSettings
from simxai.settings import agent_settings, load_host
settings = ServerSettings(host="demo")
host = load_host(settings)
backend = RouterBackend()
agent = Agent(host, backend, settings=agent_settings(settings))
started = time.perf_counter()
asyncio.run(backend.prepare(agent.schema, agent.specs))
print(json.dumps({"prepare": time.perf_counter() - started}))
"""


def serve_seconds() -> float:
    """Seconds from launching `simxai serve` (router backend, demo host) until /healthz answers."""
    launched = time.perf_counter()
    with server(warm=False, SIMXAI_HOST="demo"):
        return time.perf_counter() - launched


def prepare_seconds() -> float:
    """Seconds of `RouterBackend.prepare` in a fresh process (imports and host loading not timed)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SIMXAI_")}
    environment["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-c", _PREPARE], env=environment, capture_output=True, text=True, check=True, timeout=600
    )
    return float(json.loads(done.stdout.strip().splitlines()[-1])["prepare"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per figure (default 3)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")
    figures: dict[str, list[float]] = {"process start to /healthz, s": [], "router prepare, s": []}
    for run in range(1, args.runs + 1):
        serve = serve_seconds()
        prepare = prepare_seconds()
        figures["process start to /healthz, s"].append(serve)
        figures["router prepare, s"].append(prepare)
        print(f"run {run}: process start to /healthz {serve:.2f} s; router prepare {prepare:.2f} s", flush=True)
    load = os.getloadavg()[0]
    for name, values in figures.items():
        print(f"{name}: median {statistics.median(values):.2f}, worst {max(values):.2f} (runs {len(values)})")
    print(f"load average (1 min) at the end: {load:.1f} on {os.cpu_count()} cores")
    if args.json:
        args.json.write_text(json.dumps({"figures": figures, "load_average": load}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
