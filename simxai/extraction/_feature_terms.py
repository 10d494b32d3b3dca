"""The words that name a schema's features: their names, the words of their names, declared aliases and head nouns.

"blood pressure" names ``blood_pressure``, "the price" names ``price_latte`` aliased "latte price", "humidity" names
``humidity_pct`` (the word before a unit the name ends in). A name's words come from any shape of it
(`simxai.hosts.name_words`): "the fee" names ``MonthlyFee``, "visits" ``VisitsPerWeek``, "tenure" ``TenureMonths``.
Free-text descriptions never feed this vocabulary. A sign or unit the name has after its words belongs to a mention
when written after them ("% over 12", "(c) below 190", "in minutes": `name_tail_end`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from simxai._word_endings import without_ending
from simxai.extraction._abbreviated import spelled_out
from simxai.extraction._lexicon import name_unit
from simxai.hosts.base import FeatureSchema, HostSchema, plural, regular_plural
from simxai.hosts.name_words import name_words, unit_ending, unit_words
from simxai.hosts.noun_number import plural_noun

__all__ = [
    "SPAN_UNITS",
    "_MODEL_WORDS",
    "_TOKEN",
    "_feature_terms",
    "_norm",
    "_singular",
    "_stem",
    "age_feature_of",
    "name_tail_end",
    "spelled_reach",
    "term_prefixes",
    "unique_categories",
    "unit_terms",
    "verb_of_unit_head",
]


def _norm(words: Iterable[str]) -> str:
    return "".join(words).lower()


@functools.lru_cache(maxsize=4096)  # every word of every request, many times a turn
def _stem(word: str) -> str:
    return without_ending(word, ("ings", "ing", "ers", "er", "ies", "es", "s", "ed"))


_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def age_feature_of(schema: HostSchema) -> FeatureSchema | None:
    """The numeric feature that holds an age (by a word of its name or an alias), if any."""
    return next(
        (
            f
            for f in schema.features
            if f.type == "numeric"
            and ("age" in _TOKEN.findall(f.name.replace("_", " ").lower()) or "age" in (a.lower() for a in f.aliases))
        ),
        None,
    )


def unique_categories(schema: HostSchema) -> list[tuple[str, tuple[str, str]]]:
    """(lower-case category, (feature, category)) for categories that only one feature has."""
    owners: dict[str, list[tuple[str, str]]] = {}
    for feature in schema.features:
        for category in feature.categories or []:
            if len(category) >= 3 and not re.fullmatch(r"(?i)yes|no|true|false|none|other|unknown|\d+", category):
                owners.setdefault(category.lower(), []).append((feature.name, category))
    return [(key, pairs[0]) for key, pairs in owners.items() if len(pairs) == 1]


def term_prefixes(*terms: Iterable[str]) -> frozenset[str]:
    """Every beginning of every normalised term (`_norm` of its words), for `spelled_reach`."""
    return frozenset(term[:end] for keys in terms for term in keys for end in range(1, len(term) + 1))


def spelled_reach(tokens: list[re.Match[str]], start: int, prefixes: frozenset[str], most: int) -> int:
    """How many tokens from `start` on (at most `most`) still spell the beginning of a term, joined as `_norm` does.

    A window of more tokens than that names no term; nor one of more than one token more, as a plural (a term's
    words but the last, then that word in the plural). Feature matching tries only the windows that can match.
    """
    spelled, reach = "", 0
    for token in tokens[start : start + most]:
        spelled += token.group().lower()
        if spelled not in prefixes:
            break
        reach += 1
    return reach


def _feature_terms(schema: HostSchema) -> dict[str, FeatureSchema]:
    """Normalised names and declared aliases; descriptions are free text and never feed this vocabulary."""
    strong: dict[str, FeatureSchema] = {}
    for feature in schema.features:
        for term in (feature.name, *feature.aliases):
            words = _words(term)
            if words:
                strong.setdefault(_norm(words), feature)
                if len(words) == 1:
                    strong.setdefault(_stem(words[0]), feature)
                # "one fewer mouse sign" of MouseSigns, "mice signs"; "1 less child" for a feature named children
                for said in _other_numbers(words):
                    strong.setdefault(_norm(said), feature)
        for first in _irregular_first(schema, feature):  # "the mice bit" of MouseSigns
            strong.setdefault(first, feature)
        for order in _said_orders(feature.name):  # "missed sessions" for SessionsMissed, "hourly rate" for ratePerHour
            strong.setdefault(order, feature)
        # the name without its unit, when two words or more stay ("roast time" for `Roast Time/min`)
        words = _words(feature.name)
        units = unit_ending(feature.name, _UNIT_WORDS)
        if 1 <= units and len(words) - units >= 2:
            strong.setdefault(_norm(words[:-units]), feature)
    # the head noun of a multi-word name or alias ("a 60 month term" for loan_term, "the price" for price_latte
    # aliased "latte price"), when no other feature ends in it and it is no word users say of the model itself
    # ("score", "rate", "value")
    # heads compared in the singular: "fees" of FeesPaid and "fee" of MonthlyFee are one head, so neither names one
    heads: dict[str, tuple[set[str], list[FeatureSchema | None]]] = {}
    # the host's own noun is no head of a name ("batches" are the instances, not `Batch kg`); an alias that holds
    # it on purpose ("age of the ticket") keeps it
    noun = _singular((schema.instance_noun or "").lower())
    for feature in schema.features:
        for term in (feature.name, *feature.aliases):
            head = _head(term) if term == feature.name else _alias_head(term)
            if head is not None and noun and _singular(head) == noun:
                # an alias that is the noun with a modifier ("wet evening" on a host of evenings) names the feature
                # whole; its head alone is every row. "age of the ticket" keeps the head it means.
                if term == feature.name or " of " not in f" {term.lower()} ":
                    continue
            if head is not None:
                forms, owners = heads.setdefault(_singular(head), (set(), []))
                forms.add(head)
                if feature not in owners:
                    owners.append(feature)
                if (
                    term != feature.name
                    and _head_before_a_noun(term, head)
                    and _in_another_alias(schema, feature, head)
                ):
                    owners.append(None)  # "camel age" beside "camel weight": "camel" names neither alone
                place = _place_phrase(term, head) if term != feature.name else None
                if place is not None and _named_by_another(schema, feature, head):
                    # "weeks in the cellar" beside `cellar_temp_c`: "the cellar" alone is no time spent there, "in
                    # the cellar" is
                    owners.append(None)
                    strong.setdefault(_norm(place), feature)
    for forms, owners in heads.values():
        if len(owners) == 1 and owners[0] is not None:
            for head in sorted(forms):
                strong.setdefault(head, owners[0])
    return spelled_out(schema, strong)  # "distance" for `Dist (km)`, "average speed" for `Avg Spd`


def unit_terms(schema: HostSchema, strong: dict[str, FeatureSchema]) -> dict[str, FeatureSchema]:
    """The words of units that start exactly one numeric feature's name, normalised, for that feature: "kwh"
    and "kilowatt hours" for `kWh Used`, "km" and "kilometres" for `Km Ridden`, "months" for `Months Since Service`;
    never a word `strong` already gives.
    """
    found: dict[str, FeatureSchema] = {}
    for unit, feature in _unit_owners(schema).items():
        for said in _UNIT_SAID[unit]:
            key = _norm(said.split())
            if key not in strong:
                found.setdefault(key, feature)
    return found


#: Units of time among `unit_terms`: after an amount ("3 months", "two more days") such a word is the amount's unit.
SPAN_UNITS = frozenset("hours hrs minutes mins days weeks months years yrs".split())


# Units a column name may start with ("Km Ridden", "kWh Used", "Months Since Service"), each with the ways users say
# it; a unit of time only in the plural ("the months", never "a better day"). Said alone, such a unit names the one
# numeric feature whose name starts with it (a name that ends in a unit is named by the word before it, `_head`).
# This differs in meaning from `name_words`'s table of the units a name ends in, whose words it takes where they
# are the same: a word said alone must name the unit with no number beside it, so a lone "l", "mi" or "mile" does
# not, a time unit only in the plural does, and the plurals "kms" and "kgs" do.
_UNIT_SAID = {
    "km": tuple(sorted(unit_words("km") | {"kms"})),
    "mi": ("miles",),
    "kwh": ("kwh", "kilowatt hour", "kilowatt hours", "kilowatthours"),
    "kw": ("kw", "kilowatt", "kilowatts"),
    "kg": tuple(sorted(unit_words("kg") | {"kgs"})),
    "l": tuple(sorted(unit_words("l") - {"l"})),
    "ml": tuple(sorted(unit_words("ml"))),
    "hours": ("hours", "hrs"),
    "minutes": ("minutes", "mins"),
    "days": ("days",),
    "weeks": ("weeks",),
    "months": ("months",),
    "years": ("years", "yrs"),
}
_UNIT_OF = {said: unit for unit, forms in _UNIT_SAID.items() for said in forms if " " not in said}
_UNIT_OF.update({"mile": "mi", "h": "hours", "hr": "hours", "hour": "hours", "min": "minutes", "minute": "minutes"})
_UNIT_OF.update({"day": "days", "d": "days", "wk": "weeks", "week": "weeks", "mo": "months", "month": "months"})
_UNIT_OF.update({"yr": "years", "year": "years", "lt": "l", "litre": "l", "liter": "l"})


def _unit_owners(schema: HostSchema) -> dict[str, FeatureSchema]:
    """Each unit that starts the name of exactly one feature and is in no other feature's name, and that feature
    when it is numeric.
    """
    owners: dict[str, list[FeatureSchema | None]] = {}
    for feature in schema.features:
        words = name_words(feature.name)
        if len(words) < 2:
            continue
        units = {_UNIT_OF[w] for w in words if w in _UNIT_OF}  # a unit anywhere in the name shares it
        for unit in units:
            owners.setdefault(unit, []).append(feature if unit == _UNIT_OF.get(words[0]) else None)
    return {
        unit: found[0]
        for unit, found in owners.items()
        if len(found) == 1 and found[0] is not None and found[0].type == "numeric"
    }


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _other_numbers(words: list[str]) -> list[list[str]]:
    """A name's words said in the other grammatical number: a plural last word of a name of two words or more in the
    singular ("mouse sign" for `MouseSigns`; one word has `_stem`), and a noun of irregular plural in its other form,
    anywhere in the name ("mice signs" for `MouseSigns`, "goose visits" for `GeeseVisits`; `hosts.base.plural`).
    """
    lowered = [w.lower() for w in words]
    swapped = [_other_irregular(w) for w in lowered]
    variants = [swapped] if swapped != lowered else []
    if len(lowered) >= 2 and _singular(lowered[-1]) != lowered[-1]:
        variants += [[*v[:-1], _singular(v[-1])] for v in [lowered, *variants]]
    return [v for v in variants if v != lowered]


def _irregular_first(schema: HostSchema, feature: FeatureSchema) -> list[str]:
    """The first word of a name of several words, in both its numbers, when it is a noun of irregular plural that no
    other feature's name or alias holds ("mouse" and "mice" for `MouseSigns`, "geese" for `GooseVisits`): such a
    word is a noun of the thing the feature counts, where a first word in general may be an adjective ("total").
    """
    words = [w.lower() for w in _words(feature.name)]
    if len(words) < 2 or (other := _other_irregular(words[0])) == words[0]:
        return []
    forms = {words[0], other}
    for owner in schema.features:
        if owner is not feature and any(forms & set(map(str.lower, _words(t))) for t in (owner.name, *owner.aliases)):
            return []
    return sorted(forms)


def _other_irregular(word: str) -> str:
    """The other number of a noun whose plural is irregular ("mouse" <-> "mice"), else the word itself."""
    found = plural_noun(word)
    if found is not None and found.certain:
        return found.singular.lower()
    said = plural(word).lower()
    return said if said not in (word, regular_plural(word)) and said != "data" else word


def _words(term: str) -> list[str]:
    """The words of a name or alias that a text's tokens can match (numbers apart: "500m" is said "m")."""
    return [w for w in name_words(term) if w[0].isalpha()]


