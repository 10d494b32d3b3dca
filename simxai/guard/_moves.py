"""A what-if's move of a class's probability said without its numbers (claims-16): the label as the subject of a
verb of moving ("negative goes down", "the approval score rises") or as the object of a verb of raising or
lowering ("slightly lowers the approval score", "raises the chance of rejection").

Each is checked like "the probability of L rises" (`_influence`): some old probability of L and some new one must
differ that way. A denied move ("negative does not go down") is no claim.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

__all__ = ["DENIED", "said_move_claims"]

_UP = r"rises|rise|rose|goes up|go up|went up|climbs|climbed|grows|grew|increases|increased|edges up|ticks up"
_DOWN = r"falls|fall|fell|drops|dropped|goes down|go down|went down|dips|dipped|shrinks|shrank|decreases|decreased|"
_DOWN += r"eases|eased|slips|slipped"
_RAISE = r"raises|raised|raising|lifts|lifted|lifting|increases|increased|increasing|boosts|boosted|boosting"
_LOWER = r"lowers|lowered|lowering|reduces|reduced|reducing|decreases|decreased|decreasing|cuts|cutting|trims|trimmed"
_MEASURE = r"(?:score|probability|chance|odds|share|confidence|likelihood)"
_FILL = r"(?:slightly\s+|a\s+(?:bit|little)\s+|somewhat\s+|sharply\s+|only\s+|then\s+|would\s+|will\s+)*"
#: A denial just before a word of way ("not more likely", "isn't higher"); _ways reads it too.
DENIED = re.compile(r"\b(?:not|never|no)\b|n't\b", re.I)


def _patterns(spellings: Sequence[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    names = "|".join(re.escape(s) for s in sorted(spellings, key=len, reverse=True))
    subject = re.compile(
        rf"(?<![\w-])(?P<a>{names})(?:'s)?(?:\s+{_MEASURE})?\s+{_FILL}(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b", re.I
    )
    obj = re.compile(
        rf"\b(?:(?P<up>{_RAISE})|(?P<down>{_LOWER}))\s+(?:the\s+|its\s+|her\s+|his\s+|their\s+)?"
        rf"(?:(?P<a>{names})(?:'s)?\s+{_MEASURE}|{_MEASURE}\s+(?:of|for)\s+(?P<b>{names}))\b",
        re.I,
    )
    return subject, obj


def said_move_claims(
    sentence: str,
    labels: Sequence[str],
    nouns: Mapping[str, str],
    before: Mapping[str, set[float]],
    after: Mapping[str, set[float]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each class's probability the sentence says a what-if moves, by a verb on the label.

    Args:
        sentence: one sentence of the reply.
        labels: the host's labels.
        nouns: a label's noun forms ("approval"), each mapped to its label.
        before: label -> its probabilities before the change.
        after: label -> its probabilities after the change.
    """
    if not labels:
        return
    named = {label.lower(): label for label in labels} | {noun.lower(): label for noun, label in nouns.items()}
    for pattern in _patterns(list(named)):
        for m in pattern.finditer(sentence):
            label = named.get((m.group("a") or m.groupdict().get("b") or "").lower())
            if label is None or DENIED.search(sentence[max(0, m.start() - 20) : m.end()]):
                continue
            olds = {v for v in before.get(label, set()) if 0 <= v <= 1}
            news = {v for v in after.get(label, set()) if 0 <= v <= 1}
            moved = [(o, n) for o in olds for n in news if n != o]
            if moved:
                up = m.group("up") is not None
                yield f"probability of {label} {'up' if up else 'down'}", any((n > o) == up for o, n in moved)
