"""What-if changes: new or shifted feature values for a tabular host, word edits or a new text for a text host."""

from __future__ import annotations

import re

from simxai._directions import CHANGE_DOWN, CHANGE_UP
from simxai.extraction._age_changes import age_change
from simxai.extraction._amounts import plain_amounts, said_amount, unit_changes
from simxai.extraction._category_forms import category_form
from simxai.extraction._clock_and_pace import as_old_change, clock_hour_changes, pace_changes
from simxai.extraction._feature_terms import verb_of_unit_head
from simxai.extraction._feature_words import feature_word_changes
from simxai.extraction._features import FeatureMention, _category_mentions, _terms, age_feature, feature_mentions
from simxai.extraction._fractions import fraction_changes, percent_value
from simxai.extraction._id_amounts import without_id_amounts
from simxai.extraction._lexicon import _DET, _NUM, _parse_number
from simxai.extraction._money_scale import in_stated_scale, unscaled
from simxai.extraction._month_names import month_changes
from simxai.extraction._named_between import FOR_ONE
from simxai.extraction._noun_presence import had_noun_changes
from simxai.extraction._said_changes import said_changes, without_instance_phrases
from simxai.extraction._shared_units import shared_unit_changes
from simxai.extraction._signed_values import signed_values
from simxai.extraction._terse_changes import amount_off, terse_change
from simxai.extraction._text_edits import text_changes
from simxai.extraction._time_units import in_feature_units, one_unit_amounts
from simxai.extraction._unit_values import unit_word_changes
from simxai.extraction._value_first import value_first_changes
from simxai.extraction._yes_no_denied import NEGATION as _NEGATION
from simxai.extraction._yes_no_denied import denied
from simxai.hosts.base import ChangeValue, HostSchema
from simxai.hosts.name_words import said_unit_pattern
from simxai.normalize import normalize
from simxai.turn_memo import bounded_per_turn

