"""The shapes of a turn that asks no new question: small talk, thanks, and "another one".

The offline router (`simxai.backends.router`) answers greetings and closings with a plain reply, and reads
"another one?" as the previous question again.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema

__all__ = ["ACKNOWLEDGEMENT", "ANOTHER", "SMALL_TALK", "without_opening_acknowledgement"]

SMALL_TALK = re.compile(
    r"^\W*(?:(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings|thanks?(?:\s+you)?(?:\s+so\s+much)?|"
    r"thx|cheers|great|nice|cool|ok(?:ay)?|got\s+it|i\s+see|bye|goodbye|see\s+you|that'?s\s+(?:all|it|helpful|"
    r"great|clear|enough)|that\s+(?:is|was)\s+(?:all|it|helpful|great|clear|enough)|perfect|awesome|wonderful|no|yes|sure|alright|all\s+right|"
    r"(?:very|really|super|most)\s+(?:useful|helpful|clear|interesting)|useful|helpful)\b[\s\W]*)+"
    r"(?:(?:for\s+(?:\w+\s+){0,5}?\w+|a\s+lot|everything|again|bye|later|for\s+now)[\s\W]*)*$",
    re.IGNORECASE,
)
ANOTHER = re.compile(
    r"\b(?:another(?:\s+one)?|one\s+more|more\s+(?:of\s+(?:them|those)|examples?|ones?)|again|a\s+different\s+one|"
    r"something\s+else|next\s+one|other\s+ones?)\b",
    re.IGNORECASE,
)
ACKNOWLEDGEMENT = re.compile(
    r"\b(?:thanks?|thank\s+you|makes\s+sense|got\s+it|i\s+see|understood|good\s+to\s+know|interesting|"
    r"fascinating|helpful|useful|cool|nice|great|perfect|awesome|that'?s\s+(?:clear|all))\b",
    re.IGNORECASE,
)
# "Lovely. Could you ...", "Great, same for 12?", "I see. And what ...": a word of thanks or assent closed by a mark,
# said before the request (dlg48); "ok what ..." (no mark) and "no, I meant 14" (a correction) are not it
_OPENING_ACKNOWLEDGEMENT = re.compile(
    r"^\W*(?:lovely|great|perfect|brilliant|wonderful|awesome|cool|nice|good|thanks?(?:\s+you)?|cheers|"
    r"i\s+see|got\s+it|understood|makes\s+sense)\s*[.!,;:]+\s+(?=\w)",
    re.IGNORECASE,
)


def without_opening_acknowledgement(text: str, schema: HostSchema | None) -> str:
    """`text` without a word of thanks or assent said before its request ("Lovely. Could you try the same for 12?"
    -> "Could you try the same for 12?"); `text` itself when nothing follows it, it is small talk throughout, or the
    host classifies texts (a review may open with "Great!").
    """
    match = _OPENING_ACKNOWLEDGEMENT.match(text)
    if match is None or SMALL_TALK.match(text) or schema is None or schema.kind == "text":
        return text
    return text[match.end() :]
