"""How the guard's mechanisms transfer: each DEV writer scored by the guard as it was before anyone read it.

Usage (from the repository root; about two minutes, one guard run per writer):

    python bench/guard_first_runs.py [--writer g21 ...] [--keep DIR] [--load DIR] [--sure-only]

A DEV writer's first run is its score at the commit before its tuner read it (`FIRST_RUNS`, from `docs/guard.md`):
the guard had never seen that writer's wording, as it will not have seen the next one's. For each writer, the code
of that commit is checked out in a temporary git worktree and run on the writer's replies of this checkout
(`simxai/eval_suite/guard/written/gN`) with every mechanism (`check_claims(every_mechanism=True)`), then gated by
that commit's own table, as it flagged then. Printed: each writer's first-run recall and false alarms (they must
match the figures `docs/guard.md` gives); per mechanism, the replies it flagged (unfaithful, faithful) and those it
alone flagged (what distrusting it would have cost and gained); what the gate withheld (read, unsupported, not
trusted); the misses by kind; each mechanism's first-run precision (`simxai.eval_suite.guard.mechanisms`, each
writer weighing the same) where it is below 0.8, and the leave-one-writer-out curve on first runs. Nothing is
written into the repository; `--keep DIR` keeps each writer's verdicts there as JSON, and `--load DIR` reports
from them instead of running the old code again.

`--sure-only` applies the policy of flagging only sure bindings (claims-30, `simxai.guard._sure`) as the CURRENT
code judges a mechanism by its name (`unsure_mechanism`: a number of no named field, of a field named before its
segment, of two kinds of field, or bound loosely): a mechanism of the old code it calls unsure flags nothing. The
claim-level doubts of the current code (a feature's number not beside its name, a sentence that names none of
several subjects) are not in the old code's verdicts, so they are not applied here.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simxai.eval_suite.guard.mechanisms import Verdict, Writer, curve, precisions  # noqa: E402
from simxai.guard._sure import unsure_mechanism  # noqa: E402

WRITTEN = ROOT / "simxai" / "eval_suite" / "guard" / "written"
#: Each DEV writer and the commit its first run was scored at (the guard before its tuner read it).
FIRST_RUNS = {
    "g15": "b2bcfc9",  # claims-19
    "g16": "95cf7e3",  # claims-21
    "g17": "95cf7e3",  # claims-21
    "g18": "066aaed",  # claims-23
    "g19": "b454003",  # claims-24
    "g20": "d8ffc31",  # claims-25
    "g21": "c82dae2",  # claims-26
}

#: Run inside the old checkout: every reply's unsupported claims by mechanism, and the mechanisms its table trusted.
_COLLECT = """
import json, sys
from pathlib import Path
root, folder = Path(sys.argv[1]), Path(sys.argv[2])
sys.path[:0] = [str(root), str(root / "bench")]
from guard_set import load_lines, vocabulary
from simxai.guard import GUARD_VERSION, check_claims
from simxai.guard._trust import trust
rows, vocabs, table = [], {}, trust()
for e in load_lines(folder):
    if e["host"] not in vocabs:
        vocabs[e["host"]] = vocabulary(e["host"], folder)
    outs = e["output"] if isinstance(e["output"], list) else [e["output"]]
    r = check_claims(e["reply"], outs, vocabulary=vocabs[e["host"]], every_mechanism=True)
    ms = sorted({m for c, m in r.mechanisms.items() if c in r.unsupported})
    rows.append({"id": e["id"], "kind": e["kind"], "faithful": bool(e["faithful"]), "mechanisms": ms,
                 "trusted": [m for m in ms if table.trusted(m)], "claims": len(r.claims)})
print(json.dumps({"version": GUARD_VERSION, "rows": rows}))
"""


def first_run(writer: str, commit: str, into: Path) -> dict:
    """The verdicts of the guard at `commit` on `writer`'s replies (a worktree of `commit` under `into`)."""
    tree = into / f"{writer}-{commit}"
    if not tree.exists():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True, capture_output=True
        )
    done = subprocess.run(
        [sys.executable, "-c", _COLLECT, str(tree), str(WRITTEN / writer)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tree)},
    )
    return json.loads(done.stdout)


