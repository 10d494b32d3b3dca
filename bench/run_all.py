"""Run every benchmark under bench/ and print one table of their figures (and write it as JSON).

    python bench/run_all.py [--quick] [--only load,eval] [--json FILE] [--verbose]

Each benchmark runs as its own process, one after the other, with bounded settings:

| benchmark           | what it measures                                                                    |
| ------------------- | ----------------------------------------------------------------------------------- |
| functions.py        | each model family's local/global explanation on new rows against shap's own call    |
| engine.py           | the engine's own cost per turn (scripted backend) and the router's time per turn    |
| load.py (ratio)     | HTTP throughput at 32 concurrent sessions over 1, against a mock LLM (100 ms/call)  |
| load.py (64)        | 2,048 turns at 64 concurrent sessions: errors, p50/p99, server memory before/after |
| eval.py             | `simxai-eval parse` speed-up at concurrency 16 over 1, against a mock LLM           |
| router_accuracy.py  | the offline router's function-selection accuracy on the SimXAI data sets           |

Every figure in the table is a ratio, a percentile or (for the server) its memory, measured in this run; a
target is the benchmark's own bar, or "—" where the project sets none. `--quick` shrinks every benchmark
(fewer repeats, cases and turns; the 64-session run does 512 turns) for a run of about a minute; the full run
takes about three on two cores. The exit code is 1 when a figure misses its target or a benchmark produced no
figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

REPO_ROOT = Path(__file__).resolve().parents[1]
BENCH = REPO_ROOT / "bench"
DATA_DIR = REPO_ROOT / ".." / "shared" / "datasets"
#: Seconds any one benchmark may take before it is stopped (and reported as producing no figures).
TIMEOUT = 900


@dataclass
class Figure:
    """One row of the table."""

    benchmark: str
    name: str
    value: float | None
    unit: str
    target: str = "—"
    passed: bool | None = None  # None: no target

    def shown(self) -> str:
        if self.value is None:
            return "missing"
        if self.unit == "x":
            return f"{self.value:.1f}x"
        if self.unit == "%":
            return f"{self.value:.1f} %"
        if self.unit == "ms":
            return f"{self.value:.2f} ms" if self.value < 100 else f"{self.value:.0f} ms"
        return f"{self.value:.1f} {self.unit}".rstrip()


@dataclass
class Run:
    """One benchmark process: its command, exit code, time, output and figures."""

    name: str
    command: list[str]
    returncode: int | None = None
    seconds: float = 0.0
    stdout: str = ""
    stderr: str = ""
    raw: dict[str, Any] = field(default_factory=dict)
    figures: list[Figure] = field(default_factory=list)
    problem: str | None = None


def at_least(target: float) -> Callable[[float], bool]:
    return lambda value: value >= target


def below(target: float) -> Callable[[float], bool]:
    return lambda value: value < target


def ratio_bar(bar: float | None) -> tuple[str, Callable[[float], bool]]:
    """The target text and check for "at least `bar` times"; a benchmark that stated no bar fails."""
    if bar is None:
        return "bar not reported", lambda value: False
    return f">= {bar:g}x", at_least(bar)


def ms_bar(bar: float | None) -> tuple[str, Callable[[float], bool]]:
    """The target text and check for "below `bar` ms"; a benchmark that stated no bar fails."""
    if bar is None:
        return "bar not reported", lambda value: False
    return f"< {bar:g} ms", below(bar)


def figure(
    benchmark: str,
    name: str,
    value: float | None,
    unit: str,
    target: str = "—",
    check: Callable[[float], bool] | None = None,
) -> Figure:
    passed = None if check is None or value is None else bool(check(value))
    if check is not None and value is None:
        passed = False
    return Figure(benchmark, name, value, unit, target, passed)


# ---- running the benchmarks -----------------------------------------------------------------------------


def run(step: Step, folder: Path, *, verbose: bool) -> Run:
    """Run one benchmark script; one that takes `--json` writes its figures to a file read back here."""
    name, script, arguments = step.name, step.script, step.arguments
    json_path = folder / f"{name}.json"
    command = [sys.executable, str(BENCH / script), *arguments]
    if step.writes_json:
        command += ["--json", str(json_path)]
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    shown = " ".join(["python", f"bench/{script}", *arguments])
    print(f"running {shown} ...", flush=True)
    result = Run(name, [*command[:1], f"bench/{script}", *arguments])
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command, cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired as exc:
        result.seconds = time.perf_counter() - started
        result.problem = f"stopped after {TIMEOUT} s"
        result.stdout = exc.stdout if isinstance(exc.stdout, str) else ""
        return result
    result.seconds = time.perf_counter() - started
    result.returncode, result.stdout, result.stderr = done.returncode, done.stdout, done.stderr
    if verbose:
        print(done.stdout)
    if step.writes_json:
        try:
            result.raw = json.loads(json_path.read_text())
        except (OSError, ValueError) as exc:
            result.problem = f"no JSON figures ({exc}); stderr ends: {done.stderr[-400:]}"
    print(f"  {name}: exit {done.returncode} in {result.seconds:.0f} s", flush=True)
    return result


def _number(pattern: str, text: str) -> float | None:
    match = re.search(pattern, text, re.MULTILINE)
    return float(match.group(1)) if match else None


# ---- reading each benchmark's figures -------------------------------------------------------------------

# Each benchmark states its own bars (in its JSON, or for eval.py in its output); this file repeats none.


def functions_figures(r: Run) -> list[Figure]:
    """Per model family: the host's local and global explanation against shap's own call on the same rows."""
    families = r.raw.get("families", {})
    local_bar, global_bar = r.raw.get("local_target_ratio"), r.raw.get("global_target_ratio")
    out = []
    for family, f in families.items():
        for key, what, bar in (
            ("local", "local explanation p50", local_bar),
            ("global", "global explanation", global_bar),
        ):
            if bar is None:
                target, check = "bar not reported", (lambda value: False)
            else:
                target, check = f"<= {bar:g}x", (lambda value, bar=bar: value <= bar)
            out.append(figure("functions", f"{what} / raw shap, {family}", f.get(f"{key}_ratio"), "x", target, check))
    return out


def engine_figures(r: Run) -> list[Figure]:
    raw, bars = r.raw, r.raw.get("targets_ms", {})
    overhead, router = "engine overhead per turn", "router turn, new instances (functions included)"
    # The same turns with the guard re-reading the router's own rendering (not the default; bench/engine.py)
    checked = "router turn, SIMXAI_GUARD_RENDERINGS=1 (the guard re-reads the rendering), new instances"

    def bounded(name: str, key: str) -> Figure:
        return figure("engine", name, raw.get(key), "ms", *ms_bar(bars.get(key)))

    return [
        bounded(f"{overhead}, p50", "engine_overhead_p50_ms"),
        figure("engine", f"{overhead}, p99", raw.get("engine_overhead_p99_ms"), "ms"),
        bounded(f"{router}, p50", "router_turn_p50_ms"),
        figure("engine", f"{router}, p99", raw.get("router_turn_p99_ms"), "ms"),
        figure("engine", f"{checked}, p50", raw.get("router_turn_guard_renderings_p50_ms"), "ms"),
    ]


def _level(raw: dict[str, Any], sessions: int) -> dict[str, Any]:
    return next((row for row in raw.get("levels", []) if row.get("sessions") == sessions), {})


def load_ratio_figures(r: Run) -> list[Figure]:
    one, many = _level(r.raw, 1), _level(r.raw, 32)
    ratio, bar = r.raw.get("ratio_32_vs_1"), r.raw.get("target_ratio")
    return [
        figure(
            "load",
            "throughput, 32 sessions / 1 session",
            ratio,
            "x",
            *ratio_bar(bar),
        ),
        figure("load", "turn latency at 1 session, p99", one.get("p99_ms"), "ms"),
        figure("load", "turn latency at 32 sessions, p99", many.get("p99_ms"), "ms"),
    ]


def load_64_figures(r: Run) -> list[Figure]:
    level = _level(r.raw, 64)
    turns = level.get("turns")
    errors = r.raw.get("errors")
    rate = 100.0 * errors / turns if turns and errors is not None else None
    before, after = r.raw.get("rss_mib_before"), r.raw.get("rss_mib_after")
    growth = after - before if before is not None and after is not None else None
    label = f"{turns:,} turns at 64 sessions" if turns else "64 sessions"
    return [
        figure("load", f"{label}: failed turns", rate, "%", "0 %", lambda v: v == 0),
        figure("load", f"{label}: turn latency p50", level.get("p50_ms"), "ms"),
        figure("load", f"{label}: turn latency p99", level.get("p99_ms"), "ms"),
        figure("load", f"{label}: server RSS before the load", before, "MiB"),
        figure("load", f"{label}: server RSS after the load", after, "MiB"),
        # The server's parsed-history cache is bounded (20,000 messages, about 30 MiB); a leak grows past it.
        figure("load", f"{label}: server RSS growth", growth, "MiB", "<= 64 MiB", lambda v: v <= 64),
    ]


def eval_figures(r: Run) -> list[Figure]:
    text = r.stdout
    speed_up = _number(r"speed-up at concurrency 16: ([0-9.]+)x", text)
    bar = _number(r"; bar: ([0-9.]+)x", text)
    accuracies = re.findall(r"accuracy (\d+)/(\d+), errors (\d+)", text)
    correct = sum(int(a) for a, _, _ in accuracies)
    scope = sum(int(b) for _, b, _ in accuracies)
    errors = sum(int(e) for _, _, e in accuracies)
    r.raw = {"speed_up": speed_up, "correct": correct, "in_scope": scope, "errors": errors}
    accuracy = 100.0 * correct / scope if scope else None
    return [
        figure(
            "eval",
            "parse speed-up, concurrency 16 / 1",
            speed_up,
            "x",
            *ratio_bar(bar),
        ),
        # The mock LLM replays each case's gold call: anything below 100 % is a bug in the runner or scoring.
        figure(
            "eval",
            "parse accuracy against the gold-replaying mock",
            accuracy,
            "%",
            "100 %",
            lambda v: v == 100,
        ),
    ]


def router_figures(r: Run) -> list[Figure]:
    text = r.stdout
    sets = {
        "(a)": "router accuracy, SimXAI single-turn [test]",
        "(b)": "router accuracy, Compass multi-turn [test]",
        "(c)": "router accuracy, sentiment/number dialogues [test]",
    }
    out = []
    for key, name in sets.items():
        value = _number(rf"summary:.*{re.escape(key)} ([0-9.]+)%", text)
        r.raw[name] = value
        target = ("≥ 92 %", lambda v: v >= 92) if key == "(a)" else ()
        out.append(figure("router", name, value, "%", *target))
        wrong = _number(rf"== {re.escape(key)} .*confident-wrong [0-9]+ = ([0-9.]+)%", text)
        out.append(figure("router", f"{name.replace('accuracy', 'confident-wrong')}", wrong, "%"))
    p50 = _number(r"latency per turn: p50 ([0-9.]+) ms", text)
    p95 = _number(r"latency per turn: p50 [0-9.]+ ms, p95 ([0-9.]+) ms", text)
    out += [figure("router", "router selection per turn, p50", p50, "ms"),
            figure("router", "router selection per turn, p95", p95, "ms")]  # fmt: skip
    return out


# ---- the plan -------------------------------------------------------------------------------------------


class Step(NamedTuple):
    """One benchmark to run: its name, script, arguments, whether it writes `--json`, and its reader."""

    name: str
    script: str
    arguments: list[str]
    writes_json: bool
    reader: Callable[[Run], list[Figure]]


def plan(quick: bool, data_dir: Path) -> list[Step]:
    """The benchmarks in running order, with the full or the quick settings."""
    data = ["--data-dir", str(data_dir)]
    # 64 sessions x ceil(turns / 64) turns each: 2,048 turns in the full run (at least 2,000), 512 quick.
    sessions_64 = ["--levels", "64", "--turns", "512" if quick else "2000", "--min-session-turns", "1"]
    return [
        Step(
            "functions",
            "functions.py",
            ["--rows", "2000", "--calls", "10"] if quick else [],
            True,
            functions_figures,
        ),
        Step("engine", "engine.py", ["--turns", "100", "--rounds", "2"] if quick else [], True, engine_figures),
        Step(
            "load-ratio",
            "load.py",
            ["--levels", "1,32", "--turns", "32" if quick else "64", "--repeat", "1" if quick else "3"],
            True,
            load_ratio_figures,
        ),
        Step("load-64", "load.py", [*sessions_64, "--repeat", "1"], True, load_64_figures),
        Step("eval", "eval.py", ["--cases", "200" if quick else "500", *data], False, eval_figures),
        Step("router", "router_accuracy.py", data, False, router_figures),
    ]


def table(figures: list[Figure]) -> str:
    rows = [("benchmark", "figure", "value", "target", "result")]
    for f in figures:
        result = "—" if f.passed is None else ("pass" if f.passed else "FAIL")
        rows.append((f.benchmark, f.name, f.shown(), f.target, result))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = []
    for n, row in enumerate(rows):
        lines.append(" | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if n == 0:
            lines.append("-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown(figures: list[Figure]) -> str:
    lines = ["| benchmark | figure | value | target | result |", "| --- | --- | --- | --- | --- |"]
    for f in figures:
        result = "—" if f.passed is None else ("pass" if f.passed else "**FAIL**")
        lines.append(f"| {f.benchmark} | {f.name} | {f.shown()} | {f.target} | {result} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--quick", action="store_true", help="smaller runs (about a minute in all)")
    names = "functions, engine, load-ratio, load-64, eval, router"
    parser.add_argument("--only", help=f"comma-separated benchmarks to run, of: {names}")
    parser.add_argument("--data-dir", type=Path, default=DATA_DIR, help="the shared datasets folder")
    parser.add_argument("--json", type=Path, help="also write the figures and commands to this JSON file")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown too")
    parser.add_argument("--verbose", action="store_true", help="print each benchmark's own output")
    args = parser.parse_args(argv)

    steps = plan(args.quick, args.data_dir.resolve())
    if args.only:
        wanted = {n.strip() for n in args.only.split(",") if n.strip()}
        unknown = wanted - {s.name for s in steps}
        if unknown:
            parser.error(f"unknown benchmarks {sorted(unknown)}; valid: {names}")
        steps = [s for s in steps if s.name in wanted]

    started = time.perf_counter()
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="simxai-bench-") as tmp:
        for step in steps:
            result = run(step, Path(tmp), verbose=args.verbose)
            if result.problem is None:
                result.figures = step.reader(result)
                if all(f.value is None for f in result.figures):
                    result.problem = f"no figures in its output; stderr ends: {result.stderr[-400:]}"
            runs.append(result)
    total = time.perf_counter() - started

    figures = [f for r in runs for f in r.figures]
    print()
    mode = "quick" if args.quick else "full"
    print(
        f"SimXAI benchmarks ({mode} run, {total:.0f} s; {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.1f} at the end; loopback only)"
    )
    print(table(figures))
    for r in runs:
        if r.problem:
            print(f"{r.name}: {r.problem}")
    if args.markdown:
        print()
        print(markdown(figures))
    failed = any(f.passed is False for f in figures) or any(r.problem for r in runs)
    if args.json:
        payload = {
            "mode": mode,
            "seconds": total,
            "machine": {"cpus": os.cpu_count(), "load_average_end": os.getloadavg()[0],
                        "python": platform.python_version(), "platform": platform.platform()},
            "figures": [asdict(f) for f in figures],
            "benchmarks": [
                {"name": r.name, "command": " ".join(r.command[1:]), "exit_code": r.returncode,
                 "seconds": r.seconds, "problem": r.problem, "raw": r.raw}
                for r in runs
            ],
            "passed": not failed,
        }  # fmt: skip
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
