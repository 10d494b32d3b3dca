"""A class's probability said by the class's name alone, around a what-if (claims-54, guard47).

Two forms bound no number to the class they name, so another class's probabilities passed as any number of the
outputs:

- a move of a class from one number to another: "adding the guard lowers clear from 0.495 to 0.131", "blocked
  falls from 49.5 % to 13.1 %", "clear's chance climbs from 0.50 to 0.87". The class named right before "from A to
  B" (with at most a word of its share and a verb of moving between) is the one that moves: A must be its
  probability before the change, B after it;
- an outcome with its probability after it: "Still gold with the stronger wind, at 0.364", "the call turns clean,
  at 0.197". A sentence that names one class only, as the outcome of the change ("still", "stays", "turns",
  "becomes", ...), and ends with "at N" names that class's probability after the change.

Read only on one subject's what-if (its probabilities before and after), never in a question; a number is
compared at the precision it is shown (`fits`). Nothing of a host's domain: the classes come from the schema.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts
from simxai.guard._reading import fits, numbers

__all__ = ["class_move_claims", "named_classes"]

_SHARE = r"(?:'s)?(?:\s+(?:probability|chance|share|score|odds|prob\.?))?"
_VERB = (
    r"(?:\s+(?:would\s+|will\s+)?(?:rises?|rose|climbs?|climbed|falls?|fell|drops?|dropped|goes|went|go|moves?|moved|"
    r"slips?|slipped|jumps?|jumped|shifts?|shifted|sinks?|sank|edges?|edged|grows?|grew|shrinks?|shrank|"
    r"increases?|increased|decreases?|decreased))?"
)
_NUM = r"(?:about\s+|around\s+|roughly\s+|nearly\s+|some\s+)?-?\d+(?:\.\d+)?\s*%?"
#: After a class's name: its move "from A to B".
_FROM_TO = re.compile(rf"{_SHARE}{_VERB}\s+from\s+(?P<a>{_NUM})\s*(?:to|→|->)\s*(?P<b>{_NUM})", re.I)
#: An outcome said of the change, before the class.
_OUTCOME = re.compile(
    r"\b(?:still|stays?|stayed|remains?|remained|keeps?|kept|turns?|turned|becomes?|became|flips?|flipped|tips?|"
    r"tipped|switches|switched|changes?\s+to|changed\s+to|ends?\s+up|ended\s+up|would\s+be)\b",
    re.I,
)
#: The sentence's last words: "at 0.364", "at about 36 %".
_AT_END = re.compile(rf",?\s+at\s+(?P<n>{_NUM})\s*[.!]?\s*$", re.I)


def class_move_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each probability `sentence` binds to a class by its name around one what-if.

    Args:
        sentence: one sentence of the reply.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
        facts: one subject's outputs (a what-if's probabilities before and after).
    """
    if len(facts.what_if) != 1 or sentence.rstrip().endswith("?"):
        return
    before, after = facts.before_numbers, facts.after_numbers
    found = named_classes(sentence, labels, forms)
    for _, end, label in found:
        if not before.get(label) or not after.get(label):
            continue
        m = _FROM_TO.match(sentence, end)
        if m is None:
            continue
        ends = list(numbers(m.group(0)))
        if len(ends) != 2:
            continue
        old, new = ends
        holds = fits(old, before[label]) and fits(new, after[label])
        yield f"{label} moves from {old.raw} to {new.raw}", holds
    classes = {label for _, _, label in found}
    at = _AT_END.search(sentence)
    if at is None or len(classes) != 1 or not found:
        return
    label = found[0][2]
    head = sentence[: found[0][0]]
    if not after.get(label) or not _OUTCOME.search(head[-40:]) or found[-1][1] > at.start():
        return
    said = list(numbers(at.group("n")))
    if len(said) == 1:
        yield f"{label} at {said[0].raw} after the change", fits(said[0], after[label])


def named_classes(sentence: str, labels: Sequence[str], forms: Mapping[str, str]) -> list[tuple[int, int, str]]:
    """The classes `sentence` names by a label or a label's form, as (start, end, label), in order."""
    names = {label: label for label in labels} | {form: label for form, label in forms.items()}
    out: list[tuple[int, int, str]] = []
    for word, label in sorted(names.items(), key=lambda item: -len(item[0])):
        spelled = re.escape(word).replace("_", "[ _]").replace(r"\ ", r"[\s_]")
        for m in re.finditer(rf"(?<![\w-]){spelled}(?![\w-])", sentence, re.I):
            if not any(s <= m.start() < e for s, e, _ in out):
                out.append((m.start(), m.end(), label))
    return sorted(out)