def _head(name: str) -> str | None:
    """The head noun of a column name of several words, in any shape: its last word before any unit or rate
    ("humidity_pct": humidity, "daily_water_ml": water, "VisitsPerWeek": visits, "MonthlyFee": fee).
    """
    words = name_words(name)
    # a participle or adjective after the noun is no head ("RenewalsUsed": renewals, "tempMax": temp), unless the
    # noun is a unit ("DaysLate": late)
    modified = _modified_noun(words)
    units = len(words) - 1 - modified if modified is not None else unit_ending(name, _UNIT_WORDS)
    if len(words) < 2 or units >= len(words):
        return None
    head = words[-1 - units]
    if head in _MODEL_WORDS | _FUNCTION_WORDS | _UNIT_WORDS or not head[0].isalpha():
        return None
    # a short head only as the name's last word (but its unit or modifier) or all of it but its unit ("MonthlyFee",
    # "LOA_ft", "FeePaid"), never a middle word ("starter_age_days": "the oven's age" is no starter's)
    short = len(head) == 3 and head.isalpha() and head not in _SHORT_WORDS and units in (0, len(words) - 1)
    return head if len(head) >= 4 or short else None


def _modified_noun(words: list[str]) -> int | None:
    """The index of the noun a name's last word, a participle or adjective of `_POST_MODIFIERS`, follows, or None."""
    if len(words) < 2 or words[-1] not in _POST_MODIFIERS:
        return None
    noun = words[-2]
    if noun in _UNIT_WORDS or noun in _POST_MODIFIERS or noun == "per" or not noun.isalpha():
        return None
    return len(words) - 2


