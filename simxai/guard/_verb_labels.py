"""A class named by a verb in the third person ("leaves", "stays", "pays", "falls_behind", "needs_repair"; claims-20)
or in the past ("failed", "turned_back"; guard23) said in its base form after a verb of prediction: "is predicted to
leave", "expected to fall behind, at 0.056", "predicts the tenant will pay", "predicted to turn back".

Such a clause states the model's prediction: the class must be a predicted one, and a share right after it
("predicted to leave, with a 60.8 % probability", "to fall behind (0.705)") must be that class's. Read only on
outputs of no what-if or counterfactual (where "would be predicted to leave" is an outcome, not today's
prediction), and never when conditional ("would", "could", "might") or denied.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts
from simxai.guard._reading import matches, numbers

__all__ = ["verb_label_claims"]

_PREDICTED = r"(?:predicted|expected|forecast|projected|likely|tipped|set|going|classed|flagged|scored)"
_BEFORE = re.compile(r"\b(?:would|could|might|not|never|n't|if|unless|whether)\b[^.;:,]{0,25}$", re.I)
#: A share right after the class: ", at 0.056", " (0.705)", ", with a 60.8 % probability", ", 72 % likely".
_SHARE = re.compile(
    r"^\s*(?:,\s*|\(\s*)?(?:at\s+|with\s+(?:a\s+)?(?:probability\s+(?:of\s+)?)?|p\s*=\s*)?(?P<n>\d+(?:\.\d+)?\s*%?)"
    r"(?=\s*(?:\)|,|;|\.(?!\d)|$|probability|chance|likel|confiden|%))",
    re.I,
)


def verb_label_claims(sentence: str, labels: Sequence[str], facts: Facts) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each class said in its base form after a verb of prediction, and for a share said
    right after it.

    Args:
        sentence: one sentence of the reply.
        labels: the host's labels.
        facts: the outputs' facts about the subject (its predicted labels and each label's numbers).
    """
    if not facts.predicted or facts.hypothetical or facts.what_if or facts.changes:
        return
    for label, pattern in _patterns(labels).items():
        for m in pattern.finditer(sentence):
            if _BEFORE.search(sentence[max(0, m.start() - 40) : m.start()]):
                continue
            yield f"prediction {label}", label in facts.predicted
            share = _SHARE.match(sentence[m.end() :])
            if share is not None and label in facts.predicted:
                said = next(numbers(share.group("n")), None)
                if said is not None:
                    yield f"probability of {label} {said.raw}", matches(said, facts.label_numbers.get(label, set()))


def _patterns(labels: Sequence[str]) -> Mapping[str, re.Pattern[str]]:
    """For each label that is a verb in the third person, the pattern of its base form after a verb of prediction."""
    found: dict[str, re.Pattern[str]] = {}
    for label in labels:
        parts = [p for p in re.split(r"[\s_-]+", label.lower()) if p]
        if parts and re.fullmatch(r"[a-z]{2,}[^s]s", parts[0]):
            verb = re.escape(parts[0][:-1])
        elif parts and re.fullmatch(r"[a-z]{3,}ed", parts[0]):  # "failed", "turned_back": "to fail", "to turn back"
            verb = re.escape(parts[0][:-2]) + "e?"
        else:
            continue
        base = r"[\s_-]+".join([verb, *map(re.escape, parts[1:])])
        found[label] = re.compile(
            rf"\b(?:{_PREDICTED}\s+to|predicts?\s+(?:that\s+)?(?:[\w']+\s+){{0,3}}?will)\s+(?:still\s+)?{base}\b(?![\w-])",
            re.I,
        )
    return found
