"""Spelling of a request made regular before extraction: number words, percentages, abbreviations, typos.

`normalize` rewrites only what has one reading, so that the patterns of `simxai.extraction` meet a single
form of each value:

- number words become digits ("patient forty-one" -> "patient 41", "a hundred and ten" -> "110", "twenty
  five" -> "25"); a lone "one" stays a word ("this one", "another one") unless an id noun or a unit
  frames it ("patient one", "one percent"); a host's own name that holds a number word (a category
  "two-year", a label "one star") stays a name, written as the host writes it ("a two year contract" ->
  "a two-year contract");
- percentages in words become "%" after a number ("five percent", "20 per cent");
- abbreviations of an id become the host's noun ("pt 88", "pt. 88") or "number" ("no. 7", "nr 7");
- contractions written without their apostrophe get it back ("didnt" -> "didn't"), and a few chat
  spellings are written out ("wat" -> "what");
- a word of five letters or more that is one edit (insertion, deletion, substitution or transposition of
  neighbours) away from exactly one known word becomes that word ("pateint" -> "patient", "probabilty" ->
  "probability"). Known words are the host's own (feature names and aliases, labels, its noun) and a
  short lexicon of what users ask about a model; callers may add more (the router adds its specs' words).

Spoken and dictated forms (ids said in pairs, "oh", "point two", "35k", spelled letters, fillers, restarts,
"wear" for "were") are read by `simxai._spoken`.

Every rewrite is a linear scan over word tokens: no pattern here can backtrack on long inputs.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable

from simxai._accents import fold_host_accents
from simxai._chat_spellings import CHAT, CONTRACTIONS
from simxai._english_words import COMMON_WORDS
from simxai._label_adverbs import label_adverbs
from simxai._noun_plural import regular_noun_plural
from simxai._number_forms import decimal_points, dotted_ids
from simxai._spoken import SCALES, TENS, UNITS, Spoken, apply_edits, clean_speech, number_value, read_numbers
from simxai._word_endings import without_ending
from simxai._yes_no_antonyms import yes_no_antonyms
from simxai._yes_no_other_way import other_way_denied
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import spaced_name
from simxai.hosts.schema_words import holds_true_false, host_words

__all__ = ["TENS", "UNITS", "normalize", "number_value"]

# What users ask about a model, besides the host's own words: targets of typo correction.
_LEXICON = frozenset(
    """
    probability probabilities prediction predictions predicted predict predicts explanation explanations
    explain important importance features feature counterfactual counterfactuals accuracy accurate precision
    recall performance perform model classifier confidence confident likely likelihood higher lower increase
    decrease increased decreased average dataset instance instances outcome because another sentiment
    positive negative metric metrics matrix confusion global overall influence influential contribute
    contribution factors between older younger greater smaller larger bigger percent difference different
    compare comparison against labelled classified describe information training trained correct mistake
    mistakes everyone predicting explaining similar instead scenario wrong itself
    """.split()
)
# Ordinary words at one edit from a target that must stay as written.
_PROTECTED = frozenset(
    """
    those these things think thing where whose while white whole wrote write written words world worse worst
    lover lowers power tower older order under other otter early nearly clearly really fairly value valued
    valid values stale table tables cable fable state states stats later latter letter after alter water
    women woman human humans model modes nodes notes votes voted noted rated rates dates gates place plane
    plans scare share shore store score scores score scope slope label level levels lever never fever seven
    eleven given giver liver river hours house mouse month months north south earth death heath health
    wealth their there three threw throw whose whole those could would should about above abode bound round
    sound found pound mound wound lower lowed loved lived lives likes liked bikes miles smile while least
    holder holders colder bolder folder solder elder slower flower blower glower mower cower bower large
    wrung wring strong itsy
    """.split()
)
_WORD = re.compile(r"[A-Za-z][A-Za-z']*|\d+(?:\.\d+)?|%|#")


def _one_edit(a: str, b: str) -> bool:
    """Whether `a` and `b` differ by exactly one insertion, deletion, substitution or adjacent swap."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1 :]
    if a[i + 1 :] == b[i + 1 :]:
        return True
    return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]


def _is_inflection(word: str, target: str) -> bool:
    """Whether one of the two words is the other plus a final s or d ("predicts" beside "predict")."""
    longer, shorter = (word, target) if len(word) > len(target) else (target, word)
    return len(longer) == len(shorter) + 1 and longer.startswith(shorter) and longer[-1] in "sd"


