"""A group value the host does not have, in a turn about a categorical feature: "f1 for region = central" asks
"There is no region 'central': the region values are east, north, south or west. Which did you mean?".

The word after a categorical feature's name (or "in the X region" before it) is read as an attempt at one of its
values, unless it is a word of the request ("region feature", "plan matter"), one of its values or a form of one,
the host's noun for its instances ("the oak chips loads"), or the feature's word sits inside a value said in full
("oak chips" where "chips" is the feature's alias).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.extraction.mentions import category_form, feature_mentions
from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["NOT_A_VALUE", "listing", "names", "unknown_category"]

# Words after a categorical feature's name that are no value of it ("region feature", "plan matter").
NOT_A_VALUE = frozenset(
    "a an the and or of in on for to by with is are was were be it its this that these those than then as at "
    "feature features variable column value values matter matters matter? importance important effect effects "
    "affect affects influence impact role count counts distribution breakdown stats statistics split mean "
    "average only group subgroup groups people patients customers members and? please pls whole entire same "
    "other each every different specific given first second all any some more less most least much many "
    "does do did have has had not no yes how what why which who where when there here so "
    # the system's own nouns after a feature's word ("how good is the pony model"): what is asked about, no value
    "model models classifier predictor prediction predictions "
    # adverbs that end a group's name ("for the smokers alone", "the east region instead")
    "instead too also alone specifically particularly especially separately then now again".split()
)
# Possessive determiners before a feature's name ("of their plan"): whose it is, no value of it.
_POSSESSIVES = frozenset("my your his her our their whose".split())
# The values of a feature that is present or absent ("smoker": yes / no): it is named by itself ("smokers",
# "households with solar panels"), so the word after it is never an attempt at a value.
_PRESENCE = frozenset("yes no true false y n 0 1".split())


def names(feature: FeatureSchema) -> list[str]:
    return [feature.name.lower(), *(a.lower() for a in feature.aliases)]


def listing(values: Sequence[str]) -> str:
    values = list(values)
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def _within_value(text: str, start: int, end: int, feature: FeatureSchema) -> bool:
    """Whether the words at `start`-`end` (a feature's alias, "chips") lie inside one of its values said in full."""
    for category in feature.categories or []:
        pattern = r"[\s_-]+".join(re.escape(w) for w in re.split(r"[\s_-]+", category))
        if any(m.start() <= start and end <= m.end() for m in re.finditer(rf"\b{pattern}\b", text, re.IGNORECASE)):
            return True
    return False


# The words that lead into a group named by a value before its feature's name ("on silk fibre bolts", "of the silk
# fibre bolts", "how many silk fibre bolts"): the word between them and the feature's name is an attempt at a value.
_LEADS_INTO_A_GROUP = re.compile(
    r"\b(?:in|from|for|of|on|among|with|about|all|how\s+many)\s+(?:(?:the|all\s+the|those|these)\s+)?"
    r"(?P<v>[a-z][a-z0-9_-]*)\s*$",
    re.IGNORECASE,
)


def unknown_category(text: str, schema: HostSchema, after_name: bool = True) -> str | None:
    """The question for a value of a categorical feature that the feature does not have, or None.

    With `after_name` False only a value said before the feature's name is read ("the silk fibre bolts"): a word
    after the name may be what a data question asks of it ("fibre shares").
    """
    for mention in feature_mentions(text, schema):
        feature = mention.feature
        if feature.type != "categorical" or not feature.categories:
            continue
        known = {c.lower() for c in feature.categories} | set(names(feature))
        said = text[mention.start : mention.end].lower()
        if said in {c.lower() for c in feature.categories} or _within_value(text, mention.start, mention.end, feature):
            continue  # "the dark ones" where an alias ends in a value ("how dark"), "oak chips": the value, said
        # "smokers", "renters": the noun for the group's members names it, so the next word is no value either
        plural = said.endswith("s") and said not in known
        present = {c.lower() for c in feature.categories} <= _PRESENCE
        after = (
            None
            if plural or present or not after_name
            else re.match(r"\s*(?:=|==|:|is|of)?\s*(?P<v>[a-z0-9][a-z0-9_-]*)\b", text[mention.end :], re.IGNORECASE)
        )
        before = re.search(r"\b(?:in|from|for|of|on)\s+the\s+(?P<v>[a-z][a-z0-9_-]*)\s*$", text[: mention.start], re.I)
        if before is None and not plural and not present:
            # ("young smokers", "female renters": a word said of the members that the plural names, not a value)
            before = _LEADS_INTO_A_GROUP.search(text[: mention.start])
        values = "|".join(re.escape(c).replace("_", r"[_\s-]") for c in feature.categories)  # "asia-europe"
        if re.search(rf"\b(?:{values})[\s-]+$", text[: mention.start], re.I):
            after = None  # "business purpose loans", "west-facing slopes": the value comes first, then a noun
        if re.search(r"\b(?:which|what)\s+(?:[\w'-]+\s+){0,2}$", text[: mention.start], re.I):
            after = None  # "which purpose gets the best rates?": the feature asked about, then the question's verb
        for found in (after, before):
            if found is None:
                continue
            value = found.group("v").lower().replace("-", "_")  # "the city-centre branch": city_centre
            # a number is no value of a feature whose values are words ("Lock 9" of top_lock, middle_flight ...),
            # unless it may be an id or the values hold numbers
            numbered = value.isdigit() and (schema.has_id(int(value)) or any(ch.isdigit() for c in known for ch in c))
            noun = (schema.instance_noun or "").lower()
            if (
                value in known
                or value in NOT_A_VALUE
                or value in _POSSESSIVES
                or numbered
                or any(value in c.lower() for c in known)
            ):
                continue
            if present and value.strip("_") in ("non", "un"):  # "the non-serviced ones": the feature's no, said
                continue
            if noun and value in (noun, noun + "s", noun + "es"):  # "the oak chips loads": the host's noun, no value
                continue
            if category_form(value, feature.categories) is not None:
                continue  # "the ECT propagated": a form of the value propagation
            name = feature.name.replace("_", " ")
            return (
                f"There is no {name} '{found.group('v')}': the {name} values are {listing(feature.categories)}. "
                "Which did you mean?"
            )
    return None
