"""No committed text names a path of the machine it was written on.

Writers of data sets and docs work in their own folders (notes, worktrees, scratch space); a README that
points at ``/work/notes/...`` or a worktree names something no clone has. Commands in docs run from the
repository's root with relative paths; a script kept outside the repository is named by its file name.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The text files the repository commits (data sets, docs, code, configuration).
SUFFIXES = {".md", ".py", ".json", ".jsonl", ".toml", ".yml", ".yaml", ".txt", ".cfg", ".sh", ".html", ".js", ".css"}
#: Folders that are built or installed, never committed.
SKIPPED = {"node_modules", "build", "dist", "__pycache__"}
#: The writing machine's layout: its work tree, its notes, its scratch space and its worktrees.
MACHINE_PATH = re.compile(r"(?<![\w.])/work/(?:main|notes|wt|scratch|shared)\b")


def _committed_text_files() -> list[Path]:
    files = []
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if any(part.startswith(".") or part in SKIPPED or part.endswith(".egg-info") for part in parts):
            continue
        if path.suffix in SUFFIXES and path.is_file() and path != Path(__file__).resolve():
            files.append(path)
    return files


def test_no_committed_text_names_a_path_of_the_writing_machine() -> None:
    found = []
    for path in _committed_text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert not found, "machine paths (use a path relative to the repository's root): " + ", ".join(found[:20])


def test_the_pattern_finds_a_machine_path_and_spares_relative_ones() -> None:
    assert MACHINE_PATH.search("a script outside the repository (`/work/notes/m40/fetch.py`)")
    assert MACHINE_PATH.search("cd /work/wt/g20 && python bench/guard_set.py")
    assert not MACHINE_PATH.search("python bench/fresh_set.py --set simxai/eval_suite/router_training/people/w66")
    assert not MACHINE_PATH.search("see ../shared/datasets/README.md")
    assert not MACHINE_PATH.search("home/runner/work/ruff/crates")
