"""One share said of two classes at once (gfa37): "prime and table at 0.25 each", "held and drifted both at about
50 %", "table and prime tied at 0.25".

The number binds to the class named right before it, so such a share was read once, for the second class only: a
wrong share of the first passed ("Prime and rejected both get 0.25" when rejected has 0.5). The pair is written out
as two shares, one for each class ("prime at 0.25 and table at 0.25"), before the reply is read, so each class's
share is checked. Only two names that are both the host's classes are read so; a feature or any other word before
the share keeps the reading it had.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

__all__ = ["same_shares"]

#: The words that say one share is both classes' ("both", "each", "tied at", "level on").
_SHARED = r"(?:both|each|tied|level|equal|even|joint(?:ly)?)"
#: The number of the share, with a hedge and a unit: "0.25", "about 50 %", "a quarter" is not read (worded).
_SHARE = r"(?:(?:about|around|roughly|approximately|nearly|almost|just\s+(?:under|over))\s+)?\d+(?:\.\d+)?(?:\s*%)?"


@lru_cache(maxsize=64)
def _pattern(labels: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(re.escape(x) for x in sorted(labels, key=len, reverse=True))
    return re.compile(
        rf"(?<![\w-])(?P<a>{names})\s*(?:,|and|&|as\s+well\s+as)\s*(?:the\s+)?(?P<b>{names})(?![\w-])"
        rf"(?P<how>\s+(?:are\s+|sit\s+|stand\s+)?{_SHARED}?\s*"
        rf"(?:at|on|with|get|getting|gets|share|sharing|:)\s+)(?P<n>{_SHARE})(?P<each>\s+each\b)?",
        re.I,
    )


def same_shares(text: str, labels: Sequence[str]) -> str:
    """`text` with a share said of two classes at once written as one share for each ("A and B at 0.25 each" ->
    "A at 0.25 and B at 0.25"); a pair joined by no word of sharing ("both", "each", "tied", ...) is read so only
    when "each" follows the number.
    """
    if len(labels) < 2:
        return text

    def split(m: re.Match[str]) -> str:
        shared = re.search(rf"\b{_SHARED}\b", m.group("how"), re.I)
        if (not shared and not m.group("each")) or m.group("a").lower() == m.group("b").lower():
            return m.group(0)
        return f"{m.group('a')} at {m.group('n')} and {m.group('b')} at {m.group('n')}"

    return _pattern(tuple(labels)).sub(split, text)
