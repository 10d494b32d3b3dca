"""How the XAI functions' costs grow with rows and features, on hosts built from generated data.

Each host is what a user would build: generated data (no network; two of its features are categories
recorded as codes) and a scikit-learn `HistGradientBoostingClassifier` (100 iterations) are written to a
folder as CSV, joblib and a host configuration, and loaded with `load_host_config`. The start-up work a
server does in the background (`TabularHost.warm`) is timed, then every figure is taken on rows the host has
not answered about before (its result cache misses), after one warm-up call per function. "Raw" is the
reference library call, `shap.TreeExplainer(model).shap_values` on the same rows (for the global
explanation: building the explainer too, as the host's first global explanation does). The host computes the
same values with its own numpy TreeSHAP (`simxai/hosts/_treeshap.py`), so the ratio is its explainer's speed
against shap's C++ plus the host's overhead. Needs the `shap` extra (for the raw side only).

    python bench/scale.py [--sizes 2000x10,50000x30,300000x30] [--calls 40] [--memory-calls 1000] [--json F]

Targets (issue 15): local explanation <= 1.5x raw TreeExplainer, global <= 2x raw; explain_why_not p50
<= 100 ms on the 300,000-row host; RSS after `--memory-calls` calls on the largest host <= 1.5 x (data frame +
model) + 300 MB, and flat (the last tenth of the calls grows it by less than 5 %).
"""

from __future__ import annotations

import argparse
import json
import pickle
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.functions import default_registry  # noqa: E402
from simxai.hosts._imports import import_shap  # noqa: E402
from simxai.hosts.config import load_host_config  # noqa: E402
from simxai.hosts.tabular import GLOBAL_SAMPLE, TabularHost  # noqa: E402

DEFAULT_SIZES = "2000x10,50000x30,300000x30"
REGIONS = 5
PLANS = 3


def generate(rows: int, features: int, seed: int = 0) -> pd.DataFrame:
    """A binary-target table: `features` columns (two categorical, `age` and `tenure` among the numeric)."""
    if features < 4:
        raise SystemExit("--sizes: a host needs at least 4 features")
    rng = np.random.default_rng(seed)
    numeric = features - 2
    x = rng.normal(size=(rows, numeric))
    # Correlated pairs, as real tables have them.
    x[:, 1::2] = 0.6 * x[:, 0:-1:2][:, : x[:, 1::2].shape[1]] + 0.8 * x[:, 1::2]
    names = ["age", "tenure"] + [f"x{i:02d}" for i in range(numeric - 2)]
    frame = pd.DataFrame(np.round(x * 10 + 50, 2), columns=names)
    frame["age"] = np.clip(np.round(40 + 12 * x[:, 0]), 18, 90)
    # Categories recorded as numeric codes, as a model trained on the raw CSV reads them.
    frame["region"] = rng.integers(0, REGIONS, rows)
    frame["plan"] = rng.choice(PLANS, rows, p=[0.5, 0.3, 0.2])
    score = 0.9 * x[:, 2 % numeric] - 0.7 * x[:, 3 % numeric] + 0.5 * x[:, 1] * x[:, 4 % numeric]
    score += 0.4 * np.sin(2 * x[:, 5 % numeric]) + 0.3 * (frame["age"].to_numpy() - 40) / 12
    score += np.array([0.5, -0.5, 0.2, 0.0, -0.2])[frame["region"].to_numpy()]
    score += np.array([-0.3, 0.1, 0.6])[frame["plan"].to_numpy()]
    frame["churn"] = (score + rng.normal(0, 0.7, rows) > 0).astype(int)
    return frame


def fit(frame: pd.DataFrame, seed: int = 0) -> Any:
    """The host's model: HistGradientBoosting (100 iterations) on every column, categories as their codes."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    model = HistGradientBoostingClassifier(max_iter=100, random_state=seed)
    return model.fit(frame.drop(columns="churn"), frame["churn"])


def write_host(folder: Path, frame: pd.DataFrame, model: Any, explainer: str = "auto") -> Path:
    """Write the data, the model and a host configuration to `folder`; the configuration's path."""
    import joblib
    import yaml

    frame.to_csv(folder / "data.csv", index=False)
    joblib.dump(model, folder / "model.joblib")
    config = {
        "name": f"churn {len(frame)}",
        "model_path": "model.joblib",
        "data_path": "data.csv",
        "target": "churn",
        "class_names": {0: "stays", 1: "churns"},
        "instance_noun": "customer",
        "categorical_features": ["region", "plan"],
        "immutable_features": ["age", "region"],
        "explainer": explainer,
    }
    path = folder / "host.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


