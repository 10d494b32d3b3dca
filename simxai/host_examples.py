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


def example_change(schema: HostSchema) -> str | None:
    """A what-if phrase on the host's first ranged numeric feature ("the credit_score were 700"), or None."""
    ranged = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
    if ranged:
        return f"the {ranged[0].name} were {_round_value(ranged[0])}"
    categorical = [f for f in schema.features if f.type == "categorical" and f.categories]
    if categorical:
        feature = categorical[0]
        return f"the {feature.name} were {(feature.categories or [''])[-1]}"
    return None


def example_condition(schema: HostSchema) -> str:
    """A group condition on the host's first ranged numeric feature ("pool_time_minutes > 140"); "age > 60", the
    form's own example, for a host without one.
    """
    ranged = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
    return f"{ranged[0].name} > {_round_value(ranged[0])}" if ranged else "age > 60"


def example_changes(schema: HostSchema) -> str:
    """Two what-if `changes` objects on the host's own features ('{"age_years": 9} or {"age_years": "+10%"}'); the
    demo's, the form's own example, for a host with no ranged numeric or categorical feature.
    """
    ranged = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
    if ranged:
        return f'{{"{ranged[0].name}": {_round_value(ranged[0])}}} or {{"{ranged[0].name}": "+10%"}}'
    categorical = [f for f in schema.features if f.type == "categorical" and f.categories]
    if categorical:
        return f'{{"{categorical[0].name}": "{(categorical[0].categories or [""])[-1]}"}}'
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
