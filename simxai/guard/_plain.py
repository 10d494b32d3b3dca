"""Plain-English readings of customer-facing replies (claims-11m): what people say instead of a field's name.

- a kept range's bound said as a side ("must stay below about 4.17", "as long as the ratio stays above 0.32"):
  a bound said of a feature's kept range must lie on that side of today's value;
- a label given as what the model marks, flags or counts something as ("marks it as neutral", "flags none as
  high-risk"): the word after "as" must be a label;
- the number of labels said in words ("one of three tiers") against the host's;
- a feature's acronym spelled out ("body mass index" for bmi, "high density lipoprotein" for hdl);
- an age said of the subject ("he's 67", "aged 67", "67 years old") against its age.

Each reads only where it is sure: a number that is no end of the range, or a filler that starts like a noun
phrase ("as a tie"), is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from simxai._spoken import UNITS
from simxai.guard._prefilter import gated
from simxai.guard._reading import Mention, matches, numbers
from simxai.guard._spaced import spaced

__all__ = [
    "AGE_AFTER",
    "said_as_age",
    "acronym_aliases",
    "shortened_aliases",
    "age_claims",
    "bound_claims",
    "edit_order_claims",
    "label_as_claims",
    "label_count_claims",
    "points_claims",
    "prediction_form_claims",
    "qualified_label_claims",
    "room_claims",
]

#: A side of a bound, then its number: "stay below (about) 4.17", "above 591", "up to 184", "as low as 24.3".
_BOUND = re.compile(
    r"(?:\b(?:"
    + spaced(
        "(?P<below>(?:at or )?(?:below|under)|beneath|at most|no (?:more|higher) than|up to|as high as|"
        "not (?:above|over))|(?P<above>(?:at or )?(?:above|over)|at least|no (?:less|lower) than|down to|as low as|"
        "not (?:below|under))"
    )
    + r")\s+|(?P<below_sign>≤|<=|<)\s*|(?P<above_sign>≥|>=|>)\s*)"
    r"(?:about\s+|roughly\s+|around\s+|approximately\s+|~\s*)?(?=-?\d)",
    re.I,
)
#: A side of a bound after its number: "at 609 or above", "156 and higher", "0.45 or less".
_BOUND_AFTER = re.compile(
    r"(?<![\w.])(?=-?\d)(?P<n>-?\d+(?:\.\d+)?)\s+(?:or|and)\s+"
    r"(?:(?P<above>above|higher|more|over|up)|(?P<below>below|lower|less|under|down))\b",
    re.I,
)
_DENIED = re.compile(r"\b(?:not|never|cannot)\b[^,;]{0,20}$|n't\b[^,;]{0,20}$", re.I)
#: "keep the credit score from falling under 591", "only a tear under 49 cm would change it": the side said is where
#: the call changes, so the kept range's bound is on the other side (claims-38, gfa31).
_FROM_FALLING = re.compile(r"\bfrom\s+(?:falling|dropping|slipping|sinking|rising|climbing|going)\s*$", re.I)
_CHANGES_IT = re.compile(
    r"^[^,;.]{0,16}?\b(?:would|will|could|does|do)\s+(?:change|flip|turn|tip)\s+(?:it|the call|the prediction)\b", re.I
)
_CLAUSE_BREAK = re.compile(r"[;:]|\s-\s|\bwhile\b|\bwhereas\b|\bbut\b", re.I)


def bound_claims(
    sentence: str,
    kept: dict[str, tuple[float, float, float]],
    mentions: Callable[[str], Sequence[tuple[Mention, str]]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each bound the sentence sets on a kept range (how to still be this): the feature
    named last before the side word, the number right after it ("below 4.17", "≤ 0.45"; or the number right before
    the side said after it: "at 609 or above"). A number that is neither end of the range is
    not read; one that is must lie on the side said of today's value ("stay below 4.17" for 4.93 does not).
    """
    if not kept:
        return
    sides = [(m, m.end()) for m in _BOUND.finditer(sentence)]
    sides += [(m, m.start("n")) for m in _BOUND_AFTER.finditer(sentence)]  # "stays at 609 or above"
    for m, at in sides:
        start = max((b.end() for b in _CLAUSE_BREAK.finditer(sentence[: m.start()])), default=0)
        named = [f for mention, f in mentions(sentence[start : m.start()]) if f in kept]
        said = next(numbers(sentence[at : at + 24]), None)
        if not named or said is None or said.start != 0 or said.percent:
            continue
        feature = named[-1]
        low, current, high = kept[feature]
        if not (matches(said, {low}) or matches(said, {high})):
            continue
        below = m.group("below") is not None or bool(m.groupdict().get("below_sign"))
        if _DENIED.search(sentence[start : m.start()]):
            below = not below  # "must not fall below 0.01": the bound is a floor
        if _FROM_FALLING.search(sentence[start : m.start()]) or _CHANGES_IT.match(sentence[at + said.end :]):
            below = not below  # "from falling under 591", "under 49 cm would change it": the floor
        side = "below" if below else "above"
        if matches(said, {current}):
            # today's value at one end of the range: the bound is that end's side ("at 156 or above" when the
            # range ends at today's 156 is the wrong side; "at 156 or below" the right one)
            if low < current < high or low == high:
                continue
            yield f"kept {feature} {side} {said.raw}", below == (high <= current)
            continue
        yield f"kept {feature} {side} {said.raw}", (said.value >= current) if below else (said.value <= current)


