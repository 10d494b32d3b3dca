"""What-if changes said in everyday words rather than as "<feature> were <number>".

Each reading works from the host's schema alone (feature names, aliases, descriptions, ranges, categories), so it
holds for any host:

- an instance named between the feature and its value: "the price for subscriber 8150 had been 9", "the price of
  8150 was $12" (the id is no value);
- a count named by its verb, with "once", "twice" or "N times": "had upgraded twice" (upgrades = 2), "if she'd
  upgraded once more" (upgrades + 1);
- a count denied: "hadn't skipped any deliveries", "never skipped a delivery" -> 0 for a feature named "skipped
  deliveries";
- an amount before a word of one feature's name or aliases: "1 reader fewer", "3 more tickets" (an alias
  "tickets opened"), "2 more people";
- "half what it was" -> "-50%";
- a percentage of a word that names one feature: "if the price were 3 % of their income" (an alias "share of
  income") -> that feature 3 (0.03 when the feature's values lie within 0..1);
- money with no feature named, for the host's one money feature (its description or name says pounds, dollars or
  euros): "paid $14 a month" -> 14, "a $4k raise" -> "+4" when the feature is in thousands, "on $52,000" -> 52;
- a category said in the plural: "on tablets" for a category "tablet".

A reading that two features could take gives nothing: the engine then asks which feature is meant.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from simxai._directions import COUNTED_DOWN, COUNTED_UP
from simxai.extraction._counted_times import counted_times
from simxai.extraction._days_since import days_since_changes
from simxai.extraction._feature_terms import _MODEL_WORDS
from simxai.extraction._features import _TOKEN, FeatureMention, _stem, _terms
from simxai.extraction._lexicon import _DET, _GENERIC_NOUNS, _NUM, _TIMES, _noun_pattern, _parse_number
from simxai.extraction._money_scale import money_features, said_in_unit
from simxai.extraction._money_verbs import verb_money_change
from simxai.extraction._period_units import period_unit_changes
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.turn_memo import per_host, per_turn

_UP, _DOWN = COUNTED_UP, COUNTED_DOWN
# verbs and auxiliaries that follow the subject of a supposition ("the price for 8150 had been ...")
_AFTER_SUBJECT = (
    r"had|has|have|was|were|is|are|be|been|would|went|goes|got|gets|shrank|shrunk|grew|rose|fell|dropped|came|"
    r"increased|decreased|doubled|halved|went|"
    # a move to a value said in any tense, or after a modal ("the savings of member 12 climb to 4000", "would jump to")
    r"will|could|might|should|go|climb|climbs|climbed|jump|jumps|jumped|rise|rises|fall|falls|drop|drops|grow|grows|"
    r"shrink|shrinks|sink|sinks|sank|soar|soars|soared|come|comes"
)


# Other words users name a record by ("member 5120's visits" on a host whose noun is "policyholder").
_RECORD_NOUNS = r"members?|customers?|clients?|users?|accounts?|applicants?|patients?|employees?|tenants?|students?"


def without_instance_phrases(text: str, schema: HostSchema) -> str:
    """`text` without an instance named between a subject and its verb ("the price for 8150 had been lower, say 7",
    "the class size at 6150's school was 8"), and an instance's possessive read as "the" ("member 5120's visits").

    Only a number in the host's id range, after "for", "of", "in", "on" or "at" (and the host's noun or a generic
    one), and before a verb that goes on to say the value, or "to" and the value ("the temp on 7110 to 22"; not
    after "in" or "at"), is taken out.
    """
    nouns = "|".join(sorted({schema.instance_noun.lower(), *_GENERIC_NOUNS} - {""}, key=len, reverse=True))
    pattern = re.compile(
        rf"\s(?P<p>for|of|in|on|at)\s+(?:the\s+)?(?:(?:{nouns})\s+)?#?(?P<id>\d+)(?:['’]s\s+[a-z]+)?"
        # "on 7110 up by 2", "on 7110 down to half a kilo"
        rf"(?=\s+(?:{_AFTER_SUBJECT})\b|\s+to\s+-?\d|\s+(?:up|down)\s+(?:by\s+|to\s+)?(?:\d|half\b))",
        re.IGNORECASE,
    )

    def taken_out(match: re.Match[str]) -> str:
        # "the temp on 7110 to 22": the id before the new value; "in 30 to 40" is a range
        to_value = not re.match(rf"\s+(?:{_AFTER_SUBJECT})\b", text[match.end() :], re.IGNORECASE)
        kept = to_value and match.group("p").lower() in ("in", "at")
        return match.group(0) if kept or not schema.has_id(int(match.group("id"))) else ""

    text = pattern.sub(taken_out, text)
    # "take 2 off member 5120's visits": the instance's own feature, as "the visits"
    owner = re.compile(rf"\b(?:(?:{nouns}|{_RECORD_NOUNS})\s+)?#?(?P<id>\d+)['’]s\s+(?=[a-z])", re.IGNORECASE)
    return owner.sub(lambda m: "the " if schema.has_id(int(m.group("id"))) else m.group(0), text)


_COUNT_TIMES = rf"(?P<t>once|twice|thrice|(?P<n>{_NUM})\s+times)"


def _times(match: re.Match[str]) -> int | float:
    said = match.group("t").lower()
    return _TIMES[said] if said in _TIMES else _parse_number(match.group("n"))


@per_turn
def _verb_mentions(text: str, schema: HostSchema) -> list[FeatureMention]:
    """Numeric features named by a verb of their one-word name or alias ("upgraded" for upgrades)."""
    owners: dict[str, list[FeatureSchema]] = {}
    for feature in schema.features:
        if feature.type != "numeric":
            continue
        for term in (feature.name, *feature.aliases):
            words = _TOKEN.findall(term.replace("_", " ").lower())
            for word in words[:1] if len(words) <= 2 else []:
                if len(word) >= 5 and feature not in owners.setdefault(word, []):
                    owners[word].append(feature)
    found: list[FeatureMention] = []
    for match in re.finditer(r"\b[a-z]{4,}(?:ed|ing)\b", text, re.IGNORECASE):
        word = match.group(0).lower()
        stem = word[:-2] if word.endswith("ed") else word[:-3]
        stems = {stem, stem + "e", stem[:-1] if len(stem) > 4 and stem[-1] == stem[-2] else stem}
        if stem.endswith("i"):  # "studied" -> study, "carried" -> carry
            stems.add(stem[:-1] + "y")
        # the noun ("upgraded" -> upgrades, "trained" -> training) or the verb itself ("studied" -> "study time")
        nouns = stems | {s + ending for s in stems for ending in ("s", "es", "ions", "ion", "ations", "ing")}
        features = {id(f): f for noun in nouns for f in owners.get(noun, [])}
        if len(features) == 1:
            found.append(FeatureMention(next(iter(features.values())), match.start(), match.end()))
    return found


@per_host
def _alias_words(schema: HostSchema) -> dict[str, FeatureSchema]:
    """Words (stemmed) of exactly one numeric feature's name or aliases, that say nothing of the model or host."""
    noun = schema.instance_noun.lower()
    owners: dict[str, list[FeatureSchema]] = {}
    for feature in schema.features:
        for term in (feature.name, *feature.aliases):
            for word in _TOKEN.findall(term.replace("_", " ").lower()):
                if len(word) < 4 or word in _MODEL_WORDS or _stem(word) in (_stem(noun), noun) or word in _PLAIN:
                    continue
                if feature not in owners.setdefault(_stem(word), []):
                    owners[_stem(word)].append(feature)
    return {w: fs[0] for w, fs in owners.items() if len(fs) == 1 and fs[0].type == "numeric"}


