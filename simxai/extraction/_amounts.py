"""Amounts of a what-if said without a plain number after the feature, and amounts behind a currency sign.

"with no cleaning fee" (none of it), "one more reminder" / "an extra spray" (a count one up), "had 2 sprays" /
"needed 2 nights" (a count before the feature), "20 km further" (a unit that only one feature's name carries),
"3 degrees warmer" (the one temperature feature), "up by a third" (a fraction as a percentage), "£50" / "$1,200"
(the amount behind a currency sign), and "tickets over £70" (a bound in money, on a host where only one feature's
description says it is money). Each reading is conservative: when two features could take the amount, or nothing
in the turn says it is a what-if, it gives nothing and the engine asks.
"""

from __future__ import annotations

import re

from simxai._spoken import UNITS
from simxai.extraction._feature_words import _words, feature_named_by_word
from simxai.extraction._features import FeatureMention
from simxai.extraction._lexicon import _DET, _NUM, _op_of, name_unit
from simxai.extraction._money_scale import CURRENCY_WORD, money_features, plain_in_unit, scaled_amount
from simxai.extraction._time_units import SPAN_UNITS
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words, spaced_name, unit_ending, unit_words
from simxai.turn_memo import per_host

# "£50", "$ 40", "€1,200.50": the sign and the thousands separators go, the amount stays.
_CURRENCY = re.compile(r"[$£€]\s?(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d,]|\.\d)")
# "by a third", "by one quarter", "by half": a fraction of the value, as the percentage people mean by it; "up a
# fifth", "down a quarter": the same with the direction for "by"
_FRACTION = re.compile(
    r"\b(?:by|(?P<way>up|down)(?:\s+by)?)\s+(?:(?:a|one)\s+(?P<f>third|quarter|fifth|tenth)|(?:a\s+)?(?P<h>half))\b",
    re.I,
)
_FRACTIONS = {"half": "50", "third": "33.33", "quarter": "25", "fifth": "20", "tenth": "10"}
# "2,500 more vocabulary words", "10,000 miles": an amount with thousands separators and no currency sign
_GROUPED = re.compile(r"(?<![\d,.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)")
# Something in the turn before the feature that makes it a supposition, not a description of the data.
_SUPPOSED = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*|assum\w*|say|instead|but|without|what\s+about|how\s+about)\b"
    # "23045 with no cleaning fee", "23045 on 6 shifts": "with" / "on" after an id or a number ("members with 4
    # visits" names a group)
    r"|\d\s+(?:with|on)\b",
    re.I,
)
# "no cleaning fee", "without the late fee", "zero prior fines", "waived the fee", "scrapped her deposit" ("no more
# than 3" is a bound, never this)
_NONE_OF = re.compile(
    rf"\b(?:no|without|zero|0|waiv\w*|scrap(?:s|ped|ping)?|abolish\w*)\s+(?:(?:any|the|a|an)\s+)?{_DET}$", re.I
)
# "another week without watering": a time spent without the thing is how long since it, never none of it
_SPAN_BEFORE = re.compile(rf"\b(?:{SPAN_UNITS})\s*$", re.I)
# the number words of `_spoken.UNITS` (the one table of them) up to five, and the articles that mean one
_SMALL_COUNTS = {**{w: UNITS[w] for w in ("one", "two", "three", "four", "five")}, "a": 1, "an": 1, "another": 1}
_COUNT = rf"{_NUM}|{'|'.join(_SMALL_COUNTS)}"
# "one more reminder", "an extra spray", "2 fewer sprays", "50 kg/ha less nitrogen", "another reminder"
_MORE_OF = re.compile(
    rf"\b(?:(?P<n>{_COUNT})\s+(?:[a-z]+/[a-z]+\s+)?(?P<dir>more|extra|additional|fewer|less)|(?P<another>another))\s+"
    rf"{_DET}$",
    re.I,
)
# "had 2 sprays", "needed 2 nights", "but 3 nights", "with only 4 reminders", "had just one spray", "were on 6
# shifts": a count said before the feature
_COUNT_OF = re.compile(
    # also the next item of a list after such a verb, or of a change added ("had a light roast and 3 knots", "and
    # also 3 knots"); "and" alone is no verb of having, so the turn must suppose something (`_SUPPOSED`)
    rf"\b(?:with|on|had|has|have|having|gets?|got|need|needs|needed|required|requires|but(?:\s+with)?|"
    rf"(?:and|plus)(?:\s+also)?|also)\s+"
    rf"(?:(?:only|just)\s+(?P<w>one|two|three|four|five)\s+|(?:only\s+|just\s+)?(?P<n>{_NUM})\s+){_DET}$",
    re.I,
)
_OLD_AFTER = re.compile(r"\s*(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+)?\d", re.I)
_FURTHER = r"more|further|farther|higher|longer|greater|bigger|extra|warmer|hotter|older|heavier|deeper|stronger|faster"
_FURTHER += "|thicker|windier|dearer|pricier|wider|taller|louder|noisier"
_NEARER = r"less|fewer|closer|nearer|lower|shorter|smaller|cooler|colder|younger|lighter|shallower|weaker|slower"
_NEARER += "|thinner|calmer|cheaper|narrower|quieter"
_UP_DOWN = r"(?:up|down)(?!\s+(?:the|a|to|from|on|in|at|by|there|here|north|south|east|west)\b)"
_TEMPERATURE = re.compile(r"\btemp(?:erature)?s?\b", re.I)
_MONEY = re.compile(r"\b(?:pounds?|gbp|dollars?|usd|euros?|eur)\b|[$£€]", re.I)