def word_stems(word: str) -> set[str]:
    """The word, lowercased, and its forms without an inflection ("rejected" -> reject, rejecte, rejected), as the
    arguments read a class said as a verb (`_polarity.inflected_class`) where four letters would not be left: a
    stem in a consonant and -y ("dried", "dries" -> dry) and a short one in a vowel, a consonant and -e ("aged" ->
    age, "uses" -> use).
    """
    low = word.lower()
    stems = {low} | {without_ending(word, (suffix,)) for suffix in ("s", "d", "ed", "ing", "e")}
    short = _SHORT_INFLECTION.fullmatch(low)
    if short is not None:
        stems.add(short.group("y") + "y" if short.group("y") else short.group("e"))
    return stems


# "dried", "carries" (a consonant before -ied / -ies: not "died", "lies"); "aged", "uses" (a stem of three letters)
_SHORT_INFLECTION = re.compile(r"(?P<y>[a-z]+[b-df-hj-np-tv-z])ie[sd]|(?P<e>[aeiou][b-df-hj-np-tv-z]e)[sd]")


@functools.lru_cache(maxsize=64)
def _targets(
    schema_words: tuple[str, ...], extra: tuple[str, ...]
) -> tuple[frozenset[str], dict[int, tuple[str, ...]]]:
    """Known words (never corrected) and, by length, the words a typo may be corrected to."""
    targets = set(_LEXICON) | {w for w in schema_words if len(w) >= 4}
    known = targets | set(extra) | _PROTECTED | set(UNITS) | set(TENS) | set(SCALES)
    by_length: dict[int, list[str]] = {}
    for word in targets:
        by_length.setdefault(len(word), []).append(word)
    return frozenset(known), {n: tuple(sorted(words)) for n, words in by_length.items()}


def _schema_words(schema: HostSchema | None) -> tuple[str, ...]:
    if schema is None:
        return ()
    words: set[str] = set()
    names = [*schema.class_names]
    for feature in schema.features:
        names += [feature.name, *feature.aliases, *(feature.categories or [])]
    if schema.instance_noun:
        names += [schema.instance_noun, schema.instance_noun + "s"]
    names += [spaced_name(feature.name) for feature in schema.features]  # "MonthlyFee": "monthly", "fee"
    for name in names:
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", name.replace("_", " ")))
    # an adjective in -y is said as its verb too ("raining" for rainy): a known word, never "training"
    words.update(f"{w[:-1]}ing" for w in list(words) if re.fullmatch(r"[a-z]{2,}[^aeiouy]y", w))
    return tuple(sorted(words))


@functools.lru_cache(maxsize=64)
def _targets_stems(known: frozenset[str]) -> frozenset[str]:
    """The stems of known words without their inflection ("raining" -> rain): other forms are real words."""
    return frozenset(w[: -len(x)] for w in known for x in ("ing", "ed") if w.endswith(x) and len(w) - len(x) >= 4)


def _correct(word: str, known: frozenset[str], by_length: dict[int, tuple[str, ...]]) -> str | None:
    lower = word.lower()
    if len(lower) < 5 or lower in known or "'" in lower:
        return None
    if any(stem in known for stem in word_stems(lower) - {lower}):
        return None  # a known word inflected ("rained" beside the host's "rain"), no typo of "trained"
    if any(lower + suffix in known for suffix in ("s", "d", "ed", "ing")):
        return None  # the stem of a known word ("train" beside "trained"), no typo of the host's "rain"
    if {lower[: -len(x)] for x in ("s", "ed", "ing") if lower.endswith(x)} & _targets_stems(known):
        return None  # another inflection of a known word's stem ("rained" beside "raining"), a real word
    found = {
        target
        for n in (len(lower) - 1, len(lower), len(lower) + 1)
        for target in by_length.get(n, ())
        if _one_edit(lower, target)
        and not _is_inflection(lower, target)
        # a common word becomes no other word ("change" no "charge"), only a longer form of itself ("smoke": smoker)
        and (lower not in COMMON_WORDS or target.startswith(lower))
    }
    return found.pop() if len(found) == 1 else None


# "pt 88", "pt. 88", "pts 3 and 4", "no. 7", "nr 7", "num 7", "id#7", "id-7": abbreviations before a number.
_ABBREVIATION = re.compile(
    r"\b(?P<a>pts?\.?|no[.#]|nr\.?|nbr\.?|num\.?)(?=[ #:]{0,3}\d)|(?<![\w#-])(?P<id>id)(?:#|-(?=\d))", re.IGNORECASE
)
_PERCENT = re.compile(r"(?<=\d)[ ]?(?:per[ ]?cent(?:age)?|pct)\b", re.IGNORECASE)
# "10 percentage points lower": an absolute step in the feature's own unit, never a relative "10%"
_PERCENT_POINTS = re.compile(r"(?<=\d)[ ]?(?:per[ ]?cent(?:age)?|pct|%)[ ]?(?=points?\b)", re.IGNORECASE)
# "w/ 3 cooks", "w/o the fee": the chat shorthands of "with" and "without" (not "kg/w", a path, or "w/e")
_WITH = re.compile(r"(?<![\w/])w/(?:(?P<o>o)\b|(?=\s|\d))", re.IGNORECASE)