# Words of aliases too plain to name a feature alone ("how much", "times upgraded", "what they paid").
_PLAIN = frozenset("what when where which with from that this their there have been much many times".split())


def _count_changes(text: str, schema: HostSchema, mentions: list[FeatureMention]) -> dict[str, ChangeValue]:
    found: dict[str, ChangeValue] = {}
    verbs = _verb_mentions(text, schema)
    for mention in [*mentions, *verbs]:
        feature = mention.feature
        if feature.type != "numeric" or feature.name in found:
            continue
        after = text[mention.end : mention.end + 40]
        before = text[max(0, mention.start - 40) : mention.start]
        # "upgraded once more", "renewed it twice more", "visited 3 more times"
        more = re.match(
            rf"^\s*(?:(?:it|them|her|him)\s+)?(?:(?P<t>once|twice|thrice)\s+(?P<d>{_UP}|{_DOWN})|"
            rf"(?P<n>{_NUM})\s+(?P<d2>{_UP}|{_DOWN})\s+times)\b",
            after,
            re.IGNORECASE,
        )
        if more:
            times = _TIMES[more.group("t").lower()] if more.group("t") else _parse_number(more.group("n"))
            way = (more.group("d") or more.group("d2")).lower()
            found[feature.name] = f"{'-' if re.fullmatch(_DOWN, way) else '+'}{times}"
            continue
        amount = _amount_in_units(after, feature) if mention in verbs else None
        if amount is not None:  # "trained 3 hours a week more", "trained 9 hours a week"
            found[feature.name] = amount
            continue
        # "had upgraded twice", "was upgraded 3 times last year"; "annealed it twice as long": a multiple, not a count
        said = re.match(
            rf"^\s*(?:(?:it|them|her|him)\s+)?{_COUNT_TIMES}(?!\s+(?:{_UP}|{_DOWN}))\b(?P<as>\s+as\s+\w+)?", after, re.I
        )
        if said and re.search(r"\b(?:had|has|have|was|were|been|got|be|if)\b[^.?!]*$", before, re.IGNORECASE):
            found[feature.name] = f"*{_times(said)}" if said.group("as") else _times(said)
            continue
        # "1 reader fewer", "3 tickets more": the amount before the feature, its direction after it
        leading = re.search(rf"(?<![\w.])(?P<n>{_NUM})\s+$", before)
        trailing = re.match(rf"^\s*(?P<d>{_UP}|{_DOWN})\b", after, re.IGNORECASE)
        if (
            leading
            and trailing
            and not re.search(rf"(?:[+\-*/]|\b{_noun_pattern(schema)})\s*#?\s*$", before[: leading.start()], re.I)
        ):
            sign = "-" if re.fullmatch(_DOWN, trailing.group("d"), re.IGNORECASE) else "+"
            found[feature.name] = f"{sign}{leading.group('n')}"
            continue
        # "hadn't skipped any deliveries", "had not opened any tickets"
        if feature.min is not None and feature.min <= 0 and _denied(text, mention, before):
            found[feature.name] = 0
            continue
        # "had been lower, say 7", "were high, like 40": a word or two, then the value after a comma
        value = re.match(
            rf"^\s*(?:had\s+been|would\s+be|were|was|is|be|been)\s+[a-z]+(?:\s+[a-z]+)?\s*,\s*(?:[a-z]+\s+)?"
            rf"(?P<n>{_NUM})\b(?!\s*%)",
            after,
            re.IGNORECASE,
        )
        if value and not re.search(r"\b(?:than|by|times)\b", value.group(0), re.IGNORECASE):
            found[feature.name] = _parse_number(value.group("n"))
            continue
        # "so 0 days since the last lesson": the amount, then the rest of the feature's name, then the mention
        before_name = _value_before_name(before, feature, schema)
        if before_name is not None:
            found[feature.name] = before_name
            continue
        # "had been half what it was", "were half as big", "if the claims of 5088 are half, then?"
        if re.match(
            r"^\s*(?:(?:had\s+been|would\s+be|were|was|is|are|be|been)\s+)?(?:only\s+)?half\s*"
            r"(?:(?:of\s+)?what\s+(?:it|they|she|he)\s+(?:was|were|is|are)|as\s+\w+|its\s+|the\s+|[,.;?!]|$)",
            after,
            re.IGNORECASE,
        ):
            found[feature.name] = "-50%"
    for feature in schema.features:  # "never skipped a delivery": the words of a name need not be a mention
        if feature.type == "numeric" and feature.name not in found and feature.min is not None and feature.min <= 0:
            if _denied_words(text, feature):
                found[feature.name] = 0
    return found


