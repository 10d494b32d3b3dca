"""What-if changes said with a word of the feature rather than its name: a verb, a comparative, a unit, a switch.

A user who brings a model names its features in everyday words, and a what-if often says the value with one:
- a verb made from the feature's word: "what if order 7003 weighed 2 kg?" (weight_kg = 2), "if she scored 700"
  (credit_score = 700), "had it rained 40 mm" (rainfall_mm = 40), "if he earned 400" (weekly_earnings = 400); or a
  verb of earning for the feature named as what it gives ("earned 90" for income); a count before such a verb in
  the past tense is a count of those who did it ("if only 150 skated": skaters = 150, within the feature's range);
- a comparative of the quantity the feature measures: "20 % lighter" (weight -20 %), "3 kg heavier" (+3), "twice
  as heavy" (*2), "half as far" (*0.5);
- a yes/no feature held as 0/1 named in a supposition with no value or step: "if it had gone express", "if it
  was sent express instead" (express = 1), "if it had not gone express" (0).

Each reading binds only when exactly one numeric feature fits, and only in a turn that supposes something; a
feature already read by its name is never read again. Everything comes from the host's schema (names, aliases,
ranges) and from a short table of English comparatives, never from any set's wording.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.extraction._features import FeatureMention
from simxai.extraction._lexicon import _NUM, _parse_number, name_unit
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = ["feature_named_by_word", "feature_word_changes"]

# A turn that supposes something (the same test as `_amounts`, kept to the words that open a supposition).
# "plus ...", "on top of that ...": one more change to the supposition just made
_SUPPOSED = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*|assum\w*|instead|what\s+about|how\s+about|what\s+then|plus|on\s+top\s+of\s+that)\b",
    re.I,
)
# Units of measure a number may carry; a unit that is not the feature's own says the number is not its value.
_UNITS = frozenset("mm cm m km kg g lb lbs mi ft in h hr hrs min mins s ms ml l".split())
# English comparatives of a measured quantity: the comparative, its direction, and the word stems the quantity's
# feature is named by ("heavier" -> a feature named weight...). Older/younger are ages (read elsewhere).
_COMPARATIVES: dict[str, tuple[str, tuple[str, ...]]] = {
    "heavier": ("+", ("weigh",)),
    "lighter": ("-", ("weigh",)),
    "further": ("+", ("distan", "far")),
    "farther": ("+", ("distan", "far")),
    "closer": ("-", ("distan", "far")),
    "nearer": ("-", ("distan", "far")),
    "taller": ("+", ("height", "tall")),
    "longer": ("+", ("length", "long", "duration")),
    "cheaper": ("-", ("price", "cost", "fee")),
    "pricier": ("+", ("price", "cost", "fee")),
    "faster": ("+", ("speed",)),
    "slower": ("-", ("speed",)),
    "warmer": ("+", ("temp",)),
    "colder": ("-", ("temp",)),
    "cooler": ("-", ("temp",)),
    "hotter": ("+", ("temp",)),
    "deeper": ("+", ("depth", "deep")),
    "shallower": ("-", ("depth", "deep")),
    # loudness: "5 dB quieter" of a volume or a sound level, "louder by 10"
    "louder": ("+", ("volum", "loud", "noise", "sound", "decibel")),
    "noisier": ("+", ("volum", "loud", "noise", "sound", "decibel")),
    "quieter": ("-", ("volum", "loud", "noise", "sound", "decibel")),
    "softer": ("-", ("volum", "loud", "sound", "decibel")),
    # wetness said by either end: "drier" is less moisture, "wetter" more
    "wetter": ("+", ("moist", "wet", "humid", "damp")),
    "damper": ("+", ("moist", "wet", "humid", "damp")),
    "moister": ("+", ("moist", "wet", "humid", "damp")),
    "drier": ("-", ("moist", "wet", "humid", "damp")),
    "dryer": ("-", ("moist", "wet", "humid", "damp")),
}
# a number, a unit or "points", then a comparative ("3 kg heavier", "ten points drier"), or the comparative, then
# "by" and the number ("hazier by three"); a comparative the table lacks is made of a feature's word (`_derived`)
_COMPARATIVE = re.compile(
    rf"(?<![\w.])(?P<n>{_NUM})\s?(?P<unit>%|percent|per\s+cent|points?\b|[a-z]{{1,3}}\b)?\s+"
    r"(?P<word>[a-z]{3,}(?:ier|er))\b"
    rf"|\b(?P<word2>[a-z]{{3,}}(?:ier|er))\s+by\s+(?P<n2>{_NUM})(?![\d.])\s?(?P<unit2>%|percent|per\s+cent|points?\b)?",
    re.I,
)
# comparatives that name no quantity of their own (the step readers own them: "3 higher", "2 more")
_PLAIN_COMPARATIVES = frozenset(
    "higher lower greater bigger smaller larger better worse fewer lesser further farther later earlier sooner "
    "over under other rather either neither whether ever never after water number order".split()
)
# "twice as heavy", "half as far", "three times as long": a multiple of the quantity an adjective names
_AS_ADJECTIVE: dict[str, tuple[str, ...]] = {
    "heavy": ("weigh",),
    "far": ("distan", "far"),
    "long": ("length", "long", "duration"),
    "tall": ("height", "tall"),
    "expensive": ("price", "cost", "fee"),
    "fast": ("speed",),
    "warm": ("temp",),
    "hot": ("temp",),
}
_TIMES = {"twice": "2", "double": "2", "half": "0.5", "three times": "3", "triple": "3", "four times": "4"}
_MULTIPLE = re.compile(
    rf"\b(?P<times>{'|'.join(_TIMES)}|(?P<n>{_NUM})\s*(?:times|x))\s+as\s+(?P<word>{'|'.join(_AS_ADJECTIVE)})\b",
    re.I,
)
# A verb with a number after it: "weighed 2", "scored 700", "rained 40 mm", "priced at 20"
_VERB_VALUE = re.compile(
    rf"\b(?P<verb>[a-z]{{4,}}?)(?:ed|d|s|es|ing)?\s+(?:at\s+|about\s+|around\s+|only\s+|just\s+)?"
    rf"(?P<n>{_NUM})(?![\d.])(?!\s*(?:[a-z]+\s+)?(?:%|percent|more|less|fewer|higher|lower|further|closer|up|down))"
    r"\s?(?P<unit>[a-z]{1,3}\b)?",
    re.I,
)
# A count, then a verb in the past tense: "if only 150 skated", "had 30 enrolled" (how many did it)
_COUNT_DID = re.compile(
    r"(?<![\w.$£€-])(?P<n>\d+)\s+(?:people\s+|of\s+them\s+)?(?P<verb>[a-z]{4,}?)(?:ed|d)\b", re.IGNORECASE
)
# English verbs whose form names no feature, and the words a feature holding what they give is named by: "earned
# 90" is the income, "paid 40" the salary or the wage (the verbs of `_money_verbs`, for a plain number)
_EARNED = ("income", "salary", "wage", "earning", "pay")
_VERB_MEANS = {"earn": _EARNED, "paid": _EARNED, "pay": _EARNED}
# "paid" in the passive is what one is given ("was paid 90", "got paid 90"); in the active, a price on a host with one
_PRICES = ("price", "cost", "fee", "charge", "premium", "rent")
_PASSIVE = re.compile(r"\b(?:was|were|is|are|be|been|being|got|get|gets|getting)\s+$", re.I)
# A name that is a ratio of two quantities ("debt_to_income", "price_per_kg") holds neither of them
_RATIO = frozenset({"to", "per", "ratio", "over"})
# Nouns made of a verb with a suffix longer than an inflection: "earn" names `weekly_earnings`, "pay" `payment`
_NOUN_SUFFIXES = ("ings", "ment", "ments")
# A verb with a step after it: "paid 10 % less", "earned 5k more", "weighed 2 more"
_VERB_STEP = re.compile(
    rf"\b(?P<verb>[a-z]{{4,}}?)(?:ed|d|s|es|ing)?\s+(?:about\s+|around\s+|only\s+|just\s+)?"
    rf"(?P<n>{_NUM})(?![\d.])\s?(?P<unit>%|percent|per\s+cent|k\b|[a-z]{{1,4}}\b)?\s+(?P<d>more|extra|less|fewer|higher|lower)\b",
    re.I,
)
# A supposition a switch is turned on or off in: "if", "suppose", "imagine", "assume", "instead"
_SWITCHED = re.compile(r"\b(?:if|suppos\w*|imagin\w*|assum\w*|instead)\b", re.I)
# Words of a step or an amount after a feature, which the step readers own ("express were higher")
_STEPS = r"higher|lower|more|less|up|down|increased|decreased|doubled|halved|changed|different"
_NEGATED = re.compile(r"\b(?:not|no|never|without|didn'?t|hadn'?t|wasn'?t|weren'?t)\b[^.,;?!]{0,20}$", re.I)


def feature_word_changes(
    text: str, schema: HostSchema, mentions: list[FeatureMention], named: dict[str, ChangeValue]
) -> dict[str, ChangeValue]:
    """The changes `text` says with a word of a feature, for features `named` does not hold yet (module doc)."""
    if not _SUPPOSED.search(text):
        return {}
    every = [f for f in schema.features if f.type == "numeric"]
    numeric = [f for f in every if f.name not in named]
    found: dict[str, ChangeValue] = {}
    for match in _COMPARATIVE.finditer(text):
        word = (match.group("word") or match.group("word2")).lower()
        said = _comparative(word)
        if said is None:
            continue
        sign, stems = said
        feature = _only(f for f in numeric if _named_by(f, stems))
        unit = (match.group("unit") or match.group("unit2") or "").lower()
        unit = "" if unit.startswith("point") else unit  # "ten points drier": a step in the feature's own units
        percent = unit in ("%", "percent") or unit.startswith("per")
        if unit and not percent and word not in _COMPARATIVES:
            continue  # "2 cm wider": a step in a unit is the unit readers' (they check whose width it is)
        if feature is None or feature.name in found or (unit and not percent and not _fits_unit(unit, feature)):
            continue
        if _step_of_named(text, match.start(), mentions, named):
            continue  # "the jockey was 5 kg lighter": the step of the jockey's weight, read by its name already
        step = f"{sign}{match.group('n') or match.group('n2')}{'%' if percent else ''}"
        if any(v == step and (not unit or percent or _fits_unit(unit, f)) for f in every for v in [named.get(f.name)]):
            continue  # "1.5 m longer" read already for `hull length (m)` by its unit: no step of a `soak duration` too
        found[feature.name] = step
    for match in _MULTIPLE.finditer(text):
        feature = _only(f for f in numeric if _named_by(f, _AS_ADJECTIVE[match.group("word").lower()]))
        if feature is not None and feature.name not in found:
            times = match.group("n") or _TIMES[" ".join(match.group("times").lower().split())]
            found[feature.name] = f"*{times}"
    for match in _VERB_VALUE.finditer(text):
        verb = match.group("verb").lower()
        feature = _verb_owner(verb, every, found, _PASSIVE.search(text[: match.start()]) is not None)
        unit = (match.group("unit") or "").lower()
        if feature is None or feature.name in named or verb in _words(feature):
            continue
        if _names_the_instance(text, match, schema):
            continue  # "if dive 9010 were deeper" beside `diver_weight_kg`: the host's noun and its id, no verb
        if unit and unit in _UNITS and not _fits_unit(unit, feature):
            continue  # "shipped 50 km": km is another feature's unit, not what shipping measures
        found[feature.name] = _parse_number(match.group("n"))
    for match in _COUNT_DID.finditer(text):  # "if only 150 skated": the count of those who skated
        feature = _verb_owner(match.group("verb").lower(), every, found, passive=False)
        n = float(match.group("n"))
        if feature is None or feature.name in named or feature.min is None or feature.max is None:
            continue
        if re.match(r"\s*[-+$£€]?\d", text[match.end() :]):
            continue  # "rider 300 earned 100 more": the number after the verb is its value; 300 names the rider
        if feature.min <= n <= feature.max:  # never an id ("if 142901 resurfaced")
            found[feature.name] = int(n)
    for match in _VERB_STEP.finditer(text):  # "paid 10 % less", "earned 5k more"
        verb = match.group("verb").lower()
        feature = _verb_owner(verb, every, found, _PASSIVE.search(text[: match.start()]) is not None)
        unit = (match.group("unit") or "").lower().replace(" ", "")
        if feature is None or feature.name in named or verb in _words(feature):
            continue
        if unit not in ("", "%", "percent", "k") and (unit not in _UNITS or not _fits_unit(unit, feature)):
            continue  # "dried 5 hrs more" is a step in hours; "shipped 5 km more" is no step of a weight
        if unit == "k" and not feature.name.lower().endswith("_k"):
            continue  # thousands said of a feature not kept in thousands: `_money_verbs` converts those
        sign = "-" if match.group("d").lower() in ("less", "fewer", "lower") else "+"
        found[feature.name] = f"{sign}{match.group('n')}{'%' if unit in ('%', 'percent') else ''}"
    for mention in mentions if _SWITCHED.search(text) else []:  # "what about express?" may ask about the feature
        feature = mention.feature
        if feature.type != "numeric" or feature.name in named or feature.name in found or not _switch(feature):
            continue
        before, after = text[: mention.start], text[mention.end : mention.end + 30]
        if not re.match(rf"\s*(?:of\s+|=|:|to\s+|at\s+|were\s+|was\s+|is\s+|be\s+)?(?:{_NUM}|{_STEPS})", after):
            # "had gone express", "if it was sent express instead": switched on (off after a negation)
            found[feature.name] = 0 if _NEGATED.search(before[-40:]) else 1
    return found


def _comparative(word: str) -> tuple[str, tuple[str, ...]] | None:
    """The direction and the word stems of a comparative: from the table, else made of a feature's word by English
    morphology ("hazier" -> haz: `haze_index`, `haziness`; "thicker" -> thick: `thickness_mm`), upward; None for
    a comparative of no quantity of its own ("higher", "other").
    """
    word = word.lower()
    if word in _COMPARATIVES:
        return _COMPARATIVES[word]
    if word in _PLAIN_COMPARATIVES:
        return None
    if word.endswith("ier"):
        stem = word[:-3]  # "hazier", "cloudier": haze, haziness, cloudy, cloudiness
    else:
        stem = word[:-2]
        if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
            stem = stem[:-1]  # "thinner" -> thin
    return ("+", (stem,)) if len(stem) >= 3 else None


# What ends the clause a feature named before a comparative governs ("the jockey 2 kg lighter, and the camel ...")
_CLAUSE_BREAK = re.compile(r"[,.;:!?]|\b(?:and|plus|but|with|while|or)\b", re.I)


def _names_the_instance(text: str, match: re.Match[str], schema: HostSchema) -> bool:
    """Whether the word a verb reading matched is the host's instance noun and its number an id of the host ("dive
    9010" on a host of dives, whose feature `diver_weight_kg` starts with the noun's letters).
    """
    word = re.match(r"[a-z]+", text[match.start() :], re.IGNORECASE)
    noun = (schema.instance_noun or "").lower()
    number = _parse_number(match.group("n"))
    return (
        word is not None
        and bool(noun)
        and word.group(0).lower() in (noun, noun + "s", noun + "es")
        and float(number).is_integer()
        and schema.has_id(int(number))
    )


def _step_of_named(text: str, start: int, mentions: list[FeatureMention], named: dict[str, ChangeValue]) -> bool:
    """Whether the comparative at `start` is the step of a feature already read by its name: the last feature named
    before it, in the same clause, holds a change ("if the jockey was 5 kg lighter": jockey_kg -5, not the weight).
    """
    before = [m for m in mentions if m.end <= start]
    if not before:
        return False
    last = max(before, key=lambda m: m.end)
    return last.feature.name in named and not _CLAUSE_BREAK.search(text[last.end : start])


def feature_named_by_word(text: str, schema: HostSchema) -> FeatureSchema | None:
    """The numeric feature `text` names by a comparative or a verb of its word ("weighed more", "were lighter"),
    the way `feature_word_changes` reads them, whether or not it says an amount; None when none or several fit.
    """
    numeric = [f for f in schema.features if f.type == "numeric"]
    noun = schema.instance_noun.lower()
    for token in re.findall(r"[a-z]+", text.lower()):
        stems = _COMPARATIVES[token][1] if token in _COMPARATIVES else _AS_ADJECTIVE.get(token)
        if stems is not None:
            fit = _only(f for f in numeric if _named_by(f, stems))
            if fit is not None:
                return fit
            continue
        stem = re.sub(r"(?:ed|es|s|ing)$", "", token) if len(token) >= 6 else token
        if len(stem) < 4 or stem == token or stem in (noun, noun.rstrip("s")):
            continue
        fit = _only(f for f in numeric if _named_by(f, (stem,), whole=False))
        if fit is not None and stem not in _words(fit):
            return fit
    return None


def _words(feature: FeatureSchema) -> set[str]:
    """The words of a feature's name and aliases, lower case ("weight_kg" -> weight, kg; "MonthlyFee" -> fee too)."""
    said = {w for term in (feature.name, *feature.aliases) for w in re.split(r"[\W_]+", term.lower()) if w}
    return said | {
        w for w in name_words(feature.name) if w.isalpha() and len(w) > 1
    }  # "VisitsPerWeek": visits, per, week


