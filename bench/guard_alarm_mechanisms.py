"""Count the guard's false alarms on hand-written sets by the mechanism that fired.

Usage (from the repository root; DEV sets you may read only, never a TEST set or a gate read by totals):

    python bench/guard_alarm_mechanisms.py --set simxai/eval_suite/guard/written/g41 [--set ...] [--ids]

Every reply is checked as `bench/guard_set.py` checks it (`simxai.guard.check_claims`, gated as the engine gates
it). For each faithful reply the guard flags, the mechanisms of its unsupported claims (the report's
`mechanisms`) are counted, a reply once per mechanism. Printed: a Markdown table, one row per mechanism and one
column per set, with the number of writers (sets) it fires on; `--ids` lists each row's replies under the table.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from guard_set import load_lines, with_vocabularies  # noqa: E402

from simxai.guard import check_claims  # noqa: E402

#: Folders whose replies are report-only or gates read by totals: refused.
_REFUSED = ("evalsets", "g32", "g46")


def alarms(folder: Path) -> dict[str, list[str]]:
    """Each mechanism that fired on a false alarm of the set `folder`, with the ids of its replies."""
    found: dict[str, list[str]] = defaultdict(list)
    for entry, outputs, words in with_vocabularies(load_lines(folder), folder):
        if not entry["faithful"]:
            continue
        report = check_claims(entry["reply"], outputs, vocabulary=words)
        for mechanism in sorted({report.mechanisms.get(c, "?") for c in report.unsupported}):
            found[mechanism].append(entry["id"])
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--set", type=Path, action="append", required=True, help="a DEV set's folder (repeat)")
    parser.add_argument("--ids", action="store_true", help="list each mechanism's false alarms")
    args = parser.parse_args(argv)
    refused = [f for f in args.set if any(part in _REFUSED for part in f.resolve().parts)]
    if refused:
        raise SystemExit(f"refused: {refused[0]} is a test set or a gate read by totals only")
    names = [f.name for f in args.set]
    table = {f.name: alarms(f) for f in args.set}
    rows = sorted({m for found in table.values() for m in found})
    count = {m: [len(table[n].get(m, [])) for n in names] for m in rows}
    print(f"| mechanism | {' | '.join(names)} | writers |")
    print("| --- |" + " --- |" * (len(names) + 1))
    for m in sorted(rows, key=lambda m: (-sum(c > 0 for c in count[m]), -sum(count[m]), m)):
        cells = " | ".join(str(c or "–") for c in count[m])
        print(f"| {m} | {cells} | {sum(c > 0 for c in count[m])} |")
    if args.ids:
        for m in rows:
            print(f"\n{m}: " + ", ".join(i for n in names for i in table[n].get(m, [])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
