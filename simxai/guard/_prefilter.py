"""A pattern's words that every match holds: a text holding none of them is not searched at all.

Most of the guard's patterns are tried on every sentence of every reply, and most sentences hold none of the words
they are about ("because of", "folds", "random forest"). Python's regular expressions find no match only by trying
every position of the text, and a pattern that starts with a word boundary, a lookbehind or an alternation is
tried position by position in full; so each such pattern costs a short reply microseconds and a long one
milliseconds. `Gated` wraps a compiled pattern with the literal strings one of which every match must contain
(read from the pattern's own parse: each alternative's longest run of literal characters), and answers "no match"
without searching a text that holds none of them. Its answers are the pattern's own: a text that holds one is
searched as before.

Under IGNORECASE a run keeps ASCII characters and characters without case ("→", "€"), and is looked for in the text
folded as the matcher folds it: an ASCII text lower-cased, any other character mapped to the ASCII character it
matches without case (the Kelvin sign to "k", the long s to "s", the dotted capital I to "i"), as the matcher itself
answers for that character, else kept.
A pattern whose parse this module does not read (a future parser, a locale-dependent pattern) is searched as is.
"""

from __future__ import annotations

import importlib
import re
import string
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from typing import Any

__all__ = ["Gated", "gated", "needles"]

try:  # the parser of `re` (private: Python 3.11+ names it re._parser, 3.10 sre_parse)
    _sre_parse: Any = importlib.import_module("re._parser")
    _C: Any = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover - Python 3.10
    _sre_parse = importlib.import_module("sre_parse")
    _C = importlib.import_module("sre_constants")
#: Operators that match no character: they end a run of literals (the run must be contiguous) and require nothing.
_ZERO_WIDTH = {_C.AT, _C.ASSERT, _C.ASSERT_NOT}
_REPEATS = {_C.MAX_REPEAT, _C.MIN_REPEAT, *([_C.POSSESSIVE_REPEAT] if hasattr(_C, "POSSESSIVE_REPEAT") else [])}

#: A needle: the literal and whether it is looked for in the folded text (IGNORECASE).
Needle = tuple[str, bool]


def needles(pattern: re.Pattern[str]) -> frozenset[Needle] | None:
    """The literals one of which every match of `pattern` contains, or None when none is known."""
    if not isinstance(pattern.pattern, str) or pattern.flags & re.LOCALE:
        return None
    try:
        parsed = _sre_parse.parse(pattern.pattern, pattern.flags)
    except Exception:  # pragma: no cover - a parser this module does not know: search as is
        return None
    return _sequence(list(parsed), bool(pattern.flags & re.IGNORECASE))


