"""Run `bench/fresh_set.py` on several authors' folders in one process (the selector and WordLlama load once).

Usage (from the repository root):

    python bench/fresh_sets.py --authors w1 w2 ... [--people DIR] [--out DIR --prefix b_] [--totals] [--by-host]
                               [-- any fresh_set.py option: --dialogues-only --threshold T --router-model M]

Each author is `DIR/<author>` (default `simxai/eval_suite/router_training/people`) and is scored exactly as
`python bench/fresh_set.py --set DIR/<author> --errors --json OUT/<prefix><author>.json` would score it: the
same `fresh_set.main`, one fresh engine per host, in turn; the scorer's output goes to `OUT/<prefix><author>.txt`.
An author folder that does not exist is reported and skipped, and an author whose `.json` exists is not run again.
`--totals` is for authors nobody may read: no `--errors`, no `--json`, nothing written; only the scorer's
"overall" lines of each kind of turn are printed, one block per author, then the sums over the authors.
`--by-host` adds, after the authors, the scorer's per-host lines summed over the authors: the built-in hosts
(demo, sentiment, loan, insurance) each, and every author's own hosts together as "own" (meant for authors one
may read: it says more than the totals).
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
#: a scorer line of one host (or "overall"): its label, n, then the five rates in percent
_HOST_LINE = re.compile(
    r"^(\S+)\s+n=\s*(\d+)\s+function\s+([\d.]+)%\s+function\+args\s+([\d.]+)%\s+asked\s+([\d.]+)%\s+"
    r"confident-wrong\s+([\d.]+)%\s+no answer\s+([\d.]+)%"
)
OWN = "own"  # the hosts an author's folder brings itself, summed together by `--by-host`


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


def host_counts(output: str) -> dict[tuple[str, str], list[int]]:
    """The scorer's per-host lines of each kind of turn as whole counts: (kind, host group) -> n, then the turns
    function-right, function+arguments-right, asked, confident-wrong and unanswered.

    A host that is none of `fresh_set.HOSTS` is the author's own and counts under `OWN`; the per-function table
    after the kinds of turn is not read.
    """
    counts: dict[tuple[str, str], list[int]] = {}
    kind = ""
    for line in output.splitlines():
        if line.startswith("== "):
            kind = line[3:-9] if line.endswith(" turns ==") and "(" not in line else ""
            continue
        found = _HOST_LINE.match(line)
        if found is None or not kind or found.group(1) == "overall":
            continue
        host = found.group(1) if found.group(1) in fresh_set.HOSTS else OWN
        n = int(found.group(2))
        # a rate printed to 0.1 % of fewer than 1,000 turns is one whole count of turns
        row = [n] + [round(n * float(v) / 100) for v in found.groups()[2:]]
        total = counts.setdefault((kind, host), [0] * len(row))
        counts[(kind, host)] = [a + b for a, b in zip(total, row, strict=True)]
    return counts


def by_host_table(outputs: list[str]) -> list[str]:
    """The `--by-host` table of several authors' scorer outputs: one line per kind of turn and host group."""
    summed: dict[tuple[str, str], list[int]] = {}
    for output in outputs:
        for key, row in host_counts(output).items():
            summed[key] = [a + b for a, b in zip(summed.get(key, [0] * len(row)), row, strict=True)]
    lines = ["== by host, summed over the authors: right (with arguments) / asked / confident-wrong / no answer =="]
    for kind in ("request", "dialogue", "all"):
        for host in (*fresh_set.HOSTS, OWN):
            if (kind, host) not in summed:
                continue
            n, right, args, asked, wrong, none = summed[(kind, host)]
            lines.append(
                f"{kind:<8} {host:<10} n={n:>5}  right {right:>5} = {100 * right / n:5.1f} % ({args} = "
                f"{100 * args / n:5.1f} %)  asked {asked} = {100 * asked / n:4.1f} %  confident-wrong {wrong} = "
                f"{100 * wrong / n:4.1f} %  no answer {none}"
            )
    return lines


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
    parser.add_argument("--by-host", action="store_true", help="then the per-host lines summed over the authors")
    args, rest = parser.parse_known_args(argv)
    rest = [a for a in rest if a != "--"]
    if not args.totals and args.out is None:
        parser.error("--out is needed unless --totals")
    rows: list[dict[str, list[float]]] = []
    outputs: list[str] = []
    for author in args.authors:
        folder = args.people / author
        if not folder.is_dir():
            print(f"{author}: no folder {folder}, skipped")
            continue
        if args.totals:
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                await fresh_set.main(["--set", str(folder), *rest])
            outputs.append(buffer.getvalue())
            kinds = _overall(buffer.getvalue())
            rows.append(kinds)
            for kind, values in kinds.items():
                rates = "  ".join(f"{f} {v:5.1f} %" for f, v in zip(_FIELDS, values[1:], strict=True))
                print(f"{author:<6} {kind:<8} n={int(values[0]):>5}  {rates}", flush=True)
            continue
        target = args.out / f"{args.prefix}{author}.json"
        log = args.out / f"{args.prefix}{author}.txt"
        if not target.exists():
            with log.open("w", encoding="utf-8") as written, contextlib.redirect_stdout(written):
                await fresh_set.main(["--set", str(folder), "--errors", "--json", str(target), *rest])
            print(f"{author}: wrote {target}", flush=True)
        if log.is_file():
            outputs.append(log.read_text(encoding="utf-8"))
    if args.totals:
        _sums(rows)
    if args.by_host:
        print("\n".join(by_host_table(outputs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(run()))
