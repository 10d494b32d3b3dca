"""Words of a cue split by any whitespace (claims-35).

The guard's readers wrote comparison words with a literal space ("less than", "at least", "no more than",
"close to"), so "less  than", or a wrapped line between "at" and "least", read as no comparison. `spaced` is the
one place that turns each space of such an alternation into any run of whitespace; each reader builds its
comparison words through it.
"""

from __future__ import annotations

__all__ = ["GAP", "spaced"]

#: The gap between two words of a cue: any run of whitespace, a line break too.
GAP = r"\s+"


def spaced(words: str) -> str:
    """The regular expression `words` (alternatives whose words are split by single spaces) with each space `GAP`.

    Only for alternations of words: a space inside a lookbehind must stay literal (its width is fixed).
    """
    return words.replace(" ", GAP)