_UP, _DOWN = CHANGE_UP, CHANGE_DOWN  # "20 km/h stronger", "glucose rose 10", "10 degrees warmer"
_INC_VERBS = (
    r"increase|increases|increased|increasing|raise|raises|raised|raising|add|adds|added|adding|increment|"
    r"incremented|boost|boosted|"
    r"boosting|bump|bumped|up|upped|gain|gained|gaining"
)
_DEC_VERBS = (
    r"decrease|decreases|decreased|decreasing|reduce|reduces|reduced|reducing|lower|lowers|lowered|lowering|cut|"
    r"cuts|cutting|drop|drops|dropped|"
    r"dropping|decrement|decremented|subtract|subtracted|subtracting|lose|loses|lost|losing"
)
# verbs that set a new value with "to": "shortened to 24", "was brought down to 80", "gets bumped up to 5"
_TO_VERBS = (
    r"set|changed|increased|decreased|reduced|raised|lowered|dropped|shortened|lengthened|extended|cut|capped|"
    r"limited|moved|bumped(?:\s+up)?|brought\s+(?:down|up)|upped|trimmed|shrank|shrunk|grew|grown|climbed|jumped|"
    # "her bmi came down to 28", "debt-to-income down to 0.3", "got her bmi down to 28"
    r"(?:came|comes|come|went|goes|go|fell|rose)\s+(?:down|up)|down|up"
)
_SET = (
    r"were|was|is|be|becomes?|became|to|=|:|of|at|equals?|equal\s+to|goes\s+to|went\s+to|rose\s+to|fell\s+to|"
    rf"had\s+been|would\s+be|(?:(?:was|were|is|be|been|being|got|gets?)\s+)?(?:{_TO_VERBS})\s+to"
)
# The worded readings (never the `zchange` flag's, which reads what the shipped selector was trained on) also take
# "rises by" / "falls by", and set values by "came down to 28", "got her bmi down to 28" ("her bmi" is the mention),
# "comes to 0.3", "drops to 0.3", "is made 36 months", "is being brought down to 80".
_INC_WORDED = _INC_VERBS + "|rise|rises|rising"
_DEC_WORDED = _DEC_VERBS + "|fall|falls|falling"
# A move to N, in any tense and after a modal, names where the feature ends: "drop to 200", "would fall to 3" are N.
_MODAL = r"(?:(?:would|will|could|should|might|did|does|do|to)\s+)?"
_SET_WORDED = (
    rf"{_MODAL}(?:(?:came|comes|come|got|gets|get|went|goes|go|gone|was|were)\s+)?(?:down|up)\s+to|{_MODAL}(?:comes|"
    r"came|drop(?:s|ped)?|fall(?:s|en)?|fell|rise[ns]?|rose|climb(?:s|ed)?|jump(?:s|ed)?|moves?|gets)\s+to|"
    r"(?:(?:is|was|were|be|been|gets?|got)\s+)?made|"
    r"(?:(?:was|were|is|be|been|being|got|gets?)\s+){2}" + rf"(?:{_TO_VERBS})\s+to|{_SET}|"
    # any participle after a verb of being then "to": "the edges were sharpened to 90 %", "was topped up to 8"
    r"(?:was|were|is|be|been|being|got|gets?)\s+[a-z]{3,}(?:ed|en)(?:\s+(?:up|down|back))?\s+to"
)
_MULTIPLIERS = {
    "double": "*2",
    "doubled": "*2",
    "twice": "*2",
    "triple": "*3",
    "tripled": "*3",
    "quadruple": "*4",
    "quadrupled": "*4",  # these five: worded readings ("if the class size halves")
    "doubles": "*2",
    "triples": "*3",
    "quadruples": "*4",
    "halves": "-50%",
    # a halving is written as the relative change it is, as people write it ("-50%")
    "halve": "-50%",
    "halved": "-50%",
    "half": "-50%",
}
# what stands before a plural noun: an article or a word of number ("the two halves", "both halves")
_BEFORE_A_NOUN = re.compile(r"\b(?:the|a|two|both|all|these|those|three|four)\s+$", re.IGNORECASE)


# Words after "contract was" that are not a value ("was also", "was not", "was the same").
_NOT_A_VALUE = frozenset(
    "a an the not no also still different changed same another other its her his their my your this that "
    "higher lower more less bigger smaller greater".split()
)
_TRUE = ("yes", "true", "1", "y")
_FALSE = ("no", "false", "0", "n")


# A word between an amount and its direction ("20 points lower"), never a conjunction ("10 and lower bmi"); in the
# worded readings never a verb either ("6150 had fewer classmates": the id is no amount).
_FILLER = r"(?!(?:and|or|but|then)\b)\w+"
# worded: no number either ("give 57001 4 more visits": the step is 4, the id no step with a filler "4")
_FILLER_WORDED = r"(?!(?:and|or|but|then|had|has|have|was|were|is|are|would|will)\b)(?!\d)\w+"


def _signed(sign: str, amount: str, percent: bool) -> str:
    return f"{sign}{amount}{'%' if percent else ''}"


def _directed(match: re.Match[str]) -> str:
    """The step a match says by its number `n`, percent `pct` and direction word `dir`: "5 lower" -> "-5"."""
    up = re.fullmatch(_UP, match.group("dir"), re.IGNORECASE) is not None
    return _signed("+" if up else "-", match.group("n"), bool(match.group("pct")))


def _times(n: str, up: bool) -> str:
    """A factor said as "3 times more" -> "*3"; "2 times less" -> "-50%" (a division, as the relative change)."""
    factor = _parse_number(n)
    if up or factor <= 1:
        return f"*{n}"
    return f"-{round(100 - 100 / factor, 2):g}%"


