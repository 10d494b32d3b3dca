"""Where the router's misses on a set of people requests lie: the selector, extraction, or a dialogue.

Usage (from the repository root):

    python bench/fresh_set.py --set FOLDER [--router-model M] --json RUN.json
    python bench/selector_misses.py RUN.json [--router-model M] [--list] [--set FOLDER]
    python bench/selector_misses.py --bare FOLDER [FOLDER ...] [--router-model M]

The first form reads a scored run of `bench/fresh_set.py` and puts every request turn that is not fully
correct into one cause, from the bare selector's top function on the turn (the same normalisation and
masking as the router) and what the engine did: the selector wrong (answered, asked which function, or asked
for an argument of a wrong function), the threshold (asked which function though the top was right),
extraction (the function was right, an argument wrong or asked for), a router rule overriding a right top,
or a clarification gold. Dialogue turns are counted apart (the follow-up rules of docs/dialogue.md).
The second form prints the bare selector's top-1 accuracy on the single-turn requests of each folder
(clarification golds left out), and how many wrong tops had a probability of at least 0.6.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.backends._router_masking import selector_text  # noqa: E402
from simxai.backends.router_model import SelectorModel, load_selector, read_selector  # noqa: E402
from simxai.eval_suite.router_training.authors import HOST_SCHEMAS, folder_host_schema  # noqa: E402
from simxai.hosts.base import HostSchema  # noqa: E402
from simxai.normalize import normalize  # noqa: E402

_WHICH = "To answer the right question"


def host_schema(host: str, folder: Path | None = None) -> HostSchema:
    """The schema of `host`: the folder's own (`host_<name>.py` in `folder`) or one of `HOST_SCHEMAS`."""
    own = None if folder is None else folder / f"host_{host}.py"
    if own is not None and own.is_file():
        return folder_host_schema(own)
    if host not in HOST_SCHEMAS:
        raise SystemExit(f"host {host!r} has no schema: use one of {', '.join(HOST_SCHEMAS)} or a set's host_<name>.py")
    return HOST_SCHEMAS[host]


def top_function(model: SelectorModel, text: str, host: str, folder: Path | None = None) -> tuple[str, float]:
    """The bare selector's likeliest class for `text` on `host` (a host of `folder`'s own too), with its probability."""
    schema = host_schema(host, folder)
    probabilities = model.probabilities(selector_text(normalize(text, schema), schema), None)
    top = max(probabilities, key=probabilities.__getitem__)
    return top, probabilities[top]


def cause(turn: dict[str, Any], top: str) -> str:
    """The cause of one scored turn that is not fully correct."""
    gold, asked = turn["gold"], turn.get("asked") or ""
    if turn["kind"] != "request":
        return "dialogue turn (follow-up rules)"
    if "(clarify)" in gold:
        return "clarification gold answered with a call" if turn["called"] else "clarification gold, not asked"
    if "(no function)" in gold:
        return "selector: chit-chat read as a request" if top != "none" else "rule: chit-chat answered"
    if asked.startswith(_WHICH):
        return "threshold: asked which function, top right" if top in gold else "selector: asked which, top wrong"
    if turn["outcome"] == "function_only":
        return "extraction: an argument wrong"
    if asked:
        return "extraction: asked for an argument" if top in gold else "selector: asked for a wrong function's argument"
    if turn["outcome"] == "confident_wrong":
        return "selector: wrong and answered" if top not in gold else "rule: overrode a right top"
    return "selector: no function chosen" if top == "none" else f"other ({turn['outcome']})"


def misses(run: Path, model: SelectorModel, listing: bool, folder: Path | None = None) -> None:
    """Print the causes of the run's turns that are not fully correct."""
    counts: collections.Counter[str] = collections.Counter()
    rows: dict[str, list[str]] = collections.defaultdict(list)
    for turn in json.loads(run.read_text(encoding="utf-8"))["turns"]:
        if turn["outcome"] == "correct":
            continue
        top, probability = top_function(model, turn["text"], turn["host"], folder)
        reason = cause(turn, top)
        counts[reason] += 1
        rows[reason].append(f"    {turn['case']}: gold {turn['gold']}, top {top} {probability:.2f} | {turn['text']}")
    for reason, count in counts.most_common():
        print(f"{count:5d}  {reason}")
        if listing:
            print("\n".join(rows[reason]))


def bare(folders: list[Path], model: SelectorModel) -> None:
    """Print the bare selector's top-1 accuracy on each folder's single-turn requests."""
    total = right = sure_wrong = 0
    for folder in folders:
        n = k = wrong = 0
        for line in (folder / "requests.jsonl").read_text(encoding="utf-8").splitlines():
            entry = json.loads(line) if line.strip() else None
            if entry is None or (entry["function"] is None and entry.get("clarify")):
                continue
            function = entry["function"]
            gold = ["none"] if function is None else [function] if isinstance(function, str) else function
            top, probability = top_function(model, entry["text"], entry["host"], folder)
            n, k, wrong = n + 1, k + (top in gold), wrong + (top not in gold and probability >= 0.6)
        print(f"{folder.name}: top-1 {k}/{n} = {k / n:.1%}, wrong with p >= 0.6: {wrong}")
        total, right, sure_wrong = total + n, right + k, sure_wrong + wrong
    print(f"all: top-1 {right}/{total} = {right / total:.1%}, wrong with p >= 0.6: {sure_wrong}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", type=Path, help="a fresh_set --json run, or set folders with --bare")
    parser.add_argument("--bare", action="store_true", help="the bare selector's top-1 on the folders' requests")
    parser.add_argument("--router-model", type=Path, help="a selector artifact (default: the shipped one)")
    parser.add_argument("--list", action="store_true", help="list the turns of each cause")
    parser.add_argument("--set", type=Path, help="the run's set folder, for the hosts it brings (host_<name>.py)")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        print(f"no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    model = read_selector(args.router_model) if args.router_model else load_selector()
    if args.bare:
        bare(args.paths, model)
    else:
        for run in args.paths:
            misses(run, model, args.list, args.set)
    return 0


if __name__ == "__main__":
    sys.exit(main())
