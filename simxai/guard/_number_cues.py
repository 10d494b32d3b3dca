"""The patterns the number checks of `_numbers` read a number's surroundings with (moved out of `_numbers` at
claims-28 to keep that module within its size).
"""

from __future__ import annotations

import re

from simxai.guard._prefilter import gated
from simxai.guard._spaced import spaced

__all__ = [
    "SMALL_INTEGER",
    "_AT_LABEL",
    "_BEFORE_ARROW",
    "_BEFORE_DOWN_TO",
    "_REFERENCE",
    "_LEANS",
    "_COUNT_KEY",
    "_POINTS",
    "_SYMBOL_BOUND",
    "_UNIT_AFTER",
    "_FROM_ONLY",
    "_THEN_TO",
    "_LABEL_NOUN",
    "_LABEL_GAP",
    "_TOWARDS",
    "_FROM_TO",
    "_BRACKET_LABEL",
    "_BOUND",
    "_NOT",
    "_OTHER_CLASS",
    "_COUNT_AFTER",
    "_COUNT_BEFORE",
    "_ARROW_GAP",
    "_RATIO",
    "_FOR_LABEL",
    "_PAIR",
]

SMALL_INTEGER = 10
_AT_LABEL = re.compile(
    # a spaced dash too: "Prime — 0.57" (gfa37)
    r"\s*\)?\s*(?:(?:at|with|:|=|≈|\(|is at|,|(?<=\s)-(?=\s)|"
    r"(?:class|label)\s+(?:gets|has|receives|is given|takes))\s*)?"
    r"(?:about|around|roughly|~|≈)?\s*",
    re.I,
)
#: A number before an arrow is the state before the change: "stable (78.6 %) → progressing", "55.4 % → 70.3 %".
_BEFORE_ARROW = gated(
    r"^\s*%?\s*\)?\s*(?:→|->|=>|(?:becomes|turns into|changes to|goes to|drops to|rises to|falls to|moves to)\b)"
)
#: A probability before "down to" / "up to" is the state before the move: "still rejected, 66.7 % down to 61.1 %".
_BEFORE_DOWN_TO = re.compile(r"^\s*(?:all the way\s+|only\s+|just\s+)?(?:down|up)\s+to\b", re.I)
#: A reference point of a scale, not a value of the outputs: "(1.0 is perfect, 0.5 is random)", "0.8 ≠ 80 %".
_REFERENCE = gated(
    r"^\s*%?\s*(?:(?:is|=|means|would be)\s+(?:"
    + spaced("perfect|random|chance|guessing|a coin flip|a tie|compound|no better than chance")
    + r")|≠)",
    re.I,
)
_LEANS = gated(r"(?<!score )(?<!probability )\b(?:towards?|away from|against|for|of|on|support\w*|favou?rs?)\s*$", re.I)
_COUNT_KEY = re.compile(r"[*_`\s]*[:=][*_`\s]*")
_POINTS = re.compile(r"\s*(?:pts?\b|points\b|percentage points\b)", re.I)
#: A range said of several things at once: "A, B and C all lie between 0.01 and 0.02", "all in the 1-2 % band".
_ALL_WITHIN = gated(
    r"\b(?:all|each|both|every one)\s+(?:of them\s+)?(?:\w+\s+)?(?:between|from|in|within|inside)\s+(?:the\s+)?$|"
    # "A, B and C are all close (0.60-0.76)", "all similar, at 0.4-0.5" (claims-55, gfa48)
    r"\b(?:all|both)\s+(?:\w+\s+){0,2}?(?:close|similar|alike|level|comparable|bunched|clustered|near(?:ly)?\s+equal|"
    r"(?:about|roughly)\s+(?:equal|the\s+same))\s*(?:[(:,]\s*)?(?:(?:at|around|about|with|in)\s+)?$",
    re.I,
)
_SYMBOL_BOUND = gated(r"(?:<|>|≤|≥|<=|>=)\s*$|(?:≠|±|\+/-)\s*$|\btop\s+$", re.I)
_UNIT_AFTER = re.compile(r"\s+(?:of\s+)?(?:a|an)\s+(?:full\s+)?(?:log-odds|logit|point|unit|percentage point)\b", re.I)
_FROM_ONLY = gated(r"\bfrom\s+(?:about\s+|around\s+|roughly\s+)?$", re.I)
_THEN_TO = re.compile(r"\s*%?\s*(?:to|→|->|-|–|and)\s", re.I)
#: A label used as an adjective of a contribution: "0.25 positive weight", "+0.3 stable side".
_LABEL_NOUN = re.compile(
    r"\s*(?:contributions?|push\w*|pull\w*|side|directions?|weights?|effects?|impacts?|influences?|shifts?|"
    r"evidence|words?|terms?|signals?|points?)\b",
    re.I,
)
#: Between a label and its probability: "stable, 0.79", "**standard** (0.6 vs", "surcharge would drop to 0.4".
_LABEL_GAP = re.compile(
    r"[\s*_]*(?:[,:(=≈~]\s*|(?:would|will|then|now|only|drops?|falls?|rises?|climbs?|goes|go|up|down|to|from|at|"
    r"with|is|be|about|around|roughly)\s+)*(?:-?\d+(?:\.\d+)?\s*%?\s*(?:vs\.?|versus|against|/|to|→|->)\s*)?",
    re.I,
)
#: "→ recut .507", "⇒ approved 0.837": a class right after an arrow is a change's outcome; the fraction after it is
#: that class's probability, with nothing between them (claims-38, gfa31).
_ARROW_BEFORE = re.compile(r"(?:→|->|=>|⇒)\s*$")
_TOWARDS = re.compile(r"\b(?:towards?|away from|against|for|of|on)\s*$", re.I)
_FROM_TO = gated(r"\bfrom\s+(?:about\s+|around\s+)?-?\d+(?:\.\d+)?\s*%?\s*(?:to|→|->)\s*$", re.I)
_BRACKET_LABEL = re.compile(r"[\s%]*\)\s*(?:(?:were|are|was|is|got|get)\s+)?", re.I)
_BOUND = gated(
    r"(?<!just )(?<!a bit )(?<!a little )\b(?:"
    + spaced(
        "below|above|under|over|less than|more than|greater than|lower than|higher than|smaller than|larger than|"
        "bigger than|at least|at most|exceeds?|beyond|short of|within"
    )
    + r")\s+$",
    re.IGNORECASE,
)
_NOT = gated(r"\b(?:not|never|isn't|wasn't)\s+(?:about\s+|around\s+|roughly\s+|quite\s+)?$", re.I)
#: "the other two grades at a quarter each", "the other two at 0.25" (gfa37): a share of each class but the one named.
_OTHERS_EACH = re.compile(
    r"\bthe\s+other\s+(?:two|three|four|[2-9])(?:\s+(?:classes|labels|grades|outcomes|ones|categories|verdicts))?"
    r"\s*(?:at|with|on|get|getting|share|sharing|each\s+at)?\s*(?:about\s+|roughly\s+|around\s+|just\s+)?$",
    re.I,
)
_OTHER_CLASS = re.compile(
    r"\s*%?\)?\s*(?:for|of|to|goes to|is left for)\s+the\s+other\s+(?:class|label|outcome|one|side)\b", re.I
)
#: A whole number said as a count: of things ("34 approved applicants"), of a whole ("64/86", "65 of 89"), or of
#: right and wrong answers ("Wrong: 26", "misclassifies 5").
_COUNT_AFTER = re.compile(
    r"\s*(?:/\s*\d|(?:of|out of)\s+(?:the\s+)?\d|(?:[a-z]+\s+){0,2}(?:patients|applicants|reviews|rows|instances|"
    r"cases|people|errors|mistakes|edits|texts|samples|records|customers)\b)",
    re.I,
)
_COUNT_BEFORE = re.compile(
    r"(?:\b(?:wrong(?:ly)?(?:\s+\w+)?|right|correct(?:ly)?(?:\s+\w+)?|errors?|mistakes?|misclassif\w*|"
    r"false (?:positives|negatives))\s*:?\s*|\d\s*/\s*|\b\d+\s+(?:of|out of)\s+(?:the\s+)?)$",
    re.I,
)
#: Between the two numbers of an ordered pair: "24.0 → 27.4", "from 27.4 to 24.0".
_ARROW_GAP = re.compile(r"\s*(?:→|->|=>|to)\s*(?:about\s+|around\s+)?", re.I)
_RATIO = gated(r"\s*(?:times\b|x\b|×|-?fold\b)", re.IGNORECASE)
_FOR_LABEL = re.compile(r"\s*(?:for|of)\s+(?:the\s+)?", re.I)
#: Between the two numbers of a pair of class probabilities ("55.4 % to 44.6 %", "78.6 % vs 21.4 %").
_PAIR = re.compile(r"\s*%?\s*(?:to|vs\.?|versus|against|over|/)\s*", re.IGNORECASE)
