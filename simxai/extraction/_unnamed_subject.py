"""The noun a relative change is said of when it names no feature: "what if his rent were 10% lower?", "3 more
passengers".

A step ("10% lower", "up by 5", "doubled") with no feature named applies to the feature in focus when its subject
is "it" / "that" or left out ("and 20% higher instead?"). When its subject is a noun of the speaker's own ("his
rent", "the membership cost") that names no feature, the host's noun, a label or a category, the change is of
something the model may not have: the engine asks which feature is meant, offering the features whose names share
the noun's word ("fee" when two features end in it), instead of changing the one in focus.
"""

from __future__ import annotations

import re

from simxai.extraction._feature_terms import _MODEL_WORDS, _singular, _stem
from simxai.extraction._features import feature_mentions
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words, unit_words

__all__ = ["subject_features", "unnamed_subject"]

# a determiner, one or two words, then a verb a change is said with ("his rent were", "the monthly cost went")
_SUBJECT = re.compile(
    r"\b(?:his|her|their|its|my|your|our|the)\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:were|was|is|are|be|been|got|gets|went|goes|dropped|fell|rose|grew|increased|decreased|doubled|halved)\b",
    re.IGNORECASE,
)
# the noun a change is said as an adjective of ("a 10% lower fee", "a higher rent", "paid less rent")
_CHANGED_NOUN = re.compile(
    r"\b(?:a|an|the|his|her|their|its|my|your|our)\s+(?:\d+(?:\.\d+)?\s*(?:%|percent)?\s+)?"
    r"(?:lower|higher|smaller|bigger|larger|greater|cheaper|longer|shorter)\s+(?P<noun>[a-z]+)\b",
    re.IGNORECASE,
)
# the noun a step in a count is said of ("3 more passengers", "two fewer stops"): a count of something
_COUNTED_NOUN = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:more|fewer|less|extra|additional)\s+"
    r"(?P<noun>[a-z]+)\b",
    re.IGNORECASE,
)
# words that may follow a step and are no noun of their own ("and 3 less instead?", "2 more then", "5 fewer this
# time"): English adverbs and function words, never a subject the change is said of
_NO_NOUN = frozenset(
    "instead then now too again also please still than this that these those though rather either and or but if of "
    "for on at to in by so as".split()
)
# words a step's amount is measured in, which name no subject of their own ("3 more degrees", "2 more points")
_MEASURES = frozenset(
    "degree degrees point points percent percentage unit units time times second seconds minute minutes hour hours "
    "day days week weeks month months year years".split()
) | frozenset(w for u in "ft m km cm mm mi kg g lb t l ml h min s mph kmh".split() for w in unit_words(u))
# words a turn says of the model or of the instance as a whole, never of one feature
_WHOLE = _MODEL_WORDS | frozenset(
    "prediction predictions chance chances probability odds risk outcome result answer model one ones case row "
    "record person customer amount figure feature variable column numbers data values than one".split()
)


def unnamed_subject(text: str, schema: HostSchema | None) -> str | None:
    """The noun a change in `text` is said of, when it names nothing of the host's, else None ("his rent")."""
    if schema is None or schema.kind != "tabular":
        return None
    match = _SUBJECT.search(text) or _CHANGED_NOUN.search(text) or _COUNTED_NOUN.search(text)
    if match is None:
        return None
    noun = match.group("noun").lower()
    words = noun.split()
    if words[0] in _NO_NOUN:
        return None  # "and 3 less instead?": the step of the feature in focus, said with an adverb
    if feature_mentions(noun, schema) or any(w in _WHOLE or w in _MEASURES for w in words):
        return None
    host = {w.lower() for term in (schema.instance_noun or "", *schema.class_names) for w in term.split()}
    host |= {c.lower() for f in schema.features for c in f.categories or []}
    if any(w in host or _stem(w) in {_stem(h) for h in host} for w in words):
        return None
    return noun


def subject_features(noun: str, schema: HostSchema) -> list[str]:
    """The features whose names share the noun's last word ("fee": ``MonthlyFee`` and ``JoiningFee``, ``FeesPaid``
    in the plural), in order.
    """
    last = noun.split()[-1].lower()
    heads = {_stem(last), _singular(last)}
    return [f.name for f in schema.features if any({_stem(w), _singular(w)} & heads for w in name_words(f.name))]
