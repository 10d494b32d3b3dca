"""Groups named by words rather than conditions: a category before its feature's name, plurals made from a category,
and bounds written with a unit.

"gold plan members", "in the central region", "smokers", "renters", "heavier than 20 kg": each names a group
that `simxai.extraction._groups` turns into a condition (and, for the first, masks as a group).
"""

from __future__ import annotations

import re

from simxai._directions import TAIL_DOWN, TAIL_UP
from simxai.extraction._event_groups import event_groups
from simxai.extraction._features import FeatureMention, feature_mentions
from simxai.extraction._lexicon import _NUM, _PEOPLE_NOUNS, _group_noun, _op_of, yes_no_of
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words, unit_said
from simxai.turn_memo import per_host, per_turn


def _in_range(feature: FeatureSchema, value: float) -> bool:
    return (feature.min is None or value >= feature.min) and (feature.max is None or value <= feature.max)


# A bound written with a unit and no feature: "heavier than 20 kg", "over 500 km", "under 25 kg/m2".
# Comparatives that open a bound upwards or downwards ("7 or older", "38 degrees or steeper", "2 and under").
_UP, _DOWN = list(TAIL_UP), list(TAIL_DOWN)
#: An open tail after a bound's value, for a pattern: "over 7 or more", "of 30 or gentler".
OR_TAIL = rf"(?:or|and)\s+(?:{'|'.join(_UP + _DOWN)})\b"
_UNIT_BOUND = re.compile(
    rf"\b(?P<op>(?:[a-z]+er|more|less|fewer)\s+than|over|under|above|below|at\s+least|at\s+most)\s+(?P<v>{_NUM})\s?"
    r"(?P<unit>[a-z]+(?:/[a-z]+[0-9²]?)?)\b"
    # "3 or more bedrooms", "2 or fewer reminders": the bound after the number, the feature's word last
    rf"|\b(?P<v2>{_NUM})\s+or\s+(?P<op2>more|fewer|less|over|under|above|below)\s+(?P<unit2>[a-z]+)\b"
    # "38 degrees or steeper", "20 kg and under": the unit after the number, an open tail last
    rf"|\b(?P<v3>{_NUM})\s?(?P<unit3>[a-z]+)\s+(?P<op3>{OR_TAIL})",
    re.IGNORECASE,
)
# "between 3 and 5 kg", "from 3 to 5 kg", "between 3 kg and 5 kg": a span whose unit is said after its second value
_UNIT_SPAN = re.compile(
    rf"\b(?:between|from)\s+(?P<a>{_NUM})\s?(?P<u1>[a-z]+)?\s+(?:and|to)\s+(?P<b>{_NUM})\s?"
    r"(?P<unit>[a-z]+(?:/[a-z]+[0-9²]?)?)\b",
    re.IGNORECASE,
)
_LOWER_WORDS = re.compile(
    # every downward comparative of `_DOWN`: "colder than 15 degrees" is an upper bound (< 15), never a lower one
    r"^(?:less|fewer|under|below|at\s+most|"
    r"(?:light|short|small|low|young|cheap|near|close|cold|cool|shallow|narrow|weak|slow|gentl|flatt|earli)er)\b",
    re.I,
)


def _words_of(feature: FeatureSchema) -> set[str]:
    """The words of a feature's name and aliases, each also without a plural s ("bedrooms", "bedroom")."""
    words = set(re.findall(r"[a-z]+", " ".join([feature.name, *feature.aliases]).lower().replace("_", " ")))
    words |= {w for w in name_words(feature.name) if len(w) > 2}  # "transit" of TransitDays (CamelCase)
    return words | {w[:-1] for w in words if w.endswith("s") and len(w) > 3} | {w + "s" for w in words}


def _unit_of(unit: str, feature: FeatureSchema) -> bool:
    """Whether `unit` is a word of the feature's name or aliases, or the unit its name ends in written out
    ("degrees" for slope_angle_deg, "minutes" for walk_mins).
    """
    return unit in _words_of(feature) or _spelled_name_unit(unit, feature)


