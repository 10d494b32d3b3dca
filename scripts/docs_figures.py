"""Regenerate or check the figures in the documentation from the commands that produce them.

A generated block in a Markdown file names its command and holds that command's standard output:

    <!-- figures: simxai-eval reproduce --data-dir ../shared/datasets -->
    ...the command's output...
    <!-- /figures -->

`python scripts/docs_figures.py` reruns every block's command (from the repository's root) and exits 1 naming
each block whose text differs from what its command prints now; `--write` puts the fresh output in place;
`--only TEXT` keeps the blocks whose command contains TEXT. Commands start with `simxai-eval`, `simxai` or
`python` (run with this interpreter and its environment's scripts); they must print the same text on every run
(no timings), so that a difference always means a stale figure.

`--one-process` runs each `python <script>.py ...` block in this process, one after another, instead of in a
process of its own: the blocks of one script then import the package and build its hosts (and their cached
function outputs) once rather than once per block. The six `bench/guard.py` blocks of docs/guard.md cost about
two fifths less CPU that way (`tests/test_docs_figures.py` checks them so; the README's Development section).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import runpy
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"<!-- figures: (?P<command>[^\n]+?) -->\n(?P<body>.*?)<!-- /figures -->", re.DOTALL)
PROGRAMS = ("simxai-eval", "simxai", "python")


def _argv(command: str) -> list[str]:
    words = shlex.split(command)
    if not words or words[0] not in PROGRAMS:
        raise SystemExit(f"docs_figures: a block's command must start with one of {PROGRAMS}, got {command!r}")
    if words[0] == "python":
        return [sys.executable, *words[1:]]
    return [str(Path(sys.executable).with_name(words[0])), *words[1:]]


def run(command: str) -> str:
    """The command's standard output, run from the repository's root; a failing command stops the script."""
    done = subprocess.run(_argv(command), cwd=ROOT, capture_output=True, text=True, check=False)  # noqa: S603
    if done.returncode not in (0, 1):  # 1: a finished run whose check failed (e.g. a reproduce mismatch)
        raise SystemExit(f"docs_figures: `{command}` exited {done.returncode}: {done.stderr.strip()[-500:]}")
    return done.stdout if done.stdout.endswith("\n") else done.stdout + "\n"


def run_here(command: str) -> str:
    """The standard output of a `python <script>.py ...` command run in this process from the repository's root.

    The script runs as `__main__` with the command's arguments in `sys.argv`; the modules it imports stay loaded
    for the next block. Like `run`, an exit code other than 0 or 1 stops the script.
    """
    words = shlex.split(command)
    if len(words) < 2 or words[0] != "python" or not words[1].endswith(".py"):
        raise SystemExit(f"docs_figures: --one-process runs `python <script>.py ...` blocks only, got {command!r}")
    argv, cwd, printed = sys.argv, Path.cwd(), io.StringIO()
    sys.argv = words[1:]
    os.chdir(ROOT)
    code: object = 0
    try:
        with contextlib.redirect_stdout(printed):
            runpy.run_path(str(ROOT / words[1]), run_name="__main__")
    except SystemExit as exc:
        code = 0 if exc.code is None else exc.code
    finally:
        sys.argv = argv
        os.chdir(cwd)
    if code not in (0, 1):
        raise SystemExit(f"docs_figures: `{command}` exited {code}")
    out = printed.getvalue()
    return out if out.endswith("\n") else out + "\n"


def _shown(path: Path) -> str:
    resolved = path.resolve()
    return str(resolved.relative_to(ROOT)) if resolved.is_relative_to(ROOT) else str(path)


def main(argv: list[str] | None = None) -> int:
    """Rerun each figure block's command; name the stale blocks (exit 1), or with --write put the output in place."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="Markdown files (default: README.md and docs/**/*.md)")
    parser.add_argument("--write", action="store_true", help="replace each block with its command's output")
    parser.add_argument("--only", default="", help="only the blocks whose command contains this text")
    parser.add_argument(
        "--one-process", action="store_true", help="run the `python <script>.py` blocks in this process, in turn"
    )
    args = parser.parse_args(argv)
    files = args.files or [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    stale = checked = 0
    for path in files:
        text = path.read_text(encoding="utf-8")

        def regenerate(match: re.Match[str], path: Path = path) -> str:
            nonlocal stale, checked
            command = match["command"]
            if args.only not in command:
                return match[0]
            checked += 1
            here = args.one_process and command.startswith("python ")
            fresh = run_here(command) if here else run(command)
            if fresh != match["body"]:
                stale += 1
                print(f"{_shown(path)}: stale figures for `{command}`")
            return f"<!-- figures: {command} -->\n{fresh}<!-- /figures -->"

        updated = BLOCK.sub(regenerate, text)
        if args.write and updated != text:
            path.write_text(updated, encoding="utf-8")
    verb = "rewrote" if args.write else "stale"
    print(f"{checked} generated blocks checked, {stale} {verb}")
    return 1 if stale and not args.write else 0


if __name__ == "__main__":
    raise SystemExit(main())
