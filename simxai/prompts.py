"""The prompts the engine sends. Each depends only on the host, never on the session or the time, so the
system prompt is byte-identical across requests and an inference server's prefix cache hits.
"""

from __future__ import annotations

from collections.abc import Sequence

from simxai.hosts.base import HostSchema
from simxai.results import format_number

__all__ = ["guard_retry", "invalid_call", "non_answer_retry", "reused_call", "system_prompt", "unknown_function"]


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
    ids = (
        f" {noun.capitalize()}s in the dataset have ids {schema.id_range[0]} to {schema.id_range[1]}."
        if schema.id_range
        else ""
    )
    return (
        "You are SimXAI, an assistant that helps people understand a machine-learning model by calling "
        "explanation functions and explaining their results.\n"
        f"The model: {schema.name}. It predicts one of: {', '.join(schema.class_names)}. {data}{ids}\n"
        "Rules:\n"
        "1. Answer every question about this model, its predictions, explanations, data or performance by "
        "calling a function. Never answer such questions from your own knowledge.\n"
        f"2. Take arguments from the user's words and the conversation. When the user says 'it', 'this "
        f"{noun}', 'her' or 'why?', reuse the instance discussed before. If an argument is nowhere to be "
        "found, call the function without it; the user will be asked.\n"
        "3. Call several functions in one turn only when the user asks about several instances or things.\n"
        "4. After the function results arrive, answer in one to four plain sentences using only the labels, "
        "numbers, feature names and directions in the results. Do not add facts, causes or advice that the "
        "results do not contain.\n"
        "5. For greetings, thanks or questions unrelated to the model, answer briefly without a function."
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
