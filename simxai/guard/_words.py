"""The words of a text model read as its features where a reply uses them as features, quoted or not.

A text model's features are the words of its inputs, which ordinary prose also uses, so the guard reads them
only in quotes (`_state._Names.quoted_only`). A terse reply leaves the quotes out where the position already
says the word is a feature: a list item with its contribution ("enjoyed +0.179, funny +0.149"), a rank ("#1
love", "dull #6"), the items after "top words:", "top 5:" or "the top words are", a word named as one ("the
word dull"), and an edit written as an arrow ("funny → dull"); since claims-41 the items of a ranking numbered
inline from 1 ("1 beautifully, 2 love, 3 not", g31; "1 love .014, ..., 2 beautifully .010", g29), when the word is
one of the outputs' (marked as ranks, "#1 beautifully").
Such words are put in quotes before the reply is read, so every check of quoted words applies to them: a word
of the outputs is that feature, any other word is an invented one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["quote_numbered", "quote_words"]

_WORD = r"[A-Za-z][\w'-]*"
#: Where a list item starts: the text's or a line's start, a sentence's, or after a comma, colon or "and".
_ITEM_START = r"(?:^|(?<=\n)|(?<=[,:;.!?] )|(?<=\band )|(?<=\bthen ))"
#: "enjoyed +0.179", "funny (+0.149)": a word with its signed contribution, as a list item.
_SIGNED = re.compile(rf"{_ITEM_START}(?P<w>{_WORD})(?=\s*\(?\s*[+-]\s?\d)")
#: "#1 love", "love #1", "love (#1)".
_RANK_BEFORE = re.compile(rf"{_ITEM_START}#\d+\s+(?P<w>{_WORD})")
_RANK_AFTER = re.compile(rf"{_ITEM_START}(?P<w>{_WORD})(?=\s+\(?#\d)")
#: "1 beautifully, 2 love": an item's number from 1 up before its word, at a list's or a clause's start (claims-41).
_NUMBERED = re.compile(rf"(?:^|(?<=\n)|(?<=[,:;·])|(?<=[.!?] ))[ \t]*(?P<k>\d{{1,2}})[ \t]+(?P<w>{_WORD})")
#: "Top words: love, beautifully, not", "top 5: ...": the list after it, up to the sentence's end.
_TOP_LIST = re.compile(r"\btop(?:\s+\d+)?(?:\s+words?)?\s*:\s*(?P<items>[^.!?\n]+)", re.I)
#: "the word dull", "the single word X": a word named as a word of the text.
_THE_WORD = re.compile(
    rf"\bthe\s+(?:single\s+|one\s+)?word\s+(?P<w>{_WORD})(?=\s*(?:[,.;:()]|$|\s(?:pushes|pulls|counts|adds|weighs|is|was|"
    r"has|in|at|with|on|alone|also)\b))",
    re.I,
)
#: "the most important words overall are love, beautifully and not": the list after it, to the sentence's end.
_WORDS_LIST = re.compile(r"\bwords\b[^.!?\n:()]{0,40}?\b(?:are|were|include)\s*:?\s+(?P<items>[^.!?\n]+)", re.I)
_ITEM = re.compile(rf"(?:^|(?<=,)|(?<=\band)|(?<=\bor))\s*(?P<w>{_WORD})\s*(?=,|$|\band\b|\bor\b|\()")
#: "funny → dull", "Broke -> Great": an edit of a word of the input.
_ARROW = re.compile(rf"(?<![\w'\"‘“])(?P<old>{_WORD})\s*(?:→|->)\s*(?P<new>{_WORD})(?![\w'\"’”])")

#: Words that lead a list item without being a text's word: what a contribution or a rank is of.
_NOT_WORDS = {
    "base", "baseline", "bias", "intercept", "total", "sum", "net", "output", "score", "value", "shap", "lime",
    "contribution", "contributions", "rank", "prob", "probability", "p", "and", "or", "then", "all", "rest",
    "others", "other", "top", "against", "for", "towards", "toward", "pushes", "push", "adds", "add", "only",
    # what leads a value without naming it ("'support', worth +0.201", "at -0.328", "by about +0.1")
    "worth", "at", "by", "about", "around", "roughly", "nearly", "just", "some",
}  # fmt: skip


#: Words of the sentence around a list, never an invented feature ("'not' is #3 but ...").
_FUNCTION_WORDS = {
    "a", "an", "the", "is", "are", "was", "but", "with", "in", "of", "on", "at", "by", "it", "its", "which", "that",
    "this", "so", "as", "to", "from", "while", "whereas", "also", "still", "now", "then",
}  # fmt: skip


def _numbered_runs(text: str) -> list[list[re.Match[str]]]:
    """The runs of items numbered 1, 2, 3, ... in the order written (two items or more), each as its matches."""
    runs: list[list[re.Match[str]]] = []
    current: list[re.Match[str]] = []
    for m in _NUMBERED.finditer(text):
        k = int(m.group("k"))
        if k == len(current) + 1:
            current.append(m)
        else:
            runs.append(current)
            current = [m] if k == 1 else []
    runs.append(current)
    return [run for run in runs if len(run) > 1]


def quote_numbered(text: str, words: Iterable[str]) -> str:
    """`text` with the outputs' `words` put in quotes where a ranking numbered inline from 1 names them (claims-41):
    the raw reply the numbered-ranking reader takes (`_numbered_ranks`) is not quoted by `quote_words`.
    """
    known = {w.lower() for w in words}
    spans = [
        (m.start("w"), m.end("w"))
        for run in _numbered_runs(text)
        for m in run
        if m.group("w").lower() in known and m.group("w").lower() not in _NOT_WORDS
    ]
    return _quoted(text, spans)


def _marked_ranks(text: str, known: set[str]) -> str:
    """`text` with each item of a ranking numbered inline from 1 whose word is one of `known` marked as a rank
    ("1 crusty" -> "#1 crusty"), so that its number is read as the word's rank, not as a value of it.
    """
    starts = [m.start("k") for run in _numbered_runs(text) for m in run if m.group("w").lower() in known]
    for start in sorted(starts, reverse=True):
        text = f"{text[:start]}#{text[start:]}"
    return text


def _quoted(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each of `spans` (not overlapping one before it) put in quotes."""
    out, last = [], 0
    for start, end in sorted(set(spans)):
        if start < last:
            continue
        out += [text[last:start], "'", text[start:end], "'"]
        last = end
    out.append(text[last:])
    return "".join(out)


