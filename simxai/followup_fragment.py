"""Fragments that continue a dialogue: an instance with a description, the speaker's own id, a count.

A follow-up is often a noun phrase, not a request: "and for my dad, patient 203?", "review 2, the battery
one", "can you give me three". Such a turn asks nothing of its own; it replaces one thing of the question
before it. This module reads what it replaces:

- `without_description` drops the words that only describe an instance ("my dad", "the battery one"): words
  no function spec uses and possessives, so "and for my dad, patient 203?" reads as "and for patient 203?".
  A word of the specs ("probability", "counterfactual") is kept, so a fragment that names a function of its
  own is not taken for a follow-up.
- `speaker_instance` reads the id a speaker gives for themselves ("im 5419", "5600 here", "my policy number
  is 5140"): the instance "my" and "I" refer to. A number that could be the speaker's age is no id.
- `asked_count` reads a count asked for on its own ("can you give me three", "show me 5") after a call that
  takes one (`number_of_iterations`).
- `ordinal` reads "the second one" in a turn, `ordinal_fragment` a turn that is only that ("and the first
  one?"): the k-th instance of the last answer that listed several.
- `swapped_category` moves a categorical condition to another category the turn names ("and silver?" after
  `plan = gold`).
- `word_edit` reads an unquoted edit of the text in focus ("gorgeous -> okay", "what if phone was book"):
  only when the words it replaces are words of that text.

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from simxai.extraction import category_form
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.normalize import normalize
from simxai.registry import FunctionSpec

__all__ = [
    "asked_count",
    "category_clause",
    "count_parameter",
    "speaker_instance",
    "spec_vocabulary",
    "swapped_category",
    "word_edit",
    "ordinal",
    "ordinal_fragment",
    "without_description",
]

# A possessive and the one or two words of its noun phrase ("my dad", "her husband", "our oldest customer").
_POSSESSIVE_PHRASE = re.compile(r"\b(?:my|our|his|her|their)\s[A-Za-z'-]+(?:\s[a-z'-]+)?", re.IGNORECASE)
# "... is mine", "... it's ours"
_IS_MINE = re.compile(r"\b(?:is|it'?s)\s(?:mine|ours|hers|his|theirs)\b", re.IGNORECASE)
# Words that ask for something even though no spec may use them: a turn holding one is a request of its own.
_ASKS = re.compile(
    r"\b(?:what|why|how|which|who|whom|where|when|show|tell|give|explain|predict\w*|compare|describe|list|if|"
    r"would|could|should|can|does|do|did|make|makes|get|gets|change\w*|happen\w*)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z']+")
_PLACEHOLDER = re.compile(r"\b(?:NUM|INSTANCE|GROUP|FEATURE|LABEL)\b")
# Words a description may share with the specs ("the battery one", "a new one").
_ARTICLES = frozenset("the a an one this that".split())
# At most this many describing words: a long turn of unknown words is content (a text), not a follow-up.
_MAX_DESCRIPTION = 4


@functools.lru_cache(maxsize=8)
def _vocabulary(documents: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w.lower() for document in documents for w in _WORD.findall(document) if len(w) > 2)


def spec_vocabulary(specs: Sequence[FunctionSpec]) -> frozenset[str]:
    """Every word (three letters or more) the registered functions' specs use: the words that can ask for one."""
    documents = []
    for spec in specs:
        documents += [spec.name.replace("_", " "), spec.summary, spec.description, *spec.examples]
        documents += [f"{p.name.replace('_', ' ')} {p.description}" for p in spec.parameters]
    return _vocabulary(tuple(documents))