#: "cannot go up at all", "can't go any lower": a kept range with no room that way.
_NO_ROOM = re.compile(
    r"\b(?:cannot|can't|can not|must not|mustn't)\s+(?:go|move|rise|fall|drop|be (?:raised|lowered))?\s*"
    r"(?:(?P<up>up|higher|any higher)|(?P<down>down|lower|any lower))\s+at all\b|"
    r"\b(?:cannot|can't|can not)\s+go\s+(?:(?P<up2>any higher)|(?P<down2>any lower))\b",
    re.I,
)


def room_claims(
    sentence: str,
    kept: dict[str, tuple[float, float, float]],
    mentions: Callable[[str], Sequence[tuple[Mention, str]]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a kept range said to leave no room one way ("the blood sugar cannot go up at all"):
    its end that way is today's value (within 2 % of the range).
    """
    if not kept:
        return
    for m in _NO_ROOM.finditer(sentence):
        start = max((b.end() for b in _CLAUSE_BREAK.finditer(sentence[: m.start()])), default=0)
        # "X can come down to 102 but cannot go up at all": with no name of its own, the clause is about X
        named = [f for mention, f in mentions(sentence[start : m.start()]) if f in kept]
        named = named or [f for mention, f in mentions(sentence[: m.start()]) if f in kept]
        if not named:
            continue
        low, current, high = kept[named[-1]]
        tol = 0.02 * max(high - low, abs(current), 1e-9)
        if m.group("up") or m.group("up2"):
            yield f"kept {named[-1]} no room up", high <= current + tol
        else:
            yield f"kept {named[-1]} no room down", low >= current - tol


#: "marks it as X", "flags none as X", "counts as X", "labels the review as X": the word after "as" is a label.
_AS_LABEL = gated(
    r"\b(?:mark|flag|tag|label|classif(?:y|ie)|count|rate|class)(?:s|es|ed|led|ing)?\s+"
    r"(?:(?!as\b)[\w'-]+\s+){0,3}?as\s+(?P<x>[A-Za-z][\w-]*)(?=\s*(?:[,.;:!?)]|$|\brather\b|\binstead\b|\bor\b|"
    r"\band\b|\bbut\b|\bwith\b|\bat\b|\bhere\b|\btoo\b))",
    re.I,
)
#: Words after "as" that are no label: a noun phrase's start, a comparison, a conjunction.
_NOT_FILLER = set(
    "a an the well much many such far long soon good usual expected before follows if though one part "
    "is was it they them this that these those its their his her correct incorrect right wrong accurate true "
    "false tie mistake error".split()
)


#: After a word: the next item of a list ("..., negative, or neutral", "... or negative.").
_LIST_GOES_ON = re.compile(
    r"\s*(?:,\s*|\s+or\s+|\s+and\s+)(?:or\s+|and\s+)?[A-Za-z][\w-]*\s*(?:,|\bor\b|\band\b|[.;!?]|$)", re.I
)


def label_as_claims(sentence: str, labels: Sequence[str], forms: Sequence[str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each word a verb of labelling puts after "as" ("marks it as neutral"): it must be
    one of the host's labels (or a label's noun form).
    """
    known = {x.lower() for x in (*labels, *forms)}
    if not known:
        return
    for m in _AS_LABEL.finditer(sentence):
        word = m.group("x").lower()
        if word in _NOT_FILLER or _LIST_GOES_ON.match(sentence[m.end() :]):
            continue  # "classifies it as positive, negative or neutral": a list of labels is `_causes`'s
        yield f"label '{m.group('x')}'", word in known


#: "one of three tiers", "three possible outcomes", "4 categories": the number of labels, said with a noun of them.
_COUNT = gated(
    r"\b(?:one of (?:the |its )?|(?:assigns?|gives?|picks?|predicts?|chooses?) (?:one of |between )?)?"
    r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?:possible\s+)?"
    r"(?P<noun>tiers|classes|labels|outcomes|categories|decisions|verdicts|answers)\b",
    re.I,
)


def label_count_claims(sentence: str, labels: Sequence[str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a number of labels said in words ("one of three tiers") in a sentence that names a
    label: it must be the host's number of labels.
    """
    if len(labels) < 2:
        return
    low = sentence.lower()
    if not any(re.search(rf"\b{re.escape(label.lower())}\b", low) for label in labels):
        return
    for m in _COUNT.finditer(sentence):
        raw = m.group("n").lower()
        if raw.isdigit():
            continue  # digits: `_causes` reads "3 classes"
        if re.search(r"\b(?:other|remaining|last|first|top|lower|bottom)\s+$", sentence[: m.start("n")], re.I):
            continue  # "the other two classes at 7.5 % each": some of the classes, not how many there are (gfa37)
        counted = rf"\b{raw}\s+(?!(?:possible|different|distinct|classes|labels|outcomes)\b)[a-z]"
        if re.search(counted, low[: m.start()]):
            continue  # "Two cars, two outcomes": one outcome for each of the things counted before (round 38)
        said = UNITS[raw]
        yield f"{said} labels", said == len(labels)


#: Words never part of a spelled-out acronym.
_SMALL = set("the and for with from into over under of to in on at by or as a an is are was were".split())


def acronym_aliases(reply: str, features: Sequence[str], taken: set[str]) -> dict[str, list[str]]:
    """Feature names that are acronyms (3-4 letters, starting with two consonants: bmi, hdl) and the phrases
    of the reply whose words' initials spell one ("body mass index", "high-density lipoprotein").
    """
    out: dict[str, list[str]] = {}
    words = list(re.finditer(r"[A-Za-z]+", reply))
    lows = [w.group(0).lower() for w in words]
    initials = "".join(w[0] for w in lows)  # each word's first letter: a run spells `low` where `low` is found
    for name in features:
        low = name.lower()
        if not re.fullmatch(r"[b-df-hj-np-tv-z]{2}[a-z]{1,2}", low):
            continue
        size = len(low)
        i = initials.find(low)
        while i >= 0:
            run, spelled = words[i : i + size], lows[i : i + size]
            i = initials.find(low, i + 1)
            if any(len(w) < 3 or w in _SMALL for w in spelled):
                continue
            gaps = [reply[a.end() : b.start()] for a, b in zip(run, run[1:], strict=False)]
            if all(g in (" ", "-") for g in gaps):
                phrase = reply[run[0].start() : run[-1].end()].lower()
                if phrase not in taken and phrase not in out.get(name, []):
                    out.setdefault(name, []).append(phrase)
    return out


def shortened_aliases(reply: str, features: Sequence[str], taken: set[str]) -> dict[str, list[str]]:
    """Feature names of several parts and the identifiers of the reply that shorten each part to its first
    letters (three or more, or the whole part): "trig_log" and "TRIG_LOG" for triglycerides_log, "ramp_rate" for
    ramp_rate_c_h is not (a part left out). An identifier that shortens two features is neither's (claims-18).
    """
    split = {name: [p for p in re.split(r"[_\W]+", name.lower()) if p] for name in features}
    out: dict[str, list[str]] = {}
    for word in {w.lower() for w in re.findall(r"(?<![\w.])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?!\w)", reply)}:
        if word in taken:
            continue
        parts = word.split("_")
        owners = [
            name
            for name, full in split.items()
            if len(full) == len(parts)
            and all(p == f or (len(p) >= 3 and f.startswith(p)) for p, f in zip(parts, full, strict=True))
        ]
        if len(owners) == 1:
            out.setdefault(owners[0], []).append(word)
    return out


#: "he's 67", "she is 45", "aged 67", "67 years old", "a 67-year-old": the subject's age.
_AGE = re.compile(
    r"\b(?:(?:he|she)(?:'s| is| was)|aged)\s+(?P<a>\d{1,3})\b(?!\s*(?:%|percent|points?|years? (?:of|in|with|at)))|"
    r"\b(?P<b>\d{1,3})[- ]years?[- ]old\b",
    re.I,
)


#: Right after a number: it is an age ("a 47-year-old smoker", "67 years old").
AGE_AFTER = re.compile(r"[- ]years?[- ]old\b|\s?(?:y|yo|y/o)\b(?![-'’.]\w)", re.I)  # "(67 y, ...)": claims-32
#: Right before a number: it is an age ("Patient 351, aged 25 with a bmi of 22.6").
_AGED = re.compile(r"\baged\s*$", re.I)


def said_as_age(before: str, after: str) -> bool:
    """Whether a number with `before` and `after` around it is said as an age ("aged 25", "a 47-year-old")."""
    return bool(AGE_AFTER.match(after) or _AGED.search(before))


def age_claims(sentence: str, ages: set[float]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for an age said of the subject ("he's 67", "aged 67", "67 years old"), against the ages
    the outputs give it (its value, a change's old and new).
    """
    if not ages:
        return
    for m in _AGE.finditer(sentence):
        group = "a" if m.group("a") else "b"
        said = next(numbers(m.group(group)))
        yield f"age {said.raw}", matches(said, ages)


_QUOTED = r"[\"“'‘]([^\"”“‘’]{1,60}?)[\"”'’](?!\w)"
#: "going from 'bland' to 'delicious'": an edit said by its two words, in order.
_FROM_TO_WORDS = gated(rf"\bfrom\s+{_QUOTED}\s+to\s+{_QUOTED}", re.I)


def edit_order_claims(reply: str, pairs: Sequence[tuple[object, object]]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for an edit said "from 'A' to 'B'" when the outputs' changes hold the pair either way
    round: A must be the old word and B the new one.
    """
    changed = {(str(a).lower(), str(b).lower()) for a, b in pairs}
    for m in _FROM_TO_WORDS.finditer(reply):
        a, b = m.group(1).strip().lower(), m.group(2).strip().lower()
        if (a, b) in changed or (b, a) in changed:
            yield f"edit '{m.group(1)}' → '{m.group(2)}'", (a, b) in changed


def prediction_form_claims(
    sentence: str, labels: Sequence[str], predicted: set[str], noun: str
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a predicted label said in a form other than "predicts X": set off after "the predicted
    label" ("the predicted label, positive"), a label ending in -ing as the verb after "predicts ... will"
    ("predicts patient 430 will progress"), and a label after the subject's possessive ("policyholder 5020's
    standard premium"). Each must be a predicted label.
    """
    if not predicted:
        return
    names = {label.lower(): label for label in labels}
    said: list[str] = []
    for m in _APPOSED.finditer(sentence):
        said.append(m.group("x"))
    for m in _WILL.finditer(sentence):
        verb = m.group("v").lower()
        said += [label for low, label in names.items() if low.endswith("ing") and low[:-3] == verb]
    possessive = re.compile(
        rf"\b{re.escape(noun)}\s+#?\d+['’]s\s+(?:current\s+|predicted\s+)?(?P<x>[A-Za-z][\w-]*)\b"
        rf"(?!\s+(?:probabilit|chance|score|share|odds|side|percent|column|class|label's|rate)\w*)",
        re.I,
    )
    for m in possessive.finditer(sentence):
        said.append(m.group("x"))
    for word in said:
        label = names.get(word.lower())
        if label is not None:
            yield f"prediction {label}", label in predicted


#: "the predicted label, positive", "the predicted class (stable)": the label set off after its name.
_APPOSED = gated(r"\bthe predicted (?:label|class)\s*(?:,|\(|:|(?<=\s)-(?=\s))\s*(?P<x>[A-Za-z][\w-]*)", re.I)
#: "predicts patient 430 will progress", "predicts that the condition will progress".
_WILL = re.compile(r"\bpredicts?\s+(?:that\s+)?(?:[\w']+\s+){0,3}?will\s+(?P<v>[a-z]+)\b", re.I)


#: After a feature's name: a verb of its push, then its size in points ("of 28.7 adds about 15 points").
_POINTS = re.compile(
    r"^(?:\s+[a-z]+)?(?:\s+(?:of|at|=)\s+-?[\d.]+)?[^;.:\d]{0,40}?\b(?:add|rais|lower|pull|push|tak|cut|subtract|contribut|"
    r"knock|reduc|boost|lift|increas|decreas)\w*\b[^;.:\d]{0,30}?(?P<n>\d+(?:\.\d+)?)\s*(?:percentage\s+)?points?\b",
    re.I,
)


def points_claims(
    sentence: str, mentions: Sequence[tuple[Mention, str]], contributions: dict[str, float]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a feature's push said in points ("the loan amount adds about 15 points"): on an
    explanation in probability, its contribution times 100 (in log-odds, the contribution itself).
    """
    for mention, feature in mentions:
        if feature not in contributions:
            continue
        m = _POINTS.match(sentence[mention.end + mention.quoted :])
        if m is None:
            continue
        said = next(numbers(m.group("n")))
        yield f"contribution {feature} {said.raw} points", matches(said, {abs(contributions[feature])})


#: A sentence that lists the labels a model can give.
_LISTS_LABELS = re.compile(
    r"\b(?:can (?:answer|predict|output|return|give)|one of|either|possible|labels|classes|outcomes|categories|"
    r"choos\w+ between|predictions are)\b",
    re.I,
)


def qualified_label_claims(sentence: str, labels: Sequence[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for an item of a list of labels that is a label with an adverb ("approved, rejected, or
    conditionally approved"): a label no model gives.
    """
    low = sentence.lower()
    said = {label for label in labels if re.search(rf"\b{re.escape(label.lower())}\b", low)}
    if len(said) < 2 or not _LISTS_LABELS.search(sentence):
        return
    names = "|".join(re.escape(label) for label in labels)
    for m in re.finditer(
        rf"(?:,|/|\bor\b|\band\b)\s*(?:or\s+|and\s+)?(?P<q>[a-z]+ly)\s+(?P<x>{names})\b", sentence, re.I
    ):
        if m.group("q").lower() not in {"only", "early"}:
            yield f"label '{m.group('q')} {m.group('x')}'", False