_POSSESSIVE = frozenset("my their his her its the our your of".split())


def _value_before_name(before: str, feature: FeatureSchema, schema: HostSchema) -> ChangeValue | None:
    """A value said before words of the feature's name that lead to its mention ("0 days since the [last lesson]" for
    `days_since_last_login`): at least one word of the name, and only such words and possessives, between them.
    """
    match = re.search(rf"(?<![\w.,])(?P<n>{_NUM})\s+(?P<words>(?:[a-z]+\s+){{1,4}})$", before, re.IGNORECASE)
    if match is None or schema.has_id(int(float(match.group("n")))):
        return None
    name = set(feature.name.lower().split("_"))
    words = match.group("words").lower().split()
    if not any(w in name for w in words) or any(w not in name and w not in _POSSESSIVE for w in words):
        return None
    return _parse_number(match.group("n"))


def _unit_words(feature: FeatureSchema) -> set[str]:
    """The first four letters of each word of a feature's name, aliases and description ("hour", "week")."""
    words = (feature.name.replace("_", " "), *feature.aliases, feature.description or "")
    return {w[:4] for term in words for w in _TOKEN.findall(term.lower()) if len(w) >= 3}


# words that join a unit to its period ("3 hours a week", "2 posts per day")
_GLUE = frozenset("a an per each every".split())


