"""Cold and warm latency of the eleven XAI functions on the demo host.

Cold: a freshly built host (empty caches, no explainer built yet), first call. Warm: the same call again on
that host. Libraries (shap, dice_ml, sklearn) are imported before timing, so cold measures the host's own
work (building explainers, searching), not Python imports. Each figure is the median over `--repeats`
fresh hosts.

    python bench/functions.py [--repeats 3] [--json figures.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.functions import default_registry  # noqa: E402
from simxai.hosts._tabular_shap import import_shap  # noqa: E402
from simxai.hosts.demo import build_demo_host  # noqa: E402

#: One representative call per function (patient 12 of the demo host).
CALLS: dict[str, dict[str, Any]] = {
    "get_prediction": {"instance": 12},
    "get_global_explanation": {},
    "get_local_explanation": {"instance": 12},
    "explain_why_not": {"instance": 12},
    "explain_how_to_be_that": {"instance": 12, "number_of_iterations": 3},
    "explain_how_to_still_be_this": {"instance": 12},
    "explain_what_if": {"instance": 12, "changes": {"bmi": "+10%"}},
    "get_model_performance": {"metric": "all"},
    "get_data_information": {"feature": "bmi"},
    "get_model_information": {},
    "get_output_information": {},
}
#: The cached resources whose warm/cold speed-up the project targets (warm at least 20 times faster).
SPEEDUP_TARGETS = ("get_local_explanation", "explain_why_not", "explain_how_to_be_that")
TARGET_RATIO = 20.0


def _timed(func: Any, host: Any, arguments: dict[str, Any]) -> float:
    start = time.perf_counter()
    func(host, arguments)
    return time.perf_counter() - start


def measure(repeats: int, seed: int) -> dict[str, dict[str, float]]:
    """Median cold and warm seconds per function, each cold call on a fresh host."""
    import dice_ml  # noqa: F401  (imported here so that no timing includes it)

    import_shap()
    registry = default_registry()
    figures: dict[str, dict[str, float]] = {}
    for name, arguments in CALLS.items():
        func = registry.get(name)
        if func is None:
            raise SystemExit(f"the registry has no function {name!r}")
        cold, warm = [], []
        for _ in range(repeats):
            host = build_demo_host(seed)
            cold.append(_timed(func, host, arguments))
            warm.append(_timed(func, host, arguments))
        figures[name] = {"cold_s": statistics.median(cold), "warm_s": statistics.median(warm)}
        figures[name]["speedup"] = figures[name]["cold_s"] / max(figures[name]["warm_s"], 1e-9)
    return figures


def table(figures: dict[str, dict[str, float]]) -> str:
    lines = [f"{'function':<30} {'cold ms':>10} {'warm ms':>10} {'speed-up':>10}"]
    for name, f in figures.items():
        mark = f"  (target >= {TARGET_RATIO:g}x)" if name in SPEEDUP_TARGETS else ""
        lines.append(
            f"{name:<30} {f['cold_s'] * 1000:>10.2f} {f['warm_s'] * 1000:>10.3f} {f['speedup']:>9.0f}x{mark}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="fresh hosts per function (median reported)")
    parser.add_argument("--seed", type=int, default=0, help="the demo host's seed")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    figures = measure(args.repeats, args.seed)
    print(f"Demo host, median of {args.repeats} fresh hosts per function (imports excluded).")
    print(table(figures))
    missed = [n for n in SPEEDUP_TARGETS if figures[n]["speedup"] < TARGET_RATIO]
    print("warm >= 20x faster than cold for attributions and counterfactuals:", "no" if missed else "yes")
    if args.json:
        payload = {
            "repeats": args.repeats,
            "seed": args.seed,
            "functions": figures,
            "targeted": list(SPEEDUP_TARGETS),
            "target_ratio": TARGET_RATIO,
            "below_target": missed,
        }
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
