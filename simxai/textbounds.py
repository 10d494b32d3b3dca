r"""Bounds on the text a parser sees, so that no input makes a regular expression take more than linear time.

Python's `re` backtracks: a pattern with two `\s*` in a row is quadratic on a run of spaces, three are
cubic, and `re` holds the GIL, so one such call froze the whole server. Every public parser therefore
reads its text through `bounded_text` first:

* a run of whitespace becomes one space (one newline when it holds one), so no pattern meets a long run;
* digit runs longer than `MAX_DIGITS` become an ellipsis, so no `int()` meets Python's 4,300-digit limit
  and no parser takes such a run for an id, a count or a value;
* at most `MAX_PARSE_CHARS` characters are read (a chat message is shorter: `SIMXAI_MAX_MESSAGE_CHARS`).

`tests/reliability/test_linear_parsers.py` feeds 64 KB adversarial strings to every public parser and holds
each to a bound relative to a linear baseline.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = [
    "MAX_DIGITS",
    "MAX_PARSE_CHARS",
    "bounded_text",
    "bounded_with_origins",
    "bounds_span_text",
    "bounds_text_argument",
    "digits_too_long",
]

#: The longest text a parser reads; longer text is cut (after whitespace runs are collapsed).
MAX_PARSE_CHARS = 8192
#: The longest digit run read as a number: far beyond any id, count or feature value.
MAX_DIGITS = 100

_RUN = re.compile(rf"\s{{2,}}|\d{{{MAX_DIGITS + 1},}}")
_LONG_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")

P = ParamSpec("P")
R = TypeVar("R")
Spans = list[tuple[int, int]]


def _replacement(run: str) -> str:
    if not run[0].isspace():
        return "…"  # a digit run too long to be a number
    return "\n" if "\n" in run else " "


def bounded_text(text: str, limit: int = MAX_PARSE_CHARS) -> str:
    """`text` as parsers may read it: whitespace runs collapsed, over-long digit runs masked, at most `limit`
    characters. Text that needs none of that is returned as is (the usual case costs one linear scan).
    """
    # Collapsing cannot shorten by more than this factor what is left to read.
    text = text[: 4 * limit]
    return _RUN.sub(lambda m: _replacement(m.group()), text)[:limit]


def bounded_with_origins(text: str, limit: int = MAX_PARSE_CHARS) -> tuple[str, list[int], list[int]]:
    """`bounded_text(text)`, with where each of its characters starts and ends in `text`."""
    text = text[: 4 * limit]
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    position = 0
    for match in _RUN.finditer(text):
        pieces += [text[position : match.start()], _replacement(match.group())]
        starts += [*range(position, match.start()), match.start()]
        ends += [*range(position + 1, match.start() + 1), match.end()]
        position = match.end()
    pieces.append(text[position:])
    starts += range(position, len(text))
    ends += range(position + 1, len(text) + 1)
    return "".join(pieces)[:limit], starts[:limit], ends[:limit]


def digits_too_long(text: str) -> bool:
    """Whether `text` holds a digit run longer than `MAX_DIGITS` (which no id or value can be)."""
    return _LONG_DIGITS.search(text) is not None


def bounds_span_text(parse: Callable[P, Spans]) -> Callable[P, Spans]:
    """Decorate a parser that returns `(start, end)` spans of its first argument: it reads the bounded text,
    and its spans are mapped back onto the text it was given.
    """

    @functools.wraps(parse)
    def bounded(*args: P.args, **kwargs: P.kwargs) -> Spans:
        text = args[0] if args else None
        if not isinstance(text, str):
            return parse(*args, **kwargs)
        short, starts, ends = bounded_with_origins(text)
        if short == text:
            return parse(*args, **kwargs)
        spans = parse(*[short, *args[1:]], **kwargs)  # type: ignore[arg-type]
        return [(starts[a] if a < len(starts) else len(text), ends[b - 1] if b > a else starts[a]) for a, b in spans]

    return bounded


def bounds_text_argument(position: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a parser so that its positional argument `position` (a text) goes through `bounded_text`."""

    def decorate(parse: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(parse)
        def bounded(*args: P.args, **kwargs: P.kwargs) -> R:
            text = args[position] if len(args) > position else None
            if isinstance(text, str):
                values = [*args[:position], bounded_text(text), *args[position + 1 :]]
                return parse(*values, **kwargs)  # type: ignore[arg-type]
            return parse(*args, **kwargs)

        return bounded

    return decorate
