"""Features, labels, metrics and counts named in a request.

Feature names are recognised by the names the user gave: their name, the words of their name (``blood
pressure`` for ``blood_pressure`` or ``bloodpressure``) and their declared aliases. Free-text descriptions
never name a feature: "applicant age in years" must not make "applicant 140" mean age 140.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from dataclasses import dataclass

from simxai.extraction._class_names import class_mentions
from simxai.extraction._counted_times import counted_times
from simxai.extraction._feature_terms import (
    _TOKEN,
    SPAN_UNITS,
    _feature_terms,
    _norm,
    _stem,
    age_feature_of,
    name_tail_end,
    spelled_reach,
    term_prefixes,
    unique_categories,
    unit_terms,
)
from simxai.extraction._lexicon import number_between
from simxai.extraction._negated_label_word import why_not_before
from simxai.extraction._noun_ids import noun_id_spans
from simxai.extraction._polarity import away_from, ends_as, label_mentions, not_but, not_instead, outcome_now
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize
from simxai.textbounds import bounds_text_argument
from simxai.turn_memo import per_host, per_turn


@dataclass(frozen=True)
class FeatureMention:
    """A feature named in a text ("her bmi", "the credit score"), by the characters that name it."""

    feature: FeatureSchema
    start: int  # character offsets in the text
    end: int


@dataclass(frozen=True)
class _SchemaTerms:
    """What extraction derives from a schema alone, built once per schema object."""

    strong: dict[str, FeatureSchema]
    #: The most words a feature's name or alias has (at least 4): the widest window worth matching.
    longest: int
    age: FeatureSchema | None
    categories: list[tuple[str, tuple[str, str]]]
    #: Units that start or end one feature's name, said alone ("kwh" for `kWh Used`; `unit_terms`).
    units: dict[str, FeatureSchema]
    #: Every beginning of a key of `strong` or `units` (`spelled_reach`).
    prefixes: frozenset[str]


@per_host
def _terms(schema: HostSchema) -> _SchemaTerms:
    """The schema's derived terms; a router turn reads them several times, so they are built once per schema."""
    strong = _feature_terms(schema)
    # a feature's name may be long ("savings account balance greater or equal than 500")
    longest = max(
        [4, *(len(_TOKEN.findall(term.replace("_", " "))) for f in schema.features for term in (f.name, *f.aliases))]
    )
    units = unit_terms(schema, strong)
    prefixes = term_prefixes(strong, units)
    return _SchemaTerms(strong, longest, age_feature_of(schema), unique_categories(schema), units, prefixes)


@per_turn
def feature_mentions(text: str, schema: HostSchema | None) -> list[FeatureMention]:
    """Feature mentions in `text`, longest first at each position, not overlapping."""
    if schema is None or schema.kind == "text":
        return []
    terms = _terms(schema)
    strong, longest = terms.strong, terms.longest
    tokens = list(_TOKEN.finditer(text))
    idioms = _idiom_offsets(text) if tokens else frozenset()
    said = [(s, e) for s, e, name in class_mentions(text, schema) if re.search(r"[\s_\-]", name.strip())]
    said += noun_id_spans(text, schema)  # "booking 5110" on a host with a feature `Bookings`: the instance
    found: list[FeatureMention] = []
    i = 0
    while i < len(tokens):
        hit: FeatureMention | None = None
        # the longer windows spell no term: "sizes" beyond the reach plus one (a plural) cannot match; one token always
        for size in range(min(longest, spelled_reach(tokens, i, terms.prefixes, longest) + 1), 0, -1):
            window = tokens[i : i + size]
            if len(window) < size:
                continue
            key = _norm(t.group() for t in window)
            if window[-1].start() in idioms or any(s <= window[0].start() and window[-1].end() <= e for s, e in said):
                continue  # ("flagged needs service": the class's word "service" names no feature there)
            feature = strong.get(key) or (strong.get(_stem(key)) if size == 1 else None)
            if feature is None:
                # a name or alias in the plural ("credit scores", "incomes", "ages"): its last word made singular
                head = _norm(t.group() for t in window[:-1])
                feature = next(
                    (strong[head + s] for s in singular_forms(window[-1].group()) if head + s in strong), None
                )
            if (
                feature is None
                and key in terms.units
                and not (key in SPAN_UNITS and _AMOUNT_BEFORE.search(text, 0, window[0].start()))
            ):
                feature = terms.units[key]  # "the kwh", "5000 km"; never "3 months" or "a year longer"
            if size == 1 and feature is not None and counted_times(text, *window[0].span(), key in strong):
                feature = None  # "pressed 3 times": a count, no feature by an alias "drying time" (_counted_times)
            if feature is not None and not number_between(text, window[0].end(), window[-1].start(), feature):
                hit = FeatureMention(feature, window[0].start(), name_tail_end(text, window[-1].end(), feature))
                i += size + sum(1 for t in tokens[i + size :] if t.start() < hit.end)  # past "%", "(c)", "in minutes"
                break
        if hit is None:
            i += 1
        else:
            found.append(hit)
    return found


