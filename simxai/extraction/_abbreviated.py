"""A column name's abbreviated words said in full: "distance" for `Dist (km)`, "average speed" for `Avg Spd (km/h)`.

People name a feature by the words its name abbreviates ("the mean water temperature" of `Water Temp (C)`). Each
term that already names a feature (`_feature_terms`: the name, its words without the unit, its head noun, an alias)
and holds a word of a short table of abbreviations common in column names (`simxai.hosts.abbreviations`) names it
too with that word written out. A word written out that another feature's name or alias holds names neither (`Dist
(km)` beside `distance_to_road`: "distance" stays unread, as before), and no term the schema has already is taken
over.
"""

from __future__ import annotations

from simxai.hosts.abbreviations import ABBREVIATIONS
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["spelled_out"]


# Words written out that people say of any feature or of the data ("the average age", "the total number"): alone
# they name no feature, though "average speed" names `Avg Spd`.
_SAID_OF_ANY = frozenset({"average", "number", "count", "total", "previous", "estimated", "amount", "quantity"})


def _norm(words: list[str]) -> str:
    return "".join(words).lower()


def spelled_out(schema: HostSchema, strong: dict[str, FeatureSchema]) -> dict[str, FeatureSchema]:
    """`strong` with each of its terms that holds an abbreviated word also written out, for the same feature."""
    owners: dict[str, set[str]] = {}
    for feature in schema.features:
        for term in (feature.name, *feature.aliases):
            for word in name_words(term):
                owners.setdefault(word, set()).add(feature.name)
    added: dict[str, FeatureSchema] = {}
    for feature in schema.features:
        for term in (feature.name, *feature.aliases):
            words = [w for w in name_words(term) if w[:1].isalpha()]
            for start in range(len(words)):
                for end in range(start + 1, len(words) + 1):
                    part = words[start:end]
                    if strong.get(_norm(part)) is not feature or not any(w in ABBREVIATIONS for w in part):
                        continue
                    full = [ABBREVIATIONS.get(w, w) for w in part]
                    if len(full) == 1 and full[0] in _SAID_OF_ANY:
                        continue  # "average" alone is a statistic of any feature, not `Avg` of `Avg Spd`
                    if any(owners.get(w, {feature.name}) != {feature.name} for w in full if w not in part):
                        continue  # "distance" is a word of another feature's name too
                    added.setdefault(_norm(full), feature)
    return {**added, **strong}
