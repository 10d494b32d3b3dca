"""Run `bench/fresh_set.py` on several authors' folders in one process (the selector and WordLlama load once).

Usage (from the repository root):

    python bench/fresh_sets.py --authors w1 w2 ... [--people DIR] [--out DIR --prefix b_] [--totals]
                               [-- any fresh_set.py option: --dialogues-only --threshold T --router-model M]

Each author is `DIR/<author>` (default `simxai/eval_suite/router_training/people`) and is scored exactly as
`python bench/fresh_set.py --set DIR/<author> --errors --json OUT/<prefix><author>.json` would score it: the
same `fresh_set.main`, one fresh engine per host, in turn; the scorer's output goes to `OUT/<prefix><author>.txt`.
An author folder that does not exist is reported and skipped, and an author whose `.json` exists is not run again.
`--totals` is for authors nobody may read: no `--errors`, no `--json`, nothing written; only the scorer's
"overall" lines of each kind of turn are printed, one block per author, then the sums over the authors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fresh_set  # noqa: E402

PEOPLE = Path(__file__).resolve().parents[1] / "simxai" / "eval_suite" / "router_training" / "people"
_OVERALL = re.compile(
    r"^overall\s+n=\s*(\d+)\s+function\s+([\d.]+)%\s+function\+args\s+([\d.]+)%\s+asked\s+([\d.]+)%\s+"
    r"confident-wrong\s+([\d.]+)%\s+no answer\s+([\d.]+)%"
)
_FIELDS = ("function", "function+args", "asked", "confident-wrong", "no answer")


def _overall(output: str) -> dict[str, list[float]]:
    """The "overall" line of each kind of turn in the scorer's output: n, then the five rates in percent."""
    kinds: dict[str, list[float]] = {}
    kind = ""
    for line in output.splitlines():
        if line.startswith("== ") and line.endswith(" turns =="):
            kind = line[3:-9]
        elif (found := _OVERALL.match(line)) is not None and kind:
            kinds[kind] = [float(v) for v in found.groups()]
    return kinds


def _sums(rows: list[dict[str, list[float]]]) -> None:
    for kind in ("request", "dialogue", "all"):
        runs = [r[kind] for r in rows if kind in r]
        n = sum(r[0] for r in runs)
        if not n:
            continue
        # each author's rate times its turns is a whole count of turns (the rates are printed to 0.1 %)
        counts = [sum(round(r[0] * r[i + 1] / 100) for r in runs) for i in range(len(_FIELDS))]
        rates = "  ".join(f"{f} {c} ({100 * c / n:.1f} %)" for f, c in zip(_FIELDS, counts, strict=True))
        print(f"ALL {kind:<8} n={int(n):>5}  {rates}")


async def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--authors", nargs="+", required=True)
    parser.add_argument("--people", type=Path, default=PEOPLE)
    parser.add_argument("--out", type=Path, help="the folder of the .json and .txt outputs")
    parser.add_argument("--prefix", default="b_")
    parser.add_argument("--totals", action="store_true", help="only the overall lines: nothing written or listed")
    args, rest = parser.parse_known_args(argv)
    rest = [a for a in rest if a != "--"]
    if not args.totals and args.out is None:
        parser.error("--out is needed unless --totals")
    rows: list[dict[str, list[float]]] = []
    for author in args.authors:
        folder = args.people / author
        if not folder.is_dir():
            print(f"{author}: no folder {folder}, skipped")
            continue
        if args.totals:
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                await fresh_set.main(["--set", str(folder), *rest])
            kinds = _overall(buffer.getvalue())
            rows.append(kinds)
            for kind, values in kinds.items():
                rates = "  ".join(f"{f} {v:5.1f} %" for f, v in zip(_FIELDS, values[1:], strict=True))
                print(f"{author:<6} {kind:<8} n={int(values[0]):>5}  {rates}", flush=True)
            continue
        target = args.out / f"{args.prefix}{author}.json"
        if target.exists():
            continue
        with (args.out / f"{args.prefix}{author}.txt").open("w", encoding="utf-8") as log:
            with contextlib.redirect_stdout(log):
                await fresh_set.main(["--set", str(folder), "--errors", "--json", str(target), *rest])
        print(f"{author}: wrote {target}", flush=True)
    if args.totals:
        _sums(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(run()))