def without_description(masked: str, vocabulary: frozenset[str]) -> str | None:
    """A masked turn with the phrases that only describe its instance dropped, or None when there are none.

    A description is an appositive: a possessive phrase ("and for my dad, patient NUM ?"), a part between
    commas with no placeholder ("review NUM , the battery one"), or "is mine". Its words (but articles) must
    be words no spec uses, so ", the probability" is never dropped. None when a word asks for something (a
    question word, a request verb), or nothing or more than four words describe: that is a request or a
    text, not a fragment. The caller tests what is left (only fillers around the instance).
    """
    if _ASKS.search(masked):
        return None
    dropped: list[str] = []

    def drop(match: re.Match[str]) -> str:
        words = [w.lower() for w in _WORD.findall(match.group(0))]
        if _PLACEHOLDER.search(match.group(0)) or any(w in vocabulary and w not in _ARTICLES for w in words[1:]):
            return match.group(0)
        dropped.extend(words)
        return " "

    rest = _IS_MINE.sub(drop, _POSSESSIVE_PHRASE.sub(drop, masked))
    parts = rest.split(",")
    if len(parts) > 1:
        kept = []
        for part in parts:
            words = [w.lower() for w in _WORD.findall(part)]
            if (
                words
                and not _PLACEHOLDER.search(part)
                and not any(w in vocabulary and w not in _ARTICLES for w in words)
            ):
                dropped.extend(words)
            else:
                kept.append(part)
        rest = " , ".join(kept)
    if not dropped or len(dropped) > _MAX_DESCRIPTION + 1:
        return None
    return " ".join(rest.split())


# "im 5419", "i am 5419", "this is 5419", "it's me, 5419"
_SELF = re.compile(
    r"\b(?:i'm|im|i\s+am|this\s+is|it'?s\s+me)\s?,?\s(?:(?:number|no\.?|id)\s)?#?(?P<n>\d+)\b(?![.,]\d|\s?%)",
    re.IGNORECASE,
)
# "5600 here", "5600 speaking"
_HERE = re.compile(r"^\W*#?(?P<n>\d+)\s(?:here|speaking)\b", re.IGNORECASE)
# "my policy number is 5140", "my id: 5140", "my application number is 716"
_MY_NUMBER = re.compile(
    r"\bmy\s(?:[a-z]+\s){0,2}?(?:id|number|no\.?|#)\s?(?:is\s|:\s?|=\s?)?#?(?P<n>\d+)\b(?![.,]\d|\s?%)",
    re.IGNORECASE,
)
_UNIT_AFTER = re.compile(r"^\s?(?:years?|yrs?|y/?o|kg|cm|lbs?|months?|points?)\b", re.IGNORECASE)


def speaker_instance(text: str, schema: HostSchema | None) -> int | None:
    """The id a speaker gives for themselves ("im 5419", "5600 here", "my policy number is 5140"), or None.

    The number must lie in the host's id range. "i'm 45" on a host with an age feature whose range holds
    45 is no id (it may be the speaker's age), nor is a number followed by a unit ("i'm 45 years old").
    """
    if schema is None or schema.id_range is None:
        return None
    text = normalize(text, schema)
    for pattern in (_MY_NUMBER, _HERE, _SELF):
        match = pattern.search(text)
        if match is None or _UNIT_AFTER.match(text[match.end() :]):
            continue
        number = int(match.group("n"))
        if not schema.has_id(number):
            continue
        if pattern is _SELF and _could_be_age(number, schema):
            continue
        return number
    return None


def _could_be_age(number: int, schema: HostSchema) -> bool:
    for feature in schema.features:
        if feature.type == "numeric" and "age" in feature.name.lower().split("_"):
            low = feature.min if feature.min is not None else 0
            high = feature.max if feature.max is not None else 120
            return low <= number <= high
    return False


# "can you give me three", "show me 5", "three more please", "could you provide three such alternatives?", "gimme 3"
_COUNT = re.compile(
    r"^\W*(?:(?:and|ok(?:ay)?|now|then|so|please)\W+)*(?:(?:can|could|would|will)\s(?:you|i|we)\s)?(?:please\s)?"
    r"(?:(?P<verb>give|show|get|find|list|send|provide|suggest|see|have)\s(?:me\s|us\s)?|(?P<gimme>gimme)\s)?"
    r"(?:(?:just|only|like)\s)?"
    r"(?P<n>\d+)(?:\s(?P<adjective>more|such|different|other|alternative|separate|possible))?"
    # "three of those changes", "two of these options": the pronoun may name what it counts
    r"(?:\s(?P<noun>ones?|options?|ways?|alternatives?|versions?|examples?|counterfactuals?|scenarios?|suggestions?|"
    r"changes|sets|of\s(?:them|those|these)(?:\s(?:changes|options|ways|sets|scenarios|alternatives|examples))?))?"
    r"(?:\s(?:please|instead|then))?\W*$",
    re.IGNORECASE,
)


