"""Names in the positions of a list of features: the items of an enumeration that names a feature ("bmi, then
family history"), the heads of a bulleted or numbered list whose heads include a feature ("1. bmi - 0.59",
"3. family history"), and the cells of a table's feature column or the row heads of a table of values.
Each such name must be a feature, a label, an alias or a word of the outputs or the user's (`simxai.guard._causes`
reads the names said to drive or be changed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._cues import POSITION_WORDS
from simxai.guard._enumerated import shortened
from simxai.guard._prefilter import gated
from simxai.guard._reading import find_mentions

__all__ = ["listed_names"]

_WORD = r"[a-z][a-z_'-]*"
_NP = rf"(?:the\s+|her\s+|his\s+|their\s+|its\s+|a\s+|an\s+)?(?P<w>{_WORD}(?:\s+{_WORD})?)"
#: After a feature: its value or a bracket, then a joint of an enumeration, then the next item.
_NEXT = re.compile(
    r"^(?P<v>(?:\s*(?:=|:)?\s*[-+−]?\d[\d.]*%?)?(?:\s*\([^()]{0,60}\))?"  # its value, its bracket or both
    r"(?:\s+(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th))?)"  # or its place: "speed second" (claims-38)
    r"(?P<j>\s*,\s*(?:and\s+|then\s+|followed by\s+)?|\s+and\s+(?:then\s+)?|\s*,?\s+then\s+|\s*,?\s+followed by\s+|"
    r"\s*,?\s+ahead of\s+|\s*,?\s+next to\s+)" + _NP + r"(?=\s*(?:[.,;:!?)(]|$|\s(?:and|then|also|is|are|was|were|"
    r"comes?|ranks?|has|have|plays?|matters?|push\w*|follows?|each|both|as well)\b|"
    r"\s+of\s+[a-z]+\s*(?:[.;!?]|$)))",  # "then family history of diabetes." ending its sentence (claims-38)
    re.IGNORECASE,
)
#: Words that end an enumeration rather than name an item.
_FUNCTION = (
    frozenset(
        "so too also then thus hence though although however respectively overall together alone combined among "
        "others other rest remaining small smaller large larger minor more less most least some several many few both "
        "each all either neither none everything "
        "nothing something anything while whereas which who whom whose where when what how why this that these "
        "those it its they them their there here now still yet even just only very quite rather fairly much "
        "slightly strongly mildly positively negatively further beyond similarly likewise instead otherwise "
        "accordingly finally first second third lastly next after before current currently new old value values "
        "a an the and or but of in on to for by with at from as is are was were be been being has have had "
        "total mean min max minimum maximum median average std count size rows row columns column classes class "
        "samples sample features feature target split threshold rank ranks importance importances contribution "
        "contributions weight weights effect effects impact probability probabilities confidence score scores "
        "error errors rate rates label labels prediction predictions outcome outcomes model data change changes "
        "edit edits needed required prediction's model's p abs absolute magnitude magnitudes signed "
        # words of approximation and "else" (claims-27): "triglycerides, about one and a half times ...",
        # "credit score, nothing else, ..." name no item
        "about around roughly approximately nearly almost else".split()
    )
    | POSITION_WORDS
)
_INCLUDING = gated(
    r"\b(?:features?|factors?|inputs?|variables?|predictors?|measurements?|attributes?)\b[^.;:()]{0,40}?"
    r"\b(?:including|such as|like|e\.g\.,?|namely)\s+(?P<rest>[^.;:()!?]+)",
    re.IGNORECASE,
)
_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+(?P<body>.*)$")
_HEAD = re.compile(rf"^(?P<w>{_WORD}(?:\s+{_WORD}){{0,3}})\s*(?P<rest>(?:-(?!\w)|:|=|\()\s*.*|)$", re.IGNORECASE)
#: A bullet's key that numbers it ("- **3rd:** corrosion — 0.099", "- **3.** late payments"): the name follows it.
_ORDINAL_KEY = re.compile(
    r"^(?:#?\d{1,2}(?:st|nd|rd|th)?\s*[.):]|(?:first|second|third|fourth|fifth|last)\s*:)\s*", re.I
)
_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
_NAME_HEADER = re.compile(r"^(?:features?|factors?|variables?|inputs?|predictors?|words?|tokens?|attributes?)$", re.I)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?\s*%?")
#: A feature that closes its list: the joint before it is "and" or "or" ("A and B").
_CLOSED = re.compile(r"\b(?:and|or)\s+(?:the\s+|her\s+|his\s+|their\s+|its\s+)?$", re.I)
#: The end of a sentence right after a name: the name is the sentence's last word.
_LAST = re.compile(r"\s*(?:[.;!?]|$)")


def _comment(prose: str, feature_start: int, nxt: re.Match[str], at: int) -> bool:
    """Whether the phrase after a feature is a comment on the list, not its next item (claims-21): set off by a bare
    comma after a list closed by "and" ("nitrate and turbidity, nearly inseparable"), or the sentence's last words
    after a feature given a number when they give none ("glucose 81, unremarkable", "tg_log (0.927), far ahead").
    """
    if nxt.group("j").strip() != ",":
        return False
    if _CLOSED.search(prose[max(0, feature_start - 40) : feature_start]):
        return True
    return bool(re.search(r"\d", nxt.group("v"))) and bool(_LAST.match(prose, at + nxt.end("w")))


def _invented(name: str, known: set[str]) -> str | None:
    """`name` as an invented feature's words, or None when it is known or only function words."""
    words = [w for w in re.findall(r"[a-z][a-z_'-]*", name.lower()) if w not in _FUNCTION]
    joined = "_".join(re.findall(r"[a-z][a-z'-]*", name.lower()))  # "n estimators" is n_estimators
    if not words or joined in known or any(w in known or w.rstrip("s") in known or f"{w}s" in known for w in words):
        return None
    if any(shortened(w, known) for w in words):  # "total chol": a name cut short (claims-29)
        return None
    if len(words) == 1 and words[0].endswith("ly"):  # an adverb ("bmi, and similarly ..."), not a name
        return None
    return " ".join(words)


