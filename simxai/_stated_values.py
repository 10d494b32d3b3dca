"""A value of a feature stated beside one instance's prediction: "what would lot 5416 get with a germination rate
of 0.95?", "applicant 62 with income 80, what does it predict?".

The prediction answers for the recorded row, so a stated value that differs from the row's own was dropped in
silence. Once the row's values are known (the prediction's subject), the engine compares: a stated value equal to
the recorded one is a fact and the prediction stands; a differing one said as a hypothesis ("would", "if", "were")
is tried as a what-if; otherwise one short question offers both (yes runs the what-if).
"""

from __future__ import annotations

import re
from typing import Any

from simxai._self_repair import self_corrected
from simxai.extraction import extract_changes
from simxai.hosts.base import ChangeValue, HostSchema
from simxai.state import PendingCall
from simxai.turns import Clarification

__all__ = ["hypothetical", "stated_differences", "stated_question"]

# A value stated beside the instance: "with a rate of 0.95", "at 0.95", "in the annex vault", "if it had ...
_STATED = re.compile(r"\b(?:with|at|in|if|of|were|was|had|has|having)\b", re.IGNORECASE)
# Words that make the stated value a supposition, not a description of the recorded row.
_HYPOTHETICAL = re.compile(
    r"\b(?:would|could|might|if|were|had\s+been|suppose|supposing|imagine|assuming|instead|hypothetical\w*)\b",
    re.IGNORECASE,
)


def hypothetical(user: str) -> bool:
    """Whether `user` says its stated values as a supposition ("what would it get with ...", "if it had ...")."""
    return _HYPOTHETICAL.search(user) is not None


def stated_differences(
    user: str, values: dict[str, Any], schema: HostSchema | None, instance: object = None
) -> dict[str, ChangeValue]:
    """The absolute values `user` states for features of one row whose recorded `values` differ from them.

    Relative changes ("10 points higher") are left to the readings of a what-if; a stated value equal to the
    recorded one (to the feature's precision, a category by name) is no difference, nor is one taken back within
    the turn ("Stedman, no, Grandsire": the last), nor the row's own id read as a value ("for tenancy 37057"), nor
    what a sentence or a dashed clause before the one naming the row says ("I'm a housing officer. ... tenant 57").
    """
    if schema is None or schema.kind != "tabular" or not values or not _STATED.search(user):
        return {}
    stated = extract_changes(self_corrected(_from_the_instance(user, instance)), schema) or {}
    differing: dict[str, ChangeValue] = {}
    for name, value in stated.items():
        if name not in values or isinstance(value, bool) or _the_id(value, instance):
            continue
        recorded = values[name]
        if isinstance(value, int | float) and isinstance(recorded, int | float):
            if abs(float(value) - float(recorded)) > 1e-9 * max(1.0, abs(float(recorded))):
                differing[name] = value
        elif isinstance(value, str) and isinstance(recorded, str) and value.strip().lower() != recorded.lower():
            differing[name] = value
    return differing


def stated_question(
    instance: Any, description: str, differing: dict[str, ChangeValue], values: dict[str, Any]
) -> tuple[Clarification, PendingCall]:
    """One short question offering both readings: the what-if with the stated values (yes), or the recorded row."""
    said = ", ".join(f"{name} {_shown(v)} (recorded: {_shown(values[name])})" for name, v in differing.items())
    question = (
        f"{description[:1].upper()}{description[1:]} has other recorded values than you said: {said}. "
        f"Say yes to try yours as a what-if, or 'predict {description}' for the recorded one."
    )
    clarification = Clarification(function="explain_what_if", missing=["changes"], question=question)
    [one] = differing if len(differing) == 1 else [None]  # "no, 20": the new value of the one feature stated
    pending = PendingCall(
        function="explain_what_if",
        arguments={"instance": instance},
        missing="changes",
        questioned=dict(differing),
        feature=one,
    )
    return clarification, pending


# Where a sentence or a clause set apart by a dash ends: what comes before the instance's own is about the user
_SEGMENT_END = re.compile(r"[.!?;]\s+|\s[-–—]\s")


def _from_the_instance(user: str, instance: object) -> str:
    """`user` from the sentence or dashed clause that names the row's id on ("finance desk at a car dealer -
    applicant 340, approved?": the dealer is where the user works); all of it when the id is not written out.
    """
    named = re.search(rf"(?<![\d.]){instance}(?![\d.])", user) if isinstance(instance, int) else None
    if named is None:
        return user
    ends = [m.end() for m in _SEGMENT_END.finditer(user, 0, named.start())]
    return user[ends[-1] :] if ends else user


def _the_id(value: object, instance: object) -> bool:
    """Whether a stated `value` is the number of the row's own id (`instance`), not a value of a feature."""
    return isinstance(value, int | float) and isinstance(instance, int) and float(value) == float(instance)


def _shown(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
