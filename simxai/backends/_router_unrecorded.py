"""A thing the data does not record, named as what would change or weigh on one instance: asked about, not dropped.

"would a new saddle change the outcome for horse 12", "could he pass in warmer classrooms?", "does the paint colour of
lot 7 matter": the turn asks what a thing does to the model's answer, and no feature, alias or category of the host
holds it. The selector reads such a turn confidently as a counterfactual search, a what-if with no change or a local
explanation, and the answer (changes to other features, or the weights of the features the model has) would be given
as if the thing had been weighed. `unrecorded_thing` finds the phrase in two forms:

- the subject of a verb of effect in a question: "would|could|does|will ... <thing> change|help|matter|affect ...",
  or of a copula and a word of weight: "is|are <thing> important|relevant|a factor ..." (ux48);
- a condition said with a comparative or a quality: "in|with|under|given better|worse|new|different ... <thing>".

A phrase with any word of the host (a feature, an alias, a category, a label or its noun, or a form of one: "more
rain" on a host with rainfall) or only words people use of a model, a record or a change ("would that change it",
"does the prediction for 12 matter") is no unrecorded thing. The router's question names the phrase, the features
it could mean by meaning (`simxai.backends._router_attributes.could_mean`), and the host's features.
"""

from __future__ import annotations

import re

from simxai.backends._router_attributes import ABOUT_A_RECORD, could_mean, host_words
from simxai.hosts.base import HostSchema
from simxai.normalize import word_stems

__all__ = ["unrecorded_question", "unrecorded_thing"]

_WORD = r"[a-z][a-z'-]*"
# "a new saddle", "the paint colour", "warmer classrooms": up to three words, none a preposition or verb of the frame
_THING = rf"(?P<thing>{_WORD}(?:\s+{_WORD}){{0,2}}?)"
# "... of horse 12", "... on lot 7": the instance the thing is said of, between the thing and its verb
_OF_INSTANCE = r"(?:\s+(?:of|on|for|in|at|with)\s+(?:the\s+)?(?:[a-z]+\s+)?#?\d+)?"
# Verbs of effect said of a cause ("would new tyres help", "does the paint colour matter"), and verbs of change that
# need an object to be said of a cause ("would a saddle change the outcome"; "does the premium change?" asks about the
# outcome itself, and "would a small change knock it over" has the change as its subject)
_CAUSE_VERB = (
    r"help|helps|matter|matters|affect|affects|make\s+(?:a|any|much)\s+difference|improve|improves|hurt|hurts|count|"
    r"counts|influence|influences|impact|impacts|boost|boosts|sway|sways|tip|tips"
)
_CHANGE_VERB = r"change|changes|alter|alters|flip|flips|shift|shifts|swing|swings|move|moves"
_OBJECT = (
    r"the|a|an|it|its|his|her|their|this|that|them|him|anything|things|much|for|whether|what|how|my|our|your|"
    r"[a-z]+'s"
)
# "the colour of the oars": what a thing of the world is said of, after "of" (the head noun is before it)
_OF_THING = rf"(?:\s+of\s+(?P<det>(?:the|a|an|its|their|his|her)\s+)?(?P<of>{_WORD}(?:\s+{_WORD})?))?"
_AFFECTS = re.compile(
    rf"\b(?:would|could|will|might|does|do|did|can|should)\s+(?:(?:a|an|the|some|any|his|her|their|its|my|"
    rf"our|your)\s+)?{_THING}(?:{_OF_INSTANCE}|{_OF_THING})\s+(?:really\s+|even\s+|still\s+|actually\s+)?"
    rf"(?:(?:{_CAUSE_VERB})\b|(?:{_CHANGE_VERB})\s+(?:{_OBJECT})\b)",
    re.IGNORECASE,
)
# The same cause said with a copula and a word of weight ("is the colour of the sail cloth important", "are new
# saddles a factor at all": ux48)
_WEIGHS_IN = re.compile(
    rf"\b(?:is|are|was|were)\s+(?:(?:a|an|the|some|any|his|her|their|its|my|our|your)\s+)?{_THING}"
    rf"(?:{_OF_INSTANCE}|{_OF_THING})\s+(?:really\s+|even\s+|still\s+|actually\s+|at\s+all\s+)?"
    r"(?:important|relevant|significant|decisive|a\s+(?:big\s+|real\s+|major\s+)?factor|considered|"
    r"taken\s+into\s+account)\b",
    re.IGNORECASE,
)
# "in better conditions", "with new tyres", "under a stricter coach", "given nicer weather"
_QUALITY = (
    r"better|worse|bad|good|nicer|new|newer|different|other|more|less|fewer|extra|heavier|lighter|bigger|smaller|"
    r"cheaper|dearer|stronger|weaker|calmer|rougher|warmer|colder|cooler|quieter|louder|proper|decent|poor"
)
_UNDER = re.compile(
    rf"\b(?:in|with|under|given|using|on)\s+(?:(?:a|an|some)\s+)?(?:{_QUALITY})\s+(?P<thing>{_WORD}(?:\s+{_WORD})?)",
    re.IGNORECASE,
)
# Words that end a thing before the next part of the sentence ("better shoes for 75013": shoes).
_STOP = frozenset(
    "a an the and or but of for on in to by with at from as is are was were be been it this that these those what "
    "which who how why when where there here not no do does did have has had can could would should will me you him "
    "them us so if then than really even still actually just too also very instead please without i we you need needs "
    "have".split()
)
# Words that refer to what the turn is about rather than naming a thing: "would that change it", "would anything help".
_REFERRING = frozenset(
    "it that this these those they them he she him her his hers its their one ones anything something nothing "
    "everything anyone someone everyone all any some thing things what which change changes difference tweak "
    "tweaks edit edits step steps way ways option options scenario scenarios setting settings input inputs "
    "variable group groups side bucket tier small smaller smallest least minimal tiny slight big bigger biggest "
    "single".split()
)


