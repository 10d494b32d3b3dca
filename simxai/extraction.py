"""Argument extraction from plain language: instances, what-if changes, labels, metrics, features, counts.

Pure functions of the text and the host's schema, shared by the offline router (which extracts every
argument of the call it selects) and the engine (which completes a pending call from the user's answer to
a clarifying question). Every value comes from the text: a function returns None rather than guess, and the
engine then fills the argument from the dialogue state or asks.

Feature names are recognised by the names the user gave: their name, the words of their name (``blood
pressure`` for ``blood_pressure`` or ``bloodpressure``) and their declared aliases. Free-text descriptions
never name a feature: "applicant age in years" must not make "applicant 140" mean age 140.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from simxai.exceptions import ArgumentError
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema, InstanceRef
from simxai.instances import parse_condition
from simxai.messages import Message
from simxai.normalize import normalize
from simxai.textbounds import bounds_span_text, bounds_text_argument

__all__ = [
    "extract_argument",
    "extract_changes",
    "extract_count",
    "extract_feature",
    "extract_group",
    "extract_ids",
    "extract_instance",
    "extract_label",
    "extract_metric",
    "extract_texts",
    "feature_spans",
    "group_spans",
    "is_reference",
]

_NUM = r"\d+(?:\.\d+)?"
_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a couple of": 2,
    "a pair of": 2,
    "a few": 3,
    "several": 3,
}
# Words that name "an instance" in any host, besides the host's own noun.
_GENERIC_NOUNS = (
    "id",
    "instance",
    "row",
    "number",
    "no",
    "sample",
    "case",
    "record",
    "item",
    "example",
    "entry",
    "index",
    "data point",
    "datapoint",
    "observation",
    "person",
    "individual",
)
# Determiners a feature is often preceded by ("her bmi", "the glucose").
_DET = r"(?:(?:the|her|his|their|its|my|your|this|that|patient'?s|person'?s)\s+)?(?:feature\s+)?"

# ---------------------------------------------------------------------------------------------------------
# Text spans: quoted texts for text hosts


_QUOTE_PAIRS = {"'": "'’", '"': '"”', "“": '”"', "‘": "’'", "«": "»"}
_CLOSERS = frozenset("".join(_QUOTE_PAIRS.values()))
# A quote opens after a space or one of these, and closes before a space or one of these (or at an end).
_BEFORE_OPENER = frozenset("(:[,;=")
_AFTER_CLOSER = frozenset(".,;:!?)]")


@bounds_text_argument(0)
def extract_texts(text: str) -> list[str]:
    """Quoted spans of `text`, in order: '...', "...", “...”, ‘...’ (an apostrophe inside a word is no quote).

    A quote opened after a colon and never closed runs to the end of the text.
    """
    # Linear: the valid closers are indexed once (a search from every opener to the end was quadratic on
    # text such as "'a 'a 'a ..."), and the last non-space character before each position is kept.
    closer_at: dict[str, list[int]] = {}
    for j, char in enumerate(text):
        if char in _CLOSERS and (j + 1 == len(text) or text[j + 1] in _AFTER_CLOSER or text[j + 1].isspace()):
            closer_at.setdefault(char, []).append(j)
    spans: list[str] = []
    last_solid = ""  # the last non-space character before position i
    i = 0
    while i < len(text):
        opener = text[i]
        if opener in _QUOTE_PAIRS and (i == 0 or text[i - 1] in _BEFORE_OPENER or text[i - 1].isspace()):
            closers = _QUOTE_PAIRS[opener]
            end = _next_closer(closer_at, closers, i + 2)
            if end is not None:
                span = text[i + 1 : end].strip()
                if span:
                    spans.append(span)
                last_solid = text[end]
                i = end + 1
                continue
            if last_solid == ":":
                span = text[i + 1 :].strip().rstrip(closers).strip()
                if span:
                    spans.append(span)
                break
        if not opener.isspace():
            last_solid = opener
        i += 1
    return spans


def _next_closer(closer_at: dict[str, list[int]], closers: str, start: int) -> int | None:
    """The first position from `start` on where one of `closers` closes a quote, or None."""
    ends = []
    for closer in closers:
        positions = closer_at.get(closer, [])
        k = bisect.bisect_left(positions, start)
        if k < len(positions):
            ends.append(positions[k])
    return min(ends) if ends else None


_TEXT_NOUNS = (
    r"(?:review|sentence|text|input|phrase|statement|comment|tweet|post|message|document|passage|claim|"
    r"question|snippet|excerpt|quote|line|words)"
)
# The head of "head: body" when the body is the text: a short request about a text or its prediction.
_TEXT_HEAD = re.compile(
    rf"\b(?:{_TEXT_NOUNS}|following|context|this|here|sentiment|predict\w*|classif\w*|analy[sz]\w*|label\w*)\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|we|us|our)\b", re.IGNORECASE)
_DEICTIC = re.compile(r"\b(?:this|it|that|above|following|these|given)\b", re.IGNORECASE)
_NAMED_TEXT = re.compile(
    rf"\b(?:(?:this|the\s+following)\s+(?:\w+\s+)?{_TEXT_NOUNS}|the\s+following|here)\b|\bthis\s*[?:]$",
    re.IGNORECASE,
)
_REQUEST_START = re.compile(
    r"^\s*(?:can|could|would|will|what|why|how|which|who|where|when|is|are|does|do|did|please|show|give|tell|"
    r"explain|generate|provide|predict|classify|list|describe|find|get|let|i|and|so|but|ok|okay|hey|hi|"
    r"hello|thanks|thank|yes|no|nice|great|cool|good)\b",
    re.IGNORECASE,
)


def _unquoted_text(text: str) -> str | None:
    """A text given without quotes.

    After a short request and a colon ("Sentiment please: a warm film"), before a request about it
    ("Whales are mammals. What is the sentiment of this?"), or after a request naming it ("Is this review
    positive? the plot drags").
    """
    head, colon, body = text.partition(":")
    body = body.strip().strip("'\"“”‘’").strip()
    if colon and len(head.split()) <= 10 and _TEXT_HEAD.search(head) and len(body.split()) >= 2:
        return body
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]
    if len(sentences) >= 2:
        content, request = " ".join(sentences[:-1]), sentences[-1]
        if (
            _DEICTIC.search(request)
            and len(content.split()) >= 3
            and not _FIRST_PERSON.search(content)
            and not _REQUEST_START.match(content)
        ):
            return content.strip()
        first, rest = sentences[0], " ".join(sentences[1:])
        if (
            first.rstrip().endswith(("?", ":"))
            and _NAMED_TEXT.search(first)
            and len(rest.split()) >= 3
            and not _FIRST_PERSON.search(rest)
        ):
            return rest.strip()
    return None


# ---------------------------------------------------------------------------------------------------------
# Feature mentions


def _norm(words: Iterable[str]) -> str:
    return "".join(words).lower()


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ings", "ing", "ers", "er", "ies", "es", "s", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True)
class _Mention:
    feature: FeatureSchema
    start: int  # character offsets in the text
    end: int


_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def _feature_terms(schema: HostSchema) -> dict[str, FeatureSchema]:
    """Normalised names and declared aliases; descriptions are free text and never feed this vocabulary."""
    strong: dict[str, FeatureSchema] = {}
    for feature in schema.features:
        for term in (feature.name, *feature.aliases):
            words = _TOKEN.findall(term.replace("_", " "))
            if words:
                strong.setdefault(_norm(words), feature)
                if len(words) == 1:
                    strong.setdefault(_stem(words[0]), feature)
    return strong


def _find_age_feature(schema: HostSchema) -> FeatureSchema | None:
    return next(
        (
            f
            for f in schema.features
            if f.type == "numeric"
            and ("age" in _TOKEN.findall(f.name.replace("_", " ").lower()) or "age" in (a.lower() for a in f.aliases))
        ),
        None,
    )


def _unique_categories(schema: HostSchema) -> list[tuple[str, tuple[str, str]]]:
    """(lower-case category, (feature, category)) for categories that only one feature has."""
    owners: dict[str, list[tuple[str, str]]] = {}
    for feature in schema.features:
        for category in feature.categories or []:
            if len(category) >= 3 and not re.fullmatch(r"(?i)yes|no|true|false|none|other|unknown|\d+", category):
                owners.setdefault(category.lower(), []).append((feature.name, category))
    return [(key, pairs[0]) for key, pairs in owners.items() if len(pairs) == 1]


@dataclass(frozen=True)
class _SchemaTerms:
    """What extraction derives from a schema alone, built once per schema object."""

    strong: dict[str, FeatureSchema]
    #: The most words a feature's name or alias has (at least 4): the widest window worth matching.
    longest: int
    age: FeatureSchema | None
    categories: list[tuple[str, tuple[str, str]]]


class _ByIdentity:
    """A schema as a cache key by identity: `HostSchema` holds lists, so it cannot be hashed by value.

    The key holds the schema, so its id cannot be reused by another object while the entry is cached.
    """

    __slots__ = ("schema",)

    def __init__(self, schema: HostSchema) -> None:
        self.schema = schema

    def __hash__(self) -> int:
        return id(self.schema)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByIdentity) and other.schema is self.schema


@functools.lru_cache(maxsize=32)
def _cached_terms(key: _ByIdentity) -> _SchemaTerms:
    schema = key.schema
    strong = _feature_terms(schema)
    # a feature's name may be long ("savings account balance greater or equal than 500")
    longest = max(
        [4, *(len(_TOKEN.findall(term.replace("_", " "))) for f in schema.features for term in (f.name, *f.aliases))]
    )
    return _SchemaTerms(strong, longest, _find_age_feature(schema), _unique_categories(schema))


def _terms(schema: HostSchema) -> _SchemaTerms:
    """The schema's derived terms; a router turn reads them several times, so they are built once."""
    return _cached_terms(_ByIdentity(schema))


def _mentions(text: str, schema: HostSchema | None) -> list[_Mention]:
    """Feature mentions in `text`, longest first at each position, not overlapping."""
    if schema is None or schema.kind == "text":
        return []
    terms = _terms(schema)
    strong, longest = terms.strong, terms.longest
    tokens = list(_TOKEN.finditer(text))
    found: list[_Mention] = []
    i = 0
    while i < len(tokens):
        hit: _Mention | None = None
        for size in range(longest, 0, -1):
            window = tokens[i : i + size]
            if len(window) < size:
                continue
            key = _norm(t.group() for t in window)
            feature = strong.get(key) or (strong.get(_stem(key)) if size == 1 else None)
            if feature is not None:
                hit = _Mention(feature, window[0].start(), window[-1].end())
                i += size
                break
        if hit is None:
            i += 1
        else:
            found.append(hit)
    return found


def _age_feature(schema: HostSchema | None) -> FeatureSchema | None:
    """The feature holding an age, for "50 years old", "older than 60", "10 years younger"."""
    if schema is None:
        return None
    return _terms(schema).age


@bounds_text_argument(0)
def extract_feature(text: str, schema: HostSchema | None) -> str | None:
    """The feature a request is about ("what is the average bmi?" -> "bmi"), or None (the first named)."""
    text = normalize(text, schema)
    mentions = _mentions(text, schema)
    if not mentions:
        return None
    return mentions[0].feature.name


# ---------------------------------------------------------------------------------------------------------
# Labels, metrics, counts


def _class_mentions(text: str, schema: HostSchema | None) -> list[tuple[int, int, str]]:
    if schema is None:
        return []
    found: list[tuple[int, int, str]] = []
    for name in sorted(schema.class_names, key=len, reverse=True):
        pattern = r"(?<![\w-])" + r"[\s_\-]+".join(map(re.escape, name.split())) + r"(?![\w-])"
        for match in re.finditer(pattern, text, re.IGNORECASE):
            if not any(s <= match.start() < e for s, e, _ in found):
                found.append((match.start(), match.end(), name))
    return sorted(found)


_TARGET_CUE = re.compile(
    r"(?:\bnot|n't|\binstead(?:\s+of)?|\bto\s+be|\bas|\bbecome|\bbe|\binto|\bto|\bmake\s+(?:it|this|them)|"
    r"\bget|\bturn|\breach|\bexpected|\bexpect|\bwant(?:ed)?)\s+(?:(?:an?|the|to|be|as|get|it|predicted|"
    r"classified|labell?ed)\s+){0,3}$",
    re.IGNORECASE,
)


@bounds_text_argument(0)
def extract_label(text: str, schema: HostSchema | None) -> str | None:
    """The class name a request is about ("why not progressing" -> "progressing", "make it positive").

    When several class names appear, the one introduced by "not", "to be", "as", "become", "into", "make
    it" ... wins; otherwise the last one mentioned.
    """
    text = normalize(text, schema)
    mentions = _class_mentions(text, schema)
    if not mentions:
        return None
    cued = [name for start, _, name in mentions if _TARGET_CUE.search(text[max(0, start - 40) : start])]
    return cued[-1] if cued else mentions[-1][2]


# Natural phrasings of each metric, most specific first; the first metric with a match wins.
_METRIC_PATTERNS: tuple[tuple[str, str], ...] = (
    (
        "confusion_matrix",
        r"confusion|(?:kinds?|types?) of (?:mistakes|errors)|mistakes? (?:per|by|for each) (?:class|label)",
    ),
    ("roc_auc", r"\broc\b|\bauc\b|auroc|area under|roc[_\s-]?auc"),
    ("f1", r"\bf[\s_-]?1\b|\bf[\s_-]?(?:score|measure)\b|\bf1[_\s-]?score"),
    ("precision", r"\bprecision\b|\bprecise\b|positive predictive|\bppv\b"),
    ("recall", r"\brecall\b|sensitivity|true positive rate|\btpr\b|hit rate"),
    (
        "accuracy",
        r"\baccura(?:cy|te)\b|\bacc\b|error rate|"
        r"how (?:often|frequently)[^.?!]*\b(?:right|wrong|correct|mistake|err)|"
        r"\b(?:percent|percentage|share|fraction|proportion)\b[^.?!]*\b(?:correct|right|wrong)",
    ),
    (
        "all",
        r"\bmetrics?\b|how (?:good|well|reliable|strong)|\bany good\b|\bgood enough\b|"
        r"\bhow (?:does|did|do|is) (?:it|the model|this model|the classifier|they) (?:do|doing)\b|"
        r"\bperform(?:s|ance|ing)?\b|\bscores?\b|"
        r"\bevaluat(?:e|ion|ed)\b|\bquality\b|\bstats\b",
    ),
)
_METRIC_RE = tuple((metric, re.compile(pattern, re.IGNORECASE)) for metric, pattern in _METRIC_PATTERNS)


@bounds_text_argument(0)
def extract_metric(text: str) -> str | None:
    """The metric a request asks for (accuracy, precision, recall, f1, roc_auc, confusion_matrix, all).

    "how often is it wrong" -> accuracy, "auc" -> roc_auc, "f-score" -> f1, "how good" / "how well does it
    perform" -> all. Several named metrics (e.g. "precision and recall") also give "all".
    """
    named = [metric for metric, pattern in _METRIC_RE[:-1] if pattern.search(text)]
    if len(named) > 1:
        return "all"
    if named:
        return named[0]
    return "all" if _METRIC_RE[-1][1].search(text) else None


_COUNT_NOUNS = (
    r"(?:different\s+|more\s+|other\s+|alternative\s+|possible\s+|distinct\s+|new\s+)?"
    r"(?:counterfactuals?|examples?|ways?|options?|alternatives?|changes?|explanations?|scenarios?|versions?|"
    r"variants?|variations?|iterations?|ones|possibilities|solutions|suggestions|edits|tweaks)"
)
_COUNT = re.compile(
    rf"\b(?P<n>\d+|{'|'.join(sorted(_NUMBER_WORDS, key=len, reverse=True))})\s+{_COUNT_NOUNS}\b",
    re.IGNORECASE,
)


def _number_value(token: str) -> int | None:
    token = token.lower().strip()
    if token.isdigit():
        return int(token)
    return _NUMBER_WORDS.get(token)


@bounds_text_argument(0)
def extract_count(text: str) -> int | None:
    """How many results a request asks for ("give me 3 counterfactuals" -> 3, "three ways" -> 3)."""
    match = _COUNT.search(text)
    if match:
        return _number_value(match.group("n"))
    # Each optional part starts with its own word, so no two `\s*` compete for one run of spaces.
    bare = re.fullmatch(r"\s*(?:just\s+|only\s+)?(\d+|[a-z]+)(?:\s*please)?(?:\s*[.!])?\s*", text, re.IGNORECASE)
    if bare:
        return _number_value(bare.group(1))
    return None


# ---------------------------------------------------------------------------------------------------------
# Instances


def _noun_pattern(schema: HostSchema | None) -> str:
    nouns = set(_GENERIC_NOUNS)
    if schema is not None and schema.instance_noun:
        nouns.add(schema.instance_noun.lower())
    alternatives = sorted((re.escape(n).replace(r"\ ", r"\s+") for n in nouns), key=len, reverse=True)
    return "(?:" + "|".join(alternatives) + ")"


def _id_list(body: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", body)]


@bounds_text_argument(0)
def extract_ids(text: str, schema: HostSchema | None = None) -> list[int]:
    """Every instance id named in `text`, in order ("compare patients 3 and 4" -> [3, 4]).

    An id must follow an instance noun ("patient 12", "id 12", "instance #12", "rows 3, 5 and 7"), unless the
    whole text is just the answer ("12", "patient 12 please", "and for 4?").
    """
    text = normalize(text, schema)
    for span in extract_texts(text):
        text = text.replace(span, " ")  # a number inside a quoted text is part of the text
    noun = _noun_pattern(schema)
    ids: list[int] = []
    pattern = re.compile(
        rf"\b{noun}(?:e?s)?\s*(?:number|no\.?|id|#)?\s*[#:]?\s*"
        rf"(?P<body>\d+(?:\s*(?:,|and|&|or|vs\.?|versus|to|through|-)\s*(?:{noun}(?:e?s)?\s*)?#?\s*\d+)*)\b(?!\s*%|\.\d)",
        re.IGNORECASE,
    )
    for match in pattern.finditer(text):
        if re.search(r"\d\s*(?:to|through|-)\s*\d", match.group("body")):
            continue  # a range is a group, handled by the condition parser
        ids += _id_list(match.group("body"))
    if not ids:
        bare = re.fullmatch(
            rf"\s*(?:(?:and|what|how|about|for|now|then|same|ok|okay|so|try|with|the|one|it'?s|is|use|"
            rf"please|maybe|let'?s|say)\s+)*(?:{noun}\s*)?(?:#\s*)?(?P<body>\d+(?:\s*(?:,|and|&)\s*#?\d+)*)"
            rf"(?:\s*(?:please|instead|too|as well|then|now|thanks?(?:\s+you)?))?(?:\s*[.!?]+)?\s*",
            text,
            re.IGNORECASE,
        )
        if bare:
            ids = _id_list(bare.group("body"))
    if not ids:
        ids = _subject_id(text, schema)
    return list(dict.fromkeys(ids))


# A bare number as the subject of a question ("why is 87 not stable?", "does 12 get progressing?") or as
# the last words after "for" / "of" / "about" ("the prediction for 87?"). Only one token is optional at a
# time, so the patterns stay linear on long inputs.
_SUBJECT_ID = re.compile(
    r"^\W{0,3}(?:(?:and|so|but|then|ok|okay)\s+)?(?:why|how\s+come|what|what's|is|was|does|did|would|will|could|"
    r"can)\s+(?:(?:is|was|does|did|would|will|isn't|wasn't|doesn't|didn't|the\s+model|it)\s+)?#?(?P<n>\d+)\b",
    re.IGNORECASE,
)
_LAST_ID = re.compile(r"\b(?:for|of|about|on)\s#?(?P<n>\d+)[?.!]{0,3}\s{0,3}$", re.IGNORECASE)
# What may follow a number that is a quantity, not an id.
_QUANTITY_AFTER = re.compile(
    r"^(?:[.,]\d|\s?%|\s(?:years?|yrs?|points?|units?|percent|times|more|less|higher|lower|or\s|and\s\d|"
    r"counterfactuals?|examples?|ways?|features?|most|top)\b)",
    re.IGNORECASE,
)


def _subject_id(text: str, schema: HostSchema | None) -> list[int]:
    """A bare id that is the subject of the question or its last words, when nothing marks it as a quantity."""
    match = _SUBJECT_ID.match(text) or _LAST_ID.search(text)
    if match is None or _QUANTITY_AFTER.match(text[match.end() : match.end() + 20]):
        return []
    number = int(match.group("n"))
    if schema is not None and schema.id_range is not None:
        low, high = schema.id_range
        if not low <= number <= high:
            return []
    end = match.end()
    # "is 30 a high bmi": a feature right after the number makes it the feature's value
    if any(end <= m.start <= end + 12 for m in _mentions(text, schema)):
        return []
    return [number]


_REFERENCE = re.compile(
    r"\b(?:it|its|this|that|these|those|her|him|his|she|he|they|them|their|same|above|previous|last|"
    r"former|latter|one)\b",
    re.IGNORECASE,
)


@bounds_text_argument(0)
def is_reference(text: str) -> bool:
    """Whether `text` refers to something mentioned before ("it", "this patient", "the same instance")."""
    return bool(_REFERENCE.search(text))


_COMPARATORS: tuple[tuple[str, str], ...] = (
    (
        r">=",
        r"at\s+least|no\s+less\s+than|not\s+less\s+than|>=|≥|or\s+more|"
        r"(?:greater|more|higher)\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+(?:above|greater\s+than|more\s+than|"
        r"higher\s+than)|the\s+same\s+or\s+more\s+than|not\s+below",
    ),
    (
        r"<=",
        r"at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|<=|≤|or\s+less|"
        r"(?:less|lower)\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+(?:below|less\s+than|lower\s+than)|"
        r"equal\s+to\s+but\s+not\s+(?:greater|more|higher)\s+than|not\s+(?:greater|higher)\s+than|not\s+above|"
        r"the\s+same\s+or\s+less\s+than",
    ),
    (
        r">",
        r"above|over|greater\s+than|more\s+than|higher\s+than|larger\s+than|bigger\s+than|exceeding|exceeds|"
        r"upper\s+than|beyond|older\s+than|>",
    ),
    (r"<", r"below|under|less\s+than|lower\s+than|smaller\s+than|fewer\s+than|younger\s+than|<"),
    (r"=", r"equal\s+to|equals|exactly|of|=|==|is|are"),
)
_OP_WORDS = "|".join(f"(?:{words})" for _, words in _COMPARATORS)
_GROUP_WORDS = re.compile(
    r"\b(?:all|every|everyone|everybody|those|these|people|persons|individuals|instances|rows|samples|"
    r"examples|records|cases|ones|entries|data\s+points|group|subset|population|whose|where|who\s+are|"
    r"that\s+are|which\s+are)\b",
    re.IGNORECASE,
)
_ALL_NOUNS = r"data|dataset|instances|rows|samples|examples|records|cases|entries|data\s+points|people"


def _all_pattern(schema: HostSchema) -> re.Pattern[str]:
    nouns = _ALL_NOUNS + (f"|{_group_noun(schema)}" if schema.instance_noun else "")
    return re.compile(
        rf"\b(?:everyone|everybody|all\s+(?:of\s+)?(?:the\s+)?(?:{nouns})|"
        r"the\s+(?:whole|entire|full)\s+(?:data\s*set|data|sample))\b",
        re.IGNORECASE,
    )


def _op_of(words: str) -> str:
    for op, pattern in _COMPARATORS:
        if re.fullmatch(pattern, words.strip(), re.IGNORECASE):
            return op
    return "="


def _value_text(value: float) -> str:
    return f"{value:g}"


def _group_noun(schema: HostSchema) -> str:
    noun = re.escape(schema.instance_noun.lower()) if schema.instance_noun else "instance"
    return rf"{noun}(?:e?s)"


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
    )
    clauses: list[str] = []
    for mention in _mentions(text, schema):
        feature = mention.feature
        after = text[mention.end : mention.end + 60]
        if feature.type == "numeric":
            between = re.match(
                rf"^\s*(?:is|are|was|of|values?)?\s*between\s+(?P<a>-?{_NUM})\s+and\s+(?P<b>-?{_NUM})",
                after,
                re.IGNORECASE,
            )
            if between:
                clauses += [
                    f"{feature.name} >= {between.group('a')}",
                    f"{feature.name} <= {between.group('b')}",
                ]
                continue
            match = re.match(
                rf"^\s*(?:values?\s+)?(?:(?:is|are|was|were|of)\s+)?(?P<op>{_OP_WORDS})\s*(?P<v>-?{_NUM})\b"
                rf"(?P<tail>\s*(?:or\s+(?:more|higher|above|less|lower|below)))?",
                after,
                re.IGNORECASE,
            )
            if match:
                op = _op_of(match.group("op"))
                tail = (match.group("tail") or "").lower()
                if tail:
                    op = ">=" if any(w in tail for w in ("more", "higher", "above")) else "<="
                if op != "=" or group_context:
                    clauses.append(f"{feature.name} {op} {match.group('v')}")
        elif feature.categories and group_context:
            value = _categorical_change(text, mention)
            if value is not None:
                clauses.append(f"{feature.name} = {value}")
    age = _age_feature(schema)
    if age is not None and not any(c.startswith(f"{age.name} ") for c in clauses):
        for match in re.finditer(rf"\b(?P<op>older|younger)\s+than\s+(?P<v>{_NUM})", text, re.IGNORECASE):
            clauses.append(f"{age.name} {'>' if match.group('op').lower() == 'older' else '<'} {match.group('v')}")
        # "patients over 60", "people under 30": a group of people above or below a bare number is an age
        people = rf"(?:{_group_noun(schema)}|people|persons|those|ones|individuals|everyone|anyone)"
        for match in re.finditer(
            rf"\b{people}\s(?:(?:who\s(?:are|were)|aged)\s)?(?P<op>over|under|above|below)\s(?P<v>{_NUM})"
            rf"(?:\s(?:years?|yrs?)(?:\sold)?)?\b(?!\s?(?:%|[A-Za-z]))",
            text,
            re.IGNORECASE,
        ):
            over = match.group("op").lower() in ("over", "above")
            clauses.append(f"{age.name} {'>' if over else '<'} {match.group('v')}")
    id_range = re.search(
        rf"\b{_noun_pattern(schema)}s?\s*(?:from\s+)?#?(?P<a>\d+)\s*(?:to|through|-|until)\s*#?(?P<b>\d+)\b",
        text,
        re.IGNORECASE,
    )
    if id_range:
        clauses += [f"id >= {id_range.group('a')}", f"id <= {id_range.group('b')}"]
    if group_context:
        for start, _end, name in _class_mentions(text, schema):
            before = text[max(0, start - 40) : start].lower()
            if re.search(
                r"(?:labell?ed|label\s+(?:is|of)?|annotated|tagged|marked|truly|actually|really|gold)"
                r"\s*(?:as|is|=)?\s*$",
                before,
            ):
                clauses.append(f"label = {name}")
            elif re.search(
                r"(?:predicted|classified|classed|prediction\s+(?:is|of)?|predicts|categori[sz]ed)"
                r"\s*(?:as|to\s+be|is|=)?\s*$",
                before,
            ):
                clauses.append(f"prediction = {name}")
    if group_context:
        named = {c.split(" ")[0] for c in clauses}
        clauses += [f"{feature} = {category}" for feature, category in _category_mentions(text, schema, named)]
    if clauses:
        return " and ".join(dict.fromkeys(clauses))
    if _all_pattern(schema).search(text):
        return "all"
    return None


# The words that lead into a group condition: "for the people with", "on instances where", "those who are".
_GROUP_LEAD = (
    r"(?:\b(?:for|on|of|among|across|about|to|from)\s+)?(?:(?:all\s+)?(?:the\s+|those\s+|these\s+)?(?:{nouns})\s+)?"
    r"(?:(?:with|where|whose|who|that|which|having|when)\s+(?:(?:are|is|were|was|have|has|had)\s+)?)?"
    r"(?:(?:a|an|the|their|his|her|its|feature)\s+)?$"
)
_GROUP_NOUNS = (
    r"people|persons|those|ones|individuals|instances|data\s*points?|data|rows|samples|examples|records|cases|"
    r"entries|everyone|anyone|someone|somebody|observations"
)
_JOIN = re.compile(r"^\s*(?:,|and|or|but|,\s*and|,\s*or)?\s*$", re.IGNORECASE)


@bounds_span_text
def feature_spans(text: str, schema: HostSchema | None) -> list[tuple[int, int]]:
    """Character spans where `text` names a feature of a tabular schema by its name or an alias."""
    return [(m.start, m.end) for m in _mentions(text, schema)]


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
    if schema is None or schema.kind == "text":
        return []
    nouns = _GROUP_NOUNS + (
        f"|{_group_noun(schema)}|{re.escape(schema.instance_noun.lower())}" if schema.instance_noun else ""
    )
    lead = re.compile(_GROUP_LEAD.format(nouns=nouns), re.IGNORECASE)
    cores: list[tuple[int, int, bool]] = []  # (start, end, whether it is a comparison by itself)
    for mention in _mentions(text, schema):
        feature = mention.feature
        after = text[mention.end : mention.end + 80]
        before = text[max(0, mention.start - 40) : mention.start]
        if feature.type == "numeric":
            match = re.match(
                rf"^\s*(?:(?:is|are|was|values?|being)\s+)?(?:between\s+-?{_NUM}\s+and\s+-?{_NUM}|"
                rf"(?P<op>{_OP_WORDS})\s*(?:a\s+|an\s+|the\s+)?-?{_NUM}(?:\s+or\s+(?:more|less|higher|lower|above|"
                rf"below|greater|fewer))?|(?P<bare>-?{_NUM}))\b",
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
    age = _age_feature(schema)
    if age is not None:
        for match in re.finditer(
            rf"\b(?:(?:older|younger)\s+than\s+{_NUM}|(?:over|under|above|below)\s+(?:the\s+age\s+of\s+)?"
            rf"{_NUM}\s+(?:years?|yrs?)(?:\s+old)?|between\s+(?:the\s+ages?\s+of\s+)?{_NUM}\s+and\s+{_NUM}"
            rf"(?:\s+years?(?:\s+old)?)?)\b",
            text,
            re.IGNORECASE,
        ):
            cores.append((match.start(), match.end(), True))
    for start, end, _name in _class_mentions(text, schema):
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


def _custom_values(text: str, schema: HostSchema | None) -> dict[str, float | int | str] | None:
    """Feature values of a custom instance, when several are given ("a 50 year old with bmi 30 and ...")."""
    if schema is None or schema.kind == "text":
        return None
    values: dict[str, float | int | str] = {}
    for mention in _mentions(text, schema):
        feature = mention.feature
        after = text[mention.end : mention.end + 40]
        before = text[max(0, mention.start - 25) : mention.start]
        if feature.type == "numeric":
            match = re.match(
                rf"^\s*(?:(?:of|=|:|is|was|at|equal\s+to|equals|value)\s*)?(?P<v>-?{_NUM})\b(?!\s*%)",
                after,
                re.IGNORECASE,
            )
            lead = re.search(rf"(?P<v>{_NUM})\s*$", before)
            if match:
                values.setdefault(feature.name, _parse_number(match.group("v")))
            elif lead:
                values.setdefault(feature.name, _parse_number(lead.group("v")))
        elif feature.categories:
            category = _categorical_change(text, mention)
            if category is not None:
                values.setdefault(feature.name, category)
    age = _age_feature(schema)
    if age is not None:
        match = re.search(rf"\b(?P<v>{_NUM})[\s-]*(?:years?|yrs?|y/?o)[\s-]*(?:old|of\s+age)?\b", text, re.IGNORECASE)
        if match:
            values.setdefault(age.name, _parse_number(match.group("v")))
        match = re.search(rf"\baged?\s+(?P<v>{_NUM})\b", text, re.IGNORECASE)
        if match:
            values.setdefault(age.name, _parse_number(match.group("v")))
    for name, category in _category_mentions(text, schema, values):
        values.setdefault(name, category)
    return values if len(values) >= 2 else None


def _category_mentions(text: str, schema: HostSchema, already: Collection[str]) -> list[tuple[str, str]]:
    """Categories named on their own ("a female smoker"), when only one feature has that category."""
    found = []
    for key, pair in _terms(schema).categories:
        if pair[0] not in already:
            if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text, re.IGNORECASE):
                found.append(pair)
    return found


def _parse_number(text: str) -> float | int:
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


@bounds_text_argument(0)
def extract_instance(text: str, schema: HostSchema | None, history: Sequence[Message] = ()) -> InstanceRef | None:
    """The instance a request refers to, as a function's `instance` argument, or None.

    Recognises ids ("patient 12", "id 12", "instance #12", "row 12", a bare "12" when the text is just an
    answer), quoted texts ('...', "...", “...”, or after "sentence:") for text hosts, group conditions
    ("patients with glucose above 120 and age under 50" -> "glucose > 120 and age < 50", "everyone labelled
    progressing" -> "label = progressing", "those predicted stable" -> "prediction = stable", "all
    patients" -> "all") and custom feature values when several are given ("a 50 year old with bmi 30 and
    glucose 120" -> a dict). A pronoun or other reference ("it", "this patient") gives None, since the engine
    knows the instance in focus, unless `history` holds no tool calls at all (a replayed text-only
    dialogue): then the last instance named in an earlier user turn is used.
    """
    found = _explicit_instance(text, schema)
    if found is not None:
        return found
    if history and not any(m.tool_calls for m in history):
        for message in reversed(history):
            if message.role == "user":
                earlier = _explicit_instance(message.content, schema)
                if earlier is not None:
                    return earlier
    return None


def _explicit_instance(text: str, schema: HostSchema | None) -> InstanceRef | None:
    text = normalize(text, schema)
    ids = extract_ids(text, schema)
    if ids:
        return ids[0]
    if schema is None or schema.kind == "text":
        texts = [t for t in extract_texts(text) if len(t.split()) >= 2 or schema is not None]
        if texts:
            return max(texts, key=len)
        if schema is not None:
            return _unquoted_text(text)
        return None
    condition = _condition(text, schema)
    if condition is not None:
        return condition
    return _custom_values(text, schema)


# ---------------------------------------------------------------------------------------------------------
# What-if changes

_UP = r"higher|more|greater|larger|bigger|up|increased|raised|rose|grew|older|longer|heavier|taller"
_DOWN = r"lower|less|smaller|fewer|down|decreased|reduced|lowered|dropped|fell|younger|shorter|lighter"
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
_SET = (
    r"were|was|is|be|becomes?|became|to|=|:|of|at|equals?|equal\s+to|set\s+to|changed\s+to|goes\s+to|went\s+to|"
    r"increased\s+to|decreased\s+to|reduced\s+to|raised\s+to|lowered\s+to|dropped\s+to|rose\s+to|had\s+been|would\s+be"
)
_MULTIPLIERS = {
    "double": "*2",
    "doubled": "*2",
    "twice": "*2",
    "triple": "*3",
    "tripled": "*3",
    "quadruple": "*4",
    "halve": "*0.5",
    "halved": "*0.5",
    "half": "*0.5",
}
_NEGATION = re.compile(
    r"\b(?:not|non|no|never|without|isn't|wasn't|weren't|didn't|doesn't|quit|stopped)\b[\s-]*\w*\s*$",
    re.IGNORECASE,
)
# Words after "contract was" that are not a value ("was also", "was not", "was the same").
_NOT_A_VALUE = frozenset(
    "a an the not no also still different changed same another other its her his their my your this that "
    "higher lower more less bigger smaller greater".split()
)
_TRUE = ("yes", "true", "1", "y")
_FALSE = ("no", "false", "0", "n")


def _signed(sign: str, amount: str, percent: bool) -> str:
    return f"{sign}{amount}{'%' if percent else ''}"


def _numeric_change(text: str, mention: _Mention) -> ChangeValue | None:
    after = text[mention.end : mention.end + 50]
    before = text[max(0, mention.start - 50) : mention.start]
    pct = r"(?P<pct>\s*%|\s*percent)?"
    # "glucose 5 lower", "glucose were 20 points lower", "bmi 10% higher"
    match = re.match(
        rf"^\s*(?:(?:were|was|is|be|got|gets|went|goes)\s+)?(?:by\s+)?(?P<n>{_NUM}){pct}\s*(?:\w+\s+)?"
        rf"(?P<dir>{_UP}|{_DOWN})\b",
        after,
        re.IGNORECASE,
    )
    if match:
        up = re.fullmatch(_UP, match.group("dir"), re.IGNORECASE) is not None
        return _signed("+" if up else "-", match.group("n"), bool(match.group("pct")))
    # "glucose increased by 5", "bmi went up by 10%"
    match = re.match(
        rf"^\s*(?:(?:were|was|is|be|got|gets|went|goes)\s+)?(?P<dir>{_UP}|{_DOWN}|{_INC_VERBS}|{_DEC_VERBS})"
        rf"\s+by\s+(?P<n>{_NUM}){pct}",
        after,
        re.IGNORECASE,
    )
    if match:
        down = re.fullmatch(rf"{_DOWN}|{_DEC_VERBS}", match.group("dir"), re.IGNORECASE) is not None
        return _signed("-" if down else "+", match.group("n"), bool(match.group("pct")))
    # "glucose doubled", "the bmi were halved"
    match = re.match(r"^\s*(?:(?:were|was|is|be|got|gets)\s+)?(?P<m>doubled|tripled|halved)\b", after, re.IGNORECASE)
    if match:
        return _MULTIPLIERS[match.group("m").lower()]
    # "increase glucose by 5", "reduce her bmi by 10%", "increase age to 60"
    verb = re.search(rf"\b(?P<verb>{_INC_VERBS}|{_DEC_VERBS})\s+{_DET}$", before, re.IGNORECASE)
    if verb:
        by = re.match(rf"^\s*(?:by\s+)(?P<n>{_NUM}){pct}", after, re.IGNORECASE)
        if by:
            down = re.fullmatch(_DEC_VERBS, verb.group("verb"), re.IGNORECASE) is not None
            return _signed("-" if down else "+", by.group("n"), bool(by.group("pct")))
        to = re.match(rf"^\s*to\s+(?P<n>-?{_NUM})\b", after, re.IGNORECASE)
        if to:
            return _parse_number(to.group("n"))
    # "add 5 to glucose", "subtract 5 from the bmi", "took 5 points away from bmi", "take on 5 in age"
    match = re.search(
        rf"\b(?P<verb>add|adds|added|adding|subtract\w*|take|takes|took|taking)\s+(?P<on>on\s+)?(?P<n>{_NUM}){pct}\s*"
        rf"(?:\w+\s+)?(?:to|from|off|away\s+from|in|of)\s+{_DET}$",
        before,
        re.IGNORECASE,
    )
    if match:
        down = match.group("verb").lower().startswith(("subtract", "tak", "took")) and not match.group("on")
        return _signed("-" if down else "+", match.group("n"), bool(match.group("pct")))
    # "lose 5 bmi", "gained 10 glucose"
    match = re.search(
        rf"\b(?P<verb>{_INC_VERBS}|{_DEC_VERBS})\s+(?P<n>{_NUM}){pct}\s+(?:points?\s+|units?\s+)?(?:of\s+|in\s+)?{_DET}$",
        before,
        re.IGNORECASE,
    )
    if match:
        down = re.fullmatch(_DEC_VERBS, match.group("verb"), re.IGNORECASE) is not None
        return _signed("-" if down else "+", match.group("n"), bool(match.group("pct")))
    # "10% higher bmi", "5 points lower glucose", "118 more in glucose"
    match = re.search(
        rf"(?P<n>{_NUM}){pct}\s*(?:\w+\s+)?(?P<dir>{_UP}|{_DOWN})\s+(?:in\s+|of\s+)?{_DET}$",
        before,
        re.IGNORECASE,
    )
    if match:
        up = re.fullmatch(_UP, match.group("dir"), re.IGNORECASE) is not None
        return _signed("+" if up else "-", match.group("n"), bool(match.group("pct")))
    # "double the ldl", "halve her bmi", "twice the insulin"
    match = re.search(
        r"\b(?P<m>double|doubled|triple|tripled|quadruple|halve|halved|twice|half)\s+(?:of\s+)?" + _DET + "$",
        before,
        re.IGNORECASE,
    )
    if match:
        return _MULTIPLIERS[match.group("m").lower()]
    # "bmi were 30", "her glucose at 140", "set bmi to 30", "blood pressure was 90"
    match = re.match(
        rf"^\s*(?:(?:{_SET})\s*)?(?:about\s+|around\s+|only\s+)?(?P<n>-?{_NUM})\b(?!\s*%)",
        after,
        re.IGNORECASE,
    )
    if match:
        return _parse_number(match.group("n"))
    return None


def _categorical_change(text: str, mention: _Mention) -> ChangeValue | None:
    feature = mention.feature
    categories = feature.categories or []
    after = text[mention.end : mention.end + 40]
    match = re.match(
        r"^\s*(?:(?:were|was|is|be|to|=|:|of|becomes?|set\s+to|changed\s+to)\s+)?(?P<v>[\w\-]+)",
        after,
        re.IGNORECASE,
    )
    if match:
        value = next((c for c in categories if c.lower() == match.group("v").lower()), None)
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
        before = text[max(0, mention.start - 25) : mention.start]
        return falsy if _NEGATION.search(before) else truthy
    return None


_TEXT_EDIT_PATTERNS: tuple[tuple[str, bool], ...] = (
    # (pattern with groups a = old, b = new, whether a and b are swapped)
    (
        r"\b(?:replace|replacing|replaced|swap|swapping|switch|switching)\s+{Q1}\s+(?:with|by|for)\s+{Q2}",
        False,
    ),
    (
        r"\b(?:change|changing|changed|turn|turning|edit|editing|rewrite|rewriting)\s+{Q1}\s+(?:to|into|in)\s+{Q2}",
        False,
    ),
    (
        r"\b(?:substitute|substituting|use|using|put|putting)\s+{Q1}\s+(?:for|in\s+place\s+of|instead\s+of)\s+{Q2}",
        True,
    ),
    (r"{Q1}\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+{Q2}", True),
    (r"{Q1}\s+(?:was|were|is)\s+(?:replaced|changed|swapped)\s+(?:with|by|to|for)\s+{Q2}", False),
)
_QUOTED = r"['\"“‘](?P<{g}>[^'\"”’]+)['\"”’]"
_WORD = r"(?P<{g}>[\w\-]+)"


def _text_changes(text: str) -> dict[str, ChangeValue] | None:
    changes: dict[str, ChangeValue] = {}
    for quoted in (True, False):
        token = _QUOTED if quoted else _WORD
        # Unquoted words are read only after explicit edit verbs ("replace good with bad", "remove not"):
        # "change needed to flip" is no edit.
        patterns = _TEXT_EDIT_PATTERNS if quoted else _TEXT_EDIT_PATTERNS[:1]
        for pattern, swapped in patterns:
            regex = pattern.replace("{Q1}", token.format(g="a")).replace("{Q2}", token.format(g="b"))
            for match in re.finditer(regex, text, re.IGNORECASE):
                old, new = (match.group("b"), match.group("a")) if swapped else (match.group("a"), match.group("b"))
                if quoted or old.lower() not in _NOT_WORDS_TO_EDIT:
                    changes.setdefault(old.strip(), new.strip())
        removal = (
            rf"\b(?:remove|removing|removed|delete|deleting|deleted|drop|dropping|omit|omitting|take\s+out|"
            rf"taking\s+out|get\s+rid\s+of|leave\s+out|leaving\s+out{'|without' if quoted else ''})\s+"
            rf"(?:the\s+word\s+)?{token.format(g='a')}"
        )
        for match in re.finditer(removal, text, re.IGNORECASE):
            if quoted or match.group("a").lower() not in _NOT_WORDS_TO_EDIT:
                changes.setdefault(match.group("a").strip(), "")
        if changes:
            return changes
    texts = extract_texts(text)
    if len(texts) == 1 and len(texts[0].split()) >= 3 and _REWRITE.search(text):
        return {"text": texts[0]}
    return None


_NOT_WORDS_TO_EDIT = frozenset("the a an it this that word words one some any them its".split())
# A whole new text: "what if I rewrote it as '...'", "what if it said '...'", "'...' instead?"
_REWRITE = re.compile(
    r"\b(?:rewr\w*|rephras\w*|reword\w*|said|say|wrote|written|read|reads|instead|"
    r"chang\w*\s+(?:it|this|the\s+\w+)\s+(?:to|into)|if\s+(?:it|this|the\s+\w+)\s+(?:were|was|had\s+been))\b",
    re.IGNORECASE,
)


@bounds_text_argument(0)
def extract_changes(text: str, schema: HostSchema | None) -> dict[str, ChangeValue] | None:
    """What-if changes named in a request, as `explain_what_if` takes them, or None.

    Tabular: "what if her bmi were 30" -> {"bmi": 30}; "glucose 5 lower" / "decrease glucose by 5" ->
    {"glucose": "-5"}; "10% higher bmi" -> {"bmi": "+10%"}; "double the ldl" -> {"ldl": "*2"}; "if she were
    a smoker" -> a categorical value; "10 years older" -> {"age": "+10"}. Text: "replace 'great' with
    'awful'" -> {"great": "awful"}; "remove 'not'" -> {"not": ""}; "what if it said '<new text>'" ->
    {"text": "<new text>"}.
    """
    text = normalize(text, schema)
    if schema is None or schema.kind == "text":
        return _text_changes(text)
    changes: dict[str, ChangeValue] = {}
    for mention in _mentions(text, schema):
        feature = mention.feature
        if feature.name in changes:
            continue
        value = _numeric_change(text, mention) if feature.type == "numeric" else _categorical_change(text, mention)
        if value is not None:
            changes[feature.name] = value
    age = _age_feature(schema)
    if age is not None and age.name not in changes:
        match = re.search(rf"\b(?P<n>{_NUM})\s*(?:years?|yrs?)\s+(?P<dir>older|younger)\b", text, re.IGNORECASE)
        if match:
            changes[age.name] = _signed("+" if match.group("dir").lower() == "older" else "-", match.group("n"), False)
        else:
            match = re.search(
                rf"\b(?:were|was|is|be|turned|aged?)\s+(?P<n>{_NUM})\s*(?:years?|yrs?)?\s*(?:old)?\b",
                text,
                re.IGNORECASE,
            )
            if match and re.search(r"\b(?:years?|yrs?|old|aged?|turned)\b", match.group(0), re.IGNORECASE):
                if _about_the_instance(match.group(0), text[: match.start()], schema):
                    changes[age.name] = _parse_number(match.group("n"))
    for name, category in _category_mentions(text, schema, changes):
        before = text[: text.lower().find(category.lower())]
        if not _NEGATION.search(before[-25:]):
            changes[name] = category
    return changes or None


_PERSON_WORDS = frozenset("she he they i you we it her him them someone somebody person".split())


def _about_the_instance(phrase: str, before: str, schema: HostSchema) -> bool:
    """Whether `phrase` ("were 50 years old") is said of the instance ("she", "customer 3"), not of a thing.

    "the contract was 2 years" and "the tenure was 2 years" give a duration of something else: after "was",
    "were", "is" or "be", an age is read only when a person, the instance noun, an id or "to" ("to be 44")
    comes before; "turned 60" and "aged 40" are ages wherever they stand.
    """
    if re.match(r"(?:turned|aged?)\b", phrase, re.IGNORECASE):
        return True
    words = re.findall(r"[A-Za-z]+|\d+", before)
    if not words:
        return True
    last = words[-1].lower()
    noun = schema.instance_noun.lower()
    return last.isdigit() or last in _PERSON_WORDS or last in (noun, noun + "s", "age", "to")


# ---------------------------------------------------------------------------------------------------------
# Groups a metric is computed on

# Words that name a group of people by sex, and the category words a data set may code them with.
_SEX_GROUPS = (
    (r"women|woman|females?|girls|ladies", ("female", "females", "f", "woman", "women")),
    (r"men|man|males?|boys|gentlemen", ("male", "males", "m", "man", "men")),
)
_PEOPLE_GROUP = re.compile(
    r"\b(?P<w>women|woman|females?|girls|ladies|men|man|males?|boys|gentlemen|elderly|seniors|children|kids|adults|"
    r"(?:older|younger|young|old)\s(?:people|ones|adults))\b",
    re.IGNORECASE,
)


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
        condition = _text_group(text, schema)
        return condition
    condition = _condition(text, schema)
    if condition is not None and condition != "all":
        return condition
    match = _PEOPLE_GROUP.search(text)
    if match is None:
        return None
    word = match.group("w").lower()
    for pattern, codes in _SEX_GROUPS:
        if re.fullmatch(pattern, word):
            for feature in schema.features:
                category = next((c for c in feature.categories or [] if c.lower() in codes), None)
                if category is not None:
                    return f"{feature.name} = {category}"
    return word


def _written_condition(text: str, schema: HostSchema | None) -> str | None:
    """A condition written out in the condition language ("sex = 2"), as an answer to "which group?"."""
    if schema is None or not re.search(r"[<>=]", text):
        return None
    condition = text.strip().rstrip(".!?").strip()
    try:
        parse_condition(condition, schema)
    except ArgumentError:
        return None
    return condition


def _text_group(text: str, schema: HostSchema | None) -> str | None:
    """For a text host: the texts labelled or predicted as a class ("on the reviews labelled positive")."""
    if schema is None:
        return None
    for start, _end, name in _class_mentions(text, schema):
        before = text[max(0, start - 30) : start].lower()
        if re.search(r"(?:labell?ed|annotated|tagged|truly|actually)\s(?:as\s)?$", before):
            return f"label = {name}"
        if re.search(r"(?:predicted|classified)\s(?:as\s)?$", before):
            return f"prediction = {name}"
    return None


# ---------------------------------------------------------------------------------------------------------
# Dispatch for clarifying answers

_LABEL_ARGUMENTS = ("expected_label", "target_label", "prediction_label", "label")


@bounds_text_argument(1)
def extract_argument(name: str, text: str, schema: HostSchema | None) -> Any | None:
    """Extract the argument `name` from `text`, e.g. the user's answer to "Which patient do you mean?".

    Dispatches on the argument's name: instance, changes, metric, feature, expected_label / target_label /
    prediction_label, number_of_iterations. For a text host, an `instance` answer with no quotes and no id is
    the text itself. Returns None when the text holds no such value, or for an argument name this module
    does not know (a host's own function may take any argument).
    """
    text = normalize(text, schema)
    if name == "instance":
        value = extract_instance(text, schema)
        if value is None and schema is not None and schema.kind == "text":
            answer = (
                re.sub(
                    r"^\s*(?:the\s+)?(?:sentence|review|text|input|phrase)\s+(?:is\s+)?:?\s*",
                    "",
                    text,
                    flags=re.IGNORECASE,
                )
                .strip()
                .strip("'\"“”‘’")
                .strip()
            )
            return answer or None
        return value
    if name == "changes":
        return extract_changes(text, schema)
    if name == "metric":
        return extract_metric(text)
    if name == "feature":
        return extract_feature(text, schema)
    if name in _LABEL_ARGUMENTS:
        return extract_label(text, schema)
    if name == "number_of_iterations":
        return extract_count(text)
    if name == "group":
        group = extract_group(text, schema) or _written_condition(text, schema)
        if group is None and re.fullmatch(
            r"\W{0,3}(?:all|everyone|everybody|overall|none|no group)\W{0,3}", text, re.I
        ):
            return "all"  # the answer to "which group?": the whole split
        return group
    return None