def count_parameter(spec: FunctionSpec) -> str | None:
    """The parameter of `spec` that counts results (an int that is not the instance), or None."""
    return next((p.name for p in spec.parameters if p.type == "int" and p.name != "instance"), None)


def asked_count(text: str, schema: HostSchema | None) -> int | None:
    """The count a turn asks for on its own ("can you give me three" -> 3), or None.

    The turn must say nothing else, and a verb ("give me three"), an adjective ("three more") or a plural
    noun ("three options") must make the number a count: a bare "3?" stays an id.
    """
    match = _COUNT.match(normalize(text, schema))
    if match is None or not (
        match.group("verb") or match.group("gimme") or match.group("adjective") or match.group("noun")
    ):
        return None
    return int(match.group("n"))


_CATEGORY_CLAUSE = re.compile(r"^\s*(?P<feature>[A-Za-z_]\w*)\s*=\s*(?P<value>[^=<>!]+?)\s*$")
_CONTINUATION = re.compile(
    r"^\W*(?:and|but|what\s+about|how\s+about|now|also)\s+(?:(?:for|on|among|with|in)\s+)?(?:the\s+)?"
    r"(?P<words>[A-Za-z][\w' -]*?)(?:\s+(?:ones|plan|group|members|people|then|instead))?\W*$",
    re.IGNORECASE,
)


# "sheep?": the category alone, asked
_ASKED_ALONE = re.compile(r"^\W*(?:the\s+)?(?P<words>[A-Za-z][\w' -]*?)(?:\s+(?:ones|then|instead))?\W*$")


def category_clause(condition: str, schema: HostSchema) -> tuple[FeatureSchema, str] | None:
    """The feature and the value of a one-clause condition on a categorical feature (`plan = gold`), or None."""
    clause = _CATEGORY_CLAUSE.match(condition)
    feature = schema.feature(clause.group("feature")) if clause is not None else None
    if clause is None or feature is None or not feature.categories:
        return None
    return feature, clause.group("value").strip()


def swapped_category(text: str, condition: str, schema: HostSchema) -> str | None:
    """A one-clause categorical condition moved to the category a continuation names ("and silver?"), or None.

    After "accuracy for the gold plan" (`plan = gold`), "and silver?" names only another category of the same
    feature: `plan = silver`; so does the category asked alone ("silver?"). The category must belong to that feature
    and be the only words of the turn.
    """
    found = category_clause(condition, schema)
    said = normalize(text, schema)
    match = _CONTINUATION.match(said) or (_ASKED_ALONE.match(said) if said.rstrip().endswith("?") else None)
    if found is None or match is None:
        return None
    feature, value = found
    words = match.group("words").strip().lower()
    categories = feature.categories or []
    named = next((c for c in categories if c.lower() == words), None)
    if named is None:
        # the category said as a plural ("and adults?" for adult, "and the benches?" for bench) or another form
        plural = [c for c in categories if words in (f"{c.lower()}s", f"{c.lower()}es")]
        named = plural[0] if len(plural) == 1 else category_form(words, categories)
    if named is None or named.lower() == value.lower():
        return None
    return f"{feature.name} = {named}"


_ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "last": -1}
# "the second one", "the first patient", "the last of them"; "back to the first, ...": the position alone, then a mark
_ORDINAL = re.compile(
    r"\bthe\s(?P<k>first|1st|second|2nd|third|3rd|fourth|4th|last)"
    r"(?:\s(?:one|of\s(?:them|those|the\s[a-z]+)|[a-z]+)\b|(?P<alone>(?=\s?[,:;!?]|\s[-–—])))",
    re.IGNORECASE,
)
_ORDINAL_ONLY = re.compile(
    r"^\W*(?:(?:and|but|what\s+about|how\s+about|now|ok(?:ay)?|then)\W+)*(?:(?:for|about|with)\s)?the\s"
    r"(?:first|1st|second|2nd|third|3rd|fourth|4th|last)(?:\s(?:one|of\s(?:them|those)|[a-z]+))?"
    r"(?:\s(?:please|then|instead|too))?\W*$",
    re.IGNORECASE,
)


