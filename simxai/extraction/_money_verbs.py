"""Money said with the verb of what one of several money features holds: "asked for 50k less", "earned 50 grand".

`_said_changes` reads an amount of money for a host's one money feature. A host with two (an income and a loan
amount, both in thousands) needs the verb to tell them apart: a verb whose stem starts a word of exactly one money
feature's name, aliases or description ("asked for" and "the amount asked for"), or a verb of earning or borrowing
for the feature whose words are an income's or a debt's. The amount may be bare with "k", "grand" or "thousand"
("50k", "50 grand"), converted to the feature's unit (thousands when its name ends in `_k` or its description says
so); a direction after it makes it a step ("30k less" -> "-30"). On a host with one money feature, a bare amount
in thousands after its verb is read here too ("what if it paid 60k" for `salary_k`). Which columns hold money, and
in thousands, is read by `_money_scale`.
"""

from __future__ import annotations

import re

from simxai.extraction._features import _TOKEN
from simxai.extraction._money_scale import money_features, said_in_unit
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema

__all__ = ["verb_money_change"]

# English verbs of receiving and owing, and the words a feature holding what they give is named by.
_KINDS = {
    "earn": ("income", "salary", "wage", "earning", "pay"),
    "pa": ("income", "salary", "wage", "earning", "pay"),  # "paid", "pays", "paying"
    "borrow": ("loan", "borrow", "debt", "credit"),
}
_SAID = re.compile(
    r"\b(?P<v>[a-z]{3,})\s+(?:(?:for|out|only|just|about|around|roughly)\s+)*"
    r"(?:[$£€]\s?)?(?P<n>\d+(?:\.\d+)?)\s?(?P<k>k|grand|thousand)?\b(?:\s+(?:pounds?|dollars?|euros?|a\s+year))?"
    r"(?:\s+(?P<d>more|extra|less|fewer|lower|higher))?",
    re.IGNORECASE,
)


def _words(feature: FeatureSchema) -> set[str]:
    terms = (feature.name.replace("_", " "), *feature.aliases, feature.description or "")
    return {w.lower() for t in terms for w in _TOKEN.findall(t)}


def _owner(verb: str, features: list[FeatureSchema]) -> FeatureSchema | None:
    stem = re.sub(r"(?:ed|ing|s)$", "", verb.lower())
    if len(stem) < 3:
        return None
    kinds = next((words for key, words in _KINDS.items() if stem.startswith(key)), ())
    owners = [f for f in features if any(w.startswith(stem) or w.startswith(kinds) for w in _words(f))] if kinds else []
    if not owners:
        owners = [f for f in features if any(w.startswith(stem) for w in _words(f))]
    return owners[0] if len(owners) == 1 else None


def verb_money_change(text: str, schema: HostSchema, named: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The change of the module doc; {} when no verb tells which money feature."""
    features = [f for f in money_features(schema) if f.name not in named]
    if not money_features(schema):
        return {}
    # the one money feature: only a bare amount in thousands ("paid 60k"); `_said_changes` reads the signed ones
    single = len(money_features(schema)) == 1
    for match in _SAID.finditer(text):
        if not match.group("k") and not re.search(r"[$£€]", match.group(0)):
            continue
        if single and re.search(r"[$£€]", match.group(0)):
            continue
        feature = _owner(match.group("v"), features)
        if feature is None:
            continue
        amount = said_in_unit(float(match.group("n")), 1000 if match.group("k") else 1, feature)
        shown = f"{round(amount, 4):g}"
        way = (match.group("d") or "").lower()
        if way:
            return {feature.name: f"{'-' if way in ('less', 'fewer', 'lower') else '+'}{shown}"}
        return {feature.name: int(amount) if amount.is_integer() else round(amount, 4)}
    return {}
