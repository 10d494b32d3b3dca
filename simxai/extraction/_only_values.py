"""A group named by one category alone, with nothing else of a condition: "fells only", "predictions for the
fells", "coal only: verdicts", "accuracy on the water reed roofs", "f1 on long straw".

People name a group of rows by a value of a categorical feature with a word that restricts ("only", "alone"), with
the value in the plural after "for / on / among" (the value as the noun of the rows), with the value before a plural
noun of the things the rows are about ("the water reed roofs" on a host whose rows are surveys), or with the value
closing a clause after "for / on / among" or a metric's name ("f1 on long straw", "recall long straw?"); a feature said
after "no" / "without" is its category that says it is absent ("with no rust": rust = none). The value
must belong to one feature, be made of words of letters (at least three) and be no class name (a class names
predictions, not a feature's group). The feature's own name need not be said.
"""

from __future__ import annotations

import re

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["none_category", "value_only_group", "with_value_group"]

# The words that lead into a group of rows, and a metric's name said right before the group ("f1 long straw").
_LED = r"\b(?:for|on|among|across)\s+(?:(?:the|all|all\s+the|just\s+the|only\s+the)\s+)?"
_METRIC = r"\b(?:accuracy|recall|precision|f1(?:[\s-]*score)?|auc|roc[\s_-]*auc)\s+(?:(?:for|on)\s+)?(?:the\s+)?"
# A plural noun after the value: a word of three letters or more in -s that is no verb or function word
# ("on the water reed roofs", never "for water reed is ...").
_NOUN_AFTER = r"\s+(?!(?:is|was|has|does|this|its|as|plus|less|yes|always)\b)[a-z]{2,}s\b"
_CLAUSE_END = r"\s*(?:[?.!,;:]|$)"


# A category that says the feature is absent, and the words before a feature that say so ("with no rust").
_NONE_VALUES = frozenset({"none", "nil", "absent", "no"})
_NO_BEFORE = re.compile(r"\b(?:no|without|zero)\s+(?:any\s+)?$", re.IGNORECASE)


def none_category(text: str, start: int, feature: FeatureSchema) -> str | None:
    """The feature's category that says it is absent ("none") when the feature's mention starting at `start` follows
    "no" / "without" ("the ones with no rust" of a rust feature valued none, light, heavy), or None.
    """
    if not _NO_BEFORE.search(text[max(0, start - 20) : start]):
        return None
    return next((c for c in feature.categories or [] if c.lower() in _NONE_VALUES), None)


def _owners(schema: HostSchema) -> dict[str, list[tuple[str, str]]]:
    """A category in lower case: (feature, category as written), for every categorical feature."""
    owners: dict[str, list[tuple[str, str]]] = {}
    for feature in schema.features:
        if feature.type == "categorical":
            for category in feature.categories or []:
                owners.setdefault(category.lower(), []).append((feature.name, category))
    return owners


def value_only_group(text: str, schema: HostSchema | None) -> str | None:
    """The condition `feature = value` of the one category `text` names as a group by itself, or None (none, or
    values of several features: a condition of more than one value is read by the group parsers).
    """
    if schema is None or schema.kind == "text":
        return None
    classes = {c.lower() for c in schema.class_names}
    clauses: list[str] = []
    for lower, features in _owners(schema).items():
        words = lower.split()
        if len(features) != 1 or not all(w.isalpha() for w in words) or len(lower) < 3 or lower in classes:
            continue
        word = r"\s+".join(map(re.escape, words))
        restricted = rf"(?<![\w-]){word}(?:e?s)?\s+(?:only|alone)\b(?!\s+(?:if|when|because)\b)"
        plurals = rf"(?:{word}e?s|{word[:-1]}ies)" if lower.endswith("y") else rf"{word}e?s"  # "pink ladies"
        plural = rf"(?:{_LED}|\bof\s+the\s+){plurals}\b"  # "how many of the cox pippins ..."
        noun = rf"{_LED}{word}{_NOUN_AFTER}"  # "on the water reed roofs", "for long straw thatches"
        closing = rf"(?:{_LED}|{_METRIC}){word}{_CLAUSE_END}"  # "f1 on long straw", "recall long straw?"
        if re.search(f"{restricted}|{plural}|{noun}|{closing}", text, re.IGNORECASE):
            name, category = features[0]
            clauses.append(f"{name} = {category}")
    return clauses[0] if len(clauses) == 1 else None


def with_value_group(condition: str, text: str, schema: HostSchema) -> str:
    """`condition`, and the one category `text` names as a group by itself when the condition holds nothing but the
    class predicted or labelled: "how many of the cox pippins does it call juice" counts within `variety = cox
    pippin`, whose value of two words in the plural the clause readings leave out.
    """
    fields = {clause.split()[0] for clause in condition.split(" and ") if clause.strip()}
    if not fields or not fields <= {"prediction", "label"}:
        return condition
    alone = value_only_group(text, schema)
    return condition if alone is None or alone == "all" else f"{condition} and {alone}"
