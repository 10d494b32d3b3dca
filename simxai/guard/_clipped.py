"""A feature called by a clipped word of its names, a figure right after it (claims-41, helper gfa34).

"moist 9.5→10.4", "len ≥ 28.0", "hrs .43" (g31: MoistureContent with the alias "moisture", "Stigma Length (mm)" with
"thread length", "hours to drying"), "credit ≥ 617" (g30: credit_score), "buzz +.05" (g30: a count of buzzing
strings). The host lists no such word, so the reading took the word for an invented feature ("feature moist") or
bound the figure after it to the feature named before it ("crocin≥211, moist≤10.2": 10.2 read as crocin's).

A word of the reply is read as the feature's name, for this reply, when a figure follows it (a number, after a sign
or a comparison at most) and it is a clipped form of a word of exactly one feature's names: that word's first
letters (three or more; "len" of length, "moist" of moisture), the whole word ("credit" of credit_score), or its
consonants in order after its first letter ("hrs" of hours). Not a word the host's names already are, a class's
first letters, the instance noun, nor a common word of `_causes._COMMON` ("rate", "total", "mean"). A clipped word
with no figure after it stays what it was ("open credit cards" on a loan host is still an invented feature).
A name's first three letters ("len" of length, claims-43) only in a reply that clips names: another feature's or a
class's ("→ prem if len 31.0→30.9mm").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from simxai.guard._causes import _COMMON
from simxai.guard._mentions import camel_split
from simxai.guard._prefilter import gated

__all__ = ["FIGURE_AFTER", "clipped_aliases", "clipped_labels", "figure_words"]

#: What follows a word for a figure to come right after it: a number, after a sign or a comparison at most.
FIGURE_AFTER = r"\s?(?:[:=]|[<>≤≥≈~]=?)?\s?[-+±−–]?\s?(?P<n>\.?\d[\d.]*)"
#: A word with a figure right after it: "moist 9.5", "len≥28.0", "credit ≥ 617", "hrs .43", "len -1.6".
_BEFORE_FIGURE = re.compile(rf"(?<![\w.'-])([A-Za-z]{{3,}})(?={FIGURE_AFTER})")
_VOWELS = frozenset("aeiouy")
#: A word an arrow points to before a change's condition: "066 → prem if moist 12.9→12.2" (claims-42).
_ARROW_WORD = gated(r"((?:→|->)\s*)([A-Za-z]{3,})(?=\s+(?:if|when|once|with|by|after)\b)")
#: A word a preposition of a class leads at a clause's end: "+3.45 for dngr;", "turns it to prem." (claims-43).
_LED_WORD = gated(r"\b(?:for|to|towards?|into)\s+([A-Za-z]{3,})(?=\s*(?:[;,.:)]|$))", re.M)
#: Words of a measure: a name's word, but said alone as often of anything else ("average size 0.199", "days 4").
_MEASURES = frozenset(
    "size count rate time days years hours minutes amount level number index ratio percent score value weight "
    "length width height depth temp".split()
)


#: Words of grammar a name may hold ("years between cuts", "days since wash", "time after rain") that never stand for
#: it before a figure: "between 8 and 119", "since 2019", "after 3 days" (claims-55, gfa48).
_FUNCTION = frozenset(
    "between since after before until from into onto over under above below within without through during across "
    "about around than then with while when where which whose".split()
)


def figure_words(reply: str, ids: Iterable[int] = ()) -> set[str]:
    """The words of `reply` (lower case) with a figure right after it that is none of the subjects' `ids`: "moist
    9.5", "len≥28.0", "cotton −.004"; not "Parcel 39116" (a subject named by its id).
    """
    known = {str(i) for i in ids}
    return {m.group(1).lower() for m in _BEFORE_FIGURE.finditer(reply) if m.group("n").rstrip(".") not in known}


def _parts(spelled: str) -> list[str]:
    """The lower-case words of a name: "MoistureContent" -> moisture, content; "Stigma Length (mm)" -> stigma,
    length, mm.
    """
    return list(_name_parts(spelled))


@functools.lru_cache(maxsize=1024)
def _name_parts(spelled: str) -> tuple[str, ...]:
    """`_parts`, read once per name: a host's names are read on every reply."""
    split = camel_split(spelled)
    return tuple(p for p in re.split(r"[_\W\d]+", split.lower()) if p)


def _clips(word: str, part: str) -> bool:
    """Whether `word` clips `part`: its first letters (four or more), the whole of it (no word of a measure alone,
    "size" of flock_size), or its consonants in order after its first letter ("hrs" of hours, three or more).
    """
    if len(part) < 4 or len(word) < 3:
        return False
    if word == part:
        return word not in _MEASURES
    if part.startswith(word) and len(word) >= 4:
        return True
    if word[0] != part[0] or len(word) >= len(part) or any(c in _VOWELS for c in word[1:]):
        return False
    rest = iter(part[1:])
    return all(c in rest for c in word[1:])