def _amount_in_units(after: str, feature: FeatureSchema) -> ChangeValue | None:
    """An amount in the feature's own units after the verb that names it: "3 hours a week more" -> "+3" (also "3 more
    hours a week"), "5 hours a week" -> 5; the words between must be the feature's units or glue ("a", "per").
    """
    match = re.match(
        rf"^\s*(?:(?:for|about|around|only|just)\s+)?(?P<n>{_NUM})\s+(?P<words>[a-z]+(?:\s+[a-z]+){{0,4}})",
        after,
        re.IGNORECASE,
    )
    if match is None:
        return None
    words = match.group("words").lower().split()
    ways = [i for i, w in enumerate(words) if re.fullmatch(rf"{_UP}|{_DOWN}", w)]
    if ways and ways[0] == 0:  # "3 more hours a week": the units follow the direction
        way, units = words[0], [w for w in words[1:] if w in _GLUE or w[:4] in _unit_words(feature)]
    elif ways:  # "3 hours a week more"
        way, units = words[ways[0]], words[: ways[0]]
    else:  # "5 hours a week": a value, when nothing but the units follows the amount
        way, units = None, words
    known = _unit_words(feature)
    if not units or any(w not in _GLUE and w[:4] not in known for w in units) or all(w in _GLUE for w in units):
        return None
    if way is not None:
        return f"{'-' if re.fullmatch(_DOWN, way) else '+'}{match.group('n')}"
    return _parse_number(match.group("n"))


_NEGATED = r"(?:n't|\bnot|\bnever|\bno)"


def _denied(text: str, mention: FeatureMention, before: str) -> bool:
    """Whether a count is said to be none: "hadn't skipped any deliveries", "never had any arrears"."""
    if _denied_words(text, mention.feature):
        return True
    return re.search(rf"{_NEGATED}\s+(?:\w+\s+)?(?:any|a\s+single)\s+$", before, re.IGNORECASE) is not None


def _denied_words(text: str, feature: FeatureSchema) -> bool:
    """Whether a two-word name or alias is denied with a word inside it ("never skipped a delivery")."""
    for term in (feature.name, *feature.aliases):
        words = _TOKEN.findall(term.replace("_", " ").lower())
        if len(words) != 2:
            continue
        first, second = (re.escape(_stem(w)) for w in words)
        # a verb denied may stand right before the second word ("never been bounced back"); "no missed payments" not
        pattern = (
            rf"{_NEGATED}\s+(?:\w+\s+)?{first}\w*\s+(?:(?:any|a|an|the|those|these|my|their|his|her|single|one)\s+)+"
            rf"{second}\w*|(?:n't|\bnot|\bnever)\s+(?:\w+\s+)?{first}\w*\s+{second}\w*"
        )
        if re.search(pattern, text, re.IGNORECASE):
            return True
    return False


