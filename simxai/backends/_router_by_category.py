"""How often a label comes with a category: "which carrier is most often late?", "are car loans mostly approved?".

A turn that sets the categories of one categorical feature against each other by how often a class comes with them
("which purpose gets rejected the most?", "what region has the fewest approvals", "late parcels per carrier") asks
for a count of that class in each category: none of the model's metrics, no one instance's explanation. The data
card counts the recorded labels per category (`get_data_information(feature)`); when the turn asks what the model
says ("which carrier does the model flag as late most often?"), the model's predictions over each category are
counted instead (`get_prediction` on each, while the categories are few enough for one call each).

Categories ranked by how well the model does on each ("which carrier does the model do worst on?", "accuracy by
region") are scored one by one (`get_model_performance` with one group per category, while they are few).

Two or more categories of one feature set side by side with no metric or quality named ("compare dhl and ups",
"bluecove vs saltmarsh") ask how they differ in the data: the labels recorded in each category
(`get_data_information(feature)`); with a metric named ("compare dhl and ups on recall") each is scored.

A class asked about as frequent in one category, with no instance named ("why is saltmarsh damaged so often?", "why
are vallee wheels usually rejected?"), is about the rows of that category (`outfitter = saltmarsh`), not one instance.

A yes-no question whether one group usually has a class ("are car loans mostly approved?", "do express orders tend
to be on time?") asks for the class counted in that group: the model's predictions over it (`get_prediction`), which
state how many of the group get each class.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from simxai._irregular_verbs import participle_bases, third_person
from simxai.extraction import extract_group, extract_ids, extract_label, extract_metric
from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = [
    "RankedCategory",
    "verb_label",
    "compared_categories",
    "compared_groups",
    "often_in_category",
    "ranked_category",
    "usual_in_group",
]


@dataclass(frozen=True)
class RankedCategory:
    """The categorical feature a turn ranks by a class, and whether it asks about the model's predictions."""

    feature: FeatureSchema
    predicted: bool

    def groups(self) -> list[str]:
        """One condition per category of the feature ("carrier = dhl", "carrier = ups", ...)."""
        return [f"{self.feature.name} = {category}" for category in self.feature.categories or []]


# How often, or which is first: "most often", "the fewest", "highest share", "more likely", "per".
_RANKS = re.compile(
    r"\b(?:most|least|fewest|more|fewer|less|highest|lowest|largest|smallest|biggest|greatest|top|likeliest|"
    r"often|oftener|frequent\w*|common\w*|rates?|shares?|proportions?|percentages?|fractions?)\b",
    re.IGNORECASE,
)
# The feature asked about ("which carrier", "what kind of loan purpose", "which of the regions") ...
_WHICH_BEFORE = re.compile(r"\b(?:which|what)\s+(?:[\w'-]+\s+){0,3}$", re.IGNORECASE)
# ... or set out per category ("per carrier", "by purpose", "for each region", "broken down by plan", "across regions")
_PER_BEFORE = re.compile(r"\b(?:per|by|each|every|across|between)\s+(?:(?:the|of|the\s+different)\s+)?$", re.I)
# Questions of another kind: how well the model does, why, what changes, what the model weighs.
_OTHER_QUESTION = re.compile(
    r"\b(?:why|how\s+come|explain\w*|reasons?|because|matter\w*|driv\w*|influen\w*|factors?|weigh\w*|contribut\w*|"
    r"important|importance|if|suppos\w*|imagin\w*|right|wrong\w*|correct\w*|mistak\w*|errors?|accura\w*|"
    r"misclassif\w*|reliab\w*|trust\w*|better|worse|best|worst|well|badly|fair\w*|bias\w*)\b",
    re.IGNORECASE,
)
# What the model does to the rows counted: "predicted", "does the model flag", "classified as", "expected to".
_MODEL_SAYS = re.compile(
    r"\b(?:predict\w*|expect\w*|flagg?\w*|forecast\w*|classif\w*|reckons?)\b|"
    r"\b(?:does|do|will|would)\s+(?:it|the\s+model|your\s+model|this\s+model)\b",
    re.IGNORECASE,
)
# At most this many categories are counted by the model's predictions, one call each (the router's call limit).
_MAX_GROUPS = 4