def normalize(text: str, schema: HostSchema | None = None, vocabulary: Iterable[str] = ()) -> str:
    """`text` with number words as digits, "percent" as "%", id abbreviations, contractions and typos fixed.

    For a text host (or no schema) a turn may carry the text to classify without quotes, which must reach
    the model as written: then only id abbreviations, number words right after an id word ("review
    forty-one"), the noun said in two words and fillers ("um") are rewritten.

    Args:
        text: the user's words.
        schema: the host's schema, whose feature names, aliases, categories, labels and noun are known words.
        vocabulary: further known words (e.g. the words of the function specs): never corrected themselves.
    """
    full = schema is not None and schema.kind != "text"
    extra = tuple(sorted({w.lower() for w in vocabulary}))
    words, spoken, names = _host_forms(schema)
    if full and schema is not None:
        text = regular_noun_plural(_denied_by_prefix(fold_host_accents(text, schema), schema), schema)
        text = other_way_denied(text, schema)  # "fire-baked" for oven_baked=False, from the column's description
        text = yes_no_antonyms(label_adverbs(text, schema), schema)  # "arrive punctually", "dry" for wet=False
    return _normalize(text, words, extra, spoken, full, names)


@functools.lru_cache(maxsize=64)
def _prefix_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    return re.compile(rf"\bun-?({'|'.join(map(re.escape, names))})\b", re.IGNORECASE) if names else None


def _denied_by_prefix(text: str, schema: HostSchema) -> str:
    """`text` with a yes/no feature's one-word name denied by "un" as "not" and the name: "uninsured" -> "not
    insured" of a feature `insured` holding True/False, so that every reader takes it as the feature's "no" (a word
    the host knows itself, a category or a name, stays).
    """
    known = host_words(schema, labels=False)
    names = tuple(
        sorted(
            name.lower()
            for f in schema.features
            if holds_true_false(f)
            for name in (f.name, *f.aliases)
            if name.isalpha() and f"un{name.lower()}" not in known
        )
    )
    pattern = _prefix_pattern(names)
    return pattern.sub(r"not \1", text) if pattern is not None else text


# What `normalize` derives from a schema, by the schema's identity (a schema is frozen; the entry holds it, so
# its id cannot be reused while cached): read once per host instead of on every call.
_HOST_FORMS: dict[int, tuple[HostSchema, tuple[str, ...], Spoken, tuple[tuple[str, tuple[str, ...]], ...]]] = {}


def _host_forms(
    schema: HostSchema | None,
) -> tuple[tuple[str, ...], Spoken, tuple[tuple[str, tuple[str, ...]], ...]]:
    if schema is None:
        return (), Spoken(), ()
    hit = _HOST_FORMS.get(id(schema))
    if hit is None or hit[0] is not schema:
        words = _schema_words(schema)
        if len(_HOST_FORMS) >= 64:
            _HOST_FORMS.clear()
        hit = _HOST_FORMS[id(schema)] = (schema, words, _spoken(schema, words), _number_names(schema))
    return hit[1], hit[2], hit[3]


def _spoken(schema: HostSchema | None, schema_words: tuple[str, ...]) -> Spoken:
    """What the spoken-number reader needs of the host: noun, id range, numeric features, names to spell."""
    if schema is None:
        return Spoken()
    features = []
    for feature in schema.features:
        if feature.type == "numeric":
            for name in (feature.name, *feature.aliases):
                words = tuple(w.lower() for w in _WORD.findall(name.replace("_", " ")))
                if words:
                    features.append((words, feature.min, feature.max))
    acronyms = {w.lower() for m in schema.metrics for w in m.split("_")} | set(schema_words)
    return Spoken(_noun(schema), schema.id_range, tuple(features), frozenset(acronyms))


