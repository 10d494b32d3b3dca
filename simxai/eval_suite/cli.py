"""`simxai-eval`: the command line over the command modules, which it lists explicitly in `COMMAND_MODULES`.

Exit codes: 0 done; 1 the run finished but a check failed (e.g. `reproduce` found a mismatch) or a backend
failed as a whole; 2 bad usage (unknown dataset, missing data folder, malformed file); 130 interrupted
(finished cases are cached: rerun the same command to resume).

Each command module in `simxai.eval_suite.commands` lists its commands in `COMMANDS` and imports the shared
options from `simxai.eval_suite.commands.options` (re-exported here), never this module. `register_command`
adds a command from outside the package.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from simxai.eval_suite.commands import guard, judged, lext, parse, reports, synth, ttm
from simxai.eval_suite.commands.options import (
    HOSTS,
    Subcommand,
    add_common_options,
    add_judge_options,
    add_layer_options,
    case_cache,
    checked_data_dir,
    emit_report,
    load_eval_host,
    load_judge_backend,
    qa_rows,
    run_command,
    show_progress,
)
from simxai.exceptions import UsageError

__all__ = [
    "COMMAND_MODULES",
    "HOSTS",
    "SUBCOMMANDS",
    "Subcommand",
    "add_common_options",
    "add_judge_options",
    "add_layer_options",
    "build_parser",
    "case_cache",
    "checked_data_dir",
    "emit_report",
    "load_eval_host",
    "load_judge_backend",
    "main",
    "missing_extras",
    "qa_rows",
    "register_command",
    "run_command",
    "show_progress",
]

#: The command modules, in the order `--help` lists their commands.
COMMAND_MODULES = (parse, judged, reports, lext, synth, ttm, guard)

#: Every subcommand, by name, in the order `--help` lists them.
SUBCOMMANDS: dict[str, Subcommand] = {}


def register_command(
    name: str,
    help: str,
    configure: Callable[[argparse.ArgumentParser], None],
    run: Callable[[argparse.Namespace], int],
) -> None:
    """Add a subcommand. `configure` may call `add_common_options` for the shared options.

    Raises:
        UsageError: the name is taken.
    """
    if name in SUBCOMMANDS:
        raise UsageError(f"simxai-eval already has a subcommand {name!r}")
    SUBCOMMANDS[name] = Subcommand(name, help, configure, run)


for _module in COMMAND_MODULES:
    for _command in _module.COMMANDS:
        register_command(_command.name, _command.help, _command.configure, _command.run)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
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
