"""An attribute of one instance that the host does not record: asked about instead of silently dropped.

"what's the abv of member 5010?", "the heart rate of patient 8", "applicant 40's zip code": the selector reads a
question about one instance, and without this check the router would answer its prediction (or explain it), as
if the word had not been said. `unknown_attribute` finds such a phrase, "the W [W] of|for <instance>" or
"<instance>'s W [W]", in a turn the selector reads as a prediction, a data question or a local explanation, whose
words name no feature, category, label or the host's noun, and at least one of which is no word people use of a
model, its outcome or a record (`ABOUT_A_RECORD`); it returns one short question
that names the word, the features it could mean (by word-embedding similarity to each feature's name, aliases
and description, above `SUGGEST_ABOVE`), or that none does, and offers the instance's prediction instead.

For a tabular host only: a text host's one feature is the text, and words about a text ("its tone", "the
wording") are what its functions answer.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import numpy as np

from simxai.extraction.mentions import feature_mentions
from simxai.hosts.abbreviations import spelled_words
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words, spaced_name
from simxai.messages import ToolCall
from simxai.normalize import word_stems

__all__ = ["ABOUT_A_RECORD", "SUGGEST_ABOVE", "answered_attribute", "could_mean", "host_words", "unknown_attribute"]

#: Cosine similarity of WordLlama embeddings (the selector's view when this was chosen) above which a feature is
#: offered as what an unknown word could mean: "weight" -> bmi (0.43 on the demo host), "salary" -> income (0.38
#: on the loan host), while "heart rate" offers nothing (its nearest, cholesterol_ratio, 0.32). Chosen on the words
#: of this module's tests and the engine probes behind it, which no evaluation set supplied.
SUGGEST_ABOVE = 0.35

# Words people use of a model, its outcome, or a record, in any domain: a phrase of only these (and the host's own
# words) asks for something the functions answer ("the top factors for patient 5", "the risk score of 12").
ABOUT_A_RECORD = frozenset(
    """
    prediction predictions predicted result results outcome outcomes decision decisions verdict status label labels
    class classes classification category score scores risk chance chances odds likelihood probability
    probabilities confidence certainty forecast outlook prognosis diagnosis assessment evaluation rating rank
    ranking recommendation output answer call judgement judgment opinion explanation explanations reason reasons
    reasoning cause causes factor factors feature features driver drivers attribute attributes variable variables
    data details detail info information record records profile value values number numbers stats statistics
    case file story deal summary overview breakdown situation picture position state standing fate importance
    shap lime counterfactual counterfactuals alternative alternatives option options prospects error mistake
    id row entry instance sample model classifier system algorithm ai machine computer model's system's
    top main key most biggest largest major primary current actual real recorded true final overall exact whole
    full raw local individual specific personal own latest new old same other next first second last best worst
    likely expected estimated given entire complete underlying important relevant strongest
    weights contribution contributions influence impact effect effects role share part bit
    deciding decisive determining contributing leading chief principal crucial critical dominant
    """.split()
)
_DETERMINER = r"(?:the|his|her|its|their|my|your|our)"
# What asks for a value right before the phrase: "what's the abv of", "tell me the heart rate for", "is the zip code
# of"; "what does the model say for" has a verb between and is no such phrase.
_ASKED = (
    r"(?:^\s*|\b(?:what|whats|what's|tell\s+me|show\s+me|give\s+me|get\s+me|check|see|know|find|list|look\s+up|"
    r"about|is|was|are|were|how\s+(?:high|low|much|big|many|large|good|bad))\s+(?:(?:is|was|are|were|'s)\s+)?)"
)
_WORD = r"[a-z][a-z'-]*"
_PHRASE = rf"(?P<phrase>{_WORD}(?:\s+{_WORD})?)"
# Words that end a phrase before its preposition: "the prediction for", never "the same as for".
_STOP = frozenset(
    "a an the and or but of for on in to by with at from as is are was were be been it this that these those "
    "what which who how why when where there here not no do does did have has had can could would should will "
    "me you him them us so if then than".split()
)


_THE_MODEL = frozenset("model model's system classifier algorithm ai it program tool app software bot".split())
# The functions that answer a value of one instance (its prediction shows the features a turn names) or explain
# it; a turn the selector reads as a counterfactual, a why-not or a robustness question asks for no value.
_VALUE_FUNCTIONS = frozenset({"get_prediction", "get_data_information", "get_local_explanation"})


# Words that name one instance in any host, besides the host's own noun ("member 5010", "row 12").
_INSTANCE_NOUNS = (
    "id instance row number no sample case record item example entry index person individual member customer "
    "client user applicant policyholder patient".split()
)


def _noun_words(schema: HostSchema) -> str:
    nouns = set(_INSTANCE_NOUNS)
    if schema.instance_noun:
        nouns.add(schema.instance_noun.lower())
    return "|".join(sorted((re.escape(n).replace(r"\ ", r"\s+") for n in nouns), key=len, reverse=True))


def _patterns(schema: HostSchema) -> tuple[re.Pattern[str], re.Pattern[str]]:
    instance = rf"(?:(?:the\s+)?(?:{_noun_words(schema)})\s*(?:no\.?\s*|number\s+|#\s*)?)?#?(?P<id>\d+)\b"
    of = re.compile(rf"{_ASKED}{_DETERMINER}\s+{_PHRASE}\s+(?:of|for|on)\s+{instance}(?!\s*%)", re.I)
    owned = re.compile(
        rf"(?:\b(?:{_noun_words(schema)})\s*#?\s*)?\b(?P<id>\d+)'s\s+{_PHRASE}(?=\s*(?:[?.!]|$))",
        re.I,
    )
    return of, owned


def host_words(schema: HostSchema) -> set[str]:
    """The host's own words: feature names and aliases (and their words), categories, labels, its noun, and the
    words of its name, which says what the model predicts ("the danger of 65010" on an avalanche danger host).
    """
    words = {w for w in re.findall(r"[a-z]+", schema.name.lower()) if len(w) >= 4}
    for feature in schema.features:
        for term in (feature.name, *feature.aliases, *(feature.categories or [])):
            words |= set(re.findall(r"[a-z0-9]+", term.lower()))
        words |= {w for w in name_words(feature.name) if w.isalpha() and len(w) > 1}  # "MonthlyFee": "monthly", "fee"
        words |= spelled_words(feature.name)  # "Dist (km)": "distance"
    for term in (*schema.class_names, schema.instance_noun or ""):
        words |= set(re.findall(r"[a-z0-9]+", term.lower()))
    return words


def _of_the_host(word: str, host: set[str]) -> bool:
    return bool(word_stems(word.lower().strip("'")) & host)


def _known(word: str, host: set[str]) -> bool:
    lower = word.lower().strip("'")
    if lower in ABOUT_A_RECORD or lower.removesuffix("'s") in ABOUT_A_RECORD:
        return True
    stems = word_stems(lower)
    # a word of the host, or a form of one ("approval" for the label "approved", "smoking" for smoker)
    return bool(stems & host) or any(len(w) >= 5 and lower[:5] == w[:5] for w in host)


def _partly_named(words: list[str], schema: HostSchema, host: set[str]) -> str | None:
    """The one feature a phrase names in part, when another of its words is nothing of the host's: "the wall angle
    of 4095" of `Wall Ang (deg)` ("angle" is no word of its), which no reading takes for the feature; else None.
    """
    if all(_known(w, host) for w in words):
        return None
    owners = {
        f.name
        for w in words
        for f in schema.features
        if w.lower() in {n for term in (f.name, *f.aliases) for n in name_words(term) if len(n) > 2}
    }
    return next(iter(owners)) if len(owners) == 1 else None


def _unknown_phrase(text: str, schema: HostSchema) -> tuple[str, int, str | None] | None:
    """The first phrase about one instance that names nothing the host has (or a feature in part only: the
    feature), with the instance's id.
    """
    host = host_words(schema)
    named = [(m.start, m.end) for m in feature_mentions(text, schema)]
    for pattern in _patterns(schema):
        for match in pattern.finditer(text):
            words = match.group("phrase").split()
            while words and words[-1].lower() in _STOP:
                words.pop()
            if not words or any(w.lower() in _STOP or w.lower() in _THE_MODEL for w in words):
                continue
            start, end = match.span("phrase")
            if any(s < end and start < e for s, e in named):
                continue  # "the credit score of applicant 40": a feature
            partly = _partly_named(words, schema, host)
            if partly is None and (
                _known(words[0], host)
                or all(_known(w, host) for w in words)
                or any(_of_the_host(w, host) for w in words)
            ):
                # "the risk score of 12", "5444's prediction correct" (a word of the outcome first), "the standard
                # tier for 5150" (a label)
                continue
            if schema.id_range is not None and not schema.has_id(int(match.group("id"))):
                continue  # no instance of this host: the engine asks about the id
            return " ".join(words), int(match.group("id")), partly
    return None


@functools.lru_cache(maxsize=16)
def _feature_vectors(documents: tuple[str, ...]) -> np.ndarray:
    from simxai.backends.router_model import wordllama_model

    return np.asarray(wordllama_model().embed(list(documents), norm=True), dtype=float)


def could_mean(phrase: str, schema: HostSchema) -> list[str]:
    """The features whose name, aliases and description are near `phrase` in meaning, nearest first."""
    from simxai.backends.router_model import wordllama_model

    documents = tuple(" ".join([spaced_name(f.name), *f.aliases, f.description or ""]) for f in schema.features)
    if not documents:
        return []
    query = np.asarray(wordllama_model().embed([phrase], norm=True), dtype=float)[0]
    similarity = _feature_vectors(documents) @ query
    order = np.argsort(-similarity)
    return [schema.features[i].name for i in order[:2] if similarity[i] > SUGGEST_ABOVE]


def unknown_attribute(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> str | None:
    """One question when the turn asks one instance for something the host does not record, else None.

    Args:
        text: the (normalised) turn.
        calls: the calls the router is about to make for it.
        schema: the host's schema.
    """
    if schema is None or schema.kind == "text" or not calls:
        return None
    if not any(c.name in _VALUE_FUNCTIONS for c in calls):
        return None  # a what-if names its changes (an unknown feature there has its own check); a why-not no value
    found = _unknown_phrase(text, schema)
    if found is None:
        return None
    phrase, number, partly = found
    noun = schema.instance_noun or "instance"
    features = [f.name for f in schema.features]
    listing = ", ".join(features)
    nearest = [partly] if partly is not None else could_mean(phrase, schema)
    if nearest:
        meant = " or ".join(nearest)
        return (
            f"The data records no '{phrase}' for {noun} {number}: it could mean {meant} (the model's features are "
            f"{listing}). Which feature did you mean, or do you want the model's prediction for {noun} {number}?"
        )
    return (
        f"The data records no '{phrase}' for {noun} {number}, and none of the model's features ({listing}) looks "
        f"like it. Do you want one of those, or the model's prediction for {noun} {number}?"
    )


_ASKED_ABOUT = re.compile(r"^The data records no '[^']*' for (?P<instance>[\w -]+? \d+)[:,]")
_FILLER = frozenset(
    "yes yeah yep ok okay sure right i meant mean the his her its their then please pls thanks thank you one "
    "feature value sorry just oh ah no".split()
)


# The other option the question offers, the instance's prediction, named in an answer: "the prediction", "the
# model's prediction", "what it predicts".
_PREDICTION = re.compile(r"\b(?:model'?s\s+)?predict(?:ion|ions|s|ed)?\b", re.IGNORECASE)
# Words of an answer that picks an option besides its name: "ok just the prediction", "only that then please".
_PICKING = _FILLER | frozenset("just only that this give show tell me what it model model's what's whats".split())


def answered_attribute(text: str, asked: str, schema: HostSchema | None) -> str | None:
    """The request an answer completes after `unknown_attribute`'s question, or None.

    After "The data records no 'weight' for patient 8: it could mean bmi ...", the answer "bmi" (or "yes, bmi")
    asks for patient 8's bmi: "what is the bmi of patient 8"; an answer that picks the other option the question
    offers, the prediction ("ok just the prediction"), asks "what does the model predict for patient 8". Any
    other answer is a new request.
    """
    match = _ASKED_ABOUT.match(asked)
    if match is None or schema is None:
        return None
    if _PREDICTION.search(text) and all(
        w.lower() in _PICKING for w in re.findall(r"[A-Za-z']+", _PREDICTION.sub(" ", text))
    ):
        return f"what does the model predict for {match.group('instance')}"
    mentions = feature_mentions(text, schema)
    if len(mentions) != 1:
        return None
    rest = text[: mentions[0].start] + " " + text[mentions[0].end :]
    if any(w.lower() not in _FILLER for w in re.findall(r"[A-Za-z']+", rest)):
        return None
    return f"what is the {text[mentions[0].start : mentions[0].end]} of {match.group('instance')}"
