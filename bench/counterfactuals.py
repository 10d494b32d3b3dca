"""The project's own counterfactual search against DiCE: validity, proximity, diversity and time.

Both run through the same host code: every candidate is rounded and re-checked with the model (`verify`), so
every counterfactual either returns flips the model; "found" is the share of instances for which at least
one verified counterfactual came back. Proximity is the best counterfactual's number of changed features and
its L1 distance in units of each feature's observed range (a changed category counts 1). Diversity is the
number of distinct sets of changed features among the three asked for.

    python bench/counterfactuals.py [--rows 20] [--generated 20000] [--json F]

DiCE (the `dice` extra) runs its random search, then its genetic search when random sampling found fewer
than asked; the own search is `counterfactual_method: nearest` (the default).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale import fit, generate  # noqa: E402

from simxai.hosts.demo import build_demo_host  # noqa: E402
from simxai.hosts.tabular import TabularHost  # noqa: E402

METHODS = ("nearest", "dice")


def _distance(host: TabularHost, cf: Any) -> float:
    total = 0.0
    for change in cf.changes:
        feature = host.table.by_name[change.feature]
        if feature.kind == "categorical":
            total += 1.0
        else:
            total += abs(float(change.new) - float(change.old)) / ((feature.max - feature.min) or 1.0)
    return total


def compare(host: TabularHost, rows: int, seed: int) -> dict[str, dict[str, float]]:
    """Each method on the same `rows` instances (three counterfactuals towards the other label)."""
    ids = np.random.default_rng(seed).choice(len(host.table), rows + 1, replace=False)
    host.warm()
    figures = {}
    for method in METHODS:
        host.counterfactual_method = method
        times, found, changed, distance, diverse = [], 0, [], [], []
        for k, i in enumerate(ids):
            subject = host.resolve(int(i))
            current = host.predict(subject).label
            target = next(n for n in host.class_names if n != current)
            start = time.perf_counter()
            result = host.counterfactuals(subject, target, 3, "how_to_be_that")
            elapsed = (time.perf_counter() - start) * 1000
            if k == 0:  # builds the method's search (DiCE's explainers, the own search's pools)
                continue
            times.append(elapsed)
            if result.counterfactuals:
                found += 1
                best = result.counterfactuals[0]
                changed.append(len(best.changes))
                distance.append(_distance(host, best))
                diverse.append(len({frozenset(c.feature for c in cf.changes) for cf in result.counterfactuals}))
        figures[method] = {
            "found_pct": 100.0 * found / rows,
            "changed_features": statistics.mean(changed) if changed else float("nan"),
            "l1_distance": statistics.mean(distance) if distance else float("nan"),
            "distinct_feature_sets": statistics.mean(diverse) if diverse else float("nan"),
            "p50_ms": statistics.median(times),
            "p99_ms": float(np.percentile(times, 99)),
        }
    host.counterfactual_method = "nearest"
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20, help="instances per host")
    parser.add_argument("--generated", type=int, default=20000, help="rows of the generated host (0: skip)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if importlib.util.find_spec("dice_ml") is None:
        raise SystemExit("DiCE is not installed: pip install 'simxai[dice]'")
    hosts = {"demo (442 x 10, gradient boosting)": build_demo_host(args.seed)}
    if args.generated:
        frame = generate(args.generated, 12, args.seed)
        hosts[f"generated ({args.generated:,} x 12, HistGradientBoosting)"] = TabularHost(
            fit(frame, args.seed),
            frame,
            "churn",
            {0: "stays", 1: "churns"},
            name="churn",
            categorical_features=["region", "plan"],
            immutable_features=["age", "region"],
        )
    results = {}
    for name, host in hosts.items():
        figures = compare(host, args.rows, args.seed)
        results[name] = figures
        print(f"{name}, {args.rows} instances, 3 counterfactuals each:")
        print(f"  {'method':<8} {'found':>6} {'changes':>8} {'L1':>6} {'sets':>5} {'p50 ms':>8} {'p99 ms':>8}")
        for method, f in figures.items():
            print(
                f"  {method:<8} {f['found_pct']:5.0f}% {f['changed_features']:8.2f} {f['l1_distance']:6.3f} "
                f"{f['distinct_feature_sets']:5.2f} {f['p50_ms']:8.1f} {f['p99_ms']:8.1f}"
            )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
