"""A direction word the reply contradicts with its own two numbers (claims-38).

A direction flipped by a writer often leaves both numbers right and only the word wrong, so every number is found in
the outputs and the reply passes: "BMI up from 28 to 27.2" (g26), "the credit score comes down from 559 to 614"
(g24), "room 23.8 → 19.2 °C, i.e. warmer by 4.6" (g26), "Recall for lost is 0.677 — higher than its precision of
0.84" (g22), "Accuracy 0.7303 ..., a bit below its F1 of 0.7273" (g28), "The rejection call is a shade more
confident, 78.85 % against 79.37 %" (g24). Each is read only in these tight forms, and needs no output:

- a move "up / down / rises / falls / drops / comes down ... from A to B": up needs B > A, down B < A;
- a move "A → B" followed in its clause by "i.e." or "so" and a comparative with "by" or a temperature's word
  ("i.e. warmer by 4.6", "i.e. a cooler room");
- "A, higher / lower / above / below (than) <up to three words> (of) B", with only degree words between A and the
  comparative ("a bit", "slightly");
- "more / less confident (or surer, higher, lower, longer, shorter), A against / vs B".

Numbers joined to a word ("200-patient") or followed by another number are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from simxai.guard._prefilter import gated

__all__ = ["own_direction_claims"]

_NUM = r"[-−]?(?:\d+(?:\.\d+)?|\.\d+)"
_END = r"(?![\d.,]*\d|[-\w])"
_UNIT = r"(?:\s*(?:%|°\s*[CF]\b|(?:mm|cm|kg|g|m|min|h|y|pp|points|words)\b))?"
_UP_WORDS = r"up|rises?|rose|raised|increased?|increases|goes\s+up|went\s+up|climbs?|climbed|grows?|grew"
_DOWN_WORDS = (
    r"down|falls?|fell|drops?|dropped|lowered|decreased?|decreases|goes\s+down|went\s+down|comes?\s+down|came\s+down"
)
#: "up from 28 to 27.2", "comes down from 559 to 614".
_FROM_TO = gated(
    rf"\b(?:(?P<up>{_UP_WORDS})|(?P<down>{_DOWN_WORDS}))\s+from\s+(?P<a>{_NUM}){_UNIT}\s+to\s+(?P<b>{_NUM}){_END}",
    re.I,
)
_HIGHER = r"higher|above|greater|larger|bigger|warmer|hotter|longer|heavier|older|wider|surer"
_LOWER = r"lower|below|smaller|cooler|colder|shorter|lighter|younger|thinner|narrower"
#: "23.8 → 19.2 °C, i.e. warmer by 4.6", "20.0 → 20.4, i.e. a cooler room".
_ARROW_SO = gated(
    rf"(?<![\w.])(?P<a>{_NUM}){_UNIT}\s*(?:→|->|=>)\s*(?P<b>{_NUM}){_UNIT}{_END}[^.;\n\d]{{0,20}}?"
    rf"[,(]\s*(?:i\.e\.|so|that is)\s*,?\s+(?:an?\s+)?"
    rf"(?:(?P<up>{_HIGHER})\s+by\b|(?P<down>{_LOWER})\s+by\b|(?P<warm>warmer|hotter)\b|(?P<cool>cooler|colder)\b)",
    re.I,
)
_DEGREE = r"(?:(?:a\s+bit|a\s+little|a\s+touch|a\s+shade|just|slightly|well|much|far|clearly|somewhat|still)\s+)*"
#: "0.677 — higher than its precision of 0.84", "0.7303 on the held-out split, a bit below its F1 of 0.7273".
_THAN = gated(
    rf"(?<![\w.])(?P<a>{_NUM}){_UNIT}{_END}(?:\s+(?:on|in|for)\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)?"
    rf"\s*(?:,|\s[-—–]|—|–)\s*{_DEGREE}"
    rf"(?:(?P<up>higher|above|greater)|(?P<down>lower|below))(?:\s+than)?"
    rf"(?:\s+(?:its|the|their|his|her|a|an))?(?:\s+(?!(?:from|to|by|and|or)\b)[A-Za-z][\w-]*){{0,3}}?"
    rf"\s+(?:of\s+|at\s+|=\s*|:\s*)?"
    rf"(?P<b>{_NUM}){_UNIT}{_END}",
    re.I,
)
#: "a shade more confident, 78.85 % against 79.37 %".
_AGAINST = gated(
    rf"\b(?:(?P<up>more\s+(?:confident|certain|sure)|surer|higher|longer|larger|bigger)|"
    rf"(?P<down>less\s+(?:confident|certain|sure)|lower|shorter|smaller))\s*[,:(]\s*"
    rf"(?P<a>{_NUM}){_UNIT}\s+(?:against|vs\.?|versus)\s+(?P<b>{_NUM}){_UNIT}{_END}",
    re.I,
)


def _number(said: str) -> float:
    return float(said.replace("−", "-"))


def own_direction_claims(reply: str) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each direction word the reply says beside two numbers of its own."""
    for pattern in (_FROM_TO, _ARROW_SO, _THAN, _AGAINST):
        for m in pattern.finditer(reply):
            a, b = _number(m.group("a")), _number(m.group("b"))
            if a == b:
                continue
            groups = m.groupdict()
            up = bool(groups.get("up") or groups.get("warm"))
            said = m.group(0).strip()
            if pattern is _THAN or pattern is _AGAINST:
                holds = a > b if up else a < b
            else:
                holds = b > a if up else b < a
            yield f"direction said against its own numbers: {said!r}", holds
