"""A change of a categorical column said with its two categories (claims-47, helper gfa40).

"Launch from the school field instead of the airstrip" of a counterfactual that moves the flight to the meadow,
"had it turned up in the city park instead of the public library" of a what-if from the park to the library,
"switching the site from the estuary to the bay" of a change the other way: a writer gives a categorical change as
its two ends, and a swapped or invented end went unread (the guard read the numbers' ends only, `_swapped_ends`).

A pair is read where its words say which end is the new one: "from A to B" and "A → B" (B is new), and "B instead
of A" or "B rather than A" in a sentence that supposes the change ("would", "if", "had", "with", "to get": without
such a cue, "it is sand instead of loam" may set today's value against the one needed). Both ends must be
categories of one column in the host's schema (`Vocabulary.categories`; no truth value, degree or common word), the
outputs must change that column, and the user's words must not hold the pair. The pair must then be one of that
column's changes (old, new) in the outputs; the pair the other way round, or with a category no change gives, is
unsupported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

__all__ = ["category_change_claims"]

#: Categories that say no kind of thing: truth values, empty values and degrees.
_NO_CATEGORY = frozenset("true false yes no none null nan unknown missing other high low medium mid any all".split())
#: A sentence that supposes a change: its "B instead of A" gives the new end first.
_SUPPOSED = re.compile(
    r"\b(?:would|if|were|had|could|with|without|to\s+(?:get|be|make|turn|tip|flip|reach|come)|takes?|needs?)\b"
    r"|'d\b",
    re.I,
)
_LEAD = r"(?:(?:the|a|an|its|their)\s+)?"


def _spelled(text: str) -> str:
    """`text` in lower case with hyphens and underscores as spaces ("new-ingot" reads "new ingot")."""
    return re.sub(r"[-_]+", " ", text.lower())


def category_change_claims(
    sentence: str,
    changes: Mapping[str, Sequence[tuple[Any, Any]]],
    categories: Mapping[str, Sequence[str]],
    context: str = "",
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each categorical change `sentence` gives by its two ends.

    Args:
        sentence: one sentence of the reply.
        changes: feature (lower case) -> its (old, new) values in the outputs' what-ifs and counterfactuals.
        categories: each categorical feature's categories, from the host's schema.
        context: the user's own words.
    """
    if not changes or not categories or sentence.rstrip().endswith("?"):
        return
    text, heard = _spelled(sentence), _spelled(context)
    supposed = _SUPPOSED.search(text) is not None
    for feature, kinds in categories.items():
        pairs = changes.get(feature.lower())
        if not pairs:
            continue
        said = sorted({_spelled(k) for k in kinds if len(k) > 2 and _spelled(k) not in _NO_CATEGORY}, key=len)
        if len(said) < 2:
            continue
        one = "|".join(re.escape(k) for k in reversed(said))
        cat = rf"(?<![\w])(?:{one})(?![\w])"
        forms = [
            (re.compile(rf"\bfrom\s+{_LEAD}(?P<old>{cat})\s+to\s+{_LEAD}(?P<new>{cat})"), True),
            (re.compile(rf"(?P<old>{cat})\s*(?:→|->|=>)\s*(?P<new>{cat})"), True),
            (
                re.compile(rf"(?P<new>{cat})(?:\s+\w+)?\s+(?:instead\s+of|rather\s+than)\s+{_LEAD}(?P<old>{cat})"),
                supposed,
            ),
        ]
        known = {(_spelled(str(old)), _spelled(str(new))) for old, new in pairs}
        for pattern, read in forms:
            for m in pattern.finditer(text) if read else ():
                old, new = m.group("old"), m.group("new")
                if old == new or (old in heard and new in heard):
                    continue
                yield f"change {feature.lower()} from {old} to {new}", (old, new) in known
