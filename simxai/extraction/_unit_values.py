"""What-if values said with a unit or a word of the feature after the number, and counts added "on top".

- a temperature: "had it fermented at 16 degrees", "kept at 61 °F", "at 20C" is the host's one temperature feature
  (by its name or an alias); a value said in the other scale than the feature's (its name ends in `_c` / `_f`, or its
  description says Celsius / Fahrenheit) is converted, so a user may speak the scale they know;
- a unit, spelled out or abbreviated, that ends exactly one numeric feature's name: "a 500 litre tank" for
  `volume_l`, "were 25 kilos" / "were 25 kg" for `weight_kg`, "travelled 120 km" for `distance_km`, "went 11
  minutes" / "lasted 11 minutes" for `bake_minutes` or `bake_min`, "and with 16 minutes instead?" (a turn
  that opens with "with"; the one reading of an absolute value by its unit; a magnitude such as `salary_k`'s "k"
  is no unit);
- a number, the unit a numeric feature's name ends in and "of" before a word of that name: "with 30 mm of ice" for
  `ice thickness (mm)`; and a value below zero said with no unit ("at minus 7") for the one temperature feature, when
  no other feature takes a value below zero; a count said whole ("opened every vent", "all the fans running") as
  the largest count of the one feature whose name holds the plural;
- a number, then a one-word name or alias of exactly one numeric feature: "brought back to 25 brix" (alias "brix"),
  "at 11 % moisture" (a feature in percent);
- a word of exactly one numeric feature's name or aliases, as written, then a multiplication: "if the mites halved"
  for an alias "mites per hundred" ("-50%"), "doubled" ("*2"), "tripled" ("*3"), "went to the doctor twice as
  often" for `doctor_visits` ("*2");
- the verb of what a count feature counts, done again: "added the feed once more" for `feed_additions` ("+1");
- a count before a feature, then "on top": "and 2 extra feeds on top" / "2 nutrient additions on top" is a step up;
- the words a feature's description gives a coded value (`_legend_values`): "replaced this year" for "(0 = replaced
  this year)".

The first three bind only in a turn that supposes something (the caller's test, an id then "with" or "at", or a
verb that warms or cools) and never a
feature already read;
none of them reads a word of any data set, only the schema's names, aliases, descriptions and units.
"""

from __future__ import annotations

import re

from simxai.extraction._amounts import _units
from simxai.extraction._feature_words import _SUPPOSED
from simxai.extraction._features import FeatureMention
from simxai.extraction._legend_values import legend_changes
from simxai.extraction._lexicon import _NUM, _TIMES, _parse_number, name_unit
from simxai.extraction._span_values import span_value_changes
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words, spelled_units, unit_said, unit_words

__all__ = ["unit_word_changes"]

