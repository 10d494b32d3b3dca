"""`simxai-eval faithfulness`, `context` and `agreement`: judged aspects of replies, recorded or a layer's own."""

from __future__ import annotations

import argparse
from typing import Any

from simxai.eval_suite.commands.options import (
    HOSTS,
    Subcommand,
    add_common_options,
    add_judge_options,
    add_layer_options,
    case_cache,
    checked_data_dir,
    emit_report,
    load_judge_backend,
    qa_rows,
    show_progress,
)
from simxai.eval_suite.commands.parse import parse_sets
from simxai.eval_suite.runner import run_async
from simxai.exceptions import UsageError

__all__ = ["COMMANDS"]


def _add_judge_options(parser: argparse.ArgumentParser) -> None:
    add_judge_options(
        parser,
        judge_help="LLM judge backend: openai:<model>, hf:<path>, scripted, or none (default: none; the "
        "file's recorded labels are always reported)",
    )


def _judge(args: argparse.Namespace) -> Any:
    backend = load_judge_backend(args)
    if backend is None:
        return None
    from simxai.eval_suite.judged.judge import LLMJudge

    return LLMJudge(backend)


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
    reports, selected = await parse_sets(args, data_dir, [name])
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
    emit_report(report, args)
    return 0


def _run_context(args: argparse.Namespace) -> int:
    judge = _judge(args)
    report = run_async(_closing(judge, _context_report(args, judge)))
    emit_report(report, args)
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
    emit_report(report, args)
    return 0


COMMANDS = (
    Subcommand(
        "faithfulness",
        "response-to-tool faithfulness of replies (recorded, or a layer's own): judge and guard",
        _configure_faithfulness,
        _run_faithfulness,
    ),
    Subcommand(
        "context",
        "context relevance and contextual coherence of replies (recorded, or a layer's own)",
        _configure_layer_judged,
        _run_context,
    ),
    Subcommand(
        "agreement",
        "judge-human agreement per aspect (rate, Cohen's kappa, table)",
        _configure_judged,
        _run_agreement,
    ),
)
