"""A number the user takes back within the same turn: "were 30 kg - sorry, I mean 35", "7001, no wait, 7010".

People correct themselves as they type, and the turn then holds two numbers where one is meant: every reader
downstream (ids, changes, groups) would take the first, or find two and give up. The number said after a marker
of self-repair ("sorry", "I mean", "no wait", "scratch that", "or rather", "make that" after a comma or a dash)
replaces the number before it, which keeps its unit ("18 degrees, scratch that, 16" -> "16 degrees"). A turn that
only starts with such a marker ("sorry, I meant 14") corrects the previous turn: `_dialogue_repair` reads it.
"""

from __future__ import annotations

import re

__all__ = ["self_corrected"]

_NUMBER = r"\d+(?:\.\d+)?"
# Markers that take back what was just said; "no" and "wait" alone only after a comma, a dash or dots.
_MARKER = (
    r"(?:(?:sorry|oops|scratch\s+that|strike\s+that|correction|or\s+rather|no\s+wait|i\s+mean|i\s+meant)"
    r"|(?<=[,;:\-–—.])\s*(?:no|wait|make\s+that|rather)\b)"
)
_SELF_REPAIR = re.compile(
    rf"(?<![\w.])(?P<old>{_NUMBER})(?P<unit>\s?(?!(?:sorry|oops|scratch|strike|correction|or|no|wait|i|make|rather)\b)"
    rf"[A-Za-z°]+)?"
    rf"\s*(?:\.{{1,3}}|…|[,;:\-–—])?\s*{_MARKER}(?:\s*[,:\-–—]?\s*(?:{_MARKER}|it'?s|its))*\s*[,:\-–—]?\s*"
    rf"(?P<new>{_NUMBER})(?![\w.])(?!\s*(?:%|percent|more|less|fewer|higher|lower|times|extra)\b)",
    re.IGNORECASE,
)


def self_corrected(text: str) -> str:
    """`text` with each number taken back in the same turn replaced by the one said after it (module doc)."""

    def repaired(match: re.Match[str]) -> str:
        unit = match.group("unit") or ""
        after = match.string[match.end() :]
        if unit and after.lower().lstrip().startswith(unit.strip().lower()):
            unit = ""  # "20 kilos, sorry, 25 kilos": the unit is said again
        return f"{match.group('new')}{unit}"

    return _SELF_REPAIR.sub(repaired, text)