# The words before a value said for the feature ("were 16", "at 16", "back to 16", "only 16").
_LEAD = r"\b(?:at|to|into|of|were|was|is|be|been|around|about|only|just)\s+(?:an?\s+)?"
# A direction after the amount makes it a step, read elsewhere ("3 degrees warmer", "10 km further").
_STEP = (
    r"(?!\s*(?:more|less|fewer|higher|lower|further|farther|closer|nearer|warmer|cooler|colder|hotter|heavier|"
    r"lighter|longer|shorter|older|younger|bigger|smaller|greater|cheaper|dearer|earlier|later|sooner|wider|"
    r"narrower|deeper|faster|slower|taller|than|up|down)\b)"
)
_DEGREES = re.compile(
    # or after a comma, its unit said ("plus a cool morning, 9 degrees"); "minus 20" is the value -20
    # "2 reheats and 1000 C": a second value after "and" (never "between 900 and 1000 degrees")
    rf"(?:{_LEAD}|\band\s+|,\s*(?=(?:(?:minus|negative)\s+)?-?{_NUM}\s?(?:°|degrees?\b|deg\b)))"
    rf"(?P<neg>(?:minus|negative)\s+)?(?P<n>-?{_NUM})\s?(?P<deg>°\s?|degrees?\s*|deg\s+)?(?P<scale>celsius|centigrade|fahrenheit|c|f)?\b{_STEP}",
    re.IGNORECASE,
)
# Units people spell out, and the abbreviation a feature's name ends in for them (the words: `name_words`'s table).
# Only these units' spelled words bind a value here: "feet", "pounds", "seconds" and the degrees are not read as a
# value of a feature by their unit (a temperature is, by `_temperature`).
_SPELLED = spelled_units(("l", "ml", "kg", "g", "m", "km", "cm", "mm", "mi", "h", "min"))
# The abbreviations stand for themselves ("were 25 kg", "travelled 120 km"), and so do a few never spelled here.
_SPELLED |= {unit: unit for unit in (*_SPELLED.values(), "lb", "ft", "hr", "hrs", "s", "ms")}
# "from a 20 mm bar", "had a 2 m plank", "with a 400 ml cup": a thing of that size, whatever noun follows the unit (a
# word of the feature's own name included: "bar" for `bar thickness (mm)`); never a change noun ("a 20 mm rise")
_A_THING_OF = r"\b(?:from|had|has|have|with|as|used|using|on)\s+an?\s+"
_CHANGE_NOUN = re.compile(
    r"\s+(?:increase|decrease|rise|drop|cut|gain|loss|reduction|boost|jump|fall|difference|change|step)s?\b"
    r"|(?:\s+[a-z]+)?\s+to\s+(?:an?\s+)?\d",  # "from a 20 mm bar to a 30 mm one": the old value, then the new
    re.IGNORECASE,
)
_SPELLED_VALUE = re.compile(
    # ("were uninsured and 30 kg": a second value of the supposition, after "and"; never "between 20 and 30 kg";
    # "and with 16 minutes instead?": a turn that opens with "with" is another value for the what-if in focus)
    rf"(?:{_LEAD}|\b(?:travell?ed|went|gone|ran|run|lasted|took|taken)\s+|(?<!\d\s)\band\s+|"
    rf"^\W*(?:(?:and|or|but|so|then)\s+)?with\s+|{_A_THING_OF}(?=\d))"
    rf"(?P<n>{_NUM})\s?-?\s?(?P<unit>{'|'.join(sorted(_SPELLED, key=len, reverse=True))})"
    rf"s?\b{_STEP}",
    re.IGNORECASE,
)
# "back to 25 brix"; "at 11 % moisture" for a feature in percent
_WORD_VALUE = re.compile(rf"{_LEAD}(?P<n>{_NUM})\s?(?P<pc>%\s?|percent\s)?(?P<word>[a-z]+)\b{_STEP}", re.IGNORECASE)
_IN_PERCENT = re.compile(r"_(?:pct|percent)\b|\bper\s?cent|%", re.IGNORECASE)
# "if the mites halved", "were their feeds doubled": a word of one feature's name or aliases, then a multiplication
_MULTIPLIED = re.compile(
    r"\b(?P<word>[a-z]{3,})\s+(?:(?:was|were|got|had|is|are|be)\s+)?(?:been\s+)?"
    r"(?P<verb>halved|halves|halve|doubled|doubles|double|tripled|triples|triple)\b",
    re.IGNORECASE,
)
_FACTORS: dict[str, ChangeValue] = {"halv": "-50%", "doub": "*2", "trip": "*3"}
# "went to the doctor twice as often": a word of one feature's name or aliases, then a factor of how often
_AS_OFTEN = re.compile(
    rf"\b(?P<word>[a-z]{{3,}})\s+(?P<t>twice|thrice|(?P<n>{_NUM})\s+times)\s+as\s+(?:often|frequently|much|many)\b",
    re.IGNORECASE,
)
# "added it once more", "treated them twice more": the verb of what a count feature counts, done again
_DONE_AGAIN = re.compile(
    rf"\b(?P<verb>[a-z]{{3,}}(?:ed|d))\s+(?P<obj>(?:[a-z0-9]+\s+){{0,2}}?)"
    rf"(?P<t>once|twice|thrice|(?P<n>{_NUM})\s+times)\s+(?:more|extra|again)\b",
    re.IGNORECASE,
)
# A value said of a record without "if": an id then "with" / "at" ("74 with the fan at 40 %", "110333 at 12
# degrees"), or a verb that moves a temperature ("warm the tower up to 12 degrees")
_SAID_OF_AN_ID = re.compile(r"\d\s+(?:with|at)\b|\b(?:warm|heat|cool|chill)(?:s|ed|ing)?\b", re.IGNORECASE)
# "with 30 mm of ice": a number, a unit and "of" before a word of the one feature whose name ends in that unit
_UNIT_OF_WORD = re.compile(
    rf"(?<![\w.])(?P<n>{_NUM})\s?(?P<unit>%|[a-z]+)\s+of\s+(?:the\s+)?(?P<word>[a-z]{{3,}})\b{_STEP}", re.IGNORECASE
)
# a bound before the number makes it a group's condition ("races with over 30 mm of rain"), not a value
_BOUND_BEFORE = re.compile(
    r"\b(?:over|under|above|below|(?:more|less|fewer)\s+than|at\s+(?:least|most)|between\s+\S+\s+and)\s*$",
    re.IGNORECASE,
)
# "between 5 and 12 degrees": the upper bound of a range, never a value
_BETWEEN_AND = re.compile(r"\b(?:between|from)\s+\S+\s+and\s+(?:\w+\s+)?$", re.IGNORECASE)
# "opened every vent", "all the fans running": a count said whole
_EVERY = re.compile(
    r"\b(?:(?P<every>every|each)\s+(?:single\s+)?|(?P<all>all)\s+(?:of\s+)?(?:(?:the|its|their|his|her)\s+)?)"
    r"(?P<word>[a-z]{3,})\b",
    re.IGNORECASE,
)
# "what would the call on 42 be with ...": a value supposed in a question of what would be, with no "if"
_WOULD_BE_WITH = re.compile(r"\b(?:would|could|might)\s+(?:[\w']+\s+){0,6}?be\s+with\b", re.IGNORECASE)
# "2 nutrient additions on top" ("on top of that" joins changes and says the same of this one)
# speeds written as one word, each a unit per unit ("wind_kmh": "40 km/h", "40 kph")
_SPEEDS = frozenset({"kmh", "kph", "mph"})
_ON_TOP = re.compile(r"^\s*(?:as\s+well\s+)?on\s+top\b", re.IGNORECASE)


