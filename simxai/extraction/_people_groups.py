"""Groups of people named by a word ("on women", "for the men"): the condition a feature that codes sex by name
gives them, or the words as written when no feature does (`_groups.extract_group`).
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema

__all__ = ["PEOPLE_GROUP", "sex_group", "uncoded_sex_words"]

# Words that name a group of people by sex, and the category words a data set may code them with.
_SEX_GROUPS = (
    (r"women|woman|females?|girls|ladies", ("female", "females", "f", "woman", "women")),
    (r"men|man|males?|boys|gentlemen", ("male", "males", "m", "man", "men")),
)
PEOPLE_GROUP = re.compile(
    r"\b(?P<w>women|woman|females?|girls|ladies|men|man|males?|boys|gentlemen|elderly|seniors|children|kids|adults|"
    r"(?:older|younger|young|old)\s(?:people|ones|adults))\b",
    re.IGNORECASE,
)


def sex_group(text: str, schema: HostSchema) -> str | None:
    """The condition for a group of people named by sex ("on women"), when a feature codes it by name."""
    found: list[str] = []
    for match in PEOPLE_GROUP.finditer(text):
        word = match.group("w").lower()
        for pattern, codes in _SEX_GROUPS:
            if re.fullmatch(pattern, word):
                for feature in schema.features:
                    category = next((c for c in feature.categories or [] if c.lower() in codes), None)
                    if category is not None:
                        found.append(f"{feature.name} = {category}")
                        break
    # "men vs women": both, for `alternatives` to split
    return " and ".join(dict.fromkeys(found)) or None


def uncoded_sex_words(text: str) -> list[str]:
    """The words naming a group of people by sex ("women", "men"), as written."""
    words = [m.group("w").lower() for m in PEOPLE_GROUP.finditer(text)]
    return [w for w in dict.fromkeys(words) if any(re.fullmatch(pattern, w) for pattern, _codes in _SEX_GROUPS)]
