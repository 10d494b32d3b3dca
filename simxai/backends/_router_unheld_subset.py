"""A subset of the instances named by words the host does not hold, which a metric's call would drop.

"How well does it do on the vegetarian patients?", "on the glasgow applicants", "for the trays in Kent": the words
that pick out the subset ("vegetarian", "glasgow", "Kent") are no feature, alias, category or label of the host, so
no group can be read, and the metric would be computed on everyone and stated with confidence. `unheld_subset`
finds such a phrase when no call carries a group, so the router asks which group is meant instead. Words the host
holds are left to the group readings ("on the north benches", "for the rye batches"), and words that name the data
the model is scored on ("the held-out patients", "the trays in the test set") restrict nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from simxai.backends._router_ordinal_bound import ordinal_bound
from simxai.extraction.mentions import DECADES, age_feature
from simxai.followup_context import scored_group
from simxai.hosts.base import FeatureSchema, HostSchema, regular_plural
from simxai.hosts.name_words import name_words
from simxai.messages import ToolCall

__all__ = ["UnheldSubset", "graded_bound", "said_group", "unheld_subset", "unread_part"]

# "on the vegetarian patients", "for the rooftop trays", "among our batches in Leeds": up to two words before a plural
# noun (an s after a letter other than s: "the other class" names no subset) after a preposition and a determiner,
# then a place or property after "in", "from", "at", "near"
_SUBSET = re.compile(
    r"\b(?:on|for|among|across|with|about|in)\s+(?:the|our|my|those|these|all\s+the)\s+"
    r"(?P<words>(?:[a-z][\w'-]*\s+){0,2}?)(?P<noun>[a-z]{2,}[a-rt-z]s)\b"
    r"(?:\s+(?:in|from|at|near|around)\s+(?:the\s+)?(?P<place>[a-z][\w-]*))?",
    re.IGNORECASE,
)
# "on loans with a rotor wash of 3", "for the crates with a tilt score of 2": a measure of the instances, a number
_WITH_MEASURE = re.compile(
    r"\b(?:on|for|among|across|about|in)\s+(?:the\s+|our\s+|my\s+|those\s+|these\s+)?[a-z]{2,}s\s+with\s+(?:a|an)\s+"
    r"(?P<words>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?:of|at|above|over|below|under)\s+-?\d",
    re.IGNORECASE,
)
# "how many routes with grip over 3 ...", "... predicted late with a tilt score above 2": a measure of the rows and a
# number (after a group of the calls: the measure is what the group left out)
_ROWS_WITH_MEASURE = re.compile(
    r"(?:\b(?P<rows>[a-z]{2,}s)\s+|\b)with\s+(?:(?:a|an)\s+)?(?P<words>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+"
    r"(?:of|at|above|over|below|under|(?:more|less|greater|fewer)\s+than)\s+-?\d",
    re.IGNORECASE,
)
# Words that name the data the model is scored on, or quantify, and so pick out no subset of their own.
_RESTRICTS_NOTHING = frozenset(
    "held out held-out heldout test testing tested training train trained validation unseen new same other others "
    "remaining rest whole entire all every each both any some many most few several various different individual "
    "actual real current existing recorded labelled labeled predicted scored sampled given listed above shown "
    "first last top bottom next previous two three four five ten data dataset set sets split sample samples general "
    "question focus total particular there here it them list table model its their his her your my our these those "
    "such kind kinds type types sort sorts of and or ones instances examples rows records entries items points "
    "people non".split()  # ("the non-leaky ones": the prefix picks nothing out by itself)
)
# Words of the data a model is scored on: "the held-out hulls" are the instances, in other words (ux48)
_SCORED_ON = frozenset("held out held-out heldout test testing tested validation unseen".split())
# A bound said aside right after a subset ("the humid mugs, over 60%", "the long firings (anything above 20)")
_ASIDE_BOUND = re.compile(
    r"^\s*[,(:-]\s*(?:(?:anything|those|ones|the\s+ones|i\s+mean|say|so)\s+)?"
    r"(?P<op>over|above|under|below|(?:more|less|greater|fewer)\s+than|at\s+least|at\s+most)\s+"
    r"(?P<v>-?\d+(?:\.\d+)?)\s*(?:%|pct|percent\b)?",
    re.IGNORECASE,
)
_ASIDE_OPS = {"over": ">", "above": ">", "more than": ">", "greater than": ">", "at least": ">="}


# Plurals that are things the model or the data give, not instances ("on the predictions", "for the features").
_NOT_INSTANCES = frozenset(
    "values probabilities scores numbers contributions effects changes errors mistakes features weights predictions "
    "outputs labels classes results importances figures stats statistics metrics means averages amounts levels "
    "rates odds chances risks differences variables columns parts bits words tokens cases terms times days "
    "questions answers explanations counterfactuals inputs factors things details basics numbers".split()
)


# Words that say the phrase after them is a feature's name ("the feature base scratches", "the column wax coats")
_A_FEATURE = frozenset("feature variable column attribute field".split())


@dataclass(frozen=True)
class UnheldSubset:
    """The words of a subset the host cannot pick out ("glasgow applicants"), as the turn wrote them, and the numeric
    feature they grade with no number ("the hydrated batches": hydration), if any.
    """

    words: str
    feature: FeatureSchema | None = None


def _host_words(schema: HostSchema) -> set[str]:
    """Every word of the host's name, features, aliases, categories, labels and instance noun, lowercased."""
    names = [schema.name, schema.instance_noun or "", *schema.class_names]
    for feature in schema.features:
        names += [feature.name, *feature.aliases, *(str(c) for c in feature.categories or ())]
    # each name as written lower case ("avgrpe") and in its words ("avg", "rpe": `name_words`, acronyms whole)
    return {word for name in names for word in (*re.findall(r"[a-z0-9]+", name.lower()), *name_words(name))}