# Units of time as people shorten them ("under 10 min", "over 3 hrs"), and the word they stand for
_SHORT_UNITS = {
    "min": "minutes",
    "mins": "minutes",
    "hr": "hours",
    "hrs": "hours",
    "sec": "seconds",
    "secs": "seconds",
    "wk": "weeks",
    "wks": "weeks",
    "yr": "years",
    "yrs": "years",
}


def _spelled_name_unit(unit: str, feature: FeatureSchema) -> bool:
    """Whether `unit` is the unit the feature's name ends in, written out ("minutes" for walk_mins or for
    `Roast Time/min`, "degrees" for slope_angle_deg).
    """
    parts = re.split(r"[\W_]+", feature.name.lower().strip(" _%()[]"))
    if len(parts) >= 2 and parts[-2] == "per":
        return False  # "price_per_day": "3 days" is no price
    if unit_said(unit, feature.name):
        return True  # the unit of `name_unit_of` said with its words: "feet" for BoatLengthFt, "km/h" for wind_kmh
    # a unit spelled out at the end of the name, which `name_unit_of` leaves to `unit_ending` ("walk_mins",
    # "slope_angle_deg", "TenureMonths"): said by any word it begins ("minutes", "degrees", "months")
    last = parts[-1]
    last = last[:-1] if last.endswith("s") and len(last) > 3 else last  # "mins": "minutes"
    return len(last) >= 3 and last.isalpha() and unit.startswith(last)


def _unit_bounds(text: str, schema: HostSchema) -> list[str]:
    """Conditions from bounds with a unit that names one numeric feature ("heavier than 20 kg" -> weight_kg > 20):
    the unit is a word of exactly one numeric feature's name or aliases (descriptions never name a feature), and the
    value lies in its range.
    """
    found: list[str] = []
    for match in _UNIT_BOUND.finditer(text):
        if match.group("v3"):
            unit, value = match.group("unit3").lower(), match.group("v3")
            owners = [f for f in schema.features if f.type == "numeric" and _unit_of(unit, f)]
            if len(owners) == 1 and _in_range(owners[0], float(value)):
                found.append(f"{owners[0].name} {tail_op(match.group('op3'))} {value}")
            continue
        if match.group("v2"):
            op, value, unit = (match.group(g).lower() for g in ("op2", "v2", "unit2"))
            owners = [f for f in schema.features if f.type == "numeric" and unit in _words_of(f)]
            if len(owners) == 1 and _in_range(owners[0], float(value)):
                found.append(f"{owners[0].name} {tail_op(op)} {value}")  # "or more" >=, "or fewer" <=
            continue
        owners = _unit_owners(match.group("unit"), schema)
        if len(owners) != 1 or not _in_range(owners[0], float(match.group("v"))):
            continue
        op = leading_op(match.group("op").lower(), _LOWER_WORDS)  # "at least" >=, with any space between its words
        found.append(f"{owners[0].name} {op} {match.group('v')}")
    for match in _UNIT_SPAN.finditer(text):  # "between 3 and 5 kg": the unit said once for both values
        first, unit = match.group("u1"), match.group("unit")
        owners = _unit_owners(unit, schema)
        if first and _unit_owners(first, schema) != owners:
            continue  # "between 3 hours and 5 kg": two units, no span
        low, high = sorted((match.group("a"), match.group("b")), key=float)
        if len(owners) == 1 and _in_range(owners[0], float(low)) and _in_range(owners[0], float(high)):
            found = [c for c in found if not c.startswith(f"{owners[0].name} ")]  # "5 kg" read alone before
            found += [f"{owners[0].name} >= {low}", f"{owners[0].name} <= {high}"]
    return found


