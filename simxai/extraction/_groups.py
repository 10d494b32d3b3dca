"""Groups of instances: conditions in the condition language of `simxai.instances`, and where they are written.

A group is what a question selects ("patients with glucose above 120", "those predicted stable", "on
women"); `group_spans` marks where it is written so that the router can mask it.
"""

from __future__ import annotations

import re

from simxai.exceptions import ArgumentError
from simxai.extraction._age_bounds import age_clauses
from simxai.extraction._amounts import money_amounts, money_bound
from simxai.extraction._aside_words import PLURAL_UNITS, own_words, said_once
from simxai.extraction._changes import _categorical_change
from simxai.extraction._class_names import class_mentions
from simxai.extraction._class_union import joined, union_clauses
from simxai.extraction._dashed_ids import said_id_range
from simxai.extraction._features import _category_mentions, age_feature, feature_mentions
from simxai.extraction._fractions import said_fraction
from simxai.extraction._group_values import (
    _class_group,
    _named_values,
    category_with_its_noun,
    longest_value,
    unread_value,
    yes_no_participles,
)
from simxai.extraction._group_words import (
    OR_TAIL,
    _in_range,
    _open_bound,
    _unit_bounds,
    _value_before,
    category_nouns,
    counted_equality,
    hyphened_categories,
    tail_op,
)
from simxai.extraction._head_word_bounds import said_bounds
from simxai.extraction._id_bounds import id_bounds, ids_between
from simxai.extraction._lexicon import (
    _GROUP_NOUNS,
    _NUM,
    _OP_WORDS,
    _group_noun,
    _op_of,
)
from simxai.extraction._month_names import month_clauses
from simxai.extraction._only_values import none_category, value_only_group, with_value_group
from simxai.extraction._open_tails import plus_tails
from simxai.extraction._people_groups import PEOPLE_GROUP, sex_group, uncoded_sex_words
from simxai.extraction._polarity import OUTCOME_VERB
from simxai.extraction._predicted_classes import counted_prediction, predicted_verb
from simxai.extraction._vague import vague_group
from simxai.hosts.base import HostSchema
from simxai.instances import clause_field, parse_condition
from simxai.normalize import normalize
from simxai.textbounds import bounds_span_text, bounds_text_argument
from simxai.turn_memo import per_host, per_turn

_GROUP_WORDS = re.compile(
    r"\b(?:all|every|everyone|everybody|those|these|people|persons|individuals|instances|rows|samples|"
    r"examples|records|cases|ones|entries|data\s+points|group|subset|population|whose|where|who\s+are|"
    r"that\s+are|which\s+are|how\s+many|members|customers|clients|users|applicants|policyholders|patients)\b",
    re.IGNORECASE,
)
_ALL_NOUNS = r"data|dataset|instances|rows|samples|examples|records|cases|entries|data\s+points|people"

# A bound said aside after the feature, its plural noun and a comma ("the big claims, over 5", "the high-bmi
# patients, anything above 30", "heavy parcels - say over 10")
_ASIDE = (
    r"(?:\s+[a-z]+s)?\s*[,:;–—-]\s*(?:(?:anything|anyone|any|those|ones|say|like|so|i\.?e\.?|e\.?g\.?|meaning|"
    r"that\s+is|i\s+mean|roughly|ones|who\s+are|that\s+are)\s+){0,2}"
)


@per_host
def _all_pattern(schema: HostSchema) -> re.Pattern[str]:
    nouns = _ALL_NOUNS + (f"|{_group_noun(schema)}" if schema.instance_noun else "")
    one = re.escape((schema.instance_noun or "data").lower())  # "across every field", "the whole review set"
    return re.compile(
        rf"\b(?:everyone|everybody|all\s+(?:of\s+)?(?:the\s+)?(?:{nouns})|(?:(?:across|over|for)\s+)?every\s+(?:single\s+)?"
        rf"(?:record|row|case|{one})|the\s+(?:whole|entire|full)\s+(?:{one}\s+)?(?:data\s*set|data|sample|set))\b",
        re.IGNORECASE,
    )


def _value_text(value: float) -> str:
    return f"{value:g}"


