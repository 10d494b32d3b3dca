"""The first local explanation on the sentiment host once the server says it is ready (issue 15, "No stalls").

    python bench/text_warmup.py [--runs N] [--json FILE]

Per run, starts a fresh `simxai serve` on the sentiment host (router backend, no LLM), waits until /readyz
answers 200 and its `warmup` is finished, then times, one after the other: the first
get_local_explanation of a 30-word review (shap's partition explainer), the first of a 6-word review
(exact Shapley values), and a second 30-word review (everything already loaded). Without start-up work for
text hosts the first call imports shap and compiles its numba code inside a worker; with it, the start-up
thread has done that before the warm-up reports finished. Prints each run's figures and the worst (and
median) over `--runs`, and the start-up work's steps as /readyz reported them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import httpx
from hostile import review, server


def run_once() -> tuple[dict[str, float], list[str]]:
    """One fresh sentiment-host server: seconds to ready, then the first explanations' times."""
    figures: dict[str, float] = {}
    launched = time.perf_counter()
    with server(SIMXAI_HOST="sentiment", SIMXAI_WORKERS="2") as base, httpx.Client(base_url=base, timeout=600) as http:
        figures["process start to /readyz ready with start-up work done, s"] = time.perf_counter() - launched
        warmup = http.get("/readyz").json().get("warmup") or {}
        steps = [f"{warmup.get('step')} ({warmup.get('done')}/{warmup.get('total')}, {warmup.get('seconds')} s)"]
        for name, text in (
            ("first get_local_explanation, 30 words (partition), s", review(30, 1)),
            ("first get_local_explanation, 6 words (exact), s", "the acting was good but slow"),
            ("second get_local_explanation, 30 words (partition), s", review(30, 2)),
        ):
            started = time.perf_counter()
            answer = http.post("/v1/functions/get_local_explanation", json={"instance": text})
            answer.raise_for_status()
            figures[name] = time.perf_counter() - started
    return figures, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh servers to measure; the worst is printed")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    seen: dict[str, list[float]] = {}
    for run in range(args.runs):
        figures, steps = run_once()
        print(f"run {run + 1}: start-up work at ready: {steps[0]}")
        for name, value in figures.items():
            print(f"  {name}: {value:.3f}")
            seen.setdefault(name, []).append(value)
    worst = {k: max(v) for k, v in seen.items()}
    median = {k: statistics.median(v) for k, v in seen.items()}
    print(f"worst (median) of {args.runs} runs:")
    for name, value in worst.items():
        print(f"{name}: {value:.3f} ({median[name]:.3f})")
    if args.json:
        args.json.write_text(json.dumps({"worst": worst, "median": median}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
