"""Count what the policy "a number that matches no number of the outputs is unsupported, however unsure its
binding" would flag on hand-written guard sets (claims-48, gnum41; `simxai.guard._unmatched`).

Usage (from the repository root):

    python bench/guard_unbound.py --set simxai/eval_suite/guard/written/g37 [--set ...] [--list] [--numbers]

For each reply the guard is run as the engine runs it (`bench/guard_set.py`). Every number it read but left
unchecked is taken from its report with the frame it was left unchecked in (a difference, a total, an example, a
ratio, ...; `_unmatched.frame_of`) and whether any number of the outputs, any figure the guard derives from them,
a number of the user's, a small enumeration, an id or a year is it. Printed per set and per frame: the replies the
policy would newly flag (flagged by no other claim), faithful ones (false alarms added) and unfaithful ones
(catches added), and how many unchecked numbers match and do not. A frame already in `_unmatched.FLAGGED` is
counted from the claims it flags. `--list` prints each newly flagged reply with its unmatched numbers (read DEV
sets only); `--numbers` every unchecked number of every reply, matched or not.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from guard_set import load_lines, with_vocabularies  # noqa: E402

from simxai.guard import check_claims  # noqa: E402
from simxai.guard._unmatched import MECHANISM, UNMATCHED_NOTE, frame_of  # noqa: E402

#: Unchecked by the mechanism table after the reading (`simxai.guard._trust`), not by a frame: not the policy's.
AFTER_READING = ("loose binding", "distrusted mechanism")
#: The frames summed into the last line of each set's table (the frames a policy would flag together).
ALL = "(any frame)"


@dataclass
class Read:
    """One reply's verdict without the policy, and its unchecked numbers by frame."""

    id: str
    faithful: bool
    flagged: bool
    reply: str
    unmatched: list[tuple[str, str]] = field(default_factory=list)  # (frame, entry)
    matched: list[tuple[str, str]] = field(default_factory=list)


def read_set(folder: Path) -> list[Read]:
    """The guard's reading of every reply of the set in `folder`."""
    out = []
    for entry, outputs, words in with_vocabularies(load_lines(folder), folder):
        report = check_claims(entry["reply"], outputs, vocabulary=words)
        policy = [c for c in report.unsupported if report.mechanisms.get(c, "").startswith(MECHANISM)]
        read = Read(
            id=entry["id"],
            faithful=bool(entry["faithful"]),
            flagged=len(policy) < len(report.unsupported),
            reply=entry["reply"],
        )
        for claim in policy:
            read.unmatched.append((report.mechanisms[claim][len(MECHANISM) + 2 : -1], claim))
        for note in report.unchecked:
            if note.startswith("number ") and frame_of(note) not in AFTER_READING:
                (read.unmatched if UNMATCHED_NOTE in note else read.matched).append((frame_of(note), note))
        out.append(read)
    return out


def table(reads: list[Read]) -> dict[str, Counter[str]]:
    """Per frame: replies newly flagged (faithful, unfaithful) and unchecked numbers (matched, unmatched)."""
    rows: dict[str, Counter[str]] = {}
    for r in reads:
        for frame in {f for f, _ in r.unmatched} | {ALL} if r.unmatched else set():
            row = rows.setdefault(frame, Counter())
            if not r.flagged:
                row["false alarms added" if r.faithful else "catches added"] += 1
        for frame, _ in r.unmatched:
            rows.setdefault(frame, Counter())["unmatched numbers"] += 1
        for frame, _ in r.matched:
            rows.setdefault(frame, Counter())["matched numbers"] += 1
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--set", type=Path, action="append", required=True, help="a set's folder (repeatable)")
    parser.add_argument("--list", action="store_true", help="print each newly flagged reply (DEV sets only)")
    parser.add_argument("--numbers", action="store_true", help="print every unchecked number of every reply")
    args = parser.parse_args(argv)
    columns = ("false alarms added", "catches added", "unmatched numbers", "matched numbers")
    for folder in args.set:
        reads = read_set(folder)
        faithful = sum(r.faithful for r in reads)
        print(f"set {folder.name}: {len(reads)} replies ({faithful} faithful, {len(reads) - faithful} unfaithful)")
        print(f"  {'frame':<28}" + "".join(f"{c:>20}" for c in columns))
        rows = table(reads)
        for frame in sorted(rows, key=lambda f: (f == ALL, -rows[f]["unmatched numbers"], f)):
            print(f"  {frame:<28}" + "".join(f"{rows[frame][c]:>20}" for c in columns))
        for r in reads:
            new = r.unmatched and not r.flagged
            if (args.list and new) or (args.numbers and (r.unmatched or r.matched)):
                verdict = ("FALSE ALARM ADDED" if r.faithful else "CATCH ADDED") if new else "no change"
                print(f"\n{r.id} [{'faithful' if r.faithful else 'unfaithful'}; {verdict}]: {r.reply}")
                for frame, note in r.unmatched:
                    print(f"    unmatched [{frame}] {note}")
                for frame, note in r.matched if args.numbers else ():
                    print(f"    matched   [{frame}] {note}")
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
