"""`simxai-eval reproduce` (the paper's Table 4 from the recorded files) and `report` (a saved report again)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from simxai.eval_suite.commands.options import Subcommand, checked_data_dir

__all__ = ["COMMANDS"]


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


COMMANDS = (
    Subcommand("reproduce", "the paper's Table 4 from the recorded files alone", _configure_reproduce, _run_reproduce),
    Subcommand("report", "print a saved JSON report as Markdown and redraw its plots", _configure_report, _run_report),
)