def _unit_owners(said: str, schema: HostSchema) -> list[FeatureSchema]:
    """The numeric features a unit said after a number names (each once): a word of the name or aliases."""
    said = said.lower().replace("²", "2")
    owners = [
        f
        for f in schema.features
        if f.type == "numeric"
        for unit in dict.fromkeys((said, _SHORT_UNITS.get(said, said)))  # "10 min": also "10 minutes"
        if unit
        in re.findall(
            r"[a-z]+(?:/[a-z]+2?)?", " ".join([f.name, *f.aliases]).lower().replace("_", " ").replace("²", "2")
        )
        or _spelled_name_unit(unit, f)  # "over 14 minutes" of `Roast Time/min`
        or (len(unit) > 2 and unit in name_words(f.name))  # "more than 10 transit days" of TransitDays
    ]
    return [f for k, f in enumerate(owners) if all(f is not g for g in owners[:k])]  # one each (not hashable)


# Words of a what-if about one instance: a category named after them is a change, not a group.
_WHAT_IF_WORDS = re.compile(
    r"\b(?:if|were|had|moved?|moving|switch\w*|chang\w*|lived|relocat\w*|suppose|re-?run\w*|redo|put|plac\w*|"
    r"assign\w*|transfer\w*|upgrad\w*|downgrad\w*)\b",
    re.I,
)


def _value_before(text: str, start: int, end: int, categories: list[str], nouns: str) -> list[tuple[int, int, bool]]:
    """A category written before its feature's name, said of a group: "gold plan members", "those on the silver
    plan". The core runs from the category to the name (and a group noun right after it); it is a group by itself
    when a group noun stands right after the name or among the words leading in ("members on the silver plan"),
    so that "if she were on the gold plan" (a what-if) stays unmasked.
    """
    # a value with an underscore is also written with a hyphen or a space ("the asia-europe lane")
    words = "|".join(
        re.escape(c).replace("_", r"[_\s-]") for c in sorted((c for c in categories if c), key=len, reverse=True)
    )
    if not words:
        return []
    before = re.search(rf"\b(?:{words})[\s-]+$", text[max(0, start - 40) : start], re.IGNORECASE)  # "west-facing"
    if before is None:
        return []
    core_start = start - (len(text[max(0, start - 40) : start]) - before.start())
    # "gold plan members", "gold plan men": a group noun, or a word naming people by sex or age, right after the name
    trailing = re.match(
        rf"\s+(?:{nouns}|{_PEOPLE_NOUNS}|men|women|males|females|adults|seniors)\b", text[end:], re.IGNORECASE
    )
    leading = re.search(
        rf"\b(?:{nouns}|{_PEOPLE_NOUNS})\s+(?:(?:who\s+are|that\s+are|which\s+are)\s+)?(?:on|in|with|of|from|under|"
        r"having)\s+(?:the\s+|a\s+|an\s+|their\s+)?$",
        text[max(0, core_start - 60) : core_start],
        re.IGNORECASE,
    )
    if trailing is None and leading is None:
        # "in the central region", "for the north region": a category with an article before its feature's name,
        # after a preposition, names the rows with that value, unless the turn is a what-if ("if she moved to the
        # north region", "were he in the gold plan"): there it is a change of one instance
        article = re.search(
            r"\b(?:in|from|for|of|on|across|within|among|throughout)\s+the\s+$",
            text[max(0, core_start - 40) : core_start],
            re.IGNORECASE,
        )
        named = re.search(rf"\b(?:{nouns}|id|number|no)\s*#?\s*\d+\b|#\d+|\b\d+'s\b", text, re.IGNORECASE)
        if article is None or _WHAT_IF_WORDS.search(text[:core_start]) or named is not None:
            return []  # "applicant 5 in the north region": said of one instance, no group
        return [(core_start, end, True)]
    if leading is not None:  # "members on the silver plan": the group noun and its preposition lead into it
        core_start -= len(text[max(0, core_start - 60) : core_start]) - leading.start()
    return [(core_start, end + (trailing.end() if trailing else 0), True)]


