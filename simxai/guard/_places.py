"""More places a fluent reply puts a feature in, for names of up to five words: an alternative change ("another
route would be changing the exercise habits", "adjusting the marital status would also work"), a feature said to
be free to change ("the resting heart rate could also change freely"), a feature the model is said to weigh ("one
thing that also weighs in here is the occupation", "the previous defaults, which the model takes into account"),
a neighbour in a ranking ("just ahead of number of open credit cards", "followed by income and number of
previous defaults", "family history and hdl come next", "waist size and hdl barely matter"), a change joined to
another ("together with a lower resting heart rate").

A name there that none of the outputs', features', labels' or user's words makes up is an invented feature (the
test of `simxai.guard._invented`); a list is read only when one of its items is a feature, so a list of other
things ("followed by a drop in confidence") is no claim.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._invented import _NOT_IN_NAME, _content, _unknown
from simxai.guard._prefilter import gated
from simxai.guard._reading import find_mentions

__all__ = ["more_feature_claims", "more_label_claims"]

#: A name of up to five words ("number of open credit cards").
_NAME = rf"{_NOT_IN_NAME}[A-Za-z][\w'-]*(?:\s+{_NOT_IN_NAME}[A-Za-z][\w'-]*){{0,4}}"
_DET = r"(?:the\s+|her\s+|his\s+|their\s+|its\s+|this\s+\w+'s\s+|[a-z]+'s\s+)"
#: Where a name ends: punctuation, or a word that starts the rest of the clause.
_END = r"(?=\s*(?:[.,;:!?)]|$|\s(?:which|that|would|could|will|might|too|as well|instead|alone)\b))"
_SINGLE = [
    # "Another route would be changing the exercise habits", "adjusting the marital status would also work"
    gated(
        r"\b(?:changing|adjusting|tweaking|altering|modifying|improving|lowering|raising|reducing|increasing)\s+"
        + _DET
        + rf"(?P<w>{_NAME}){_END}",
        re.I,
    ),
    # "The resting heart rate could also change freely", "blood pressure may vary freely as well"
    gated(
        r"(?:^|[.;:!?]\s+|\n|,\s+(?:and\s+)?|\b(?:and|while|whereas)\s+)(?:the\s+|her\s+|his\s+|their\s+|its\s+)?"
        rf"(?P<w>{_NAME})\s+(?:can|could|may|might)\s+(?:also\s+)?(?:change|vary|move|be changed|go up or down)\s+"
        r"(?:freely|at will|without)",
        re.I,
    ),
    # "One thing that also weighs in here is the occupation", "also counted is the previous defaults"
    gated(
        r"\b(?:weighs? in|also (?:counts|matters|weighs)|(?:also\s+)?plays? a (?:\w+\s+)?(?:role|part))"
        r"(?:\s+here)?\s+(?:is|are)\s+" + _DET + rf"?(?P<w>{_NAME}){_END}",
        re.I,
    ),
    # "the previous defaults, which the model takes into account"
    gated(
        r"(?:\b(?:is|are|of)\s+)" + _DET + rf"?(?P<w>{_NAME}),?\s+which\s+the\s+model\s+(?:also\s+)?"
        r"(?:takes into account|takes into consideration|considers|weighs|uses|looks at)\b",
        re.I,
    ),
    # "together with a lower resting heart rate would tip it", "plus a higher weekly alcohol intake"
    gated(
        r"\b(?:plus|and|with|also)\s+(?:a|an)\s+(?:lower|higher|reduced|increased|smaller|larger|bigger|better|worse)\s+"
        rf"(?P<w>{_NAME}){_END}",
        re.I,
    ),
    # "just ahead of exercise habits", "narrowly ahead of income"
    gated(r"\b(?:just|narrowly|slightly|only)\s+(?:ahead of|behind)\s+" + _DET + rf"?(?P<w>{_NAME}){_END}", re.I),
]
#: "followed by A, B and C", "then come A and B": a list whose items are in a ranking's places.
_FOLLOWED = gated(r"\b(?:followed by|then come|then comes|after (?:them|that) come)\s+(?P<rest>[^.;!?\n]+)", re.I)
#: "A and B come next", "while A and B barely matter", "A and B play a smaller role": the items before the verb.
_COME_NEXT = gated(
    r"(?:^|[.;:!?]\s+|\n|,\s+(?:(?:while|whereas|and)\s+)?|\b(?:while|whereas)\s+)(?P<rest>[^.;:!?,\n]{3,120}?)\s+"
    r"(?:come next|follow(?: behind)?|are next|round out the top|(?:(?:barely|hardly|only|also|still)\s+)?"
    r"(?:matter|count|weigh in|play a (?:\w+\s+)?(?:role|part))\b)",
    re.I,
)


_LIST_END = re.compile(r"\s+(?:in that order|which|that|because|so|while|whereas|with)\b|\s+-\s+", re.I)


#: Words of a group of inputs rather than a name: "the remaining measurements", "other variables".
_KINDS = frozenset(
    "measurement measurements variable variables predictor predictors attribute attributes value values remaining "
    "other others rest signal signals characteristic characteristics detail details thing things".split()
)


def _items(rest: str) -> list[str]:
    rest = _LIST_END.split(rest)[0]
    rest = re.sub(r"\([^()]*\)", " ", rest)
    parts = [p.strip().strip("'\"“”‘’*") for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", rest)]
    return [re.sub(r"^(?:the|her|his|their|its|a|an)\s+", "", p, flags=re.I) for p in parts if p]


def more_feature_claims(prose: str, known: set[str], names: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each name in one of these feature places that no known word makes up.

    Args:
        prose: the reply as the guard reads it (tables as sentences, no Markdown emphasis).
        known: the words a name may be made of (features, labels, aliases, the outputs' and the user's words).
        names: the spellings of the host's features and labels (a name that holds one is known).
    """
    names = list(names)
    found: list[str] = []
    for pattern in _SINGLE:
        found += [m.group("w") for m in pattern.finditer(prose)]
    for pattern in (_FOLLOWED, _COME_NEXT):
        for m in pattern.finditer(prose):
            items = _items(m.group("rest"))
            if len(items) < 2 or not all(re.fullmatch(_NAME, i, re.I) for i in items):
                continue
            if any(find_mentions(i, names) for i in items):
                found += items  # a list that holds a feature: its other items are in a feature's place
    seen: set[str] = set()
    for name in found:
        if find_mentions(name, names) or not _unknown(name, known) or set(_content(name)) & _KINDS:
            continue  # "the remaining measurements and sex barely matter": a kind of input, no name
        claim = f"feature {' '.join(_content(name))}"
        if claim not in seen:
            seen.add(claim)
            yield claim, False


