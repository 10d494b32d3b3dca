"""`simxai-eval lext`: LExT trustworthiness scores of SimXAI's explanations (docs/lext.md).

It scores the recorded answers of a SYN-QA-style set and, for each ``--backend``, SimXAI's engine answering
the same dialogues live on the host of their domain. Judge-dependent components need ``--judge``; without
it they are reported unavailable, never estimated. Writes the JSON report and a plausibility-faithfulness
quadrant plot (``<out>.quadrant.png``) when ``--out`` is given, and prints a Markdown summary.

This module is imported with `simxai.eval_suite.cli`, so it imports nothing heavy at the top.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from simxai.eval_suite.commands.options import (
    Subcommand,
    add_common_options,
    add_judge_options,
    add_layer_options,
    case_cache,
    checked_data_dir,
    load_eval_host,
    load_judge_backend,
    qa_rows,
    show_progress,
)
from simxai.eval_suite.runner import run_async
from simxai.exceptions import UsageError

__all__ = ["COMMANDS", "DOMAIN_HOSTS", "configure", "run"]

#: The host a live layer is asked on, by dataset domain; rows of other domains get no live answers.
DOMAIN_HOSTS: dict[str, str] = {"sentiment": "sentiment"}


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of `simxai-eval lext`."""
    from simxai.eval_suite.data.recorded import QA_SETS
    from simxai.eval_suite.lext.embedders import EMBEDDER_SPECS

    add_common_options(parser, dataset="syn-qa", datasets=", ".join(QA_SETS))
    add_layer_options(
        parser,
        timeout=False,  # added below: one timeout for the layer and the judge
        action="append",
        dest="backends",
        metavar="SPEC",
        backend_help="a live layer to score, repeatable: router, openai:<model>, hf:<path>, or none (default: router)",
    )
    parser.add_argument(
        "--temperature",
        type=float,
        default=0.0,
        help="the layer's sampling temperature (default 0, the engine's)",
    )
    parser.add_argument("--no-recorded", action="store_true", help="do not score the dataset's recorded answers")
    add_judge_options(
        parser,
        timeout=False,
        judge_help="judge backend: openai:<model>, hf:<path>, scripted, or none (default: none; the "
        "judge-dependent components are then unavailable)",
    )
    parser.add_argument("--timeout", type=float, help="seconds per backend request (layer and judge)")
    parser.add_argument(
        "--embedder",
        default="wordllama",
        help=f"sentence embedder: {', '.join(EMBEDDER_SPECS)} (default: wordllama, bundled)",
    )


def _layers(args: argparse.Namespace) -> list[Any]:
    from simxai.agent import Agent, AgentSettings
    from simxai.backends import load_backend
    from simxai.eval_suite.lext.case import LiveLayer

    specs = args.backends or ["router"]
    if any(s.strip().lower() == "none" for s in specs):
        if len(specs) > 1:
            raise UsageError("--backend none cannot be combined with other backends")
        return []
    settings = AgentSettings.model_validate({"temperature": args.temperature})
    hosts = {domain: load_eval_host(name) for domain, name in DOMAIN_HOSTS.items()}
    layers: list[Any] = []
    names: set[str] = set()
    for spec in specs:
        backend = load_backend(spec, base_url=args.base_url, api_key=args.api_key, timeout=args.timeout)
        name = backend.name if backend.name not in names else f"{backend.name}#{len(names) + 1}"
        names.add(name)
        layers.append(
            LiveLayer(
                name=name,
                agents={d: Agent(h, backend, settings=settings) for d, h in hosts.items()},
                deterministic=not backend.writes_replies,
                config={"temperature": args.temperature, "base_url": args.base_url},
            )
        )
    return layers


def _scorer(args: argparse.Namespace) -> Any:
    from simxai.eval_suite.lext.case import Scorer
    from simxai.eval_suite.lext.embedders import load_embedder
    from simxai.eval_suite.lext.judge import LExTJudge

    backend = load_judge_backend(args)
    judge = LExTJudge(backend) if backend is not None else None
    return Scorer(embedder=load_embedder(args.embedder), judge=judge)


async def _evaluate(
    args: argparse.Namespace,
    rows: list[Any],
    contexts: list[Any],
    notes: list[str],
    scorer: Any,
    layers: list[Any],
) -> Any:
    from simxai.eval_suite.lext.evaluate import evaluate_lext

    try:
        return await evaluate_lext(
            rows,
            contexts,
            dataset=args.dataset,
            scorer=scorer,
            layers=layers,
            recorded=not args.no_recorded,
            concurrency=args.concurrency,
            cache=case_cache(args, "lext"),
            progress=show_progress(args),
            notes=notes,
            config={"limit": args.limit, "seed": args.seed, "temperature": args.temperature},
        )
    finally:
        closed = set()
        for layer in layers:
            for agent in layer.agents.values():
                if id(agent.backend) not in closed:
                    closed.add(id(agent.backend))
                    await agent.backend.aclose()
        if scorer.judge is not None:
            await scorer.judge.backend.aclose()


def run(args: argparse.Namespace) -> int:
    """Run `simxai-eval lext`; returns the exit code."""
    from simxai.eval_suite.judged.aspects import qa_contexts
    from simxai.eval_suite.lext.report import lext_markdown, plot_quadrant
    from simxai.eval_suite.plots import beside

    data_dir = checked_data_dir(args)
    if args.no_recorded and [s.strip().lower() for s in args.backends or ["router"]] == ["none"]:
        raise UsageError("nothing to score: --no-recorded with --backend none")
    rows = qa_rows(args)  # bad data fails before any model loads
    contexts, notes = qa_contexts(rows, data_dir)
    domains = sorted({r.domain or "unlabelled" for r in rows} - set(DOMAIN_HOSTS))
    if domains:
        notes.append(
            f"No host here for the {', '.join(domains)} rows: live layers are not asked on them (their "
            "live components are unavailable); their recorded answers are scored against the recorded "
            "function outputs."
        )
    if args.limit is not None:
        notes.append(f"Seeded sample of {len(rows)} rows (seed {args.seed}).")
    scorer = _scorer(args)
    layers = _layers(args)
    report = run_async(_evaluate(args, rows, contexts, notes, scorer, layers))
    if args.out is not None:  # files first: a closed stdout pipe must not lose the report
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
        plot = plot_quadrant(report, beside(args.out, "quadrant"))
        print(f"wrote {args.out}, {plot}", file=sys.stderr)
    print(lext_markdown(report))
    return 0


COMMANDS = (Subcommand("lext", "LExT trustworthiness (plausibility, faithfulness) of explanations", configure, run),)