@per_turn
def category_nouns(text: str, schema: HostSchema | None) -> list[tuple[int, int, str]]:
    """Groups named by a plural noun made from a categorical feature: (start, end, condition).

    A yes/no feature's name in the plural names its "yes" rows and with "non-" its "no" rows ("smokers" ->
    `smoker = yes`, "non-smokers" -> `smoker = no`); a category with "-ers" names that category's rows
    ("renters" -> `home_ownership = rent`, "owners" -> `home_ownership = own`). A yes/no feature held as 0/1 names
    its rows by its name or alias beside a plural of the instance noun (`_switch_groups`). Only plurals: "a smoker"
    is a value (a what-if), not a group.
    """
    if schema is None or schema.kind == "text":
        return []
    found = _switch_groups(text, schema) + event_groups(text, schema)  # "on night calls", "when it sold out"
    for pattern, feature, yes, no in _category_plurals(schema):
        for match in pattern.finditer(text):
            found.append(
                (match.start(), match.end(), f"{feature} = {no if no is not None and match.group('non') else yes}")
            )
    return sorted(found)


@per_host
def _category_plurals(schema: HostSchema) -> list[tuple[re.Pattern[str], str, str, str | None]]:
    """`category_nouns`' patterns, compiled once per schema: (pattern, feature, its "yes" or category, its "no").

    The "no" is None for a category's "-ers" pattern, which has no `non` group.
    """
    plurals: list[tuple[re.Pattern[str], str, str, str | None]] = []
    for feature in schema.features:
        categories = [c for c in feature.categories or [] if c]
        pair = yes_no_of(feature)
        name = feature.name.lower().replace("_", " ")
        if pair is not None and len(categories) == 2 and name.isalpha() and len(name) > 3:
            yes, no = pair
            plurals.append(
                (re.compile(rf"\b(?P<non>non[- ]?)?{re.escape(name)}s\b", re.IGNORECASE), feature.name, yes, no)
            )
            continue
        for category in categories:
            word = category.lower()
            if not word.replace("_", "").isalpha() or len(word) < 3:
                continue
            doubled = word + word[-1] if re.search(r"[^aeiou][aeiou][bdgmnprt]$", word) else word
            stems = {f"{doubled}ers", f"{word}rs" if word.endswith("e") else f"{word}ers"}
            # "part-timers" for part_time: the underscore written as a hyphen or a space
            pattern = "|".join(re.escape(stem).replace("_", r"[_\s-]") for stem in sorted(stems))
            plurals.append((re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE), feature.name, category, None))
    return plurals


_CURRENCY = r"(?:[$£€]\s?)?"
# A bound said as a value with "or more" / "and above" after it, around the feature's name: "10,000 nautical miles
# or more", "weather level 3 and above", "congestion of 7 or higher".
_OPEN_TAIL = rf"(?P<tail>{OR_TAIL})"


def leading_op(words: str, downward: re.Pattern[str]) -> str:
    """The operator of the words leading into a bound: `_op_of`'s ("at least" >=, "over" >, "fewer than" <), or
    for a comparative it does not list, its direction ("heavier than" >, "colder than" < when `downward` matches).
    """
    op = _op_of(words)
    if op != "=":
        return op
    return "<" if downward.match(words) else ">"


def tail_op(tail: str | None) -> str | None:
    """The operator an open tail gives a bound (">=" for "or steeper", "<=" for "and under"), None without one."""
    if not tail or not tail.split():
        return None
    return ">=" if tail.split()[-1].lower() in _UP else "<="


def _open_bound(text: str, start: int, end: int) -> tuple[str, str] | None:
    """(operator, value) of a bound written as a value and an open tail around a feature's name, or None."""
    after = re.match(
        # ("weather level 3 and above": a generic measure word may follow the feature's name)
        rf"^\s*(?:(?:level|score|index|value|rate|rating|grade)\s+)?(?:(?:is|are|was|were|of|at)\s+)?"
        rf"{_CURRENCY}(?P<v>-?{_NUM})\s*(?:\+|{_OPEN_TAIL})",
        text[end : end + 40],
        re.IGNORECASE,
    )
    before = re.search(rf"{_CURRENCY}(?P<v>-?{_NUM})\s*$", text[max(0, start - 20) : start])
    tail = re.match(rf"^\s*{_OPEN_TAIL}", text[end : end + 30], re.IGNORECASE)
    found, words = (after, after.group("tail")) if after else (before, tail.group("tail") if tail else None)
    if found is None or (words is None and after is None):
        return None
    low = words is None or tail_op(words) == ">="
    return (">=" if low else "<=", found.group("v"))


