"""A category of several words named by one of its words: "the tomato trays" for `crop = cherry tomato`.

People name a value by the word of it that tells it apart ("the peppers" for sweet pepper, "the spruce" for sitka
spruce, "the sandy ones" for sandy loam). A word binds to its category only when it is a word of that one category
of the whole host: a word two categories share ("loam" of clay loam and sandy loam) names neither, and a word of a
feature's name, an alias, a class or the instance noun is that, not a value.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema
from simxai.turn_memo import per_host

__all__ = ["category_word_forms"]

# Words too common to name a value by themselves, however the host spells its categories.
_COMMON = frozenset("with than from over under into more less other others none some that this their".split())
# A shorter word is too easily a word of the question itself ("all", "new", "old").
_SHORTEST = 4


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s_-]+", name.lower()) if w]


@per_host
def _unique_words(schema: HostSchema) -> dict[str, tuple[str, str]]:
    """Each word that names one category of several words of one feature: word -> (feature, category)."""
    owners: dict[str, set[tuple[str, str]]] = {}
    for feature in schema.features:
        for category in feature.categories or []:
            for word in set(_words(category)):
                owners.setdefault(word, set()).add((feature.name, category))
    taken = {w for name in schema.class_names for w in _words(name)}
    taken |= {w for f in schema.features for name in (f.name, *f.aliases) for w in _words(name)}
    taken |= set(_words(schema.instance_noun or ""))
    unique: dict[str, tuple[str, str]] = {}
    for word, named in owners.items():
        if len(named) != 1 or word in taken or word in _COMMON or len(word) < _SHORTEST or not word.isalpha():
            continue
        owner = next(iter(named))
        if len(_words(owner[1])) > 1:
            unique[word] = owner
    return unique


def category_word_forms(feature: str, category: str, schema: HostSchema) -> list[str]:
    """The words that name `category` of `feature` by themselves, longest first; none for a one-word category."""
    words = [w for w, owner in _unique_words(schema).items() if owner == (feature, category)]
    return sorted(words, key=len, reverse=True)
