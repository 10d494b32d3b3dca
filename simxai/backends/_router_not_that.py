"""A correction that names what it takes back after what it means: "nah I meant 1, not 3", "no, 30 minutes shorter,
not a fifth".

`_dialogue_repair` reads a correction that ends with the number meant ("no, I meant 1") and `_correction_steps` one
that repeats the step's unit and direction; a tail that says again what was wrong (", not 3", "not a fifth", "not
30 min") adds a second number, and the correction was read as none (a question about the outputs, on DEV) or with
the wrong number. The tail is dropped from a turn that starts as a correction, so the readings of corrections see
the number meant alone. A turn that does not start with a correction marker keeps its words ("what if it were 4,
not 3 children?" is read by the what-if's own readers).
"""

from __future__ import annotations

import re

__all__ = ["without_taken_back"]

# A turn that starts as a correction: "no", "nah", "sorry", "oops", "wait", "actually", "correction", "my bad"
_STARTS_CORRECTING = re.compile(
    r"^\W*(?:no|nope|nah|naw|sorry|oops|wait|actually|correction|my\s+bad)\b", re.IGNORECASE
)
# The tail that names what is taken back: ", not 3", "not a fifth", "not 30 min", "- not 240"
_TAKEN_BACK_TAIL = re.compile(
    r"\s*[,;\-–—]?\s+not\s+(?:(?:a|an|one)\s+)?(?:\d+(?:\.\d+)?\s?%?|half|third|quarter|fifth|tenth)"
    r"(?:\s+[a-z]+)?\s*[.!?]*\s*$",
    re.IGNORECASE,
)


def without_taken_back(text: str) -> str:
    """`text` without a correction's tail that names what it takes back; any other turn as it is."""
    if not _STARTS_CORRECTING.match(text):
        return text
    kept = _TAKEN_BACK_TAIL.sub("", text)
    return kept if re.search(r"\d|\b(?:half|third|quarter|fifth|tenth)\b", kept, re.IGNORECASE) else text
