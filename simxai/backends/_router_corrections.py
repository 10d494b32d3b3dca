"""A turn read against the previous one: "and the opposite?", and the answer to the router's attribute question.

"and the opposite?" names no class and no step: after a question with a class it is the other class, after a what-if
with one relative change the same change the other way (`opposite`). "bmi" after "The data records no 'weight' for
patient 8" is patient 8's bmi (`simxai.backends._router_attributes.answered_attribute`); "over 10 mm" after the
router's question about a group by a numeric feature is that bound on the feature
(`simxai.backends._router_bound_answer`); "the thickness" after "Which glaze do you mean: glaze_thickness_mm or
GlazeType?" is the turn that question was about, on glaze_thickness_mm (`simxai.backends._router_shared_word`).
Corrections ("no, I meant 14") are read by `simxai.backends._dialogue_repair`, a number taken back within the turn
by `simxai._self_repair`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai._self_repair import self_corrected
from simxai.backends._dialogue_undo import scenario_question
from simxai.backends._router_attributes import answered_attribute
from simxai.backends._router_bound_answer import bound_answer
from simxai.backends._router_not_that import without_taken_back
from simxai.backends._router_shared_word import shared_word_answer
from simxai.backends._router_value_taken_back import taken_back_text
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["opposite", "reread"]

_OPPOSITE = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay|now)\W+)?(?:(?:what\s+about|how\s+about|and|same\s+for|do)\s+)?"
    r"(?:the\s+)?(?:opposite|reverse|other\s+way\s+(?:a)?round|inverse)(?:\s+(?:one|case|direction))?"
    r"(?:\s+(?:then|too|please|pls))?\W*$",
    re.IGNORECASE,
)
_LABEL_ARGUMENTS = ("expected_label", "target_label", "prediction_label", "label")


def opposite(text: str, history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """The request "and the opposite?" makes of the previous call, or None when it names no direction.

    After a what-if with one relative change ("bmi 10% higher") the opposite is the same change the other way
    ("bmi 10% lower"); after a question with a class (a why, a counterfactual, a count of predicted X) it is the
    other class ("same for the other class", which the follow-up reading swaps when there are two classes).
    """
    if schema is None or not _OPPOSITE.match(text):
        return None
    call = last_call(history)
    if call is None:
        return None
    changes = call.arguments.get("changes") if call.name == "explain_what_if" else None
    if isinstance(changes, dict) and len(changes) == 1:
        ((name, value),) = changes.items()
        step = re.fullmatch(r"([+-])(\d+(?:\.\d+)?%?)", str(value).strip())
        if step is None:
            return None  # "bmi = 30" has no opposite direction
        direction = "lower" if step.group(1) == "+" else "higher"
        return f"what if {name.replace('_', ' ')} were {step.group(2)} {direction} instead?"
    labelled = any(call.arguments.get(a) for a in _LABEL_ARGUMENTS) or re.search(
        r"\b(?:prediction|label)\s*=", str(call.arguments.get("instance", ""))
    )
    return "same for the other class" if labelled and len(schema.class_names) == 2 else None


def reread(text: str, history: Sequence[Message], schema: HostSchema | None) -> tuple[str, str | None]:
    """The turn as the request it stands for after the previous one, and a question to ask instead, or None.

    "bmi" after the router's question about an attribute the data lacks is that instance's bmi; "and the opposite?"
    is the other class or the other direction; "no, depth 40, not 30" is the what-if's change that holds 30 corrected
    (`simxai.backends._router_value_taken_back`). A number taken back within the turn ("were 20 kg - sorry, I mean 25")
    is replaced by the one said after it. Any other turn is returned as it is.
    """
    text = self_corrected(text)
    # "sorry, depth 40, not 30" after a what-if: the change holding 30; else "nah I meant 1, not 3": the 3 dropped
    text = taken_back_text(text, history, schema) or without_taken_back(text)
    asked = history[-1] if history and history[-1].role == "assistant" else None
    text = (answered_attribute(text, asked.content, schema) if asked is not None else None) or text
    text = (bound_answer(text, asked.content, schema) if asked is not None else None) or text  # "over 10 mm"
    text = shared_word_answer(text, history, schema) or text  # "the thickness" to "Which glaze do you mean: ...?"
    # "undo the X change" when no what-if changed X, "same changes for him" with no what-if run: asked
    return opposite(text, history, schema) or text, scenario_question(text, history, schema)