# an amount just before a unit of time: "3 months", "a year", "another week", "two more days"
_AMOUNT_BEFORE = re.compile(
    r"(?:\d|\b(?:an?|one|another|few|several|couple|more|fewer|less|extra|additional|many))\s*$", re.IGNORECASE
)


def singular_forms(word: str) -> list[str]:
    """The singulars a regular English plural may have ("incomes" -> "income", "classes" -> "class", "salaries" ->
    "salary"), longest first; [] for a word that is no regular plural ("less", "was").
    """
    word = word.lower()
    if not word.endswith("s") or word.endswith("ss") or len(word) < 4:
        return []
    forms = [word[:-3] + "y"] if word.endswith("ies") else []
    forms += [word[:-1], *([word[:-2]] if word.endswith("es") else [])]
    return [f for f in forms if len(f) >= 3]


# "in terms of", "at times", "by all means": English idioms, whose words name no feature (loan_term's "term"); "what
# share of" asks a question, naming no `salt_uptake_share`
_IDIOM = re.compile(
    r"(?i)\b(?:in\s+terms\s+of|at\s+times|by\s+all\s+means|in\s+places|"
    r"(?:what|which)\s+(?:share|proportion|percentage|fraction)\s+of)\b"
)


@functools.lru_cache(maxsize=32)
def _idiom_offsets(text: str) -> frozenset[int]:  # once a text: callers ask `feature_mentions` of one text many times
    return frozenset(i for m in _IDIOM.finditer(text) for i in range(m.start(), m.end()))


def age_feature(schema: HostSchema | None) -> FeatureSchema | None:
    """The feature holding an age, for "50 years old", "older than 60", "10 years younger"."""
    if schema is None:
        return None
    return _terms(schema).age


@bounds_text_argument(0)
def extract_feature(text: str, schema: HostSchema | None) -> str | None:
    """The feature a request is about ("what is the average bmi?" -> "bmi"), or None (the first named).

    A name or alias in the plural names its feature too ("which routes", "the spread of quiz scores"); the
    plurals are read here, for the argument, and not in `feature_mentions`, whose spans the selector's masking uses.
    """
    text = normalize(text, schema)
    mentions = feature_mentions(text, schema) or feature_mentions(_singulars(text), schema)
    if not mentions:
        return None
    return mentions[0].feature.name


_HOW_OLD = re.compile(r"\bhow\s+old\b", re.IGNORECASE)


@bounds_text_argument(0)
def described_feature(text: str, schema: HostSchema | None) -> str | None:
    """The feature a data question names by its values rather than its name, or None: "how many vans are in the
    data" (a category of vehicle_type, singular or plural), "how old are the tenants" (the age feature). Only when
    the values named belong to one feature.
    """
    if schema is None or schema.kind == "text":
        return None
    text = normalize(text, schema)
    named = {name for name, _value in _category_mentions(text, schema, ())}
    named |= {name for name, _value in _category_mentions(_singulars(text), schema, ())}
    if len(named) == 1:
        return named.pop()
    age = age_feature(schema)
    return age.name if age is not None and not named and _HOW_OLD.search(text) else None


