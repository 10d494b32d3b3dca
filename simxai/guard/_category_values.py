"""A subject said to hold a category of a column that is not its own (claims-46, helper gfa39).

"The heavy new-ingot bell (827 kg, ...) is called flawed" of a bell cast from scrap bronze, "Flight 137944 - 11.4
knots off the meadow" of a flight from the airstrip: a writer describes the subject by its values, and a word value
swapped for another category of the same column went unread (the guard read the numbers only). The host's schema
lists each categorical column's categories (`Vocabulary.categories`); the outputs give each subject's own value
(`Facts.categories`).

Read only when every output is about subjects as they are (a prediction, an explanation: no what-if, no
counterfactual, no kept range, whose old and new values a reply says side by side), in a sentence that is not a
question, for a category of two letters or more words' length that is no truth value, no common word and no class's
or feature's word. The category said must be some subject's own value of its column: the subject the sentence names
by id, or else any subject of the outputs. Not read when the sentence also says a subject's own category of that
column, or sets values against each other or supposes them ("instead of", "rather than", "if", "would", "not",
"unlike", an arrow), or the user's own words hold the category.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._causes import _COMMON
from simxai.guard._facts import Facts
from simxai.guard._mentions import compared_name, name_words

__all__ = ["category_value_claims"]

#: Categories that say no kind of thing: truth values, empty values, degrees and a pronoun's word.
_NO_CATEGORY = frozenset(
    "true false yes no none null nan unknown missing other own high low medium mid any all some both".split()
)
#: A sentence that sets values against each other, supposes one or denies one: its categories are no description.
_CONTRAST = re.compile(
    r"\b(?:instead|rather|than|if|would|could|were|unless|not|never|no|unlike|versus|vs|whereas|while|but|"
    r"switch\w*|swap\w*|chang\w*|mov(?:e|ed|ing)|turn\w*)\b|n't\b|→|->|⇒|\bfrom\b[^.;:]{1,40}\bto\b",
    re.I,
)


def _said(category: str, text: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(category)}(?![\w])", text) is not None


def category_value_claims(
    sentence: str,
    facts: Sequence[Facts],
    categories: Mapping[str, Sequence[str]],
    ids: Sequence[int],
    reserved: set[str],
    context: str = "",
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each category of a column that `sentence` says of the outputs' subjects.

    Args:
        sentence: one sentence of the reply.
        facts: the facts of each output.
        categories: each categorical feature's categories, from the host's schema.
        ids: the subjects the sentence names by id (none: every subject of the outputs).
        reserved: words that are the host's own names (classes, features, the instance noun), lower case.
        context: the user's own words.
    """
    if not categories or sentence.rstrip().endswith("?"):
        return
    if any(f.changes or f.what_if or f.options or f.kept or f.still or f.rewrites for f in facts):
        return
    if not any(f.categories for f in facts) or _CONTRAST.search(sentence):
        return
    subjects = [f for f in facts if f.subject_id is not None and f.categories]
    if ids:
        subjects = [f for f in subjects if f.subject_id in ids]
    if not subjects:
        return
    text, heard = compared_name(sentence), compared_name(context)
    for feature, kinds in categories.items():
        key = feature.lower()
        own = {compared_name(f.categories[key]) for f in subjects if key in f.categories}
        if not own or any(_said(o, text) for o in own):
            continue
        for category in {compared_name(c) for c in kinds} - own:
            words = name_words(category)
            if (
                len(category) < 3
                or category in _NO_CATEGORY
                or all(w in _COMMON or w in _NO_CATEGORY or w in reserved for w in words)
                or not _said(category, text)
                or _said(category, heard)
            ):
                continue
            yield f"category {key} '{category}'", False