def _held(word: str, host: set[str]) -> bool:
    """Whether a word is the host's or a form of one ("rained" of rain, "tyres" of tyre, "warmer" of warm)."""
    lower = word.lower().strip("'")
    stems = word_stems(lower) | {lower.removesuffix("er"), lower.removesuffix("ier") + "y"}
    stems |= {lower + "s", lower + "es"}  # "vent" of a feature `VentsOpen`: the singular of a word of the host
    return bool(stems & host) or any(len(w) >= 5 and lower[:5] == w[:5] for w in host)


# Nouns that name an attribute of what the words before them name ("the glaze colour", "the soil type"): such a head
# noun is the modifier's feature, so the phrase is the host's when a word before it is
_ATTRIBUTE = frozenset(
    "colour color type kind sort level amount value values size number count score rate ratio share percentage "
    "length width height depth weight age quality grade class category band bracket range group status setting "
    "reading figure total measure temperature temp time duration speed strength".split()
)


def _head_held(words: list[str], host: set[str]) -> bool:
    """Whether a noun phrase names something the host holds, read by its head, the last word ("the branch manager"
    is a manager, which no feature holds, though "branch" is a feature): the head is the host's, or it
    names an attribute (`_ATTRIBUTE`) and a word before it is the host's ("the glaze colour").
    """
    if _held(words[-1], host):
        return True
    return words[-1].lower() in _ATTRIBUTE and any(_held(w, host) for w in words[:-1])


def _thing(words: list[str], host: set[str], *, cut: bool, of: list[str] | None = None, det: str = "") -> str | None:
    """The thing's words as said, or None when they name something the host holds or refer to nothing new; with
    `cut`, the words up to the first that ends a thing ("better shoes for 75013": shoes), else none may be one, and
    the phrase is read by its head noun (`_head_held`). With `of` (the words after "of"), an attribute before it
    ("the colour of the oars") is said of those words, and they decide; else the words before "of" do.
    """
    if cut:
        stop = next((i for i, w in enumerate(words) if w.lower() in _STOP), len(words))
        words = words[:stop]
    if not words or any(w.lower() in _STOP for w in words):
        return None
    if of and words[-1].lower() in _ATTRIBUTE:
        thing = _thing(of, host, cut=False)
        return None if thing is None else f"{' '.join(words)} of {det}{thing}"
    if (cut and any(_held(w, host) for w in words)) or (not cut and _head_held(words, host)):
        return None
    if all(w.lower() in ABOUT_A_RECORD or w.lower() in _REFERRING for w in words):
        return None
    if words[-1].lower() in _REFERRING or words[-1].lower() in ABOUT_A_RECORD:
        return None  # "better options", "a new prediction": no thing of the world
    return " ".join(words)


def unrecorded_thing(text: str, schema: HostSchema | None) -> str | None:
    """The first thing the turn names as a change or a cause that no feature of a tabular host holds, or None."""
    if schema is None or schema.kind == "text":
        return None
    host = host_words(schema)
    for pattern in (_AFFECTS, _WEIGHS_IN, _UNDER):
        for match in pattern.finditer(text):
            of = match.group("of").split() if pattern is not _UNDER and match.group("of") else None
            det = (match.group("det") or "") if pattern is not _UNDER else ""
            thing = _thing(match.group("thing").split(), host, cut=pattern is _UNDER, of=of, det=det)
            if thing is not None:
                return thing
    return None


def unrecorded_question(text: str, schema: HostSchema | None) -> str | None:
    """One question naming the thing the data does not record (module doc), or None."""
    thing = unrecorded_thing(text, schema)
    if thing is None or schema is None:
        return None
    features = [f.name for f in schema.features]
    listing = ", ".join(features)
    nearest = could_mean(thing, schema)
    if nearest:
        return (
            f"The data records nothing about '{thing}': it could mean {' or '.join(nearest)} (the model's features "
            f"are {listing}). Which feature did you mean, and what should it be?"
        )
    return (
        f"The data records nothing about '{thing}', and none of the model's features ({listing}) looks like it, "
        "so the model cannot say what it does. Which feature did you mean, and what should it be?"
    )
