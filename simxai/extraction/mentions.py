"""What a request names below the level of an argument, for the engine and the router to read.

The `extract_*` functions (the package's `__all__`) each return one argument of a call. Some decisions outside
extraction need the readings those functions are built on: which features a turn names and where ("what is her bmi?"
names bmi after a possessive), which feature holds an age ("how old is member 5010"), a group named by a graded word
with no threshold ("the older subgroup", which a data card cannot filter on), a number in the id range after a word
that names nothing the host knows ("wien 5011") or that names no record at all ("why 5011"), and the class a turn
wants to leave ("how could she shed the surcharge?", "kept rather than treated"), and the label a metric or an
importance is asked for ("recall for stable", "which features matter most for barbera?"), and a feature named by a
verb or a comparative of its word ("weighed more", "lighter"), and a category said in another form of its word ("the
ECT propagated"), and what-if amounts that are an instance's id ("up by 12 on 62021" read as a step of 62021), and
the feature a change that names no feature of its own is of ("and if it were 20 % lower?", `feature_of_change`).
This module is their public home; the implementations stay in the package's private modules.
"""

from __future__ import annotations

from collections.abc import Callable

from simxai.extraction._age_bounds import DECADES
from simxai.extraction._bare_ids import misread_id, request_word
from simxai.extraction._category_forms import category_form
from simxai.extraction._class_names import class_mentions
from simxai.extraction._counted_times import counted_by_a_verb, counts_times
from simxai.extraction._either_values import either_groups
from simxai.extraction._event_groups import event_groups
from simxai.extraction._feature_words import feature_named_by_word
from simxai.extraction._features import (
    FeatureMention,
    age_feature,
    described_feature,
    ended_as,
    extract_feature,
    feature_mentions,
    moved_away_from,
)
from simxai.extraction._id_amounts import named_id_dropped, without_id_amounts
from simxai.extraction._lexicon import _COMPARATORS, yes_no_of
from simxai.extraction._polarity import label_mentions
from simxai.extraction._scored_labels import ScoredLabel, explained_label, scored_label
from simxai.extraction._set_aside import set_aside
from simxai.extraction._time_units import SPAN_UNITS
from simxai.extraction._unnamed_subject import subject_features, unnamed_subject
from simxai.extraction._vague import VagueGroup, vague_group
from simxai.hosts.base import HostSchema

__all__ = [
    "BOUND_WORDS",
    "DECADES",
    "SPAN_UNITS",
    "FeatureMention",
    "ScoredLabel",
    "VagueGroup",
    "age_feature",
    "category_form",
    "class_mentions",
    "counted_by_a_verb",
    "counts_times",
    "described_feature",
    "either_groups",
    "ended_as",
    "event_groups",
    "explained_label",
    "feature_mentions",
    "feature_named_by_word",
    "feature_of_change",
    "label_mentions",
    "misread_id",
    "moved_away_from",
    "named_id_dropped",
    "request_word",
    "scored_label",
    "set_aside",
    "subject_features",
    "unnamed_subject",
    "vague_group",
    "without_id_amounts",
    "yes_no_of",
]

#: The words of a bound by a number, no equality ("over", "below", "more than", "at least"), for a pattern.
BOUND_WORDS = "|".join(f"(?:{words})" for op, words in _COMPARATORS if op != "=")


def feature_of_change(text: str, schema: HostSchema | None, fallback: Callable[[], str | None]) -> str | None:
    """The feature a change in `text` is of: the feature the turn names ("if the thermostat were 1.5 degrees
    higher"), else the one a comparative or a verb of its word names ("if he visited twice as often"), else
    `fallback()` (the feature in focus) unless the change is said of a noun naming nothing of the host's ("his rent
    were 10% lower": None, to be asked about).

    The one reading for the router (`calls_for`, falling back to the feature in the history) and the engine
    (`relative_change`, falling back to the dialogue state's feature).
    """
    if schema is None:
        return fallback()
    named = extract_feature(text, schema)
    if named is None and (verb := feature_named_by_word(text, schema)) is not None:
        named = verb.name
    if named is not None:
        return named
    return fallback() if unnamed_subject(text, schema) is None else None
