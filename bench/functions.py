"""The XAI functions on new rows of warm hosts, against the raw library call they wrap.

For each model family the host supports (HistGradientBoosting, random forest, gradient boosting, XGBoost,
LightGBM and CatBoost when installed, logistic regression, and two pipelines with one-hot categories), a
host is built on generated data (`bench/scale.py`'s generator, `--rows` rows, 12 features) and warmed
(`TabularHost.warm`, what a server does at start-up). Then:

* local explanation: p50/p99 over `--calls` rows the host has not explained before (result cache misses),
  and the raw call on the same rows: shap's `TreeExplainer(...).shap_values(rows)` or
  `LinearExplainer(model, background).shap_values(rows)`, built once beforehand, on the transformed rows of a
  pipeline. The host computes the same values without shap (its own numpy TreeSHAP for scikit-learn
  models, the library's own TreeSHAP for XGBoost, LightGBM and CatBoost, closed-form linear SHAP), so the
  ratio is that explainer against shap's plus the host's overhead (resolving the row, predicting it,
  checking additivity, folding a pipeline's columns back, building the result). Needs the `shap` extra.
* global explanation: its first computation on a fresh host (the explainer is built in it; the model has
  been run over the table, as `TabularHost.warm` does before it: its predictions and its outputs in the
  explained space, which the additivity checks reuse) against building shap's explainer and explaining the
  same rows; the median over `--global-hosts` fresh hosts of the same fitted model.
* explain_why_not: p50/p99 over new rows.

Then every one of the eleven functions on the demo host, p50/p99 over new rows (ids not asked before).

    python bench/functions.py [--rows 5000] [--calls 30] [--global-hosts 5] [--families hgb,lr] [--json F]

Targets (issue 15): local <= 1.5x raw, global <= 2x raw. Timings depend on the machine and its load; the
ratios much less, since both sides run on the same rows in the same process.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale import generate  # noqa: E402

from simxai.functions import default_registry  # noqa: E402
from simxai.hosts._imports import import_shap  # noqa: E402
from simxai.hosts.demo import build_demo_host  # noqa: E402
from simxai.hosts.tabular import GLOBAL_SAMPLE, TabularHost  # noqa: E402

LOCAL_TARGET = 1.5
GLOBAL_TARGET = 2.0
CATEGORIES = ["region", "plan"]


def _estimators() -> dict[str, tuple[str | None, Callable[[], Any]]]:
    """Family name -> (optional library it needs, estimator factory)."""
    from sklearn.ensemble import GradientBoostingClassifier, HistGradientBoostingClassifier, RandomForestClassifier
    from sklearn.linear_model import LogisticRegression

    def library(name: str, factory: str, **options: Any) -> Callable[[], Any]:
        return lambda: getattr(importlib.import_module(name), factory)(**options)

    import importlib

    return {
        "hgb": (None, lambda: HistGradientBoostingClassifier(max_iter=100, random_state=0)),
        "rf": (None, lambda: RandomForestClassifier(n_estimators=100, max_depth=8, random_state=0, n_jobs=1)),
        "gb": (None, lambda: GradientBoostingClassifier(n_estimators=100, random_state=0)),
        "xgb": ("xgboost", library("xgboost", "XGBClassifier", n_estimators=100, max_depth=6, n_jobs=1)),
        "lgbm": ("lightgbm", library("lightgbm", "LGBMClassifier", n_estimators=100, verbose=-1, n_jobs=1)),
        "catboost": (
            "catboost",
            library(
                "catboost", "CatBoostClassifier", iterations=100, verbose=0, thread_count=1, allow_writing_files=False
            ),
        ),
        "lr": (None, lambda: LogisticRegression(max_iter=2000)),
        "pipeline-lr": (None, lambda: _pipeline(LogisticRegression(max_iter=2000), scale=True)),
        "pipeline-hgb": (None, lambda: _pipeline(HistGradientBoostingClassifier(max_iter=100, random_state=0))),
    }


def _pipeline(estimator: Any, scale: bool = False) -> Any:
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    numbers = StandardScaler() if scale else "passthrough"
    columns = ColumnTransformer(
        [
            ("numbers", numbers, lambda frame: [c for c in frame.columns if c not in CATEGORIES]),
            ("categories", OneHotEncoder(handle_unknown="ignore"), CATEGORIES),
        ]
    )
    return Pipeline([("columns", columns), ("model", estimator)])


def _fit(family: str, frame: pd.DataFrame) -> tuple[Any, pd.DataFrame]:
    """The family's model fitted on `frame`, and the data a host of it is built on (features and target)."""
    _, factory = _estimators()[family]
    features = frame.drop(columns="churn")
    if family.startswith("pipeline"):
        features = features.assign(**{c: features[c].map(lambda v, c=c: f"{c}{v}") for c in CATEGORIES})
    model = factory().fit(features, frame["churn"])
    return model, features.assign(churn=frame["churn"])


