"""Build the guard's mechanism table from the DEV writers and print its leave-one-writer-out curve.

Usage (from the repository root):

    python bench/guard_mechanisms.py [--write] [--written-only | --stored]

Every DEV writer's replies are checked with every mechanism of the guard (`check_claims(every_mechanism=True)`):
the hand-written sets `simxai/eval_suite/guard/written/{g1..g6,p13g,p13i}` and the generated template sets
`own`, `held-out`, `varied`, `probes2` ... `probes5` (`simxai-eval guard --set ...`). Printed: for each threshold,
held-out recall and false alarms (each writer scored with the precisions of the others), pooled over the
hand-written writers, and for the generated sets (one writer: one generator); then per writer at the chosen
threshold (`simxai.eval_suite.guard.mechanisms.choose_threshold`), and each mechanism's precision on all writers.
`--write` stores the table
in `simxai/guard/mechanisms.json` (what the guard flags by); `--stored` prints the same from the evidence that
table stores, without checking a reply. The `evalsets/guard-*` TEST sets are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from guard_set import load_lines, with_vocabularies  # noqa: E402

from simxai.eval_suite.guard.mechanisms import (  # noqa: E402
    CurvePoint,
    Verdict,
    Writer,
    choose_threshold,
    curve,
    precisions,
    table,
)
from simxai.guard import check_claims  # noqa: E402
from simxai.guard._trust import TABLE  # noqa: E402

WRITTEN = ROOT / "simxai" / "eval_suite" / "guard" / "written"
WRITTEN_SETS = ("g1", "g2", "g3", "g4", "g5", "g6", "p13g", "p13i")
GENERATED_SETS = ("own", "held-out", "varied", "probes2", "probes3", "probes4", "probes5")


def written_writer(folder: Path) -> Writer:
    """A folder of hand-written replies (`replies.jsonl`), checked with every mechanism."""
    writer = Writer(folder.name, written=True)
    for entry, outputs, words in with_vocabularies(load_lines(folder), folder):
        report = check_claims(entry["reply"], outputs, vocabulary=words, every_mechanism=True)
        writer.verdicts.append(Verdict(bool(entry["faithful"]), frozenset(report.mechanisms.values())))
    return writer


def generated_writer(names: tuple[str, ...] = GENERATED_SETS) -> Writer:
    """The generated template sets of the perturbation benchmark, as one writer (they share one generator),
    checked with every mechanism."""
    from simxai.eval_suite.guard.bench import run_guard_bench

    writer = Writer("templates", written=False)
    for name in names:
        run_guard_bench(
            name,
            every_mechanism=True,
            observe=lambda faithful, report: writer.verdicts.append(
                Verdict(faithful, frozenset(report.mechanisms.values()))
            ),
        )
    return writer


def dev_writers(written_only: bool = False) -> list[Writer]:
    writers = [written_writer(WRITTEN / name) for name in WRITTEN_SETS]
    return writers if written_only else [*writers, generated_writer()]


def _rates(row: tuple[int, int, int, int]) -> str:
    caught, bad, alarms, good = row
    return f"{caught:>5}/{bad:<5} {caught / max(1, bad):6.1%}   {alarms:>4}/{good:<5} {alarms / max(1, good):6.1%}"


def print_curve(points: list[CurvePoint], chosen: float) -> None:
    print("== leave-one-writer-out: held-out recall; false alarms, per threshold ==")
    head = f"{'recall':>21} {'false alarms':>19}"
    print(f"{'threshold':<10} {'hand-written':>12}{head[12:]}   {'generated':>12}{head[12:]}")
    for p in points:
        mark = "  <- chosen" if p.threshold == chosen else ""
        print(f"{p.threshold:<10.2f} {_rates(p.written)}   {_rates(p.generated)}{mark}")
    at = next(p for p in points if p.threshold == chosen)
    lowest = min(points, key=lambda p: p.threshold)
    print(f"\n== per writer, held out, at threshold {chosen:.2f} (and at {lowest.threshold:.2f}) ==")
    for name, row in at.writers.items():
        print(f"{name:<10} {_rates(row)}    at {lowest.threshold:.2f}: {_rates(lowest.writers[name])}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help=f"store the table in {TABLE.relative_to(ROOT)}")
    parser.add_argument("--written-only", action="store_true", help="only the hand-written DEV sets (no --write)")
    parser.add_argument("--stored", action="store_true", help="the stored table's evidence, no reply checked")
    args = parser.parse_args(argv)
    if args.write and (args.written_only or args.stored):
        parser.error("--write checks every DEV writer again; drop --written-only and --stored")
    if args.stored:
        stored = json.loads(TABLE.read_text(encoding="utf-8"))
        writers = [Writer.from_evidence(name, e) for name, e in stored["writers"].items()]
    else:
        writers = dev_writers(args.written_only)
    points = curve(writers)
    chosen = choose_threshold(points)
    print_curve(points, chosen)
    evidence = {w.name: w.evidence() for w in writers}
    print("\n== mechanisms: precision on all DEV writers (trusted when >= the threshold) ==")
    for m, p in sorted(precisions(evidence).items(), key=lambda kv: -kv[1]):
        fired = [sum(e["flags"].get(m, [0, 0])[i] for e in evidence.values()) for i in (0, 1)]
        print(f"{p:6.1%} {'trusted' if p >= chosen else '       '}  {m}  (unfaithful {fired[0]}, faithful {fired[1]})")
    if args.write:
        TABLE.write_text(json.dumps(table(evidence, chosen), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"\nwrote {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
