"""What every `simxai-eval` command module uses: the `Subcommand` record and the options and helpers they share.

A command module (`parse`, `judged`, `reports`, `lext`, `synth`, `ttm`) imports this module, never `cli`, and
lists its commands in `COMMANDS`; `simxai.eval_suite.cli` lists the command modules, so nothing registers
itself on import and the command line has no import cycle.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simxai.exceptions import SimXAIError, UsageError

__all__ = [
    "HOSTS",
    "Subcommand",
    "add_common_options",
    "add_judge_options",
    "add_layer_options",
    "case_cache",
    "checked_data_dir",
    "emit_report",
    "load_eval_host",
    "load_judge_backend",
    "qa_rows",
    "run_command",
    "show_progress",
]


@dataclass(frozen=True)
class Subcommand:
    """A `simxai-eval` subcommand: `configure` adds its options, `run` works and returns the exit code."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def add_common_options(parser: argparse.ArgumentParser, *, dataset: str | None, datasets: str) -> None:
    """The options every evaluation command shares (data, output, concurrency, sampling, cache)."""
    parser.add_argument("--dataset", default=dataset, required=dataset is None, help=f"one of: {datasets}")
    parser.add_argument(
        "--data-dir",
        default=os.environ.get("SIMXAI_DATA_DIR", "../shared/datasets"),
        help="the datasets folder laid out like ../shared/datasets (default: $SIMXAI_DATA_DIR or ../shared/datasets)",
    )
    parser.add_argument("--out", type=Path, help="write the JSON report here, and its PNG plots beside it")
    parser.add_argument("--concurrency", type=int, default=4, help="cases run at once (default 4)")
    parser.add_argument("--limit", type=int, help="evaluate a seeded sample of N cases")
    parser.add_argument("--seed", type=int, default=0, help="seed of the --limit sample (default 0)")
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=Path(".simxai-cache"),
        help="per-case results, so an interrupted run resumes (default .simxai-cache)",
    )
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the case cache")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def add_layer_options(
    parser: argparse.ArgumentParser, *, backend_help: str, timeout: bool = True, **backend: Any
) -> None:
    """The layer's backend options: `--backend` (help and any further `add_argument` keywords given),
    `--base-url`, `--api-key` and, unless `timeout` is false (another group adds it), `--timeout`.
    """
    parser.add_argument("--backend", help=backend_help, **backend)
    parser.add_argument("--base-url", help="base URL of the layer's OpenAI-compatible server (openai: backends)")
    parser.add_argument("--api-key", help="API key of that server (default: none)")
    if timeout:
        parser.add_argument("--timeout", type=float, help="seconds per backend request")


def add_judge_options(parser: argparse.ArgumentParser, *, judge_help: str, timeout: bool = True) -> None:
    """The judge's backend options: `--judge` (default none), `--judge-base-url`, `--judge-api-key` and,
    unless `timeout` is false (another group adds it), `--timeout`.
    """
    parser.add_argument("--judge", default="none", help=judge_help)
    parser.add_argument("--judge-base-url", help="base URL of the judge's OpenAI-compatible server")
    parser.add_argument("--judge-api-key", help="API key of the judge's server (default: none)")
    if timeout:
        parser.add_argument("--timeout", type=float, help="seconds per backend request")


def load_judge_backend(args: argparse.Namespace) -> Any:
    """The backend the judge options name, or None for `--judge none`."""
    if args.judge.strip().lower() == "none":
        return None
    from simxai.backends import load_backend

    return load_backend(args.judge, base_url=args.judge_base_url, api_key=args.judge_api_key, timeout=args.timeout)


def checked_data_dir(args: argparse.Namespace) -> Path:
    """The `--data-dir` of parsed common options, checked.

    Raises:
        UsageError: it is not a folder.
    """
    from simxai.eval_suite.data.datasets import FILE_PREFIX, require_data_dir

    if str(getattr(args, "dataset", "")).startswith(FILE_PREFIX):
        return Path(args.data_dir)  # a dataset named by its file needs no data folder
    return require_data_dir(args.data_dir)


def case_cache(args: argparse.Namespace, name: str) -> Any:
    """The case cache `name` the common options ask for (`--cache-dir`; in memory only with `--no-cache`)."""
    from simxai.eval_suite.runner import CaseCache

    return CaseCache(None if args.no_cache else args.cache_dir, name)


def show_progress(args: argparse.Namespace) -> bool | None:
    """The `progress` the common options ask for: off with `--quiet`, else None (when stderr is a terminal)."""
    return False if args.quiet else None


def emit_report(report: Any, args: argparse.Namespace) -> None:
    """Write `report` as JSON to `--out` with its plots beside it (if given), then print it as Markdown."""
    from simxai.eval_suite.plots import write_plots
    from simxai.eval_suite.report import markdown

    if args.out is not None:  # files first: a closed stdout pipe must not lose the report
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
        written = [args.out, *write_plots(report, args.out)]
        print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    print(markdown(report))


HOSTS = ("sentiment", "demo", "loan")


def load_eval_host(name: str) -> Any:
    """Load the host an evaluation runs functions on, by its `--host` name (one of `HOSTS`).

    Raises:
        UsageError: the name is not one of `HOSTS`.
    """
    if name == "sentiment":
        from simxai.hosts.sentiment import load_sentiment_host

        return load_sentiment_host()
    if name == "demo":
        from simxai.hosts.demo import load_demo_host

        return load_demo_host()
    if name == "loan":
        from simxai.hosts.loan import load_loan_host

        return load_loan_host()
    raise UsageError(f"unknown host {name!r}; valid: {', '.join(HOSTS)}")


def qa_rows(args: argparse.Namespace) -> Any:
    """The answer rows of `--dataset` under `--data-dir`, cut to the seeded `--limit` sample if one is given.

    Raises:
        UsageError: a bad data folder or dataset, or a `--limit` below 1.
    """
    from simxai.eval_suite.data.recorded import load_qa

    rows = load_qa(args.dataset, checked_data_dir(args))
    if args.limit is not None:
        from random import Random

        if args.limit < 1:
            raise UsageError(f"--limit must be at least 1, got {args.limit}")
        keep = set(Random(args.seed).sample(range(len(rows)), min(args.limit, len(rows))))
        rows = [r for i, r in enumerate(rows) if i in keep]
    return rows


def run_command(run: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Call `run(args)`, reporting a `SimXAIError` on stderr as its exit code: 2 bad usage, 1 a failure."""
    try:
        return run(args)
    except UsageError as exc:
        print(f"simxai-eval: error: {exc}", file=sys.stderr)
        return 2
    except SimXAIError as exc:
        print(f"simxai-eval: error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