def numeric_name_at(text: str, schema: HostSchema, at: int) -> bool:
    """Whether a numeric feature's name starts or runs at offset `at` ("containers over 20" names cargo)."""
    return any(m.start <= at < m.end and m.feature.type == "numeric" for m in feature_mentions(text, schema))


# Words that set a 0/1 feature to 0 when they lead into its name: "non-express", "not express", "no express".
_SWITCHED_OFF = r"(?P<off>non[- ]?|not\s+|no\s+)?"
# The preposition between the instance noun and a 0/1 feature's name: "orders with(out) express shipping".
_SWITCH_LINK = r"(?P<with>with(?:out)?|using|made\s+(?:from|with(?:out)?))\s+"


def _switch_groups(text: str, schema: HostSchema) -> list[tuple[int, int, str]]:
    """Groups named by a yes/no feature held as 0/1 (its range exactly 0 to 1) beside a plural of the instance noun
    or "ones": "express orders", "express-shipping orders", "non-express ones" (= 0), "orders with express shipping",
    "orders without express shipping" (= 0). Its name or an alias, with spaces, hyphens or underscores between words.
    """
    plural = rf"(?:{_group_noun(schema)}|ones)"
    found: list[tuple[int, int, str]] = []
    for feature in schema.features:
        if feature.type != "numeric" or feature.min != 0 or feature.max != 1:
            continue
        terms = sorted({t.lower() for t in (feature.name, *feature.aliases) if t.strip()}, key=len, reverse=True)
        words = "|".join(r"[\s_-]+".join(map(re.escape, re.split(r"[\s_]+", t.strip()))) for t in terms)
        patterns = (
            rf"\b{_SWITCHED_OFF}(?:{words})\s+{plural}\b",  # "express orders", "non-express ones"
            rf"\b{plural}\s+{_SWITCH_LINK}{_SWITCHED_OFF}(?:(?:an?|the)\s+)?(?:{words})\b",  # "orders with express"
        )
        for pattern in patterns:
            for match in re.finditer(pattern, text, re.IGNORECASE):
                link = match.groupdict().get("with") or ""
                off = bool(match.group("off")) != ("without" in link.lower())
                found.append((match.start(), match.end(), f"{feature.name} = {0 if off else 1}"))
    return found


@per_host
def hyphened_categories(schema: HostSchema) -> list[re.Pattern[str]]:
    """A pattern of a category joined by a hyphen to a word of its feature's name ("wooden-crate"), for each category
    in the schema's order: built once per schema, for `_groups._unhyphened`.
    """
    patterns = []
    for feature in schema.features:
        words = "|".join(re.escape(w) for w in name_words(feature.name) if len(w) > 2)
        for category in feature.categories or () if words else ():
            patterns.append(re.compile(rf"\b({re.escape(str(category))})-((?:{words})s?)\b", re.IGNORECASE))
    return patterns


# A count right before a numeric feature's name, after a verb of having: "with 0 trips", "having exactly 2 repairs"
# ("with more than 3 trips" is a bound, read elsewhere; "with no trips" is 0 of a feature that is 0 somewhere)
_COUNT_BEFORE = re.compile(
    rf"\b(?:with|having|has|have|had)\s+(?:exactly\s+|just\s+|only\s+)?(?P<v>{_NUM}|no)\s+$", re.IGNORECASE
)


def counted_equality(text: str, mention: FeatureMention, group_context: bool) -> tuple[str, str] | None:
    """("=", the count) for a count said right before a numeric feature's name in a group's words ("inverters with
    0 trips"), or None; "no" is 0 only of a feature whose smallest value is 0.
    """
    counted = _COUNT_BEFORE.search(text[max(0, mention.start - 40) : mention.start])
    if not group_context or counted is None or mention.feature.type != "numeric":
        return None
    said = counted.group("v").lower()
    if said == "no":
        return ("=", "0") if mention.feature.min == 0 else None
    return "=", f"{float(said):g}"
