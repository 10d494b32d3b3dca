"""Texts given for a text host: quoted spans ('...', "...", “...”) and a text written without quotes."""

from __future__ import annotations

import bisect
import re

from simxai.hosts.base import HostSchema
from simxai.textbounds import bounds_text_argument

_QUOTE_PAIRS = {"'": "'’", '"': '"”', "“": '”"', "‘": "’'", "«": "»"}
_CLOSERS = frozenset("".join(_QUOTE_PAIRS.values()))
# A quote opens after a space or one of these, and closes before a space or one of these (or at an end).
_BEFORE_OPENER = frozenset("(:[,;=")
_AFTER_CLOSER = frozenset(".,;:!?)]")


@bounds_text_argument(0)
def extract_texts(text: str) -> list[str]:
    """Quoted spans of `text`, in order: '...', "...", “...”, ‘...’ (an apostrophe inside a word is no quote).

    A quote opened after a colon and never closed runs to the end of the text.
    """
    # Linear: the valid closers are indexed once (a search from every opener to the end was quadratic on
    # text such as "'a 'a 'a ..."), and the last non-space character before each position is kept.
    closer_at: dict[str, list[int]] = {}
    for j, char in enumerate(text):
        if char in _CLOSERS and (j + 1 == len(text) or text[j + 1] in _AFTER_CLOSER or text[j + 1].isspace()):
            closer_at.setdefault(char, []).append(j)
    spans: list[str] = []
    last_solid = ""  # the last non-space character before position i
    i = 0
    while i < len(text):
        opener = text[i]
        if opener in _QUOTE_PAIRS and (i == 0 or text[i - 1] in _BEFORE_OPENER or text[i - 1].isspace()):
            closers = _QUOTE_PAIRS[opener]
            end = _next_closer(closer_at, closers, i + 2)
            if end is not None:
                span = text[i + 1 : end].strip()
                if span:
                    spans.append(span)
                last_solid = text[end]
                i = end + 1
                continue
            if last_solid == ":":
                span = text[i + 1 :].strip().rstrip(closers).strip()
                if span:
                    spans.append(span)
                break
        if not opener.isspace():
            last_solid = opener
        i += 1
    return spans


def _next_closer(closer_at: dict[str, list[int]], closers: str, start: int) -> int | None:
    """The first position from `start` on where one of `closers` closes a quote, or None."""
    ends = []
    for closer in closers:
        positions = closer_at.get(closer, [])
        k = bisect.bisect_left(positions, start)
        if k < len(positions):
            ends.append(positions[k])
    return min(ends) if ends else None


_TEXT_NOUNS = (
    r"(?:review|sentence|text|input|phrase|statement|comment|tweet|post|message|document|passage|claim|"
    r"question|snippet|excerpt|quote|line|words)"
)
# The head of "head: body" when the body is the text: a short request about a text or its prediction.
_TEXT_HEAD = re.compile(
    rf"\b(?:{_TEXT_NOUNS}|following|context|this|here|sentiment|predict\w*|classif\w*|analy[sz]\w*|label\w*)\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|we|us|our)\b", re.IGNORECASE)
_DEICTIC = re.compile(r"\b(?:this|it|that|above|following|these|given)\b", re.IGNORECASE)
_NAMED_TEXT = re.compile(
    rf"\b(?:(?:this|the\s+following)\s+(?:\w+\s+)?{_TEXT_NOUNS}|the\s+following|here)\b|\bthis\s*[?:]$",
    re.IGNORECASE,
)
_REQUEST_START = re.compile(
    r"^\s*(?:can|could|would|will|what|why|how|which|who|where|when|is|are|does|do|did|please|show|give|tell|"
    r"explain|generate|provide|predict|classify|list|describe|find|get|let|i|and|so|but|ok|okay|hey|hi|"
    r"hello|thanks|thank|yes|no|nice|great|cool|good)\b",
    re.IGNORECASE,
)


def _unquoted_text(text: str) -> str | None:
    """A text given without quotes.

    After a short request and a colon ("Sentiment please: a warm film"), before a request about it
    ("Whales are mammals. What is the sentiment of this?"), or after a request naming it ("Is this review
    positive? the plot drags").
    """
    head, colon, body = text.partition(":")
    body = body.strip().strip("'\"“”‘’").strip()
    if colon and len(head.split()) <= 10 and _TEXT_HEAD.search(head) and len(body.split()) >= 2:
        return body
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]
    if len(sentences) >= 2:
        content, request = " ".join(sentences[:-1]), sentences[-1]
        if (
            _DEICTIC.search(request)
            and len(content.split()) >= 3
            and not _FIRST_PERSON.search(content)
            and not _REQUEST_START.match(content)
        ):
            return content.strip()
        first, rest = sentences[0], " ".join(sentences[1:])
        if (
            first.rstrip().endswith(("?", ":"))
            and _NAMED_TEXT.search(first)
            and len(rest.split()) >= 3
            and not _FIRST_PERSON.search(rest)
        ):
            return rest.strip()
    return None


def pasted_request(span: str, schema: HostSchema | None) -> bool:
    """Whether a quoted `span` is a request pasted into the turn, not a text to classify: on a tabular host, a quote
    of four words or more ('Customer asks: "why was bike 500077 pulled?"'); its words and ids are the request's.
    """
    return schema is not None and schema.kind != "text" and len(span.split()) >= 4