def _graded_feature(words: Sequence[str], schema: HostSchema) -> FeatureSchema | None:
    """The numeric feature one of `words` is a form of ("hydrated" of the alias "hydration"), or None: a numeric feature
    names a group only with a number, so the question asks for its bound.
    """
    for feature in schema.features:
        if feature.type != "numeric" or feature.min is None or feature.max is None:
            continue
        if any(_held(word, _feature_words(feature)) for word in words):
            return feature
    return None


def _held(word: str, held: set[str]) -> bool:
    """Whether `word` is one of the host's words or shares its first five letters with one ("propagating")."""
    word = word.lower().strip("'")
    return word in held or (len(word) >= 5 and any(h[:5] == word[:5] for h in held if len(h) >= 5))


def _picked_out(picking: Sequence[str], held: set[str]) -> bool:
    """Whether the host holds the words picking a subset out: one of them, or every one as a noun or adjective made
    from a host word ("the renters" of a category "rent"; "the glasgow renters" still names a place it lacks).
    """
    if any(_held(w, held) for w in picking):
        return True
    return bool(picking) and all(_derived_stems(w.lower().strip("'")) & held for w in picking)


def _derived_stems(word: str) -> set[str]:
    """The words of four letters or more that `word` is made from by -er(s) or -y, with a doubled last consonant
    undone ("renters" -> rent, "shippers" -> ship, "rusty" -> rust).
    """
    stems = set()
    for ending in ("ers", "er", "y"):
        if word.endswith(ending):
            stem = word[: -len(ending)]
            stems |= {stem, stem[:-1]} if len(stem) > 2 and stem[-1] == stem[-2] else {stem}
    return {stem for stem in stems if len(stem) >= 4}


#: The functions that take a group: a subset their call would drop is asked about.
_GROUPED = frozenset({"get_model_performance", "get_data_information"})