# "a quarter higher", "one tenth less", "a third fewer": a fraction before a direction is that share of the value
_FRACTION_STEP = re.compile(  # also "a quarter off the price", as "25% off" is read
    rf"\b(?:a|one)\s+(?P<f>half|third|quarter|fifth|tenth)\s+(?P<dir>{_FURTHER}|{_NEARER}|off)\b", re.I
)
# "a third less, so 2 fewer", "a quarter more, that's about 8 more", "a third fewer coats, i.e. 1 fewer": a fraction
# glossed by the amount it comes to, the amount a few words after the lead-in and followed by its direction
_GLOSSED_FRACTION = re.compile(
    rf"\b(?:a|one)\s+(?:half|third|quarter|fifth|tenth)\s+(?P<dir>{_FURTHER}|{_NEARER})\b(?P<mid>[\w\s]{{0,20}}?)"
    r"\s*[,;:(\u2013\u2014-]*\s*(?:so|that's|that\s+is|thats|i\.?e\.?|meaning)\s+"
    r"(?:(?:about|around|roughly|some|nearly|almost|just|only)\s+)?"
    rf"(?P<n>{_NUM})\b(?:\s+[a-z]+){{0,3}}?\s+(?P<way>{_FURTHER}|{_NEARER}|off|down|up)\b",
    re.I,
)
_DOWN = re.compile(rf"{_NEARER}|off|down", re.I)
# "2 tenths higher", "3 hundredths lower": a count of tenths is an amount (0.2), as "two tenths of a degree" is; "a
# tenth higher" alone stays a share (10 %), above
_TENTHS = re.compile(
    rf"\b(?P<n>[2-9])\s+(?P<f>tenths|hundredths)\s+(?:of\s+an?\s+[a-z]+\s+)?(?P<dir>{_FURTHER}|{_NEARER})\b", re.I
)


def _glossed(match: re.Match[str]) -> str:
    """The gloss's amount in place of a fraction glossed by it ("a third less varroa, so 3 fewer" -> "3 less
    varroa"), when both say the same direction.
    """
    if bool(_DOWN.fullmatch(match.group("dir"))) != bool(_DOWN.fullmatch(match.group("way"))):
        return match.group(0)
    return f"{match.group('n')} {match.group('dir')}{match.group('mid').rstrip()}"