def _word_changes(text: str, schema: HostSchema, named: Mapping[str, ChangeValue]) -> dict[str, ChangeValue]:
    """Amounts before or after a word of one feature's aliases ("3 fewer tickets", "2 more people")."""
    words = _alias_words(schema)
    found: dict[str, ChangeValue] = {}
    for match in re.finditer(
        rf"(?<![\w.])(?P<n>{_NUM})\s+(?:(?P<d>{_UP}|{_DOWN})\s+(?P<w>[a-z]+)|(?P<w2>[a-z]+)\s+(?P<d2>{_UP}|{_DOWN}))\b",
        text,
        re.IGNORECASE,
    ):
        word = (match.group("w") or match.group("w2")).lower()
        feature = words.get(_stem(word)) or words.get(word)
        if feature is None or feature.name in named or feature.name in found:
            continue
        if counted_times(text, *match.span("w" if match.group("w") else "w2"), False):
            continue  # "pressed two more times": a count, no alias "drying time"
        direction = (match.group("d") or match.group("d2")).lower()
        found[feature.name] = f"{'-' if re.fullmatch(_DOWN, direction) else '+'}{match.group('n')}"
    # "if the price were 3% of their income": a share of what one feature's aliases name
    for match in re.finditer(rf"(?<![\w.])(?P<n>{_NUM})\s*%\s+of\s+{_DET}(?P<w>[a-z]+)\b", text, re.IGNORECASE):
        feature = words.get(_stem(match.group("w"))) or words.get(match.group("w").lower())
        if feature is None or feature.name in named or feature.name in found:
            continue
        share = _parse_number(match.group("n"))
        found[feature.name] = round(share / 100, 4) if feature.max is not None and feature.max <= 1 else share
    return found


_PERCENT = re.compile(r"(?:^|_)(?:pct|percent|percentage|share)(?:_|$)|\bpercent(?:age)?\b|%", re.IGNORECASE)
_WHOLE = {"every": 1.0, "all": 1.0, "none": 0.0, "no": 0.0, "half": 0.5}


def _share_changes(text: str, schema: HostSchema, named: Mapping[str, ChangeValue]) -> dict[str, ChangeValue]:
    """All, none or half of what a share feature counts, by a word of its name or aliases: "handed in every single
    homework" or "all the homework" -> 100 for `homework_done_pct` (1 when its values lie within 0..1), "none of the
    homework" -> 0, "half the homework" -> 50. The feature must be a share by its name or description.
    """
    words = _alias_words(schema)
    found: dict[str, ChangeValue] = {}
    for match in re.finditer(
        r"\b(?P<q>every|all|none|no|half)(?:\s+(?:single|one|of))*(?:\s+(?:the|my|their|his|her|its|those))?"
        r"\s+(?P<w>[a-z]+)\b",
        text,
        re.IGNORECASE,
    ):
        feature = words.get(_stem(match.group("w"))) or words.get(match.group("w").lower())
        if feature is None or feature.name in named or feature.name in found:
            continue
        if not (_PERCENT.search(feature.name) or _PERCENT.search(feature.description or "")):
            continue
        scale = 1.0 if feature.max is not None and feature.max <= 1 else 100.0
        share = _WHOLE[match.group("q").lower()] * scale
        found[feature.name] = int(share) if share.is_integer() else share
    return found


_MONEY = re.compile(
    r"(?:[$£€]\s?(?P<a>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(?P<k>k\b|grand\b)?"
    r"|(?<![\w.])(?P<b>\d+(?:\.\d+)?)\s?(?P<k2>k\b|grand\b)?\s?(?:pounds?|quid|dollars?|euros?)\b)",
    re.IGNORECASE,
)
_MONEY_UP = r"raise|rise|increase|bonus|more|extra|higher|up|added|on\s+top"
_MONEY_DOWN = r"cut|reduction|decrease|less|lower|down|fewer|off|cheaper"
# "were/was/is" after "it" is the thing in focus ("and if it were $10 instead?"): a step, not this reading
_IT_WERE = re.compile(r"\b(?:it|that|this)\s+(?:were|was|is|be|had\s+been)\s+(?:only\s+)?$", re.IGNORECASE)
_STATE = re.compile(
    r"\b(?:paid|pay|pays|paying|on|earn\w*|cost\w*|charged|worth|were|was|is|be|been|at|of|for|got|gets|get|"
    r"received?|making|makes|made)\s+(?:only\s+|just\s+|about\s+|around\s+|an?\s+)?$",
    re.IGNORECASE,
)


