"""Needless questions per author from `bench/fresh_set.py --json` files, and the turns that changed between two runs.

Usage (from the repository root, after scoring each author with fresh_set.py into BEFORE_wNN.json / AFTER_wNN.json):

    python bench/needless_questions.py --before /tmp/args29/before --after /tmp/args29/after w11 w12 ... [--list]

A question is needless when the router asked (outcome "clarified") on a turn whose gold is not a question. For each
author the table gives the turns, the questions asked, the needless ones, the turns fully right (function and
arguments) and the confident-wrong ones, split into requests and dialogue turns, before -> after. With --after, every
turn whose outcome changed is printed (right -> asked or wrong first, as those are the ones that cost). With only
--before and --list, every needless question is printed, to count its causes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

_KINDS = ("request", "dialogue")


def load(prefix: str, author: str) -> list[dict[str, Any]]:
    """The scored turns of one author's run."""
    turns: list[dict[str, Any]] = json.loads(Path(f"{prefix}_{author}.json").read_text())["turns"]
    return turns


def counts(turns: list[dict[str, Any]], kind: str) -> dict[str, int]:
    """Turns, asked, needless, right and confident-wrong among the turns of one kind."""
    mine = [t for t in turns if t["kind"] == kind]
    return {
        "n": len(mine),
        "asked": sum(1 for t in mine if t["asked"]),
        "needless": sum(1 for t in mine if t["outcome"] == "clarified"),
        "right": sum(1 for t in mine if t["outcome"] == "correct"),
        "cw": sum(1 for t in mine if t["outcome"] == "confident_wrong"),
    }


def _key(turn: dict[str, Any]) -> tuple[str, int]:
    return (turn["case"], turn["turn"])


def changed(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The pairs of one turn whose outcome or first call differ between the two runs."""
    old = {_key(t): t for t in before}
    pairs = []
    for turn in after:
        was = old.get(_key(turn))
        if was is None:
            continue
        if (was["outcome"], was["called"], was["asked"] is None) != (
            turn["outcome"],
            turn["called"],
            turn["asked"] is None,
        ):
            pairs.append((was, turn))
    return pairs


def _line(author: str, kind: str, b: dict[str, int], a: dict[str, int] | None) -> str:
    cells = [f"{author:5} {kind:8} n={b['n']:4}"]
    for name in ("asked", "needless", "right", "cw"):
        cells.append(f"{name} {b[name]:3}" + (f" -> {a[name]:3}" if a is not None else ""))
    return "  ".join(cells)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("authors", nargs="+", help="author names (the suffix of the JSON files)")
    parser.add_argument("--before", required=True, help="prefix of the runs before (PREFIX_wNN.json)")
    parser.add_argument("--after", help="prefix of the runs after")
    parser.add_argument("--list", action="store_true", help="print every needless question of the runs before")
    args = parser.parse_args(argv)
    totals: dict[str, dict[str, list[int]]] = {k: {} for k in _KINDS}
    moved: list[str] = []
    for author in args.authors:
        before = load(args.before, author)
        after = load(args.after, author) if args.after else None
        for kind in _KINDS:
            b = counts(before, kind)
            a = counts(after, kind) if after is not None else None
            print(_line(author, kind, b, a))
            for name in b:
                pair = totals[kind].setdefault(name, [0, 0])
                pair[0] += b[name]
                pair[1] += a[name] if a is not None else 0
        if args.list:
            for t in before:
                if t["outcome"] == "clarified":
                    print(f"  NEEDLESS {t['case']}#{t['turn']} {t['text']!r} gold {t['gold']} {t['gold_arguments']}")
                    print(f"      asked: {str(t['asked'])[:160]}")
        if after is not None:
            for was, now in changed(before, after):
                moved.append(
                    f"  {author} {now['case']}#{now['turn']} {was['outcome']} -> {now['outcome']}"
                    f" ({now['called']} {now['arguments']}) {now['text']!r}"
                )
    for kind in _KINDS:
        cells = "  ".join(
            f"{name} {b} -> {a}" if args.after else f"{name} {b}" for name, (b, a) in totals[kind].items()
        )
        print(f"TOTAL {kind:8} {cells}")
    if args.after:
        print(f"changed turns: {len(moved)}")
        print("\n".join(moved))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
