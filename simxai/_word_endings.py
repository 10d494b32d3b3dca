"""A word without an inflectional or derivational ending: the one stemmer shape the readings share.

Several readings compare words by stem, each with its own list of endings (a unit's "steepness" beside
"steep", a feature's "sessions" beside "session", a class name's "smaller" beside "small", a bound's "turned"
beside "turn"). They all strip the same way: the first ending of the list the word ends in, as long as four
letters or more stay, so that short words ("less", "bus", "red") are never cut. `without_ending` is that rule;
each caller keeps its own endings, in the order it tries them.
"""

from __future__ import annotations

__all__ = ["without_ending"]

#: Letters a stem keeps at least.
MIN_STEM = 4


def without_ending(word: str, endings: tuple[str, ...]) -> str:
    """`word` lowercased, without the first of `endings` it ends in that leaves `MIN_STEM` letters or more.

    Args:
        word: the word.
        endings: the endings tried, in order (longer ones first where one ends another: "ings" before "s").

    Returns:
        The lowercased word, its ending removed, or the lowercased word when no ending applies.
    """
    low = word.lower()
    for ending in endings:
        if low.endswith(ending) and len(low) - len(ending) >= MIN_STEM:
            return low[: -len(ending)]
    return low
