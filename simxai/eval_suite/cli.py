"""`simxai-eval`: parse, faithfulness, context, agreement, reproduce, report, and the command modules' commands.

Exit codes: 0 done; 1 the run finished but a check failed (e.g. `reproduce` found a mismatch) or a backend
failed as a whole; 2 bad usage (unknown dataset, missing data folder, malformed file); 130 interrupted
(finished cases are cached: rerun the same command to resume).

The registry and the shared options live in `simxai.eval_suite.commands.options` (re-exported here); the command
modules `lext`, `ttm` and `synth` register their commands from there and are imported by `build_parser`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from simxai.eval_suite.commands.options import (
    HOSTS,
    SUBCOMMANDS,
    Subcommand,
    add_common_options,
    add_judge_options,
    add_layer_options,
    case_cache,
    checked_data_dir,
    load_eval_host,
    load_judge_backend,
    qa_rows,
    register_command,
    run_command,
    show_progress,
)
from simxai.eval_suite.runner import run_async
from simxai.exceptions import UsageError

__all__ = [
    "HOSTS",
    "SUBCOMMANDS",
    "Subcommand",
    "add_common_options",
    "add_judge_options",
    "add_layer_options",
    "build_parser",
    "case_cache",
    "checked_data_dir",
    "load_eval_host",
    "load_judge_backend",
    "main",
    "missing_extras",
    "qa_rows",
    "register_command",
    "run_command",
    "show_progress",
]


def _add_judge_options(parser: argparse.ArgumentParser) -> None:
    add_judge_options(
        parser,
        judge_help="LLM judge backend: openai:<model>, hf:<path>, scripted, or none (default: none; the "
        "file's recorded labels are always reported)",
    )


def _emit(report: Any, args: argparse.Namespace) -> None:
    from simxai.eval_suite.plots import write_plots
    from simxai.eval_suite.report import markdown

    if args.out is not None:  # files first: a closed stdout pipe must not lose the report
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
        written = [args.out, *write_plots(report, args.out)]
        print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    print(markdown(report))


def _judge(args: argparse.Namespace) -> Any:
    backend = load_judge_backend(args)
    if backend is None:
        return None
    from simxai.eval_suite.judged.judge import LLMJudge

    return LLMJudge(backend)


# ---- parse ----------------------------------------------------------------------------------------


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
    _emit(report, args)
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

    reports, _ = await _parse_sets(args, data_dir, names)
    return reports[0] if len(reports) == 1 else ReportSet(command="parse", reports=reports)


async def _parse_sets(
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


# ---- faithfulness, context, agreement -------------------------------------------------------------


def _configure_judged(parser: argparse.ArgumentParser) -> None:
    from simxai.eval_suite.data.recorded import QA_SETS

    add_common_options(parser, dataset="syn-qa", datasets=", ".join(QA_SETS))
    _add_judge_options(parser)


def _configure_layer_judged(parser: argparse.ArgumentParser) -> None:
    from simxai.eval_suite.data.datasets import PARSING_DATASETS
    from simxai.eval_suite.data.recorded import QA_SETS

    sets = f"{', '.join(QA_SETS)} (recorded replies); with --backend: {', '.join(PARSING_DATASETS)}"
    add_common_options(parser, dataset="syn-qa", datasets=sets)
    _add_judge_options(parser)
    add_layer_options(
        parser,
        timeout=False,  # the judge options add it
        backend_help="judge this layer's own replies on a parsing set (router, openai:<model>, hf:<path>, "
        "scripted); default: the recorded replies of the answer set",
    )
    parser.add_argument("--host", default="sentiment", choices=HOSTS, help="the host the layer's functions run on")
    parser.add_argument(
        "--history",
        default="teacher-forced",
        choices=("teacher-forced", "free-running"),
        help="earlier turns of the layer's dialogues: the data's gold replies or the layer's own",
    )


def _configure_faithfulness(parser: argparse.ArgumentParser) -> None:
    _configure_layer_judged(parser)
    parser.add_argument("--no-guard", action="store_true", help="skip the deterministic claim checker")


async def _answers(
    args: argparse.Namespace, *, with_context: bool, rows: Any = None
) -> tuple[Any, Any, str, list[str]]:
    """The replies to judge: rows, their earlier conversations, where they come from, and notes.

    `rows` are the recorded rows when the caller has already read them (`qa_rows(args)`), else None.
    """
    from simxai.eval_suite.judged.aspects import layer_turns, qa_contexts

    if getattr(args, "backend", None) is None:
        rows = qa_rows(args) if rows is None else rows
        if not with_context:
            return rows, None, "recorded", []
        if args.dataset != "syn-qa":
            raise UsageError(f"context of recorded replies needs --dataset syn-qa (got {args.dataset!r})")
        contexts, notes = qa_contexts(rows, checked_data_dir(args))
        return rows, contexts, "recorded", notes
    from simxai.eval_suite.data.datasets import dataset_info

    if args.backend.startswith("recorded:"):
        raise UsageError("recorded runs hold first calls, not replies: judge recorded replies with --dataset syn-qa")
    data_dir = checked_data_dir(args)
    name = dataset_info(args.dataset).name
    args.functions = "run"  # judging needs the functions' outputs
    reports, selected = await _parse_sets(args, data_dir, [name])
    report = reports[0]
    rows, contexts = layer_turns(report, selected[name])
    notes = [f"Replies of {report.backend} on {name} ({args.history} history, host {args.host}); no human labels."]
    return rows, contexts, report.backend, notes


async def _closing(judge: Any, coroutine: Any) -> Any:
    try:
        return await coroutine
    finally:
        if judge is not None:
            await judge.backend.aclose()


async def _faithfulness_report(args: argparse.Namespace, judge: Any, *, guard: bool, rows: Any = None) -> Any:
    from simxai.eval_suite.judged.aspects import evaluate_faithfulness

    rows, contexts, source, notes = await _answers(args, with_context=True, rows=rows)
    return await evaluate_faithfulness(
        rows,
        contexts=contexts,
        dataset=args.dataset,
        judge=judge,
        guard=guard,
        concurrency=args.concurrency,
        cache=case_cache(args, "faithfulness"),
        progress=show_progress(args),
        source=source,
        notes=notes,
    )


async def _context_report(args: argparse.Namespace, judge: Any, rows: Any = None) -> Any:
    from simxai.eval_suite.judged.aspects import evaluate_context

    rows, contexts, source, notes = await _answers(args, with_context=True, rows=rows)
    return await evaluate_context(
        rows,
        contexts,
        dataset=args.dataset,
        judge=judge,
        concurrency=args.concurrency,
        cache=case_cache(args, "context"),
        progress=show_progress(args),
        notes=notes,
        source=source,
    )


def _run_faithfulness(args: argparse.Namespace) -> int:
    judge = _judge(args)
    report = run_async(_closing(judge, _faithfulness_report(args, judge, guard=not args.no_guard)))
    _emit(report, args)
    return 0


def _run_context(args: argparse.Namespace) -> int:
    judge = _judge(args)
    report = run_async(_closing(judge, _context_report(args, judge)))
    _emit(report, args)
    return 0


def _run_agreement(args: argparse.Namespace) -> int:
    from simxai.eval_suite.judged.aspects import agreement_report

    rows = qa_rows(args)
    judge = _judge(args)
    judged = []
    if judge is not None:

        async def both() -> list[Any]:  # both judge the rows read above
            return [
                await _faithfulness_report(args, judge, guard=False, rows=rows),
                await _context_report(args, judge, rows=rows),
            ]

        judged = run_async(_closing(judge, both()))
    report = agreement_report(
        rows,
        dataset=args.dataset,
        judged=judged,
        config={"judge": args.judge, "limit": args.limit, "seed": args.seed},
    )
    _emit(report, args)
    return 0


# ---- reproduce, report ----------------------------------------------------------------------------


def _configure_reproduce(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        default=os.environ.get("SIMXAI_DATA_DIR", "../shared/datasets"),
        help="the datasets folder (default: $SIMXAI_DATA_DIR or ../shared/datasets)",
    )
    parser.add_argument("--out", type=Path, help="also write the rows as JSON here")


def _run_reproduce(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from simxai.eval_suite.reproduce import render_table, reproduce_rows

    rows = reproduce_rows(checked_data_dir(args))
    print(render_table(rows))
    if args.out is not None:
        payload = [
            {**asdict(r), "value": r.value, "matches": r.matches, "matches_paper": r.matches_paper} for r in rows
        ]
        args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 1 if any(r.matches is False for r in rows) else 0


def _configure_report(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a JSON report written by --out")
    parser.add_argument("--out", type=Path, help="write the plots beside this path instead of beside FILE")


def _run_report(args: argparse.Namespace) -> int:
    from simxai.eval_suite.plots import write_plots
    from simxai.eval_suite.report import load_report, markdown

    report = load_report(args.file)
    print(markdown(report))
    written = write_plots(report, args.out or args.file)
    if written:
        print("\nwrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    return 0


register_command("parse", "function-selection accuracy of a layer on parsing sets", _configure_parse, _run_parse)
register_command(
    "faithfulness",
    "response-to-tool faithfulness of replies (recorded, or a layer's own): judge and guard",
    _configure_faithfulness,
    _run_faithfulness,
)
register_command(
    "context",
    "context relevance and contextual coherence of replies (recorded, or a layer's own)",
    _configure_layer_judged,
    _run_context,
)
register_command(
    "agreement",
    "judge-human agreement per aspect (rate, Cohen's kappa, table)",
    _configure_judged,
    _run_agreement,
)
register_command("reproduce", "the paper's Table 4 from the recorded files alone", _configure_reproduce, _run_reproduce)
register_command("report", "print a saved JSON report as Markdown and redraw its plots", _configure_report, _run_report)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    # The command modules register themselves when imported; listed here, in --help order after the above.
    from simxai.eval_suite.commands import lext, synth  # noqa: F401
    from simxai.eval_suite.ttm import evaluate  # noqa: F401

    parser = argparse.ArgumentParser(prog="simxai-eval", description="Evaluate conversational XAI layers.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in SUBCOMMANDS.values():
        command.configure(sub.add_parser(command.name, help=command.help, description=command.help))
    return parser


def missing_extras(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The (module, what it is for) pairs this command will import and cannot: checked before any work.

    matplotlib draws the plots written beside `--out` (and by `report`), tqdm the progress bar on a
    terminal, wordllama LExT's default embedder; all three come with the `eval` extra.
    """
    import importlib.util

    needed: list[tuple[str, str]] = []
    if args.command == "report" or getattr(args, "out", None) is not None:
        needed.append(("matplotlib", "the plots written beside --out"))
    if hasattr(args, "quiet") and not args.quiet and sys.stderr.isatty():
        needed.append(("tqdm", "the progress bar (or pass --quiet)"))
    if getattr(args, "embedder", None) == "wordllama":
        needed.append(("wordllama", "the default embedder (or pass --embedder hashing)"))
    return [(module, why) for module, why in needed if importlib.util.find_spec(module) is None]


def main(argv: list[str] | None = None) -> int:
    """Run `simxai-eval`; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "concurrency", 1) < 1:
        parser.error(f"--concurrency must be at least 1, got {args.concurrency}")
    missing = missing_extras(args)
    if missing:
        needs = "; ".join(f"{module} for {why}" for module, why in missing)
        print(
            f"simxai-eval: error: {args.command} needs {needs}, which are not installed; "
            "run: pip install 'simxai[eval]'",
            file=sys.stderr,
        )
        return 2
    try:
        return run_command(SUBCOMMANDS[args.command].run, args)
    except KeyboardInterrupt:
        print(
            "simxai-eval: interrupted; finished cases are cached: rerun the same command to resume",
            file=sys.stderr,
        )
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
