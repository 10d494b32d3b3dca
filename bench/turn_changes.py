"""Two runs of one set compared turn by turn: which turns changed outcome, and the counts docs/router.md tabulates.

Usage (from the repository root), with two `--json` outputs of `bench/fresh_set.py` on the same set:

    python bench/turn_changes.py BEFORE.json AFTER.json [--list]

Prints, for the request turns and the dialogue turns apart, before -> after: turns, function right (the scorer's
`correct` and `function_only`), function + arguments (`correct`), asked (`clarification_rate` of the scorer: every
turn the engine answered with a question), confident wrong, no answer, and needless questions (asked where the gold
names a function). Then the turns whose outcome changed, counted by (before, after), and every turn that was fully
right before and is not now (these are always listed); `--list` lists every changed turn.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

_NO_FUNCTION = ("(clarify)", "(no function)")


def _turns(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {(t["case"], int(t["turn"])): t for t in data["turns"]}


def _counts(turns: list[dict[str, Any]]) -> dict[str, int]:
    outcome = collections.Counter(t["outcome"] for t in turns)
    needless = sum(1 for t in turns if t["asked"] is not None and t["gold"] and t["gold"][0] not in _NO_FUNCTION)
    return {
        "turns": len(turns),
        "function right": outcome["correct"] + outcome["function_only"],
        "function + arguments": outcome["correct"],
        "asked": sum(1 for t in turns if t["asked"] is not None),
        "confident wrong": outcome["confident_wrong"],
        "no answer": outcome["no_answer"],
        "needless questions": needless,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--list", action="store_true", help="list every turn whose outcome changed")
    args = parser.parse_args(argv)
    before, after = _turns(args.before), _turns(args.after)
    if before.keys() != after.keys():
        print("the two runs do not hold the same turns", file=sys.stderr)
        return 2
    for kind in ("request", "dialogue"):
        keys = [k for k in before if before[k]["kind"] == kind]
        old, new = _counts([before[k] for k in keys]), _counts([after[k] for k in keys])
        cells = ", ".join(f"{name} {old[name]} -> {new[name]}" for name in old)
        print(f"{kind}: {cells}")
    changed = [k for k in before if before[k]["outcome"] != after[k]["outcome"]]
    moves = collections.Counter((before[k]["outcome"], after[k]["outcome"]) for k in changed)
    print(f"turns with another outcome: {len(changed)}")
    for (old_outcome, new_outcome), n in sorted(moves.items()):
        print(f"  {old_outcome} -> {new_outcome}: {n}")
    lost = [k for k in changed if before[k]["outcome"] == "correct"]
    print(f"fully right before, not now: {len(lost)}")
    for key in changed if args.list else lost:
        turn = after[key]
        print(f"  {key[0]}#{key[1]} {before[key]['outcome']} -> {turn['outcome']}: {turn['text']!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