def _numeric_change(text: str, mention: FeatureMention, worded: bool) -> ChangeValue | None:
    after = text[mention.end : mention.end + 50]
    before = text[max(0, mention.start - 50) : mention.start]
    pct = r"(?P<pct>\s*%|\s*percent)?"
    if worded:
        step = _worded_step(after, before, pct)
        if step is not None:
            return step
    inc, dec = (_INC_WORDED, _DEC_WORDED) if worded else (_INC_VERBS, _DEC_VERBS)
    filler, setting = (_FILLER_WORDED, _SET_WORDED) if worded else (_FILLER, _SET)
    # terse arithmetic without a verb: "annual_claims +2", "bmi += 5", "dti -0.1", "glucose +10%"
    match = re.match(rf"^\s*(?P<sign>[+-]|plus\s|minus\s)=?\s*(?P<n>{_NUM}){pct}(?![\w-]|\.\d)", after, re.IGNORECASE)
    if match and not re.search(r"\d\s*$", before):  # "credit score plus 20" is "+20"
        sign = {"plus": "+", "minus": "-"}.get(match.group("sign").strip().lower(), match.group("sign"))
        return _signed(sign, match.group("n"), bool(match.group("pct")))
    terse = terse_change(before, after)  # "visits twice as often", "call it 2 points off his bmi"
    if terse is not None:
        return terse
    # "glucose 2 times less", "bmi were three times higher"
    match = re.match(
        rf"^\s*(?:(?:were|was|is|be|got|gets|went|goes)\s+)?(?P<n>{_NUM})\s*(?:times|x)\s+(?P<dir>{_UP}|{_DOWN})\b",
        after,
        re.IGNORECASE,
    )
    if match:
        return _times(match.group("n"), re.fullmatch(_UP, match.group("dir"), re.IGNORECASE) is not None)
    # "claims were cut in half", "the loan amount halved"
    if re.match(r"^\s*(?:(?:were|was|is|be|got|gets)\s+)?(?:cut|reduced|divided)\s+(?:in|by)\s+(?:a\s+)?half\b", after):
        return "-50%"
    # "glucose 5 lower", "glucose were 20 points lower", "bmi 10% higher", "had been 20 points lower"; the unit the
    # name ends in may follow the number ("wind was 20 km/h weaker" for wind_kmh), a degree sign too ("5° colder")
    unit_said = said_unit_pattern(mention.feature.name)
    match = re.match(
        rf"^\s*(?:(?:were|was|is|be|got|gets|went|goes|had\s+been|would\s+be)\s+)?(?:both\s+)?(?:by\s+)?(?P<n>{_NUM}){pct}(?:\s?°)?{unit_said}\s*(?:{filler}\s+)?"
        rf"(?P<dir>{_UP}|{_DOWN})\b",
        after,
        re.IGNORECASE,
    )
    if match:
        return _directed(match)
    # "glucose increased by 5", "bmi went up by 10%"
    match = re.match(
        rf"^\s*(?:(?:were|was|is|be|got|gets|went|goes)\s+)?(?P<dir>{_UP}|{_DOWN}|{inc}|{dec})"
        rf"\s+(?:by\s+)?(?P<n>{_NUM}){pct}(?!\s*(?:times|x)\b)",
        after,
        re.IGNORECASE,
    )
    if match:  # "glucose went up 10", "bmi fell 2": the amount is a change, with or without "by"
        down = re.fullmatch(rf"{_DOWN}|{dec}", match.group("dir"), re.IGNORECASE) is not None
        return _signed("-" if down else "+", match.group("n"), bool(match.group("pct")))
    # "glucose doubled", "the bmi were halved"
    match = re.match(r"^\s*(?:(?:were|was|is|be|got|gets)\s+)?(?P<m>doubled|tripled|halved)\b", after, re.IGNORECASE)
    if match:
        return _MULTIPLIERS[match.group("m").lower()]
    # "increase glucose by 5", "reduce her bmi by 10%", "increase age to 60"
    # (worded, also "reduce patient 251's triglycerides by 0.5": an instance's own feature)
    owner = r"(?:(?:[a-z]+\s+)?#?\d+['’]s\s+)?" if worded else ""
    verb = re.search(rf"\b(?P<verb>{inc}|{dec})\s+{owner}{_DET}$", before, re.IGNORECASE)
    if verb:
        by = re.match(rf"^\s*{FOR_ONE}(?:by\s+)(?P<n>{_NUM}){pct}", after, re.IGNORECASE)
        if by:
            down = re.fullmatch(dec, verb.group("verb"), re.IGNORECASE) is not None
            return _signed("-" if down else "+", by.group("n"), bool(by.group("pct")))
        to = re.match(rf"^\s*{FOR_ONE}to\s+(?P<n>-?{_NUM})\b", after, re.IGNORECASE)
        if to:
            return _parse_number(to.group("n"))
        bare = re.match(rf"^\s*(?P<n>{_NUM}){pct}(?![\w.]|\s*(?:times|x)\b)", after, re.IGNORECASE)
        if bare:  # "raise glucose 10", "lower her bmi 2": the amount of the change the verb names
            down = re.fullmatch(dec, verb.group("verb"), re.IGNORECASE) is not None
            return _signed("-" if down else "+", bare.group("n"), bool(bare.group("pct")))
    # "add 5 to glucose", "subtract 5 from the bmi", "took 5 points away from bmi", "take on 5 in age"
    match = re.search(
        rf"\b(?P<verb>add|adds|added|adding|subtract\w*|take|takes|took|taking|knock\w*|shav\w*)\s+(?P<on>on\s+)?"
        rf"(?P<n>{_NUM}){pct}\s*(?:\w+\s+)?(?:to|from|off|away\s+from|in|of)\s+{_DET}$",
        before,
        re.IGNORECASE,
    )
    if match:
        down = match.group("verb").lower().startswith(("subtract", "tak", "took", "knock", "shav"))
        return _signed("-" if down and not match.group("on") else "+", match.group("n"), bool(match.group("pct")))
    # "lose 5 bmi", "gained 10 glucose", "gained 3 kg of weight" (a unit before "of" / "in")
    match = re.search(
        rf"\b(?P<verb>{inc}|{dec})\s+(?P<n>{_NUM}){pct}\s+(?:points?\s+|units?\s+|[a-z]{{1,6}}\s+(?=of\s|in\s))?"
        rf"(?:of\s+|in\s+)?{_DET}$",
        before,
        re.IGNORECASE,
    )
    if match:
        down = re.fullmatch(dec, match.group("verb"), re.IGNORECASE) is not None
        return _signed("-" if down else "+", match.group("n"), bool(match.group("pct")))
    # "10% higher bmi", "5 points lower glucose", "118 more in glucose" (worded: "2 weeks more since its service")
    since = r"since\s+|" if worded else ""
    match = re.search(
        rf"(?P<n>{_NUM}){pct}\s*(?:{filler}\s+)?(?P<dir>{_UP}|{_DOWN})\s+(?:in\s+|of\s+|{since})?{_DET}$",
        before,
        re.IGNORECASE,
    )
    if match:
        up = re.fullmatch(_UP, match.group("dir"), re.IGNORECASE) is not None
        if re.search(r"\b(?:times|x)\s", match.group(0), re.IGNORECASE) and not match.group("pct"):
            return _times(match.group("n"), up)
        return _directed(match)
    # "double the ldl", "halve her bmi", "twice the insulin"; the verb's third person too ("if 5 halves the moss"),
    # never a plural noun ("the two halves of the store": a word of number or an article before it, or "of" after)
    match = re.search(
        r"\b(?P<m>double[sd]?|triple[sd]?|quadruple[sd]?|halve[sd]?|twice|half)\s+(?P<of>of\s+)?" + _DET + "$",
        before,
        re.IGNORECASE,
    )
    if match and match.group("m").lower().endswith("s"):
        match = None if match.group("of") or _BEFORE_A_NOUN.search(before[: match.start()]) else match
    if match:
        return _MULTIPLIERS[match.group("m").lower()]
    # worded: "1.5 times the glucose", "3 times her bmi": a factor of the value
    match = re.search(rf"(?<![\w.])(?P<n>{_NUM})\s+times\s+{_DET}$", before, re.IGNORECASE) if worded else None
    if match:
        return f"*{match.group('n')}"
    # "with a 60 month term", "had a 700 credit score": the value before the feature, after "with a"
    match = re.search(
        rf"\b(?:with|had|has|have|having|gets?|got|take|takes|took|taking)\s+(?:a|an)\s+(?P<n>{_NUM})(?:[\s-][A-Za-z]+)?[\s-]$",
        before,
        re.IGNORECASE,
    )
    if match:
        return _parse_number(match.group("n"))
    # "bmi were 30", "her glucose at 140", "set bmi to 30", "blood pressure was 90" (worded: "the dti ratio were 0.3")
    noun = r"(?:(?:ratio|rate|level|score|value|index|number|count|total)\s+)?" if worded else ""
    at = r"at\s+|" if worded else ""  # worded: "her battery was at 95", "the level is at 40"
    match = re.match(
        rf"^\s*{noun}(?:(?:{setting})\s*)?(?:also\s+|still\s+|instead\s+|now\s+)?(?:{at}about\s+|around\s+|only\s+)?"
        rf"(?P<neg>(?:minus|negative)\s+)?(?P<n>-?{_NUM})\b{percent_value(mention.feature)}"
        rf"(?!\s+(?:\w+\s+)?(?:better|worse|{_UP}|{_DOWN}|from\s+now|than)\b)",  # which way?
        after,
        re.IGNORECASE,
    )
    if match and match.group("neg") and not re.match(r"^\s*\S", after[: match.start("neg")]):
        match = None  # "temperature minus 20" after no setting word: a step, read above
    if match:  # "a temperature of minus 20", "at minus 20": the value -20
        return -_parse_number(match.group("n")) if match.group("neg") else _parse_number(match.group("n"))
    return said_amount(text, mention) if worded else None  # "with no cleaning fee", "one more reminder"


