"""Names mentioned in a text, longest first and without overlaps: what every check of the guard reads names by.

`find_mentions` is asked for the same sentence and names many times per reply; each name's pattern is built once,
and in an ASCII text a name none of whose forms is a substring of the text is not matched at all.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "Mention",
    "camel_split",
    "compared_name",
    "find_mentions",
    "inflected",
    "mention_pattern",
    "name_words",
    "names_words",
    "without_closers",
]


@dataclass(frozen=True)
class Mention:
    """A name mentioned in a text, with where."""

    name: str
    start: int
    end: int
    quoted: bool


def _variants(name: str) -> dict[str, None]:
    # "the pilot's experience" of the alias "pilot experience": its first word as a possessive (claims-45)
    first, _, rest = name.partition(" ")
    owned = [f"{first}'s {rest}"] if rest and first.isalpha() and not first.endswith("s") else []
    return dict.fromkeys([name, name.replace("_", " "), name.replace("_", "-"), name.replace(" ", "-"), *owned])


@functools.lru_cache(maxsize=4096)
def _ascii_forms(name: str) -> tuple[str, ...] | None:
    """The lower-case forms `mention_pattern(name)` can match in an ASCII text, or None when `name` is not ASCII: in
    an ASCII text one of them is a substring of the lower-cased text wherever the pattern matches.
    """
    return tuple(v.lower() for v in _variants(name)) if name.isascii() else None


@functools.lru_cache(maxsize=4096)
def mention_pattern(name: str) -> re.Pattern[str]:
    """`name` as a whole word, written as is or with its underscores as spaces or hyphens, and its spaces as
    hyphens ("not-ready ones" for the class "not ready"; claims-24).
    """
    variants = _variants(name)
    alternatives = "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True))
    return re.compile(rf"(?<![\w])(?:{alternatives})(?![\w])", re.IGNORECASE)


@functools.lru_cache(maxsize=8192)
def compared_name(text: str) -> str:
    """`text` as names are compared: lower case, each run of spaces, hyphens and underscores one space, trimmed
    ("dawn_slot" and "Dawn-slot" both read "dawn slot").
    """
    return re.sub(r"[\s_-]+", " ", text.lower()).strip()


def camel_split(name: str, sep: str = " ") -> str:
    """`name` with `sep` between a lower-case letter and the capital after it ("CloudBaseFt" -> "Cloud Base Ft")."""
    return _CAMEL.sub(sep, name)


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


@functools.lru_cache(maxsize=8192)
def name_words(name: str, pattern: str = r"[a-z]+") -> tuple[str, ...]:
    """The words `pattern` finds in `name` lower-cased: a host's names (features, labels, aliases, metrics,
    descriptions) are split so on every reply, so each name's words are read once (a host's names are a few
    hundred; at most 8,192 kept).
    """
    return tuple(re.findall(pattern, name.lower()))


@functools.lru_cache(maxsize=256)
def names_words(names: tuple[str, ...], pattern: str = r"[a-z]+", longer_than: int = 0) -> frozenset[str]:
    """The words `name_words` finds in any of `names`, those longer than `longer_than` characters: the words of a
    host's features, aliases, metrics or descriptions, gathered once per tuple of names, not once per reply.
    """
    return frozenset(w for name in names for w in name_words(name, pattern) if len(w) > longer_than)


#: The closer of a list that stands for its unnamed rest: "A, B and the like", "A, B and so on", "or similar ones".
_CLOSERS = re.compile(
    r",?[ \t]*\b(?:and|or)[ \t]+(?:the[ \t]+like|so[ \t]+on|so[ \t]+forth|similar(?:[ \t]+ones)?|suchlike)\b|"
    r",?[ \t]*\betc\b\.?(?=[ \t]*[,;:)]|[ \t]+[a-z])",
    re.I,
)


def without_closers(text: str) -> str:
    """claims-55 (gfa48): `text` without the closers of its lists ("A, B and the like push toward it"): the closer
    stands for the unnamed rest, no item a reading may take for a name (a feature "like" was invented).
    """
    return _CLOSERS.sub("", text)


def inflected(words: Iterable[str]) -> frozenset[str]:
    """claims-55 (gfa48): the forms a name's word takes as a verb or an adverb ("cutting" of cut, "yearly" of years,
    "laying" of lay, "washed" of wash): a writer names a feature by them ("yearly cutting" for a cut interval of one
    year). Words of three letters or more; a final consonant after a vowel is doubled before "-ing" / "-ed" too.
    """
    out: set[str] = set()
    for word in words:
        if len(word) < 3 or not word.isalpha():
            continue
        stem = word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word
        for end, other in (("ed", "ing"), ("ing", "ed")):  # "requeening" of requeened, "laid" stays irregular
            if stem.endswith(end) and len(stem) - len(end) >= 3:
                base = stem[: -len(end)]
                out |= {base, f"{base}{other}", f"{base}s"}
        out |= {f"{stem}ing", f"{stem}ed", f"{stem}ly", f"{stem}s"}
        if stem.endswith("e"):
            out |= {f"{stem[:-1]}ing", f"{stem}d"}
        if stem[-1] not in "aeiouwxy" and stem[-2] in "aeiou" and stem[-3] not in "aeiou":
            out |= {f"{stem}{stem[-1]}ing", f"{stem}{stem[-1]}ed"}
    return frozenset(out)


_QUOTES = "\"'“”‘’`"


def find_mentions(text: str, names: Iterable[str], *, quoted_only: Iterable[str] = ()) -> list[Mention]:
    """Mentions of `names` in `text`, longest name first, without overlaps; `quoted_only` names count
    only inside quotes (the words of a text model, which ordinary prose also uses).

    The readers of one reply ask for the same sentence and names many times, so the answer is memoised on
    its inputs (a pure function of them; each call gets its own list).
    """
    return list(_mentions(text, frozenset(filter(None, names)), frozenset(n.lower() for n in quoted_only)))


@functools.lru_cache(maxsize=256)
def _longest_first(names: frozenset[str]) -> tuple[tuple[str, tuple[str, ...] | None], ...]:
    """`names` longest first (then alphabetically), each with its `_ascii_forms`: once per set of names."""
    return tuple((name, _ascii_forms(name)) for name in sorted(names, key=lambda n: (-len(n), n)))


@functools.lru_cache(maxsize=8192)
def _mentions(text: str, names: frozenset[str], only: frozenset[str]) -> tuple[Mention, ...]:
    taken = bytearray(len(text))  # 1 where a mention already is: a check costs the mention's length
    found: list[Mention] = []
    # in an ASCII text, a name none of whose forms is a substring is not matched: its pattern is not run
    low = text.lower() if text.isascii() else None
    for name, forms in _longest_first(names):
        if low is not None and forms is not None and not any(f in low for f in forms):
            continue
        for match in mention_pattern(name).finditer(text):
            start, end = match.span()
            if 1 in taken[start:end]:
                continue
            quoted = start > 0 and text[start - 1] in _QUOTES and end < len(text) and text[end] in _QUOTES
            if name.lower() in only and not quoted:
                continue
            taken[start:end] = b"\x01" * (end - start)
            found.append(Mention(name, start, end, quoted))
    return tuple(sorted(found, key=lambda m: m.start))
