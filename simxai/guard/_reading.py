"""Reading a reply: sentences, clauses, segments, numbers with their precision, and mentions of names.

A *clause* is a sentence cut at semicolons, commas and contrastive conjunctions; it is the unit a direction,
rank or outcome claim is read in. A *segment* is a clause also cut at 'and', brackets and colons; it is the
unit a number is bound to the name beside it in.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from simxai.guard._mentions import _QUOTES, Mention, find_mentions
from simxai.guard._prefilter import gated
from simxai.guard._said_numbers import NumberClaim, worded_shares
from simxai.turn_memo import per_turn

__all__ = [
    "Mention",
    "abbreviations",
    "mask_inputs",
    "without_labels",
    "NumberClaim",
    "clauses",
    "find_mentions",
    "fits",
    "shown_slack",
    "glossed",
    "matches",
    "normalise",
    "numbers",
    "segments",
    "sentences",
]

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
#: A piece that ends in an abbreviation's stop, an initial's or a list marker's ("2."), not a sentence's ("... 0.").
_ABBREVIATION = re.compile(
    r"(?:\b(?:e\.g|i\.e|vs|al|approx|ca|cf|no|dr|mr|ms|etc|tel|ext|fax|ep|vol|fig)|(?<![\w.])[a-z1-9])\.$", re.I
)
#: A clause break: a semicolon, a comma before a conjunction or on its own, a ticker's bar between spaces
#: ("MOISTURE +0.401 ▲ | RAMP −0.155 ▼": each cell its own clause; "mean |SHAP|" and a table's row are none).
_CLAUSE = re.compile(
    r"\s*;\s*|\s+[|│¦]\s+|,\s+(?=(?:while|whereas|but|although|though|yet|whilst|and|whose|which|so)\b)|"
    r"\s+(?:while|whereas|but|although|though|whilst)\s+|,\s+"
)
_BARS = frozenset("|│¦")
_SEGMENT = re.compile(
    r"\s+and\s+|\s+or\s+|[()\[\]:|]|\s+-\s+(?!\d)|"
    r"\s+–\s+(?!\d)|\s+(?:vs\.?|versus|compared (?:to|with)|against)\s+|"
    # a comparison of two numbers ("78.6 % is three times the 21.4 % for progressing", "0.78 is well above the
    # 0.35 of bmi"): split only after a number (claims-24), so what names the second binds nothing before it
    r"(?P<cmp>\s+(?:than|times|above|below)\s+(?=(?:the\s+|that\s+|its\s+)?\d))"
)
_DIGIT = re.compile(r"\d")
_PERCENT = r"(\s*(?:%|percent\b|per cent\b|percentage points?\b))?"
NUMBER = re.compile(rf"(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w.]\d){_PERCENT}")
_ORDINAL = re.compile(r"(?:st|nd|rd|th)\b", re.I)
#: "75-80%", "60 - 100", "between 0.7 and 0.8": one claim, that the value lies in the range.
_SHARE = r"\s*(?:%|percent\b|per cent\b)"
RANGE = gated(
    rf"(?<![\w.])(?:(?P<between>between)\s+)?(?P<low>\d+(?:\.\d+)?)(?P<share1>{_SHARE})?\s*"
    rf"(?P<sep>-|(?<=\d)\s*to|(?<=\s)and)\s*(?P<high>\d+(?:\.\d+)?)(?![\w.]\d)(?P<share2>{_SHARE})?",
    re.IGNORECASE,
)
#: Words before a number that make it a reference to an instance, not a claim.
SUBJECT_WORDS = (
    "patient", "patients", "id", "ids", "row", "rows", "review", "reviews", "instance", "instances", "case",
    "cases", "sample", "record", "item", "example", "person", "customer", "applicant", "no.", "number", "#",
)  # fmt: skip


#: A text ending in a subject word as a whole word ("patient", "id 7"), not inside one ("paid 28", "arrow 5").
_ENDS_IN_SUBJECT_WORD = gated(
    r"(?<![A-Za-z])(?:" + "|".join(re.escape(w) for w in sorted(SUBJECT_WORDS, key=len, reverse=True)) + r")$"
)


#: A phone, fax or extension number after its word: "Tel. 0171 555 0139", "ext. 4412", "phone: +44 20 7946 0958"
#: (gfa37); its digit groups are no values.
_CONTACT = gated(
    r"\b(?:tel|telephone|phone|ext|extension|fax|mobile|mob|cell)\b\.?:?\s*(?:no\.?\s*)?(\+?\d[\d \t()/-]{0,20}\d|\d)",
    re.I,
)


SUBJECT_LIST = gated(
    r"\b(?:patients|reviews|applicants|instances|rows|cases|ids)\s+#?\d+(?:\s*,\s*#?\d+)*\s*(?:,|and|&|vs\.?)$", re.I
)


def normalise(text: str) -> str:
    """Unify minus signs and apostrophes, and drop thousands separators, keeping every position meaningful.

    A typographic apostrophe inside a word ("didn’t") becomes a plain one, so a negation reads as one.
    """
    text = text.replace("\u2212", "-").replace("\u2013", "-").replace("\u2014", "-")
    text = re.sub(r"(?<=\w)[\u2019\u2018](?=\w)", "'", text)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    return text


#: The short forms of a terse reply, and what each stands for ("prob. 0.67", "pred. stable", "acc. 0.73").
_SHORT_FORMS = {
    "prob": "probability",
    "probs": "probabilities",
    "pred": "predicted",
    "preds": "predictions",
    "acc": "accuracy",
    "prec": "precision",
    "rec": "recorded",
    "cf": "counterfactual",
    "cfs": "counterfactuals",
}
_SHORT_FORM = gated(r"\b(probs?|preds?|acc|prec|rec|cfs?)(?:\.(?=\s*[:(\d%a-z])|\.?(?=\s*[\d:=(%]))", re.I)


def abbreviations(text: str) -> str:
    """The short forms of a terse reply written out: "Stable prob.: 0.67" reads "Stable probability: 0.67",
    "PREC 0.914 | REC 0.883" and "acc 0.9 | P 0.914 | R 0.883" read "precision 0.914 | recall 0.883";
    an even split ("a 50/50 tie") reads as the share it is ("a 50 % tie").
    """
    text = re.sub(r"(?<![\w./])50\s*/\s*50(?![\w/]|\.\d)", "50 %", text)

    def written(m: re.Match[str]) -> str:
        # "rec. progressing" is the recorded label; "REC 0.883", a figure beside it, is the recall
        if m.group(1).lower() == "rec" and re.match(r"\s*[\d=:]", text[m.end() :]):
            return "recall"
        return _SHORT_FORMS[m.group(1).lower()]

    text = _SHORT_FORM.sub(written, text)
    if _METRICS_NAMED.search(text):  # "acc 0.900 | P 0.914 | R 0.883": precision and recall by their letters
        text = _METRIC_LETTER.sub(lambda m: "precision" if m.group(1) == "P" else "recall", text)
    return text


#: A capital P or R alone right before a number is precision or recall, in a reply that names other metrics.
_METRIC_LETTER = re.compile(r"(?<![\w.(])([PR])(?=\s*[:=]?\s*\d)")
_METRICS_NAMED = gated(r"\b(?:f1|auc|roc|accuracy|precision|recall)\b", re.I)


_QUOTED = re.compile(r"[\"“]([^\"”\n]{1,400})[\"”]")


def _plain(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def mask_inputs(text: str, inputs: Iterable[str], rewrites: Iterable[str] = ()) -> str:
    """`text` with its quotations of the inputs (a review, a rewrite of it: three words or more) replaced by
    "a quotation": what the quoted input says ("... has not failed me") is no claim of the reply. A quotation only a
    rewrite holds (`rewrites`, a counterfactual's changed texts) is "a rewritten quotation": what the model makes of
    it is the change's outcome (claims-31).
    """
    sources = [_plain(s) for s in inputs if len(s.split()) >= 3]
    if not sources:
        return text
    words = {w for s in sources for w in s.split()}
    changed = {_plain(s) for s in rewrites}
    kept = [s for s in sources if s not in changed]

    def masked(m: re.Match[str]) -> str:
        said = _plain(m.group(1))
        # A quotation of an input, or of an edit of it made of its words ("... has failed me once.").
        of_input = any(said in s for s in sources) or (len(said.split()) >= 4 and set(said.split()) <= words)
        if len(said.split()) < 3 or not of_input:
            return m.group(0)
        rewritten = any(said in s for s in changed) and not any(said in s for s in kept)
        return "a rewritten quotation" if rewritten else "a quotation"

    return _QUOTED.sub(masked, text)


def without_labels(text: str, labels: Iterable[str]) -> str:
    """`text` with the host's class names blanked: a label that is a verb of moving ("falls_behind", "drops_out")
    says no direction of a change ("change x from 30 to 32 (then falls_behind)"); nor does a verb of moving right
    after a class, its probability's move ("credit 691: rejected drops to ~20 %", "stable rises"; claims-41).
    """
    for label in sorted(labels, key=len, reverse=True):
        said = rf"(?<![\w-]){re.escape(label)}(?![\w-])(?:\s+(?:{_MOVES})\b)?"
        text = re.sub(said, lambda m: " " * len(m.group(0)), text, flags=re.I)
    return text


#: Verbs of a class's probability moving, right after the class (`without_labels`).
_MOVES = r"drops|falls|dips|sinks|slips|rises|climbs|jumps|grows|increases|decreases|goes\s+(?:up|down)"


@per_turn  # a reply's sentences are asked for by many readers: split once per text and turn
def sentences(text: str) -> list[str]:
    """The sentences of a reply: every line is one at least (a list item, a table row)."""
    found: list[str] = []
    for line in text.split("\n"):
        start = len(found)
        for piece in _SENTENCE.split(line):
            if len(found) > start and _ABBREVIATION.search(found[-1]):
                found[-1] = f"{found[-1]} {piece}"
            else:
                found.append(piece)
    return [s for s in found if s.strip()]


_DENIED_WORD = re.compile(r"\bnot\s+[\"'“‘]?[\w-]+[\"'”’]?$", re.IGNORECASE)


def clauses(sentence: str) -> list[str]:
    """The clauses of a sentence; "not X but Y" stays in one (Y is what the clause says instead of X)."""
    found: list[str] = []
    start = 0
    row = sentence.lstrip().startswith("|")
    for match in _CLAUSE.finditer(sentence):
        if match.group(0).strip().lower() == "but" and _DENIED_WORD.search(sentence[start : match.start()]):
            continue
        if row and match.group(0).strip() in _BARS:
            continue  # a table's row: its cells are one claim ("| bmi | 23.7 |")
        found.append(sentence[start : match.start()])
        start = match.end()
    found.append(sentence[start:])
    return [c for c in found if c and c.strip()]


_BETWEEN = re.compile(r"\bbetween\s+-?\d+(?:\.\d+)?\s*%?$", re.IGNORECASE)


def segments(clause: str) -> list[str]:
    """The segments of a clause; "between 20 and 30" stays in one."""
    found: list[str] = []
    start = 0
    for match in _SEGMENT.finditer(clause):
        if match.group(0).strip().lower() == "and" and _BETWEEN.search(clause[start : match.start()]):
            continue
        if match.group("cmp") and not _DIGIT.search(clause, start, match.start()):
            continue
        found.append(clause[start : match.start()])
        start = match.end()
    found.append(clause[start:])
    return [s for s in found if s and s.strip()]


_APPROX = gated(
    r"(?:\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|close to|some|circa|ca\.|"
    r"just (?:under|over|below|above)|a (?:bit|little) (?:under|over|below|above)|in the region of)|~|≈)\s*$",
    re.IGNORECASE,
)


def _claim(raw: str, percent: bool, start: int, end: int, approx: bool = False) -> NumberClaim:
    decimals = len(raw.split(".")[1]) if "." in raw else 0
    return NumberClaim(
        raw=raw, value=float(raw), decimals=decimals, percent=percent, start=start, end=end, approx=approx
    )


def numbers(text: str) -> Iterator[NumberClaim]:
    """The numbers of a text that are not instance references ('patient 12', 'id 7'); a range is one claim."""
    worded = list(worded_shares(text))  # "roughly 8 in 10" is one share, not the numbers 8 and 10 (round 38)
    digits = [c for c in _digit_numbers(text) if not any(w.start <= c.start < w.end for w in worded)]
    yield from sorted([*digits, *worded], key=lambda c: c.start)


def _digit_numbers(text: str) -> Iterator[NumberClaim]:
    ranges: dict[int, NumberClaim] = {}
    marked: list[tuple[int, int]] = []  # a list item's range marker ("5–7. last service, maker, humidity", gfa37)
    marked.extend(m.span(1) for m in _CONTACT.finditer(text))  # "Tel. 0171 555 0139", "ext. 4412": no values
    for m in RANGE.finditer(text):
        if _is_marker(text, m.start(), m.end()) and re.fullmatch(r"\d{1,2}\s*[-–]\s*\d{1,2}", m.group(0)):
            marked.append((m.start(), m.end()))
            continue
        if m.group("between") is None and m.group("sep").lower() == "and":
            continue  # "a and b" is a range only after "between"
        if m.group("sep") == "-" and text[m.start("sep") - 1].isspace() and not text[m.end("sep")].isspace():
            continue  # "income 82.9 -0.077": a value, then a signed number (a range's dash is spaced alike)
        if m.group("sep") == "-" and float(m.group("low")) > float(m.group("high")):
            continue  # "batch 99020 - 25 weeks ...": a range runs upwards ("3.7 to 1" is odds, read on; claims-24)
        if re.search(
            r"\b(?:from|by)\s*$|\bfrom\s+(?:an?|the|its)\s+(?:base(?:line)?|start)(?:\s+value)?\s+of\s*$",
            text[: m.start()],
            re.I,
        ):
            # "from a to b" is a change, "by a to b" an amount and a target: read number by number; so is "from a
            # base of a to b", a walk from its base to its end (claims-54)
            continue
        percent = bool(m.group("share1") or m.group("share2"))
        high = _claim(m.group("high"), percent, m.start("high"), m.end())
        ranges[m.start("low")] = replace(_claim(m.group("low"), percent, m.start("low"), m.end()), high=high)
    skip_until = -1
    for match in NUMBER.finditer(text):
        if match.start() < skip_until or any(a <= match.start() < b for a, b in marked):
            continue
        before = text[: match.start()].rstrip().lower()
        listed = SUBJECT_LIST.search(before) is not None  # "patients 90 and 319": the second is an id too
        if _ENDS_IN_SUBJECT_WORD.search(before) or listed or _is_marker(text, match.start(), match.end()):
            continue
        if _ORDINAL.match(text, match.end(1)):
            continue  # "16th", "3rd": a place in an order (the rank readers read it), never a value
        if match.start() in ranges:
            claim = ranges[match.start()]
            skip_until = claim.end
            yield claim
            continue
        approx = bool(_APPROX.search(text[max(0, match.start() - 24) : match.start()]))
        yield _claim(match.group(1), bool(match.group(2)), match.start(), match.end(), approx)


def _is_marker(text: str, start: int, end: int) -> bool:
    """Whether the number at text[start:end] numbers a list item ("1. bmi", "(2) change ...")."""
    before, after = text[:start].rstrip(" \t*-•"), text[end : end + 3]
    opens = not before or before[-1] in ";:,\n"
    listed = after[:1] in (".", ")") and after[1:2] == " " and (after[2:3].isalpha() or after[2:3] in _QUOTES + "*")
    return (opens and listed) or (before[-1:] == "(" and after[:1] == ")")


#: How far below a figure, in units of its last decimal, a value may lie that shows as it when rounded half up in
#: two stages, first to one decimal more (0.58749 -> 0.5875 -> 0.588; 0.526457 -> 52.65 % -> 52.7 %): half a unit,
#: plus half of the finer stage's unit.
TWICE = 0.55


def matches(claim: NumberClaim, candidates: set[float]) -> bool:
    """Whether a candidate field value, shown at the claim's precision (rounded or cut), is the claim.

    An approximation's precision is its roundness: "about 80 %" stands for 75-85 %, "about 75 %" for
    72.5-77.5 %, "about 79 %" for 78.5-79.5 %. A figure not said as approximate is reached by rounding once, by
    cutting, or by rounding half up in two stages (`TWICE`).
    """
    if claim.bounds is not None:
        low, high = claim.bounds
        return any(low - 1e-9 <= x * 100 <= high + 1e-9 for x in candidates if 0 <= x <= 1)
    step = 10.0 ** (-claim.decimals)
    tolerance = step / 2
    if claim.approx and claim.value:
        if claim.decimals == 0 and not claim.percent:
            # "about 7,500": an approximate whole number is as round as its trailing zeros.
            zeros = len(claim.raw.lstrip("-")) - len(claim.raw.lstrip("-").rstrip("0"))
            step = 10.0 ** max(0, zeros - 1)
        units = round(abs(claim.value) / step)
        tolerance = 5 * step if units % 10 == 0 else 2.5 * step if units % 5 == 0 else tolerance
    for x in candidates:
        if claim.count and not float(x).is_integer():
            continue  # a count is no share or mean ("34 applicants" is not 33.6 %)
        forms = [x * 100, x] if claim.percent else ([x, x * 100] if abs(x) <= 1 < abs(claim.value) else [x])
        for c in forms:
            if abs(c - claim.value) <= tolerance + 1e-9:
                return True
            if c * claim.value >= 0 and 0 <= abs(c) - abs(claim.value) < step - 1e-9:
                return True  # cut, not rounded
            if not claim.approx and c * claim.value >= 0 and 0 <= abs(claim.value) - abs(c) <= TWICE * step + 1e-9:
                return True  # rounded in two stages, half up: 0.58749 -> 0.5875 -> "0.588"
    return False


def shown_slack(said: str, units: float = 0.5) -> float:
    """How far a value may lie from the number `said` (as written, "0.45", "78.6") and still show as it: `units` of
    its last decimal (half of one: rounding), plus a hair for binary floats.
    """
    return units * 10.0 ** -len(said.partition(".")[2]) + 1e-9


def fits(claim: NumberClaim, candidates: set[float], *, within: bool = False) -> bool:
    """Whether `candidates` hold the claim: a number as `matches` says; a range when both its ends match
    (a range of values, "between 20 and 30"), or, `within`, when a candidate lies in it ("75-80%" for 0.786).
    """
    if claim.high is None:
        return matches(claim, candidates)
    if matches(claim, candidates) and matches(claim.high, candidates):
        return True
    if not within:
        return False
    step = 10.0 ** (-min(claim.decimals, claim.high.decimals))
    for x in candidates:
        forms = [x * 100] if claim.percent else ([x, x * 100] if abs(x) <= 1 < abs(claim.high.value) else [x])
        if any(claim.value - step / 2 <= c <= claim.high.value + step / 2 for c in forms):
            return True
    return False


def subject_ids(text: str, nouns: Iterable[str]) -> list[int]:
    """Instance ids the text names ('patient 12', 'id 7', 'review #3')."""
    return [i for i, _ in subject_spans(text, nouns)]


_MORE_IDS = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|vs\.?\s+)#?(\d{1,12})(?![\d.])", re.I)


def subject_spans(text: str, nouns: Iterable[str]) -> list[tuple[int, int]]:
    """(id, where it is named) of the instances the text names; a plural noun names each of its list
    ("patients 90 and 319", "reviews 3, 17 and 52").
    """
    found = []
    for m in _subject_pattern(frozenset(nouns)).finditer(text):
        found.append((int(m.group(1)), m.start()))
        if text[m.start() : m.start(1)].rstrip(" #").lower().endswith("s"):
            end = m.end()
            while (more := _MORE_IDS.match(text, end)) is not None:
                found.append((int(more.group(1)), more.start(1)))
                end = more.end()
    return found


@functools.lru_cache(maxsize=64)
def _subject_pattern(nouns: frozenset[str]) -> re.Pattern[str]:
    plural = {f"{n}s" for n in nouns if n and n[-1].isalpha()}  # "policyholders 5150 and 5480"
    words = "|".join(re.escape(n) for n in sorted({*nouns, *plural, *SUBJECT_WORDS[:-2]}, key=len, reverse=True))
    # An id has at most 12 digits: a longer run is no id (and int() refuses runs over 4,300 digits); "the bell 24
    # more hours" is an amount given to it (claims-45).
    # "patient 12 more firmly (79 %)", "140394 less clearly": a comparison of the subject, no amount (gfa40).
    sure = r"(?!\s+(?:\w+ly|sure|certain|confident|likely|clear|firm|safe|decisive|secure)\b)"
    amount = rf"(?!\s+(?:more|fewer|less|extra|additional)\b{sure})"
    return re.compile(rf"\b(?:{words})\s*(?:#|no\.?\s*)?(\d{{1,12}})(?!\d){amount}", re.IGNORECASE)


def quotes(text: str) -> list[str]:
    """Spans the text puts in quotes."""
    return [
        m.group(1) or m.group(2)
        for m in re.finditer(r"[\"“]([^\"”]{1,200})[\"”]|(?<!\w)['‘]([^'’]{1,80})['’](?!\w)", text)
    ]


def glossed(clause: str, m: Mention, mentions: list[Mention]) -> bool:
    """Whether the name at `m` is glossed by another feature in brackets right after it ("their income
    (debt_to_income 0.17)").
    """
    after = clause[m.end + (1 if m.quoted else 0) :]
    bracket = re.match(r"\s*\(\s*", after)
    if bracket is None:
        return False
    at = m.end + (1 if m.quoted else 0) + bracket.end()
    return any(o.start - (1 if o.quoted else 0) == at and o.name != m.name for o in mentions)
