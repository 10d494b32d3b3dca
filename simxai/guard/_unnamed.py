"""What the outputs never name, read in the places only a feature, a class or a model fact can fill (invent18):
the readings of `_feature_slots`, `_data_card`, `_label_slots` and `_model_facts`, each given what it reads from
the checker's state, yielding (reader, claim, holds) for the report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._data_card import card_column_claims
from simxai.guard._facts import Facts
from simxai.guard._feature_slots import ranked_subject_claims, valued_item_claims
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
        labels: the host's classes.
        forms: the classes' other forms.
        spellings: the host's features and aliases as spelled.
        metrics: the metrics' names.
        known: the words a paraphrase of a feature may be made of (features, aliases, descriptions, classes, the
            outputs' and the user's words).
        said: the words of the outputs and the user's.
        text_model: the host's features are a text's words (no list of columns to bind).
    """
    if not facts.structured:
        return
    changed = bool(facts.changes)
    if not text_model and (facts.attributions or facts.global_ranking or changed):
        for sentence in sentences(reply):
            for claim, holds in valued_item_claims(sentence, spellings, labels, known, changed):
                yield "valued_item_claims", claim, holds
            for claim, holds in (
                ranked_subject_claims(sentence, spellings, labels, known) if facts.global_ranking else ()
            ):
                yield "ranked_subject_claims", claim, holds
    if "n_rows" in facts.fields:  # a data card: every column is in the outputs
        for claim, holds in card_column_claims(reply, spellings, labels, known):
            yield "card_column_claims", claim, holds
    names = [*spellings, *metrics]
    predicted = bool(facts.predicted)
    described = bool(facts.meanings) or "probability_meaning" in facts.fields
    for claim, holds in slot_label_claims(reply, labels, forms, names, said, predicted=predicted, described=described):
        yield "slot_label_claims", claim, holds
    for claim, holds in model_fact_claims(reply, facts.texts, facts.fields):
        yield "model_fact_claims", claim, holds


def words_of(texts: Iterable[str]) -> set[str]:
    """The lower-case words of some texts (descriptions, outputs)."""
    return {w for t in texts for w in re.findall(r"[a-z][a-z0-9-]*", t.lower())}
