"""Per-author figures of two runs of `bench/fresh_set.py --json`, requests and dialogue turns apart, and the turns
that changed between them.

Usage (from the repository root):

    python bench/turn_changes.py --before DIR --after DIR [--prefix-before b_] [--prefix-after a_]
                                 [--misses] [--changes]

`DIR` holds one `--json` output per author, named `<prefix><author>.json` (for example `b_w11.json`, written by
`python bench/fresh_set.py --set simxai/eval_suite/router_training/people/w11 --json DIR/b_w11.json`). For each
author found in both folders it prints, for request turns and for dialogue turns, the counts before -> after:
turns, function right, function and arguments right, asked, confidently wrong, no answer, and needless questions
(the scorer's "clarified": asked where the gold is no question). `--needless` lists every needless question of the
*before* run with the question asked, to count their causes. `--misses` lists the dialogue turns
not fully right in the *before* run, each with the user turns before it in its dialogue; `--changes` lists every
turn whose outcome differs, and marks the turns right before that are wrong or asked after. `--causes` counts the
*before* run's follow-up dialogue turns (every user turn after a dialogue's first) that are not fully right, by a
rough cause read from the turn and the scores (first rule that holds): a correction ("no", "sorry", "I meant"); an
ellipsis (four words or fewer after "and" / "what about"); a confident wrong answer that kept the previous turn's
function (a wrong carry) or took another; a question asked where the gold has a function; no answer; the right
function with the group, the instance, the changes, the feature or another argument not as the gold has it. Each
cause is split by whether the gold function is the previous turn's (same function) or another (switched).
"""

from __future__ import annotations

import argparse
import collections
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_RIGHT = ("correct", "function_only")


@dataclass(frozen=True)
class Counts:
    """The counts of one author's turns of one kind."""

    turns: int
    function: int
    arguments: int
    asked: int
    wrong: int
    silent: int
    needless: int

    @staticmethod
    def of(turns: Iterable[dict[str, Any]]) -> Counts:
        rows = list(turns)
        return Counts(
            len(rows),
            sum(t["outcome"] in _RIGHT for t in rows),
            sum(t["outcome"] == "correct" for t in rows),
            sum(t["asked"] is not None for t in rows),
            sum(t["outcome"] == "confident_wrong" for t in rows),
            sum(t["outcome"] == "no_answer" for t in rows),
            sum(t["outcome"] == "clarified" for t in rows),
        )


def _read(folder: Path, prefix: str) -> dict[str, list[dict[str, Any]]]:
    runs = {}
    for path in sorted(folder.glob(f"{prefix}*.json")):
        runs[path.stem[len(prefix) :]] = json.loads(path.read_text(encoding="utf-8"))["turns"]
    return runs


def _is_dialogue(turn: dict[str, Any]) -> bool:
    return bool(turn["kind"] != "request")


def _line(name: str, before: Counts, after: Counts) -> str:
    def pair(a: int, b: int) -> str:
        return f"{a}" if a == b else f"{a} -> {b}"

    return (
        f"{name:<22} n={before.turns:>4}  function {pair(before.function, after.function):<11} "
        f"f+args {pair(before.arguments, after.arguments):<11} asked {pair(before.asked, after.asked):<9} "
        f"cw {pair(before.wrong, after.wrong)}  no answer {pair(before.silent, after.silent)}  "
        f"needless questions {pair(before.needless, after.needless)}"
    )


_CORRECTION = re.compile(
    r"^\W*(?:no|nope|nah|naw|sorry|oops|wait|actually|correction|my\s+bad)\b|\bi\s+(?:meant|mean)\b", re.IGNORECASE
)
_ELLIPSIS = re.compile(r"^\W*(?:and|or|what\s+about|how\s+about)\b", re.IGNORECASE)


def cause(turn: dict[str, Any], previous: dict[str, Any] | None) -> str:
    """A rough cause of a follow-up turn that is not fully right (module doc)."""
    text, outcome = turn["text"], turn["outcome"]
    if _CORRECTION.search(text):
        return "correction"
    if _ELLIPSIS.match(text) and len(text.split()) <= 4:
        return "ellipsis"
    if outcome == "confident_wrong":
        kept = previous is not None and turn["called"] == previous["called"]
        return "confident wrong: previous function carried" if kept else "confident wrong: another function"
    if outcome == "clarified":
        return "asked, the gold has a function"
    if outcome in ("no_answer", "crashed"):
        return "no answer"
    gold, got = turn["gold_arguments"], turn["arguments"]
    for name, label in (("group", "group"), ("instance", "instance"), ("changes", "changes"), ("feature", "feature")):
        if name in gold and gold.get(name) != got.get(name):
            return f"right function, {label} not carried or misread"
    return "right function, another argument"


def _causes(before: dict[str, list[dict[str, Any]]]) -> None:
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    for turns in before.values():
        by_case: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
        for turn in turns:
            if _is_dialogue(turn):
                by_case[turn["case"]].append(turn)
        for case in by_case.values():
            case.sort(key=lambda t: t["turn"])
            for previous, turn in zip(case, case[1:], strict=False):
                if turn["outcome"] == "correct":
                    continue
                switched = "same function" if turn["gold"] == previous["gold"] else "switched function"
                counts[(cause(turn, previous), switched)] += 1
    print("\n== follow-up dialogue turns not fully right before, by cause ==")
    for name in sorted({c for c, _ in counts}, key=lambda c: -sum(v for (k, _), v in counts.items() if k == c)):
        same, other = counts[(name, "same function")], counts[(name, "switched function")]
        print(f"{name:<48} {same + other:>4}  (same function {same}, switched function {other})")
    print(f"{'all':<48} {sum(counts.values()):>4}")