# A currency sign before a feature's bound ("fine over £100"); a bare amount never becomes an age ("over $60").
_SIGN = r"(?:[$£€]\s?)?"


@per_turn
def bounded_condition(text: str, schema: HostSchema) -> str | None:
    """`_condition`, with bounds in money ("tickets over £70") on the host's one money feature."""
    text = money_amounts(text)  # "$1,200" -> "$1200": a feature's bound may carry a currency sign
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)  # "10,000 nautical miles or more": one number
    text = _unhyphened(text, schema)  # "wooden-crate loans": the category and its feature's word
    text = plus_tails(text)  # "150+ skaters": "150 or more skaters"
    money = money_bound(text, schema)
    if money is None:
        return _condition(text, schema)
    rest = _condition(money[1], schema)  # the turn without the bound: "tickets" there is no feature's word
    return money[0] if rest is None or rest == "all" else f"{money[0]} and {rest}"


def _unhyphened(text: str, schema: HostSchema) -> str:
    """`text` with a category joined by a hyphen to a word of its feature's name ("wooden-crate") as two words."""
    for pattern in hyphened_categories(schema):
        text = pattern.sub(r"\1 \2", text)
    return text


@per_turn
def _condition(text: str, schema: HostSchema | None) -> str | None:
    """A group condition in the condition language of `simxai.instances`, or None."""
    if schema is None:
        return None
    group_context = (
        bool(_GROUP_WORDS.search(text))
        or bool(re.search(rf"\b{_group_noun(schema)}\b", text, re.IGNORECASE))
        # a plural noun that is predicted or labelled: "smokers predicted as progressing"
        or bool(
            re.search(
                r"\b\w{3,}s\s+(?:who\s+(?:are|were)\s+)?(?:predicted|labell?ed|classified)\b",
                text,
                re.IGNORECASE,
            )
        )
        or category_with_its_noun(text, schema)  # "the stiff shells" of shell_flex
    )
    clauses: list[str] = []
    for mention in feature_mentions(text, schema):
        feature = mention.feature
        after = text[mention.end : mention.end + 60]
        if feature.type == "numeric":
            between = re.match(
                rf"^\s*(?:is|are|was|of|values?)?\s*between\s+{_SIGN}(?P<a>-?{_NUM})\s+and\s+{_SIGN}(?P<b>-?{_NUM})",
                after,
                re.IGNORECASE,
            )
            if between:
                low, high = (said_fraction(feature, between.group(g), after, between.end()) for g in "ab")  # "40-60%"
                clauses += [f"{feature.name} >= {low}", f"{feature.name} <= {high}"]
                continue
            match = re.match(
                rf"^(?P<aside>{_ASIDE}(?P<own>[a-z]+\s+)?)?\s*(?:values?\s+)?(?:(?:is|are|was|were|of)\s+)?"
                rf"(?P<op>{_OP_WORDS})\s*{_SIGN}(?P<v>-?{_NUM})\b(?:\s?(?:%|percent\b))?(?P<tail>\s*{OR_TAIL})?",
                after,
                re.IGNORECASE,
            )
            if match and match.group("aside"):
                # "the big claims, over 90": a bound said aside must be one of the feature's values, and not the
                # bound of a noun after it ("the bmi, over 30 patients"; a unit is no noun: "the old lamps, over 20
                # yrs"); a word before the bound must be the feature's own ("the wet ones, leaf above 60")
                plural_after = re.match(r"\s+([a-z]+s)\b", after[match.end() :], re.IGNORECASE)
                unit_after = plural_after is not None and plural_after.group(1).lower() in PLURAL_UNITS
                own = (match.group("own") or "").strip().lower()
                if (
                    not _in_range(feature, float(match.group("v")))
                    or (plural_after and not unit_after)
                    or (own and own not in own_words(feature))
                ):
                    match = None
            bound = _open_bound(text, mention.start, mention.end) or counted_equality(text, mention, group_context)
            if match is None and bound is not None:
                clauses.append(f"{feature.name} {bound[0]} {bound[1]}")  # "10000 nautical miles or more"
                continue
            if match:
                op = tail_op(match.group("tail")) or _op_of(match.group("op"))
                said = said_fraction(feature, match.group("v"), after, match.end("v"))  # "a rate above 80%": 0.8
                if op != "=" or group_context:
                    clauses.append(f"{feature.name} {op} {said}")
        elif feature.categories and group_context:
            # ("the ones with no rust": the category saying it is absent)
            value = _categorical_change(text, mention) or none_category(text, mention.start, feature)
            value = longest_value(text, mention.end, feature.categories, value)  # "is black and white"
            # "the north sector were cancelled": a label after the feature is said of the group, no value of it
            label = str(value).lower() in {c.lower() for c in schema.class_names} - {
                c.lower() for c in feature.categories
            }
            if value is not None and not label:
                clauses.append(f"{feature.name} = {value}")
    age = age_feature(schema)
    if age is not None and not any(clause_field(c) == age.name for c in clauses):
        clauses += age_clauses(text, schema, age)
    # ("applicants below 30 years": the number already bounds the age, not also a feature measured in years)
    aged = {c.split(" ")[-1] for c in clauses if age is not None and clause_field(c) == age.name}
    # ("rigging older than 15 years": 15 bounds the feature "rigging" names, not also one whose name counts in years;
    # one number said once gives one bound)
    bounded = {c.split(" ")[-1] for c in clauses if said_once(text, c.split(" ")[-1])}
    clauses += [
        c
        for c in _unit_bounds(text, schema)
        if clause_field(c) not in {clause_field(d) for d in clauses} and c.split(" ")[-1] not in aged | bounded
    ]
    # "24 degrees and up" of a temperature kept as `..._temp_c`, "5pm onwards" of an hour feature
    clauses += said_bounds(text, schema, clauses)  # and "germination above 0.9", "serviced in the last week"
    ids = said_id_range(text, schema) or ids_between(text, schema)  # "rows 20-40", "lots between 3 and 9"
    if ids:
        clauses += [f"id >= {ids[0]}", f"id <= {ids[1]}"]
    elif not any(clause_field(c) == "id" for c in clauses):
        clauses += id_bounds(text, schema)  # "an id above 9500", "LoanID below 5000" (the id column's name)
    if group_context:
        listed: tuple[int, str] | None = None  # the end of a class given a clause, and its column
        for start, end, name in class_mentions(text, schema):
            before = text[max(0, start - 40) : start].lower()
            if listed is not None and joined(text, listed[0], start):
                clauses.append(f"{listed[1]} = {name}")  # "predicted burnt or dense": dense said with the same cue
                listed = (end, listed[1])
                continue
            listed = None
            count = len(clauses)
            if _BY_THE_MODEL.match(text[end : end + 40]):
                clauses.append(f"prediction = {name}")  # "how many are rejected by the model"
            elif re.search(
                r"(?:labell?ed|label\s+(?:is|of)?|annotated|tagged|marked|truly|actually|really|gold)"
                r"\s*(?:as|is|=)?\s*$",
                before,
            ):
                clauses.append(f"label = {name}")
            elif re.search(
                r"(?:predicted|classified|classed|prediction\s+(?:is|of)?|predicts?|categori[sz]ed)"
                r"\s*(?:as|to\s+be|to|is|=)?\s*$",  # "predicted to need service" of a class needs_service
                before,
            ) or OUTCOME_VERB.search(before):
                clauses.append(f"prediction = {name}")
            if len(clauses) > count:
                listed = (end, clause_field(clauses[-1]))
        clauses = union_clauses(clauses, schema)
    named = {clause_field(c) for c in clauses}
    nouns = [(start, c) for start, _end, c in category_nouns(text, schema) if clause_field(c) not in named]
    clauses += [clause for _start, clause in nouns]
    if not any(clause_field(c) in ("prediction", "label") for c in clauses):
        # "how many does the model reject", "which are predicted to pass" of a class passes
        predicted = counted_prediction(text, schema) or (predicted_verb(text, schema) if group_context else None)
        if predicted is not None:
            clauses.append(f"prediction = {predicted}")
    if group_context:
        named = {clause_field(c) for c in clauses}
        # ("the water damaged ones": "damaged" is said of water_damage there, no return reason)
        spans = yes_no_participles(text, schema)
        plain = text
        for start, end, _clause in spans:
            plain = plain[:start] + " " * (end - start) + plain[end:]
        # ("predictions for the water-damaged ones", "the rusty ones": the yes/no feature said as an adjective)
        clauses += [c for _start, _end, c in spans if clause_field(c) not in named]
        named = {clause_field(c) for c in clauses}
        clauses += [f"{feature} = {category}" for feature, category in _category_mentions(plain, schema, named)]
    clauses += month_clauses(text, schema, {clause_field(c) for c in clauses}, group_context)  # "in july or later"
    if clauses:
        # "renters in the east": a further category the group is named by
        named = {clause_field(c) for c in clauses}
        clauses += [c for c in _named_values(text, schema) if clause_field(c) not in named]
        return " and ".join(dict.fromkeys(clauses))
    if _all_pattern(schema).search(text):
        return "all"
    return None


