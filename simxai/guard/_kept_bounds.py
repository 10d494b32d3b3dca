"""Which end of a kept range a bound names (claims-30): "stays ready as long as its weeks since turning stay at 3 or
fewer" when the range that keeps the label runs from 3 up to 26; "stays took as long as its cambium match stays
under 70.6 %" when it runs from 70.6 up; "while the outrun stays short, at 305 m or under" of a range from 305 m.

A still-this output gives each feature the range (low, high) over which the label is kept. A number of that range
said with a word of an upper bound ("under", "below", "at most", "up to", "or fewer", "or less", "or under") must be
its high end, and one said with a word of a lower bound ("over", "above", "at least", "or more", "or over") its low
end; a negation right before the bound turns it ("can't go below 42 mm/s" is a low end). The number is bound to the
kept feature named right after it ("5 cracks"), else to the one named last before it in the sentence, and only when
it is one of that range's two ends (at the precision shown): a number that is neither end is no claim of this
reading, and a range whose two ends are the same number decides nothing. A sentence that speaks of a change ("drop
below 34 and it can change", "could undo it") says where the label is lost, and is not read. First-run misses of
three writers (g18, g20, g21) were this form, each with no claim read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai._spoken import UNITS
from simxai._word_endings import without_ending
from simxai.guard._reading import find_mentions, shown_slack

__all__ = ["kept_bound_claims"]

_NUM = r"(?P<n>\d+(?:\.\d+)?)\s*(?:%|(?!or\b)[^\W\d_]{1,8}\b)?"
#: A hedge between the bound's word and its number: "at least about 20 cents" (gfa37).
_HEDGE = r"(?:(?:about|roughly|around|approximately|some|nearly|almost|just)\s+)?"
#: A number said with the word of a bound: "under 70.6 %", "at 3 or fewer", "305 m or under".
_UPPER = r"under|below|beneath|at\s+most|up\s+to|no\s+more\s+than|less\s+than"
_LOWER = r"over|above|at\s+least|no\s+less\s+than|no\s+fewer\s+than|more\s+than"
#: A sentence that names where the label changes, not where it is kept: "drop below 34 and it can change", "the
#: one thing that could undo its take is contact below 70.6 %" (its bound is the edge of the range, said the other
#: way).
_CHANGE = re.compile(r"\b(?:chang|flip|undo|tip|turn|becom|los[et]|break|drop|fall|fell|would|could)\w*", re.I)
#: A negation right before the bound: "can't go below 42 mm/s" names the low end.
_NOT = re.compile(r"(?:\b(?:not|never|cannot|no)|n't)\s+(?:[\w-]+\s+){0,2}$", re.I)
_BOUNDS = (
    ("upper", re.compile(rf"\b(?:{_UPPER})\s+{_HEDGE}{_NUM}", re.I)),
    ("upper", re.compile(rf"(?<![\w.]){_NUM}\s*,?\s+or\s+(?:fewer|less|under|below|lower|shorter)\b", re.I)),
    (
        "lower",
        re.compile(rf"\b(?:{_LOWER})\s+{_HEDGE}{_NUM}", re.I),
    ),
    ("lower", re.compile(rf"(?<![\w.]){_NUM}\s*,?\s+or\s+(?:more|over|above|higher|longer)\b", re.I)),
)


_STEMMED = re.compile(r"[A-Za-z]{4,}")
_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


#: A small number in words right after a bound's word: "at most five times a week", "at least twice a year".
_SPELLED_BOUND = re.compile(
    rf"\b((?:{_UPPER}|{_LOWER})\s+{_HEDGE})(once|twice|{'|'.join(w for w, n in UNITS.items() if 0 < n <= 20)})\b",
    re.I,
)


def _in_digits(match: re.Match[str]) -> str:
    """The bound's words, then its number in digits ("at most 5")."""
    word = match.group(2).lower()
    return f"{match.group(1)}{ {'once': 1, 'twice': 2}.get(word) or UNITS[word] }"


