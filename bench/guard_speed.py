"""CPU time of the faithfulness guard's `check_claims`, per reply and per 64 KB.

    python bench/guard_speed.py [--json FILE]

Printed, in CPU milliseconds of this thread (`time.thread_time`: other processes' load counts only as far as it
slows this thread's own work):
- "per reply": `check_claims(reply, outputs, vocabulary=...)` on every reply of the DEV guard sets
  (simxai/eval_suite/guard/written/g1..g31 and g33..g38, with the vocabulary bench/guard_set.py gives; the gate
  g32 is not read), each reply once, in the sets' order: p50, p95, max, mean, and the total CPU over the total length
  scaled to 64 KB;
- "64 KB": `check_claims` on each 64 KB input of the two tests that bound it, once, as the tests run it:
  tests/reliability/test_linear_parsers.py (every ADVERSARIAL string, with that test's outputs and vocabulary;
  its CPU_GUARD) and tests/test_guard_claims16.py::test_claims16_readers_stay_linear (each repeated unit against
  the real function output on its host, as the `check_reply` fixture gives it).
Each call runs once: the guard memoises what it reads of a sentence (`functools.lru_cache`), so a second run of
the same reply would be timed with its caches warm. Before timing, the guard reads one short reply per vocabulary
(its patterns compiled, as in a running server).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "tests" / "reliability"))

from guard_set import load_lines, with_vocabularies  # noqa: E402
from test_linear_parsers import ADVERSARIAL, SIZE  # noqa: E402

from simxai.guard import Vocabulary, check_claims  # noqa: E402

SETS = REPO / "simxai" / "eval_suite" / "guard" / "written"
GATE = "g32"  # the guard's gate: seen as totals only, never timed here


def cpu_of(call: Callable[[], object]) -> float:
    """The CPU seconds of one run of `call()`."""
    start = time.thread_time()
    call()
    return time.thread_time() - start


def warm(words: Vocabulary) -> None:
    """The guard's patterns for `words` compiled: one short reply read."""
    check_claims("The model predicts it with 80 % probability.", [{"label": "x"}], vocabulary=words)


def dev_replies() -> list[tuple[str, list[Any], Vocabulary]]:
    """(reply, outputs, vocabulary) of every reply of the DEV guard sets g1..g31 and g33..g38."""
    rows = []
    for folder in sorted(SETS.glob("g*"), key=lambda p: int(p.name[1:])):
        if folder.name == GATE:
            continue
        rows.extend(
            (entry["reply"], outputs, words) for entry, outputs, words in with_vocabularies(load_lines(folder), folder)
        )
    return rows


def inputs_64k() -> list[tuple[str, Callable[[], object]]]:
    """(name, call) of check_claims on each 64 KB input of the two tests."""
    from test_guard_claims16 import test_claims16_readers_stay_linear

    from simxai.functions import default_registry
    from simxai.hosts.demo import load_demo_host
    from simxai.hosts.loan import load_loan_host
    from simxai.hosts.sentiment import load_sentiment_host
    from simxai.results import result_payload

    demo = load_demo_host()
    tab = demo.schema()
    plain = Vocabulary(labels=list(tab.class_names), features=[f.name for f in tab.features])
    outputs = [{"prediction": "stable", "probability": 0.9}]
    warm(plain)
    calls: list[tuple[str, Callable[[], object]]] = [
        (f"linear_parsers {bait}", lambda t=text: check_claims(t, outputs, vocabulary=plain))
        for bait, text in ADVERSARIAL.items()
    ]
    registry = default_registry()
    hosts = {"demo": demo, "loan": load_loan_host(), "sentiment": load_sentiment_host()}
    (mark,) = [m for m in test_claims16_readers_stay_linear.pytestmark if m.name == "parametrize"]
    for host, function, arguments, unit in mark.args[1]:
        chosen = hosts[host]
        payload = result_payload(registry.get(function)(chosen, arguments))
        words = Vocabulary.for_schema(chosen.schema(), registry.names())
        warm(words)
        text = (unit * (65536 // len(unit) + 1))[:65536]
        calls.append(
            (f"claims16 {unit.strip()!r}", lambda t=text, p=payload, w=words: check_claims(t, [p], vocabulary=w))
        )
    return calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    replies = dev_replies()
    for words in {id(v): v for _, _, v in replies}.values():
        warm(words)
    times = [
        cpu_of(lambda r=reply, o=outputs, v=words: check_claims(r, o, vocabulary=v))
        for reply, outputs, words in replies
    ]
    chars = sum(len(reply) for reply, _, _ in replies)
    ordered = sorted(times)
    figures: dict[str, Any] = {
        "replies": len(times),
        "p50 ms": 1000 * statistics.median(ordered),
        "p95 ms": 1000 * ordered[int(0.95 * (len(ordered) - 1))],
        "max ms": 1000 * ordered[-1],
        "mean ms": 1000 * statistics.fmean(ordered),
        "per 64 KB of replies ms": 1000 * sum(times) / chars * 65536,
    }
    print(
        f"check_claims CPU per reply, DEV guard sets g1..g31, g33..g38 ({figures['replies']} replies, each once): "
        f"p50 {figures['p50 ms']:.1f} ms, p95 {figures['p95 ms']:.1f} ms, max {figures['max ms']:.1f} ms, "
        f"mean {figures['mean ms']:.1f} ms; per 64 KB of those replies {figures['per 64 KB of replies ms']:.0f} ms"
    )
    rows = {name: 1000 * cpu_of(call) for name, call in inputs_64k()}
    width = max(map(len, rows))
    print(f"check_claims CPU on each {SIZE // 1024} KB input of the two tests (each once), ms:")
    for name, ms in rows.items():
        print(f"  {name.ljust(width)}  {ms:8.1f}")
    for prefix in ("linear_parsers", "claims16"):
        name, ms = max(((n, v) for n, v in rows.items() if n.startswith(prefix)), key=lambda item: item[1])
        print(f"worst 64 KB input of {prefix}: {name}, {ms:.1f} ms")
    figures["64 KB ms"] = rows
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
