"""The prompts the engine sends. Each depends only on the host, never on the session or the time, so the
system prompt is byte-identical across requests and an inference server's prefix cache hits.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from simxai.hosts.base import HostSchema
from simxai.results import format_number

__all__ = [
    "guard_retry",
    "host_tools",
    "invalid_call",
    "non_answer_retry",
    "reused_call",
    "system_prompt",
    "unknown_function",
]


def _features(schema: HostSchema) -> str:
    parts = []
    for f in schema.features:
        if f.type == "numeric" and f.min is not None and f.max is not None:
            parts.append(f"{f.name} ({format_number(f.min)} to {format_number(f.max)})")
        elif f.categories:
            parts.append(f"{f.name} ({' / '.join(f.categories)})")
        else:
            parts.append(f.name)
    return ", ".join(parts)


def system_prompt(schema: HostSchema) -> str:
    """The system prompt for conversations about the host described by `schema`."""
    noun = schema.instance_noun
    if schema.kind == "tabular":
        data = f"Each {noun} has the features: {_features(schema)}."
    else:
        data = f"Each {noun} is a text; pass the text itself as `instance`."
    ids = f" {noun.capitalize()} ids run from {schema.id_range[0]} to {schema.id_range[1]}." if schema.id_range else ""
    return (
        "You are SimXAI: you explain a machine-learning model by calling its explanation functions.\n"
        f"The model: {schema.name}. It predicts one of: {', '.join(schema.class_names)}. {data}{ids}\n"
        "Rules:\n"
        "1. Answer every question about the model, its predictions, data or performance by calling a "
        "function, never from your own knowledge.\n"
        f"2. Take arguments from the user's words and the conversation. `instance` is a {noun} id (12 for "
        f"'{noun} 12'), {'the text itself, ' if schema.kind == 'text' else ''}an object of feature values, "
        "or a group condition ('age > 50', 'prediction = <class>'). For 'it', 'her' or 'why?', leave "
        "`instance` out: the one discussed is used. If an argument is missing, call without it; the user "
        "will be asked.\n"
        "3. Call several functions in one turn only when the user asks about several things.\n"
        "4. After the results arrive, answer in one to four plain sentences with only the labels, numbers, "
        "features and directions they state; add no facts, causes or advice.\n"
        "5. For greetings, thanks or unrelated questions, answer briefly without a function."
    )


def unknown_function(name: str, valid: Sequence[str]) -> str:
    """The corrective message after the model called a function that does not exist."""
    return f"Error: there is no function named {name!r}. Call one of: {', '.join(valid)}."


def invalid_call(name: str, error: str, valid: str) -> str:
    """The corrective message after a call with invalid arguments."""
    hint = f" Valid: {valid}." if valid else ""
    return f"Error: the call to {name} failed: {error}.{hint} Correct the arguments and call it again."


def guard_retry(unsupported: Sequence[str]) -> str:
    """The instruction to rewrite a reply whose claims the function outputs do not support."""
    return (
        "Your reply stated things the function results do not support: "
        + "; ".join(unsupported)
        + ". Rewrite the reply using only the labels, numbers, feature names and directions in the results."
    )


def non_answer_retry(reason: str) -> str:
    """The instruction to answer in words after a reply that was no answer (call syntax, JSON, empty)."""
    return (
        f"That was not an answer ({reason}). The function results are above: answer the user's question in "
        "plain sentences from them, without calling a function."
    )


def reused_call() -> str:
    """The note on a call repeated with the same arguments in one turn, whose earlier result is reused."""
    return (
        "This call was already made in this turn with the same arguments; its result is repeated here. Answer from it."
    )


#: Arguments that name one of the host's labels.
LABEL_ARGUMENTS = ("prediction_label", "expected_label", "target_label")


def host_tools(tools: Sequence[dict[str, Any]], schema: HostSchema) -> list[dict[str, Any]]:
    """The tool specs with the host's labels and metrics as enums of the arguments that take them."""
    out = copy.deepcopy(list(tools))
    for tool in out:
        properties = tool.get("function", {}).get("parameters", {}).get("properties", {})
        for name, prop in properties.items():
            if name in LABEL_ARGUMENTS:
                prop.pop("anyOf", None)
                prop["enum"] = list(schema.class_names)
            elif name == "metric" and "enum" in prop:
                prop["enum"] = list(schema.metrics)
    return out
