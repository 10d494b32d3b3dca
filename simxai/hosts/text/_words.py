"""Words as the text host sees them, and word edits of a text."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from simxai.results import Change

_WORD = re.compile(r"\w+(?:['’]\w+)*")
_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»"}


def words_of(text: str) -> list[str]:
    """The words of `text`, as the host's explanations and edits see them."""
    return _WORD.findall(text)


def _normalise(text: str) -> str:
    return " ".join(text.split())


def _shorten(text: str) -> str:
    """`text` as a subject description quotes it: at most 60 characters (a longer one is cut to 57 plus "...")."""
    return text if len(text) <= 60 else text[:57] + "..."


def _tidy(text: str) -> str:
    """Spacing after an edit: one space between words, none before punctuation."""
    return re.sub(r"\s+([,.!?;:])", r"\1", _normalise(text))


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and _QUOTES.get(text[0]) == text[-1]:
        text = text[1:-1].strip()
    return text


def _match_case(old: str, new: str) -> str:
    if len(old) > 1 and old.isupper():
        return new.upper()
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


@dataclass(frozen=True)
class _Edit:
    """One word edit: replace the word at `position` ("" deletes it), or insert a word before it."""

    position: int
    kind: Literal["replace", "insert"]
    word: str


@dataclass(frozen=True)
class _Words:
    """A text with the spans of its words, for editing word by word."""

    text: str
    spans: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, text: str) -> _Words:
        return cls(text, tuple(m.span() for m in _WORD.finditer(text)))

    @property
    def words(self) -> list[str]:
        return [self.text[a:b] for a, b in self.spans]

    def edit(self, edits: Sequence[_Edit]) -> str:
        if not edits:
            return self.text
        replace = {e.position: e.word for e in edits if e.kind == "replace"}
        insert = {e.position: e.word for e in edits if e.kind == "insert"}
        parts, pos = [], 0
        for i, (a, b) in enumerate(self.spans):
            parts.append(self.text[pos:a])
            if i in insert:
                parts.append(insert[i] + " ")
            parts.append(replace.get(i, self.text[a:b]))
            pos = b
        parts.append(self.text[pos:])
        return _tidy("".join(parts))

    def changes(self, edits: Sequence[_Edit]) -> list[Change]:
        out = []
        for e in sorted(edits, key=lambda e: e.position):
            if e.kind == "insert":
                out.append(Change(feature="(insert)", old="", new=e.word))
            else:
                old = self.words[e.position]
                out.append(Change(feature=old, old=old, new=e.word))
        return out