def _singulars(text: str) -> str:
    """`text` with each plural word made singular ("quiz scores" -> "quiz score", "ages" -> "age")."""
    return re.sub(
        r"\b([A-Za-z]{3,}?)(ies|es|s)\b",
        lambda m: m.group(1) + ("y" if m.group(2) == "ies" else "e" if m.group(2) == "es" else ""),
        text,
    )


# ---------------------------------------------------------------------------------------------------------
# Labels, metrics, counts


_TARGET_CUE = re.compile(
    r"(?:\bnot|n't|\binstead(?:\s+of)?|\bto\s+be|\bas|\bbecome|\bbe|\binto|\bto|\bmake\s+(?:it|this|them)|"
    r"\bget|\bturn|\breach|\bexpected|\bexpect|\bwant(?:ed)?)\s+(?:(?:an?|the|to|be|as|get|it|predicted|"
    r"classified|labell?ed)\s+){0,3}$",
    re.IGNORECASE,
)


@per_turn
@bounds_text_argument(0)
def extract_label(text: str, schema: HostSchema | None) -> str | None:
    """The class name a request is about ("why not progressing" -> "progressing", "make it positive").

    A class may be named by another word for it ("why not a decline" -> rejected, "why the rejection?" ->
    rejected; see `simxai.extraction._polarity`). When several classes are named, the one introduced by "not",
    "to be", "as", "become", "into", "make it" ... wins; otherwise the last one mentioned.
    """
    text = normalize(text, schema)
    if schema is None:
        return None
    mentions = label_mentions(text, schema, class_mentions(text, schema))
    if not mentions:
        return None
    # "why was it given X when the records say Y", "what pulled it towards X, even though it said Y": Y is said as
    # background, in a clause of concession or of what the records hold; the class asked about is another one
    foreground = [m for m in mentions if not _BACKGROUND.search(text[: m[0]])]
    if foreground and any(name != foreground[0][2] for _, _, name in mentions):
        mentions = foreground
    if (denied := not_instead(text, mentions)) is not None:
        return denied  # "why not just treat it instead of replanting": treat
    cued = [
        name
        for start, _, name in mentions
        if _TARGET_CUE.search(text[max(0, start - 40) : start]) or why_not_before(text[:start])
    ]
    return cued[-1] if cued else mentions[-1][2]


# A clause that names a class as background, up to the class (in one clause: no comma, no end of a sentence)
_BACKGROUND = re.compile(
    r"\b(?:even\s+though|although|though|despite|whereas|even\s+if|"
    r"(?:when|while|but|and)\s+(?:the\s+|its\s+|their\s+|his\s+|her\s+)?(?:records?|data|files?|history|"
    r"recorded\s+label|true\s+label|ground\s+truth)\s+(?:says?|said|shows?|showed|has|had|lists?|listed|is|was))"
    r"\b[^.?!,;]*$",
    re.IGNORECASE,
)


def moved_away_from(text: str, schema: HostSchema | None) -> str | None:
    """The class a turn wants to leave ("how could she shed the surcharge?" -> surcharge), or None."""
    if schema is None:
        return None
    text = normalize(text, schema)
    return away_from(text, label_mentions(text, schema, class_mentions(text, schema)))


def ended_as(text: str, schema: HostSchema | None) -> str | None:
    """The class a turn wants reached by a phrasal verb of outcome ("what would it need to come off dry" -> dry)."""
    if schema is None:
        return None
    text = normalize(text, schema)
    return ends_as(text, label_mentions(text, schema, class_mentions(text, schema)))


def extract_target_label(text: str, schema: HostSchema | None) -> str | None:
    """The class a counterfactual should reach: the class named, or the other of two when the turn moves away
    from it ("how could she avoid the surcharge?" -> standard, "what would it take to drop the surcharge" ->
    standard, "get out of the progressing group" -> stable) or names it only as the outcome now, with no class
    named as wanted ("why was I turned down and what could I change?" -> approved). Leaving one of more than two
    classes names no target (None): which other class is the user's to say. "not X but Y" wants Y.
    """
    label = extract_label(text, schema)
    if label is None or schema is None:
        return label
    text = normalize(text, schema)
    mentions = label_mentions(text, schema, class_mentions(text, schema))
    if (wanted := not_but(text, mentions)) is not None:
        return wanted  # "so that it is not X but Y": Y
    if away_from(text, mentions) != label:
        now = [start for start, _, name in mentions if outcome_now(text, start)]
        wished = [
            start
            for start, _, _ in mentions
            if start not in now and _TARGET_CUE.search(text[max(0, start - 40) : start])
        ]
        if wished or not any(name == label and start in now for start, _, name in mentions):
            return label  # the class wanted; a class said as the outcome now ("was turned down") is the one to leave
    others = [name for name in schema.class_names if name != label]
    return others[0] if len(others) == 1 else None