# The words that may follow "patients over 60" when 60 is an age ("... are predicted", "... who smoke"); any
# other word after the number is a unit or a feature ("over 60 mg", "over 60 kg") and the number no age.


_BY_THE_MODEL = re.compile(
    r"^\s+by\s+(?:the\s+|this\s+|its\s+|our\s+)?(?:[\w-]+\s+){0,2}?(?:model|classifier|system|algorithm)\b",
    re.IGNORECASE,
)
# "how many applicants does the model reject", "how many patients does the model think are progressing"
# The words that lead into a group condition: "for the people with", "on instances where", "those who are".
_GROUP_LEAD = (
    r"(?:\b(?:for|on|of|among|across|about|to|from)\s+)?(?:(?:all\s+)?(?:the\s+|those\s+|these\s+)?(?:{nouns})\s+)?"
    r"(?:(?:with|where|whose|who|that|which|having|when)\s+(?:(?:are|is|were|was|have|has|had)\s+)?)?"
    r"(?:(?:a|an|the|their|his|her|its|feature)\s+)?$"
)
_JOIN = re.compile(r"^\s*(?:,|and|or|but|,\s*and|,\s*or)?\s*$", re.IGNORECASE)


@bounds_span_text
def feature_spans(text: str, schema: HostSchema | None) -> list[tuple[int, int]]:
    """Character spans where `text` names a feature of a tabular schema by its name or an alias."""
    return [(m.start, m.end) for m in feature_mentions(text, schema)]


