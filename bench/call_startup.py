"""What one `simxai call` costs, in fresh processes: loading the host here, or asking a running server.

    python bench/call_startup.py [--host-config FILE] [--args JSON] [--runs N] [--tree PATH] [--no-server]

For each of `--runs` fresh processes, the wall time and the CPU time (user + system, of the child) of

- **local**: `simxai call get_prediction --args ARGS` (the host loaded in the process: importing the package, the
  model's libraries, unpickling the model, the call);
- **server**: the same call with `--server URL`, asked of one `simxai serve` started beforehand on the same host
  (bench/hostile.py's server; its own start-up is not in the figure);

then one more fresh process that times the stages of a local call by CPU: `import simxai.cli`, `import
simxai.functions`, `load_host` and the call, and names the heavy modules the call imported. `--tree` runs another
checkout's `simxai` for the local figures (e.g. the main branch, for a before/after); the server always runs this
one. CPU time is the figure to compare on a shared machine: wall time grows with the other jobs' load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hostile import server

REPO = Path(__file__).resolve().parent.parent

_STAGES = """
import json, sys, time
clock = time.process_time
started = clock()
import simxai.cli
cli = clock()
import simxai.functions
functions = clock()
from simxai.settings import load_host
from simxai.cli import _settings, build_parser
args = build_parser().parse_args(sys.argv[1:])
host = load_host(_settings(args))
loaded = clock()
simxai.functions.default_registry().get("get_prediction")(host, json.loads(args.args))
done = clock()
heavy = ["simxai.agent", "simxai.guard", "simxai.backends", "simxai.extraction", "sklearn", "scipy.stats", "xgboost"]
print(json.dumps({
    "import simxai.cli": cli - started,
    "import simxai.functions": functions - cli,
    "load_host": loaded - functions,
    "call": done - loaded,
    "imported": [m for m in heavy if m in sys.modules],
}))
"""


def timed(command: list[str], environment: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one child process (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, env=environment, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(name: str, runs: list[tuple[float, float]]) -> dict[str, float]:
    """Print each run and the medians; return the medians."""
    walls, cpus = [w for w, _ in runs], [c for _, c in runs]
    for i, (wall, cpu) in enumerate(runs, 1):
        print(f"  {name} run {i}: wall {wall:.2f} s, cpu {cpu:.2f} s")
    medians = {"wall": statistics.median(walls), "cpu": statistics.median(cpus)}
    print(f"{name}: median wall {medians['wall']:.2f} s, median cpu {medians['cpu']:.2f} s over {len(runs)} runs")
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host-config", help="a host config (default: the embedded demo host)")
    parser.add_argument("--args", default='{"instance": 12}', help="get_prediction's arguments as JSON")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tree", default=str(REPO), help="the checkout whose simxai the local calls run")
    parser.add_argument("--no-server", action="store_true", help="time the local calls only")
    parser.add_argument("--json", help="also write the figures to this file")
    options = parser.parse_args()

    host = ["--host-config", str(Path(options.host_config).resolve())] if options.host_config else ["--host", "demo"]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SIMXAI_")}
    environment["PYTHONPATH"] = str(Path(options.tree).resolve())
    call = [sys.executable, "-m", "simxai", "call", "get_prediction", "--args", options.args]
    print(f"simxai call get_prediction --args '{options.args}' on {' '.join(host)}; local calls run {options.tree}")

    figures: dict[str, object] = {}
    figures["local"] = report("local", [timed(call + host, environment) for _ in range(options.runs)])
    stages = subprocess.run(
        [sys.executable, "-c", _STAGES, "call", "get_prediction", "--args", options.args, *host],
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    )
    figures["stages"] = json.loads(stages.stdout.strip().splitlines()[-1])
    print("stages of a local call (cpu s):", json.dumps(figures["stages"]))

    if not options.no_server:
        served = {"SIMXAI_HOST_CONFIG": host[1]} if options.host_config else {"SIMXAI_HOST": "demo"}
        here = {**environment, "PYTHONPATH": str(REPO)}  # --server is this checkout's
        with server(**served) as base:
            asked = [timed([*call, "--server", base], here) for _ in range(options.runs)]
        figures["server"] = report("server", asked)
    if options.json:
        Path(options.json).write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
