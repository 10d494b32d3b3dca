"""The prompts the engine sends and the sentences it shows users.

Each prompt depends only on the host, never on the session or the time, so the system prompt is byte-identical
across requests and an inference server's prefix cache hits. Clarifying questions use the host's own words and
examples.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Literal

from simxai.exceptions import ArgumentError
from simxai.followup import Step, offered_amount
from simxai.host_examples import article, example_change
from simxai.hosts.base import HostSchema
from simxai.results import format_number
from simxai.state import FILLABLE

__all__ = [
    "amount_missing",
    "call_failed",
    "call_failed_on_arguments",
    "cannot",
    "clarifying_question",
    "direct_answer_retry",
    "guard_retry",
    "host_tools",
    "invalid_call",
    "non_answer_retry",
    "not_run_clarification",
    "not_run_limit",
    "offered_change",
    "reused_call",
    "step_question",
    "system_prompt",
    "unknown_function",
    "unreadable_output",
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
    # an error that already lists the valid values ("valid categories are False, True") is not repeated
    hint = f" Valid: {valid}." if valid and valid not in error else ""
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


def direct_answer_retry(unsupported: Sequence[str]) -> str:
    """The instruction to rewrite a direct answer (no function called) that states facts about the model."""
    return guard_retry(unsupported) + " Questions about the model must be answered by calling a function."


def unreadable_output(error: Exception) -> str:
    """The corrective message after backend output that could not be read as a reply or a call."""
    return (
        f"Your last output could not be read ({error}). Answer again: call a function as a well-formed call, or "
        "reply in plain text."
    )


def not_run_clarification() -> str:
    """The tool result of a call not run because the turn asks the user a question first."""
    return "not run: a clarification is pending"


def not_run_limit(limit: int) -> str:
    """The tool result of a call beyond the turn's call budget."""
    return f"not run: at most {limit} calls per turn"


def amount_missing() -> str:
    """The error of a relative change ("what if it were higher?") whose amount is asked about."""
    return "the change's amount is missing"


def call_failed(name: str, error: Exception) -> str:
    """A function call that failed (shown to the user when the reply is the calls' rendering)."""
    return f"{name} failed: {error}"


def call_failed_on_arguments(name: str, error: Exception) -> str:
    """A call a library tripped on for its model-given arguments; the cause is logged, not relayed."""
    return f"{name} failed on these arguments ({type(error).__name__})"


def cannot() -> str:
    """The reply when the turn cannot be answered."""
    # In the user's words, not the functions' names. No example questions here: their numbers and feature
    # names would read to the guard as claims about the model.
    return (
        "I can't do that. I can answer questions about this model: its predictions and why, what would change "
        "them, and its performance, data and outputs. Please rephrase your question."
    )


def offered_change(schema: HostSchema, feature: str, sign: Literal["+", "-"]) -> str | None:
    """The signed amount offered for "how much higher/lower?" ("+5"), when the feature's data give one."""
    found = next((f for f in schema.features if f.name == feature), None)
    amount = offered_amount(found) if found is not None else None
    return f"{sign}{amount:g}" if amount is not None else None


def step_question(
    schema: HostSchema, step: Step, feature: str | None, subject: str | None = None, offered: Sequence[str] = ()
) -> str:
    """How much (or which feature) for a relative change: one short question with a concrete offer.

    `subject`: the noun the change was said of, which names no feature ("his rent"); `offered`: the features that
    noun may mean ("fee" of two features), offered by name.
    """
    if feature is None and subject is not None:
        if step.sign == "*" and step.amount is not None:
            change = f"{step.amount:g} times as high"
        elif step.sign in ("+", "-") and step.amount is not None:
            change = f"{step.amount:g}{'%' if step.percent else ''} {'higher' if step.sign == '+' else 'lower'}"
        else:
            change = "changed"
        if offered:
            names = " or ".join([", ".join(offered[:-1]), offered[-1]] if len(offered) > 1 else offered)
            return f"Which feature should be {change}: {names}?"
        listed = ", ".join(f.name for f in schema.features[:6])
        return f"No feature of the model is called '{subject}'. Which feature should be {change}? For example {listed}."
    if step.sign == "=":
        example = schema.features[0].name if schema.features else "a feature"
        return f"Which feature should be {step.value()}? For example '{example} {step.value()}'."
    direction = {"+": "higher", "-": "lower", "*": "changed"}[step.sign]
    if step.age:
        direction = "older" if step.sign == "+" else "younger"
    if feature is None:
        # a step is of a number: the example is a numeric feature ("species 2 times as high" reads as nonsense)
        numeric = [f.name for f in schema.features if f.type == "numeric"] or [f.name for f in schema.features]
        example = numeric[0] if numeric else "a feature"
        if step.sign == "*":  # "twice as often": the factor, not a percentage
            times = f"{step.amount:g} times" if step.amount is not None else "how many times"
            return f"Which feature should be {times} as high? For example '{example} {times} as high'."
        return f"Which feature should be {direction}? For example '{example} 10% {direction}'."
    if step.sign == "*":
        return f"How many times as high should {feature} be? For example 'twice as high', or a new value of {feature}."
    offer = offered_change(schema, feature, step.sign)
    if offer is None:
        return f"How much {direction} should {feature} be? For example '10% {direction}', or a new value of {feature}."
    amount = offer[1:]
    return (
        f"How much {direction} should {feature} be? For example {amount} {direction} (a tenth of its range in the "
        f"data) or 10% {direction}; say yes for {amount}."
    )