# "half as much", "half as many": half the value ("half as far" is left to the readers of a quantity's adjective)
_HALF_AS_MUCH = re.compile(r"\bhalf\s+as\s+(?:much|many)\b", re.I)
_HALF_AGAIN = re.compile(r"\bhalf\s+again\s+as\b(?!\s+(?:much|many)\b)", re.I)  # not "as much salt"
# "half a kilo heavier", "half an hour longer", "half a point lower": half of one unit, before a direction
_HALF_A_UNIT = re.compile(rf"\bhalf\s+an?\s+(?=[a-z]+\s+(?:{_FURTHER}|{_NEARER})\b)", re.I)
# "half a degree", "half a kilo", "half an hour": half of a unit of measure, said as the value anywhere
_HALF_A_MEASURE = re.compile(
    r"\bhalf\s+an?\s+(?=(?:degree|mil|mill|kilo(?:gram)?|metre|meter|centimetre|centimeter|millimet(?:re|er)|litre|"
    r"liter|inch|foot|pound|gram|hour|minute|knot|mile|point|percent|day|week|month|year|night)s?\b)",
    re.I,
)
# "a degree cooler", "a kilo heavier", "one metre less": one unit of a measure, before a direction
_ONE_UNIT = re.compile(
    r"\b(?:an?|one)\s+(?=(?:degree|kilo(?:gram)?|metre|meter|centimetre|centimeter|millimet(?:re|er)|litre|liter|inch|"
    r"foot|pound|gram|hour|minute|knot|mile|euro|dollar|buck|quid|franc|krona|krone)"
    rf"\s+(?:{_FURTHER}|{_NEARER})\b)",
    re.I,
)
# "one and a half times", "2 and a half times": the factor as a number
_AND_A_HALF = re.compile(r"\b(?P<n>one|two|three|four|\d+)\s+and\s+a\s+half\s+times\b", re.I)
_WHOLE = {w: UNITS[w] for w in ("one", "two", "three", "four")}


# a lone "one" after a verb of being and before a direction, no "than" after it: a relative change of one ("were
# one less", "be one higher"); "normalize" keeps a lone "one" a word ("this one"), and "one less than 5" compares
_ONE_STEP = re.compile(
    r"\b(?P<v>were|was|is|be|been|are|made)\s+one(?=\s+(?:less|fewer|more|lower|higher|smaller|bigger)\b(?!\s+than\b))",
    re.IGNORECASE,
)


def money_amounts(text: str) -> str:
    """`text` with the thousands separators of each amount behind a currency sign dropped ("$1,200" -> "$1200")."""
    return _CURRENCY.sub(lambda m: m.group(0).replace(",", ""), text)


def plain_amounts(text: str) -> str:
    """`text` with each amount behind a currency sign as the bare number, thousands separators dropped ("2,000
    fewer" -> "2000 fewer"), "by a third" as "by 33.33%" and "were one less" as "were 1 less".
    """
    text = _CURRENCY.sub(lambda m: m.group("n").replace(",", ""), text)
    text = _GROUPED.sub(lambda m: m.group(0).replace(",", ""), text)
    text = _ONE_STEP.sub(r"\g<v> 1", text)  # a step of 1, as "two less" is of 2
    return fraction_steps(by_fractions(text))


def by_fractions(text: str) -> str:
    """`text` with "by a third" as "by 33.33%", "by half" as "by 50%"."""
    return _FRACTION.sub(
        lambda m: f"{m.group('way') or 'by'} {_FRACTIONS[(m.group('f') or m.group('h')).lower()]}%", text
    )


