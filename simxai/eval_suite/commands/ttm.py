r"""`simxai-eval ttm-parse`: TalkToModel's parsing accuracy with SimXAI's learned parser as its parser.

The evaluation itself is `simxai.eval_suite.ttm`; this module reads the options, runs it and writes the report.

    simxai-eval ttm-parse --suite diabetes_suite.txt --dataset diabetes --data-dir ../shared/datasets \\
        --backend router
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from simxai.eval_suite.commands.options import Subcommand, add_layer_options, run_command
from simxai.eval_suite.runner import run_async
from simxai.eval_suite.ttm.evaluate import DATASETS, TTMParseReport, evaluate, markdown
from simxai.exceptions import UsageError

__all__ = ["COMMANDS", "add_arguments", "main", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `simxai-eval ttm-parse`."""
    parser.add_argument(
        "--suite",
        type=Path,
        required=True,
        help="a parse suite: utterance line, gold-parse line, blank line (TalkToModel's format)",
    )
    parser.add_argument("--dataset", required=True, choices=DATASETS, help="the TalkToModel dataset")
    parser.add_argument(
        "--data-dir",
        default="../shared/datasets",
        help="TalkToModel's data CSVs, or a folder with talktomodel/data (default ../shared/datasets)",
    )
    add_layer_options(
        parser,
        default="router",
        backend_help="the layer that keeps the dialogue: router (default), openai:<model>, hf:<path> (the "
        "program comes from the learned parser either way)",
    )
    parser.add_argument("--concurrency", type=int, default=1, help="utterances parsed at once (default 1)")
    parser.add_argument("--limit", type=int, help="evaluate a seeded sample of N pairs")
    parser.add_argument("--seed", type=int, default=0, help="seed of the dataset's model and of --limit")
    parser.add_argument(
        "--execute",
        action="store_true",
        help="also run the selected functions (slower; the parse is the same)",
    )
    parser.add_argument("--out", type=Path, help="write the JSON report (with every case) here")
    parser.add_argument("--errors", type=int, default=0, help="print up to N wrong parses")


async def run(args: argparse.Namespace) -> int:
    """Run `simxai-eval ttm-parse`; returns the exit code (0 done).

    Raises:
        UsageError: an unknown dataset, a missing or malformed suite, a missing data folder.
    """
    from simxai.backends import load_backend
    from simxai.integrations.ttm_data import load_ttm_dataset
    from simxai.integrations.ttm_templates import read_suite

    pairs = read_suite(args.suite)
    if args.limit is not None:
        if args.limit < 1:
            raise UsageError(f"--limit must be at least 1, got {args.limit}")
        pairs = random.Random(args.seed).sample(pairs, min(args.limit, len(pairs)))
    dataset = load_ttm_dataset(args.dataset, args.data_dir, seed=args.seed)
    backend = load_backend(args.backend, base_url=args.base_url, api_key=args.api_key, timeout=args.timeout)
    try:
        report = await evaluate(
            pairs, dataset, backend, concurrency=args.concurrency, execute=args.execute, suite=str(args.suite)
        )
    finally:
        await backend.aclose()
    return _emit(report, args)


def _emit(report: TTMParseReport, args: argparse.Namespace) -> int:
    if args.out is not None:  # the file first: a closed stdout pipe must not lose the report
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report.model_dump(mode="json"), indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    print(markdown(report, args.errors))
    return 0


def _run_sync(args: argparse.Namespace) -> int:
    return run_async(run(args))


COMMANDS = (
    Subcommand(
        "ttm-parse",
        "TalkToModel's parsing metric (exact match without spaces) of the layer as TalkToModel's parser",
        add_arguments,
        _run_sync,
    ),
)


def main(argv: list[str] | None = None) -> int:
    """`python -m simxai.eval_suite.commands.ttm ...`, the same as `simxai-eval ttm-parse ...`."""
    parser = argparse.ArgumentParser(prog="simxai-eval ttm-parse", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run_command(_run_sync, parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
