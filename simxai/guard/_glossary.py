"""A glossary of the classes written as plain keys (round 38): "serviced = running normally · sealed = out of use ·
scrapped = for parts", or one key a line ("serviced: running normally" / "sealed: out of use" / "derated: at half
speed").

Each item is a short head, a colon or an equals sign, and words (not a figure: "serviced: 55 %" is a share, not a
gloss). When at least two heads are the host's classes, the list is the classes' glossary, and a head that is no
class (nor a class's form, a word of the outputs or the user's) is an invented class. A head written in another
case than the classes' heads is a note of the reply's own ("Note: invented cars"), not an item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = ["glossary_label_claims"]

#: Where an item starts: the text's or a line's start, a middle dot, a bullet, a semicolon or a pipe.
_ITEM = re.compile(
    r"(?:^|\n|[·•;|])[ \t]*(?:[-*][ \t]+)?[\"'“‘*]*(?P<head>[A-Za-z][\w-]{1,30})[\"'”’*]*[ \t]*(?::|=)[ \t]*"
    r"(?P<gloss>[^\n·•;|]*)"
)

#: A gloss that is a figure: a share or a value ("55 %", "~0.45", "about 3 in 5", "top"), not words of a meaning.
_FIGURE = re.compile(r"[^\n]*%|[\s~≈<>±+−-]*(?:about\s+|around\s+)?\.?\d", re.I)


def glossary_label_claims(
    raw: str, labels: Iterable[str], forms: Iterable[str], said: set[str]
) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each head of a glossary of the classes that is no class.

    Args:
        raw: the reply as written.
        labels: the host's classes.
        forms: the classes' other forms (nouns, verbs) a reply may head an item with.
        said: the words of the outputs and the user's (a head that is one of them names something they name).
    """
    known = {x.lower() for x in (*labels, *forms)}
    items = [
        (m.group("head"), m.group("gloss"))
        for m in _ITEM.finditer(raw)
        if re.search(r"[A-Za-z]{3}", m.group("gloss")) and not _FIGURE.match(m.group("gloss"))
    ]
    classes = [head for head, _ in items if head.lower() in known]
    if len(set(h.lower() for h in classes)) < 2:
        return
    cases = {_case(head) for head in classes}
    for head, _ in items:
        word = head.lower()
        if word in known or word in said or _case(head) not in cases:
            continue
        yield f"label '{head}'", False


def _case(word: str) -> str:
    """How a head is written: all lower case, capitalised, or in capitals."""
    return "lower" if word.islower() else "upper" if word.isupper() else "title"
