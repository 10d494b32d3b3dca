"""The dialogue state: what a conversation is about, rebuilt from its recorded calls or from its text.

`DialogueState` fills the arguments a call leaves out (the instance in focus, earlier changes, the metric) and
holds a call waiting for the user's answer to a clarifying question.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import pydantic

from simxai.extraction import extract_changes, extract_feature, extract_instance
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall, successful_payload

__all__ = ["FILLABLE", "DialogueState", "PendingCall", "StepQuestion", "state_from_text"]

# Arguments the dialogue state can supply when a call leaves them out.
FILLABLE = ("instance", "changes", "metric")


class StepQuestion(pydantic.BaseModel):
    """A relative change waiting for its amount ("what if it were higher?" -> "how much higher?"), or for its
    feature and amount when none is in focus (`feature` None: "which feature should be higher?"). `factor`: a change
    the turn gave whole but of no feature ("and if he visited twice as often?": "*2"), which the answer only names.
    """

    feature: str | None
    sign: Literal["+", "-"]
    offer: str | None = None
    factor: str | None = None


class PendingCall(pydantic.BaseModel):
    """A call waiting for the user's answer to a clarifying question."""

    function: str
    arguments: dict[str, Any]
    missing: str
    #: For "how much higher?": the feature in focus, the direction, and the amount offered (yes takes it).
    step: StepQuestion | None = None
    #: For "what should glucose be?": the feature a bare value ("110") or a step ("10% higher") changes.
    feature: str | None = None
    #: For "glucose 500 is above the data's range; is that intended?": the changes as the user gave them (a yes
    #: runs them as given).
    questioned: dict[str, Any] | None = None
    #: `questioned` is our own reading offered ("Change NetSag to 3?"), not values the user gave: a turn that adds
    #: a change "as well" takes the offer with it (`simxai._pending_answer.offer_taken`).
    offered: bool = False


class DialogueState(pydantic.BaseModel):
    """What the conversation is about: the instance in focus, the last label, changes and metric.

    `feature` is the feature in focus: the last one a what-if changed, or the last one asked about; a
    relative change that names no feature ("what if it were 20 % lower?") applies to it.
    """

    instance: Any = None
    label: str | None = None
    changes: dict[str, Any] | None = None
    metric: str | None = None
    feature: str | None = None
    last_function: str | None = None
    pending: PendingCall | None = None

    def fill(self, arguments: dict[str, Any], parameters: Sequence[str]) -> dict[str, Any]:
        """Add the state's values for fillable arguments the call left out."""
        filled = dict(arguments)
        for name in FILLABLE:
            # Earlier changes carry over to another instance ("and for 4?"), never to the same one: a what-if
            # on it whose changes were not understood would silently answer the earlier question again.
            if name == "changes" and arguments.get("instance") in (None, self.instance):
                if filled.get(name) in (None, "", {}):
                    filled.pop(name, None)
                continue
            if name in parameters and filled.get(name) in (None, "", {}):
                value = getattr(self, name)
                if value is not None:
                    filled[name] = value
                else:
                    filled.pop(name, None)
        return filled

    def after(self, function: str, arguments: dict[str, Any], payload: Any) -> DialogueState:
        """The state after a successful call."""
        update: dict[str, Any] = {"last_function": function, "pending": None}
        for name in FILLABLE:
            if arguments.get(name) is not None:
                update[name] = arguments[name]
        changes = arguments.get("changes")
        if function == "explain_what_if" and isinstance(changes, dict) and changes:
            update["feature"] = str(list(changes)[-1])
        elif isinstance(arguments.get("feature"), str) and arguments["feature"]:
            update["feature"] = arguments["feature"]
        if isinstance(payload, dict):
            label = payload.get("label") or payload.get("current_label") or payload.get("predicted_label")
            if function == "explain_what_if":
                label = payload.get("new_label", label)
            if isinstance(label, str):
                update["label"] = label
        return self.model_copy(update=update)

    @classmethod
    def from_history(cls, history: Sequence[Message]) -> DialogueState:
        """Rebuild the state from the tool calls and outputs recorded in a history."""
        state = cls()
        # Call ids repeat across turns (backends number them per reply), so each tool result is
        # matched to the calls of the assistant message just before it.
        calls: dict[str, ToolCall] = {}
        for message in history:
            if message.role == "assistant":
                calls = {c.id: c for c in message.tool_calls}
            elif message.role == "tool" and message.tool_call_id in calls:
                call = calls[message.tool_call_id]
                payload = successful_payload(message.content)
                if payload is not None:
                    state = state.after(call.name, call.arguments, payload.get("result"))
        return state


def state_from_text(history: list[Message], schema: HostSchema) -> DialogueState:
    """The dialogue state of a text-only history: the last instance and the last feature earlier user messages named.

    The feature is the one a relative change that names none ("and if it were 20 % lower?") applies to.
    """
    state = DialogueState.from_history(history)
    users = [m.content for m in reversed(history) if m.role == "user"]
    if state.feature is None:
        for text in users:
            changes = extract_changes(text, schema) if schema.kind == "tabular" else None
            feature = list(changes)[-1] if changes else extract_feature(text, schema)
            if feature is not None:
                state = state.model_copy(update={"feature": feature})
                break
    if state.instance is not None:
        return state
    for text in users:
        instance = extract_instance(text, schema)
        if instance is not None:
            return state.model_copy(update={"instance": instance})
    return state