def _sequence(items: list[tuple[Any, Any]], icase: bool) -> frozenset[Needle] | None:
    """The best requirement of a sequence: one of its items' (or literal runs') requirements, the most selective."""
    found: list[frozenset[Needle]] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            found.append(frozenset({("".join(run), icase)}))
            run.clear()

    for op, av in items:
        if op is _C.LITERAL:
            char = chr(av)
            if not icase:
                run.append(char)
                continue
            if char.isascii():
                run.append(char.lower())
                continue
            if caseless(char):  # "→": no other character matches it without case
                run.append(char)
                continue
        flush()
        if op is _C.SUBPATTERN:
            _group, add, remove, sub = av
            inner = (icase or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE
            kept = _sequence(list(sub), inner)
        elif op is _C.BRANCH:
            kept = _either([_sequence(list(alternative), icase) for alternative in av[1]])
        elif op in _REPEATS:
            low, _high, sub = av
            kept = _sequence(list(sub), icase) if low >= 1 else None
        elif getattr(_C, "ATOMIC_GROUP", None) is not None and op is _C.ATOMIC_GROUP:
            kept = _sequence(list(av), icase)
        else:  # a set, a class, a reference, a zero-width test: no literal of its own
            kept = None
        if kept:
            found.append(kept)
    flush()
    return max(found, key=lambda need: (min(len(n) for n, _ in need), -len(need)), default=None)


#: Categories of characters without case: no punctuation, mark of currency or mathematics, modifier symbol, digit,
#: other number or space has a case mapping ("So" and "Nl" do: circled letters, Roman numerals).
_CASELESS = frozenset({"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "Nd", "No", "Zs", "Zl", "Zp"})


def caseless(char: str) -> bool:
    """Whether IGNORECASE matches `char` with itself alone (a non-ASCII arrow, dash or currency sign)."""
    return unicodedata.category(char) in _CASELESS and char.lower() == char == char.upper()


def _either(alternatives: list[frozenset[Needle] | None]) -> frozenset[Needle] | None:
    """What one of several alternatives requires: every alternative's needles, or None when one requires none."""
    found: set[Needle] = set()
    for alternative in alternatives:
        if not alternative:
            return None
        found |= alternative
    return frozenset(found) or None


class _Folds(dict[str, str]):
    """Each character of a text mapped as IGNORECASE compares it with an ASCII literal, filled as characters come."""

    def __missing__(self, char: str) -> str:
        matched = [a for a, p in _ASCII_MATCHERS if p.fullmatch(char)]
        if len(matched) > 1:  # pragma: no cover - no character matches two ASCII characters without case
            raise ValueError(f"{char!r} matches {matched} without case")
        folded = self[char] = matched[0] if matched else char
        return folded


_ASCII_MATCHERS = [(a.lower(), re.compile(re.escape(a), re.I)) for a in string.printable if not a.isupper()]
_FOLDS = _Folds()
#: The texts folded lately: the patterns of a reply ask for its sentences and clauses again and again.
_FOLDED: dict[str, str] = {}
_FOLDED_KEPT = 256


def folded(text: str) -> str:
    """`text` as IGNORECASE compares it with ASCII literals: lower-cased, other characters mapped (`_Folds`)."""
    out = _FOLDED.get(text)
    if out is None:
        out = text.lower() if text.isascii() else "".join([_FOLDS[c] for c in text])
        if len(text) <= 4096:  # a sentence or a short reply, not a long text held in memory
            if len(_FOLDED) >= _FOLDED_KEPT:
                _FOLDED.clear()
            _FOLDED[text] = out
    return out


class Gated:
    """A compiled pattern that answers "no match" without searching a text holding none of its `needles`."""

    __slots__ = ("_cased", "_icased", "needles", "regex")

    def __init__(self, regex: re.Pattern[str]) -> None:
        self.regex = regex
        self.needles = needles(regex)
        found = self.needles or frozenset()
        self._cased = tuple(n for n, icase in found if not icase)
        self._icased = tuple(n for n, icase in found if icase)

    @property
    def pattern(self) -> str:
        return self.regex.pattern

    @property
    def flags(self) -> int:
        return self.regex.flags

    @property
    def groups(self) -> int:
        return self.regex.groups

    @property
    def groupindex(self) -> Mapping[str, int]:
        return self.regex.groupindex

    def possible(self, text: str) -> bool:
        """Whether `text` holds one of the needles (always, when the pattern has none)."""
        if self.needles is None:
            return True
        for needle in self._cased:
            if needle in text:
                return True
        if self._icased:
            low = folded(text)
            for needle in self._icased:
                if needle in low:
                    return True
        return False

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.search(text, pos, endpos) if self.possible(text) else None

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.match(text, pos, endpos) if self.possible(text) else None

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.fullmatch(text, pos, endpos) if self.possible(text) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.regex.finditer(text, pos, endpos) if self.possible(text) else iter(())

    def findall(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.regex.findall(text, pos, endpos) if self.possible(text) else []

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self.regex.sub(repl, text, count) if self.possible(text) else text

    def split(self, text: str, maxsplit: int = 0) -> list[Any]:
        return self.regex.split(text, maxsplit) if self.possible(text) else [text]


def gated(pattern: str, flags: int = 0) -> Gated:
    """`re.compile(pattern, flags)`, searched only in texts that hold one of its needles (`Gated`)."""
    return Gated(re.compile(pattern, flags))
