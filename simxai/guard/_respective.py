"""Pairs said respectively (claims-16g): "Sound / needs_repair means: 0.186 / 0.368", "precision / recall: 0.73 /
0.70", "approved / rejected: 831 / 669". Two names joined by a slash before a key and two numbers joined by a slash
after it give each name the number in its place; the reply is read as "sound means: 0.186; needs_repair means:
0.368", so each number is bound to its own name by the usual readings (a label's count or probability, a
feature's or a class's statistic, a metric).

Read only for two single-word names and two plain numbers, on one line; any other slash is left as it is.
"""

from __future__ import annotations

import re

__all__ = ["respective_pairs"]

_NUMBER = r"[-+−]?\d[\d,]*(?:\.\d+)?(?:[ \t]*%)?"
#: "A / B <up to five words>: x / y" (Markdown emphasis already removed).
_PAIR = re.compile(
    r"(?<![\w/])(?P<a>[A-Za-z][\w-]*)\s*/\s*(?P<b>[A-Za-z][\w-]*)(?P<key>(?:[ \t]+[A-Za-z][\w'-]*){0,5})[ \t]*"
    rf"(?P<sep>[:=])[ \t]*(?P<x>{_NUMBER})[ \t]*/[ \t]*(?P<y>{_NUMBER})(?![\w/]|\.\d)"
)


def respective_pairs(text: str) -> str:
    """`text` with each pair said respectively written out as two statements, one per name."""

    def spell(m: re.Match[str]) -> str:
        key, sep = m.group("key"), m.group("sep")
        return f"{m.group('a')}{key}{sep} {m.group('x').strip()}; {m.group('b')}{key}{sep} {m.group('y').strip()}"

    return _PAIR.sub(spell, text)
