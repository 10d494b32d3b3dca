"""Score the faithfulness guard on a hand-written set of replies to real outputs (evalsets/guard-2026-12-01b).

Usage (from the repository root):

    python bench/guard_set.py [--set evalsets/guard-2026-12-01b] [--show-misses [--claims]] [--json OUT]

Each line of the set's `replies.jsonl` holds a real function output (or a list of them, for replies about
several subjects), a reply verbalizing it, whether the reply is faithful, and the kind of error it has. The
reply and its output(s) go to the guard's public check (`simxai.guard.check_claims`, with the host's labels,
features, aliases and instance noun as its vocabulary). A reply the guard does not pass is flagged. Printed:
recall on unfaithful replies (flagged / unfaithful), overall, per kind and per host, and the false-alarm rate
on faithful replies (flagged / faithful), overall, per host and per function. `--claims` adds to each miss and
false alarm the claims the guard read from the reply ("no claim read" when it read none), and counts the misses
with no claim read: a miss with no claim is a form no reader binds, one with claims a claim judged wrongly.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from simxai.guard import Vocabulary, check_claims  # noqa: E402
from simxai.hosts.base import HostSchema  # noqa: E402

SET_DIR = Path(__file__).resolve().parents[1] / "evalsets" / "guard-2026-12-01b"
HOSTS = ("demo", "sentiment", "loan", "insurance")  # insurance: the invented host of bench/dev_hosts.py


@dataclass(frozen=True)
class Checked:
    """One reply of the set and the guard's verdict on it."""

    id: str
    host: str
    function: str
    kind: str
    faithful: bool
    flagged: bool
    reply: str
    unsupported: str
    claims: tuple[str, ...] = ()


def load_lines(folder: Path) -> list[dict[str, Any]]:
    """The set's lines, each checked for the fields the scorer needs."""
    lines = []
    path = folder / "replies.jsonl"
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip():
            continue
        entry = json.loads(text)
        missing = {"id", "host", "function", "output", "reply", "faithful", "kind"} - set(entry)
        if missing:
            raise SystemExit(f"{path}:{number}: missing fields {sorted(missing)}")
        if entry["host"] not in HOSTS and not (folder / f"host_{entry['host']}.py").is_file():
            raise SystemExit(
                f"{path}:{number}: host {entry['host']!r} is not one of {', '.join(HOSTS)} "
                f"and the set has no host_{entry['host']}.py"
            )
        lines.append(entry)
    return lines


def host_schema(name: str, folder: Path | None = None) -> HostSchema:
    """The schema of the host named `name`: a built-in host, the invented insurance host of `bench/dev_hosts.py`,
    or the set's own `host_<name>.py` (the loader of `bench/fresh_set.py`)."""
    from fresh_set import load_host

    host = load_host(name, folder)
    if host is None:
        raise SystemExit(f"host {name!r} is not available in this checkout")
    return host.schema()


def vocabulary(name: str, folder: Path | None = None) -> Vocabulary:
    """The vocabulary the engine gives the guard on host `name` (`simxai/agent.py`): the host's labels, features
    and aliases, the callable functions' names (a reply may say which function it ran) and its cards' words."""
    from fresh_set import load_host

    from simxai.functions import default_registry

    host = load_host(name, folder)
    if host is None:
        raise SystemExit(f"host {name!r} is not available in this checkout")
    return Vocabulary.for_host(host, default_registry().names())


def with_vocabularies(
    lines: list[dict[str, Any]], folder: Path | None = None
) -> list[tuple[dict[str, Any], list[Any], Vocabulary]]:
    """Each line with its outputs as a list (a pair line holds two) and its host's vocabulary, built once per host
    (`folder`: the set's, for a host it brings as `host_<name>.py`)."""
    vocabularies: dict[str, Vocabulary] = {}
    rows = []
    for entry in lines:
        host = entry["host"]
        if host not in vocabularies:
            vocabularies[host] = vocabulary(host, folder)
        output = entry["output"]
        rows.append((entry, output if isinstance(output, list) else [output], vocabularies[host]))
    return rows


def check(lines: list[dict[str, Any]], folder: Path | None = None) -> list[Checked]:
    """Run the guard on every line (`folder`: the set's, for a host it brings as `host_<name>.py`)."""
    results = []
    for entry, outputs, words in with_vocabularies(lines, folder):
        host = entry["host"]
        report = check_claims(entry["reply"], outputs, vocabulary=words)
        results.append(
            Checked(
                id=entry["id"],
                host=host,
                function=entry["function"],
                kind=entry["kind"],
                faithful=bool(entry["faithful"]),
                flagged=not report.passed,
                reply=entry["reply"],
                unsupported=str(report.unsupported),
                claims=tuple(report.claims),
            )
        )
    return results


def rates(results: list[Checked]) -> dict[str, Any]:
    """Recall on unfaithful replies and false alarms on faithful ones, overall and by kind, host and function."""
    out: dict[str, Any] = {"recall": {}, "false_alarms": {}}
    groups: dict[str, dict[str, list[bool]]] = {"recall": defaultdict(list), "false_alarms": defaultdict(list)}
    for r in results:
        table = groups["false_alarms" if r.faithful else "recall"]
        table["all"].append(r.flagged)
        table[f"host {r.host}"].append(r.flagged)
        table[f"function {r.function}"].append(r.flagged)
        if not r.faithful:
            table[f"kind {r.kind}"].append(r.flagged)
    for name, table in groups.items():
        for key in sorted(table, key=lambda k: (k != "all", k)):
            flags = table[key]
            out[name][key] = {"n": len(flags), "flagged": sum(flags), "rate": sum(flags) / len(flags)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--set", type=Path, default=SET_DIR, help="the set's folder (holding replies.jsonl)")
    parser.add_argument("--show-misses", action="store_true", help="print every miss and every false alarm")
    parser.add_argument("--claims", action="store_true", help="with --show-misses: the claims read from each reply")
    parser.add_argument("--json", type=Path, help="write the figures and every verdict here")
    args = parser.parse_args(argv)
    results = check(load_lines(args.set), args.set)
    figures = rates(results)
    print(f"set {args.set.name}: {len(results)} replies")
    for name, title in (("recall", "recall on unfaithful replies"), ("false_alarms", "false alarms on faithful")):
        print(f"\n== {title} ==")
        for key, row in figures[name].items():
            print(f"{key:<48} {row['flagged']:>4}/{row['n']:<4} {row['rate']:6.1%}")
    if args.show_misses:
        print("\n== misses and false alarms ==")
        for r in results:
            if r.flagged == r.faithful:
                what = "FALSE ALARM" if r.faithful else f"MISS {r.kind}"
                print(f"{r.id} {what}: {r.reply}\n    unsupported: {r.unsupported}")
                if args.claims:
                    print(f"    claims read: {list(r.claims) if r.claims else 'none (no claim read)'}")
        if args.claims:
            misses = [r for r in results if not r.faithful and not r.flagged]
            bare = [r for r in misses if not r.claims]
            kinds = Counter(r.kind for r in bare)
            print(
                f"\nmisses: {len(misses)}, with no claim read: {len(bare)} ("
                + ", ".join(f"{k} {n}" for k, n in kinds.most_common())
                + ")"
            )
    if args.json:
        payload = {"set": args.set.name, "figures": figures, "replies": [asdict(r) for r in results]}
        args.json.write_text(json.dumps(payload, indent=1, ensure_ascii=False), encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