def _said_orders(name: str) -> list[str]:
    """A name's words in the order users say them, normalised: the modifier before its noun ("SessionsMissed":
    "missed sessions", "tempMax": "max temp") and a rate's unit as an adjective ("ratePerHour": "hourly rate").
    """
    words = [w for w in name_words(name) if w[0].isalpha()]
    said: list[str] = []
    if _modified_noun(words) is not None:
        said.append(_norm([words[-1], *words[:-1]]))
    if len(words) >= 3 and words[-2] == "per" and words[-1] in _RATE_ADJECTIVES:
        said.append(_norm([_RATE_ADJECTIVES[words[-1]], *words[:-2]]))
    if len(words) >= 3 and words[0] in ("no", "num", "nr", "nb") and words[1] == "of":  # "No. of Visits"
        said.append(_norm(["number", *words[1:]]))
    return said


# Participles and adjectives that follow the noun they qualify in column names ("FeesPaid", "items_returned",
# "tempMax", "AmountOwed"): the noun is the head users say ("her fees", "the items", "the temp").
_POST_MODIFIERS = frozenset(
    "used paid owed due overdue returned missed late early left remaining spent earned received sent made taken "
    "completed attended cancelled canceled borrowed purchased bought sold won lost failed passed booked visited "
    "opened closed logged played watched max min avg mean median ytd".split()
)
# A rate's unit said as an adjective before its noun ("per hour": hourly).
_RATE_ADJECTIVES = {"hour": "hourly", "day": "daily", "week": "weekly", "month": "monthly", "year": "yearly"}