def feature_change_question(schema: HostSchema, feature: str) -> str:
    """What a what-if should make of one feature ("and her glucose?" after "what if her bmi were 30?")."""
    found = next((f for f in schema.features if f.name == feature), None)
    if found is not None and found.type == "numeric" and found.min is not None and found.max is not None:
        span = f" (from {found.min:g} to {found.max:g} in the data)"
        return f"What should {feature} be{span}? Give a new value, or a change such as '10% higher'."
    if found is not None and found.categories:
        options = [str(c) for c in found.categories]
        listed = options[0] if len(options) == 1 else ", ".join(options[:-1]) + f" or {options[-1]}"
        return f"What should {feature} be: {listed}?"
    return f"What should {feature} be? Give a new value, or a change such as '10% higher'."


def _sentence(text: str, schema: HostSchema) -> str:
    """`text` as a sentence of its own: a capital (unless it starts with a feature's name) and a full stop."""
    text = text.strip()
    if not text:
        return ""
    first = text.split(" ", 1)[0]
    if first not in {f.name for f in schema.features}:
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def clarifying_question(schema: HostSchema, name: str, exc: ArgumentError) -> str:
    """The clarifying question for a missing or invalid argument, in the host's own words and examples."""
    noun = schema.instance_noun
    a = article(noun)
    reason = "" if exc.missing else _sentence(str(exc), schema) + " "
    if name == "instance" and exc.missing and any(m not in FILLABLE for m in exc.missing):
        return (
            f"To answer that I also need these values: {', '.join(exc.missing)}. "
            f"Please give them, or the id of {a} {noun} in the data."
        )
    if name == "instance":
        span = f" from {schema.id_range[0]} to {schema.id_range[1]}" if schema.id_range else ""
        if schema.kind == "text":
            where = f"Please give the {noun} itself in quotes" + (f", or an id{span}" if span else "")
        else:
            where = f"Please give {a} {noun} id{span} or the feature values"
        return f"{reason}Which {noun} do you mean? {where}."
    if name == "metric":
        return f"{reason}Which metric would you like: {', '.join(schema.metrics)}?"
    if name == "group":
        return f"{_sentence(str(exc), schema)} Valid: {exc.valid}. Which group should I score the model on?"
    if name == "changes":
        if schema.kind == "text" and reason:
            # "'great' is not in the review, whose words are ...": what can be done instead, without a made-up example
            return (
                f"{reason}I can replace or remove any of these words, or predict a whole new text you give in quotes. "
                "What should change?"
            )
        if schema.kind == "text":
            example = "\"replace 'good' with 'bad'\""
        else:
            phrase = example_change(schema)
            example = f'"what if {phrase}?"' if phrase else "a feature and its new value"
        return f"{reason}What should change? For example {example}."
    valid = f" Valid: {exc.valid}." if exc.valid else ""
    return f"{_sentence(str(exc), schema)}{valid} What should I use for {name}?"


#: Arguments that name one of the host's labels.
LABEL_ARGUMENTS = ("prediction_label", "expected_label", "target_label", "kept_label", "label")


def host_tools(tools: Sequence[dict[str, Any]], schema: HostSchema) -> list[dict[str, Any]]:
    """The tool specs with the host's labels and metrics as enums of the arguments that take them.

    A `null` default is left out (an argument missing from `required` may be omitted) and a union of plain
    types is one list of types: every request repeats these specs (issue 13: prompt and tools within 3,000
    tokens).
    """
    out = copy.deepcopy(list(tools))
    for tool in out:
        properties = tool.get("function", {}).get("parameters", {}).get("properties", {})
        for name, prop in properties.items():
            if "default" in prop and prop["default"] is None:
                del prop["default"]
            simple = [o.get("type") for o in prop.get("anyOf", []) if set(o) == {"type"}]
            if simple and len(simple) == len(prop["anyOf"]) and name not in LABEL_ARGUMENTS:
                prop["type"] = simple  # {"anyOf": [{"type": "string"}, {"type": "null"}]} says no more
                del prop["anyOf"]
            if name in LABEL_ARGUMENTS:
                prop.pop("anyOf", None)
                prop["enum"] = list(schema.class_names)
            elif name == "metric" and "enum" in prop:
                prop["enum"] = list(schema.metrics)
    return out
