"""How many results a request asks for: "give me 3 counterfactuals", "three ways", "cf for 12, two please".

A count is a small number before a noun of what is counted (ways, options, changes, things), or a clause of its own
at the end of the request; a number that is the instance's id, or any number of 100 or more, is no count of results.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from simxai.extraction._lexicon import _NUMBER_WORDS
from simxai.textbounds import bounds_text_argument

__all__ = ["BARE_COUNT", "extract_count"]

_COUNT_NOUNS = (
    r"(?:different\s+|more\s+|other\s+|alternative\s+|possible\s+|distinct\s+|new\s+)?"
    # "three sets of changes", "two combinations of tweaks": the sets are what is counted
    r"(?:(?:sets?|combinations?|combos?|packages?|bundles?)\s+of\s+)?"
    r"(?:counterfactuals?|examples?|ways?|options?|alternatives?|changes?|explanations?|scenarios?|versions?|"
    r"variants?|variations?|iterations?|ones|possibilities|solutions|suggestions|edits|tweaks|rewrites?|"
    r"paths?|routes?|ideas?|plans?|fixes|strategies|approaches|recipes?|proposals?|recommendations?|"
    r"combinations?|combos?|pieces|pcs|things|steps|measures|actions|of\s+them)"
)
_COUNT = re.compile(
    rf"\b(?P<n>\d+|{'|'.join(sorted(_NUMBER_WORDS, key=len, reverse=True))})\s+{_COUNT_NOUNS}\b",
    re.IGNORECASE,
)


def _number_value(token: str) -> int | None:
    token = token.lower().strip()
    if token.isdigit():
        return int(token)
    return _NUMBER_WORDS.get(token)


# A turn that is only a count ("four", "just 3 please"), the answer to "how many?". Each optional part starts with
# its own word, so no two `\s*` compete for one run of spaces.
BARE_COUNT = re.compile(r"\s*(?:just\s+|only\s+)?(\d+|[a-z]+)(?:\s*please)?(?:\s*[.!])?\s*", re.IGNORECASE)


# A count said as a clause of its own at the end of the request ("counterfactuals for 45079, two please", "cf for
# 12: 3 of them", "..., give me 3", "? I'd like 2 of those"): after a comma, colon or dash, a small number, politeness.
_TRAILING_COUNT = re.compile(
    r"(?:[,;:–—-]|\?(?=\s))\s*(?:(?:give|show|send)\s+me|i\s+(?:want|need)|i'?d\s+like)?\s*(?:(?:just|only|maybe|say|like)\s+)?"
    rf"(?P<n>\d{{1,2}}|{'|'.join(sorted(_NUMBER_WORDS, key=len, reverse=True))})"
    r"(?:\s+(?:of\s+them|of\s+those|please|pls|plz|thanks?|thx|max|at\s+most|would\s+do|will\s+do|is\s+enough|"
    r"(?:is|are|would\s+be|will\s+be)\s+(?:fine|ok|okay|plenty|enough|good)))*\W*$",
    re.IGNORECASE,
)


# A bound right before the number makes it a group's ("income over 80 of them", "those above 40 of them"): one number,
# one reading, so it counts no results ("more than" / "at most" may well bound a count, and stay one).
_BOUND_BEFORE = re.compile(
    r"\b(?:over|under|above|below|beyond|(?:higher|lower|greater|older|younger|bigger|smaller)\s+than)\s*$",
    re.IGNORECASE,
)


@bounds_text_argument(0)
def extract_count(text: str, ids: Collection[int] = ()) -> int | None:
    """How many results a request asks for ("give me 3 counterfactuals" -> 3, "three ways" -> 3, "cf for 12, two
    please" -> 2). A number that is one of `ids` is no count ("what could 88012 change? 2 ideas" -> 2).
    """
    counts = [
        m
        for m in (*_COUNT.finditer(text), *_TRAILING_COUNT.finditer(text))
        if m is not None and not _BOUND_BEFORE.search(text[: m.start("n")])
    ]
    # a count of results is small: "the owner of 139603 change ...? 3 options" counts 3, whatever reads the id
    small = [m for m in counts if (_number_value(m.group("n")) or 0) < 100]
    unclaimed = (m for m in (*small, *counts) if _number_value(m.group("n")) not in ids)
    match = next(unclaimed, counts[0] if counts else None)
    if match:
        return _number_value(match.group("n"))
    bare = BARE_COUNT.fullmatch(text)
    return _number_value(bare.group(1)) if bare else None