def _host(family: str, model: Any, data: pd.DataFrame) -> TabularHost:
    return TabularHost(
        model,
        data,
        "churn",
        {0: "stays", 1: "churns"},
        name=f"churn ({family})",
        categorical_features=CATEGORIES,
        immutable_features=["age", "region"],
    )


def _raw(host: TabularHost) -> Callable[[pd.DataFrame], Any]:
    """shap's own explainer for the host's model, built now; explains rows as a user would call it."""
    shap = import_shap()
    model = host.model
    transform, estimator = (model[:-1], model[-1]) if hasattr(model, "steps") else (None, model)
    attributor = host._attributor()

    def transformed(frame: pd.DataFrame) -> Any:
        out = frame if transform is None else transform.transform(frame)
        return out.toarray() if hasattr(out, "toarray") else out

    if attributor.family == "linear":
        background = transformed(host.table.rows(np.sort(_background_ids(host))))
        explainer = shap.LinearExplainer(estimator, np.asarray(background))
    else:
        explainer = shap.TreeExplainer(estimator)

    def explain(frame: pd.DataFrame) -> Any:
        with warnings.catch_warnings():
            # shap repeats on every LightGBM binary call that its output format changed.
            warnings.filterwarnings("ignore", message="LightGBM binary classifier", category=UserWarning)
            return explainer.shap_values(transformed(frame))

    return explain


def _background_ids(host: TabularHost) -> np.ndarray:
    size = min(host.background_size, len(host.train_ids))
    return np.random.default_rng(host.seed).choice(host.train_ids, size, replace=False)