def _worded_step(after: str, before: str, pct: str) -> ChangeValue | None:
    """Worded readings tried first for a numeric feature: "credit score plus 20", "if the class size halves",
    "knock 20 points off her blood sugar", "is made 50 less", "bmi goes from 20 to 30" (30), "fewer doctor visits, say
    three" (3).
    """
    match = re.match(rf"^\s*(?P<sign>plus|minus)\s+(?P<n>{_NUM}){pct}(?![\w-]|\.\d)", after, re.IGNORECASE)
    if match and not re.search(r"\d\s*$", before):
        return _signed(
            "-" if match.group("sign").lower() == "minus" else "+", match.group("n"), bool(match.group("pct"))
        )
    match = re.match(
        r"^\s*(?:(?:were|was|is|be|got|gets|would|were\s+to|was\s+to)\s+)?"
        r"(?P<m>(?:doubl|tripl|quadrupl)(?:ed|es|e)|halved|halves|halve)\b",
        after,
        re.IGNORECASE,
    )
    if match:
        return _MULTIPLIERS[match.group("m").lower()]
    # "is made 50 less": a step, not the value 50
    match = re.match(
        rf"^\s*(?:(?:is|was|were|be|been|gets?|got)\s+)?made\s+(?P<n>{_NUM}){pct}\s*(?:{_FILLER_WORDED}\s+)?"
        rf"(?P<dir>{_UP}|{_DOWN})\b",
        after,
        re.IGNORECASE,
    )
    if match:
        return _directed(match)
    off = amount_off(before)  # "knock 20 points off her blood sugar"
    if off is not None:
        return off
    match = re.match(
        rf"^\s*(?:(?:goes|went|go|moves?|moved|changes?|changed|rises|rose|falls|fell|drops|dropped)\s+)?from\s+"
        rf"-?{_NUM}\s*(?:\w+\s+)?to\s+(?P<n>-?{_NUM})\b(?!\s*%)",
        after,
        re.IGNORECASE,
    )
    if match is None:
        match = re.match(
            rf"^\s*,?\s*(?:say|like|maybe|perhaps)\s+(?:about\s+|around\s+)?(?P<n>{_NUM})\b(?!\s*%)", after, re.I
        )
    return _parse_number(match.group("n")) if match else None


