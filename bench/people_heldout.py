"""Leave-one-author-out: each author's requests scored by a router whose selector never saw that author.

Usage (from the repository root):

    python bench/people_heldout.py --data-dir ../shared/datasets --train DIR   # trains DIR/<author>.npz, then scores
    python bench/people_heldout.py --models DIR     # scores with models trained before
    python bench/people_heldout.py                  # the shipped artifact (a baseline that saw none of the new authors)
                                   [--authors w1 w2] [--threshold T] [--json OUT] [--setting NAME=NUMBER]

The authors are the folders of `simxai/eval_suite/router_training/people/` (one per person who wrote requests;
`router_training.authors`). For each author, `--train` runs the one training command with `--hold-out-author
<author> --out DIR/<author>.npz` (the author's requests are in neither split; everything else, and the final
refit on train + dev, as for the shipped artifact). Every single-turn request of the author (all batches) then
runs through the real engine and router on its host, scored as `bench/fresh_set.py` scores a set: function,
function + arguments, asked, confident-wrong. A clarification gold counts as correct when the engine asked.
"Asked" counts both kinds of question: the router's "which function do you mean" (also printed alone, as
"asked which function") and the engine's question for an argument it could not find ("Which applicant ...").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fresh_set import HOSTS, Case, Scored, _gold, _line, load_host, run_case, summary  # noqa: E402

from simxai import Agent, Host  # noqa: E402
from simxai.backends._router_replies import CLARIFICATION_PREFIX as WHICH_FUNCTION  # noqa: E402
from simxai.backends.router import RouterBackend  # noqa: E402
from simxai.eval_suite.router_training.authors import PEOPLE_DIR, authors  # noqa: E402


def author_requests(author: str, folder: Path = PEOPLE_DIR) -> list[Case]:
    """Every single-turn request of `author`, from all of its batches (`requests.jsonl` in any subfolder)."""
    cases = []
    for path in sorted((folder / author).rglob("requests.jsonl"), key=lambda p: (len(p.parts), p)):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                cases.append(Case(entry["id"], entry["host"], ((entry["text"], _gold(entry)),)))
    return cases


def train_held_out(author: str, data_dir: Path, out: Path, settings: list[str]) -> None:
    """Train the selector without `author`'s requests and write it to `out` (the training command, in a process)."""
    command = [
        sys.executable,
        "-m",
        "simxai.eval_suite.router_training",
        "--data-dir",
        str(data_dir),
        "--hold-out-author",
        author,
        "--out",
        str(out),
        *[f"--setting={setting}" for setting in settings],
    ]
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=True)


async def score_author(author: str, router: RouterBackend, hosts: dict[str, Host | None]) -> list[Scored]:
    """Run every request of `author` through the engine with `router` on its host (a host the author's folder
    brings itself, `host_<name>.py`, is loaded from there)."""
    rows: list[Scored] = []
    folder = PEOPLE_DIR / author
    for case in author_requests(author):
        key = f"{author}/{case.host}" if (folder / f"host_{case.host}.py").is_file() else case.host
        if key not in hosts:
            hosts[key] = load_host(case.host, folder)
        host = hosts[key]
        if host is None:
            continue
        rows.extend(await run_case(Agent(host, router), case, "request"))
    return rows


def _summary(rows: list[Scored]) -> dict[str, float]:
    figures = summary(rows)
    which = sum(1 for r in rows if r.asked is not None and r.asked.startswith(WHICH_FUNCTION))
    figures["asked_which_function"] = which / len(rows) if rows else 0.0
    return figures


def _row(label: str, figures: dict[str, float]) -> str:
    return f"{_line(label, figures)}  asked which function {figures['asked_which_function']:6.1%}"


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--authors", nargs="+", help="only these authors (default: every folder of people/)")
    parser.add_argument("--models", type=Path, help="score author A with the selector DIR/A.npz")
    parser.add_argument("--train", type=Path, metavar="DIR", help="first train DIR/A.npz for each author A")
    parser.add_argument("--data-dir", type=Path, help="the shared datasets folder (for --train)")
    parser.add_argument("--setting", action="append", default=[], help="--train: NAME=NUMBER, passed to training")
    parser.add_argument("--threshold", type=float, help="the router's clarification threshold (default: shipped)")
    parser.add_argument("--json", type=Path, help="write every scored request and the table here")
    args = parser.parse_args(argv)
    known = authors()
    chosen = args.authors or known
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        parser.error(f"no author {', '.join(unknown)} in {PEOPLE_DIR}; the authors are {', '.join(known)}")
    if args.train and args.models:
        parser.error("give --train DIR (train, then score) or --models DIR (score), not both")
    if args.train:
        if args.data_dir is None or not args.data_dir.is_dir():
            parser.error("--train needs --data-dir: the shared datasets folder")
        args.train.mkdir(parents=True, exist_ok=True)
        for author in chosen:
            train_held_out(author, args.data_dir, args.train / f"{author}.npz", args.setting)
    models = args.train or args.models
    hosts: dict[str, Host | None] = {}
    table: dict[str, dict[str, float]] = {}
    every: list[Scored] = []
    for author in chosen:
        model = None if models is None else models / f"{author}.npz"
        if model is not None and not model.is_file():
            parser.error(f"{model} does not exist; train it with --train {models}")
        rows = await score_author(author, RouterBackend(threshold=args.threshold, model=model), hosts)
        table[author] = _summary(rows)
        every.extend(rows)
        print(_row(f"{author} ({model or 'shipped artifact'})", table[author]), flush=True)
    table["all authors"] = _summary(every)
    print(_row("all authors", table["all authors"]))
    hosts_seen = [h for h in HOSTS if h in {r.host for r in every}] + sorted({r.host for r in every} - set(HOSTS))
    print(f"hosts: {', '.join(hosts_seen)}")
    if args.json:
        args.json.write_text(json.dumps({"table": table, "turns": [asdict(r) for r in every]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
