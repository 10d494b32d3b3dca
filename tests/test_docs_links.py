"""Every relative link of the README and the docs (docs/history/ included) leads to a file, and to a heading there.

Sections move between pages (a round's sections to docs/history/, a README section to a doc): a link written for
the old place then leads nowhere, and a link inside moved text resolves from the folder it moved to.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: An inline link `[text](target)`, not an image; the target has no spaces.
LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes, -1 on repeats."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in HEADING.findall(FENCE.sub("", text)):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return found


def broken_links(page: Path) -> list[str]:
    """The relative links of a page (outside code blocks) whose file or heading does not exist."""
    broken = []
    for target in LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z+.-]*:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked.read_text(encoding="utf-8")):
            broken.append(f"{target} (no such heading)")
    return broken


def test_the_pages_include_the_history_folder() -> None:
    assert ROOT / "docs" / "history" / "router-rounds.md" in PAGES
    assert ROOT / "docs" / "history" / "guard-versions.md" in PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    assert not broken_links(page), f"{page.relative_to(ROOT)}: " + ", ".join(broken_links(page))


def test_a_link_to_a_missing_file_or_heading_is_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Other page\n\n## What it checks, and how\n", encoding="utf-8")
    page = tmp_path / "page.md"
    links = "[a](other.md) [b](other.md#what-it-checks-and-how) [c](https://example.org/x) [d](#here)"
    page.write_text(f"# Here\n\n{links}\n", encoding="utf-8")
    assert broken_links(page) == []
    page.write_text("# Here\n\n[a](gone.md) [b](other.md#what-it-reads)\n```\n[c](inside-a-fence.md)\n```\n")
    assert broken_links(page) == ["gone.md (no such file)", "other.md#what-it-reads (no such heading)"]


def test_repeated_headings_get_numbered_anchors() -> None:
    assert anchors("## Measured\n\n## Measured\n\n### The router's figures (lead)\n") == {
        "measured",
        "measured-1",
        "the-routers-figures-lead",
    }
