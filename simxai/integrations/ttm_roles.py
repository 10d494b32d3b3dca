"""Fitting mention roles to a program shape, and pairing values with their features (the learned parser's slots).

`fit_roles` gives a shape's slots their mentions (the joint decoding of `ttm_learned`); `pair_values` pairs the
numbers read as values with the filter and change features that take them.
"""

from __future__ import annotations

from simxai.integrations.ttm_reader import Reading

__all__ = ["LINKING_WORDS", "fit_roles", "linked_value", "pair_values", "shape_needs"]

# which mention kinds and role fill each counted slot of a shape
_SLOT_ROLES = {"ARG": (("fnum", "fcat"), "arg"), "K": (("num",), "topk"), "METRIC": (("metric",), "metric")}


def fit_roles(reading: Reading, role_scores: list[dict[str, float]], needs: dict[str, int]) -> list[str] | None:
    """The most probable roles that give a shape exactly its slots (`shape_needs`), or None when the mentions cannot.

    Greedy per slot: the mentions whose score for the slot's role is closest to their best take it; the others
    take their best role but that one (and no change when the shape has none). A number is a value only when
    some feature is a filter or a change to take it: a shape that makes the only feature its argument
    (``statistic ARG`` for "data of X less than N") pays for the value it leaves without a feature.
    """
    kinds = [m.kind for m in reading.mentions]
    roles = [max(s, key=s.__getitem__) for s in role_scores]
    banned: dict[int, set[str]] = {i: set() for i in range(len(roles))}
    for slot, (slot_kinds, role) in _SLOT_ROLES.items():
        eligible = [i for i, kind in enumerate(kinds) if kind in slot_kinds]
        if len(eligible) < needs[slot]:
            return None
        chosen = sorted(eligible, key=lambda i: (roles[i] != role, -role_scores[i][role], i))[: needs[slot]]
        for i in eligible:
            if i in chosen:
                roles[i] = role
            else:
                banned[i].add(role)
    features = [i for i, kind in enumerate(kinds) if kind in ("fnum", "fcat") and roles[i] != "arg"]
    if not needs["CHANGES"]:
        for i in features:
            banned[i].add("change")
    elif features and not any(roles[i] == "change" for i in features):
        best = max(features, key=lambda i: role_scores[i]["change"] - role_scores[i][roles[i]])
        roles[best] = "change"
    elif not features:
        return None
    if not any(roles[i] in ("filter", "change") for i in features):  # a value needs a feature to take it
        for i, kind in enumerate(kinds):
            if kind == "num":
                banned[i].add("value")
    for i, taboo in banned.items():
        if roles[i] in taboo:
            roles[i] = max((r for r in role_scores[i] if r not in taboo), key=role_scores[i].__getitem__)
    return roles


def shape_needs(shape: str) -> dict[str, int]:
    """How many of each slot a shape has (``CHANGES`` counted once: its changes come as one group)."""
    tokens = shape.split()
    return {
        "CHANGES": min(tokens.count("CHANGES"), 1),
        "ARG": tokens.count("ARG"),
        "K": tokens.count("K"),
        "METRIC": tokens.count("METRIC"),
    }


#: Words that may stand between a feature and the number that is its value ("woman equal to 1", "recidivated
#: were set to 0").
LINKING_WORDS = frozenset({"is", "are", "was", "were", "be", "been", "set", "to", "equal", "equals", "=", "at"})


def linked_value(reading: Reading, feature: int, value: int) -> bool:
    """Whether the number `value` follows the feature `feature` (mention indices) with only linking words between."""
    start, end = reading.mentions[feature].position, reading.mentions[value].position
    return start < end and all(w in LINKING_WORDS for w in reading.words[start + 1 : end])


def pair_values(reading: Reading, takers: list[int], values: list[int], *, exact: bool = True) -> dict[int, int]:
    """Pair feature mentions with value numbers: in order when the counts agree, else the nearest (right first).

    With `exact` False (categorical features, whose value may be a word), a feature takes a number only when
    one is next to it, or after it with only linking words between ("were set to 0").
    """
    mentions = reading.mentions
    if exact and len(takers) == len(values):
        return dict(zip(takers, values, strict=True))
    pairs: dict[int, int] = {}
    free = list(values)
    for i in takers:
        at = mentions[i].position
        best: tuple[float, int] | None = None
        for v in free:
            gap = mentions[v].position - at
            distance = gap if gap > 0 else -gap + 0.5
            if not exact and distance > 3 and not linked_value(reading, i, v):
                continue
            if best is None or distance < best[0]:
                best = (distance, v)
        if best is not None:
            pairs[i] = best[1]
            free.remove(best[1])
    return pairs
