"""A word that two or more features' names share, said alone as a feature: which one is meant is asked.

"what's the usual border?" on a host with `border_width_cm` and `BorderStyle`, "accuracy for rail over 10" with
`rail_height` and `RailGauge`: the word names neither feature more than the other, and reading it as one of them would
answer a question the user may not have asked. When the router's call is a data question with no feature and no group,
it asks one short question naming the features that share the word: "Which border do you mean: border_width_cm or
BorderStyle?". A turn that also names one of those features in full ("the border width") or gives the word with a value
of one of them ("a scalloped border") is read as it is; so is a word that is a whole alias of one feature.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words
from simxai.messages import ToolCall
from simxai.normalize import normalize

__all__ = ["shared_word_question"]

# Words names share that name no feature alone: units, counts and the generic words of a measurement.
_GENERIC = frozenset(
    "the and for per of in on at to is no num number count total avg mean min max pct percent percentage h hrs hours "
    "mins minutes days weeks months years yrs mm cm km kg g c f kmh mph score level rate index value flag type id "
    "time date".split()
)


def _sharers(word: str, schema: HostSchema) -> list[FeatureSchema]:
    return [f for f in schema.features if word in name_words(f.name)]


def _lacks_what_the_word_gives(call: ToolCall, schema: HostSchema) -> bool:
    """Whether `call` is a data question missing the feature a word would have given it. A what-if's change or a
    group's bound said with a shared word is asked about by the questions that read their answer back (the change's
    ambiguous head, "Which wear do you mean? ... runs from ... give a bound"), not here.
    """
    return call.name == "get_data_information" and "feature" not in call.arguments and not call.arguments.get("group")


def shared_word_question(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> str | None:
    """One question naming the features a word of the turn shares, when the calls lack what it would give."""
    if schema is None or schema.kind != "tabular" or not any(_lacks_what_the_word_gives(c, schema) for c in calls):
        return None
    said = normalize(text, schema)
    named = {m.feature.name for m in feature_mentions(said, schema)}
    aliases = {a.lower() for f in schema.features for a in f.aliases}
    values = {w for f in schema.features for c in f.categories or [] for w in re.findall(r"[a-z]+", c.lower())}
    for word in dict.fromkeys(re.findall(r"[a-z]+", said.lower())):
        singular = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        for form in dict.fromkeys((word, singular)):
            if len(form) < 3 or form in _GENERIC or form in aliases:
                continue
            sharers = _sharers(form, schema)
            if len(sharers) < 2 or any(f.name in named for f in sharers):
                continue
            if any(re.search(rf"\b{re.escape(v)}\s+{re.escape(word)}\b", said.lower()) for v in values if v != form):
                continue  # "a scalloped border": a value of one of them
            listed = ", ".join(f.name for f in sharers[:-1]) + " or " + sharers[-1].name
            return f"Which {form} do you mean: {listed}?"
    return None