def verb_label(text: str, schema: HostSchema) -> str | None:
    """The label a turn names by its verb when the label is an irregular past participle ("lose" -> `lost`): a class
    said by its verb ("which carriers lose the most parcels?"); the participles are English's
    (`simxai._irregular_verbs`), a regular one ("damage" for "damaged") the label reading already stems.
    """
    for label in schema.class_names:
        verb = participle_bases().get(str(label).lower())
        if verb is None:
            continue
        # the gerund's stem: "los" of losing, "ly" of lying, "see" of seeing
        stem = f"{verb[:-2]}y" if verb.endswith("ie") else verb[:-1] if re.search(r"[^e]e$", verb) else verb
        forms = rf"{verb}|{third_person(verb)}|{stem}ing|{verb}{verb[-1]}ing"
        if re.search(rf"\b(?:{forms})\b", text, re.IGNORECASE):
            return str(label)
    return None


def ranked_category(text: str, schema: HostSchema | None) -> RankedCategory | None:
    """The categorical feature whose categories `text` ranks by how often a class comes with them, or None.

    The turn names a class in any words the label reading knows, and a categorical feature after "per"/"by"/"each", or
    after "which"/"what" with a word of frequency or rank ("most often", "the fewest", "the highest share"); it names
    no instance and no metric, and asks nothing of the model's quality, reasons or changes (those have their own
    functions, by group where they take one).
    """
    if schema is None or schema.kind != "tabular":
        return None
    # a number feature's own words ("a germination rate of 0.9") name no class and no frequency
    said = text
    for other in feature_mentions(text, schema):
        if other.feature.type != "categorical":
            said = said[: other.start] + " " * (other.end - other.start) + said[other.end :]
    if (extract_label(said, schema) or verb_label(said, schema)) is None:
        return None
    if _OTHER_QUESTION.search(text) or extract_ids(text, schema) or extract_metric(text) is not None:
        return None
    ranks = _RANKS.search(said) is not None
    for mention in feature_mentions(text, schema):
        feature = mention.feature
        if feature.type != "categorical" or not feature.categories:
            continue
        before = text[: mention.start]
        if (ranks and _WHICH_BEFORE.search(before)) or _PER_BEFORE.search(before):
            predicted = _MODEL_SAYS.search(text) is not None and len(feature.categories) <= _MAX_GROUPS
            return RankedCategory(feature, predicted)
    return None


# How often, said of one group: "usually", "mostly", "typically", "tend to", "more often than not", "most of the time"
_USUALLY = re.compile(
    r"\b(?:usually|mostly|mainly|typically|generally|normally|commonly|often|tend(?:s|ed)?\s+to|more\s+often\s+than\s+not|"
    r"most\s+of\s+the\s+time|for\s+the\s+most\s+part)\b",
    re.IGNORECASE,
)
# A yes-no question from the turn's start: "are ...", "do ...", "is it true that ...".
_YES_NO_START = re.compile(r"^\W*(?:(?:and|so|but|ok(?:ay)?)\W+)?(?:are|is|do|does|did|were|was|will|would)\b", re.I)


def usual_in_group(text: str, schema: HostSchema | None) -> str | None:
    """The group a yes-no question asks whether it usually has a class ("are car loans mostly approved?" ->
    `purpose = car`), or None. The group is a condition on the data's features (never on a label or prediction,
    which is the class asked about); the turn names no instance or metric and asks nothing of quality or reasons.
    """
    if schema is None or schema.kind != "tabular" or not _YES_NO_START.match(text) or not _USUALLY.search(text):
        return None
    if extract_label(text, schema) is None or _OTHER_QUESTION.search(text):
        return None
    if extract_ids(text, schema) or extract_metric(text) is not None:
        return None
    group = extract_group(text, schema)
    if not isinstance(group, str) or not re.search(r"[=<>]", group):
        return None
    clauses = [c.strip() for c in group.split(" and ") if not c.strip().startswith(("label ", "prediction "))]
    return " and ".join(clauses) or None


# How well, ranked or compared: words of the quality of predictions ("the most accurate", "the most mistakes") ...
_QUALITY_RANK = re.compile(
    r"\b(?:(?:most|least|more|less)\s+(?:accurate|reliable|wrong|often\s+(?:right|wrong))|"
    r"(?:most|fewest|more|fewer)\s+(?:mistakes|errors|misclassifications))\b",
    re.IGNORECASE,
)
# ... or of any quality said of what the model does ("does the model do worst on", "it struggles with"; "which carrier
# handles the best parcels" ranks parcels, not the model)
_MODEL_RANK = re.compile(r"\b(?:worst|best|better|worse|weakest|strongest|struggl\w*)\b", re.IGNORECASE)
_MODEL_DOES = re.compile(
    r"\b(?:does|do|did|is)\s+(?:the\s+model|the\s+classifier|it)\b|"
    r"\b(?:the\s+model|the\s+classifier|it)\s+(?:does|do|did|performs?|works?|is|gets?|handles?|struggl\w*)\b",
    re.IGNORECASE,
)


