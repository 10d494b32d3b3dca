"""`simxai-eval synth` and `simxai-eval synth-merge`: SYN-style dialogue sets for any host (docs/eval.md).

`synth` plans dialogues from the host's schema, has a backend write them in the paper's constrained or
unconstrained setting, drops what fails the quality controls (with a count per reason), and writes
`dialogues.json` (readable by every command as `--dataset file:DIR/dialogues.json`), `report.json` and an
annotation sheet. It is resumable (finished dialogues are cached), concurrent and shows a progress bar.
`synth-merge` applies a filled-in annotation sheet.

This module is imported with `simxai.eval_suite.cli`, so it imports nothing heavy at the top.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any

from simxai.eval_suite.commands.options import (
    HOSTS,
    Subcommand,
    add_layer_options,
    load_eval_host,
)
from simxai.eval_suite.runner import CaseCache, run_async
from simxai.exceptions import UsageError

__all__ = ["COMMANDS", "configure", "configure_merge", "run", "run_merge"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of `simxai-eval synth`."""
    from simxai.eval_suite.synth.plan import SETTINGS

    parser.add_argument("--host", default="demo", help=f"the host the dialogues are about: {', '.join(HOSTS)}")
    add_layer_options(parser, backend_help="the generating backend: openai:<model>, hf:<path> or scripted")
    parser.add_argument("--setting", choices=SETTINGS, default="constrained", help="the paper's two settings")
    parser.add_argument("--dialogues", type=int, default=20, help="dialogues to plan (default 20)")
    parser.add_argument("--turns", type=int, default=5, help="user turns per dialogue (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the plans (default 0)")
    parser.add_argument("--temperature", type=float, default=0.8, help="the generator's temperature (default 0.8)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write the set into")
    parser.add_argument("--concurrency", type=int, default=4, help="dialogues generated at once (default 4)")
    parser.add_argument(
        "--cache-dir", type=Path, default=Path(".simxai-cache"), help="finished dialogues, so a run resumes"
    )
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _checked(args: argparse.Namespace) -> None:
    if args.backend is None:
        raise UsageError("synth needs --backend (openai:<model>, hf:<path> or scripted)")
    if args.backend.strip().lower() in ("router", "oracle", "none"):
        raise UsageError(f"--backend {args.backend} cannot write dialogues: use openai:<model>, hf:<path> or scripted")
    for name, low in (("dialogues", 1), ("turns", 1), ("concurrency", 1)):
        if getattr(args, name) < low:
            raise UsageError(f"--{name} must be at least {low}, got {getattr(args, name)}")


async def _synth(args: argparse.Namespace, backend: Any) -> tuple[Any, tuple[Path, Path, Path]]:
    from simxai.eval_suite.synth.build import SynthReport, check_dialogues, generate, write_set
    from simxai.eval_suite.synth.plan import plan_dialogues
    from simxai.functions import default_registry
    from simxai.specs import render_text

    host = load_eval_host(args.host)
    registry = default_registry()
    skips: Counter[str] = Counter()
    plans = plan_dialogues(
        host,
        registry,
        setting=args.setting,
        dialogues=args.dialogues,
        turns=args.turns,
        seed=args.seed,
        on_skip=lambda reason: skips.update([reason.split(" with ", 1)[0] + " planned call failed on the host"]),
    )
    schema = host.schema()
    cache = CaseCache(None if args.no_cache else args.cache_dir, "synth")
    try:
        generations = await generate(
            plans,
            schema,
            render_text(registry),
            backend,
            host_name=args.host,
            seed=args.seed,
            temperature=args.temperature,
            concurrency=args.concurrency,
            cache=cache,
            progress=False if args.quiet else None,
        )
    finally:
        await backend.aclose()
    kept, dropped = check_dialogues(generations, schema)
    functions = Counter(t["function"] for g in kept for t in g.plan["turns"])
    report = SynthReport(
        host=args.host,
        setting=args.setting,
        backend=backend.name,
        seed=args.seed,
        planned=len(plans),
        generated=sum(g.status == "ok" for g in generations),
        kept=len(kept),
        dropped=dict(dropped),
        plan_skips=dict(skips),
        functions=dict(sorted(functions.items())),
        user_turns=sum(len(g.turns) for g in kept),
    )
    return report, write_set(args.out, kept, args.host, report)


def run(args: argparse.Namespace) -> int:
    """Plan, generate, check and write one synthetic set; exit 1 when no dialogue survived."""
    from simxai.backends import load_backend

    _checked(args)
    backend = load_backend(args.backend, base_url=args.base_url, api_key=args.api_key, timeout=args.timeout)
    report, paths = run_async(_synth(args, backend))
    print(
        f"synth {report.host} {report.setting}: {report.kept} of {report.planned} dialogues kept "
        f"({report.user_turns} user turns), {report.generated} generated"
    )
    for reason, n in sorted(report.dropped.items()):
        print(f"  dropped {n}: {reason}")
    for reason, n in sorted(report.plan_skips.items()):
        print(f"  plan: {n} × {reason}")
    if report.setting == "constrained":
        missing = sorted(set(_registered()) - set(report.functions))
        print("  functions covered: " + ", ".join(f"{k} {v}" for k, v in report.functions.items()))
        if missing:
            print(f"  not covered: {', '.join(missing)} (plan more dialogues)")
    print(f"wrote {', '.join(str(p) for p in paths)}")
    print(f"evaluate: simxai-eval parse --dataset file:{paths[0]} --host {report.host} --backend router")
    return 0 if report.kept else 1


def _registered() -> list[str]:
    from simxai.functions import default_registry

    return default_registry().names()


def configure_merge(parser: argparse.ArgumentParser) -> None:
    """The options of `simxai-eval synth-merge`."""
    parser.add_argument("folder", type=Path, help="a folder written by simxai-eval synth")
    parser.add_argument("--sheet", type=Path, help="the filled-in sheet (default: FOLDER/annotation.csv)")
    parser.add_argument("--out", type=Path, help="where to write the merged set (default: FOLDER/dialogues.json)")


def run_merge(args: argparse.Namespace) -> int:
    """Merge people's realism judgements and labels into the set."""
    from simxai.eval_suite.synth.build import merge_annotations
    from simxai.functions import default_registry

    dialogues = args.folder / "dialogues.json"
    sheet = args.sheet or args.folder / "annotation.csv"
    for path in (dialogues, sheet):
        if not path.is_file():
            raise UsageError(f"{path} is not a file; synth-merge needs a folder written by simxai-eval synth")
    counts = merge_annotations(dialogues, sheet, default_registry(), args.out or dialogues)
    print(", ".join(f"{k}: {v}" for k, v in counts.items()))
    return 0


COMMANDS = (
    Subcommand("synth", "generate a SYN-style dialogue set for a host", configure, run),
    Subcommand("synth-merge", "merge an annotation sheet into a synth set", configure_merge, run_merge),
)