def fraction_steps(text: str) -> str:
    """`text` with a fraction said as a step written as the percentage it is: "a quarter higher" -> "25% higher",
    "a tenth less" -> "10% less", "half as much" -> "50% less", "half a kilo more" -> "0.5 kilo more", "a degree
    cooler" -> "1 degree cooler", "one and a half times" -> "1.5 times", "half again as heavy" -> "1.5 times as heavy".

    A fraction the turn then glosses by the amount it comes to ("a third less, so 2 fewer boats", "a quarter
    higher, that's about 8 more") gives way to that amount, said where the fraction was.
    """
    text = _GLOSSED_FRACTION.sub(_glossed, text)
    text = _TENTHS.sub(lambda m: f"0.{'0' if m['f'].lower() == 'hundredths' else ''}{m['n']} {m['dir']}", text)
    text = _FRACTION_STEP.sub(lambda m: f"{_FRACTIONS[m.group('f').lower()]}% {m.group('dir')}", text)
    text = _HALF_AGAIN.sub("1.5 times as", text)  # "half again as heavy": one and a half times the value
    text = _HALF_AS_MUCH.sub("50% less", _ONE_UNIT.sub("1 ", _HALF_A_UNIT.sub("0.5 ", text)))
    text = _HALF_A_MEASURE.sub("0.5 ", text)  # "down to half a mil", "a tilt of only half a degree": 0.5
    return _AND_A_HALF.sub(lambda m: f"{_WHOLE.get(m.group('n').lower(), m.group('n'))}.5 times", text)


def said_amount(text: str, mention: FeatureMention) -> ChangeValue | None:
    """The change of a numeric feature said by words before it, in a turn that supposes something, or None.

    "with no cleaning fee" -> 0 (when the feature's values reach down to 0); "one more reminder" -> "+1";
    "2 fewer sprays" -> "-2"; "had 2 sprays" -> 2.
    """
    before = text[max(0, mention.start - 40) : mention.start]
    # "and also 3 knots instead of 5": the old value after it says the turn supposes a change
    if not _SUPPOSED.search(text[: mention.start]) and not _OLD_AFTER.match(text[mention.end :]):
        return None
    feature = mention.feature
    none = _NONE_OF.search(before)
    if none and feature.min is not None and feature.min <= 0 and not _SPAN_BEFORE.search(before[: none.start()]):
        return 0
    match = _MORE_OF.search(before)
    if match:
        if match.group("another"):
            return "+1"
        said = match.group("n").lower()
        amount = str(_SMALL_COUNTS[said]) if said in _SMALL_COUNTS else said
        return f"{'-' if match.group('dir').lower() in ('fewer', 'less') else '+'}{amount}"
    match = _COUNT_OF.search(before)
    if match and match.group("w"):  # "had only one interview round": a number word after "only" is a count
        return _SMALL_COUNTS[match.group("w").lower()]
    if match:
        # "with 10 km more commute": a unit that names the feature, then a direction: a change, not a value
        way = re.match(rf"\s*(?P<dir>{_FURTHER}|{_NEARER})\b", text[mention.end : mention.end + 20], re.I)
        if way:
            return f"{'-' if re.fullmatch(_NEARER, way.group('dir'), re.I) else '+'}{match.group('n')}"
        value = float(match.group("n"))
        return int(value) if value.is_integer() and "." not in match.group("n") else value
    return None


_DEGREE_WORDS = frozenset({"degree", "degrees", "°"})


