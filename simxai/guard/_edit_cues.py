"""The words that mark claims about a text's edits, how often something occurs and how well the model does (split
from `simxai.guard._cues` in claims-26, which re-exports them): edits ("change 'A' to 'B'", "remove 'X'"),
frequencies ("mistakes are rare"), judgements ("it is robust") and hedges ("it seems").
"""

from __future__ import annotations

import re

from simxai.guard._prefilter import gated

__all__ = [
    "ABOUT_DATA",
    "ASSESSMENT",
    "EDIT_ADD",
    "EDIT_ARROW",
    "EDIT_REMOVE",
    "EDIT_SWAP_FOR",
    "EDIT_TO",
    "FREQUENCY",
    "HEDGE",
    "THE_MODEL",
]

#: A quoted span (straight or typographic quotes) as group 1.
_QUOTED = r"[\"“'‘]([^\"”“‘’]{1,300}?)[\"”'’](?!\w)"
#: Words that may stand between an edit verb and what it edits ("remove the negative phrase '...'"), but no
#: preposition: "add a comma after 'service'" does not add 'service'.
_BETWEEN = r"(?:\s+(?!(?:after|before|from|in|at|of|to|between|near|behind|around|with|by|for)\b)[\w-]+){0,3}"
#: "change 'A' to 'B'", "replace ... with 'B'", "rewrite it as: 'B'": group 1 is the new text.
EDIT_TO = re.compile(
    r"\b(?:chang\w*|replac\w*|swap\w*|turn\w*|rewrit\w*|rephras\w*|edit\w*|modif\w*|switch\w*|substitut\w*|alter\w*)"
    rf"\b[^.!?;]{{0,120}}?\b(?:to|with|into|as|by)\s*:?\s*{_QUOTED}",
    re.IGNORECASE,
)
#: "remove 'X'", "delete the word 'X'": group 1 is the removed text.
EDIT_REMOVE = re.compile(
    rf"\b(?:remov\w*|delet\w*|drop\w*|omit\w*|tak\w* out|get\w* rid of|leav\w* out|strip\w*){_BETWEEN}\s*{_QUOTED}",
    re.IGNORECASE,
)
#: "'funny' → 'dull'": an edit written as an arrow; group 1 is the new text.
EDIT_ARROW = re.compile(rf"[\"“'‘][^\"”“‘’]{{1,300}}?[\"”'’]\s*(?:→|->|=>)\s*{_QUOTED}")
#: "swapping 'A' for 'B'", "trade 'A' for 'B'": A goes, B comes in (group 1 is the removed text, group 2 the new).
EDIT_SWAP_FOR = re.compile(rf"\b(?:swap\w*|trad\w*|exchang\w*)\s+(?:the\s+word\s+)?{_QUOTED}\s+for\s+{_QUOTED}", re.I)
#: "add 'X'", "insert the word 'X'": group 1 is the added text.
EDIT_ADD = re.compile(rf"\b(?:add\w*|insert\w*|append\w*){_BETWEEN}\s*{_QUOTED}", re.IGNORECASE)
#: A statement of how often something occurs: "X are common", "mistakes are rare", "errors occur often".
FREQUENCY = gated(
    r"\b(?:are|is|were|was|be|being)\s+(?:\w+\s+){0,2}?(?:common|uncommon|rare|frequent|infrequent|prevalent|scarce|"
    r"widespread)\b|\b(?:occur|happen|appear|show up)s?\s+(?:\w+\s+)?(?:rarely|often|frequently|seldom|commonly)\b|"
    r"\b(?:rarely|seldom|frequently|commonly)\s+(?:occur|happen|appear|seen|found|show)\w*|"
    r"\bthe (?:vast )?(?:majority|minority) of\b|\bmost (?:of the )?(?:cases|patients|rows|reviews|examples|"
    r"instances|people|records|samples|data)\b",
    re.IGNORECASE,
)
#: What a frequency statement must be about for it to be a claim about the data.
ABOUT_DATA = re.compile(
    r"\b(?:data\w*|cases?|mistakes?|errors?|misclassif\w*|examples?|instances?|rows?|samples?|values?|patients?|"
    r"reviews?|records?|people|population|classes|labels?)\b",
    re.IGNORECASE,
)
#: A judgement of how well the model does: "it is robust", "performs well", "struggles with sarcasm".
ASSESSMENT = gated(
    r"\b(?:robust\w*|reliab\w*|struggl\w*|perform\w*\s+(?:\w+\s+)?(?:well|poorly|badly|best|worst)|"
    r"(?:good|bad|poor|great|excellent|weak|strong)\s+at\b|fails?\s+(?:on|with|at|for|when)\b|"
    r"(?:makes?|prone to)\s+(?:\w+\s+)?(?:mistakes|errors))",
    re.IGNORECASE,
)
#: The model as the subject of a judgement.
THE_MODEL = re.compile(r"\b(?:model|classifier|it|system|network|transformer)\b", re.IGNORECASE)
#: A statement the reply marks as uncertain: it is listed as unchecked, not judged.
HEDGE = re.compile(
    r"\b(?:may|might|could|possibly|perhaps|likely|probably|presumably|i think|i believe|it seems|seems?|"
    r"appears? to|not sure|unclear)\b",
    re.IGNORECASE,
)