# Natural phrasings of each metric, most specific first; the first metric with a match wins.
_METRIC_PATTERNS: tuple[tuple[str, str], ...] = (
    (
        "confusion_matrix",
        # "cm", "conf matrix": the analysts' abbreviations (after a number, "cm" is centimetres); false positives
        # against false negatives
        r"confusion|(?<!\d\s)\bcm\b|\bconf\.?\s+mat(?:rix|rices)?\b|\bfalse\s+positives?\b[^.?!]*\bfalse\s+negatives?\b|"
        r"\bfalse\s+negatives?\b[^.?!]*\bfalse\s+positives?\b|"
        r"(?:kinds?|types?) of (?:mistakes|errors)|mistakes? (?:per|by|for each) (?:class|label)|"
        r"how many (?:mistakes|errors|misclassifications|wrong (?:predictions|answers)|[a-z]+s (?:does|did|do) "
        r"(?:it|the model) (?:get wrong|misclassify)\b(?![^.?!]*\bout\s+of\b))|"
        # the kinds of error by their names, where the errors lie, what it got right against wrong
        r"\bfalse[\s-]+(?:positives?|negatives?|alarms?)\b|"
        r"\bwhere\s+(?:does|did|do)\s+(?:it|the\s+model|this\s+model|they)\s+"
        r"(?:get\s+(?:it|things)\s+wrong|go\s+wrong|slip\s+up|make\s+(?:its\s+)?(?:mistakes|errors))|"
        r"\b(?:right|hits)\s+(?:and|vs\.?|versus|against)\s+(?:wrong|misses)\b",
    ),
    ("roc_auc", r"\broc\b|\bauc\b|auroc|area under|roc[_\s-]?auc"),
    ("f1", r"\bf[\s_-]?1\b|\bf[\s_-]?(?:score|measure)\b|\bf1[_\s-]?score"),
    (
        "precision",
        r"\bprecision\b|\bprecise\b|positive predictive|\bppv\b|"
        # "when it says X, how often is that actually true", "of those it flags, how many really are": what the
        # model says, then whether that is so
        r"\b(?:when(?:ever)?|if|of\s+(?:all\s+)?(?:the\s+)?\w+)\s+(?:it|the\s+model)\s+(?:says?|predicts?|flags?|"
        r"calls?|labels?|marks?)\b[^.?!]{0,60}\b(?:actually|really|truly|true|right|correct)\b|"
        # "of the ones it calls X, how many really are": the share of its calls that are right
        r"\b(?:it|the\s+model)\s+(?:says|calls|predicts|flags|marks|labels)\b[^.?!]*\bhow\s+many\b[^.?!]*"
        r"\b(?:really|actually|truly|in\s+fact)\b",
    ),
    (
        "recall",
        r"\brecall\b|sensitivity|true positive rate|\btpr\b|hit rate|"
        # "how often does it miss patients who really are progressing": the positives it fails to find
        r"\bmiss(?:es|ed|ing)?\b[^.?!]*\b(?:really|actually|truly|in\s+fact)\b|"
        # "does the model catch blighted trees?", "how well does it detect fraud": the share of a class it finds
        r"\b(?:does|do|did|can|will|would)\s+(?:it|the\s+(?:model|classifier))\s+(?:catch|detect|spot)\b|"
        # "when someone really is X, does it catch them": what is so, then whether the model finds it
        r"\b(?:when|if|of\s+(?:all\s+)?(?:the\s+)?\w+\s+(?:who|that|which))\b[^.?!]{0,40}\b(?:really|actually|"
        r"truly|in\s+fact)\b[^.?!]{0,60}\b(?:catch\w*|spots?|spotted|find|finds|detects?|detected|pick\w*\s+up)\b|"
        r"\bhow\s+many\s+of\s+the\b[^.?!]{0,50}\b(?:does|did|will|can)\s+(?:it|the\s+model)\s+(?:actually\s+|"
        r"really\s+)?(?:catch|spot|find|detect|pick\s+up)\b|"
        # "when one really is X, does it catch it": the share of the real X it finds
        r"\b(?:really|actually|truly)\b[^.?!]*\b(?:catch(?:es)?|spots?|detects?|picks?\s+(?:it\s+|them\s+)?up)\b",
    ),
    (
        "accuracy",
        r"\baccura(?:cy|te|tely)\b|\bacc\b|error rate|"
        # "how often does it miss", "how often does it slip up": a miss of either class is an error
        r"how (?:often|frequently|many\s+times?)[^.?!]*\b(?:right|wrong|correct|mistake|err|miss(?:es|ed)?\b|"
        r"(?:slip|screw|mess|foul)(?:s|ed)?\s+up)|"
        # a share of the instances it gets right or wrong, also "out of a hundred, how many would it get wrong",
        # "what fraction does it mess up", "how many does it misclassify out of 100"
        r"\b(?:percent|percentage|share|fraction|proportion|out\s+of\s+(?:a|every|each|one)?\s*(?:hundred|thousand|"
        r"100|1000|ten|10))\b[^.?!]*\b(?:correct|right|wrong|misclassif\w*|mis-?label\w*|"
        r"(?:slip|screw|mess|foul)(?:s|ed)?\s+up)|"
        r"\b(?:how\s+many|what\s+(?:share|fraction|proportion|percentage))\b[^.?!]*\b(?:misclassif\w*|get\s+wrong)\b"
        r"[^.?!]*\bout\s+of\b|"
        r"\b(?:ever\s+)?been\s+wrong\b|\bwrong\s+more\s+often\b|\bget(?:s|ting)?\s+(?:them|those)\s+wrong\b|"
        # "has it ever got it wrong for ...": whether it errs at all, on a group or everyone
        r"\bever\s+(?:got|gotten|get|gets|getting)\s+(?:it|them|one|any)\s+wrong\b",
    ),
    (
        "all",
        r"\bmetrics?\b|how (?:good|well|reliable|strong)|\bany good\b|\bgood enough\b|"
        r"\bhow (?:does|did|do|is) (?:it|the model|this model|the classifier|they) (?:do|doing)\b|"
        r"\bperform(?:s|ance|ing)?\b|\bscores?\b|"
        r"\bevaluat(?:e|ion|ed)\b|\bquality\b|\bstats\b|"
        # "the scorecard", "all the numbers": every figure of how it does
        r"\b(?:score|report)\s?cards?\b|\ball\s+(?:the\s+|its\s+)?(?:numbers|figures)\b|"
        # "is it fair to women", "does it do any worse for renters": how it does on a group, no metric named
        r"\b(?:un)?fair(?:ly)?\s+(?:to|for|on|towards)\b|\b(?:un)?fairness\b|"
        r"\b(?:do|does|did)\s+(?:it|the\s+model|this\s+model)\s+(?:do\s+)?(?:any\s+|much\s+|a\s+lot\s+)?"
        r"(?:worse|better)\b",
    ),
)
_METRIC_RE = tuple((metric, re.compile(pattern, re.IGNORECASE)) for metric, pattern in _METRIC_PATTERNS)
_EVERY_METRIC = re.compile(
    r"\b(?:all|every|each|complete|full|whole)\s+(?:(?:set|list|range)\s+of\s+)?(?:the\s+)?(?:available\s+)?"
    # ("All figures.", "the full numbers", "every score": a plural noun of the figures, all of them)
    r"(?:evaluation\s+|performance\s+)?(?:metrics?|figures|numbers|scores|stats|statistics)\b",
    re.IGNORECASE,
)


