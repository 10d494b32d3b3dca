"""Group the misses and false alarms `bench/guard_set.py --show-misses --claims` printed by the mechanism that failed.

Usage (from the repository root; DEV sets you may read only, never a TEST set or a gate):

    python bench/guard_set.py --set simxai/eval_suite/guard/written/g39 --show-misses --claims > g39.txt
    python bench/guard_miss_groups.py g33.txt ... g39.txt

Each miss and each false alarm goes to one group, by a rule on its kind, the claims the guard read and the reply's
words (the first rule that fits, in the order below). The groups are coarse: a reply can fail for two reasons and
counts once; read the replies before trusting a group. Printed: a Markdown table, a group by set, with the total
over every set but the last given (the last is the set the rules were not written from, when there is one).
"""

from __future__ import annotations

import argparse
import ast
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HEAD = re.compile(r"^(?P<id>g\d+-\S+) (?P<what>FALSE ALARM|MISS (?P<kind>\S+)): (?P<reply>.*)$")


@dataclass
class Verdict:
    """One miss or false alarm as printed: the reply, its kind, what the guard read and found unsupported."""

    id: str
    false_alarm: bool
    kind: str
    reply: str
    unsupported: list[str] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)


def verdicts(text: str) -> list[Verdict]:
    """The misses and false alarms of one printed run."""
    found: list[Verdict] = []
    for line in text.splitlines():
        if m := HEAD.match(line):
            found.append(Verdict(m["id"], m["what"] == "FALSE ALARM", m["kind"] or "", m["reply"]))
        elif not found:
            continue
        elif line.startswith("    unsupported: "):
            found[-1].unsupported = ast.literal_eval(line.removeprefix("    unsupported: "))
        elif line.startswith("    claims read: "):
            said = line.removeprefix("    claims read: ")
            found[-1].claims = [] if said.startswith("none") else ast.literal_eval(said)
        elif line and not line.startswith(("    ", "misses:")):
            found[-1].reply += " " + line  # a reply of several lines
    return found


def _false_alarm_group(v: Verdict) -> str:
    r, u = v.reply, v.unsupported
    if re.search(r"commonest|commoner|always (?:guessing|predicting)", r):
        return "FA: a known number source missing (the majority class's share)"
    if any(x.startswith("feature ") and x.split()[-1] in ("lifts", "falling") for x in u):
        return "FA: a verb of motion read as an invented feature"
    if any(x.startswith(("feature ", "label '", "quote ")) for x in u):
        return "FA: another ordinary word read as a name"
    if any(x.startswith(("outcome ", "prediction ")) for x in u):
        return "FA: a class claim bound to the wrong state or party"
    if any(x.startswith("number ") for x in u):
        if re.search(r"edges? out", r, re.I):
            return "FA: derived figure not derived: a class's margin over another"
        if re.search(r"\btogether\b|\bcombined\b", r, re.I):
            return "FA: derived figure not derived: a sum"
        if re.search(r"takes the lead|of its weight|downward|fewer|by a nose", r, re.I):
            return "FA: derived figure not derived: a ratio, distance or amount"
        return "FA: a number bound to the wrong field, class or state"
    return "FA: a rank, direction, kept range or change read wrongly"


def group(v: Verdict) -> str:
    """The mechanism a miss or a false alarm failed by (the first rule that fits)."""
    if v.false_alarm:
        return _false_alarm_group(v)
    r, c, k = v.reply, v.claims, v.kind
    if re.search(r"hit rate|predictive value", r, re.I):
        return "a metric said by another name, not bound"
    if re.search(r"agrees with both|both match|same grades for both|both are hits|both were in fact", r, re.I):
        return "an agreement said of every subject, not read"
    if re.search(r"commonest|commoner", r):
        return "a known number source missing (the majority class's share)"
    if k == "multi_subject_mixup" or (k == "value_swap" and len(re.findall(r"\b1\d{5}\b", r)) >= 2):
        return "bound to the wrong subject"
    if k in ("label_swap", "invented_label"):
        return "a class in the writer's own words, not read"
    if k == "rank_change":
        classes = re.search(r"surer|more decided|less sure|first and|second|then \w+, then|last|least likely", r)
        if any("class place" in x or "surer" in x for x in c) or (
            classes and not any(x.startswith("feature ") for x in c)
        ):
            return "a class order or surer call, not read"
        return "a feature order, not read"
    if k == "invented_feature":
        return "an invented feature, not read"
    if k in ("wrong_counterfactual_outcome", "direction_flip"):
        return "a change's outcome or direction, not read"
    if not c:
        return "no claim read"
    numbers = [x for x in c if x.startswith("number ")]
    if numbers and all(re.fullmatch(r"number [^()]+", x) for x in numbers):
        return "a number read, bound to no field"
    return "a number bound, checked against too loose a pool"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("runs", nargs="+", type=Path, help="outputs of bench/guard_set.py --show-misses --claims")
    args = parser.parse_args(argv)
    table: dict[str, Counter[str]] = defaultdict(Counter)
    names = []
    for path in args.runs:
        text = path.read_text(encoding="utf-8")
        if "== misses and false alarms ==" not in text or "claims read:" not in text:
            raise SystemExit(f"{path}: not an output of bench/guard_set.py --show-misses --claims")
        name = re.search(r"^set (\S+):", text, re.M)
        names.append(name.group(1) if name else path.stem)
        for v in verdicts(text):
            table[group(v)][names[-1]] += 1
    rest = names[:-1] if len(names) > 1 else names
    print(f"| mechanism | {' | '.join(names)} | {rest[0]}-{rest[-1]} |")
    print("| --- |" + " --- |" * (len(names) + 1))
    for g in sorted(table, key=lambda g: (g.startswith("FA"), -sum(table[g].values()))):
        cells = " | ".join(str(table[g][n] or "–") for n in names)
        print(f"| {g} | {cells} | {sum(table[g][n] for n in rest)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