def _categorical_change(text: str, mention: FeatureMention) -> ChangeValue | None:
    feature = mention.feature
    categories = feature.categories or []
    after = text[mention.end : mention.end + 40]
    match = re.match(
        r"^\s*(?:(?:were|was|is|be|to|=|:|of|becomes?|set\s+to|changed\s+to)\s+)?(?P<v>[\w\-]+)",
        after,
        re.IGNORECASE,
    )
    if match:
        value = category_form(match.group("v"), categories)  # "the ECT propagated": propagation
        if value is not None:
            return value
        # "contract was weekly": a value the feature does not have is passed on as said, so that the host
        # refuses it naming the valid ones, instead of the request being read as naming no change at all.
        said = re.match(r"^\s*(?:were|was|is|be|=|becomes?|set\s+to|changed\s+to)\s+(?P<v>[A-Za-z][\w\-]*)", after)
        if said and said.group("v").lower() not in _NOT_A_VALUE:
            return said.group("v")
    # "if she were a smoker" / "a non-smoker": a yes/no feature named by itself.
    truthy = next((c for c in categories if c.lower() in _TRUE), None)
    falsy = next((c for c in categories if c.lower() in _FALSE), None)
    if truthy is not None and falsy is not None:
        return falsy if denied(text, mention.start, mention.end, feature.name) else truthy
    return None