def rss_mb() -> float:
    """The process's resident memory now, in MB (from /proc; the peak where /proc is missing)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def raw_explainer(host: TabularHost) -> Callable[[pd.DataFrame], Any]:
    """shap's TreeExplainer on the host's model, as a user would call it (on the transformed rows of a pipeline)."""
    shap = import_shap()
    model = host.model
    steps = getattr(model, "steps", None)
    transform, estimator = (model[:-1], model[-1]) if steps else (None, model)
    explainer = shap.TreeExplainer(estimator)

    def explain(frame: pd.DataFrame) -> Any:
        return explainer.shap_values(frame if transform is None else transform.transform(frame))

    return explain


def measure_host(config: Path, calls: int, seed: int) -> dict[str, Any]:
    """Load the host, warm each function once, then time `calls` new rows per function."""
    registry = default_registry()
    local, why_not = registry.get("get_local_explanation"), registry.get("explain_why_not")
    glob = registry.get("get_global_explanation")
    assert local is not None and why_not is not None and glob is not None
    figures: dict[str, Any] = {}
    start = time.perf_counter()
    host = load_host_config(config)
    figures["load_ms"] = (time.perf_counter() - start) * 1000
    n = len(host.table)
    figures["first_prediction_ms"] = timed(lambda: host._predictions())
    # The global explanation's first computation (the explainer is built in it) against shap's own: build
    # the TreeExplainer and explain the same rows.
    sample = np.sort(np.random.default_rng(host.seed).choice(n, min(GLOBAL_SAMPLE, n), replace=False))
    figures["global_ms"] = timed(lambda: glob(host, {}))
    figures["raw_global_ms"] = timed(lambda: raw_explainer(host)(host.table.rows(sample)))
    # What a server computes in the background at start-up.
    figures["startup_ms"] = figures["first_prediction_ms"] + figures["global_ms"] + timed(host.warm)
    rng = np.random.default_rng(seed)
    ids = [int(i) for i in rng.choice(n, 2 * calls + 2, replace=False)]
    figures["first_local_ms"] = timed(lambda: local(host, {"instance": ids[0]}))
    figures["first_why_not_ms"] = timed(lambda: why_not(host, {"instance": ids[1]}))
    figures["method"] = host._attributor().method
    raw = raw_explainer(host)
    local_ms, raw_ms, why_ms = [], [], []
    found = 0
    for i in ids[2 : 2 + calls]:
        local_ms.append(timed(lambda i=i: local(host, {"instance": i})))
        raw_ms.append(timed(lambda i=i: raw(host.table.rows([i]))))
    before = resource.getrusage(resource.RUSAGE_SELF)
    for i in ids[2 + calls :]:
        start = time.perf_counter()
        result = why_not(host, {"instance": i})
        why_ms.append((time.perf_counter() - start) * 1000)
        found += bool(result.counterfactuals)
    after = resource.getrusage(resource.RUSAGE_SELF)
    # The kernel's share: page faults of fresh memory mappings (see simxai/hosts/_memory.py).
    figures["why_not_page_faults"] = (after.ru_minflt - before.ru_minflt) / len(why_ms)
    figures["why_not_system_ms"] = (after.ru_stime - before.ru_stime) * 1000 / len(why_ms)
    figures.update(
        rows=n,
        features=len(host.table.names),
        local_p50_ms=statistics.median(local_ms),
        local_p99_ms=percentile(local_ms, 99),
        raw_local_p50_ms=statistics.median(raw_ms),
        why_not_p50_ms=statistics.median(why_ms),
        why_not_p99_ms=percentile(why_ms, 99),
        why_not_found=f"{found}/{len(why_ms)}",
        rss_mb=rss_mb(),
    )
    figures["local_ratio"] = figures["local_p50_ms"] / figures["raw_local_p50_ms"]
    figures["global_ratio"] = figures["global_ms"] / figures["raw_global_ms"]
    figures["host"] = host
    return figures


def memory_run(host: TabularHost, calls: int, seed: int) -> dict[str, float]:
    """RSS across `calls` calls on new rows (local, why_not, what_if, prediction in turn)."""
    registry = default_registry()
    names = ["get_local_explanation", "explain_why_not", "explain_what_if", "get_prediction"]
    functions = [registry.get(name) for name in names]
    numeric = next(f.name for f in host.table.features if f.kind == "numeric" and f.name not in ("age",))
    rng = np.random.default_rng(seed + 1)
    ids = rng.choice(len(host.table), calls, replace=False)
    samples = []
    for k, i in enumerate(ids):
        func = functions[k % len(functions)]
        assert func is not None
        arguments: dict[str, Any] = {"instance": int(i)}
        if names[k % len(names)] == "explain_what_if":
            arguments["changes"] = {numeric: "+5%"}
        func(host, arguments)
        if k % max(1, calls // 10) == 0 or k == calls - 1:
            samples.append(rss_mb())
    return {
        "rss_start_mb": samples[0],
        "rss_end_mb": samples[-1],
        "rss_max_mb": max(samples),
        "rss_last_tenth_growth_mb": samples[-1] - samples[-2],
    }


def memory_in_fresh_process(config: Path, calls: int, seed: int) -> dict[str, float]:
    """Run `memory_run` in a new Python process on the host `config` describes; its figures."""
    import subprocess

    command = [sys.executable, __file__, "--memory-of", str(config), "--memory-calls", str(calls), "--seed", str(seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def memory_of(config: Path, calls: int, seed: int) -> int:
    """The `--memory-of` mode: load the host, warm it, make `calls` calls; print the figures as JSON."""
    import_shap()
    rss_imports = rss_mb()
    host = load_host_config(config)
    host.warm()
    memory = memory_run(host, calls, seed)
    data_mb = host.table.X.memory_usage(deep=True).sum() / 2**20
    model_mb = len(pickle.dumps(host.model)) / 2**20
    memory.update(
        data_mb=data_mb, model_mb=model_mb, bound_mb=1.5 * (data_mb + model_mb) + 300, rss_imports_mb=rss_imports
    )
    print(json.dumps(memory))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help="rows x features per host, comma-separated")
    parser.add_argument("--calls", type=int, default=40, help="new rows timed per function")
    parser.add_argument("--memory-calls", type=int, default=1000, help="calls on the largest host for RSS (0: skip)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--memory-of", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_of:
        return memory_of(args.memory_of, args.memory_calls, args.seed)
    sizes = [tuple(int(v) for v in size.lower().split("x")) for size in args.sizes.split(",")]
    import_shap()
    results = []
    for rows, features in sizes:
        with tempfile.TemporaryDirectory(prefix="simxai-scale-") as folder:
            frame = generate(rows, features, args.seed)
            start = time.perf_counter()
            model = fit(frame, args.seed)
            fit_s = time.perf_counter() - start
            config = write_host(Path(folder), frame, model)
            del frame
            figures = measure_host(config, args.calls, args.seed)
            host = figures.pop("host")
            del host
            if (rows, features) == max(sizes) and args.memory_calls:
                figures["memory"] = memory_in_fresh_process(config, args.memory_calls, args.seed)
        figures["fit_s"] = fit_s
        print(
            f"{rows:>8,} x {features:<3} load {figures['load_ms'] / 1000:6.1f} s, first prediction "
            f"{figures['first_prediction_ms']:7.0f} ms, start-up work {figures['startup_ms'] / 1000:5.1f} s | "
            f"local p50 {figures['local_p50_ms']:6.1f} ms "
            f"p99 {figures['local_p99_ms']:6.1f} ms (raw TreeExplainer {figures['raw_local_p50_ms']:5.1f} ms, "
            f"{figures['local_ratio']:.2f}x) | global {figures['global_ms']:6.0f} ms "
            f"(raw {figures['raw_global_ms']:5.0f} ms, {figures['global_ratio']:.2f}x) | why_not p50 "
            f"{figures['why_not_p50_ms']:6.1f} ms p99 {figures['why_not_p99_ms']:6.1f} ms "
            f"(found {figures['why_not_found']}; per call {figures['why_not_page_faults']:.0f} page faults, "
            f"{figures['why_not_system_ms']:.1f} ms system time) | RSS {figures['rss_mb']:.0f} MB",
            flush=True,
        )
        if "memory" in figures:
            m = figures["memory"]
            print(
                f"{args.memory_calls} calls on the {rows:,}-row host in a fresh process (as a server: load, warm, "
                f"then calls): RSS {m['rss_start_mb']:.0f} -> {m['rss_end_mb']:.0f} MB (max {m['rss_max_mb']:.0f}; "
                f"last tenth {m['rss_last_tenth_growth_mb']:+.1f} MB); bound 1.5 x (data {m['data_mb']:.0f} MB + "
                f"model {m['model_mb']:.1f} MB) + 300 = {m['bound_mb']:.0f} MB: "
                f"{'met' if m['rss_max_mb'] <= m['bound_mb'] else 'missed'}; the imports alone (python, numpy, "
                f"pandas, scikit-learn, shap) take {m['rss_imports_mb']:.0f} MB",
                flush=True,
            )
        results.append(figures)
    print(f"explainer: {results[-1]['method']}")
    if len(results) > 1:
        first, last = results[0], results[-1]
        growth = (last["rows"] / first["rows"], last["features"] / first["features"])
        print(f"growth from the first to the last host ({growth[0]:.0f}x rows, {growth[1]:.0f}x features):")
        keys = ("local_p50_ms", "global_ms", "why_not_p50_ms", "first_prediction_ms", "startup_ms", "load_ms")
        for key in (*keys, "rss_mb"):
            print(f"  {key:<22} {first[key]:9.1f} -> {last[key]:9.1f}  ({last[key] / first[key]:.1f}x)")
    if args.json:
        args.json.write_text(json.dumps({"hosts": results}, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