def compared_groups(text: str, schema: HostSchema | None) -> str | None:
    """One condition per category of the categorical feature a turn scores the model by ("which carrier does it do
    worst on?" ranks by quality; "accuracy by carrier", "recall per region" break a metric down), joined as
    alternatives (`carrier = dhl and carrier = postal and ...`, one call each); None when there is no such feature,
    it has more categories than one turn's calls, or the turn names an instance.
    """
    if schema is None or schema.kind != "tabular" or extract_ids(text, schema):
        return None
    ranks = _QUALITY_RANK.search(text) is not None or (_MODEL_RANK.search(text) and _MODEL_DOES.search(text))
    compared = _side_by_side(text, schema)
    if compared is not None and (ranks or extract_metric(text) is not None):
        # "compare bluecove and saltmarsh on accuracy": the categories named, each scored
        return " and ".join(f"{compared[0].name} = {category}" for category in compared[1])
    if not ranks and extract_metric(text) in (None, "all"):
        return None
    for mention in feature_mentions(text, schema):
        feature = mention.feature
        if feature.type != "categorical" or not feature.categories or len(feature.categories) > _MAX_GROUPS:
            continue
        before = text[: mention.start]
        if (ranks and _WHICH_BEFORE.search(before)) or _PER_BEFORE.search(before):
            return " and ".join(f"{feature.name} = {category}" for category in feature.categories)
    return None


# Setting things side by side: "compare", "comparison", "versus", "vs", "difference(s) between", "how do ... differ".
_COMPARE = re.compile(r"\b(?:compar\w*|versus|vs\.?|v\.|difference\w*|differ\w*|contrast\w*)(?!\w)", re.IGNORECASE)


def _named(category: str, text: str) -> bool:
    """Whether `text` names `category` as a word (an underscore also said as a space or a hyphen)."""
    spelled = re.escape(category.lower()).replace("_", r"[_\s-]")
    return re.search(rf"(?<![\w-]){spelled}(?![\w-])", text, re.IGNORECASE) is not None


def _side_by_side(text: str, schema: HostSchema) -> tuple[FeatureSchema, list[str]] | None:
    """The categorical feature and its categories (two or more) a turn sets side by side ("compare bluecove and
    saltmarsh"), or None; only when the categories named all belong to one feature.
    """
    if not _COMPARE.search(text):
        return None
    named = [
        (feature, said)
        for feature in schema.features
        if feature.type == "categorical"
        for said in [[str(c) for c in feature.categories or [] if _named(str(c), text)]]
        if len(said) >= 2
    ]
    return named[0] if len(named) == 1 else None


def compared_categories(text: str, schema: HostSchema | None) -> FeatureSchema | None:
    """The categorical feature two or more of whose categories a turn compares with no metric or quality named
    ("compare bluecove and saltmarsh" -> outfitter), or None; also None when the turn names an instance.
    """
    if schema is None or schema.kind != "tabular":
        return None
    if _OTHER_QUESTION.search(text) or extract_ids(text, schema) or extract_metric(text) is not None:
        return None
    compared = _side_by_side(text, schema)
    return compared[0] if compared is not None else None


# Frequency said of a class: "so often", "that often", "always", "so many", "a lot", and the words of `_USUALLY`.
_OFTEN = re.compile(
    r"\b(?:(?:so|that|this)\s+(?:often|many|much|frequently)|always|a\s+lot|frequently|regularly)\b", re.I
)


def often_in_category(text: str, schema: HostSchema | None) -> str | None:
    """The group (`feature = category`) of the one category a turn says a class is frequent in, with no instance
    named ("why is saltmarsh damaged so often?" -> `outfitter = saltmarsh`), or None.
    """
    if schema is None or schema.kind != "tabular" or extract_label(text, schema) is None:
        return None
    if not (_OFTEN.search(text) or _USUALLY.search(text)) or extract_ids(text, schema):
        return None
    named = [
        f"{feature.name} = {category}"
        for feature in schema.features
        if feature.type == "categorical"
        for category in feature.categories or []
        if _named(str(category), text)
    ]
    return named[0] if len(named) == 1 else None
