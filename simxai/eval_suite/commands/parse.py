"""`simxai-eval parse`: function-selection accuracy of a layer (or of a recorded run) on the parsing sets."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from simxai.eval_suite.commands.options import (
    HOSTS,
    Subcommand,
    add_common_options,
    add_layer_options,
    case_cache,
    checked_data_dir,
    emit_report,
    load_eval_host,
    show_progress,
)
from simxai.eval_suite.runner import run_async
from simxai.exceptions import UsageError

__all__ = ["COMMANDS", "parse_sets"]


def _configure_parse(parser: argparse.ArgumentParser) -> None:
    from simxai.eval_suite.data.datasets import PARSING_DATASETS

    add_common_options(parser, dataset=None, datasets=", ".join([*PARSING_DATASETS, "all"]))
    add_layer_options(
        parser,
        default="router",
        backend_help="router, openai:<model>, hf:<path>, scripted, oracle (replays the gold calls), or "
        "recorded:<run name or CSV> (scores a recorded run; no model)",
    )
    parser.add_argument(
        "--host",
        default="sentiment",
        choices=HOSTS,
        help="the host the functions run on (default: sentiment, the text host of the SimXAI data)",
    )
    parser.add_argument(
        "--history",
        default="teacher-forced",
        choices=("teacher-forced", "free-running"),
        help="earlier turns: the data's gold replies (teacher-forced, as the reference run) or "
        "the layer's own replies (free-running)",
    )
    parser.add_argument(
        "--functions",
        default="run",
        choices=("run", "skip"),
        help="run the selected functions on the host (default), or skip them: the call is "
        "recorded and ends with an error, which leaves the first function unchanged and "
        "saves the host's time (selection-only; teacher-forced only)",
    )


def _run_parse(args: argparse.Namespace) -> int:
    from simxai.eval_suite.data.datasets import PARSING_DATASETS, dataset_info

    data_dir = checked_data_dir(args)
    names = list(PARSING_DATASETS) if args.dataset == "all" else [dataset_info(args.dataset).name]
    if args.functions == "skip" and args.history == "free-running":
        raise UsageError("--functions skip needs --history teacher-forced: free-running replies need the outputs")
    if args.backend.startswith("recorded:"):
        report = _score_recorded_run(args, data_dir, names)
    else:
        report = run_async(_parse_all(args, data_dir, names))
    emit_report(report, args)
    return 0


def _score_recorded_run(args: argparse.Namespace, data_dir: Path, names: list[str]) -> Any:
    from simxai.eval_suite.data.datasets import dataset_info, load_cases
    from simxai.eval_suite.data.recorded import load_recorded_run, resolve_run
    from simxai.eval_suite.parsing.evaluate import score_recorded

    spec = args.backend.removeprefix("recorded:")
    path, run = resolve_run(spec, data_dir)
    if len(names) != 1:
        raise UsageError("a recorded run belongs to one dataset: pass --dataset with it, not all")
    if run is not None and run.dataset != names[0]:
        raise UsageError(f"recorded run {run.name} is a run on {run.dataset}, not {names[0]}")
    info = dataset_info(names[0])
    return score_recorded(
        load_cases(info.name, data_dir),
        load_recorded_run(path),
        dataset=info.name,
        run=run.name if run else str(path),
        notes=info.notes,
    )


async def _parse_all(args: argparse.Namespace, data_dir: Path, names: list[str]) -> Any:
    from simxai.eval_suite.report import ReportSet

    reports, _ = await parse_sets(args, data_dir, names)
    return reports[0] if len(reports) == 1 else ReportSet(command="parse", reports=reports)


async def parse_sets(
    args: argparse.Namespace, data_dir: Path, names: list[str]
) -> tuple[list[Any], dict[str, list[Any]]]:
    """Parse every set in `names`: their reports, and the (sampled) cases each was run on, by set."""
    from simxai.agent import Agent
    from simxai.eval_suite.data.datasets import dataset_info, load_cases
    from simxai.eval_suite.parsing.evaluate import ParseConfig, SelectionOnlyHost, evaluate_parse, select_cases

    loaded = {name: load_cases(name, data_dir) for name in names}  # bad data fails before any model loads
    backend = _backend(args)
    selected: dict[str, list[Any]] = {}
    try:
        host = load_eval_host(args.host)
        agent = Agent(SelectionOnlyHost(host) if args.functions == "skip" else host, backend)
        config = ParseConfig(history=args.history, host=args.host, functions=args.functions)
        cache = case_cache(args, "parse")
        reports = []
        for name in names:
            info = dataset_info(name)
            cases = selected[name] = select_cases(
                loaded[name], args.limit, args.seed, whole_dialogues=args.history == "free-running"
            )
            notes = [*info.notes, f"Host: {args.host}. History: {args.history}. Functions: {args.functions}."]
            if len(cases) < len(loaded[name]):
                notes.append(f"Seeded sample of {len(cases)} of {len(loaded[name])} cases (seed {args.seed}).")
            reports.append(
                await evaluate_parse(
                    cases,
                    agent,
                    dataset=name,
                    config=config,
                    concurrency=args.concurrency,
                    cache=cache,
                    progress=show_progress(args),
                    notes=notes,
                )
            )
    finally:
        await backend.aclose()
    return reports, selected


def _backend(args: argparse.Namespace) -> Any:
    if args.backend == "oracle":
        from simxai.eval_suite.parsing.oracle import OracleBackend

        return OracleBackend()
    from simxai.backends import load_backend

    return load_backend(args.backend, base_url=args.base_url, api_key=args.api_key, timeout=args.timeout)


COMMANDS = (
    Subcommand("parse", "function-selection accuracy of a layer on parsing sets", _configure_parse, _run_parse),
)