def clipped_aliases(
    reply: str,
    features: Sequence[str],
    aliases: Mapping[str, Sequence[str]],
    labels: Sequence[str],
    noun: str,
    taken: set[str],
    ids: Iterable[int] = (),
) -> dict[str, list[str]]:
    """For each feature, the words of `reply` that clip a word of its names (`features` with `aliases`) and no other
    feature's, each with a figure right after it; `taken`: the names and aliases already known, lower case.
    """
    parts = {name: {p for s in (name, *aliases.get(name, ())) for p in _parts(s)} for name in features}
    banned = {noun.lower(), *_COMMON, *_FUNCTION}
    class_words = [p for label in labels for p in _parts(label)]
    out: dict[str, list[str]] = {}
    short: dict[str, str] = {}
    for word in figure_words(reply, ids):
        if word in taken or word in banned or any(c.startswith(word) for c in class_words):
            continue
        if word[:5] == noun.lower()[:5]:
            continue  # "tenancy 37024" on a host of tenants: the subject and its id
        owners = [name for name, words in parts.items() if any(_clips(word, p) for p in words)]
        if len(owners) == 1:
            out.setdefault(owners[0], []).append(word)
            continue
        owners = [name for name, words in parts.items() if any(_heads(word, p) for p in words)]
        if len(owners) == 1:
            short[word] = owners[0]
    if short and (out or _clips_a_class(reply, class_words, taken | banned)):
        # a name's first three letters ("len" of length) only in a reply that clips other names too (claims-43)
        for word, name in short.items():
            out.setdefault(name, []).append(word)
    return out


def _clips_a_class(reply: str, class_words: Sequence[str], known: set[str]) -> bool:
    """Whether `reply` says a class by a clipped word ("→ prem if len 31.0→30.9mm"): a word of three letters or more
    that starts a word of a class's name and is not that word, nor one of the `known` names and common words.
    """
    said = {w.lower() for w in re.findall(r"(?<![\w'-])[A-Za-z]{3,}(?![\w'-])", reply)} - known
    return any(w not in class_words and any(c.startswith(w) for c in class_words) for w in said)


def _heads(word: str, part: str) -> bool:
    """Whether `word` is the first three letters of `part`, a word of five letters or more ("len" of length)."""
    return len(word) == 3 and len(part) >= 5 and part.startswith(word)


def clipped_labels(text: str, labels: Sequence[str], names: Sequence[str]) -> str:
    """`text` with each word that clips exactly one class's name, a figure right after it, written as that class:
    "102 prem .95" reads "102 premium .95", "dngr .96" "downgraded .96" (g31), "(pos 26.2%)" "(positive 26.2%)"
    (g18), "neg 0.859" "negative 0.859" (g14); also a word an arrow points to before a condition ("→ prem if ...",
    claims-42). Only classes of one word; not a word of a feature's `names`, a class
    itself, nor a common word ("std" is as often a standard deviation) unless the reply clips another class too
    ("prem 95% (std 5%)", claims-43).
    """
    arrowed = {m.group(2).lower() for m in _ARROW_WORD.finditer(text)}
    led = {m.group(1).lower() for m in _LED_WORD.finditer(text)}
    said = figure_words(text) | arrowed | led
    if not said:
        return text
    single = [label for label in labels if re.fullmatch(r"[A-Za-z]+", label)]
    known = {label.lower() for label in labels} | {p for name in names for p in _parts(name)}
    full: dict[str, str] = {}
    common: dict[str, str] = {}
    for word in said - known:
        owners = [label for label in single if _clips(word, label.lower()) and len(word) < len(label)]
        if len(owners) == 1:
            (common if word in _COMMON else full)[word] = owners[0]
    if full:
        # a common word that clips a class is that class when the reply clips another class too: "prem 95% (std
        # 5%)" says standard's 5 %, not a deviation (claims-43)
        full |= {word: label for word, label in common.items() if label not in full.values()}
    if not full:
        return text
    pattern = re.compile(rf"(?<![\w.'-])({'|'.join(map(re.escape, sorted(full)))})\b(?={FIGURE_AFTER})", re.I)
    text = pattern.sub(lambda m: full[m.group(1).lower()], text)
    if led & set(full):
        text = _LED_WORD.sub(lambda m: m.group(0).replace(m.group(1), full.get(m.group(1).lower(), m.group(1))), text)
    if not arrowed & set(full):
        return text
    return _ARROW_WORD.sub(lambda m: m.group(1) + full.get(m.group(2).lower(), m.group(2)), text)