def _stem(word: str) -> str:
    """A word without its inflection: "turned", "turns", "turning" -> "turn"."""
    return without_ending(word, ("ings", "ing", "ed", "es", "s"))


#: A name's words that are its unit or measure, said of any quantity ("40 hours", "twice a week"): no name's own.
_UNIT_WORDS = frozenset(
    "hour minute second week month year time cent percent count number rate level total amount size".split()
)


def _name_stems(spellings: list[str]) -> set[str]:
    """The stems of the words (four letters or more, no unit's) of a feature's spellings ("TurnsPerWeek": turn)."""
    stems = {_stem(w) for name in spellings for w in _WORDS.findall(name) if len(w) >= 4}
    return stems - _UNIT_WORDS


def _said_by_stem(sentence: str, spellings: list[str]) -> bool:
    """Whether a word of `sentence` shares a stem with a word of the feature's spellings ("turned", TurnsPerWeek)."""
    stems = _name_stems(spellings)
    return any(_stem(w) in stems for w in _STEMMED.findall(sentence))


def _fits(said: str, value: float) -> bool:
    """Whether `value` shows as `said` at the precision `said` is written with."""
    return abs(float(said) - value) <= shown_slack(said)


def kept_bound_claims(
    sentence: str, kept: dict[str, tuple[float, float, float]], features: dict[str, str], quoted_only: Iterable[str]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each bound of `sentence` on an end of a kept range: `kept` maps a feature (lower case) to
    its range's (low, current, high), `features` each spelling to its feature.
    """
    if not kept:
        return
    sentence = _SPELLED_BOUND.sub(_in_digits, sentence)
    plain = sentence
    for x in find_mentions(sentence, features, quoted_only=quoted_only):
        plain = plain[: x.start] + " " * (x.end - x.start) + plain[x.end :]  # "weeks since turning" is a name
    spelled: dict[str, list[str]] = {}
    for spelling, feature in features.items():
        if feature in kept:
            spelled.setdefault(feature, []).append(spelling)
    stems = {stem for f in spelled for stem in _name_stems(spelled[f])}
    plain = _STEMMED.sub(lambda w: " " * len(w.group(0)) if _stem(w.group(0)) in stems else w.group(0), plain)
    if _CHANGE.search(plain):  # "is turned at most 5 times" names TurnsPerWeek by its verb, no change (gfa37)
        return
    for way, pattern in _BOUNDS:
        for m in pattern.finditer(sentence):
            named = find_mentions(sentence[: m.start()], features, quoted_only=quoted_only)
            named = [x for x in named if features[x.name] in kept]
            after = sentence[m.end("n") :]
            beside = [x for x in find_mentions(after[:40], features, quoted_only=quoted_only) if x.start <= 1]
            beside = [x for x in beside if features[x.name] in kept]  # "at least 5 cracks": the count's feature
            if not named and not beside:
                # no name: the feature whose kept range alone has the number as an end, when the sentence says
                # that feature by a word of its name ("turned at most 5 times a week", gfa37)
                ends = [f for f, (lo, _, hi) in kept.items() if _fits(m.group("n"), lo) != _fits(m.group("n"), hi)]
                if len(ends) != 1 or not _said_by_stem(sentence, spelled.get(ends[0], [])):
                    continue
                feature = ends[0]
            else:
                feature = features[beside[0].name if beside else max(named, key=lambda x: x.end).name]
            low, _, high = kept[feature]
            at_low, at_high = _fits(m.group("n"), low), _fits(m.group("n"), high)
            if at_low == at_high:
                continue  # neither end, or both: nothing to compare
            if _NOT.search(sentence[max(0, m.start() - 40) : m.start()]):
                way = "lower" if way == "upper" else "upper"  # "can't go below 42": 42 is the low end
            yield f"kept {feature} {way} bound {m.group('n')}", at_high if way == "upper" else at_low
