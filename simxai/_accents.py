"""Letters with a diacritic written as their plain letter, for hosts whose names are written without them.

A user may write a place, a saint or a category with its accents ("São João", "cabeço", "antónio") where the
host writes the plain form (`joao`, `cabeco`, `antonio`): every reader of `simxai.extraction` matches ASCII
letters, so the accented word would be split at its accent and match nothing. `fold_accents` writes each such
letter as its base letter ("ç" -> "c", "ã" -> "a", "ó" -> "o") — one character for one, so offsets keep — unless the
host itself writes the word with its accents (then the word stays as written, to meet the host's name).

Only a letter that decomposes into an ASCII letter and combining marks is folded: "ß", "ø", "€", "°" and "½"
stay as they are.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from simxai.hosts.base import HostSchema

_ACCENTED_WORD = re.compile(r"\w*[^\x00-\x7f]\w*")


@functools.lru_cache(maxsize=1024)
def _plain(char: str) -> str:
    """`char`'s ASCII base letter when it is that letter with diacritics only, else `char`."""
    if char.isascii() or not char.isalpha():
        return char
    parts = unicodedata.normalize("NFD", char)
    base, marks = parts[:1], parts[1:]
    if base.isascii() and base.isalpha() and marks and all(unicodedata.combining(m) for m in marks):
        return base
    return char


def host_accented_words(names: Iterable[str]) -> frozenset[str]:
    """The words with a non-ASCII letter in the host's own names, lowercased: these are never folded."""
    return frozenset(m.group().lower() for name in names for m in _ACCENTED_WORD.finditer(name))


def fold_accents(text: str, keep: frozenset[str] = frozenset()) -> str:
    """`text` with each accented letter as its plain letter, except in the words of `keep` (lowercased)."""
    if text.isascii():
        return text

    def fold(match: re.Match[str]) -> str:
        word = match.group()
        if word.lower() in keep:
            return word
        return "".join(_plain(c) for c in word)

    return _ACCENTED_WORD.sub(fold, text)


def fold_host_accents(text: str, schema: HostSchema) -> str:
    """`text` folded (`fold_accents`), keeping the accented words the host's own names hold."""
    if text.isascii():
        return text
    names = [*schema.class_names, *(n for f in schema.features for n in (f.name, *f.aliases, *(f.categories or [])))]
    return fold_accents(text, host_accented_words(names))