def listed_names(
    raw: str, prose: str, known: set[str], features: Iterable[str], labels: Iterable[str]
) -> list[tuple[str, bool]]:
    """Claims `feature X` (all failing) for each name in a feature-list position of the reply that is not known.

    Args:
        raw: the reply as written (its lists and tables).
        prose: the reply as the guard reads it (tables as sentences).
        known: the words a name may be made of (features, labels, aliases, the outputs' and the user's words).
        features: the spellings of the host's features.
        labels: the host's labels.
    """
    names = set(features) | set(labels)
    found: list[str] = []
    # An enumeration that names a feature: each next item is in a feature's position.
    for m in find_mentions(prose, list(features)):  # a label ends no list of features ("stable and outweigh it")
        at = m.end + (1 if m.quoted else 0)
        nxt = _NEXT.match(prose[at:])
        if nxt is None or find_mentions(nxt.group("w"), names) or _comment(prose, m.start, nxt, at):
            continue
        if re.match(r"\s+of\b", prose[at + nxt.end("w") :]) and "then" not in nxt.group("j").lower():
            continue  # "X of Y." is an item only after "then": "bmi, well ahead of triglycerides." is none
        glossed = re.match(r"\s*\(\s*([a-z][\w-]*)", prose[at + nxt.end("w") : at + nxt.end("w") + 40], re.I)
        if glossed and find_mentions(glossed.group(1), list(features)):
            continue  # "the low triglycerides and the lean build (BMI 20.5)": words for the feature in brackets
        found.append(nxt.group("w"))
    # "10 features, including age and bmi", "inputs such as income, age": each item named is a feature.
    for including in _INCLUDING.finditer(prose):
        for item in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", including.group("rest")):
            item = re.sub(r"^(?:the|her|his|their|its|a|an)\s+", "", item.strip(), flags=re.I)
            if re.fullmatch(rf"{_WORD}(?:\s+{_WORD}){{0,2}}", item, re.I):
                found.append(item)
    lines = raw.split("\n")
    # Bulleted or numbered lists whose heads include a feature: every other head alone or with a value.
    block: list[tuple[str, bool, bool]] = []  # (head, followed by a value, alone on its line)
    for line in [*lines, ""]:
        item = _ITEM.match(line)
        body = _ORDINAL_KEY.sub("", item.group("body").strip().strip("*_`").replace("**", "")) if item else ""
        head = _HEAD.match(body) if item else None
        if head is not None:
            valued = bool(re.match(r"(?:-|:|=)\s*-?\d", head.group("rest")))
            block.append((head.group("w"), valued, not head.group("rest")))
            continue
        if item is not None:
            continue
        featured = any(find_mentions(w, list(features)) for w, _, _ in block)  # a label's key lists no features
        found += [w for w, valued, alone in block if featured and (valued or alone)]
        block = []
    # Tables: the cells of a feature column, and row heads of a table of values with no header over them.
    i = 0
    while i + 1 < len(lines):
        head = _TABLE_ROW.match(lines[i])
        if head is None or not _TABLE_RULE.match(lines[i + 1]):
            i += 1
            continue
        headers = [h.strip().strip("*_").strip() for h in head.group(1).split("|")]
        # "| | smoker | bmi |" over "| now | yes | 34.2 |": with features as columns the row heads are states
        # or subjects, no features.
        featured_columns = any(find_mentions(h, names) for h in headers[1:])
        i += 2
        while i < len(lines) and (row := _TABLE_ROW.match(lines[i])) is not None:
            cells = [c.strip().strip("*_`").strip() for c in row.group(1).split("|")]
            for h, c in zip(headers, cells, strict=False):
                if _NAME_HEADER.match(h) and re.fullmatch(rf"{_WORD}(?:\s+{_WORD}){{0,2}}", c, re.I):
                    found.append(c)
            if cells and not headers[0] and not featured_columns and any(_NUMBER.fullmatch(c) for c in cells[1:]):
                if re.fullmatch(rf"{_WORD}(?:\s+{_WORD})?", cells[0], re.I):
                    found.append(cells[0])
            i += 1
    claims = []
    for name in found:
        if find_mentions(name, names):
            continue
        words = _invented(name, known)
        if words is not None:
            claims.append((f"feature {words}", False))
    return claims
