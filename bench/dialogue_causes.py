"""Follow-up dialogue turns that are not fully right, by what the dialogue's context did to them.

Usage (from the repository root):

    python bench/dialogue_causes.py --runs DIR [--prefix b_] [--list]

`DIR` holds `bench/fresh_set.py --json` outputs named `<prefix><author>.json` (as `bench/turn_changes.py` reads
them). Every dialogue turn after a dialogue's first that is not fully right gets the first cause that holds:

- *correction*: the turn takes something back ("no", "sorry", "I meant");
- *ellipsis*: four words or fewer after "and" / "or" / "what about" / "how about";
- *stale context carried*: the call (right function or not) holds an instance, group, changes or feature equal
  to the previous turn's call, and the gold has another value or none: context the turn had left behind;
- *asked, the context answers it*: a question where the gold has a function and every gold argument the
  turn's words may not give (instance, group, changes, feature) equals an earlier turn's gold;
- *asked, the turn's own words*: any other question where the gold has a function;
- *function not carried*: the gold function is the previous turn's and another function (or none) answered;
- *switched function, same subject*: the gold function is not the previous turn's, the gold instance or group is,
  and another function (or none) answered;
- *instance / group / changes / feature not carried*: the right function, that argument the previous gold's
  and the call's another or missing;
- *other*: another function, or an argument misread from the turn's own words.

Each cause is split by whether the previous turn was fully right (a cascade starts at a turn that was not).

`--carried` counts, over every follow-up turn that made a call, the context the call holds from the previous call
(the same instance, group, changes or feature as that call) and whether the gold has that value too (carried right)
or another or none (carried stale), with "changes" carried to another instance apart ("and for 88?" after a what-if),
and the outcome of the stale ones. `--outcome confident_wrong` counts the causes of one outcome only.
"""

from __future__ import annotations

import argparse
import collections
import re
from pathlib import Path
from typing import Any

from turn_changes import _read

_CORRECTION = re.compile(
    r"^\W*(?:no|nope|nah|naw|sorry|oops|wait|actually|correction|my\s+bad)\b|\bi\s+(?:meant|mean)\b", re.IGNORECASE
)
_ELLIPSIS = re.compile(r"^\W*(?:and|or|what\s+about|how\s+about)\b", re.IGNORECASE)
_CONTEXT = ("instance", "group", "changes", "feature")
_RIGHT = ("correct", "function_only")


def _same(a: Any, b: Any) -> bool:
    return a is not None and b is not None and str(a).strip().lower() == str(b).strip().lower()


def cause(turn: dict[str, Any], earlier: list[dict[str, Any]]) -> str:
    """The first cause that holds for a follow-up turn not fully right (module doc); `earlier` ends with the last."""
    previous = earlier[-1]
    text, outcome = turn["text"], turn["outcome"]
    gold, got, was = turn["gold_arguments"], turn["arguments"], previous["arguments"]
    if _CORRECTION.search(text):
        return "correction"
    if _ELLIPSIS.match(text) and len(text.split()) <= 4:
        return "ellipsis"
    if turn["called"] is not None and previous["called"] is not None:
        for name in _CONTEXT:
            if _same(got.get(name), was.get(name)) and not _same(got.get(name), gold.get(name)):
                return f"stale context carried: {name}"
    if outcome == "clarified":
        needed = [name for name in _CONTEXT if name in gold]
        told = all(any(_same(gold[n], e["gold_arguments"].get(n)) for e in earlier) for n in needed)
        return "asked, the context answers it" if needed and told else "asked, the turn's own words"
    if outcome in ("confident_wrong", "no_answer", "crashed"):
        if turn["gold"] == previous["gold"]:
            return "function not carried"
        if any(_same(gold.get(n), previous["gold_arguments"].get(n)) for n in ("instance", "group")):
            return "switched function, same subject"
        return "other"
    for name in _CONTEXT:
        if _same(gold.get(name), previous["gold_arguments"].get(name)) and not _same(got.get(name), gold.get(name)):
            return f"{name} not carried"
    return "other"


def _carries(turn: dict[str, Any], previous: dict[str, Any]) -> list[tuple[str, bool]]:
    """The context a follow-up's call holds from the previous call, each with whether the gold has it too."""
    if turn["called"] is None or previous["called"] is None:
        return []
    got, was, gold = turn["arguments"], previous["arguments"], turn["gold_arguments"]
    out = []
    for name in _CONTEXT:
        if not _same(got.get(name), was.get(name)):
            continue
        kind = name
        if name == "changes" and not _same(got.get("instance"), was.get("instance")):
            kind = "changes, to another instance"
        right = turn["outcome"] == "correct" or _same(got.get(name), gold.get(name))
        out.append((kind, right))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=Path, required=True)
    parser.add_argument("--prefix", default="b_")
    parser.add_argument("--list", action="store_true", help="list each turn under its cause")
    parser.add_argument("--carried", action="store_true", help="count the context calls carry, right and stale")
    parser.add_argument("--outcome", help="count only the turns of this outcome (confident_wrong, clarified, ...)")
    args = parser.parse_args(argv)
    counts: collections.Counter[tuple[str, bool]] = collections.Counter()
    listed: dict[str, list[str]] = collections.defaultdict(list)
    follow_ups = 0
    carried: collections.Counter[tuple[str, str]] = collections.Counter()
    stale: list[str] = []
    for author, turns in _read(args.runs, args.prefix).items():
        cases: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
        for turn in turns:
            if turn["kind"] != "request":
                cases[turn["case"]].append(turn)
        for case in cases.values():
            case.sort(key=lambda t: t["turn"])
            for i, turn in enumerate(case[1:], start=1):
                follow_ups += 1
                for kind, right in _carries(turn, case[i - 1]):
                    carried[(kind, "right" if right else f"stale, {turn['outcome']}")] += 1
                    if not right:
                        stale.append(
                            f"  {author} {turn['case']}#{turn['turn']} {kind} [{turn['outcome']}] {turn['text']!r}"
                        )
                if turn["outcome"] == "correct" or args.outcome not in (None, turn["outcome"]):
                    continue
                name = cause(turn, case[:i])
                after_right = case[i - 1]["outcome"] == "correct"
                counts[(name, after_right)] += 1
                listed[name].append(
                    f"  {author} {turn['case']}#{turn['turn']} [{turn['outcome']}] {turn['text']!r}: gold "
                    f"{turn['gold']} {turn['gold_arguments']} -> {turn['called']} {turn['arguments']}"
                    + ("" if after_right else "  (after a miss)")
                )
    names = sorted({n for n, _ in counts}, key=lambda n: -(counts[(n, True)] + counts[(n, False)]))
    print(f"follow-up turns: {follow_ups}; not fully right: {sum(counts.values())}")
    print(f"{'cause':<40} {'turns':>5}  after a right turn  after a miss")
    for name in names:
        right, miss = counts[(name, True)], counts[(name, False)]
        print(f"{name:<40} {right + miss:>5}  {right:>18}  {miss:>12}")
        if args.list:
            print("\n".join(listed[name]))
    if args.carried:
        print("\ncontext a follow-up's call holds from the previous call: carried right / stale (by outcome)")
        for kind in sorted({k for k, _ in carried}):
            parts = ", ".join(f"{how} {n}" for (k, how), n in sorted(carried.items()) if k == kind)
            print(f"  {kind:<32} {parts}")
        if args.list:
            print("\n".join(stale))


if __name__ == "__main__":
    main()