@bounded_per_turn(0)
def extract_changes(
    text: str, schema: HostSchema | None, *, worded_amounts: bool = True
) -> dict[str, ChangeValue] | None:
    """What-if changes named in a request, as `explain_what_if` takes them, or None.

    Tabular: "what if her bmi were 30" -> {"bmi": 30}; "glucose 5 lower" / "decrease glucose by 5" -> {"glucose":
    "-5"}; "10% higher bmi" -> {"bmi": "+10%"}; "double the ldl" -> {"ldl": "*2"}; "if she were a smoker" -> a
    categorical value; "10 years older" -> {"age": "+10"}. Text: "replace 'great' with 'awful'" -> {"great":
    "awful"}; "remove 'not'" -> {"not": ""}; "what if it said '<new text>'" -> {"text": "<new text>"}.

    `worded_amounts=False` leaves out the readings of `_amounts` (amounts said in words around the feature, units,
    currency signs, fractions) and the old value after "instead of": the router's `zchange` flag reads a turn as
    the shipped selector was trained to, until a selector is rebuilt with them (docs/router.md).
    """
    text = normalize(text, schema)
    if schema is None or schema.kind == "text":
        return text_changes(text, worded=worded_amounts, labels=schema.class_names if schema is not None else ())
    said = text
    if worded_amounts:
        said = text = without_instance_phrases(text, schema)  # "the bmi for patient 12 had been 30"
        said = text = _UNIT_POSSESSIVE.sub(r"\1", text)  # "2 years' experience": a possessive, no quote
        text = plain_amounts(unscaled(text))  # "the fine were £50" -> "50"; "€2m" -> "2"; "by a third" -> "by 33.33%"
        text = one_unit_amounts(text, schema)  # "a week shorter" -> "1 week shorter" (then in the feature's unit)
    changes: dict[str, ChangeValue] = dict(had_noun_changes(text, schema))  # "had no sally" of `sally_fitted`
    mentions = [
        m
        for m in feature_mentions(text, schema)
        if not _the_instance_noun(text, m, schema) and not verb_of_unit_head(text[m.start : m.end], m.feature)
    ]
    for mention in mentions:
        feature = mention.feature
        if feature.name in changes:
            continue
        numeric = feature.type == "numeric"
        value = _numeric_change(text, mention, worded_amounts) if numeric else _categorical_change(text, mention)
        if value is not None:
            changes[feature.name] = value
    changes.update(_elliptic_changes(text, mentions, changes, worded_amounts))
    changes.update(value_first_changes(text, mentions, changes))  # "the depth were 4 and 7 for the width"
    if worded_amounts:
        changes.update(unit_changes(text, schema, changes))  # "20 km further out", "3 degrees warmer"
        changes.update(without_id_amounts(said_changes(text, said, schema, mentions, changes), schema))  # "a $4k raise"
        changes.update(feature_word_changes(text, schema, mentions, changes))  # "weighed 2 kg", "20 % lighter"
        changes.update(unit_word_changes(text, schema, mentions, changes))  # "at 68 °F", "a 500 litre tank"
        changes.update(shared_unit_changes(text, schema, mentions, changes))  # "20 cm shallower", "warmed by 6°"
        changes.update(clock_hour_changes(text, schema, changes))  # "at 7pm", "at 8 in the morning"
        changes.update(pace_changes(text, schema, changes))  # "20 minutes faster"
    age = age_feature(schema)
    multiple = as_old_change(text) if worded_amounts and age is not None and age.name not in changes else None
    if age is not None and multiple is not None:
        changes[age.name] = multiple  # "half as old", "twice as old"
    if age is not None and age.name not in changes:
        age_value = age_change(text, schema, age, bool(changes), worded=worded_amounts)  # "10 years older"
        if age_value is not None:
            changes[age.name] = age_value
    for name, category in _category_verbs(text, schema, changes):
        changes[name] = category  # "what if he owned his home instead of renting" -> home_ownership = own
    for name, category in _category_mentions(text, schema, changes):
        # where the category is said, its underscores said as spaces or hyphens ("changed mind" for changed_mind)
        said_at = re.search(re.escape(category).replace("_", "[_ -]"), text, re.IGNORECASE) if worded_amounts else None
        before = text[: said_at.start() if said_at else text.lower().find(category.lower())]
        if not _NEGATION.search(before[-25:]) and not (worded_amounts and _LEFT_BEHIND.search(before)):
            changes[name] = category
    if worded_amounts:
        changes = in_feature_units(text, schema, in_stated_scale(said, schema, changes))  # "€2m" in kEUR; "2 years"
        changes = month_changes(text, schema, fraction_changes(text, schema, changes))  # "90 percent", "in july"
        changes = signed_values(said, changes)  # "had -5 kg of compost", "minus 5 kg": -5, questioned by the engine
    return changes or None


