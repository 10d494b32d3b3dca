"""Every section the README cites by title ("docs/guard.md, \"claims-55 merged\"") exists as a heading.

A round's closing section is cited from the README before it is written; this test fails when the section never
lands, or when it is renamed or moved without the citation following it. Sections moved to ``docs/history/`` or to
the ``*-rounds.md`` files keep their titles, so a citation is found in the cited file or in one of those.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: ``docs/<file>.md`` (possibly as a Markdown link) followed within a few words by a quoted title.
CITATION = re.compile(r"(docs/[\w/-]+\.md)(?:\]\([^)]*\))?[^\"\n]{0,40}\"([^\"]+)\"")


def _headings(path: Path) -> list[str]:
    return [line.lstrip("#").strip() for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")]


def _archives() -> list[Path]:
    docs = ROOT / "docs"
    return sorted(docs.glob("history/*.md")) + sorted(docs.glob("*-rounds.md"))


def citations(text: str) -> list[tuple[str, str]]:
    return [(match.group(1), match.group(2)) for match in CITATION.finditer(text)]


def missing(text: str) -> list[str]:
    """The citations in ``text`` whose title is in no heading of the cited file nor of an archive file."""
    out = []
    for doc, title in citations(text):
        cited = ROOT / doc
        if not cited.exists():
            out.append(f"{doc} (no such file)")
            continue
        heads = _headings(cited) + [h for archive in _archives() for h in _headings(archive)]
        wanted = " ".join(title.split()).lower()
        if not any(wanted in head.lower() for head in heads):
            out.append(f'{doc}, "{title}"')
    return out


def test_the_pattern_finds_a_citation_and_a_missing_title() -> None:
    text = 'see [docs/guard.md](docs/guard.md), "What is checked" and docs/guard.md, "No such section at all"'
    assert citations(text) == [
        ("docs/guard.md", "What is checked"),
        ("docs/guard.md", "No such section at all"),
    ]
    assert missing(text) == ['docs/guard.md, "No such section at all"']


def test_every_section_the_readme_cites_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert citations(readme), "the README cites no section by title: the pattern no longer matches its citations"
    assert missing(readme) == []
