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
"""

from __future__ import annotations

import argparse
import re
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


def _shown(path: Path) -> str:
    resolved = path.resolve()
    return str(resolved.relative_to(ROOT)) if resolved.is_relative_to(ROOT) else str(path)


def main(argv: list[str] | None = None) -> int:
    """Rerun each figure block's command; name the stale blocks (exit 1), or with --write put the output in place."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="Markdown files (default: README.md and docs/*.md)")
    parser.add_argument("--write", action="store_true", help="replace each block with its command's output")
    parser.add_argument("--only", default="", help="only the blocks whose command contains this text")
    args = parser.parse_args(argv)
    files = args.files or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    stale = checked = 0
    for path in files:
        text = path.read_text(encoding="utf-8")

        def regenerate(match: re.Match[str], path: Path = path) -> str:
            nonlocal stale, checked
            command = match["command"]
            if args.only not in command:
                return match[0]
            checked += 1
            fresh = run(command)
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