def _the_instance_noun(text: str, mention: FeatureMention, schema: HostSchema) -> bool:
    """Whether a mention is the host's noun naming a record by its id ("ticket 21065", where an alias of a feature
    is "age of the ticket"): the number after it is the id, not the feature's new value.
    """
    noun = schema.instance_noun.lower()
    said = text[mention.start : mention.end].lower()
    if said not in (noun, noun + "s") or mention.feature.name.lower() in (noun, noun + "s"):
        return False
    number = re.match(r"\s*(?:(?:number|no\.?|id)\s*)?#?\s*(\d+)\b(?![.,]\d|\s*%)", text[mention.end :], re.IGNORECASE)
    return number is not None and schema.has_id(int(number.group(1)))


_AND = r"\s*(?:,\s*(?:and\s+)?|\s(?:and|&)\s+)(?:(?:the|her|his|their|its)\s+)?"


def _elliptic_changes(
    text: str, mentions: list[FeatureMention], changes: dict[str, ChangeValue], worded: bool
) -> dict[str, ChangeValue]:
    """Changes whose direction is said once for two features, in either order.

    "glucose went up by 10 and bmi by 2", "add 10 to glucose and 2 to bmi": the second amount takes the first
    change's direction; "glucose and bmi were both 10% higher": the first feature takes the second's change.
    """
    found: dict[str, ChangeValue] = {}
    numeric = [m for m in mentions if m.feature.type == "numeric"]
    for previous, mention in zip(numeric, numeric[1:], strict=False):
        name = mention.feature.name
        if name in changes or name in found:
            continue
        earlier = changes.get(previous.feature.name)
        if not isinstance(earlier, str) or earlier[:1] not in "+-" or earlier[1:2] == "=":
            continue
        between = text[previous.end : mention.start]
        sign = earlier[0]
        ahead = r"(?!\w|\.\d)" if worded else r"(?![\w.])"  # worded: "... by 10." ends a sentence
        by = re.match(rf"^\s*(?:by\s+)?(?P<n>{_NUM})(?P<pct>\s*%)?{ahead}", text[mention.end :], re.IGNORECASE)
        if by and re.search(rf"{_AND}$", between, re.IGNORECASE):  # "... by 10 and bmi by 2"
            found[name] = _signed(sign, by.group("n"), bool(by.group("pct")))
            continue
        to = re.search(rf"{_AND}(?P<n>{_NUM})(?P<pct>\s*%)?\s+(?:to|from)\s+{_DET}$", between, re.IGNORECASE)
        if to:  # "add 10 to glucose and 2 to bmi"
            found[name] = _signed(sign, to.group("n"), bool(to.group("pct")))
    for mention, following in zip(numeric, numeric[1:], strict=False):
        later = changes.get(following.feature.name)
        name = mention.feature.name
        if name in changes or name in found or later is None or isinstance(later, (int, float)):
            continue
        if re.fullmatch(_AND, text[mention.end : following.start], re.IGNORECASE) and re.match(
            r"^\s*(?:were|are|was|is|both|went|got)\b", text[following.end :], re.IGNORECASE
        ):  # "glucose and bmi were both 10% higher"
            found[name] = later
    return found


