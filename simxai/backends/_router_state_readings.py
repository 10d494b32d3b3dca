"""Two readings the router makes after a function is chosen, from the dialogue's state and the host's booleans.

A relative step after an absolute what-if: "what if its weight were 3?" and then "and 2 kg less?" continues
from the value the what-if set (3 - 2 = 1), not from the instance's recorded value, for the feature the step
changes; the engine's range question applies to the value as to any other.

A True/False feature said as an adjective of the rows: "unvaccinated", "non-smokers", "not insured" name the
rows of its False value, "vaccinated dogs" those of its True value, where the host holds the feature as the two
categories True/False (or yes/no). Never a numeric or another categorical feature.
"""

from __future__ import annotations

import re
from typing import Any

from simxai.extraction.mentions import yes_no_of
from simxai.followup import from_last_tried
from simxai.hosts.base import HostSchema
from simxai.hosts.schema_words import holds_true_false, spelled_words
from simxai.messages import ToolCall

__all__ = ["boolean_group", "continued_step", "stepped_from_set_value", "with_boolean_group"]

# "+2", "-2", "+10%", "-25%": a step of the feature (a factor "*2" is left as it is: `multiplied_step`)
_STEP = re.compile(r"^(?P<sign>[+-])(?P<n>\d+(?:\.\d+)?)(?P<pct>%)?$")
# "... instead?": the step replaces the previous change, of the recorded value
_INSTEAD = re.compile(r"\binstead\b", re.IGNORECASE)
# A supposition: the feature said is a change of one instance ("what if it were vaccinated"), never a group
_SUPPOSED = re.compile(
    r"\b(?:what\s+if|suppose|supposing|imagine|were\s+it|if\s+(?:it|she|he|they)\s+(?:were|was|had))\b"
)


def continued_step(text: str, changes: dict[str, Any], previous: Any) -> dict[str, Any]:
    """`changes` with a step said from the last value tried ("4 degrees colder than that": `from_last_tried`), then
    with a step of a feature the previous what-if set to a number taken from it (`stepped_from_set_value`).
    """
    return stepped_from_set_value(text, from_last_tried(text, changes, previous), previous)


def stepped_from_set_value(text: str, changes: dict[str, Any], previous: Any) -> dict[str, Any]:
    """`changes` with each relative step of a feature the previous what-if set to a number taken from that number.

    `previous` is the last call (`simxai.followup.LastCall` or None); the value is the what-if's own argument, else
    (a change the engine filled in) the value its output ran. The other changes of that what-if stay in the
    scenario. Without a previous what-if that set the feature to a number, or with "instead", `changes` is returned
    as it is.
    """
    if previous is None or previous.name != "explain_what_if" or _INSTEAD.search(text):
        return changes
    said = previous.arguments.get("changes")
    earlier: dict[str, Any] = said if isinstance(said, dict) else {}
    set_to = {**_values_run(previous.output), **earlier}  # as said; else as the engine filled it and ran it
    stepped: dict[str, Any] = {}
    for feature, value in changes.items():
        match = _STEP.match(value.strip()) if isinstance(value, str) else None
        last = set_to.get(feature)
        if match is None or not isinstance(last, int | float) or isinstance(last, bool):
            stepped[feature] = value
            continue
        n = float(match.group("n"))
        amount = float(last) * n / 100 if match.group("pct") else n
        stepped[feature] = round(float(last) + amount if match.group("sign") == "+" else float(last) - amount, 6)
    if stepped == changes:
        return changes
    return {**earlier, **stepped}


def _values_run(output: object) -> dict[str, Any]:
    """The value each feature was set to in a what-if's output (its `changes`: feature, old, new), by feature."""
    rows = output.get("changes") if isinstance(output, dict) else None
    return {str(row["feature"]): row.get("new") for row in rows or [] if isinstance(row, dict) and "feature" in row}


def boolean_group(text: str, schema: HostSchema | None) -> str | None:
    """The group a True/False feature said as an adjective names ("unvaccinated" -> "vaccinated = False"), or None.

    The negative forms "un-", "non-" / "non " and "not " before the feature's name (or its plural: "non-smokers")
    name its False (or no) value; the name alone before a plural noun ("vaccinated dogs") its True (or yes) value.
    None in a supposition, for a host of texts, or when no True/False feature is said so.
    """
    if schema is None or schema.kind != "tabular" or _SUPPOSED.search(text.lower()):
        return None
    for feature in schema.features:
        words = spelled_words(feature) if holds_true_false(feature) else None
        pair = yes_no_of(feature)
        if words is None or pair is None or len("".join(words)) < 4:
            continue
        name = r"[\s_-]+".join(map(re.escape, words))
        negative = re.compile(rf"(?<![\w-])(?:un-?|non[- ]?|not\s+){name}(?:e?s)?(?![\w-])", re.IGNORECASE)
        if negative.search(text):
            return f"{feature.name} = {pair[1]}"
        positive = re.compile(rf"(?<![\w-]){name}\s+[a-z]+s\b", re.IGNORECASE)
        if positive.search(text):
            return f"{feature.name} = {pair[0]}"
    return None


def with_boolean_group(
    calls: list[ToolCall], parameters: list[str], text: str, schema: HostSchema | None
) -> list[ToolCall]:
    """`calls` with the group a True/False feature said as an adjective names (`boolean_group`) set on each call of
    a function that takes a group, where no group and no instance was read.
    """
    if "group" not in parameters:
        return calls
    group = boolean_group(text, schema)
    if group is None:
        return calls
    return [
        call
        if call.arguments.get("group") or call.arguments.get("instance") not in (None, "")
        else call.model_copy(update={"arguments": {**call.arguments, "group": group}})
        for call in calls
    ]