def ordinal(text: str, noun: str | None = None) -> int | None:
    """The position "the second one" / "the first patient" names (0, 1, ..., or -1 for "the last"), or None.

    With `noun`, "the first <word>" counts only when the word is "one", "of them" or the host's noun: "the
    first feature" names no instance.
    """
    for match in _ORDINAL.finditer(text):
        word = match.group(0).split()[-1].lower()
        if match.group("alone") is not None or word in ("one", "them", "those") or noun is None:
            return _ORDINALS[match.group("k").lower()]
        if word in (noun.lower(), noun.lower() + "s"):
            return _ORDINALS[match.group("k").lower()]
    return None


def ordinal_fragment(text: str, noun: str | None = None) -> bool:
    """Whether a turn only names a position ("and the first one?", "what about the second patient")."""
    return _ORDINAL_ONLY.match(text) is not None and ordinal(text, noun) is not None


# "gorgeous -> okay", "what if phone was book", "and if slow were fast": one to three words replaced by others.
_WORDS = r"[A-Za-z][\w']*(?:\s[A-Za-z][\w']*){0,2}"
_ARROW_EDIT = re.compile(
    rf"^\W*(?:(?:and|ok(?:ay)?|so|then)\s+)?(?:what\s+if\s+)?(?P<a>{_WORDS})\s?(?:->|=>|→)\s?(?P<b>{_WORDS})\W*$"
)
_IF_EDIT = re.compile(
    rf"^\W*(?:(?:and|ok(?:ay)?|so|then)\s+)?(?:what\s+)?if\s+(?:the\s+word\s+)?(?P<a>{_WORDS})\s+"
    rf"(?:was|were|is|became|said)\s+(?P<b>{_WORDS})(?:\s+instead)?\W*$",
    re.IGNORECASE,
)

_NOT_TAIL = r"[A-Za-z][\w']*(?:\s(?!(?:as\s+well|too|also)\b)[A-Za-z][\w']*){0,2}"  # the words, no "as well"
# "and bloated for tight as well", "also slow with quick": one more swap said as the last one was, continuing it
_FOR_EDIT = re.compile(
    rf"^\W*(?:and|also|plus)\s+(?:(?:swap|replace)\s+)?(?P<a>{_WORDS})\s+(?:for|with|by)\s+(?P<b>{_NOT_TAIL})"
    r"(?:\s+(?:as\s+well|too|also))?\W*$",
    re.IGNORECASE,
)

# "and bloated was tight too", "and slow were quick as well": one more swap said as a supposition without its "if"
_AND_EDIT = re.compile(
    rf"^\W*(?:and|also|plus)\s+(?:if\s+)?(?:the\s+word\s+)?(?P<a>{_WORDS})\s+(?:was|were|is|became|said)\s+"
    rf"(?P<b>{_NOT_TAIL})\s+(?:as\s+well|too|also)\W*$"
    # "and sluggish became brisk": a verb of becoming says a change without "too" ("and the duet was weak": a remark)
    rf"|^\W*(?:and|also|plus)\s+(?:the\s+word\s+)?(?P<a2>{_WORDS})\s+(?:became|becomes|turned\s+into|turns\s+into)\s+"
    rf"(?P<b2>{_NOT_TAIL})\W*$",
    re.IGNORECASE,
)


def word_edit(text: str, focus: str) -> dict[str, ChangeValue] | None:
    """The edit an unquoted turn makes to `focus`, the text in focus ("gorgeous -> okay"), or None.

    The replaced words must be words of `focus` (whole words, in any case): "what if price was high" about
    a review without "price" is no edit of it.
    """
    match = _ARROW_EDIT.match(text) or _IF_EDIT.match(text) or _FOR_EDIT.match(text) or _AND_EDIT.match(text)
    if match is None:
        return None
    old, new = (match.group("a") or match.group("a2")).strip(), (match.group("b") or match.group("b2")).strip()
    if old.lower() == new.lower() or re.search(rf"(?<!\w){re.escape(old)}(?!\w)", focus, re.IGNORECASE) is None:
        return None
    return {old: new}