def report(runs: dict[str, dict]) -> None:
    flags: Counter[tuple[str, bool]] = Counter()
    alone: Counter[tuple[str, bool]] = Counter()
    withheld: Counter[bool] = Counter()
    missed: Counter[str] = Counter()
    writers = []
    print("== first runs: recall on unfaithful; false alarms on faithful ==")
    for name, run in runs.items():
        rows = run["rows"]
        bad, good = [r for r in rows if not r["faithful"]], [r for r in rows if r["faithful"]]
        caught, alarms = sum(bool(r["trusted"]) for r in bad), sum(bool(r["trusted"]) for r in good)
        print(
            f"{name} ({run['version']}, {FIRST_RUNS[name]}): {caught}/{len(bad)} = {caught / len(bad):.1%}; "
            f"{alarms}/{len(good)} = {alarms / len(good):.1%}"
        )
        writer = Writer(name, written=True)
        for r in rows:
            trusted = set(r["trusted"])
            writer.verdicts.append(Verdict(r["faithful"], frozenset(r["mechanisms"])))
            withheld[r["faithful"]] += bool(r["mechanisms"]) and not trusted
            if not r["faithful"] and not trusted:
                missed[r["kind"]] += 1
            for m in trusted:
                flags[m, r["faithful"]] += 1
                alone[m, r["faithful"]] += trusted == {m}
        writers.append(writer)
    print("\n== per mechanism (as trusted then): flagged unfaithful, faithful | alone unfaithful, faithful ==")
    for m in sorted({m for m, _ in flags}, key=lambda m: (-flags[m, True], -flags[m, False], m)):
        print(f"{m[:72]:<72} {flags[m, False]:>4} {flags[m, True]:>3} | {alone[m, False]:>4} {alone[m, True]:>3}")
    print(
        f"\nwithheld by the gate (read, unsupported, not trusted): {withheld[False]} unfaithful, "
        f"{withheld[True]} faithful replies"
    )
    print("misses by kind: " + ", ".join(f"{k} {n}" for k, n in missed.most_common()))
    evidence = {w.name: w.evidence() for w in writers}
    print("\n== first-run precision (each writer weighing the same), below 0.8 ==")
    for m, p in sorted(precisions(evidence).items(), key=lambda kv: kv[1]):
        if p < 0.8:
            fired = [sum(e["flags"].get(m, [0, 0])[i] for e in evidence.values()) for i in (0, 1)]
            print(f"{p:6.1%}  {m}  (unfaithful {fired[0]}, faithful {fired[1]})")
    print("\n== leave-one-writer-out on first runs: threshold, recall, false alarms ==")
    for point in curve(writers)[::5]:
        c, b, a, g = point.written
        print(f"{point.threshold:.2f}  {c}/{b} = {c / b:.1%}  {a}/{g} = {a / g:.1%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--writer", action="append", choices=sorted(FIRST_RUNS), help="one writer (repeat)")
    parser.add_argument("--keep", type=Path, help="write each writer's verdicts here as JSON")
    parser.add_argument("--load", type=Path, help="read each writer's verdicts from here (written by --keep)")
    parser.add_argument("--sure-only", action="store_true", help="flag only by mechanisms of sure bindings")
    args = parser.parse_args(argv)
    names = args.writer or list(FIRST_RUNS)
    if args.load:
        runs = {name: json.loads((args.load / f"{name}.json").read_text(encoding="utf-8")) for name in names}
        report(sure_only(runs) if args.sure_only else runs)
        return 0
    with tempfile.TemporaryDirectory(prefix="guard-first-runs-") as tmp:
        try:
            runs = {name: first_run(name, FIRST_RUNS[name], Path(tmp)) for name in names}
        finally:
            for tree in Path(tmp).iterdir():
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                    check=False,
                    capture_output=True,
                )
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        for name, run in runs.items():
            (args.keep / f"{name}.json").write_text(json.dumps(run, indent=0), encoding="utf-8")
    report(sure_only(runs) if args.sure_only else runs)
    return 0


def sure_only(runs: dict[str, dict]) -> dict[str, dict]:
    """`runs` with each mechanism the current code calls unsure (`unsure_mechanism`) no longer trusted."""
    return {
        name: {
            **run,
            "rows": [{**r, "trusted": [m for m in r["trusted"] if not unsure_mechanism(m)]} for r in run["rows"]],
        }
        for name, run in runs.items()
    }


if __name__ == "__main__":
    raise SystemExit(main())
