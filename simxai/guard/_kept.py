"""What a reply says of the edits that keep a text model's prediction (how to still be this, claims-13o).

A text model's still-this output lists the single-word edits that keep its label (`kept_edits`) and counts the
edits it tried and kept (`samples_checked`, `samples_kept`). Two claims about them are read:

- a count of kept edits: "7 of the 10 edits kept the label", "kept by 10/11 edits", "checked n=9, kept n=8",
  "out of 7 edits, 2 left it unchanged", "checked 10 edits and 9 of them kept it"; "3 of the 10 flipped it"
  counts the others; "Of 13 edits tried, 10 kept it" and "all 11 edits tried kept it" (claims-30), also of a
  table model's checks ("in all 287 of 287 checks");
- a list of words said to keep the label when removed ("stays positive if you remove 'a', 'b' or 'c'",
  "removals that keep it: 'a', 'b'"): each must be a kept edit's word. Read only when the output lists every
  kept edit (as many as it counts), and never in a sentence that also speaks of a flip;
- an edit written out ("'lovely' → 'horrible'", "replacing 'a' with 'b'") said to flip the label in its clause
  ("... tips it negative", "is the one that flips it"): it must not be a kept edit (claims-16).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from simxai.guard._prefilter import gated
from simxai.guard._reading import sentences

__all__ = ["kept_edit_claims"]

#: A sentence that says edits keep the label.
_KEEPS = gated(
    r"\b(?:kept|keeps?|keeping|leaves?|leaving|left|unchanged|"
    r"(?:did|do|does)(?:n't| not) (?:change|flip|move)|stay(?:s|ed)?|remain(?:s|ed)?|still)\b",
    re.I,
)
#: A sentence that says edits change the label.
_FLIPS = gated(r"\b(?:flip(?:s|ped|ping)?|chang(?:ed|es) (?:it|the (?:label|prediction))|turn(?:s|ed)? it)\b", re.I)
#: A negation: "Removing 'x' is not on the kept list" lists no kept edit.
_NEGATION = re.compile(r"\b(?:not|no|never|none|nothing)\b|n't\b", re.I)
#: "7 of the 10", "2 out of 7", "10/11": a part of the tried edits.
#: (A full stop after the whole ends the sentence: "kept it, 16 of 16." is a count; claims-54.)
_OF = re.compile(
    r"(?<![\w.])(?P<n>\d{1,4})\s*(?:of(?:\s+the)?|out of(?:\s+the)?|/)\s*(?P<m>\d{1,4})(?![\w%]|\.\d)", re.I
)
#: "out of 7 single-word edits ..., 2 left it unchanged": the whole before the part.
_OUT_OF_FIRST = re.compile(
    r"(?:\bout of|(?:^|(?<=[:;—–]))\s*of)\s+(?P<m>\d{1,4})\b[^.;:\d]{0,80}?,\s*(?P<n>\d{1,4})\s+(?:of them\s+)?(?=\w)",
    re.I,
)
#: "checked 10 single-word edits and 9 of them kept it".
_THEM = re.compile(
    r"(?P<m>\d{1,4})\s+(?:[\w-]+\s+){0,3}(?:edits|changes|removals|variants|texts)\b[^.;\d]{0,40}?"
    r"\b(?P<n>\d{1,4})\s+of\s+them\b",
    re.I,
)
#: "all 11 edits tried kept it", "in all 158 checks": every tried edit (claims-30).
_ALL = re.compile(
    r"\ball\s+(?:the\s+)?(?P<n>\d{1,4})\s+(?:[\w-]+\s+){0,2}?"
    r"(?:edits|changes|checks|variations|variants|samples|removals|swaps|tries|texts)\b(?!\s+of\b)",
    re.I,
)
#: "checked n=9, kept n=8", "kept: 8", "tried 9 ... kept 8".
_NAMED = re.compile(r"\b(?P<what>checked|tried|kept)\s*(?:n\s*)?[=:]\s*(?P<n>\d{1,4})\b", re.I)
#: A removal, and the quoted words after it.
_REMOVE = re.compile(r"\b(?:remov(?:e|es|ed|ing|als?)|delet(?:e|es|ed|ing|ions?)|drop(?:s|ped|ping)?|without)\b", re.I)
_QUOTED = re.compile(r"\s*[`'\"‘“](?P<w>\w[\w -]{0,29})[`'\"’”]")
#: An edit written out: "'a' → 'b'", "a -> b", "replacing 'a' with 'b'", "swap 'a' for 'b'".
_W = r"[`'\"‘“]?(?P<{}>[\w-]{{1,30}}(?:['’]\w{{1,3}})?)[`'\"’”]?"
_EDIT = re.compile(
    _W.format("a")
    + r"\s*(?:→|->|=>)\s*"
    + _W.format("b")
    + r"|\b(?:replac\w*|swap\w*|chang\w*|switch\w*)\s+"
    + _W.format("c")
    + r"\s+(?:with|for|to|into)\s+"
    + _W.format("d"),
    re.I,
)
#: A flip said of the edit's clause ("tips it negative", "flips it", "turns it", "makes it negative").
_FLIP_SAID = re.compile(
    r"\b(?:flip(?:s|ped|ping)?|tip(?:s|ped)? it|turn(?:s|ed)? it|chang(?:es|ed) (?:it|the (?:label|prediction)))\b",
    re.I,
)
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:or\s+|and\s+)?|(?:or|and)\s+)")
#: "drop any word except 'warm'": the quoted words after it are the removals that do not keep it (claims-28).
_EXCEPT = re.compile(r"\b(?:except|but|other than|apart from|save|besides)\b", re.I)


def kept_edit_claims(
    reply: str, kept_edits: Sequence[tuple[str, str]], samples: Sequence[tuple[int, int]]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each count of kept edits and each word said to keep the label when removed.

    Args:
        reply: the reply.
        kept_edits: the (old, new) words of the kept edits of the outputs.
        samples: the (kept, checked) counts of the outputs' still-this results.
    """
    olds = {old.lower() for old, _ in kept_edits if old}
    complete = bool(samples) and all(kept <= len(kept_edits) for kept, _ in samples)
    for sentence in sentences(reply):
        keeps, flips = bool(_KEEPS.search(sentence)), bool(_FLIPS.search(sentence))
        if samples and (keeps or flips):
            yield from _count_claims(sentence, samples)
        unquoted = _QUOTED.sub(" ", sentence)  # a quoted "not" is a word of the input, no negation
        yield from _flipping_kept(sentence, kept_edits)
        if complete and keeps and not flips and not _NEGATION.search(unquoted):
            for word in _removed_words(sentence):
                yield f"kept edit removing '{word}'", word.lower() in olds


