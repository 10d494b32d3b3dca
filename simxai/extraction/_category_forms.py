"""A category said in another form of its word: "the ECT propagated" names `propagation`, "renting" names `rent`."""

from __future__ import annotations

from collections.abc import Sequence

from simxai.normalize import word_stems

__all__ = ["category_form"]

# A shared root of at least this many letters, leaving at most `_ENDING` letters of either word ("propagat" +
# "ed" / "ion"), makes two words forms of one.
_ROOT = 5
_ENDING = 4


def _shared_root(a: str, b: str) -> bool:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n >= _ROOT and n >= max(len(a), len(b)) - _ENDING


def category_form(word: str, categories: Sequence[str]) -> str | None:
    """The one category of `categories` that `word` is a form of ("propagating" -> propagation), or None.

    A category of several words ("no_propagation") is said whole, and a short one ("no", "yes") has no forms; when
    the word is a form of two categories, it names neither.
    """
    lower = word.lower().replace("-", "_")
    exact = next((c for c in categories if c.lower() == lower), None)
    if exact is not None:
        return exact
    if len(lower) < _ROOT:
        return None
    stems = word_stems(lower)
    found = {
        c
        for c in categories
        if "_" not in c
        and " " not in c
        and len(c) >= 4
        and (stems & word_stems(c.lower()) or _shared_root(lower, c.lower()))
    }
    return found.pop() if len(found) == 1 else None
