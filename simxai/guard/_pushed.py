"""A feature's contribution said with the class it pushes (claims-35): "38 % pushes bulged up by 0.154", "the age
push to needs repair 0.1522", "+0.176 on the probability", "(+0.211 over a 50 % start)".

A number right after a label is read as that label's probability ("bulged 0.154", "approval, 0.176"). Said after a
verb of pushing and "by", after "push to <class>", or with its plus sign and "on the probability" / "over a ...
start", it is what a feature adds to the class, the same reading as "adds 0.21 to the negative probability"
(`_cues.CONTRIBUTES`): never a class's probability. Writers: g12, g17, g25.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["pushed", "signed_under_key"]

_VERB = r"\b(?:push|pushes|pushed|pushing|nudges?|nudged|lifts?|lifted|tips?|tipped|drags?|dragged|pulls?|pulled)"
#: "pushes bulged up by", "pushes it towards approved by about": the verb, up to four words (no number), then "by".
_BY = re.compile(
    rf"{_VERB}\s+(?:[^\s\d.,;:()]+\s+){{0,4}}?by\s+(?:about\s+|around\s+|roughly\s+|some\s+)?[+−-]?\s*$", re.I
)
#: "+0.176 on the probability", "+0.211 over a 50 % start".
_SIGNED_AFTER = re.compile(
    r"^\s*(?:on|to|for)\s+(?:the\s+|its\s+)?(?:probability|chance|odds|score)\b|^\s*over\s+(?:a|the)\s+[^.;,()]{0,20}?"
    r"\b(?:start|base|baseline|prior)\b",
    re.I,
)


def pushed(lead: str, following: str, labels: Sequence[str]) -> bool:
    """Whether the number between `lead` and `following` is said as a contribution to a class it pushes."""
    if _BY.search(lead):
        return True
    if lead.rstrip().endswith("+") and _SIGNED_AFTER.match(following):
        return True
    names = "|".join(re.escape(n) for label in labels for n in {label, label.replace("_", " ")})
    return (
        bool(names)
        and re.search(rf"{_VERB}\s+(?:it\s+)?(?:to|towards?|toward)\s+(?:{names})\s*[+]?\s*$", lead, re.I) is not None
    )


#: A signed number after a feature's name, past its value and unit: "door cycles 240 −0.30", "motor temp 41 °C +0.20".
_SIGNED_ITEM = re.compile(r"[^·;,\n]{0,25}?(?<![\w.])[+−-]\s?\.?\d")


def signed_under_key(clause: str, verb_end: int, start: int, end: int) -> bool:
    """Whether the feature named at clause[start:end] is an item given a signed number under a key whose verb ends
    at `verb_end` ("SHAP toward serviced: door cycles −0.30 · motor temp +0.20", round 38): the key names the side the
    numbers are measured towards, and each item's sign (checked as its number) says its way, not the key's verb.
    """
    return start > verb_end and ":" in clause[verb_end:start] and bool(_SIGNED_ITEM.match(clause[end:]))
