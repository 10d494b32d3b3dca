"""Whether a yes/no feature named in a turn is denied: "a non-smoker", "failed the cat test", "skipped the talk".

A feature whose two categories are yes and no (True/False, 1/0) is often named by itself, without a value: "if she
were a smoker" is its yes, and a word before the name denies it ("not insured", "never rented", "quits smoking"), as
does the outcome of a test it names ("failed the cat test"), the side left ("cork instead of a screw cap"), a verb of
not doing or not having it ("skipped the intro", "did not attend the talk") or "free" after it ("injury-free").
The words of the feature's own name said before the mention are passed over ("skipped the safety talk" for
`attended_safety_talk`), so the verb before them still denies it.
"""

from __future__ import annotations

import re

from simxai.extraction._polarity import QUIT_VERBS

__all__ = ["NEGATION", "denied"]

# A negation or a verb that ends a habit before a value: "a non-smoker", "never rented", "quits smoking".
NEGATION = re.compile(
    rf"\b(?:not|non|no|never|without|isn't|wasn't|weren't|didn't|doesn't|hadn't|hasn't|haven't|aren't|wouldn't|"
    rf"{QUIT_VERBS})\b[\s-]*\w*\s*$",
    re.IGNORECASE,
)
# A yes/no feature denied by the outcome of a test it names ("failed the cat test"), as the side left ("cork instead
# of a screw cap", "rather than insured") or by "free" after it ("injury-free", "an allergy free dog")
# ... or by a verb of not doing or not having it ("skipped the intro", "missed the talk", "did not attend the talk")
_FAILED = re.compile(
    r"(?:\b(?:failed|fails|failing|flunked|flunks|instead\s+of|rather\s+than|"
    r"skip(?:s|ped|ping)?|miss(?:es|ed|ing)?|lack(?:s|ed|ing)?|forgo(?:es|ing)?|forwent|sat\s+out|sit(?:s|ting)?\s+out|"
    r"opt(?:s|ed|ing)?\s+out\s+of|pass(?:es|ed|ing)?\s+on)"
    r"|\b(?:not|never|didn't|don't|doesn't|haven't|hasn't|hadn't)\s+(?!only\b|just\b)[a-z]+)"
    r"\s+(?:(?:the|an?|its|their|his|her|any)\s+)?$",
    re.I,
)
_FREE_AFTER = re.compile(r"^[\s-]?free\b", re.IGNORECASE)


def denied(text: str, start: int, end: int, name: str) -> bool:
    """Whether the yes/no feature `name`, said at `text[start:end]`, is denied by the words around it (module doc)."""
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", name)}
    while (word := re.search(r"([A-Za-z]+)[\s_-]+$", text[:start])) and word.group(1).lower() in own:
        start = word.start()  # "skipped the safety talk" for `attended_safety_talk`: the name's words before
    before = text[max(0, start - 25) : start]
    return bool(NEGATION.search(before) or _FAILED.search(before) or _FREE_AFTER.match(text[end:]))
