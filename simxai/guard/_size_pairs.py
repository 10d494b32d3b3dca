"""Two features compared by size, then their pair of numbers (claims-45, gfb38).

A reply that compares two features' weights often gives both numbers at the end, in the order it named the
features: "the credit score counts for about twice as much as debt-to-income here (0.27 vs 0.14)", "wind and cloud
are nearly equal (0.12 vs 0.10)", "cloud height counts for about half again as much as wind (0.100 vs 0.068)". Read
as written, both numbers are bound to the feature named last before them, so the first feature's number is a false
alarm there. `_respective` reads such a pair after one-word names and a comparative ("A is higher than B (x vs y)");
here any two features (spaced and bracketed names, aliases, quoted words of a text model), whatever words compare
them, give the pair in their order: the text is rewritten "A (x) ... B (y)", so each number is bound to its own
feature by the usual readings. Only when the stretch before the pair names exactly two features and no other number.

A number said without a sign in a comparison of sizes ("twice as much as", "three times as important as", "nearly
equal") is a size: `compared_sizes` tells the number readings to take the absolute values of the contributions, as a
push said against the label is (`_units.unsigned_push`).
"""

from __future__ import annotations

import re

from simxai.guard._group_totals import TOTAL_WORDS
from simxai.guard._mentions import find_mentions
from simxai.guard._prefilter import gated

__all__ = ["compared_sizes", "size_pairs"]

_NUMBER = r"\d+(?:\.\d+)?|\.\d+"
#: "(x vs y)", "(x versus y)", "(x against y)", "(x to y)": a pair of plain numbers in brackets ending a stretch.
_PAIR = gated(rf"[ \t]*\(\s*(?P<x>{_NUMBER})\s*(?:vs\.?|versus|against|to)\s*(?P<y>{_NUMBER})\s*\)")
#: Where the stretch before a pair starts: a sentence's or a clause's break.
_BREAK = re.compile(r"[.;:!?\n](?=\s)|[.;:!?\n]$|—|–")
#: Words that compare two sizes.
_SIZES = re.compile(
    r"\b(?:(?:\w+|half)\s+times\s+as|twice\s+as|thrice\s+as|half\s+(?:again\s+)?as|as\s+(?:much|heavily|strongly|"
    r"important|big|large|great)\s+as|(?:nearly|roughly|about|almost|near(?:ly)?|practically)\s+(?:equal|level|"
    r"the\s+same)|on\s+a\s+par|neck\s+and\s+neck)\b",
    re.I,
)

#: A total of several features in the stretch: its pair is the totals', not two features' (claims-52).
_TOTALS = re.compile(rf"\b{TOTAL_WORDS}\b", re.I)


def size_pairs(text: str, features: dict[str, str], quoted_only: set[str]) -> str:
    """`text` with each pair after two features written beside them: "A ... B (x vs y)" as "A (x) ... B (y)".

    Args:
        text: the reply.
        features: each spelling of a feature (name or alias) and the feature it names.
        quoted_only: spellings read only in quotes (a text model's words).
    """
    out: list[str] = []
    done = 0
    for pair in _PAIR.finditer(text):
        breaks = [b.end() for b in _BREAK.finditer(text, done, pair.start())]
        start = max([done, *breaks])
        stretch = text[start : pair.start()]
        if re.search(r"\d", stretch):
            continue  # the stretch states numbers of its own: whose the pair's are is not read here
        if _TOTALS.search(stretch):
            continue  # "A and B together outweigh the other eight combined (x vs y)": two totals (`_group_totals`)
        found = find_mentions(stretch, features, quoted_only=quoted_only)
        named = {features.get(m.name, m.name) for m in found}
        if len(found) != 2 or len(named) != 2:
            continue
        first, second = sorted(found, key=lambda m: m.start)
        # the quote closing a quoted name stays with it
        a_end = first.end + (1 if first.quoted else 0)
        b_end = second.end + (1 if second.quoted else 0)
        out.append(text[done:start])
        out.append(f"{stretch[:a_end]} ({pair.group('x')}){stretch[a_end:b_end]} ({pair.group('y')}){stretch[b_end:]}")
        done = pair.end()
    out.append(text[done:])
    return "".join(out)


def compared_sizes(clause: str) -> bool:
    """Whether `clause` compares two sizes in words ("twice as much as", "nearly equal"): its unsigned numbers of
    contributions are sizes.
    """
    return _SIZES.search(clause) is not None
