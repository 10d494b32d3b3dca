"""An instance the user calls their own, or someone's they know, without an id: which one is asked, not guessed.

"will my boat pass the survey?", "is our orchard going to be fine", "can my nephew get the loan", "have a look at my
sister's claim": the turn is about one instance that the data cannot pick out (it holds ids, no names or owners).
Read as a question about the model's outputs, or as asking for nothing, the answer either describes something else
with confidence or lists what the router can do. `own_instance` finds the phrase: "my|our" and a noun that is the
subject of a question ("is|will|can|does|why is ... my X"), or the object of a request to look at it ("check|see|
look at|what about|think of my X"), or "mine|ours" as such a subject; never with an id or a quoted text in the turn,
and never for a noun of the model, the data or the user's own work ("is our data real?", "will my team trust it?",
"for my thesis"), a feature ("is my bmi high?") or a plural ("can my students use it?": no one instance).
"""

from __future__ import annotations

import re

from simxai.extraction import extract_ids
from simxai.hosts.base import HostSchema

__all__ = ["own_instance", "own_instance_question", "whose_question"]

_ASKS = (
    r"is|are|was|were|will|would|can|could|does|do|did|should|has|have|isn'?t|aren'?t|wasn'?t|won'?t|doesn'?t|"
    r"didn'?t|can'?t|shouldn'?t"
)
_LOOKS = r"check|see|look\s+(?:at|up|into)|assess|score|rate|(?:what|how)\s+about|think\s+of"
_OWN = re.compile(
    rf"\b(?:(?:{_ASKS})|(?:{_LOOKS}))\s+(?P<det>my|our)\s+(?P<np>[\w'-]+(?:\s+[\w'-]+)?)|"
    rf"\b(?:{_ASKS})\s+(?P<pronoun>mine|ours)\b",
    re.IGNORECASE,
)
# Words after "my" that are no instance: the model, the data, the user's own work, people around the question.
_NOT_AN_INSTANCE = frozenset(
    """
    model models data dataset datasets numbers figures results result question questions thesis dissertation report
    paper chapter notes essay study research project work homework assignment team boss manager lead supervisor
    colleague colleagues audience readers doubts options guess understanding head mind own opinion view take point
    concern worry understanding reading analysis feedback experience job-hunt English spelling
    """.split()
)
# Words that may stand between "my" and the noun ("my last review", "my new boat", "my little sister's claim").
_BEFORE_NOUN = frozenset("last latest new old own current little big other first second only".split())


def _feature_terms(schema: HostSchema) -> set[str]:
    """Each feature's name (with spaces) and aliases, whole: "ship" is none of "ship age", "bmi" is one."""
    return {t.lower().replace("_", " ") for f in schema.features for t in (f.name, *f.aliases)}


def own_instance(text: str, schema: HostSchema | None) -> str | None:
    """The words that name the user's own (or an acquaintance's) instance without an id ("my boat"), or None."""
    if schema is None or extract_ids(text, schema) or re.search(r"['\"‘“][^'\"’”]{3,}['\"’”]", text):
        return None
    features = _feature_terms(schema)
    for match in _OWN.finditer(text):
        if match.group("pronoun"):
            return match.group("pronoun").lower()
        words = match.group("np").split()
        noun = words[1] if len(words) > 1 and words[0].lower() in _BEFORE_NOUN else words[0]
        noun = noun.lower().removesuffix("'s").removesuffix("’s")
        if noun in _NOT_AN_INSTANCE or noun in _BEFORE_NOUN or noun in features or " ".join(words).lower() in features:
            continue
        if noun.endswith("s") and not noun.endswith("ss") and not match.group("np").lower().split()[0].endswith("'s"):
            continue  # "my students": a group of one's own, no one instance
        return f"{match.group('det').lower()} {match.group('np')}"
    return None


def own_instance_question(text: str, schema: HostSchema | None) -> str | None:
    """The question for an instance named as the user's own without an id (module doc), or None."""
    if schema is None or own_instance(text, schema) is None:
        return None
    return whose_question(schema)


def whose_question(schema: HostSchema) -> str:
    """Which instance is the user's: its id, in the host's range."""
    noun = schema.instance_noun or "instance"
    span = f" from {schema.id_range[0]} to {schema.id_range[1]}" if schema.id_range else ""
    return f"Which {noun} is yours? Please give its id{span}; the data holds no names or addresses."