@per_turn
@bounds_span_text
def group_spans(text: str, schema: HostSchema | None) -> list[tuple[int, int]]:
    """Character spans of the group conditions in `text`, with the words leading into them.

    "what are the predictions for people with glucose above 120 and age under 50?" gives the span of "for
    people with glucose above 120 and age under 50". A condition is a comparison of a numeric feature with a
    number ("bmi over 30", "more than 3 pregnancies", "older than 40", "age between 20 and 30"), a value of
    a feature after group words ("those with a bmi of 30", "applicants who are unemployed"), or a class
    after "predicted" / "labelled" and group words. A what-if change ("if her bmi were 30") is no condition.
    The router masks these spans, so that a group does not drown what is asked about it.
    """
    if schema is None:
        return []
    if schema.kind == "text":
        return _length_spans(text, schema)
    nouns = _GROUP_NOUNS + (  # (the masking's spans: the noun's plural as the selector was trained with)
        f"|{_group_noun(schema, spelled=False)}|{re.escape(schema.instance_noun.lower())}"
        if schema.instance_noun
        else ""
    )
    lead = re.compile(_GROUP_LEAD.format(nouns=nouns), re.IGNORECASE)
    cores: list[tuple[int, int, bool]] = []  # (start, end, whether it is a comparison by itself)
    for mention in feature_mentions(text, schema):
        feature = mention.feature
        after = text[mention.end : mention.end + 80]
        before = text[max(0, mention.start - 40) : mention.start]
        if feature.type == "numeric":
            match = re.match(
                rf"^\s*(?:(?:is|are|was|values?|being)\s+)?(?:between\s+-?{_NUM}\s+and\s+-?{_NUM}|"
                rf"(?P<op>{_OP_WORDS})\s*(?:a\s+|an\s+|the\s+)?-?{_NUM}(?:\s+{OR_TAIL})?|"
                rf"(?P<bare>-?{_NUM}))\b",
                after,
                re.IGNORECASE,
            )
            if match:
                if match.group("bare"):
                    op = "="  # "those with bmi 30": a value, a condition only after group words
                else:
                    op = _op_of(match.group("op")) if match.group("op") else ">="  # "between a and b"
                cores.append((mention.start, mention.end + match.end(), op != "="))
                continue
            reverse = re.search(
                rf"(?:(?P<op>{_OP_WORDS})\s+)?(?:a\s+|an\s+)?-?{_NUM}\s+(?:(?:or\s+(?:more|less)|years\s+of|of|in)\s+)?"
                rf"(?:(?:a|an|the)\s+)?$",
                before,
                re.IGNORECASE,
            )
            if reverse and reverse.group("op") and _op_of(reverse.group("op")) != "=":
                cores.append((mention.start - (len(before) - reverse.start()), mention.end, True))
            elif reverse:
                cores.append((mention.start - (len(before) - reverse.start()), mention.end, False))
        elif feature.categories:
            match = re.match(
                r"^\s*(?:(?:is|are|was|were|=|equal\s+to|equals|of|set\s+to)\s+)?(?:not\s+)?(?P<v>[\w\-]+)\b",
                after,
                re.IGNORECASE,
            )
            value = match is not None and match.group("v").lower() in {
                *(c.lower() for c in feature.categories),
                "true",
                "false",
            }
            cores.append((mention.start, mention.end + (match.end() if value and match else 0), False))
            if not value:
                cores += _value_before(text, mention.start, mention.end, feature.categories, nouns)
    age = age_feature(schema)
    if age is not None:
        for match in re.finditer(
            rf"\b(?:(?:older|younger)\s+than\s+{_NUM}|(?:over|under|above|below)\s+(?:the\s+age\s+of\s+)?"
            rf"{_NUM}\s+(?:years?|yrs?)(?:\s+old)?|between\s+(?:the\s+ages?\s+of\s+)?{_NUM}\s+and\s+{_NUM}"
            rf"(?:\s+years?(?:\s+old)?)?)\b",
            text,
            re.IGNORECASE,
        ):
            cores.append((match.start(), match.end(), True))
    cores += [(start, end, True) for start, end, _clause in category_nouns(text, schema)]
    for start, end, _name in class_mentions(text, schema):
        if re.search(
            rf"\b(?:{nouns})\s+(?:(?:who|that|which)\s+(?:are|were|is|was)\s+)?(?:predicted|labell?ed|classified)"
            r"\s+(?:as\s+)?$",
            text[max(0, start - 60) : start],
            re.IGNORECASE,
        ):
            cores.append((start, end, False))
    spans: list[tuple[int, int]] = []
    for start, end, comparison in sorted(cores):
        led = lead.search(text[max(0, start - 80) : start])
        lead_start = start - (len(text[max(0, start - 80) : start]) - led.start()) if led else start
        grouped = led is not None and bool(
            re.search(rf"\b(?:{nouns}|with|where|whose|who|that|which|having)\b", led.group(0), re.IGNORECASE)
        )
        if spans and _JOIN.match(text[spans[-1][1] : start]):
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))  # "glucose above 120 and age under 50"
        elif comparison or grouped:
            spans.append((lead_start, end))
    return spans