def unit_word_changes(
    text: str, schema: HostSchema, mentions: list[FeatureMention], named: dict[str, ChangeValue]
) -> dict[str, ChangeValue]:
    """The changes of the module doc for features `named` does not hold; the value readings only in a supposition."""
    numeric = [f for f in schema.features if f.type == "numeric" and f.name not in named]
    found: dict[str, ChangeValue] = {}
    for mention in mentions:
        feature = mention.feature
        if feature not in numeric or feature.name in found:
            continue
        count = re.search(
            rf"(?<![\w.])(?P<n>{_NUM})\s+(?:extra\s+|more\s+)?$", text[max(0, mention.start - 15) : mention.start]
        )
        if count and _ON_TOP.match(text[mention.end : mention.end + 20]):
            found[feature.name] = f"+{count.group('n')}"
    found.update(legend_changes(text, schema, {**named, **found}))  # "mated this season" for "(0 = mated ...)"
    if _WOULD_BE_WITH.search(text):  # "what would the call on 42 be with 30 mm of ice?"
        found.update(_unit_of_word(text, [f for f in numeric if f.name not in found]))
    if not _SUPPOSED.search(text) and not _SAID_OF_AN_ID.search(text):  # "74 with the fan at 40 %"
        return found
    found.update(span_value_changes(text, schema, {**named, **found}))  # "had been up for 20 days" of `days_up`
    temperature = _units(schema).get("degrees")
    if temperature is not None and temperature in numeric and temperature.name not in found:
        below_zero = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.min < 0]
        value = _temperature(text, temperature, below_zero == [temperature])
        if value is not None:
            found[temperature.name] = value
    for match in _SPELLED_VALUE.finditer(text):
        unit = _SPELLED[match.group("unit").lower()]
        # owners among all the host's features: with two "cm" features, one already read leaves the unit ambiguous
        # a name may end in the unit spelled out: "went 11 minutes" for `cook_minutes`
        spelled = match.group("unit").lower()
        owners = [
            f
            for f in schema.features
            if f.type == "numeric"
            and (_name_unit(f) == unit or f.name.lower().split("_")[-1] in (spelled, f"{spelled}s"))
        ]
        if re.search(_A_THING_OF + r"$", text[: match.start("n")], re.IGNORECASE) and _CHANGE_NOUN.match(
            text, match.end()
        ):
            continue  # "with a 20 mm rise": a step; "from a 20 mm bar to a 30 mm one": 20 was the value before
        after = re.match(r"\s+([a-z]+)", text[match.end() :], re.IGNORECASE)
        if after is not None and len(owners) == 1 and _named_by_other(after.group(1).lower(), owners[0], schema):
            continue  # "20 cm tall" with a feature called "tall" (Height): that feature's value, not the unit's
        if len(owners) == 1 and owners[0] in numeric and owners[0].name not in found:
            found[owners[0].name] = _parse_number(match.group("n"))
    found.update(_per_unit_values(text, [f for f in numeric if f.name not in found]))  # "in 25 km/h wind"
    for match in _MULTIPLIED.finditer(text):
        owners = [f for f in numeric if match.group("word").lower() in _term_words(f)]
        if len(owners) == 1 and owners[0].name not in found:
            found[owners[0].name] = _FACTORS[match.group("verb").lower()[:4]]
    for match in _AS_OFTEN.finditer(text):
        owners = [f for f in numeric if match.group("word").lower() in _term_words(f)]
        if len(owners) == 1 and owners[0].name not in found:
            said = match.group("t").lower()
            found[owners[0].name] = f"*{_TIMES[said] if said in _TIMES else match.group('n')}"
    for match in _DONE_AGAIN.finditer(text):
        counted = _counted_by(match.group("verb").lower(), match.group("obj"), numeric)
        if counted is not None and counted.name not in found:
            said = match.group("t").lower()
            found[counted.name] = f"+{_TIMES[said] if said in _TIMES else match.group('n')}"
    found.update(_unit_of_word(text, [f for f in numeric if f.name not in found]))  # "with 30 mm of ice"
    found.update(_every_one(text, [f for f in numeric if f.name not in found]))  # "opened every vent"
    words = _one_word_terms(schema)
    for match in _WORD_VALUE.finditer(text):
        said = match.group("word").lower()
        named_by = words.get(said) or words.get(said.rstrip("s"))
        if named_by is None or named_by not in numeric or named_by.name in found:
            continue
        if match.group("pc") and not _IN_PERCENT.search(f"{named_by.name} {named_by.description or ''}"):
            continue  # "at 11 % moisture" is a moisture in percent only when the feature counts in percent
        found[named_by.name] = _parse_number(match.group("n"))
    return found