# ---- labels ---------------------------------------------------------------------------------------

_BOLD_FILL = r"\*\*(?P<x>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})\*\*"
_LABEL_PLACES = [
    # "The model reads review 5 — "A boring film." — as **neutral**", "sees applicant 12 as **borderline**"
    gated(
        r"\b(?:reads?|sees|treats|regards)\s+(?:it|this one|[a-z]+\s+#?\d+)(?:\s*-\s*[\"“][^\"”\n]{1,300}[\"”]\s*"
        r"-)?\s+as\s+" + _BOLD_FILL,
        re.I,
    ),
    # "is predicted **under review**", "predicts **very positive**": a bold label of several words.
    gated(
        r"\b(?:predicts|predicted|predicting|classified as|classed as|labell?ed as)\s+(?:(?:it|her|him)\s+)?"
        r"(?:as\s+|to be\s+)?"
        r"\*\*(?P<x>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){1,2})\*\*",
        re.I,
    ),
]
#: Words that lead no label ("**not stable**", "**the same**").
_NO_LEAD = frozenset("not no the a an same still also now only both either neither".split())


def more_label_claims(raw: str, labels: Iterable[str], forms: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each bold label place of `raw` (the reply with its Markdown) that holds no label or a
    label with a qualifier ("**very positive**", "**under review**").
    """
    known = {x.lower() for x in (*labels, *forms)}
    if not known:
        return
    for pattern in _LABEL_PLACES:
        for m in pattern.finditer(raw):
            said = m.group("x").strip()
            if said.lower() in known or said.split()[0].lower() in _NO_LEAD:
                continue
            yield f"label '{said}'", False