def _ms(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def _p(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def measure_family(family: str, rows: int, calls: int, seed: int, global_hosts: int = 5) -> dict[str, Any]:
    """Local, global and why_not figures for one family's host."""
    registry = default_registry()
    local, glob, why_not = (
        registry.get(n) for n in ("get_local_explanation", "get_global_explanation", "explain_why_not")
    )
    assert local is not None and glob is not None and why_not is not None
    model, data = _fit(family, generate(rows, 12, seed))
    # Global: the first computation on a fresh host, against building shap's explainer and explaining the
    # same rows (the explainer's build is in both); the median over `global_hosts` fresh hosts of the same
    # model, since one scheduling hiccup decides a single figure of a few milliseconds.
    global_runs, raw_global_runs = [], []
    for _ in range(global_hosts):
        host = _host(family, model, data)
        n = len(host.table)
        host._predictions()
        host._outputs()
        sample = np.sort(np.random.default_rng(host.seed).choice(n, min(GLOBAL_SAMPLE, n), replace=False))
        global_runs.append(_ms(lambda host=host: glob(host, {})))
        raw_global_runs.append(_ms(lambda host=host, sample=sample: _raw(host)(host.table.rows(sample))))
    global_ms, raw_global_ms = statistics.median(global_runs), statistics.median(raw_global_runs)
    host.warm()
    raw = _raw(host)
    ids = [int(i) for i in np.random.default_rng(seed + 1).choice(n, 2 * calls + 2, replace=False)]
    local(host, {"instance": ids[0]})
    why_not(host, {"instance": ids[1]})
    local_ms, raw_ms, why_ms = [], [], []
    for i in ids[2 : 2 + calls]:
        local_ms.append(_ms(lambda i=i: local(host, {"instance": i})))
        raw_ms.append(_ms(lambda i=i: raw(host.table.rows([i]))))
    for i in ids[2 + calls :]:
        why_ms.append(_ms(lambda i=i: why_not(host, {"instance": i})))
    figures = {
        "method": host._attributor().method,
        "local_p50_ms": statistics.median(local_ms),
        "local_p99_ms": _p(local_ms, 99),
        "raw_local_p50_ms": statistics.median(raw_ms),
        "global_ms": global_ms,
        "raw_global_ms": raw_global_ms,
        "why_not_p50_ms": statistics.median(why_ms),
        "why_not_p99_ms": _p(why_ms, 99),
    }
    figures["local_ratio"] = figures["local_p50_ms"] / figures["raw_local_p50_ms"]
    figures["global_ratio"] = global_ms / raw_global_ms
    return figures


#: One call per function on the demo host; "{i}" is a new row id each time.
DEMO_CALLS: dict[str, dict[str, Any]] = {
    "get_prediction": {"instance": "{i}"},
    "get_global_explanation": {},
    "get_local_explanation": {"instance": "{i}"},
    "explain_why_not": {"instance": "{i}"},
    "explain_how_to_be_that": {"instance": "{i}", "number_of_iterations": 3},
    "explain_how_to_still_be_this": {"instance": "{i}"},
    "explain_what_if": {"instance": "{i}", "changes": {"bmi": "+10%"}},
    "get_model_performance": {"metric": "all"},
    "get_data_information": {"feature": "bmi"},
    "get_model_information": {},
    "get_output_information": {},
}


def measure_demo(calls: int, seed: int) -> dict[str, dict[str, float]]:
    """p50/p99 of each of the eleven functions on new rows of the warm demo host."""
    registry = default_registry()
    host = build_demo_host(seed)
    host.warm()
    figures = {}
    for name, template in DEMO_CALLS.items():
        func = registry.get(name)
        if func is None:
            raise SystemExit(f"the registry has no function {name!r}")
        ids = np.random.default_rng(seed + 2).choice(len(host.table), calls + 1, replace=False)
        times = []
        for k, i in enumerate(ids):
            arguments = {key: int(i) if value == "{i}" else value for key, value in template.items()}
            elapsed = _ms(lambda func=func, arguments=arguments: func(host, arguments))
            if k:  # the first call of each function warms it (e.g. builds its search)
                times.append(elapsed)
        figures[name] = {"p50_ms": statistics.median(times), "p99_ms": _p(times, 99)}
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5000, help="rows of each family's generated host")
    parser.add_argument("--calls", type=int, default=30, help="new rows timed per function")
    parser.add_argument("--families", default="all", help="comma-separated families, or all")
    parser.add_argument("--global-hosts", type=int, default=5, help="fresh hosts the global figure is the median of")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    known = _estimators()
    wanted = list(known) if args.families == "all" else args.families.split(",")
    unknown = [f for f in wanted if f not in known]
    if unknown:
        raise SystemExit(f"--families: unknown {unknown}; families are {', '.join(known)}")
    import_shap()
    families: dict[str, Any] = {}
    skipped = []
    print(f"Hosts of {args.rows:,} generated rows x 12 features; {args.calls} new rows per figure.")
    print(
        f"{'family':<13} {'local p50':>10} {'p99':>8} {'raw p50':>8} {'ratio':>6} | {'global':>8} {'raw':>8} "
        f"{'ratio':>6} | {'why_not p50':>11} {'p99':>8}"
    )
    for family in wanted:
        library = known[family][0]
        if library is not None and importlib.util.find_spec(library) is None:
            skipped.append(family)
            continue
        f = measure_family(family, args.rows, args.calls, args.seed, args.global_hosts)
        families[family] = f
        print(
            f"{family:<13} {f['local_p50_ms']:8.2f}ms {f['local_p99_ms']:6.1f}ms {f['raw_local_p50_ms']:6.2f}ms "
            f"{f['local_ratio']:5.2f}x | {f['global_ms']:6.1f}ms {f['raw_global_ms']:6.1f}ms {f['global_ratio']:5.2f}x"
            f" | {f['why_not_p50_ms']:9.1f}ms {f['why_not_p99_ms']:6.1f}ms",
            flush=True,
        )
    for family, f in families.items():
        print(f"  {family}: {f['method']}")
    if skipped:
        print(f"skipped (library not installed): {', '.join(skipped)}")
    demo = measure_demo(args.calls, args.seed)
    print(f"\nDemo host, each function on {args.calls} new rows (warm host):")
    for name, f in demo.items():
        print(f"  {name:<30} p50 {f['p50_ms']:8.2f} ms   p99 {f['p99_ms']:8.2f} ms")
    local_missed = [n for n, f in families.items() if f["local_ratio"] > LOCAL_TARGET]
    global_missed = [n for n, f in families.items() if f["global_ratio"] > GLOBAL_TARGET]
    print(f"local <= {LOCAL_TARGET}x raw: " + (f"missed by {', '.join(local_missed)}" if local_missed else "met"))
    print(f"global <= {GLOBAL_TARGET}x raw: " + (f"missed by {', '.join(global_missed)}" if global_missed else "met"))
    if args.json:
        payload = {
            "rows": args.rows,
            "calls": args.calls,
            "families": families,
            "skipped": skipped,
            "demo": demo,
            "local_target_ratio": LOCAL_TARGET,
            "global_target_ratio": GLOBAL_TARGET,
        }
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
    return 1 if local_missed or global_missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
