"""Ids written without an instance noun: "im 502", "my policy number is 5140", "5007 what are the chances".

Users who know their record's number often write it alone: first person ("I'm 5042", "5501 here"), as the
subject of a terse request ("5590 shap breakdown", "cf for 903 -> approved"), or after the question ("...
would I still get a surcharge? 5250"). Such a number is an id only when it is one of the host's ids and
nothing else in the turn claims it: a feature's value ("bmi 30", "credit_score 580"), an amount ("10 %
less", "3 fewer visits", "80k"), a count ("top 3", "give 5", "5 examples"), a group bound ("under 25s"), an
age ("hes 65", "I'm 45" on a host with an age feature in that range) or a change ("make it 30"). When two
numbers remain unclaimed, neither is taken: the engine asks instead of guessing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from simxai._directions import CHANGE_DOWN, CHANGE_UP
from simxai.extraction._features import FeatureMention, age_feature, feature_mentions
from simxai.extraction._groups import group_spans
from simxai.extraction._lexicon import _GENERIC_NOUNS
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.turn_memo import per_turn

# "I'm 5042", "im #502", "i am number 12", "this is 5501", "5501 here", "my policy number is 5140"
_FIRST_PERSON = re.compile(
    r"\b(?:i'?m|i\s+am|it'?s\s+me|this\s+is)\s+(?P<mark>(?:(?:no\.?|number|id)\s*)?#?)\s?(?P<n>\d+)\b"
    r"|^\W{0,3}#?(?P<here>\d+)\s+here\b"
    r"|\bmy\s+(?:[a-z]+\s+){0,2}?(?:number|no\.?|id|#|reference|ref)\s*(?:is\s+|=\s*|:\s*)?#?(?P<mine>\d+)\b",
    re.IGNORECASE,
)
# A number standing alone: not inside a word or a decimal, not an amount of money.
_NUMBER = re.compile(r"(?<![\w.,$£€])#?(?P<n>\d+)(?P<s>'?s)?(?![\w%]|[.,]\d)")
# Words before a number that make it something other than an id.
_CLAIMED_AFTER = re.compile(
    # "to" leads a new value ("set it to 30"), not the record in "what happens to 412 if ..."
    r"(?:\b(?:top|first|last|give|show|list|between|over|under|above|below|than|least|most|up\s+to|by|"
    r"(?<!happens\s)(?<!happen\s)(?<!happened\s)to|"
    # ("Were 52010 to lose ...", a supposition that opens the sentence, leads its subject: no value, ux48)
    r"(?<=[\w,]\s)were|be|become|becomes|became|aged?|turned|turns|he'?s|hes|she'?s|shes|they'?re|it|that|them|"
    r"version|v|option|step|question|part|level|tier|page|round|class|grade|stage|type|plan|model|"
    r"i'?m|im|i\s+am|out\s+of|of\s+the|someone|somebody|anyone|everyone|a|an|"
    # "and down 8 instead?", "up another 5": a relative amount, unless "pull up 8" names a record
    r"down|another|(?<!pull\s)(?<!look\s)(?<!bring\s)(?<!call\s)(?<!open\s)up|"
    # a new value made ("if his bmi is made 30"), never "what made 74016 ..."
    r"(?:is|was|were|be|been|gets?|got)\s+made)|[<>=+*/^$£€]|"
    # a minus sign, not a dash set apart between words ("quick one - 73333?")
    r"(?<!\w\s)-|-(?!\s)|"
    r"\d\s*(?:and|or|to|through|-|–))\s*$",
    re.IGNORECASE,
)
# A unit between an amount and its way ("10 kg heavier"): a unit's short form or name, never a word such as "at" ("is
# 5002 at higher risk" names 5002).
_UNIT = (
    r"(?:kg|g|cm|mm|m|km|lbs?|ft|ml|kilos?|kilograms?|grams?|tonnes?|tons?|metres?|meters?|centimet(?:re|er)s?|"
    r"millimet(?:re|er)s?|degrees?|litres?|liters?|inch(?:es)?|feet|foot|miles?|mins?|minutes?)"
)
# What may follow a number that is a quantity, a range or a rank, not an id ("60+": a bound, "or more").
_CLAIMED_BEFORE = re.compile(
    r"^(?:\s?%|\+(?!\s*[\d+=])|\s\+(?!\s*[\d+=]|\s+[A-Za-z])|\s?(?:k|m|bn)\b|\s?(?:to|through|-|–|or|and)\s*\d|\s?(?:/|out\s+of)\s*\d|"
    r"\s(?:years?|yrs?|y/?o|months?|weeks?|days?|hours?|points?|units?|percent|times|more|less|fewer|"
    # "change" before "if" or "so" is a verb ("would 65002 change if ...", "could 65002 change so ..."): no count
    r"higher|lower|bigger|smaller|extra|counterfactuals?|examples?|ways?|options?|alternatives?|changes|"
    r"change(?!\s+(?:if|when|once|after|so)\b)|"
    r"features?|factors?|words?|things?|reasons?|scenarios?|items?|cases|rows|instances|records|samples|"
    r"ids|people|persons|dollars?|euros?|pounds?|grand|thousands?|usd|eur|stars?|most|top|best|worst|biggest|largest|"
    # "three of them": how many of what was asked for, a count
    r"of\s+(?:them|those|these))\b"
    # "and 10 kg heavier?", "5 cm deeper", "3 degrees colder": an amount in a unit, then the way it moves ("5002
    # rated lower", "is 5002 older than 5003" keep their id: a unit's short form or name must stand between)
    rf"|\s?{_UNIT}\.?\s(?:{CHANGE_UP}|{CHANGE_DOWN})\b)",
    re.IGNORECASE,
)
# Words that may stand between a feature and its value ("bmi of 30", "bmi went up to 30", "glucose = 120").
_VALUE_LINK = re.compile(
    r"^\W*(?:(?:is|was|were|of|at|to|by|from|be|becomes?|became|went|goes|go|up|down|equals?|equal|around|"
    r"about|set|changed|change|increased|decreased|dropped|raised|score|level|value|"
    # an adverb between the verb and the value ("if his age were also 70", "bmi was still 30")
    r"also|too|still|even|instead|again|now|then|just|only|actually)\W+)*$",
    re.IGNORECASE,
)


# The words an id may follow when it has no noun: function words and the verbs of requests ("for 903", "is
# 5419", "rerun 256", "pushed 5188 into"). Any other word before a number names what the number is ("bmi 30",
# "income of 40000", "score is 3"), so it claims the number.
_LEAD_WORDS = frozenset(
    "for on in from of about is was are if with does did do why how what whats when which who explain predict "
    "pred classify check show rerun run and or but so then can could would will should me pls plz please here "
    "like re regarding abt cf recourse try use take say see get got has had happen happens being thanks thx ok "
    "okay now also too again hi hey hello just only tell describe analyse analyze evaluate assess look compare "
    "vs versus means mean push pushes move moves bring brings flip flips nudge nudges shift shifts "
    "make makes made let lets keep keeps stop stops prevent prevents cause causes help helps put puts change changes "
    "making keeping stopping preventing causing helping holding blocking "
    # negated auxiliaries, with or without the apostrophe ("why isnt 51 positive"; a text host keeps "isnt" as typed)
    "isn't isnt wasn't wasnt aren't arent won't wont wouldn't wouldnt doesn't doesnt didn't didnt can't cant "
    "couldn't couldnt "
    # the other modal verbs ("may" is also a month): none names what a number measures ("what must 7123 change")
    "must might shall mustn't mustnt".split()
)
_VALUE_WORDS = frozenset("is was of".split())


def claimed_before(after: str, number: int) -> bool:
    """Whether the words after a number claim it (a unit, a count's noun, a range); "to 22" after 57110 is no range
    but the value something is set to ("the temperature on 57110 to 22").
    """
    match = _CLAIMED_BEFORE.match(after)
    if match is None:
        return False
    # "116311 - 4 of them": a dash before a smaller number separates a clause, as "to 22" sets a value
    bound = re.match(r"\s?(?:to|through|\s-\s|\s–\s)\s*(\d+)", after)
    return bound is None or int(bound.group(1)) >= number


def request_word(word: str) -> bool:
    """Whether `word` is a function word or a request verb ("why", "for", "explain"): one that never names a record,
    so a number after it ("why 47043") is not called by another name for the host's records ("member 5483").
    """
    return word.lower() in _LEAD_WORDS


def _led_by_a_name(before: str) -> bool:
    """Whether the words before a number name what it measures ("bmi 30", "income of 40000")."""
    words = re.findall(r"[a-z']+|[^\sa-z']", before.lower())
    if not words or not words[-1][0].isalpha():
        return False  # start of the turn or punctuation: "5590 shap", "? 5250", "predict(12)"
    last = words[-1]
    if last in _VALUE_WORDS and len(words) >= 2 and words[-2][0].isalpha():
        if last != "of" and len(words) >= 3 and words[-3] == "how":
            return False  # "how sensitive is 250 to ...", "how likely was 40 to ...": the number is what is asked about
        return words[-2] not in _LEAD_WORDS  # "bmi is 30", not "what is 5419"
    if last == "to" and len(words) >= 2 and words[-2] in ("happen", "happens", "happened"):
        return False  # "what happens to 412 if ...": the record, not a value something is set to
    return last not in _LEAD_WORDS and not last.endswith("ed")


# Words between a number and the feature it is a value of ("30 bmi", "is 30 a high bmi").
_VALUE_OF = re.compile(
    r"\s*(?:(?:a|an|the|of|too|very|really|high|higher|low|lower|normal|good|bad|big|small|large|healthy|"
    r"typical|average|usual|reasonable|ok|okay)\s+){0,3}",
    re.IGNORECASE,
)


# Words that make a number a count or an age ("turns 40", "3 features", "2 ways"): none reaches a thousand, so a
# host's id of four digits or more after or before them is still the id ("what turns 131352 into ...", "explain
# 131307 feature by feature"). Not "top", "first" or "show" right before it: "show the top 1500" may count rows.
_COUNT_WORDS = re.compile(
    r"(?:\b(?:aged?|turned|turns|he'?s|hes|she'?s|shes|they'?re|i'?m|im|i\s+am)\s*$)"
    r"|^\s(?:counterfactuals?|examples?|ways?|options?|alternatives?|changes?|features?|factors?|words?|things?|"
    r"reasons?|scenarios?|items?|times|years?|yrs?|y/?o|months?|weeks?|days?|hours?|of\s+(?:them|those|these))\b",
    re.IGNORECASE,
)
#: No count, rank or age reaches it: a number this large beside a count's word is an id all the same.
COUNTED_BELOW = 1000


def _uncountable(words: str, number: int) -> bool:
    """Whether `words` beside `number` would claim it as a count, rank or age it is too large to be."""
    return number >= COUNTED_BELOW and _COUNT_WORDS.search(words) is not None


def _numbers(text: str) -> Iterator[re.Match[str]]:
    return _NUMBER.finditer(text)


def _an_age(number: int, schema: HostSchema) -> bool:
    """Whether `number` could be the age of a person on this host ("I'm 45")."""
    age = age_feature(schema)
    if age is None:
        return False
    low = 0.0 if age.min is None else age.min
    high = 120.0 if age.max is None else age.max
    return low <= number <= high


def first_person_ids(text: str, schema: HostSchema | None) -> list[int]:
    """Ids a person gives as their own ("im 502", "my policy number is 5140", "5501 here"), in the id range.

    "I'm 45" on a host whose age feature holds 45 is an age, not an id; "I'm #45" or "I'm number 45" is an id.
    """
    if schema is None or schema.id_range is None:
        return []
    ids: list[int] = []
    for match in _FIRST_PERSON.finditer(text):
        value = match.group("n") or match.group("here") or match.group("mine")
        number = int(value)
        after = text[match.end() : match.end() + 20]
        if not schema.has_id(number) or claimed_before(after, number):
            continue
        if match.group("n") and not match.group("mark").strip() and (schema.kind == "text" or _an_age(number, schema)):
            continue  # "I'm 45": an age, or on a text host no record of a person
        ids.append(number)
    return ids


def _takes_numbers(feature: FeatureSchema) -> bool:
    """Whether a feature's value can be a number: a numeric one, or a category written in digits."""
    return feature.type == "numeric" or any(c.strip().isdigit() for c in feature.categories or [])


def _claimed_by_feature(text: str, start: int, end: int, mentions: list[FeatureMention], possessive: bool) -> bool:
    """Whether a feature name right before ("bmi 30", "bmi of 30") or after ("30 bmi") owns the number.

    A possessive number ("5377s bmi", "42's glucose") owns the feature after it, not the other way round; a feature
    whose values are named categories owns no number ("flag 47061 as late" where the flag is panama or malta).
    `mentions` are the text's feature mentions, read once by the caller (once per number made a long run of
    numbers quadratic: tests/test_followup_subject.py's 64 KB inputs). A number written after "#" is a record's
    ("#5120 humidity 45": the id, then the feature's value), never a feature's value.
    """
    if text[start:end].lstrip().startswith("#"):
        return False
    for mention in mentions:
        if not _takes_numbers(mention.feature) or _far_past(text[start:end], mention.feature):
            continue
        if mention.end <= start and _VALUE_LINK.match(text[mention.end : start]) and start - mention.end <= 25:
            return True
        if not possessive and end <= mention.start and _VALUE_OF.fullmatch(text[end : mention.start]):
            return True
    return False


def _far_past(number: str, feature: FeatureSchema) -> bool:
    """Whether `number` lies past ten times the largest value of a numeric `feature` with a known range: no value of
    it, as the id in "what if we let 74038 rest another week" is none of a rest of 1-60 days (the alias after it).
    """
    if feature.type != "numeric" or feature.min is None or feature.max is None or not number.isdigit():
        return False
    return int(number) > 10 * max(abs(feature.min), abs(feature.max), 1.0)


# What follows a number that is the subject of a clause ("the probability 47068 is delayed", "think 5004 will be
# late", "ways 5020 could arrive"): an auxiliary or modal verb. A number that is a measure's value rarely goes on so.
_CLAUSE_AFTER = re.compile(
    r"^\s(?:is|isn'?t|was|wasn'?t|are|will|won'?t|would|wouldn'?t|could|couldn'?t|can|can'?t|cannot|should|"
    r"shouldn'?t|might|may|must|does|doesn'?t|did|didn'?t|has|hasn'?t|had|hadn'?t|gets?|got|ends?\s+up|stays?|"
    r"remains?)\b",
    re.IGNORECASE,
)


def _subject_of_clause(text: str, end: int, schema: HostSchema) -> bool:
    """Whether the number ending at `end` is the subject of what follows: a verb ("47068 is delayed", "5004 will be
    late"), or "as" / "to be" and one of the host's class names ("flag 47061 as late" names a class by its label,
    "delayed"; "late" is no label, so only a verb makes it a subject there).
    """
    after = text[end : end + 40]
    if _CLAUSE_AFTER.match(after):
        return True
    labels = "|".join(re.escape(c).replace("_", "[_ ]") for c in sorted(schema.class_names, key=len, reverse=True))
    return bool(labels) and re.match(rf"^\s(?:as|to\s+be)\s(?:{labels})\b", after, re.IGNORECASE) is not None


@per_turn
def unclaimed_id(text: str, schema: HostSchema | None) -> int | None:
    """The one number of `text` that can only be an id of the host ("5590 shap breakdown"), or None.

    Candidates are whole numbers in the host's id range that no feature, amount, count, range, rank or age
    claims; with exactly one candidate it is the id. A possessive ("5377s bmi") is an id; a plural bound
    ("under 25s") is claimed by its comparison. Quoted texts must be removed by the caller.
    """
    if schema is None or schema.id_range is None:
        return None
    nouns = {n for n in _GENERIC_NOUNS if " " not in n} | {schema.instance_noun.lower()}
    groups = group_spans(text, schema)
    candidates: list[int] = []
    mentions = feature_mentions(text, schema)
    for match in _numbers(text):
        number = int(match.group("n"))
        start, end = match.start(), match.end()
        before = text[max(0, start - 20) : start]
        after = text[end : end + 30]
        if any(low <= start < high for low, high in groups):
            continue  # "patients with bmi over 30": a group's bound
        claimed = (
            _CLAIMED_AFTER.search(before)
            and not _given_to(before, after)
            and not _uncountable(before, number)
            and not _RETURNED_TO.search(before)
        )
        if not schema.has_id(number) or claimed or (claimed_before(after, number) and not _uncountable(after, number)):
            continue
        following = re.match(r"\s*([a-z]+)", after, re.IGNORECASE)
        if following is not None and following.group(1).lower().rstrip("s") in nouns and following.group(1)[-1] == "s":
            continue  # "5 patients", "12 rows": a count of instances
        named = (
            _led_by_a_name(before) and not _subject_of_clause(text, end, schema) and not _uncountable(before, number)
        )
        if named or _claimed_by_feature(text, start, end, mentions, possessive=bool(match.group("s"))):
            continue  # "bmi 30", "income of 40000"; not "the probability 47068 is delayed"
        candidates.append(number)
    distinct = set(candidates)
    return candidates[0] if len(distinct) == 1 else None


def misread_id(text: str, schema: HostSchema | None) -> tuple[str, int] | None:
    """A number in the host's id range after a word that names nothing the host knows ("wien 5011"), or None.

    `unclaimed_id` leaves such a number alone (the word before it may name what it measures), so a request
    would fall back to the instance in focus; the caller asks instead. Returns the word and the number.
    """
    if schema is None or schema.id_range is None or schema.kind == "text":
        return None
    known = {
        w.lower()
        for f in schema.features
        for n in (f.name, *f.aliases, *(f.categories or []))
        for w in re.findall(r"[A-Za-z]+", n)
    }
    mentions = feature_mentions(text, schema)
    for match in _numbers(text):
        number = int(match.group("n"))
        start, end = match.start(), match.end()
        before = text[max(0, start - 20) : start]
        word = re.search(r"([A-Za-z]+)\s?#?$", before)
        after = text[end : end + 30]
        if (
            word is None
            or not schema.has_id(number)
            or (claimed_before(after, number) and not _uncountable(after, number))
        ):
            continue  # ("rider 7123 change to ...": a count's word after it, but no count is that large)
        lower = word.group(1).lower()
        if lower in known or lower in _LEAD_WORDS or _CLAIMED_AFTER.search(before) or not _led_by_a_name(before):
            continue
        if _subject_of_clause(text, end, schema):
            continue  # "what's the probability 5068 is delayed": the number is what the clause is about
        if _claimed_by_feature(text, start, end, mentions, possessive=bool(match.group("s"))):
            continue
        return word.group(1), number
    return None


# Words before a number that make it a count, a rank, a bound or a new value even when no feature could take it
# ("top 21003", "over 21050", "were 21050", "set it to 21050"); "what happens to 21087" still names a record.
_NOT_AN_ID_AFTER = re.compile(
    r"(?:\b(?:top|first|last|give|show|list|between|over|under|above|below|than|least|most|up\s+to|by|"
    r"(?<!happens\s)(?<!happen\s)(?<!happened\s)to|(?<=[\w,]\s)were|be|become|becomes|became|aged?|turned|turns|"
    r"it|a|an|"
    r"version|v|option|step|question|part|level|tier|page|round|class|grade|stage|type|plan|model|out\s+of)|"
    r"[<>=+\-*/^$£€]|\d\s*(?:and|or|to|through|-|–))\s*$",
    re.IGNORECASE,
)

# The nouns of a rank or a kind ("grade 3", "plan 2", "level 4"): none runs to a thousand, so a number of an id's size
# after one is no rank but the record, after a verb of the same spelling ("what made the model grade 155010 so")
_RANK_NOUN = re.compile(
    r"\b(?:version|v|option|step|question|part|level|tier|page|round|class|grade|stage|type|plan)\s*$", re.IGNORECASE
)

# "give 57001 two more visits", "gave 57001 an extra night": a number right after a verb of giving, followed by the
# amount given, is the record that gets it (the one before it), not a count ("give 5 more examples")
_GIVING = re.compile(r"\b(?:give|gives|gave|giving)\s*$", re.IGNORECASE)
# ... or the thing given ("give 75036 the other outcome"), which a count's noun never starts with
_AMOUNT_GIVEN = re.compile(
    r"^\s*(?:\d|(?:a|an|another|one|two|three|four|five|six|seven|eight|nine|ten|the|that|its|their)\b)", re.I
)


# "back to 135219 - why ...", "going back to 74012:", "ok, back to 5011": the dialogue returns to a record, which
# "to" leads as it leads no new value (a feature set back to a value has its name before "back": "bmi back to 30")
_RETURNED_TO = re.compile(
    r"(?:^|[,.;:!?]|\b(?:and|now|ok(?:ay)?|so|go|going|come|coming|get|getting|jump\w*|switch\w*|head\w*))"
    r"\W*back\s+to\s*$",
    re.IGNORECASE,
)


def _given_to(before: str, after: str) -> bool:
    """Whether the number between `before` and `after` is what a verb of giving gives an amount to (doc above)."""
    return bool(_GIVING.search(before)) and bool(_AMOUNT_GIVEN.match(after))


# "add two more treatments to 55079", "give 57001 ...": after a verb of giving, "to" leads the record that gets it
_RECIPIENT = re.compile(r"\b(?:add|adds|added|adding|give|gives|gave|apply|applies|applied)\b[^,.;:?!]*\bto\s*$", re.I)


def _no_feature_value(number: int, schema: HostSchema, text: str) -> bool:
    """Whether no numeric feature of the host could take `number`: it lies beyond ten times every feature's range,
    or, for the features it is not ten times past, every id lies beyond their values and the turn names none of them.

    A feature with an unknown range could take anything, so then every number may be one of its values. A number
    past a feature's largest value but within ten times it may still be a value the user supposes ("a 30000 litre
    tank" where the tanks reach 20000), but only when the turn speaks of that feature; on a host whose ids overlap
    a feature's values (ids 0-441, cholesterol up to 301) the feature could take any id.
    """
    named: set[str] | None = None
    for feature in schema.features:
        if feature.type != "numeric":
            continue
        if feature.min is None or feature.max is None:
            return False
        if abs(number) > 10 * max(abs(feature.min), abs(feature.max), 1.0):
            continue
        if schema.id_range is None or schema.id_range[0] <= feature.max:
            return False  # the ids overlap the feature's values: any id could be one of them
        if named is None:
            named = {m.feature.name for m in feature_mentions(text, schema)}
        if feature.name in named:
            return False
    return True


@per_turn
def foreign_noun_id(text: str, schema: HostSchema | None) -> int | None:
    """The one id-range number of `text` that no feature could take, whatever word precedes it, or None.

    On a host whose ids lie far beyond every feature's values (tickets 21001-21500, fines of 35-110), a number
    in the id range names a record even after another word for it ("PCN 21197", "citation 21010", "fine
    21028") or a verb ("why does it think 21182 ..."): no feature value, amount or age can be that large. A
    count ("top ..."), a bound ("over ..."), a new value ("were ...", "to ..."), a unit or a percent after it
    still claims it, and two such numbers leave both to the engine's question. On hosts whose ids overlap
    the features' values (ids 1-500, ages 18-90) this never applies: `unclaimed_id` and `misread_id` decide.
    """
    if schema is None or schema.id_range is None or schema.kind == "text":
        return None
    nouns = {n for n in _GENERIC_NOUNS if " " not in n} | {schema.instance_noun.lower()}
    # a feature's one-word name or alias ("bmi", "reading"), or the last word of its name, often a unit ("kwh")
    words = {n.lower() for f in schema.features for n in (f.name, *f.aliases) if re.fullmatch(r"[A-Za-z]+", n)}
    words |= {f.name.lower().rsplit("_", 1)[-1] for f in schema.features}
    groups = group_spans(text, schema)
    candidates: list[int] = []
    for match in _numbers(text):
        number = int(match.group("n"))
        start, end = match.start(), match.end()
        if not schema.has_id(number) or not _no_feature_value(number, schema, text):
            continue
        if any(low <= start < high for low, high in groups):
            continue
        after = text[end : end + 30]
        before = text[max(0, start - 20) : start]
        claimed = (
            _NOT_AN_ID_AFTER.search(before)
            and not (number >= COUNTED_BELOW and _RANK_NOUN.search(before))
            and not _RECIPIENT.search(text[:start])
            and not _given_to(before, after)
            and not _RETURNED_TO.search(before)
        )
        if claimed or claimed_before(after, number):
            continue
        following = re.match(r"\s*([a-z]+)", after, re.IGNORECASE)
        word = "" if following is None else following.group(1).lower()
        if (word.rstrip("s") in nouns and word.endswith("s")) or word in words:
            continue  # "21003 tickets": a count of instances; "21003 kwh": a feature's unit or name
        candidates.append(number)
    return candidates[0] if len(set(candidates)) == 1 else None