def _flipping_kept(sentence: str, kept_edits: Sequence[tuple[str, str]]) -> Iterator[tuple[str, bool]]:
    """Each edit written out in `sentence` whose clause says it flips the label, held when it is no kept edit."""
    kept = {(old.lower(), new.lower()) for old, new in kept_edits if old and new}
    if not kept:
        return
    for part in re.split(r"[;:]|\bbut\b|\bwhile\b", sentence):
        said = _FLIP_SAID.search(part)
        if not said or _NEGATION.search(_QUOTED.sub(" ", part)):
            continue
        for m in _EDIT.finditer(part):
            old, new = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d"))
            yield f"edit '{old}' → '{new}' flips", (old.lower(), new.lower()) not in kept


def _count_claims(sentence: str, samples: Sequence[tuple[int, int]]) -> Iterator[tuple[str, bool]]:
    """Counts of the tried and kept (or flipping) edits said in `sentence`."""
    found = [m for p in (_OF, _OUT_OF_FIRST, _THEM) for m in p.finditer(sentence)]
    for match in found:
        n, m = int(match.group("n")), int(match.group("m"))
        way = _way(sentence, match.start(), match.end())
        if n > m or way is None:
            continue
        flipped = way == "flipping"
        holds = any(m == checked and n == (checked - kept if flipped else kept) for kept, checked in samples)
        yield f"{way} edits {n} of {m}", holds
    for match in _ALL.finditer(sentence):
        n, way = int(match.group("n")), _way(sentence, match.start(), match.end())
        if way is not None:
            kept_all = way == "kept"
            yield (
                f"{way} edits all {n}",
                any(n == checked and kept == (n if kept_all else 0) for kept, checked in samples),
            )
    for named in _NAMED.finditer(sentence):
        n, which = int(named.group("n")), named.group("what").lower()
        if which == "kept":
            yield f"kept edits {n}", any(n == kept for kept, _ in samples)
        elif which in {"checked", "tried"}:
            yield f"edits checked {n}", any(n == checked for _, checked in samples)


def _way(sentence: str, start: int, end: int) -> str | None:
    """Whether the count at `start:end` is of kept or of flipping edits: the first verb after it in its clause
    ("7 out of 10 edits leave it positive; the other 3 flip it"), else the last one before it ("kept by 10/11").
    """
    after = re.split(r"[;:]", sentence[end:], maxsplit=1)[0][:80]
    before = re.split(r"[;:]", sentence[:start])[-1][-60:]
    keep, flip = _KEEPS.search(after), _FLIPS.search(after)
    if keep or flip:
        first = min((m for m in (keep, flip) if m), key=lambda m: m.start())
        return "kept" if first is keep else "flipping"
    keeps, flips = list(_KEEPS.finditer(before)), list(_FLIPS.finditer(before))
    if keeps or flips:
        last = max([*keeps, *flips], key=lambda m: m.start())
        return "kept" if last in keeps else "flipping"
    return None


def _removed_words(sentence: str) -> Iterator[str]:
    """The quoted words of each list that follows a removal in `sentence`."""
    for m in _REMOVE.finditer(sentence):
        if sentence[max(0, m.start() - 1) : m.start()] == "(":
            continue  # "'Worst' -> '(removed)'": the removal is an edit written out, no list after it
        at = m.end()
        gap = re.match(r"[^`'\"‘“.;]{0,25}?(?=[`'\"‘“])", sentence[at:])  # "removals that keep it: 'a', ..."
        if gap is None or _EXCEPT.search(gap.group(0)):
            continue
        at += gap.end()
        while True:
            q = _QUOTED.match(sentence, at)
            if q is None:
                break
            yield q.group("w")
            at = q.end()
            sep = _LIST_GAP.match(sentence, at)
            if sep is None or not _QUOTED.match(sentence, sep.end()):
                break
            at = sep.end()
