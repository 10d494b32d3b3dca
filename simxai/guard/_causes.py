"""Invented names in feature and label positions: a name said to drive the prediction ("because of her income",
"income is the main factor"), to be changed or set ("raise income by 15 %", "with income at 27.3"), to rank
("income matters most") or to be one of the labels ("stable or uncertain") must be a feature, a label or a word of
the outputs (`simxai.guard._checks` reads the rest of the reply).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.guard._reading import find_mentions

__all__ = ["invented_names"]

_NP = r"(?P<w>(?:[a-z][a-z_'-]*)(?:\s+[a-z][a-z_'-]*){0,2})"
_CAUSE_AFTER = re.compile(
    r"\b(?:because of|due to|driven (?:mostly |mainly |largely )?by|thanks to|owing to|"
    r"(?:relies?|relying|leans?|leaning|hinges?|depends?)(?: \w+ly| most| hardest| heavily)? on)\s+"
    r"(?:the\s+|her\s+|his\s+|their\s+|its\s+|an?\s+|this\s+|that\s+|[a-z]+'s\s+)?"
    + _NP
    + r"(?=\s*(?:[.,;:!?)(—–]|$|\s(?:and|which|that|is|was|pushes|being)\b))",
    re.IGNORECASE,
)
_CAUSE_BEFORE = re.compile(
    r"(?:^|[.;:!?]\s+|\b(?:and|but)\s+)(?:her\s+|his\s+|their\s+|its\s+|the\s+)?"
    + _NP
    + r"\s+(?:is|was)\s+(?:the\s+)?(?:single\s+)?(?:most important|main|biggest|key|top|strongest|primary|leading|"
    r"dominant)\s+(?:feature|factor|driver|reason|predictor|input)\b",
    re.IGNORECASE,
)
_DET = r"(?:the\s+|her\s+|his\s+|their\s+|its\s+|[a-z]+'s\s+)?"
#: A name changed or set to a number ("raise income by 15 %", "setting income to 3.9", "income ranges from 19").
_CHANGED = re.compile(
    r"\b(?:rais|lower|chang|sett?|mov|increas|decreas|reduc|cut|bump|put|push|drop)\w*\s+"
    + _DET
    + r"(?P<w>[a-z][a-z_'-]*)\s+(?:from|to|by|down|up)\s+(?:about\s+|around\s+|roughly\s+)?-?\d"
    r"|(?P<v>[a-z][a-z_'-]*)\s+(?:ranges|spans|varies|runs)\s+(?:from|between)\s+-?\d",
    re.IGNORECASE,
)
_SET_AT = re.compile(
    r"\b(?:with|if|once|when)\s+" + _DET + r"(?P<w>[a-z][a-z_'-]*)\s+(?:at|were|was|of|=)\s+(?:about\s+)?-?\d"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)" + _DET + r"(?P<v>[a-z][a-z_'-]*)\s+"
    r"(?:comes? out on top|matters (?:most|more|less)|is the strongest push|is the top driver|leads the ranking|"
    r"pushes|raises|lowers|drives|ranks (?:first|second|third|last)|has the (?:largest|biggest|strongest) effect|"
    r"is (?:the )?(?:most|more|less|second|third|least) (?:important|influential)|would have to (?:change|go|move)|"
    r"is important)\b"
    r"|\b(?:features?|factors?|drivers?|reasons?|predictors?)\s+(?:is|are|was|were|:)\s+"
    + _DET
    + r"(?P<x>[a-z][a-z_'-]*)"
    r"(?=\s*(?:[.,;:!?)(—–]|$|\s(?:and|which|then|followed)\b))"
    r"|\bwhat drives (?:this one|it|the prediction) is\s+" + _DET + r"(?P<y>[a-z][a-z_'-]*)"
    r"|\b(?:average|mean|median)\s+(?P<z>[a-z][a-z_'-]*)\s+(?:is|was|of|=|:)\s+(?:about\s+)?-?\d"
    r"|\b(?:cut|raise|increase|decrease|drop|rise|change|reduction)\s+in\s+" + _DET + r"(?P<u>[a-z][a-z_'-]*)\b"
    r"|(?P<t>[a-z][a-z_'-]*)\s+(?:-?\d+(?:\.\d+)?\s*(?:→|->)\s*-?\d|\((?:value|=)\s*-?\d)",
    re.IGNORECASE,
)
#: More positions of a feature: ranked ("the most influential feature here is X", "neither as much as X", "X carries
#: the most weight"), moved ("if X moved to 5", "would need X at 5", "once X is 5") or described ("X: min 19").
_RANKED = re.compile(
    r"\b(?:features?|factors?|drivers?|reasons?|predictors?)\s+(?:here|overall|globally)?\s*(?:is|are|→|->)\s+"
    + _DET
    + r"(?P<w>[a-z][a-z_'-]*)(?=\s*(?:[.,;:!?)(—–]|$|\s(?:and|which|then|followed)\b))"
    r"|\b(?:neither|not)\s+as\s+much\s+as\s+" + _DET + r"(?P<v>[a-z][a-z_'-]*)"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)" + _DET + r"(?P<x>[a-z][a-z_'-]*)\s+(?:carries|has|gets) the most weight"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)" + _DET + r"(?P<y>[a-z][a-z_'-]*)\s+is what the model (?:pays|gives)"
    r"|\b(?:if|once|when)\s+" + _DET + r"(?P<z>[a-z][a-z_'-]*)\s+(?:moved|went|goes|rose|fell|dropped|changed|is)\s+"
    r"(?:to\s+)?(?:roughly\s+|about\s+|around\s+)?-?\d"
    r"|\bneeds?\s+" + _DET + r"(?P<u>[a-z][a-z_'-]*)\s+(?:at|to be|of)\s+(?:about\s+)?-?\d"
    r"|(?:^|\n)\s*(?P<t>[a-z][a-z_'-]*)\s*:\s*(?:min|max|mean|average|median)\b",
    re.IGNORECASE,
)
#: Common words that may sit where a cause's name does ("because of a combination of factors").
_COMMON = frozenset(
    "it this that these those which what how many several some most all each both other others one two three "
    "combination mix number variety set few factors factor features feature reasons reason values value inputs "
    "input data model prediction predictions training pattern patterns word words text review tone phrase "
    "language context level levels high low higher lower large small big her his their its the a an and or but "
    "of in on to with overall everything nothing chance probability score scores change changes edit edits "
    "rest way fact case cases thing things either neither not none hardest heavily mostly mainly largely "
    "confidence odds accuracy prediction's model's outcome label result it's here there you we globally overall "
    "important more less then also".split()
)
_LABEL_LIST = re.compile(
    r"\b(?:labels?|class(?:es)?|outcomes?|outputs?|categories|answers?|possible|either|one of|can (?:answer|predict|"
    r"output|return)|predictions are|limited to|choos\w+ between)\b",
    re.IGNORECASE,
)
_LIST_ITEM = re.compile(
    r"\s*(?:,|/|\bor\b|\band\b)\s*(?:either\s+)?([a-z][a-z-]*)(?=\s*(?:[.,;:!?)(—–]|$|\bor\b|\band\b))", re.I
)
_LABEL_COUNT = re.compile(
    r"\b(\d+)\s+(?:possible\s+)?(?:classes|labels|outcomes|categories|possible (?:outputs|answers|predictions))\b",
    re.IGNORECASE,
)


def invented_names(reply: str, known: set[str], labels: Sequence[str]) -> list[tuple[str, bool]]:
    """The claims of `reply` about names and whether each holds: `feature X` fails for a name in a feature's
    position that is not `known` (features, labels, aliases, metric words, the outputs' and the user's words),
    `label X` for an item of a list of labels that is no label, `N labels` when the host does not have N.
    """
    claims: list[tuple[str, bool]] = []
    for pattern in (_CAUSE_AFTER, _CAUSE_BEFORE, _CHANGED, _SET_AT, _RANKED):
        for match in pattern.finditer(reply):
            said = next((v for v in match.groupdict().values() if v), "")
            phrase = [w for w in re.findall(r"[a-z][a-z_'-]*", said.lower()) if w not in _COMMON]
            if phrase and not any(w in known or w.rstrip("s") in known for w in phrase):
                claims.append((f"feature {' '.join(phrase)}", False))
    names = {lab.lower() for lab in labels}
    for sentence in re.split(r"(?<=[.;!?])\s+|\n", reply):
        said_labels = find_mentions(sentence, list(labels))
        if len({m.name for m in said_labels}) < 2 or not _LABEL_LIST.search(sentence):
            continue
        for m in said_labels:
            item = _LIST_ITEM.match(sentence[m.end :])
            word = item.group(1).lower() if item else ""
            if word and word not in names and word not in _COMMON and word not in known:
                claims.append((f"label {word}", False))
    for match in _LABEL_COUNT.finditer(reply):
        claims.append((f"{match.group(1)} labels", int(match.group(1)) == len(labels)))
    return claims
