"""A class whose name is also a verb requests are made with or a function word ("keep", "stay", "on", "out"), read as
the class only where the turn uses it as one.

The router's masking turns a class name, and its inflections, into LABEL wherever it stands. For most classes that is
right ("approved", "rejects"), but a host may call a class by a word every request uses otherwise: on a host whose
classes are keep / release, "what keeps tank 5 on release" was read "what LABEL NUM on LABEL", and a class "on" made
"on average" a label. Such a word is a class where the grammar puts a class: after a verb of being, becoming,
staying or labelling ("was kept", "stays on", "flagged as out"), after "not" / "never", after the model as a verb's
subject ("does the model keep"), before a noun of the outcome ("the keep label"), or in quotes; and a verb also
wherever it takes no object ("a hold", "hold vs go", "precision for keep"; not "what keeps 5 on release", nor "what
keeps tank 5 on release", the instance named by a noun before its id; nor "which figures do you keep about a
tank", a person its subject).

The two word lists are English grammar (prepositions and particles; verbs a request is worded with), chosen without
regard to any host or data set.
"""

from __future__ import annotations

import re

__all__ = ["class_said_as_class", "everyday_class"]

# English prepositions, particles and other function words a class may be named by
_FUNCTION_WORDS = frozenset(
    "on off in out up down over under back away through into onto by at for with from yes no not none all any some "
    "more less still again here there".split()
)
# English verbs requests are worded with ("keep it", "what makes", "show me", "how does it stay")
_REQUEST_VERBS = frozenset(
    "keep stay get go make take give show tell let need help change move hold leave put run turn stop start come see "
    "look say find check want".split()
)
# what stands right before a word the turn uses as the class (an adverb or an article may come between)
_CUE = re.compile(
    r"(?:\b(?:is|are|was|were|be|been|being|become|becomes|became|as|into|not|never|stays?|stayed|staying|"
    r"remains?|remained|kept|labell?ed|classed|classified|called|deemed|flagged|marked|rated|graded|predicted|"
    r"model|on|ends?\s+up|ended\s+up|comes?\s+out|came\s+out)|n't|'s|'re)"
    r"\s+(?:(?:as|still|still\s+as|a|an|the)\s+)?$"
    # "why is barn 7001 on": a verb of being, then the instance (the masking's NUM or INSTANCE), then the class
    r"|\b(?:is|are|was|were|stays?|stayed|remains?|remained)\s+(?:[a-z]+\s+){0,2}(?-i:NUM|INSTANCE)\s+$",
    re.IGNORECASE,
)
# a noun of the outcome after the word: "the keep label", "an on prediction", "the out ones" (not the masking's LABEL)
_OUTCOME_NOUN = re.compile(
    r"\s*(?-i:(?!LABEL\b))(?:label|labels|class|classes|category|outcome|outcomes|prediction|predictions|verdict|status|decision|"
    r"ones)\b",
    re.IGNORECASE,
)
_QUOTES = "'\"“”‘’"


def everyday_class(name: str) -> bool:
    """Whether the class `name` is one word that requests use otherwise: a function word or a verb of requests."""
    word = name.strip().lower()
    return word in _FUNCTION_WORDS or word in _REQUEST_VERBS


def class_said_as_class(text: str, start: int, end: int, name: str) -> bool:
    """Whether the word at `start`-`end` of `text`, a form of the everyday class `name`, stands where a class does
    (module doc). A function word ("on") is the class only after a verb of being, staying or labelling, "not" or
    the model, before a noun of the outcome, set against another class ("on vs off"), in quotes or closing its
    clause; a verb ("keep", "hold") is the class
    unless it takes an object ("what keeps 5 on release", "make it hold a rider") without such a word before it, or a
    person is its subject ("which figures do you keep about a tank").
    """
    if 0 < start and end < len(text) and text[start - 1] in _QUOTES and text[end] in _QUOTES:
        return True
    cued = _CUE.search(text[max(0, start - 40) : start]) is not None or _OUTCOME_NOUN.match(text, end) is not None
    if cued or name.strip().lower() in _FUNCTION_WORDS:
        # "what keeps 5 on?", "5 -> on, 2 options", "on vs off", "off or on"
        paired = bool(_PAIRED_AFTER.match(text, end) or _PAIRED_BEFORE.search(text[max(0, start - 20) : start]))
        return cued or paired or _CLAUSE_END.match(text, end) is not None
    if _PERSON_BEFORE.search(text[max(0, start - 30) : start]):
        return False  # a person as its subject: "which figures do you keep about a tank", "we hold"
    return _OBJECT.match(text, end) is None and not _named_object(text, end)


def _named_object(text: str, end: int) -> bool:
    """Whether the verb ending at `end` takes an instance named by a noun before its id ("what keeps tank 5 on
    release"): one word that is no function word ("keep for 5" is the class), then the id.
    """
    match = _NOUN_THEN_ID.match(text, end)
    return match is not None and match.group("noun").lower() not in _FUNCTION_WORDS


# another class beside the word, set against it: "on vs LABEL", "LABEL or on", "on/LABEL"
_PAIRED_AFTER = re.compile(r"\s*(?:vs\.?|versus|or|and|/)\s*(?-i:LABEL)\b", re.IGNORECASE)
_PAIRED_BEFORE = re.compile(r"(?-i:LABEL)\s*(?:vs\.?|versus|or|and|/)\s*$", re.IGNORECASE)
# the end of a clause right after the word: a function word closing it names nothing else ("what keeps it on?")
_CLAUSE_END = re.compile(r"\s*(?:[?.!,;:]|$)")
# what a verb of requests takes as its object: the instance (the masking's NUM or INSTANCE), a pronoun, an article
_OBJECT = re.compile(
    r"\s+(?:(?-i:NUM|INSTANCE)|it|them|him|her|me|us|you|this|that|these|those|a|an|the|my|our|his|their|its)\b",
    re.IGNORECASE,
)
# a person as the verb's subject right before it, an adverb between at most: "do you keep", "we usually hold"
_PERSON_BEFORE = re.compile(
    r"\b(?:i|you|u|we|y'all)\s+(?:(?:still|also|just|really|usually|always|ever|only)\s+)?$", re.IGNORECASE
)
# a noun, then the instance: "tank NUM", "barrel INSTANCE"
_NOUN_THEN_ID = re.compile(r"\s+(?P<noun>[A-Za-z]+)\s+(?-i:NUM|INSTANCE)\b")
