"""`simxai-eval guard`: the faithfulness guard's perturbation benchmark (`simxai.eval_suite.guard`).

Prints recall on unfaithful replies per kind and false alarms on faithful ones per host and function; `--json`
also writes the figures and the replies behind every miss and false alarm.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from simxai.eval_suite.commands.options import Subcommand
from simxai.eval_suite.guard import BENCH_HOSTS, SETS, run_guard_bench

__all__ = ["COMMANDS"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--set",
        dest="template_set",
        default="own",
        choices=list(SETS),
        help="the paraphrase templates: own (written with the checks), held-out (after), varied (later still), "
        "probes2 (for the weaknesses an unseen set showed), probes3 (an 8B model's style; invented phrases and "
        "changes, wrong outcomes), probes4 (comparisons, values before names, negations, ranks and probabilities in "
        "words, tables, two subjects), probes5 (invented labels and features in fluent positions, ranks in words and "
        "ordinals, directions by verbs and comparisons)",
    )
    parser.add_argument(
        "--host",
        action="append",
        choices=BENCH_HOSTS,
        help="a host to run on (repeat for several; default: all three, the loan host when installed)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the perturbed values (default 0)")
    parser.add_argument("--show-misses", action="store_true", help="print every miss and false alarm first")
    parser.add_argument("--json", type=Path, help="write the figures (and the misses) here as JSON")


def _run(args: argparse.Namespace) -> int:
    bench = run_guard_bench(args.template_set, seed=args.seed, host_names=tuple(args.host or BENCH_HOSTS))
    if args.show_misses and bench.misses:
        print("\n".join(bench.misses))
    print(bench.markdown())
    if args.json:
        args.json.write_text(json.dumps(bench.figures(), indent=2), encoding="utf-8")
    return 0


COMMANDS = (
    Subcommand(
        "guard",
        "the faithfulness guard's perturbation benchmark: recall on unfaithful replies, false alarms on faithful ones",
        _configure,
        _run,
    ),
)
