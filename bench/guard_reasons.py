"""Each reason the guard flags by, measured across the DEV writers: is it sure on writers it was not shaped by?

Usage (from the repository root):

    python bench/guard_reasons.py [--sets g1 ... g13] [--show MECHANISM] [--json OUT]

Every reply of each hand-written DEV writer (`simxai/eval_suite/guard/written/<set>`, g1-g13 by default; never the
`evalsets/guard-*` TEST sets, never g14) is checked as the engine checks it (`check_claims`, the mechanism table
applied). A flagged reply's reasons are the mechanisms of its unsupported claims. Printed, per mechanism: its
catches and false alarms per writer, how many writers it false-alarms on, and its precision on each writer held
out (the share of the replies it flags on that writer that are unfaithful) next to its precision on the others.
The trade of sending it to `unchecked` is its *sole* catches (unfaithful replies no other reason flags: recall
lost) against its sole false alarms (faithful replies no other reason flags: false alarms saved), on g1-g13 and on
g9-g13. `--show M` lists the replies M flags falsely (DEV writers only).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from guard_set import load_lines, with_vocabularies  # noqa: E402

from simxai.guard import check_claims  # noqa: E402

WRITTEN = ROOT / "simxai" / "eval_suite" / "guard" / "written"
SETS = tuple(f"g{i}" for i in range(1, 14))
LATE = tuple(f"g{i}" for i in range(9, 14))


def checked(name: str) -> list[dict[str, Any]]:
    """The writer's replies, each with whether it is faithful and the reasons the guard flags it for."""
    folder = WRITTEN / name
    rows = []
    for entry, outputs, words in with_vocabularies(load_lines(folder), folder):
        report = check_claims(entry["reply"], outputs, vocabulary=words)
        reasons = sorted({report.mechanisms.get(c, "(none)") for c in report.unsupported})
        rows.append(
            {
                "writer": name,
                "id": entry["id"],
                "faithful": bool(entry["faithful"]),
                "reasons": reasons,
                "unsupported": list(report.unsupported),
                "reply": entry["reply"],
            }
        )
    return rows


def tables(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per mechanism: per writer [catches, false alarms, sole catches, sole false alarms]."""
    out: dict[str, dict[str, Any]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0, 0]))
    for r in rows:
        for m in r["reasons"]:
            cell = out[m][r["writer"]]
            cell[1 if r["faithful"] else 0] += 1
            if len(r["reasons"]) == 1:
                cell[3 if r["faithful"] else 2] += 1
    return out


def _precision(caught: int, alarms: int) -> str:
    return f"{caught / (caught + alarms):.2f}" if caught + alarms else "  - "


def report(rows: list[dict[str, Any]], sets: list[str]) -> dict[str, Any]:
    by = tables(rows)
    summary: dict[str, Any] = {}
    print("mechanism: catches/false alarms per writer; writers with a false alarm; sole catches/false alarms")
    order = sorted(by, key=lambda m: -sum(c[1] for c in by[m].values()))
    for m in order:
        cells = by[m]
        alarms = sum(c[1] for c in cells.values())
        writers = [w for w in sets if cells.get(w, [0, 0])[1]]
        sole = [sum(c[i] for c in cells.values()) for i in (2, 3)]
        late = [sum(c[i] for w, c in cells.items() if w in LATE) for i in (2, 3)]
        held = []
        for w in sets:
            if w not in cells:
                continue
            own = cells[w]
            rest = [sum(c[i] for x, c in cells.items() if x != w) for i in (0, 1)]
            held.append(f"{w} {own[0]}/{own[1]} ({_precision(own[0], own[1])} vs {_precision(*rest)})")
        summary[m] = {"writers": {w: list(c) for w, c in cells.items()}, "false_alarm_writers": writers}
        print(
            f"\n{m}: {sum(c[0] for c in cells.values())} caught, {alarms} false on {len(writers)} writers; "
            f"sole g1-g13 {sole[0]}/{sole[1]}, g9-g13 {late[0]}/{late[1]}"
        )
        print("   " + "; ".join(held))
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sets", nargs="+", default=list(SETS), help="DEV writers (folders of written/)")
    parser.add_argument("--show", help="list the faithful replies this mechanism flags")
    parser.add_argument("--json", type=Path, help="write every reply's reasons and the tables here")
    args = parser.parse_args(argv)
    if any(not (WRITTEN / s).is_dir() or s == "g14" for s in args.sets):
        parser.error("DEV writers only (g14 is scored, never read): folders of simxai/eval_suite/guard/written/")
    rows = [r for s in args.sets for r in checked(s)]
    summary = report(rows, args.sets)
    if args.show:
        print(f"\n== faithful replies flagged by {args.show} ==")
        for r in rows:
            if r["faithful"] and args.show in r["reasons"]:
                print(f"{r['id']} {r['reasons']} {r['unsupported']}\n    {r['reply']}")
    if args.json:
        args.json.write_text(json.dumps({"mechanisms": summary, "replies": rows}, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
