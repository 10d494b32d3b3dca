"""Totals of groups of features set against each other, each number bound to its group (claims-52, gfa45).

"X's importance alone (0.30) almost equals the other four together (0.28)", "A and B together outweigh the other
three features combined (0.42 vs 0.16)", "X alone adds more than A, B and C together (0.21 vs 0.07)". A total of
several features is stated by no output, so such a number was bound to the feature named last before it and
flagged (g38-g41: 10 faithful replies). Here a sentence's groups are read in order:

- a single feature said "alone" ("X alone", "X's importance alone", "X by itself");
- a listed group, the items before "together" / "combined" ("A and B together", "A, B and C combined");
- the rest of the features, "the other six together", "everything else combined", "all the others together": every
  feature the outputs weigh but those of the sentence's other groups;
- every feature, "the total importance" (claims-54, guard47): the whole after a part in a bracket ("(0.995 of
  3.08)") or a number right before "total importance" ("1.85 of the 3.11 total importance").

A number right after a group's words ("together (0.42)", "combined, 0.16") is that group's total; in a bracket of
two numbers after two groups ("(0.27 vs 0.18)"), the first is the first group's and the second the second's. A
group's total is the sum of its features' weights (a local explanation's contributions, a global one's importances;
signed or as sizes), shown at the number's precision. A single feature's number is left to the usual readings. The
number is listed as unchecked, never flagged, when its group is not sure: an item that names no feature or several
("the lashings, A and B together" where lashings is no feature's word), a "the other N" whose N is not the
count of the rest, or outputs that weigh a feature more than once.

Nothing of a host's domain: the groups come from the reply's words, their weights from the outputs.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from simxai._spoken import UNITS
from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim, fits

__all__ = ["TOTAL_WORDS", "group_total", "names_rest"]

#: The words that make a group a total.
TOTAL_WORDS = r"(?:together|combined|put\s+together|between\s+them|in\s+all|summed)"
_N = r"(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
#: The rest of the features as a total: "the other six together", "all the other six features together",
#: "the remaining five features combined", "everything else combined", "all the others together", "the rest combined".
_REST = gated(
    rf"\b(?:(?:all\s+)?(?:of\s+)?the\s+(?:other|remaining)\s+(?:{_N}\s+)?(?:features\s+|factors\s+|inputs\s+|"
    rf"variables\s+|columns\s+)?|(?:everything|all)\s+else\s+|the\s+rest\s+|(?:all\s+)?(?:of\s+)?the\s+others\s+|"
    rf"all\s+others\s+){TOTAL_WORDS}\b",
    re.I,
)
#: A group said as the subject of a verb of weight right before its number, with no total word (claims-54, gfa47):
#: "A and B add about 1.25", "A and B take back about 1.12", "the rest take back about 1.40".
_VERB_GLUE = re.compile(
    r"\s+(?:add|adds|added|contribute|contributes|contributed|push|pushes|pushed|pull|pulls|pulled|take|takes|took|"
    r"give|gives|gave|weigh|weighs|carry|carries|supply|supplies|account\s+for|make\s+up)"
    r"(?:\s+(?:back|away|off|up|down|in))?"
    r"(?:\s+(?:about|around|roughly|nearly|almost|just|some|only|approximately|a\s+total\s+of))?\s*[+]?$",
    re.I,
)
#: The rest of the features as the subject of such a verb: "the rest take back about 1.40".
_REST_SUBJECT = re.compile(
    rf"\b(?:(?:all\s+)?(?:of\s+)?the\s+(?:other|remaining)\s+(?:{_N}\s+)?(?:features|factors|inputs|variables|columns)|"
    r"(?:everything|all)\s+else|the\s+rest|(?:all\s+)?(?:of\s+)?the\s+others|all\s+others)$",
    re.I,
)
#: A part said before a whole: "(0.204 of roughly 0.40)", "0.995 of 3.08".
_PART_OF = re.compile(r"\d\s+of\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|some\s+|~\s*)?$", re.I)
#: A listed group's total word.
_LISTED_END = gated(rf"\s+{TOTAL_WORDS}\b", re.I)
#: A single feature said alone: the words after its name.
_ALONE = re.compile(
    r"(?:['’]s\s+(?:importance|weight|push|share|contribution)\s+)?\s*(?:alone|by\s+itself|on\s+its\s+own)\b"
)
#: Where a listed group's words start: after a comparison's or a verb's word, a break, or a bracket.
_ITEMS_START = re.compile(
    r".*(?:\bthan|\bas|\bagainst|\bversus|\bvs\.?|\bover|\bmatch(?:es|ed)?|\bequals?|\bbeats?|\boutweighs?|"
    r"\brivals?|[;:(—–])\s+",
    re.I | re.S,
)
#: How a listed group's items are separated.
_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+plus\s+|\s*&\s*", re.I)
#: A lead-in before a sentence's first item ("For failing, A and B together"): not an item.
_LEAD_IN = re.compile(r"^(?:for|on|in|at|with|by|across|over|of)\b", re.I)
#: What may stand between a group's words and its number: "together (0.42)", "combined, 0.16", "combined at".
_GLUE = re.compile(
    r"\s*(?:features\s*)?(?:[(,:=]|\b(?:at|is|are|of|makes?|comes?\s+to|add\s+up\s+to|sum\s+to)\b)?\s*"
    r"(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|just\s+|some\s+)?[+]?$",
    re.I,
)
#: A bracket of two numbers set against each other, up to the number at hand: "(0.27 vs " or "(".
_PAIR_SECOND = re.compile(r"\(\s*[-+−]?\d*\.?\d+\s*(?:vs\.?|versus|against|to)\s*[+]?$", re.I)
_PAIR_FIRST = re.compile(r"\(\s*[+]?$")
_PAIR_AFTER = re.compile(r"\s*(?:vs\.?|versus|against|to)\s*[-+−]?\d*\.?\d+\s*\)", re.I)


#: The total of every feature's weight (claims-54): "the total importance", "the 3.11 total importance".
_WHOLE = re.compile(
    r"\s*(?:\bthe\s+(?:\d+(?:\.\d+)?\s+)?|(?<=\d)\s+)total\s+(?:importance|weight|contribution|push|shap)\b", re.I
)
#: The whole after a part in a bracket: "(0.995 of 3.08", "(0.204 of roughly".
_OF_WHOLE = re.compile(
    r"\(\s*[+]?\d*\.?\d+\s+of\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|some\s+)?[+]?$", re.I
)


@dataclass(frozen=True)
class _Group:
    start: int
    end: int
    kind: str  # "single", "listed" or "rest"; "subject": a group of a verb with no total word (claims-54)
    features: frozenset[str] | None  # None: not sure
    count: int | None = None  # the N of "the other N"


def _listed(text: str, end: int, last: int, floor: int, resolve: Callable[[str], str | None]) -> _Group:
    """The listed group whose total word is `text[end:last]`, its words after `floor`."""
    stretch = text[floor:end]
    cut = _ITEMS_START.match(stretch)
    start = floor + (cut.end() if cut else 0)
    parts = [p.strip() for p in _SEPARATOR.split(text[start:end]) if p.strip()]
    if len(parts) > 1 and _LEAD_IN.match(parts[0]) and resolve(parts[0]) is None:
        parts = parts[1:]
    named = [resolve(p) for p in parts]
    sure = len(named) > 1 and None not in named and len(set(named)) == len(named)
    return _Group(start, last, "listed", frozenset(f for f in named if f) if sure else None)


def _groups(text: str, singles: list[tuple[int, int, str]], resolve: Callable[[str], str | None]) -> list[_Group]:
    """The groups `text` (a sentence up to a number) names, in order; `singles`: (start, end, feature) mentions."""
    found: list[_Group] = []
    rests = list(_REST.finditer(text))
    for start, end, feature in singles:
        if alone := _ALONE.match(text, end):
            found.append(_Group(start, alone.end(), "single", frozenset({feature})))
    for m in rests:
        n = m.group("n")
        count = (int(n) if n.isdigit() else UNITS.get(n.lower())) if n else None
        found.append(_Group(m.start(), m.end(), "rest", None, count))
    for m in _LISTED_END.finditer(text):
        if any(g.kind == "rest" and g.start <= m.start() < g.end for g in found):
            continue
        floor = max([0, *(g.end for g in found if g.end <= m.start())])
        found.append(_listed(text, m.start(), m.end(), floor, resolve))
    return sorted(found, key=lambda g: g.start)


def _subject(text: str, resolve: Callable[[str], str | None]) -> _Group | None:
    """The group `text` (a sentence up to a number) ends with as the subject of a verb of weight (claims-54): two or
    more items that each name one feature ("A and B add about"), or the rest of the features ("the rest take back
    about"; its features are set by the caller); None when there is none, or its items are not each one feature.
    """
    verb = _VERB_GLUE.search(text)
    if verb is None:
        return None
    head = text[: verb.start()]
    if (rest := _REST_SUBJECT.search(head)) is not None:
        n = rest.group("n")
        count = (int(n) if n.isdigit() else UNITS.get(n.lower())) if n else None
        return _Group(rest.start(), len(text), "rest", None, count)
    cut = _ITEMS_START.match(head)
    start = cut.end() if cut else 0
    parts = [p.strip() for p in _SEPARATOR.split(head[start:]) if p.strip()]
    if len(parts) < 2 or any(re.search(r"\d", p) for p in parts):
        return None
    named = [resolve(p) for p in parts]
    if None in named or len(set(named)) != len(named):
        return None
    return _Group(start, len(text), "subject", frozenset(f for f in named if f))


def _said_total(
    claim: NumberClaim,
    lead: str,
    weights: Mapping[str, set[float]],
    singles: list[tuple[int, int, str]],
    resolve: Callable[[str], str | None],
) -> str | None:
    """What total of features the number after `lead` is, when it is one the outputs' weights make (claims-54):
    the total of a group said as the subject of a verb of weight ("A and B add about 1.25"), of the rest of the
    features so said ("the rest take back about 1.40": every weighed feature the sentence did not name before), or
    of every feature, after a part of it ("0.204 of roughly 0.40"). None when it is no such total or the outputs'
    weights do not make it: the usual readings then bind it (so a drifted total stays flagged as before).
    """
    if any(len(w) != 1 for w in weights.values()):
        return None
    one = {f: next(iter(w)) for f, w in weights.items()}
    group = _subject(lead, resolve)
    if group is not None and group.kind == "rest":
        named = {f for start, _, f in singles if start < group.start}
        rest = set(one) - named
        if not named or not rest or (group.count is not None and group.count != len(rest)):
            return None
        group, what = _Group(group.start, group.end, "rest", frozenset(rest)), "the other features' total"
    elif group is not None:
        what = "the group's total"
    elif _PART_OF.search(lead):
        group, what = _Group(0, len(lead), "rest", frozenset(one)), "every feature's total"
    else:
        return _loose_total(claim, lead, one, resolve)
    if group.features is None or not group.features <= set(one):
        return None
    picked = [one[f] for f in group.features]
    totals = {round(sum(picked), 9), round(abs(sum(picked)), 9), round(sum(abs(x) for x in picked), 9)}
    return what if fits(claim, totals) else None


def _loose_total(
    claim: NumberClaim, lead: str, one: Mapping[str, float], resolve: Callable[[str], str | None]
) -> str | None:
    """claims-55 (gfa48): a total whose group is not named one feature an item: "width and no sheep add about
    +1.45" (an item in the writer's words), "about +0.10 for approval against about -0.11" (every push of one way).
    It holds when the outputs' weights make it: a group of as many features as the items, holding each feature an
    item names, whose weights sum to it at its precision; or every weight of one sign. None when neither makes it:
    the usual readings then bind it, so a drifted total stays flagged.
    """
    if len(one) < 3:
        return None
    verb = _VERB_GLUE.search(lead)
    if verb is not None:
        head = lead[: verb.start()]
        cut = _ITEMS_START.match(head)
        parts = [p.strip() for p in _SEPARATOR.split(head[cut.end() if cut else 0 :]) if p.strip()]
        named = {f for f in map(resolve, parts) if f}
        if 2 <= len(parts) <= 6 and named and named <= set(one) and len(one) <= 16:
            if not any(re.search(r"\d", p) for p in parts):
                others = sorted(set(one) - named)
                for extra in itertools.combinations(others, len(parts) - len(named)):
                    picked = [one[f] for f in (*named, *extra)]
                    if fits(claim, {round(sum(picked), 9), round(abs(sum(picked)), 9)}):
                        return "the group's total, an item in other words"
    sides = [[x for x in one.values() if x > 0], [x for x in one.values() if x < 0]]
    if any(len(side) >= 2 and fits(claim, {round(sum(side), 9)}) for side in sides):
        return "one side's total, every push of one way"
    return None


def _rest_of(groups: list[_Group], weights: Mapping[str, set[float]]) -> list[_Group]:
    """The groups with each rest's features: every weighed feature outside the other groups (None: not sure)."""
    others = [g for g in groups if g.kind != "rest"]
    taken: set[str] = set()
    sure = bool(others) and all(g.features is not None for g in others)
    for g in others:
        taken |= g.features or set()
    out = []
    for g in groups:
        if g.kind == "rest":
            rest = frozenset(set(weights) - taken)
            ok = sure and rest and (g.count is None or g.count == len(rest))
            g = _Group(g.start, g.end, "rest", rest if ok else None, g.count)
        out.append(g)
    return out


def group_total(
    claim: NumberClaim,
    sentence: str,
    span: tuple[int, int],
    weights: Mapping[str, set[float]],
    singles: list[tuple[int, int, str]],
    resolve: Callable[[str], str | None],
) -> tuple[str, bool | None] | None:
    """What group of features the number at `sentence[span[0]:span[1]]` totals and whether it holds (None: not sure,
    list it as unchecked); None when it is no group's total (or a single feature's number, left to the usual
    readings).

    Args:
        claim: the number.
        sentence: its sentence.
        span: where the number is in the sentence.
        weights: each feature the outputs weigh (lower case) and its weights.
        singles: each feature the sentence names before the number: (start, end, feature).
        resolve: the one feature a text names, or None.
    """
    if claim.high is not None or claim.percent or claim.bounds is not None or not weights:
        return None
    lead = sentence[: span[0]]
    if _WHOLE.search(sentence) and (_OF_WHOLE.search(lead) or _WHOLE.match(sentence, span[1])):
        # "about a third of the total importance (0.995 of 3.08)", "1.85 of the 3.11 total importance": every weighed
        # feature's total (claims-54)
        if any(len(ws) != 1 for ws in weights.values()):
            return "the features' total, its features not sure", None
        picked = [next(iter(ws)) for ws in weights.values()]
        return "the features' total", fits(claim, {round(sum(picked), 9), round(sum(abs(x) for x in picked), 9)})
    if (said := _said_total(claim, lead, weights, singles, resolve)) is not None:
        return said, True
    groups = [g for g in _groups(lead, singles, resolve) if g.end <= span[0]]
    if not any(g.kind != "single" for g in groups):
        return None
    glued = [g for g in groups if _GLUE.fullmatch(lead[g.end :])]
    first, second = _PAIR_FIRST.search(lead) and _PAIR_AFTER.match(sentence, span[1]), _PAIR_SECOND.search(lead)
    if (first or second) and len(groups) < 2:
        # one of a pair whose other group is not read ("the gust alone ... A, B and C together (2.66 vs 2.07)"):
        # the first is left to the usual readings, the second is some group's total, which one is not sure
        return ("a total of features, its group not sure", None) if second else None
    if first:
        group = groups[-2]  # the first of "(0.27 vs 0.18)" after two groups
    elif second:
        group = groups[-1]  # the second of "(0.27 vs 0.18)"
    elif glued:
        group = glued[-1]
    else:
        return None
    if group.kind == "single":
        return None
    group = next(g for g in _rest_of(groups, weights) if g.start == group.start)
    what = "the other features' total" if group.kind == "rest" else "the listed features' total"
    if group.features is None or any(len(weights.get(f, ())) != 1 for f in group.features):
        return f"{what}, its features not sure", None
    picked = [next(iter(weights[f])) for f in group.features]
    return what, fits(claim, {round(sum(picked), 9), round(sum(abs(x) for x in picked), 9)})


def names_rest(following: str) -> bool:
    """Whether `following` (the text after a share in words) says what the share is of as the rest of the features
    ("about three quarters of the other five together"): a ratio of two totals, not a class's share.
    """
    of = re.match(r"\s*of\s+", following, re.I)
    return of is not None and _REST.match(following, of.end()) is not None