@per_turn
@bounds_text_argument(0)
def extract_group(text: str, schema: HostSchema | None) -> str | None:
    """The group a metric question is about, as a condition ("accuracy for patients over 60" -> "age > 60").

    A group of people named by a word ("on women", "for the elderly") becomes a condition when a
    categorical feature codes it by name ("sex = female"); otherwise the word itself is returned, so that the
    function can say plainly that this data cannot select it, rather than drop it and answer for everyone.
    None when the question names no group, or all of the data.
    """
    text = normalize(text, schema)
    if schema is None or schema.kind == "text":
        return _text_group(text, schema) or _class_group(text, schema) or _vague_words(text, schema)
    # "tickets over £70": a bound in money is on the one money feature; elsewhere "£70" is read as 70
    condition = bounded_condition(text, schema)
    if condition is not None and condition != "all":
        named = {clause_field(c) for c in condition.split(" and ")}
        more = [c for c in _named_values(text, schema) if clause_field(c) not in named]
        condition = condition if more else with_value_group(condition, text, schema)  # "of the cox pippins ..."
        sex = sex_group(text, schema)
        if sex is not None and clause_field(sex) not in named:
            more.append(sex)  # "accuracy for women on the gold plan"
        elif sex is None and not condition.endswith(str(value_only_group(text, schema))):
            # "precision for women over 50" where no feature codes sex by name: the word stays beside the
            # condition, so that the function asks about it rather than answer for both sexes
            more += uncoded_sex_words(text)
        return " and ".join([condition, *more])
    clauses = _named_values(text, schema)
    sex = sex_group(text, schema) if clauses else None
    if sex is not None and clause_field(sex) not in {clause_field(c) for c in clauses}:
        clauses.append(sex)  # "accuracy for women on the gold plan"
    if not any(clause_field(c) in ("label", "prediction") for c in clauses):
        clauses += [c for c in [_class_group(text, schema)] if c is not None]
    if clauses:
        return " and ".join(clauses)
    alone = value_only_group(text, schema)  # "accuracy on the water reed roofs", "f1 on long straw"
    if alone is not None:
        return alone
    vague = _vague_words(text, schema)
    if vague is not None:
        return vague  # "the older subgroup": passed on as said, so that the function asks for its threshold
    match = PEOPLE_GROUP.search(text)
    if match is None:
        return unread_value(text, schema)  # "on blursdays": asked about, never dropped
    return sex_group(text, schema) or match.group("w").lower()


