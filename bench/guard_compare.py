"""Compare two runs of `bench/guard_set.py --json` reply by reply: which verdicts changed.

Usage (from the repository root):

    python bench/guard_compare.py BEFORE_DIR AFTER_DIR g1 g2 ... g27

Each folder holds `<set>.json` as `bench/guard_set.py --set .../<set> --json DIR/<set>.json` writes it. Printed per
set: recall and false alarms before and after, then every reply whose verdict changed (a catch added or lost on an
unfaithful reply, a false alarm removed or added on a faithful one) with the claims the guard left unsupported;
with several sets, the figures of all of them pooled last.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _replies(path: Path) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in json.loads(path.read_text(encoding="utf-8"))["replies"]}


def _figures(rows: dict[str, dict[str, Any]]) -> str:
    bad = [r for r in rows.values() if not r["faithful"]]
    good = [r for r in rows.values() if r["faithful"]]
    caught = sum(r["flagged"] for r in bad)
    alarms = sum(r["flagged"] for r in good)
    return (
        f"{caught}/{len(bad)} = {100 * caught / max(1, len(bad)):.1f} %; "
        f"{alarms}/{len(good)} = {100 * alarms / max(1, len(good)):.1f} %"
    )


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__)
        return 2
    before_dir, after_dir = Path(argv[0]), Path(argv[1])
    pooled_before: dict[str, dict[str, Any]] = {}
    pooled_after: dict[str, dict[str, Any]] = {}
    for name in argv[2:]:
        before, after = _replies(before_dir / f"{name}.json"), _replies(after_dir / f"{name}.json")
        pooled_before.update(before)
        pooled_after.update(after)
        print(f"{name}: before {_figures(before)} | after {_figures(after)}")
        for ident, old in before.items():
            new = after[ident]
            if old["flagged"] == new["flagged"]:
                continue
            if old["faithful"]:
                change = "false alarm removed" if old["flagged"] else "FALSE ALARM ADDED"
            else:
                change = "CATCH LOST" if old["flagged"] else "catch added"
            print(f"  {ident} {change}: {new['reply'][:150]}")
            print(f"    unsupported before {old['unsupported']} after {new['unsupported']}")
    if len(argv) > 3:
        print(f"pooled ({len(argv) - 2} sets): before {_figures(pooled_before)} | after {_figures(pooled_after)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
