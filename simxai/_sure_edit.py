"""A text what-if's edit that no extraction reading found but that the text's own words make sure, run without a
question.

The extraction reads an unquoted edit only after an explicit verb ("replace dull with lively"): "if it were good"
names no edit. Once the text the what-if is about is known, a word of it said to become another word is one: "what if
sluggish became brisk" of a review that says "sluggish", "the review without the word sluggish". The word must be the
text's own and said bare (no article or possessive before it: "if the plot was thin" describes the plot, it edits no
word), and the new word must close its clause. A word the text does not hold is still asked about, and so is a turn
whose instance was read as a quoted word or two (the edit's own words taken for the text).
"""

from __future__ import annotations

import re

from simxai.hosts.base import ChangeValue

__all__ = ["sure_edit"]

_OPEN = "['\"“‘]?"
_CLOSE = "['\"”’]?"
# "<old> [in review 5] was / became / turned into <new>", the new word closing its clause
_BECOMES = re.compile(
    rf"(?<![\w'-]){_OPEN}(?P<old>[a-z][\w'-]*){_CLOSE}(?:\s+in\s+(?:the\s+)?[a-z]+\s+#?\d+)?\s+"
    r"(?:was|were|is|became|becomes|become|had\s+been|turned\s+into|turns\s+into|changed\s+to|read)\s+"
    rf"{_OPEN}(?P<new>[a-z][\w'-]*){_CLOSE}(?=\s*(?:[,.;:?!]|$|instead\b))",
    re.IGNORECASE,
)
# "<review> without [the word] <old>", the word closing its clause
_WITHOUT = re.compile(
    rf"\bwithout\s+(?:the\s+(?:word|term)\s+)?{_OPEN}(?P<old>[a-z][\w'-]*){_CLOSE}(?=\s*(?:[,.;:?!]|$))",
    re.IGNORECASE,
)
# Words that never stand for a word of the text: what precedes a described thing, and pronouns.
_NOT_EDITED = frozenset(
    "the a an its his her their this that these those my your our some any no it he she they there what which who "
    "review text comment post message one word words".split()
)


def sure_edit(user: str, text: str | None) -> dict[str, ChangeValue] | None:
    """The edit of a what-if turn on `text` (the instance's text) when the turn says a word that `text` holds
    becomes another word or goes ("if sluggish became brisk", "without the word sluggish"); None otherwise.
    """
    if not text or len(text.split()) <= 2:
        return None  # "what if 'sluggish' in comment 4 was 'brisk'" read with the quoted word as the text: in doubt
    held = {w.lower() for w in re.findall(r"[\w'-]+", text)}
    for match in _BECOMES.finditer(user):
        old, new = match.group("old").strip("'’"), match.group("new").strip("'’")
        before = user[: match.start()].split()
        if _said_bare(old, before, held) and new.lower() not in _NOT_EDITED and new.lower() != old.lower():
            return {old: new}
    for match in _WITHOUT.finditer(user):
        old = match.group("old").strip("'’")
        if old.lower() in held and old.lower() not in _NOT_EDITED:
            return {old: ""}
    return None


def _said_bare(old: str, before: list[str], held: set[str]) -> bool:
    """Whether `old` is a word of the text, said with no article, possessive or pronoun right before it."""
    if old.lower() not in held or old.lower() in _NOT_EDITED:
        return False
    return not before or before[-1].lower().strip("'\"“‘") not in _NOT_EDITED