_PLACE_WORDS = frozenset("in on at of from inside under over".split())


def _named_by_another(schema: HostSchema, feature: FeatureSchema, word: str) -> bool:
    """Whether `word` is a word of another feature's name ("cellar" of `cellar_temp_c`)."""
    return any(f is not feature and word in (w.lower() for w in _words(f.name)) for f in schema.features)


def _head_before_a_noun(alias: str, head: str) -> bool:
    """Whether an alias's head is no last word: the word before a short last word ("camel" of "camel age")."""
    words = _TOKEN.findall(alias.replace("_", " ").lower())
    return len(words) >= 2 and words[-1] != head and words[-1] not in _UNIT_WORDS


def _in_another_alias(schema: HostSchema, feature: FeatureSchema, word: str) -> bool:
    """Whether `word` is a word of another feature's alias ("camel" of weight_kg's "camel weight"). A word of another
    feature's name is not counted: "course" of "course fee" beside `course_level` keeps naming what it named.
    """
    return any(
        f is not feature and any(word in _TOKEN.findall(alias.replace("_", " ").lower()) for alias in f.aliases)
        for f in schema.features
    )


def _place_phrase(alias: str, head: str) -> list[str] | None:
    """The words from a word of place or part to an alias's head ("in the cellar" of "weeks in the cellar"), or None."""
    words = _TOKEN.findall(alias.replace("_", " ").lower())
    at = words.index(head) if head in words else 0
    start = next((i for i in range(1, at) if words[i] in _PLACE_WORDS), None)
    return words[start : at + 1] if start is not None else None


def _alias_head(alias: str) -> str | None:
    """The head noun of an alias of several words, as users wrote it: its last word of four letters or more, or the
    one before a last word of up to three letters or spelled as a unit ("latte price": price, "humidity pct").
    """
    words = _TOKEN.findall(alias.replace("_", " ").lower())
    # a rate's "per <unit>" as in a name ("price per night": price, never "night"); the other side of an alias
    # said as a contrast ("brass instead of steel", "oak rather than pine": brass and oak, never "steel", "pine")
    cut = next((k for k, w in enumerate(words) if k and w in ("per", "instead", "rather", "without")), None)
    if cut is not None:
        words = words[:cut]
        if len(words) == 1:
            head = words[0]
            return head if len(head) >= 4 and head not in _MODEL_WORDS | _FUNCTION_WORDS | _UNIT_WORDS else None
    if len(words) < 2:
        return None
    head = words[-2] if words[-1] in _UNIT_WORDS or len(words[-1]) <= 3 else words[-1]
    return head if len(head) >= 4 and head not in _MODEL_WORDS | _FUNCTION_WORDS | _UNIT_WORDS else None