def _number_names(schema: HostSchema | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The host's names (categories, labels, features, aliases) with a number word, and their word tokens."""
    if schema is None:
        return ()
    names = [*schema.class_names]
    for feature in schema.features:
        names += [feature.name, *feature.aliases, *(feature.categories or [])]
    found = {}
    for name in names:
        words = tuple(w.lower() for w in _WORD.findall(name.replace("_", " ")))
        if any(w in UNITS or w in TENS for w in words):
            found[name] = words
    return tuple(sorted(found.items()))


def _named_spans(
    tokens: list[tuple[int, int, str]], text: str, names: tuple[tuple[str, tuple[str, ...]], ...]
) -> list[tuple[int, int, str]]:
    """Edits (start, end, name) for each run of tokens spelling one of `names`, joined by spaces, - or _."""
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        hit = None
        for name, words in names:
            window = tokens[i : i + len(words)]
            if len(window) == len(words) and all(t[2] == w for t, w in zip(window, words, strict=True)):
                gaps = (text[a[1] : b[0]] for a, b in zip(window, window[1:], strict=False))
                if all(0 < len(gap) <= 3 and not gap.strip(" -_") for gap in gaps):
                    if hit is None or len(words) > len(hit[1]):
                        hit = (name, words)
        if hit is None:
            i += 1
            continue
        out.append((tokens[i][0], tokens[i + len(hit[1]) - 1][1], hit[0]))
        i += len(hit[1])
    return out


def _noun(schema: HostSchema | None) -> str:
    return (schema.instance_noun or "").lower() if schema is not None else ""


# A decimal with a word of two letters or more glued to it ("1.6mm", "3.5days"); one letter ("1.5x", "2.5k") is a
# factor or a suffix of thousands, read as it is.
_GLUED_DECIMAL = re.compile(r"(?<![\w.])(\d+\.\d+)([A-Za-z]{2,})\b")


@functools.lru_cache(maxsize=512)
def _normalize(
    text: str,
    schema_words: tuple[str, ...],
    extra: tuple[str, ...],
    spoken: Spoken,
    full: bool,
    names: tuple[tuple[str, tuple[str, ...]], ...] = (),
) -> str:
    known, by_length = _targets(schema_words, extra)
    text = dotted_ids(_joined_ids(text, spoken.id_range), spoken)  # "118.146": an id with a thousands dot
    text = clean_speech(_hyphened_ids(decimal_points(text, spoken.noun) if full else text, spoken), spoken, full)
    tokens = [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text)]
    named = _named_spans(tokens, text, names) if names else []
    named_ends = [n_end for _, n_end, _ in named]  # increasing: the spans do not overlap

    def outside_names(start: int, end: int) -> bool:
        k = bisect.bisect_right(named_ends, start)  # the first name ending after `start`
        return k == len(named) or named[k][0] >= end

    edits = sorted(
        named + [e for e in read_numbers(tokens, text, spoken, ids_only=not full) if outside_names(e[0], e[1])]
    )
    ends = iter([(s, e) for s, e, _ in edits])  # sorted, as the numbers were found left to right
    span = next(ends, None)
    corrected: dict[str, str | None] = {}
    for start, end, word in tokens if full else ():
        while span is not None and span[1] <= start:
            span = next(ends, None)
        if span is not None and span[0] <= start:
            continue  # inside a number
        original = text[start:end]
        if _in_compound(text, start, end):
            # a part of a hyphenated word ("smoke-testing", "follow-up") is no typo of a host word
            replacement = CONTRACTIONS.get(word) or CHAT.get(word)
        else:
            if word not in corrected:
                corrected[word] = CONTRACTIONS.get(word) or CHAT.get(word) or _correct(word, known, by_length)
            replacement = corrected[word]
        if replacement is not None:
            if original[:1].isupper():
                replacement = replacement[:1].upper() + replacement[1:]
            edits.append((start, end, replacement))
    out = apply_edits(text, edits)
    if full:
        out = _PERCENT_POINTS.sub(" ", out)
        out = _PERCENT.sub("%", out)
        out = _GLUED_DECIMAL.sub(r"\1 \2", out)  # "1.6mm" -> "1.6 mm": else a reader's `\d+\b` takes the 1 alone
        out = _WITH.sub(lambda m: "without" if m.group("o") else "with ", out).replace("with  ", "with ")
    out = _ABBREVIATION.sub(lambda m: _expand(m, spoken.noun), out)
    return _BEFORE_NUMBER.sub(lambda m: _id_noun(m, spoken.noun, full), out)


# A number written with thousands separators ("65,124"); a list "3,4" or "101, 102" has no 3-digit groups or spaces.
_GROUPED = re.compile(r"(?<![\d,.])\d{1,3}(?:,\d{3})+(?![\d]|[.,]\d)")
# ... or with a space between its groups ("hive 110 030"), as ids are read out; none of the groups an id itself
_SPACED = re.compile(r"(?<![\d,.])\d{1,3}(?: \d{3})+(?![\d]|[.,]\d)")