def _per_unit_values(text: str, numeric: list[FeatureSchema]) -> dict[str, ChangeValue]:
    """A number said with a unit per unit ("25 km/h", "3 litres per minute", "31 kg/m2") that the name of exactly one
    of the host's numeric features ends in: that feature's value; never a bound ("over 40 km/h") or a step ("10 km/h
    faster", read with its direction elsewhere).
    """
    found: dict[str, ChangeValue] = {}
    units: dict[str, list[FeatureSchema]] = {}
    for feature in numeric:
        unit = name_unit(feature)
        if unit is not None and ("/" in unit or unit in _SPEEDS):
            units.setdefault(unit, []).append(feature)
    for unit, owners in units.items():
        said = "|".join(re.escape(w) for w in sorted(unit_words(unit), key=len, reverse=True))
        for match in re.finditer(rf"(?<![\w.])(?P<n>{_NUM})\s?(?:{said})(?![\w/]){_STEP}", text, re.IGNORECASE):
            if len(owners) == 1 and not _BOUND_BEFORE.search(text[: match.start()]):
                found[owners[0].name] = _parse_number(match.group("n"))
                break
    return found


def _unit_of_word(text: str, numeric: list[FeatureSchema]) -> dict[str, ChangeValue]:
    """The values said as "30 mm of ice" for the one of `numeric` whose name ends in the unit and holds the word."""
    found: dict[str, ChangeValue] = {}
    for match in _UNIT_OF_WORD.finditer(text):
        if _BOUND_BEFORE.search(text[max(0, match.start() - 30) : match.start()]):
            continue
        said = match.group("word").lower()
        owners = [f for f in numeric if unit_said(match.group("unit"), f.name) and said in _term_words(f)]
        if len(owners) == 1 and owners[0].name not in found:
            found[owners[0].name] = _parse_number(match.group("n"))
    return found


def _every_one(text: str, numeric: list[FeatureSchema]) -> dict[str, ChangeValue]:
    """The largest count for "every vent" / "all the vents" of the one count feature whose name holds the plural
    ("VentsOpen" 0-6 -> 6): a count said whole is its maximum in the data.
    """
    found: dict[str, ChangeValue] = {}
    for match in _EVERY.finditer(text):
        word = match.group("word").lower()
        plural = word + "s" if match.group("every") else word
        if match.group("all") and not word.endswith("s"):
            continue  # "all the income": no count
        owners = [f for f in numeric if _a_count(f) and plural in {*name_words(f.name), *_term_words(f)}]
        if len(owners) == 1 and owners[0].max is not None and owners[0].name not in found:
            found[owners[0].name] = int(owners[0].max)
    return found