# A unit of time in the plural possessive after its amount ("2 years' experience", "3 weeks' rest").
_UNIT_POSSESSIVE = re.compile(r"(?<=\d\s)((?:year|month|week|day|hour|minute)s)'(?=\s)", re.IGNORECASE)


# "on the seafront instead of out in the suburbs": the category after it, within its clause, is the old value.
_LEFT_BEHIND = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\b[^.,;:?!]{0,25}$", re.IGNORECASE)
_INSTEAD = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|from)\s+$", re.IGNORECASE)


def _category_verbs(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> list[tuple[str, str]]:
    """Categories said as verbs ("owned", "renting", "owns her home", "raining"), when one feature has the category.

    The form after "instead of" or "rather than", or after a negation, is the value left behind, not the new one.
    """
    found: list[tuple[str, str]] = []
    for key, (feature, category) in _terms(schema).categories:
        if feature in named or not key.isalpha() or len(key) < 3:
            continue
        doubled = key + key[-1] if re.search(r"[^aeiou][aeiou][bdgmnprt]$", key) else key
        stem = key[:-1] if key.endswith("e") else key
        forms = sorted(
            {f"{key}ed", f"{doubled}ed", f"{stem}ing", f"{doubled}ing", f"{key}d" if key.endswith("e") else ""} - {""}
        )
        if re.fullmatch(r"[a-z]{2,}[^aeiouy]y", key):  # an adjective in -y by its verb: "raining" -> rainy
            forms.append(f"{key[:-1]}ing")
        if re.fullmatch(r"[a-z]{4,}[ts]ion", key):  # a noun in -ion by its verb: "propagating" -> propagation
            forms += [f"{key[:-3]}ing", f"{key[:-3]}ed"]
        pattern = rf"(?<![\w-])(?:{'|'.join(forms)}|{key}s(?=\s+(?:her|his|their|its|a|an|the)\b))(?![\w-])"
        for match in re.finditer(pattern, text, re.IGNORECASE):
            before = text[max(0, match.start() - 25) : match.start()]
            if _INSTEAD.search(before) or _NEGATION.search(before):
                continue
            found.append((feature, category))
            break
    return found
