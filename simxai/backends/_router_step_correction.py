"""A correction of a what-if's step said as a fraction or a percentage: "sorry, I mean by half" after "a quarter less".

`_dialogue_repair.correction` reads a correction that gives a number ("no, make that 5"); a step said as a share of
the value ("by a quarter", "a third less", "by 30%") is corrected the same way, by a share: "sorry, I mean by half",
"no, a third", "make it 40 percent". After a what-if whose one relative change is a percentage, the corrected turn is
that what-if with the new percentage on the same feature, in the same direction unless the turn says another
("no, half more"). Before, the fraction gave the turn no number, and the selector read the bare correction on its
own (a question about the labels, on DEV). A step that was no percentage ("+2") is not read: "half" of what would
be a guess.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai._directions import CORRECTION_DOWN, CORRECTION_UP
from simxai.backends._router_decision import Decision
from simxai.followup_calls import last_call
from simxai.messages import Message

__all__ = ["corrected_share"]

_SHARES = {"half": "50", "third": "33.33", "quarter": "25", "fifth": "20", "tenth": "10"}
_STEP = re.compile(r"^([+-])\d+(?:\.\d+)?%$")
_CORRECTS_SHARE = re.compile(
    r"^\W*(?:(?:no|nope|nah|sorry|oops|wait|actually|correction|my\s+bad|hang\s+on|hold\s+on)\b\W*)+"
    r"(?:(?:i\s+)?(?:meant|mean)\s+|make\s+(?:it|that)\s+|it'?s\s+|it\s+should\s+be\s+|should\s+be\s+)?"
    r"(?:by\s+)?(?:(?:(?:a|one)\s+)?(?P<f>half|third|quarter|fifth|tenth)|(?P<n>\d+(?:\.\d+)?)\s?(?:%|percent\b))"
    rf"(?:\s+(?P<dir>{CORRECTION_DOWN}|{CORRECTION_UP})\b)?(?:\s+(?:then|instead))?\W*$",
    re.IGNORECASE,
)


def corrected_share(text: str, history: Sequence[Message]) -> Decision | None:
    """The previous what-if with its percentage step corrected to the share `text` says, or None."""
    match = _CORRECTS_SHARE.match(text)
    call = last_call(history)
    if match is None or call is None or call.name != "explain_what_if":
        return None
    changes = call.arguments.get("changes")
    if not isinstance(changes, dict):
        return None
    steps = [name for name, value in changes.items() if _STEP.match(str(value).strip())]
    if len(steps) != 1:
        return None  # no percentage step, or two: which one the share corrects is not said
    [feature] = steps
    old = str(changes[feature]).strip()
    sign = old[0]
    if match.group("dir"):
        sign = "-" if re.fullmatch(CORRECTION_DOWN, match.group("dir"), re.IGNORECASE) else "+"
    share = _SHARES[match.group("f").lower()] if match.group("f") else match.group("n")
    arguments = {**call.arguments, "changes": {**changes, feature: f"{sign}{share}%"}}
    return Decision("explain_what_if", 1.0, True, arguments=arguments)