def _a_count(feature: FeatureSchema) -> bool:
    """Whether a numeric feature counts things: its range runs from 0 to a whole number."""
    return feature.min == 0 and feature.max is not None and float(feature.max).is_integer()


def _counted_by(verb: str, said: str, numeric: list[FeatureSchema]) -> FeatureSchema | None:
    """The one numeric feature that counts what `verb` does ("added" -> additions), when the words after the verb
    (`said`) are the feature's own or a pronoun; None otherwise.
    """
    stem = re.sub(r"(?:ed|d)$", "", verb)
    nouns = {stem + e for e in ("s", "es", "itions", "ition", "ments", "ment", "ings", "ations", "ions")}
    owners = [f for f in numeric if _term_words(f) & nouns]
    if len(owners) != 1:
        return None
    own = _term_words(owners[0]) | {"it", "them", "the", "a", "an", "some", "one"}
    return owners[0] if all(w in own for w in said.lower().split()) else None


def _named_by_other(word: str, owner: FeatureSchema, schema: HostSchema) -> bool:
    """Whether `word` is a word of another numeric feature's name or aliases and none of `owner`'s."""
    if word in _term_words(owner):
        return False
    return any(f.name != owner.name and f.type == "numeric" and word in _term_words(f) for f in schema.features)


def _term_words(feature: FeatureSchema) -> set[str]:
    """The words of a feature's name and aliases as written, lower case (no stems: "mites" is not "mite")."""
    return {w for t in (feature.name, *feature.aliases) for w in re.split(r"[\W_]+", t.lower()) if len(w) >= 3}


def _name_unit(feature: FeatureSchema) -> str | None:
    """The unit people spell out that a feature's name ends in ("volume_l" -> "l" for "litres"); None for none, or
    for a unit per unit ("yan_mg_l").
    """
    unit = name_unit(feature)
    if unit not in _SPELLED.values():
        return None
    parts = feature.name.lower().split("_")
    return None if len(parts) >= 3 and re.fullmatch(r"[mkuµ]?g|m?l|k?m|mm|cm", parts[-2]) else unit


def _temperature(text: str, feature: FeatureSchema, alone_below_zero: bool = False) -> ChangeValue | None:
    """The value a temperature is said to take, in the feature's own scale, or None. With `alone_below_zero` (no other
    feature of the host takes a value below zero), a value below zero needs no unit: "at minus 7" is its value.
    """
    for match in _DEGREES.finditer(text):
        if _BETWEEN_AND.search(text[max(0, match.start() - 30) : match.start("n")]):
            continue  # "between 5 and 12 degrees": a bound, no value
        said = (match.group("scale") or "").lower()[:1]
        negative = bool(match.group("neg")) or match.group("n").startswith("-")
        if not match.group("deg") and not said and not (negative and alone_below_zero):
            continue  # "at 16" alone says no unit: read elsewhere, or asked
        sign = -1 if match.group("neg") else 1  # "at minus 10 degrees": the value -10
        value = sign * float(match.group("n"))
        own = _scale(feature)
        if said == "f" and own == "c":
            value = (value - 32) * 5 / 9
        elif said == "c" and own == "f":
            value = value * 9 / 5 + 32
        else:
            return sign * _parse_number(match.group("n"))
        value = round(value, 1)
        return int(value) if value.is_integer() else value
    return None


def _scale(feature: FeatureSchema) -> str | None:
    """The scale a temperature feature is in ("c" or "f"), by its name's ending or its description; else None."""
    ending = feature.name.lower().rsplit("_", 1)[-1]
    if ending in ("c", "f"):
        return ending
    description = (feature.description or "").lower()
    if "fahrenheit" in description:
        return "f"
    if "celsius" in description or "centigrade" in description:
        return "c"
    return None


def _one_word_terms(schema: HostSchema) -> dict[str, FeatureSchema]:
    """One-word names and aliases that name exactly one feature (lower case), numeric or not."""
    owners: dict[str, set[str]] = {}
    by_name = {f.name: f for f in schema.features}
    for feature in schema.features:
        for term in (feature.name, *feature.aliases):
            if re.fullmatch(r"[A-Za-z]{3,}", term):
                owners.setdefault(term.lower(), set()).add(feature.name)
    return {word: by_name[next(iter(names))] for word, names in owners.items() if len(names) == 1}