# Three-letter English words that end a name but name nothing alone ("is_new", "TopTen"'s "ten", "DayOfWeek"'s "day").
_SHORT_WORDS = frozenset(
    "the and for per not any all own one two six ten new old low top big max min avg sum std day end off out via "
    "yes has had was are can get set use raw log net how why who far".split()
)


# Units a feature's name may end in, spelled out ("rainfall_mm", "tenure_months", "humidity_percent"); a name's last
# lower-case part of one to three letters is read as a unit too ("_pct", "_ml", "_kg", "_usd"; `unit_ending`).
_UNIT_WORDS = frozenset(
    "percent percentage pct perc seconds secs minutes mins hours hrs days weeks months years yrs grams kilograms "
    "litres liters metres meters miles dollars euros pounds celsius fahrenheit".split()
)


# English function words an alias may end in ("how long they've lived there"): no head noun of it.
_FUNCTION_WORDS = frozenset(
    "there here them they then than that this these those what when where which with from into onto about been "
    "have were does some very much more most less else ever".split()
)
# English plurals that no suffix rule reduces to their singular.
_MODEL_WORDS = frozenset(
    "score scores rate rates value values level levels number count total index type status class label".split()
)


def verb_of_unit_head(said: str, feature: FeatureSchema) -> bool:
    """Whether `said` is a verb made of the word before the unit `feature`'s name ends in ("watered" for
    `weekly_water_l`, "humidified" is not): it names an event ("watered 3 days ago"), not the amount, so no change
    of the feature is read from it. The word itself ("water", "3 more litres of water") still names the feature.
    """
    words = name_words(feature.name)
    said = said.lower()
    if len(words) < 2 or unit_ending(feature.name, _UNIT_WORDS) != 1 or said == words[-2]:
        return False
    return said.endswith(("ed", "ing")) and _stem(said) == words[-2]


# --- the end of a name as written after its words: a sign or a unit ("moisture %", "temp (c)", "time in minutes")

_PIECE = re.compile(r"[^\W_]+|[^\w\s]")


def _unit(feature: FeatureSchema) -> str | None:
    """The unit a name ends in (`name_unit`, the one reading of it): a sign ("Moisture %"), a part in brackets
    ("Temp (C)") or after a slash ("Time/min"), the short last part after an underscore ("distance_km"), or a
    unit word ending a camelCase name ("DepthM"); None otherwise.
    """
    return name_unit(feature)


@functools.lru_cache(maxsize=256)
def _tail_pattern(name: str, unit: str | None) -> re.Pattern[str] | None:
    pieces = _PIECE.findall(name.lower())
    # the rest of the name as written, from any sign on: "%", "(c)", ")", "/min"
    options = [
        r"\s*" + r"\s*".join(re.escape(p) for p in pieces[k:])
        for k in range(1, len(pieces))
        if not pieces[k][0].isalnum() and pieces[k] not in "-'"
    ]
    options.sort(key=len, reverse=True)
    if unit is not None:
        forms = {*unit_words(unit), *(w for w in _UNIT_WORDS if len(unit) >= 3 and w.startswith(unit))}
        words = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        # "in minutes", "(minutes)", "/min", ", in percent"
        options += [rf",?\s+(?:in|as)\s+(?:{words})(?!\w)", rf"\s*\(\s*(?:{words})\s*\)", rf"\s*/\s*(?:{words})(?!\w)"]
    return re.compile("|".join(options), re.IGNORECASE) if options else None


def name_tail_end(text: str, end: int, feature: FeatureSchema) -> int:
    """Where the feature's name ends in `text` when its words end at `end`: past the name's sign or unit as
    written after them ("moisture %", "temp (c)", "time/min", "time in minutes"); `end` when none follows.
    """
    pattern = _tail_pattern(feature.name, _unit(feature))
    if pattern is None:
        return end
    match = pattern.match(text, end)
    return match.end() if match else end