def unit_changes(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> list[tuple[str, ChangeValue]]:
    """Changes said by a unit instead of a feature ("20 km further", "3 degrees warmer").

    A unit names a feature when it ends the name of exactly one numeric feature ("distance_km", "rainfall_mm"),
    or, for degrees, when exactly one numeric feature is a temperature by its name or an alias.
    """
    found: list[tuple[str, ChangeValue]] = []
    for unit, feature in _units(schema).items():
        if feature.name in named or "%" in unit_words(unit):
            continue  # "20% stronger" is a relative change of what is named, never a step of `humidity_pct`
        # the unit as the name writes it or as people say it ("40 ft" or "40 feet" for BoatLengthFt)
        # "degrees" is said of an angle and of a temperature alike: only the "degrees" entry (one owner) reads it
        said = sorted((w for w in unit_words(unit) if w not in _DEGREE_WORDS), key=len, reverse=True)
        words = r"degrees?|°\s?c?" if unit == "degrees" else "|".join(map(re.escape, said))
        # "3 degrees up" says the direction with "up" / "down" ("20 km up the coast" is a place, no step)
        match = re.search(
            rf"(?<![\w.])(?P<n>{_NUM})\s?(?:{words})\s+(?P<dir>{_FURTHER}|{_NEARER}|{_UP_DOWN})\b", text, re.IGNORECASE
        )
        if match and _names_another(match.group("dir"), feature, schema):
            continue  # "25% deeper" on a host with GypsumPct: the depth 25 % higher, not the percent's column
        if (
            match
            and _DIMENSION.fullmatch(match.group("dir"))
            and _foreign_subject(text[: match.start()], feature, schema)
        ):
            continue  # "the lane was 1 m wider": a width of something the host does not record
        if match and _another_after(text[match.end() :], feature, schema):
            continue  # "a quarter less wind" ("25% less wind") on a host with fuel_left_pct: the wind's step
        if match:
            down = re.fullmatch(rf"{_NEARER}|down", match.group("dir"), re.IGNORECASE) is not None
            found.append((feature.name, f"{'-' if down else '+'}{match.group('n')}"))
    return found


# Comparatives of a dimension, said of what is measured: "2 cm wider" is a width of the subject said before it
_DIMENSION = re.compile(r"wider|narrower|taller", re.IGNORECASE)
_SUBJECT = re.compile(r"\b(?:the|a|an|its|their|his|her)\s+([a-z]+)\s+(?:was|were|is|are|got|became|being)\s+$", re.I)


def _foreign_subject(before: str, feature: FeatureSchema, schema: HostSchema) -> bool:
    """Whether the words right before a dimension's step say its subject ("the lane was") and that subject is
    neither a word of `feature` nor the host's instance noun ("the candle were 2 cm wider" is the candle's).
    """
    subject = _SUBJECT.search(before)
    if subject is None:
        return False
    word = subject.group(1).lower()
    noun = (schema.instance_noun or "").lower()
    return word not in _words(feature) and word not in (noun, noun + "s")


def _another_after(after: str, feature: FeatureSchema, schema: HostSchema) -> bool:
    """Whether the word after a step's direction is a word of another numeric feature's name or aliases and none of
    `feature`'s own ("30 kg less barge" where "barge" is in "barge weight" too names no other feature).
    """
    word = re.match(r"\s+(?:of\s+|in\s+)?(?:the\s+)?([a-z]+)", after, re.I)
    if word is None or word[1].lower() in _words(feature):
        return False
    return any(f.name != feature.name and f.type == "numeric" and word[1].lower() in _words(f) for f in schema.features)


def _names_another(direction: str, feature: FeatureSchema, schema: HostSchema) -> bool:
    """Whether a comparative names a numeric feature of its own that is not `feature` ("deeper": DepthM)."""
    owner = feature_named_by_word(direction, schema)
    return owner is not None and owner.name != feature.name


@per_host
def _units(schema: HostSchema) -> dict[str, FeatureSchema]:
    """Unit words that name exactly one numeric feature: the last part of a name ("km"), and "degrees" (a
    temperature's, or an angle's named in degrees).
    """
    owners: dict[str, list[FeatureSchema]] = {}
    for feature in schema.features:
        if feature.type != "numeric":
            continue
        unit = name_unit(feature)
        # a one-letter unit only when people say it in words ("DepthM": "2 metres", "water_l": "3 litres") and it is
        # no unit per unit ("salt_mg_l"); "c" and "f" are degrees below
        said = unit is not None and len(unit_words(unit)) > 1 and unit_ending(feature.name, frozenset()) == 1
        if unit is not None and (len(unit) >= 2 or (said and unit not in ("c", "f"))):
            owners.setdefault(unit, []).append(feature)
        ending = feature.name.lower().split("_")[-1]
        # the name's words as said ("TempC": "temp c"), so a camelCase temperature is one too
        temperature = any(_TEMPERATURE.search(spaced_name(term)) for term in (feature.name, *feature.aliases))
        if temperature or ending in ("deg", "degrees"):  # an angle in degrees shares the word with a temperature
            owners.setdefault("degrees", []).append(feature)
    return {unit: features[0] for unit, features in owners.items() if len(features) == 1}


def money_bound(text: str, schema: HostSchema) -> tuple[str, str] | None:
    """Bounds in money ("tickets over £70", "fines between £50 and £100", "under $1,200"): their condition on the
    host's one money feature, and the text without the words that said them; or None.

    The money feature is the one numeric feature whose description says it is money (pounds, dollars, euros or
    their signs): a description says what a value is measured in and names no feature. With none or several such
    features, nothing: the words before the amount must then name the feature.
    """
    money = money_features(schema)
    if len(money) > 1:  # "listings under £100 a night": the one money feature per night
        money = _per_period(text, money) or money
    if len(money) > 1:  # "loans insured above 500k euros": the one money feature a word of whose name is said
        money = [f for f in money if any(re.search(rf"\b{w}", text, re.I) for w in name_words(f.name) if len(w) > 3)]
    if len(money) != 1:
        return None
    clauses: list[str] = []
    rest = text
    for match in reversed(list(_MONEY_BOUND.finditer(text))):
        name = money[0].name
        said = [match.group(g) for g in (("a", "b") if match.group("a") else ("v",))]
        if len(said) == 2 and scaled_amount(said[0], money[0]) is None and scaled_amount(said[1], money[0]):
            # "between 100k and 1.2 million euros": the currency said once, after the second amount, is the first's
            word = re.search(rf"\s+{CURRENCY_WORD}\s*$", said[1], re.IGNORECASE)
            sign = re.match(r"\s*[$£€]", said[1])
            said[0] = f"{sign.group().strip() if sign else ''}{said[0]}{word.group() if word else ' euros'}"
        amounts = [scaled_amount(a, money[0]) or plain_in_unit(a, money[0]) or _amount(a) for a in said]
        if not all(re.fullmatch(r"\d+(?:\.\d+)?", a) for a in amounts):
            continue  # "over 2m": metres, no money
        if match.group("a"):
            clauses[:0] = [f"{name} >= {amounts[0]}", f"{name} <= {amounts[1]}"]
        else:
            clauses.insert(0, f"{name} {_op_of(match.group('op'))} {amounts[0]}")
        rest = f"{rest[: match.start()]} {rest[match.end() :]}"
    return (" and ".join(clauses), rest) if clauses else None


# the period after an amount of money ("£100 a night", "$40 per month"), and the words of a feature that name it
_PERIOD = re.compile(r"[$£€]\s?\d+(?:\.\d+)?\s+(?:a|an|per|each)\s+(?P<p>night|day|week|month|year|hour)\b", re.I)
_PERIOD_WORDS = {"day": "daily", "week": "weekly", "month": "monthly", "year": "yearly|annual", "hour": "hourly"}


def _per_period(text: str, money: list[FeatureSchema]) -> list[FeatureSchema]:
    """The money features whose name, aliases or description name the period said after an amount, or []."""
    said = _PERIOD.search(text)
    if said is None:
        return []
    period = said.group("p").lower()
    words = re.compile(rf"\b(?:{period}s?|{_PERIOD_WORDS.get(period, period + 'ly')}|per\s+{period})\b", re.I)
    return [f for f in money if words.search(" ".join([f.name.replace("_", " "), f.description or "", *f.aliases]))]


_MONEY_AMOUNT = (  # "500k euros", "€2m", "1.2 million"; "£70"
    r"(?:(?:[$£€]\s?)?\d+(?:\.\d+)?\s?(?:k|mn|mio|m|bn|thousand|grand|million|billion)(?!\w)"
    rf"(?:\s+{CURRENCY_WORD})?|"
    r"[$£€]\s?\d+(?:\.\d+)?(?![\d,]|\.\d|\s?k\b|\s?(?:m|bn)\b))"
)
_MONEY_BOUND = re.compile(
    rf"\b(?:(?P<op>over|under|above|below|more\s+than|less\s+than|at\s+least|at\s+most)\s+"
    rf"(?P<v>{_MONEY_AMOUNT})|between\s+(?P<a>{_MONEY_AMOUNT})\s+and\s+(?P<b>{_MONEY_AMOUNT}))",
    re.IGNORECASE,
)


def _amount(said: str) -> str:
    return re.sub(r"[$£€,\s]", "", said)
