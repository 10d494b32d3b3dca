"""No file in the repository keeps the markers of a merge conflict.

Found in docs/router.md: a merge resolved by keeping both sides left its `<<<<<<<`, `=======` and `>>>>>>>`
lines in the page for a whole round, and no other test reads prose.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Git writes each marker at the start of a line, seven characters long: the opening and closing ones with the
# side's name after a space, the separator alone on its line.
MARKER = re.compile(r"^(?:<{7}(?: .*)?|={7}|>{7}(?: .*)?)$", re.MULTILINE)
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".jsonl", ".yaml", ".yml", ".toml", ".html", ".js", ".css", ".cfg"}


def _tracked_text_files() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
        ).stdout.split("\0")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed if name and Path(name).suffix in TEXT_SUFFIXES]


def test_the_marker_pattern_finds_what_git_writes():
    page = "intro\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"
    assert len(MARKER.findall(page)) == 3
    # a Markdown heading underline or a long rule is not a marker
    assert not MARKER.findall("Title\n========\n\n--------\n")


def test_no_tracked_text_file_has_conflict_markers():
    found = []
    for path in _tracked_text_files():
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in MARKER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {match.group(0)[:20]}")
    assert not found, "merge-conflict markers left in: " + "; ".join(found[:10])
