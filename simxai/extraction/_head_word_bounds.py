"""A bound of a number feature said by one word of its name or alias before a comparison: "germination above 0.9"
of `prior_germination_rate` (aliased "germination rate"), "humidity below 40" of `humidity_level`.

The word is the feature's head: the last word of its name or alias once its units and the words users say of the
model ("rate", "score", "level") are dropped. It binds when it is a word of exactly one feature's names and that
feature's head; when two features' names hold it, the word is passed on as said ("germination > 0.9"), so that the
function asks which feature is meant rather than drop the bound.
"""

from __future__ import annotations

import re

from simxai.extraction._bounds_before_names import bounds_before_names
from simxai.extraction._days_since import since_bounds
from simxai.extraction._feature_terms import _MODEL_WORDS, _singular, _words
from simxai.extraction._features import feature_mentions
from simxai.extraction._lexicon import _NUM, _OP_WORDS, _op_of
from simxai.extraction._open_tails import open_tail_bounds
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import unit_ending
from simxai.instances import clause_field

__all__ = ["head_word_bounds", "said_bounds"]

_UNITS = frozenset("percent pct seconds minutes hours days weeks months years kg mg mm cm km c f".split())


def _said_words(feature: FeatureSchema) -> list[list[str]]:
    """The words of the feature's name and aliases, each without the units it ends in and the model's words."""
    said: list[list[str]] = []
    for term in (feature.name, *feature.aliases):
        words = [w.lower() for w in _words(term)]
        units = unit_ending(term, _UNITS) if term == feature.name else 0
        words = words[: len(words) - units] if units < len(words) else words
        said.append([w for w in words if w not in _MODEL_WORDS and w not in _UNITS and len(w) >= 4])
    return said


def head_word_bounds(text: str, schema: HostSchema, taken: list[tuple[int, int]]) -> list[str]:
    """Clauses "feature op value" for a word before a comparison and a number that heads one feature's name; the
    word itself when it is a word of two features' names. `taken` are the spans other readings hold.
    """
    numeric = [f for f in schema.features if f.type == "numeric"]
    own = (schema.instance_noun or "").lower()
    noun = {_singular(own), own, own.rstrip("s"), own + "s", own + "es"} - {""}
    clauses: list[str] = []
    for match in re.finditer(
        rf"\b(?P<w>[A-Za-z]{{4,}})\s+(?:(?:is|are|was|were|of)\s+)?(?P<op>{_OP_WORDS})\s*(?P<v>-?{_NUM})\b(?!\s?%)",
        text,
        re.IGNORECASE,
    ):
        if any(a < match.end("w") and match.start("w") < b for a, b in taken):
            continue
        op = _op_of(match.group("op"))
        if op == "=":
            continue
        word = _singular(match.group("w").lower())
        if word in noun:
            continue  # "batches over 200 grams": the host's own noun, said of its instances, no feature's head
        fits = [f for f in numeric if any(word in map(_singular, words) for words in _said_words(f))]
        heads = [f for f in fits if any(words and _singular(words[-1]) == word for words in _said_words(f))]
        if len(fits) == 1 and heads:
            clauses.append(f"{fits[0].name} {op} {match.group('v')}")
        elif len(fits) >= 2 and heads:
            clauses.append(f"{match.group('w').lower()} {op} {match.group('v')}")
    return clauses


def said_bounds(text: str, schema: HostSchema, clauses: list[str]) -> list[str]:
    """The bounds of features no clause of `clauses` holds, said by an open tail ("24 degrees and up",
    `open_tail_bounds`), by the time since an event ("serviced within the last 30 days", `since_bounds`) or by the
    head word of a name (`head_word_bounds`), then those said before a name or in a larger unit
    (`bounds_before_names`: "above 70 percent humidity", "over a kilo").
    """
    taken = [(m.start, m.end) for m in feature_mentions(text, schema)]
    said = open_tail_bounds(text, schema) + since_bounds(text, schema) + head_word_bounds(text, schema, taken)
    named = {clause_field(c) for c in clauses}
    said = [c for c in said if clause_field(c) not in named]
    named |= {clause_field(c) for c in said}
    return said + [c for c in bounds_before_names(text, schema) if clause_field(c) not in named]
