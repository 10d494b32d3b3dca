"""A category value named by one word of its several-word name: "on the stoneware" of `clay = white stoneware`, "the
earthenware ones" of `clay = red earthenware`, "for the beans" of `crop = butter bean`.

People shorten a value of several words to the word that tells it apart from the others. The word names that value
when it is a word of exactly one category of the host (no other value, no feature name or alias, no class name and
not the instance noun holds it) and stands where a group is named: after "on / for / among / of (the)" and before
the end of the clause or a noun of rows ("ones", the instance noun's plural). "for high earners" names no
`education = high school`: "earners" is no noun of rows. The reading is the router's, after it has selected a
function; the selector's masked text does not read it.
"""

from __future__ import annotations

import re

from simxai.extraction._group_values import _METRIC_LEAD
from simxai.extraction._lexicon import _GROUP_NOUNS, _PEOPLE_NOUNS, _group_noun
from simxai.hosts.base import HostSchema, regular_plural

__all__ = ["value_by_part"]

# Words a value's name holds that tell nothing apart (a word must have at least four letters to count at all)
_PLAIN = frozenset("with without than only none other more less over under very just into from that this".split())


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s_-]+", name.lower()) if w]


def _owners(schema: HostSchema) -> dict[str, list[tuple[str, str]]]:
    """Each word of a several-word category, with the (feature, category) pairs whose names hold it."""
    owners: dict[str, list[tuple[str, str]]] = {}
    for feature in schema.features:
        if feature.type != "categorical":
            continue
        for category in feature.categories or []:
            for word in set(_words(str(category))):
                owners.setdefault(word, []).append((feature.name, str(category)))
    return owners


def _taken(schema: HostSchema) -> set[str]:
    """Words the host uses for something other than a value: its features' names and aliases, its classes, its noun."""
    names = [f.name for f in schema.features] + [a for f in schema.features for a in f.aliases]
    names += list(schema.class_names or []) + [schema.instance_noun or ""]
    words = {w for name in names for w in _words(str(name))}
    return words | {regular_plural(w) for w in words}


def value_by_part(text: str, schema: HostSchema | None) -> str | None:
    """The condition "feature = category" a group-naming phrase of `text` names by one word of the category's
    several-word name ("precision on stoneware" -> `clay = white stoneware`), or None when no such word stands where a
    group is named, or when the word could be more than one value.
    """
    if schema is None or schema.kind == "text":
        return None
    owners, taken = _owners(schema), _taken(schema)
    nouns = f"{_GROUP_NOUNS}|{_PEOPLE_NOUNS[3:-1]}" + (f"|{_group_noun(schema)}" if schema.instance_noun else "")
    tail = re.compile(rf"\s*(?:$|[.,;:?!)]|\s(?:and|but|then|please)\b)|\s+(?:{nouns})\b", re.IGNORECASE)
    found: set[str] = set()
    for match in re.finditer(r"[A-Za-z]{4,}", text):
        word = match.group().lower()
        forms = (word, word[:-1], word[:-2])
        singular = next((s for s in forms if s in owners and (s == word or regular_plural(s) == word)), None)
        if singular is None or singular in _PLAIN or word in taken or singular in taken:
            continue
        pairs = owners[singular]
        if len(pairs) != 1 or len(_words(pairs[0][1])) < 2:
            continue  # a value said whole is read elsewhere; a word of two values names neither
        led = re.search(_METRIC_LEAD, text[max(0, match.start() - 30) : match.start()], re.IGNORECASE)
        if led is None or tail.match(text[match.end() :]) is None:
            continue
        feature, category = pairs[0]
        if re.search(rf"(?<![\w-]){re.escape(category).replace('_', '[_ -]')}", text, re.IGNORECASE):
            continue  # the whole value is said: the group readings have it
        found.add(f"{feature} = {category}")
    return found.pop() if len(found) == 1 else None