def _joined_ids(text: str, id_range: tuple[int, int] | None) -> str:
    """`text` with an id written with thousands separators or spaces as plain digits ("slope 65,124" -> "slope
    65124", "hive 110 030" -> "hive 110030").

    Only when the joined number is one of the host's ids and its first group is not (with spaces: none of its
    groups is): on a host whose ids run from 1 to 500, "101,102" stays two ids.
    """
    if id_range is None or not re.search(r"\d[, ]\d", text):
        return text
    low, high = id_range

    def join(match: re.Match[str]) -> str:
        groups = re.split(r"[, ]", match.group())
        joined = int("".join(groups))
        # with commas the first group alone decides; a space may also part two ids ("110 030" is one, "12 130" two)
        parts = groups if " " in match.group() else groups[:1]
        in_range = low <= joined <= high and not any(low <= int(g) <= high for g in parts)
        return str(joined) if in_range else match.group()

    return _SPACED.sub(join, _GROUPED.sub(join, text))


# An id written in two groups with a hyphen ("boat 103-704", "hive 104-019"), as a long number is read out.
_HYPHENED = re.compile(r"(?<![\d,.\-])(?P<a>\d{1,3})-(?P<b>\d{3})(?![\d\-]|[.,]\d)")


def _hyphened_ids(text: str, spoken: Spoken) -> str:
    """`text` with an id written in two groups joined by a hyphen as plain digits ("103-704" -> "103704").

    Only when the joined number is one of the host's ids, neither group is, and the pair is no range of values:
    the second group starts with 0 ("104-019"), or is smaller than the first, or no numeric feature's values
    reach from the first to the second ("rows 100-150" on ids 0-441, "glucose 100-150" stay as written).
    """
    if spoken.id_range is None or "-" not in text:
        return text
    low, high = spoken.id_range

    def join(match: re.Match[str]) -> str:
        first, second = int(match.group("a")), int(match.group("b"))
        joined = int(match.group("a") + match.group("b"))
        if not low <= joined <= high or low <= first <= high or low <= second <= high:
            return match.group()
        # a feature whose values hold both numbers ("glucose 100-150"); one that only overlaps them (a load of 50-600
        # kg for "105-829") reads no range in them
        ranged = any((lo is None or lo <= first) and (hi is None or hi >= second) for _, lo, hi in spoken.features)
        if match.group("b").startswith("0") or second < first or not ranged:
            return str(joined)
        return match.group()

    return _HYPHENED.sub(join, text)


def _in_compound(text: str, start: int, end: int) -> bool:
    """Whether the word at `text[start:end]` is joined to another word by a hyphen ("smoke" in "smoke-testing")."""
    after = text[end : end + 2]
    before = text[max(0, start - 2) : start]
    return (len(after) == 2 and after[0] == "-" and after[1].isalpha()) or (
        len(before) == 2 and before[1] == "-" and before[0].isalpha()
    )


# Words users name a record by. A misspelling of one right before a number is that word ("memebr 5020",
# "reveiw 12", "aplicants 3 and 4"). On a text host, whose turns may carry an unquoted text, only the host's
# own noun is read so ("reveiw 12" -> "review 12"): "the patent 3 ..." may be the text to classify.
_ID_NOUNS = (
    "member customer client account applicant application policyholder borrower participant patient review "
    "instance record sample subject profile"
).split()
_BEFORE_NUMBER = re.compile(r"\b(?P<w>[A-Za-z]{3,})(?=[ ]?[#:]?[ ]?\d)")


def _id_noun(match: re.Match[str], noun: str, full: bool) -> str:
    """The id noun a misspelt word before a number stands for, or the word as written."""
    word = match.group("w")
    lower = word.lower()
    nouns = {n for n in (noun, *(_ID_NOUNS if full else ())) if n and " " not in n}
    forms = nouns | {n + "s" for n in nouns}
    if lower in forms or lower in _LEXICON or lower in _PROTECTED:
        return word
    found = {form for form in forms if len(lower) >= 5 and _one_edit(lower, form) and not _is_inflection(lower, form)}
    if not found and noun and len(lower) >= 3 and noun.startswith(lower) and " " not in noun:
        found = {noun}  # "appl 88", "pol 5010", "rev 12": the host's own noun cut short
    return found.pop() if len(found) == 1 else word


def _expand(match: re.Match[str], noun: str) -> str:
    if match.group("id"):
        return "id "
    word = match.group("a").lower().rstrip(".#")
    if word.startswith("p"):
        return (noun or "instance") + ("s" if word == "pts" else "")
    return "number"