@bounds_text_argument(0)
def extract_metric(text: str) -> str | None:
    """The metric a request asks for (accuracy, precision, recall, f1, roc_auc, confusion_matrix, all).

    "how often is it wrong" -> accuracy, "auc" -> roc_auc, "f-score" -> f1, "how good" / "how well does it
    perform" -> all. Several named metrics (e.g. "precision and recall") also give "all".
    """
    named = [metric for metric, pattern in _METRIC_RE[:-1] if pattern.search(text)]
    if len(named) > 1:
        # "You told me precision is 0.8. What about recall?": a metric said in an earlier sentence is context,
        # the last sentence asks; "How often is it wrong? Precision I mean.": a metric's own name beats a phrasing
        *earlier, final = _SENTENCES.split(text.strip())
        last = [m for m, pattern in _METRIC_RE[:-1] if pattern.search(final)]
        own = [m for m in named if _METRIC_NAMES[m].search(text)]
        told = bool(earlier) and not any(e.rstrip().endswith("?") for e in earlier)  # statements, no questions
        told = told or (bool(earlier) and _NARROWED.match(final) is not None)  # "... and recall? just precision"
        if told and len(last) == 1 and len(named) == 2 and not _EVERY_METRIC.search(text):
            return last[0]
        if len(own) == 1 and len(named) == 2 and not _EVERY_METRIC.search(text):
            return own[0]
        if not own and len(named) == 2 and "accuracy" in named and not _EVERY_METRIC.search(text):
            # "when it says X, how often is that right": the general "how often right" and the specific precision
            return next(m for m in named if m != "accuracy")
    if len(named) > 1 or (named and _EVERY_METRIC.search(text)):
        return "all"  # "precision and recall", "every metric, the confusion matrix included"
    if named:
        return named[0]
    return "all" if _METRIC_RE[-1][1].search(text) or _EVERY_METRIC.search(text) else None