def quote_words(text: str, words: Iterable[str], labels: Iterable[str], inputs: Iterable[str]) -> str:
    """`text` with a text model's words in feature positions put in quotes.

    Args:
        text: the reply.
        words: the outputs' words that are features (attributions, importances, edits), as spelled there.
        labels: the host's labels, which are never read as words.
        inputs: the texts the model read (a review, a rewrite): an arrow's first word must be one of theirs.
    """
    known = {w.lower() for w in words}
    skip = {label.lower() for label in labels} | _NOT_WORDS
    text = _marked_ranks(text, known - skip)  # "1 crusty, 2 soggy" reads as "#1 crusty, #2 soggy" (claims-41)
    said = {w.lower() for t in inputs for w in re.findall(r"[\w'-]+", t)}
    spans: list[tuple[int, int]] = []

    def take(start: int, end: int, word: str, invented_ok: bool) -> None:
        low = word.lower()
        unknown = low not in known and low not in said
        if low in skip or (unknown and (not invented_ok or low in _FUNCTION_WORDS)):
            return
        if start > 0 and text[start - 1] in "'\"‘“" or end < len(text) and text[end] in "'\"’”":
            return  # quoted already
        spans.append((start, end))

    for pattern in (_SIGNED, _RANK_BEFORE, _RANK_AFTER):
        for m in pattern.finditer(text):
            take(m.start("w"), m.end("w"), m.group("w"), invented_ok=True)
    for m in _THE_WORD.finditer(text):
        take(m.start("w"), m.end("w"), m.group("w"), invented_ok=True)
    for m in (*_TOP_LIST.finditer(text), *_WORDS_LIST.finditer(text)):
        items = m.group("items")
        for item in re.finditer(
            rf"(?:^|(?<=,)|(?<=\band)|(?<=\bor))\s*(?P<w>{_WORD})\s*(?=,|$|\band\b|\bor\b|\()", items
        ):
            take(m.start("items") + item.start("w"), m.start("items") + item.end("w"), item.group("w"), True)
    for m in _ARROW.finditer(text):
        if m.group("old").lower() in said and m.group("old").lower() not in skip and m.group("new").lower() not in skip:
            take(m.start("old"), m.end("old"), m.group("old"), invented_ok=False)
            take(m.start("new"), m.end("new"), m.group("new"), invented_ok=True)
    return _quoted(text, spans)
