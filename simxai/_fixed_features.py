"""What-ifs that change a feature the host keeps fixed (its ``immutable_features``): asked about, or noted.

A host marks a feature immutable when nothing done to an instance can change it: a roof's thatching material, a
pool's kind, a dog's breed, a patient's age. A what-if may still suppose it changed, and people do ("ten years
older"), but a demanding user wants to be told that the answer is a supposition, never a change one could make:

- a **category** of a fixed feature swapped ("139605 in long straw instead?", "as the main pool?") supposes another
  kind of instance, not the same one changed; whether the user wants that supposition or the real instances of that
  kind is unclear, so it is **asked** (one question; yes runs the what-if as given);
- a **number** of a fixed feature moved ("ten years older", "at 800 m") is a plain supposition people ask for
  routinely: it **runs**, and the reply says that the host keeps the feature fixed.
"""

from __future__ import annotations

from collections.abc import Mapping

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["fixed_category_questions", "fixed_number_note"]


def _changed(changes: object, schema: HostSchema) -> list[tuple[FeatureSchema, object]]:
    """(feature, value) for each change of a feature the host keeps fixed, by exact name or alias."""
    if not isinstance(changes, Mapping) or schema.kind != "tabular":
        return []
    found = []
    for name, value in changes.items():
        key = str(name).strip().lower()
        feature = next(
            (f for f in schema.features if f.name.lower() == key or key in (a.lower() for a in f.aliases)), None
        )
        if feature is not None and feature.immutable:
            found.append((feature, value))
    return found


def fixed_category_questions(changes: object, schema: HostSchema) -> list[str]:
    """One sentence for each category of a fixed categorical feature a what-if sets ("material ... long straw")."""
    noun = schema.instance_noun or "instance"
    return [
        f"{feature.name} is fixed for each {noun} (the host keeps it unchangeable): {feature.name} {value} instead "
        "is a supposition, not a change that can happen to it."
        for feature, value in _changed(changes, schema)
        if feature.type == "categorical"
    ]


def fixed_number_note(changes: object, schema: HostSchema) -> str:
    """The sentence a what-if's reply ends with when it moved a fixed numeric feature, or ""."""
    names = [feature.name for feature, _value in _changed(changes, schema) if feature.type == "numeric"]
    if not names:
        return ""
    said = " and ".join(names)
    return f"\nThe host keeps {said} fixed (no counterfactual changes it): this what-if is a supposition."
