"""What the outputs never name, read in the places only a feature, a class or a model fact can fill (invent18):
the three readings of `_feature_slots`, `_label_slots` and `_model_facts`, each given what it reads from the
checker's state, yielding (reader, claim, holds) for the report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._facts import Facts
from simxai.guard._feature_slots import valued_item_claims
from simxai.guard._label_slots import slot_label_claims
from simxai.guard._model_facts import model_fact_claims
from simxai.guard._reading import sentences

__all__ = ["unnamed_claims"]


def unnamed_claims(
    reply: str,
    facts: Facts,
    labels: list[str],
    forms: Iterable[str],
    spellings: list[str],
    metrics: Iterable[str],
    known: set[str],
    said: set[str],
    text_model: bool,
) -> Iterator[tuple[str, str, bool]]:
    """(reader, claim, holds) of the three readings.

    Args:
        reply: the reply as the guard reads it.
        facts: the turn's outputs, read.
        labels, forms: the host's classes and their other forms.
        spellings: the host's features and aliases as spelled.
        metrics: the metrics' names.
        known: the words a paraphrase of a feature may be made of (features, aliases, descriptions, classes, the
            outputs' and the user's words).
        said: the words of the outputs and the user's.
        text_model: the host's features are a text's words (no list of columns to bind).
    """
    if not facts.structured:
        return
    if not text_model and (facts.attributions or facts.global_ranking):
        for sentence in sentences(reply):
            for claim, holds in valued_item_claims(sentence, spellings, labels, known):
                yield "valued_item_claims", claim, holds
    names = [*spellings, *metrics]
    predicted = bool(facts.predicted)
    described = bool(facts.meanings) or "probability_meaning" in facts.fields
    for claim, holds in slot_label_claims(
        reply, labels, forms, names, said, predicted=predicted, described=described
    ):
        yield "slot_label_claims", claim, holds
    for claim, holds in model_fact_claims(reply, facts.texts, facts.fields):
        yield "model_fact_claims", claim, holds


def words_of(texts: Iterable[str]) -> set[str]:
    """The lower-case words of some texts (descriptions, outputs)."""
    return {w for t in texts for w in re.findall(r"[a-z][a-z0-9-]*", t.lower())}