def _written_condition(text: str, schema: HostSchema | None) -> str | None:
    """A condition written out in the condition language ("sex = 2"), as an answer to "which group?"."""
    if schema is None or not re.search(r"[<>=]", text):
        return None
    condition = text.strip().rstrip(".!?").strip()
    if schema.kind == "text":
        # a text host's conditions compare label, prediction, id or the texts' length (its host checks the value)
        field = r"(?:label|prediction|id|text_length_words)\s*(?:[<>]=?|!?=)\s*[\w.-]+"
        return condition if re.fullmatch(rf"{field}(?:\s+and\s+{field})*", condition, re.IGNORECASE) else None
    try:
        parse_condition(condition, schema)
    except ArgumentError:
        return None
    return condition


_LENGTH = re.compile(r"\b(?P<dir>longer|more|shorter|fewer|less)\s+than\s+(?P<n>\d+)\s+words\b", re.IGNORECASE)


def _length_spans(text: str, schema: HostSchema) -> list[tuple[int, int]]:
    """For a text host: where a group by the texts' length is written ("on reviews longer than 20 words"), with
    the words leading into it.
    """
    nouns = _GROUP_NOUNS + "|texts|" + (_group_noun(schema) if schema.instance_noun else "instances")
    lead = re.compile(_GROUP_LEAD.format(nouns=nouns), re.IGNORECASE)
    spans: list[tuple[int, int]] = []
    for match in _LENGTH.finditer(text):
        before = text[max(0, match.start() - 80) : match.start()]
        led = lead.search(before)
        spans.append((match.start() - (len(before) - led.start()) if led else match.start(), match.end()))
    return spans


def _text_group(text: str, schema: HostSchema | None) -> str | None:
    """For a text host: the texts labelled or predicted as a class ("on the reviews labelled positive")."""
    if schema is None:
        return None
    length = _LENGTH.search(text)
    if length is not None:  # "reviews longer than 20 words": the texts' length, which a text host can compare
        op = ">" if length.group("dir").lower() in ("longer", "more") else "<"
        return f"text_length_words {op} {length.group('n')}"
    for start, _end, name in class_mentions(text, schema):
        before = text[max(0, start - 30) : start].lower()
        if re.search(r"(?:labell?ed|annotated|tagged|truly|actually)\s(?:as\s)?$", before):
            return f"label = {name}"
        if re.search(r"(?:predicted|predicts?|classified)\s(?:as\s)?$", before):
            return f"prediction = {name}"
    return None


def _vague_words(text: str, schema: HostSchema | None) -> str | None:
    vague = vague_group(text, schema)
    return vague.words if vague is not None else None
