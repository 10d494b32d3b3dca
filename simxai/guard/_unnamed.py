"""What the outputs never name, read in the places only a feature, a class or a model fact can fill (invent18):
the readings of `_feature_slots`, `_data_card`, `_class_places` and `_model_facts`, each given what it reads from
the checker's state, yielding (reader, claim, holds) for the report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from simxai.guard._card_denials import card_denial_claims
from simxai.guard._class_places import class_place_claims
from simxai.guard._class_ranks import class_rank_claims
from simxai.guard._data_card import card_column_claims
from simxai.guard._facts import Facts
from simxai.guard._feature_slots import ranked_subject_claims, valued_item_claims
from simxai.guard._graded_labels import graded_label_claims
from simxai.guard._label_prefixes import prefixed_label_claims
from simxai.guard._metric_said import metric_word_claims
from simxai.guard._model_facts import model_fact_claims
from simxai.guard._model_sizes import model_size_claims
from simxai.guard._ordinal_places import ordinal_place_claims
from simxai.guard._own_directions import own_direction_claims
from simxai.guard._pushing_names import pushing_name_claims
from simxai.guard._reading import sentences
from simxai.guard._state import _Names
from simxai.guard._text_subjects import text_subject_claims

__all__ = ["unnamed_claims"]


def unnamed_claims(
    reply: str,
    facts: Facts,
    names: _Names,
    forms: Iterable[str],
    known: set[str],
    said: set[str],
    each: Sequence[Facts] = (),
) -> Iterator[tuple[str, str, bool]]:
    """(reader, claim, holds) of the readings.

    Args:
        reply: the reply as the guard reads it.
        facts: the turn's outputs, read.
        names: the host's classes, features (with aliases, as spelled) and metrics.
        forms: the classes' other forms ("rejection").
        known: the words a paraphrase of a feature may be made of (features, aliases, descriptions, classes, the
            outputs' and the user's words).
        said: the words of the outputs and the user's.
        each: the facts of each output, one per subject (texts named by their words, `_text_subjects`).
    """
    labels, spellings, metrics = names.labels, list(names.features), names.metrics
    text_model = bool(names.quoted_only)  # the features are a text's words: no list of columns to bind
    if not facts.structured:
        return
    for claim, holds in text_subject_claims(reply, each, names.labels):  # "the bus review is ..." (claims-37)
        yield "text_subject_claims", claim, holds
    for claim, holds in class_rank_claims(reply, each, names.labels):  # "tunnels a close second" (claims-38)
        yield "class_rank_claims", claim, holds
    for claim, holds in own_direction_claims(reply):  # "up from 28 to 27.2" (claims-38)
        yield "own_direction_claims", claim, holds
    rankings = [r for f in each for r in (f.local_ranking, f.global_ranking) if r]
    for sentence in sentences(reply) if len(rankings) == 1 else ():  # "wick 1st, fragrance 2nd" (claims-38)
        for claim, holds in ordinal_place_claims(sentence, names.features, names.quoted_only, rankings[0]):
            yield "ordinal_place_claims", claim, holds
    changed = bool(facts.changes)
    if not text_model and (facts.attributions or facts.global_ranking or changed):
        for sentence in sentences(reply):
            for claim, holds in valued_item_claims(sentence, spellings, labels, known, changed):
                yield "valued_item_claims", claim, holds
            for claim, holds in (
                ranked_subject_claims(sentence, spellings, labels, known) if facts.global_ranking else ()
            ):
                yield "ranked_subject_claims", claim, holds
            if facts.attributions or facts.global_ranking:  # "; the missed payment pulls back" (claims-37)
                for claim, holds in pushing_name_claims(sentence, spellings, labels, known):
                    yield "pushing_name_claims", claim, holds
    if "n_rows" in facts.fields:  # a data card: every column is in the outputs
        for claim, holds in card_column_claims(reply, spellings, labels, known):
            yield "card_column_claims", claim, holds
    named = [*spellings, *metrics]
    predicted = bool(facts.predicted)
    described = bool(facts.meanings) or "probability_meaning" in facts.fields
    card = "model_type" in facts.fields  # "is filed as neutral" on the model's card (claims-39)
    places = class_place_claims(reply, labels, forms, named, said, predicted=predicted, described=described, card=card)
    for claim, holds in places:
        yield "class_place_claims", claim, holds
    for claim, holds in prefixed_label_claims(reply, labels, said):  # "pre-approved" (claims-37)
        yield "prefixed_label_claims", claim, holds
    one_text = len(set(names.features.values()) - names.quoted_only) == 1  # a text model's one input: its text
    for claim, holds in graded_label_claims(reply, labels, said, text_model=one_text, predicted=predicted):
        yield "graded_label_claims", claim, holds  # "very positive" of a text model (claims-38)
    explains = bool(facts.attributions or facts.global_ranking)
    for claim, holds in metric_word_claims(reply, explains, bool(facts.metrics or facts.label_metrics)):
        yield "metric_word_claims", claim, holds  # "an accuracy of 0.927" of a contribution (claims-37)
    for claim, holds in model_fact_claims(reply, facts.texts, facts.fields, facts.structured):
        yield "model_fact_claims", claim, holds
    for claim, holds in card_denial_claims(reply, facts.texts):  # "fitted on real records", "one-hot" (claims-38)
        yield "card_denial_claims", claim, holds
    n_features = 0 if text_model else len(set(names.features.values()))
    for claim, holds in model_size_claims(reply, facts.texts, n_features):
        yield "model_size_claims", claim, holds


def words_of(texts: Iterable[str]) -> set[str]:
    """The lower-case words of some texts (descriptions, outputs)."""
    return {w for t in texts for w in re.findall(r"[a-z][a-z0-9-]*", t.lower())}