def _named_by(feature: FeatureSchema, stems: tuple[str, ...], *, whole: bool = True, aliases: bool = True) -> bool:
    """Whether a word of the feature's name or aliases starts with one of `stems` (a verb's stem: weigh -> weight);
    of its name alone without `aliases`.
    """
    words = _words(feature) if aliases else {w.lower() for w in name_words(feature.name) if w.isalpha()}
    return any(
        w.startswith(stem) and (whole or len(w) - len(stem) <= 3 or w[len(stem) :] in _NOUN_SUFFIXES)
        for w in words
        for stem in stems
    )


def _only(features: Iterable[FeatureSchema]) -> FeatureSchema | None:
    """The one feature of an iterable, or None when there is none or several."""
    found = list(features)
    return found[0] if len(found) == 1 else None


def _verb_owner(
    verb: str, every: list[FeatureSchema], found: dict[str, ChangeValue], passive: bool
) -> FeatureSchema | None:
    """The one feature a verb's stem names ("weigh" -> weight_kg, "earn" -> weekly_earnings), or the plainest one
    holding what a verb of earning gives ("earn" -> income); features read already are left out.
    """
    # the one fit among all the host's features: "serviced 10 days ago" with `days_since_service` read already
    # is no value of another feature the verb also names (an alias "years in service"); a verb in -ied is said
    # of a stem in -y ("dried" of drying_hours, "carried" of a carry weight)
    stems = (verb, verb.removesuffix("e")[:-1] + "y") if verb.removesuffix("e").endswith("i") else (verb,)
    named = [f for f in every if f.name not in found and not _switch(f) and _named_by(f, stems, whole=False)]
    feature = _only(named)
    if feature is None and len(named) > 1:  # an alias may mention another's word ("humidity in the drying shed")
        feature = _only(f for f in named if _named_by(f, stems, whole=False, aliases=False))
    # "paid" is a price paid on a host with a price ("8150 paid $14"), else what is paid out ("the job paid 10 % less")
    priced = any(_named_by(f, _PRICES) for f in every)
    if feature is None and verb in _VERB_MEANS and (verb == "earn" or passive or not priced):  # "earned 90"
        fits = (f for f in every if f.name not in found and _named_by(f, _VERB_MEANS[verb]) and not _words(f) & _RATIO)
        feature = _plainest(fits)
    return feature


def _plainest(features: Iterable[FeatureSchema]) -> FeatureSchema | None:
    """The one feature with the fewest words in its name ("income" beside "debt_to_income"), or None."""
    found = sorted(features, key=lambda f: len(_words(f)))
    if len(found) > 1 and len(_words(found[0])) == len(_words(found[1])):
        return None
    return found[0] if found else None


def _fits_unit(unit: str, feature: FeatureSchema) -> bool:
    own = name_unit(feature)
    return own is None or unit == own


def _switch(feature: FeatureSchema) -> bool:
    """Whether a numeric feature holds a yes/no as 0/1 (its observed range is exactly 0 to 1)."""
    return feature.min == 0 and feature.max == 1
