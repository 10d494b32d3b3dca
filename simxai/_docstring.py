"""A strict parser for the Google-style docstrings that describe XAI functions to the LLM."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field

_SECTION = re.compile(r"^(Args|Arguments|Returns|Examples|Raises):\s*$")
_ARG = re.compile(r"^(\*{0,2}\w+)\s*(\([^)]*\))?\s*:\s*(.*)$")


@dataclass
class ParsedDocstring:
    """The parts of a Google-style docstring."""

    summary: str
    description: str
    args: dict[str, str] = field(default_factory=dict)
    returns: str = ""
    examples: list[str] = field(default_factory=list)


def parse_docstring(doc: str | None) -> ParsedDocstring:
    """Split a docstring into summary, description, `Args:`, `Returns:` and `Examples:`.

    The summary is the first paragraph; the description is every paragraph before the first section.
    Each `Examples:` line (with or without a leading `- `) is one example user request.
    """
    text = inspect.cleandoc(doc or "")
    lines = text.splitlines()
    intro: list[str] = []
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        match = _SECTION.match(line.strip()) if not line.startswith((" ", "\t")) else None
        if match:
            current = sections.setdefault(match.group(1), [])
            continue
        if current is None:
            intro.append(line)
        else:
            current.append(line)
    paragraphs = [" ".join(p.split()) for p in "\n".join(intro).split("\n\n") if p.strip()]
    summary = paragraphs[0] if paragraphs else ""
    args = _parse_args(sections.get("Args", []) + sections.get("Arguments", []))
    returns = " ".join(" ".join(sections.get("Returns", [])).split())
    examples = [ln.strip().removeprefix("- ").strip() for ln in sections.get("Examples", []) if ln.strip()]
    return ParsedDocstring(summary, "\n\n".join(paragraphs), args, returns, examples)


def _parse_args(lines: list[str]) -> dict[str, str]:
    args: dict[str, str] = {}
    if not lines:
        return args
    indents = [len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()]
    base = min(indents) if indents else 0
    name: str | None = None
    for line in lines:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        match = _ARG.match(line.strip()) if indent == base else None
        if match:
            name = match.group(1).lstrip("*")
            args[name] = match.group(3).strip()
        elif name is not None:
            args[name] = f"{args[name]} {line.strip()}".strip()
    return args