def unheld_subset(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> UnheldSubset | None:
    """The subset a metric's call would drop: named by words none of the host's, when no call carries a group.

    Only for turns whose calls are all performance or data calls over everyone; a tabular host's subset only (a
    text host's instances have no features to name a group by).
    """
    if schema is None or schema.kind == "text" or not calls:
        return None
    if any(c.name not in _GROUPED or c.arguments.get("group") not in (None, "", "all") for c in calls):
        return None
    held = _host_words(schema)
    for match in _WITH_MEASURE.finditer(text):
        picking = [w for w in re.split(r"[\s'-]+", match.group("words")) if w and w.lower() not in _RESTRICTS_NOTHING]
        if picking and not _picked_out(picking, held):
            return UnheldSubset(match.group(0).split(None, 1)[-1])  # a measure the host does not hold
    noun = (schema.instance_noun or "").lower()
    for match in _SUBSET.finditer(text):
        if match.group("noun").lower() in _NOT_INSTANCES:
            continue
        words = [part for word in match.group("words").split() for part in re.split(r"[-']", word) if part]
        if re.search(r"\d", text[match.end() : match.end() + 30]):
            graded = _graded_feature(words, schema) if _ASIDE_BOUND.match(text[match.end() :]) else None
            if graded is not None and graded_bound(text, schema) is None and not _picks_a_category(words, schema):
                return UnheldSubset(match.group(0).split(None, 2)[-1], graded)  # "the humid mugs, over 95%": unread
            continue  # "the high-bmi patients, anything above 30": the number gives the group
        if any(word.lower() in _A_FEATURE for word in words):
            continue  # "about the feature wax coats": a feature named as one, whose name is a plural
        appended = not noun or match.group("noun").lower() not in (noun + "s", regular_plural(noun))  # "batchs" too
        if appended:
            words.append(match.group("noun"))  # "the sourdough bakeries": the noun may be a word the host lacks
        place = match.group("place")
        picking = [w for w in words if w.lower() not in _RESTRICTS_NOTHING]
        if place is not None and place.lower() not in _RESTRICTS_NOTHING:
            picking.append(place)
        before = words[: len(words) - 1 if appended else None]
        scored_on = bool(before) and all(w.lower() in _SCORED_ON for w in before)
        if not picking or ((not match.group("words").split() or scored_on) and place is None):
            # nothing picks a subset out; "on the wineries": a plural alone is the instances in other words, and so
            # is one after words of the data scored on ("on the held-out hulls" of dinghies, ux48)
            continue
        said = match.group(0).split(None, 2)[-1]
        if not _picked_out(picking, held):
            return UnheldSubset(said)
        categorical = held - {w for f in schema.features if f.type == "numeric" for w in _feature_words(f)}
        graded = _graded_feature(picking, schema)
        if graded is not None and not re.search(r"\d", text) and not any(_held(w, categorical) for w in picking):
            return UnheldSubset(said, graded)  # "the hydrated batches": hydration, with no number
    return None


def _picks_a_category(words: Sequence[str], schema: HostSchema) -> bool:
    """Whether one of `words` is a word of the host's categories, labels or names of categorical features."""
    held = _host_words(schema)
    categorical = held - {w for f in schema.features if f.type == "numeric" for w in _feature_words(f)}
    return any(_held(w, categorical) for w in words)


def graded_bound(text: str, schema: HostSchema | None) -> str | None:
    """The condition a subset named by a numeric feature's word and a bound said aside right after it gives ("the
    humid mugs, over 60%" -> `kiln_humidity_pct > 60`), or None: the word must grade exactly one numeric feature,
    name no category, and the bound lie in that feature's values. A subset with no such bound is asked about. Else
    the bound an ordinal of a count feature gives ("past their 4th rinse" -> `RinseCount > 4`: `ordinal_bound`).
    """
    if schema is None or schema.kind == "text":
        return None
    for match in _SUBSET.finditer(text):
        aside = _ASIDE_BOUND.match(text[match.end() :])
        words = [w for w in re.split(r"[\s'-]+", match.group("words")) if w and w.lower() not in _RESTRICTS_NOTHING]
        if aside is None or not words or _picks_a_category(words, schema):
            continue
        graded = [f for f in schema.features if f.type == "numeric" and _graded_feature(words, schema) is f]
        grading = [
            f for f in schema.features if f.type == "numeric" and any(_held(w, _feature_words(f)) for w in words)
        ]
        value = float(aside.group("v"))
        if len(grading) != 1 or not graded or graded[0].min is None or graded[0].max is None:
            continue
        if not graded[0].min <= value <= graded[0].max:
            continue
        op = _ASIDE_OPS.get(" ".join(aside.group("op").lower().split()), "<")
        op = "<=" if aside.group("op").lower().startswith("at most") else op
        return f"{graded[0].name} {op} {aside.group('v')}"
    return ordinal_bound(text, schema)  # "bolts past their 4th rinse": an ordinal of what one feature counts


def said_group(
    text: str, name: str, arguments: dict[str, object], schema: HostSchema | None, vocabulary: frozenset[str]
) -> str | None:
    """The group a metric question names that no feature selects ("for smokers"), passed on as said
    (`scored_group`), unless the call without it would be asked about (`unheld_subset`: "the vegetarian patients").
    """
    said = scored_group(text, schema, vocabulary)
    if said is None or unheld_subset(text, [ToolCall(id="call_0", name=name, arguments=arguments)], schema):
        return None
    return said


def _group_of(calls: Sequence[ToolCall]) -> str | None:
    """The condition the calls carry as a `group` or an `instance` ("wind_kmh > 30"); else None. A group passed on
    in words ("lots of interviews") is no condition: the function asks for its threshold.
    """
    for call in calls:
        for said in (call.arguments.get("group"), call.arguments.get("instance")):
            if isinstance(said, str) and re.search(r"[=<>]", said):
                return said
    return None


def unread_part(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> tuple[str, str] | None:
    """(the group the calls carry, the words of the turn's subset none of it reads) when a turn names a group partly
    in words the host does not hold ("crossings over 30 km/h on the night routes": wind_kmh > 30 is read, "night
    routes" is not); None otherwise. The group would silently leave the unread words out.
    """
    if schema is None or schema.kind == "text" or not calls:
        return None
    group = _group_of(calls)
    if group is None:
        return None
    in_group = set(re.findall(r"[a-z0-9]+", group.lower()))
    # ("predictions for the fells" of `breed = fell`: the group's value in the plural names its rows)
    held = _host_words(schema) | in_group | {regular_plural(w) for w in in_group if w.isalpha()}
    held |= _name_parts(group)  # "those ponds" of `PondType = tarpaulin`: the group's own feature, said in a word
    age = age_feature(schema)
    if age is not None and re.search(rf"(?:^|\band\s){re.escape(age.name)}\s*[<>]", group):
        held |= set(DECADES)  # "the over sixties" of `age > 60`: the decade is the age bound read
    noun = (schema.instance_noun or "").lower()
    for match in _SUBSET.finditer(text):
        if match.group("noun").lower() in _NOT_INSTANCES or re.search(r"\d", text[match.end() : match.end() + 30]):
            continue  # a number after it gives the group ("the heavy ones, anything above 30")
        words = [part for word in match.group("words").split() for part in re.split(r"[-']", word) if part]
        if any(word.lower() in _A_FEATURE for word in words):
            continue  # "about the feature wax coats": a feature named as one, whose name is a plural
        if not noun or match.group("noun").lower() not in (noun + "s", regular_plural(noun)):
            words.append(match.group("noun"))
        if match.group("place") is not None:
            words.append(match.group("place"))
        # a comparative restates the group's own bound ("the windier crossings over 30 km/h")
        picking = [w for w in words if w.lower() not in _RESTRICTS_NOTHING and not re.search(r"(?:er|est)$", w)]
        if picking and not _picked_out(picking, held):
            return group, match.group(0).split(None, 2)[-1]
    for match in _ROWS_WITH_MEASURE.finditer(text):
        picking = [w for w in re.split(r"[\s'-]+", match.group("words")) if w and w.lower() not in _RESTRICTS_NOTHING]
        if picking and not _picked_out(picking, held):
            said = text[match.start() : match.end("words")]  # "routes with a grip", "predicted X with HRV": routes
            return group, said if match.group("rows") else f"{regular_plural(noun or 'instance')} {said}"
    return None


def _name_parts(group: str) -> set[str]:
    """The parts of the camel-case feature names of `group`'s clauses and their plurals ("PondType": pond, ponds,
    type, types): words by which a turn may point at the group in focus.
    """
    names = re.findall(r"([A-Za-z_]\w*)\s*(?:>=|<=|!=|==|=|>|<)", group)
    parts = {p for name in names for p in name_words(name) if len(p) > 2 and p.isalpha()}
    return parts | {p + "s" for p in parts}


def _feature_words(feature: FeatureSchema) -> set[str]:
    return {w for name in (feature.name, *feature.aliases) for w in re.findall(r"[a-z0-9]+", name.lower())}