def money_feature(schema: HostSchema) -> FeatureSchema | None:
    """The host's one numeric feature in money (`_money_scale.money_features`), or None."""
    money = money_features(schema)
    return money[0] if len(money) == 1 else None


def _money_change(text: str, schema: HostSchema, named: Mapping[str, ChangeValue]) -> tuple[str, ChangeValue] | None:
    """An amount of money in a turn that names no feature, for the host's one money feature."""
    feature = money_feature(schema)
    if feature is None or feature.name in named or named:
        return None
    matches = list(_MONEY.finditer(text))
    if len(matches) != 1:
        return None
    match = matches[0]
    number = float((match.group("a") or match.group("b")).replace(",", ""))
    amount = said_in_unit(number, 1000 if match.group("k") or match.group("k2") else 1, feature)
    value = int(amount) if amount.is_integer() else round(amount, 4)
    before = text[max(0, match.start() - 30) : match.start()]
    after = text[match.end() : match.end() + 20]
    around = re.search(rf"^\s*(?:a\s+(?:month|year|week)\s+)?(?P<d>{_MONEY_UP}|{_MONEY_DOWN})\b", after, re.I)
    verb = re.search(rf"\b(?P<d>{_MONEY_UP}|{_MONEY_DOWN})\s+(?:(?:by|of)\s+)?(?:an?\s+)?$", before, re.IGNORECASE)
    direction = around or verb
    if direction is not None:
        down = re.fullmatch(_MONEY_DOWN, direction.group("d"), re.IGNORECASE) is not None
        return feature.name, f"{'-' if down else '+'}{value}"
    if _IT_WERE.search(before) or not _STATE.search(before):
        return None
    return feature.name, value


def plural_categories(
    text: str, schema: HostSchema, named: Mapping[str, ChangeValue], mentions: list[FeatureMention]
) -> list[tuple[str, str]]:
    """Categories said in the plural ("on tablets" -> tablet), when only one feature has the category and the word
    names no feature changed there ("with 4 ropes" of a count aliased "ropes" names no category "rope").
    """
    found: list[tuple[str, str]] = []
    for key, (feature, category) in _terms(schema).categories:
        if feature in named or not key.isalpha() or len(key) < 3:
            continue
        forms = {key + "s", key + "es"} | ({key[:-1] + "ies"} if key.endswith("y") else set())
        pattern = rf"(?<![\w-])(?:{'|'.join(sorted(forms))})(?![\w-])"
        match = re.search(pattern, text, re.IGNORECASE)
        if match and not _LEFT_BEHIND.search(text[: match.start()]):
            if not any(m.start <= match.start() < m.end and m.feature.name in named for m in mentions):
                found.append((feature, category))
    return found


_LEFT_BEHIND = re.compile(
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|not|non|no|never|without)\b[^.,;:?!]{0,25}$", re.I
)


def said_changes(
    text: str, said: str, schema: HostSchema, mentions: list[FeatureMention], named: Mapping[str, ChangeValue]
) -> dict[str, ChangeValue]:
    """The changes of the readings above for features `named` does not change yet; `said` is `text` with its
    currency signs (`text` has the bare amounts).
    """
    found = {n: v for n, v in _count_changes(text, schema, mentions).items() if n not in named}
    found.update(verb_money_change(said, schema, {**named, **found}))  # "asked for 50k less" with two money features
    found.update(_word_changes(text, schema, {**named, **found}))
    found.update(_share_changes(text, schema, {**named, **found}))
    found.update(days_since_changes(text, schema, {**named, **found}))  # "serviced 10 days ago"
    found.update(period_unit_changes(text, schema, {**named, **found}))  # "ran 70 km a week" for `weekly_km`
    money = _money_change(said, schema, {**named, **found})
    if money is not None:
        found[money[0]] = money[1]
    for name, category in plural_categories(text, schema, {**named, **found}, mentions):
        found[name] = category
    return found
