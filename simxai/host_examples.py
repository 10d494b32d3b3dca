"""Example questions built from a host's own schema: its noun, ids, features and labels, never the demo's.

The page's empty-state hint and anything else that shows a new user what to ask use these, so that a loan host
says "applicant 12" and "credit_score", a text host quotes a review, and no host is told about patients.
"""

from __future__ import annotations

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["article", "example_change", "example_changes", "example_condition", "example_id", "example_questions"]


def article(noun: str) -> str:
    """`a` or `an` for `noun` by its first letter's sound as spelled ("an applicant", "a review")."""
    return "an" if noun[:1].lower() in "aeiou" else "a"


def example_id(schema: HostSchema) -> int | None:
    """An id inside the host's range (12 where it fits), or None for a host without ids."""
    if schema.id_range is None:
        return None
    low, high = schema.id_range
    return min(max(low, 12), high)


def _round_value(feature: FeatureSchema) -> float | int:
    assert feature.min is not None and feature.max is not None  # noqa: S101 - callers pass ranged features
    middle = feature.min + 0.75 * (feature.max - feature.min)
    step = 10 ** max(0, len(str(int(abs(feature.max - feature.min)))) - 2)
    value = round(middle / step) * step
    return int(value) if float(value).is_integer() else round(value, 2)


def _first_ranged(schema: HostSchema) -> FeatureSchema | None:
    """The host's first numeric feature with a known range: the one every example below is made on."""
    return next((f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None), None)


def _first_categorical(schema: HostSchema) -> FeatureSchema | None:
    """The host's first categorical feature with known categories, for a host without a ranged numeric one."""
    return next((f for f in schema.features if f.type == "categorical" and f.categories), None)


def example_change(schema: HostSchema) -> str | None:
    """A what-if phrase on the host's first ranged numeric feature ("the credit_score were 700"), or None."""
    if (ranged := _first_ranged(schema)) is not None:
        return f"the {ranged.name} were {_round_value(ranged)}"
    if (feature := _first_categorical(schema)) is not None:
        return f"the {feature.name} were {(feature.categories or [''])[-1]}"
    return None


def example_condition(schema: HostSchema) -> str:
    """A group condition on the host's first ranged numeric feature ("pool_time_minutes > 140"); "age > 60", the
    form's own example, for a host without one.
    """
    ranged = _first_ranged(schema)
    return f"{ranged.name} > {_round_value(ranged)}" if ranged is not None else "age > 60"


def example_changes(schema: HostSchema) -> str:
    """Two what-if `changes` objects on the host's own features ('{"age_years": 9} or {"age_years": "+10%"}'); the
    demo's, the form's own example, for a host with no ranged numeric or categorical feature. A text host's changes
    are words of the text and their replacements, or the whole text under the key "text".
    """
    if schema.kind == "text":
        return '{"good": "bad"} (a word of the text and its replacement; "" removes it) or {"text": "the new text"}'
    if (ranged := _first_ranged(schema)) is not None:
        return f'{{"{ranged.name}": {_round_value(ranged)}}} or {{"{ranged.name}": "+10%"}}'
    if (feature := _first_categorical(schema)) is not None:
        return f'{{"{feature.name}": "{(feature.categories or [""])[-1]}"}}'
    return '{"bmi": 30} or {"glucose": "-5"}'


def example_questions(schema: HostSchema) -> list[str]:
    """Three or four questions a new user can ask this host, in the order a conversation would go."""
    noun = schema.instance_noun
    ident = example_id(schema)
    if schema.kind == "text":
        first = 'what does the model predict for "the acting was superb but the plot dragged"?'
        change = "what if we replace 'superb' with 'dull'?"
        overall = "which words matter most overall?"
    else:
        first = (
            f"what does the model predict for {noun} {ident}?"
            if ident is not None
            else f"what does the model predict for {article(noun)} {noun}?"
        )
        phrase = example_change(schema)
        change = f"what if {phrase}?" if phrase else ""
        overall = "which features matter most overall?"
    return [q for q in (first, "why?", change, overall) if q]