def _cell(before: Counts, after: Counts) -> str:
    """A markdown cell: function right, function and arguments right, asked, confidently wrong, before -> after."""

    def pair(a: int, b: int) -> str:
        return f"{a}" if a == b else f"{a} → {b}"

    return (
        f"{pair(before.function, after.function)} / {pair(before.arguments, after.arguments)} / "
        f"{pair(before.asked, after.asked)} / {pair(before.wrong, after.wrong)}"
    )


def _context(turns: list[dict[str, Any]], turn: dict[str, Any]) -> list[str]:
    return [t["text"] for t in turns if t["case"] == turn["case"] and t["turn"] < turn["turn"]]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--after", type=Path, required=True)
    parser.add_argument("--prefix-before", default="b_")
    parser.add_argument("--prefix-after", default="a_")
    parser.add_argument("--misses", action="store_true", help="list the dialogue turns not fully right before")
    parser.add_argument("--needless", action="store_true", help="list every needless question of the run before")
    parser.add_argument("--changes", action="store_true", help="list every turn whose outcome changed")
    parser.add_argument("--causes", action="store_true", help="count the follow-up misses before by rough cause")
    parser.add_argument("--markdown", action="store_true", help="the per-author counts as a markdown table")
    args = parser.parse_args(argv)
    before = _read(args.before, args.prefix_before)
    after = _read(args.after, args.prefix_after)
    totals: dict[str, list[Counts]] = {"requests": [], "dialogue turns": []}
    rows: list[str] = []
    for author in sorted(set(before) & set(after), key=lambda a: (len(a), a)):
        for kind, dialogue in (("requests", False), ("dialogue turns", True)):
            b = Counts.of(t for t in before[author] if _is_dialogue(t) == dialogue)
            a = Counts.of(t for t in after[author] if _is_dialogue(t) == dialogue)
            totals[kind] += [b, a]
            print(_line(f"{author} {kind}", b, a))
            rows.append(f"{author}|{b.turns}|{_cell(b, a)}")
    for kind, counts in totals.items():
        b = Counts(*(sum(getattr(c, f) for c in counts[0::2]) for f in Counts.__dataclass_fields__))
        a = Counts(*(sum(getattr(c, f) for c in counts[1::2]) for f in Counts.__dataclass_fields__))
        print(_line(f"ALL {kind}", b, a))
    if args.markdown:
        header = "function / f+args / asked / cw"
        print(f"\n| author | requests | {header} | dialogue turns | {header} |")
        print("| --- | --- | --- | --- | --- |")
        for request_row, dialogue_row in zip(rows[0::2], rows[1::2], strict=True):
            author, n_requests, cell = request_row.split("|")
            _, n_turns, dialogue_cell = dialogue_row.split("|")
            print(f"| {author} | {n_requests} | {cell} | {n_turns} | {dialogue_cell} |")
    if args.causes:
        _causes(before)
    if args.needless:
        print("\n== needless questions before (asked where the gold is no question) ==")
        for author, turns in sorted(before.items()):
            for turn in turns:
                if turn["outcome"] == "clarified":
                    print(f"{author} {turn['case']}#{turn['turn']} {turn['text']!r}: gold {turn['gold']}")
                    print(f"    asked: {str(turn['asked'])[:160]}")
    if args.misses:
        print("\n== dialogue turns not fully right before ==")
        for author, turns in sorted(before.items()):
            for turn in turns:
                if _is_dialogue(turn) and turn["outcome"] != "correct" and turn["turn"] > 0:
                    print(f"{author} {turn['case']}#{turn['turn']} [{turn['outcome']}] after {_context(turns, turn)}")
                    print(f"    {turn['text']!r}: gold {turn['gold']} {turn['gold_arguments']}")
                    print(f"    -> {turn['called']} {turn['arguments']} asked: {turn['asked']}")
    if args.changes:
        print("\n== turns whose outcome changed (! = right before, wrong or asked after) ==")
        moves: collections.Counter[tuple[str, str, str]] = collections.Counter()
        for author in sorted(set(before) & set(after)):
            old = {(t["case"], t["turn"]): t for t in before[author]}
            for turn in after[author]:
                was = old.get((turn["case"], turn["turn"]))
                if was is None or (was["outcome"], was["arguments"]) == (turn["outcome"], turn["arguments"]):
                    continue
                where = "request" if not _is_dialogue(turn) else "follow-up" if turn["turn"] > 0 else "first"
                moves[(where, was["outcome"], turn["outcome"])] += 1
                mark = "!" if was["outcome"] == "correct" and turn["outcome"] != "correct" else " "
                print(f"{mark} {author} {turn['case']}#{turn['turn']} {was['outcome']} -> {turn['outcome']}")
                print(
                    f"    {turn['text']!r}: {was['called']} {was['arguments']} -> {turn['called']} {turn['arguments']}"
                )
        print("\n== outcome moves (request, a dialogue's first turn, or a follow-up: before -> after) ==")
        for (where, was_outcome, outcome), moved in sorted(moves.items()):
            print(f"{where:<9} {was_outcome:>15} -> {outcome:<15} {moved:>4}")


if __name__ == "__main__":
    main()