_SENTENCES = re.compile(r"(?<=[.?!])\s+(?=\S)")
# A last sentence that narrows what was asked before it to one metric: "just precision is fine", "only recall".
_NARROWED = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|actually|no|sorry|well|or|on\s+second\s+thought)\W+)*(?:just|only)\b", re.I
)
# Each metric by its own name, not a phrasing of it.
_METRIC_NAMES = {
    "confusion_matrix": re.compile(r"\bconfusion\s+matri(?:x|ces)\b|\bcm\b|\bconf\.?\s+mat(?:rix|rices)?\b", re.I),
    "roc_auc": re.compile(r"\broc\b|\bauc\b|auroc", re.IGNORECASE),
    "f1": re.compile(r"\bf[\s_-]?1\b|\bf[\s_-]?(?:score|measure)\b", re.IGNORECASE),
    "precision": re.compile(r"\bprecision\b", re.IGNORECASE),
    "recall": re.compile(r"\brecall\b|\bsensitivity\b", re.IGNORECASE),
    "accuracy": re.compile(r"\baccuracy\b", re.IGNORECASE),
}


def _category_mentions(text: str, schema: HostSchema, already: Collection[str]) -> list[tuple[str, str]]:
    """Categories named on their own ("a female smoker"), when only one feature has that category.

    A category word inside a feature's name ("home" in "home ownership") or owned by someone ("own their
    home") names no value.
    """
    found = []
    inside = [(m.start, m.end) for m in feature_mentions(text, schema)]
    said: list[tuple[int, int]] = []  # a longer value's words: "shared house" names no "house"
    for key, pair in sorted(_terms(schema).categories, key=lambda item: len(item[0]), reverse=True):
        if pair[0] not in already:
            # a value with an underscore is also written with a hyphen or a space ("asia-europe" for asia_europe)
            spelled = re.escape(key).replace("_", r"[_\s-]")
            for match in re.finditer(rf"(?<![\w-]){spelled}(?![\w-])", text, re.IGNORECASE):
                if any(low <= match.start() < high for low, high in [*inside, *said]) or _OWNED.search(
                    text[: match.start()]
                ):
                    continue
                found.append(pair)
                said.append((match.start(), match.end()))
                break
    return found


_OWNED = re.compile(r"\b(?:their|his|her|my|your|its)\s+$", re.IGNORECASE)
