"""A tick or a cross after a class: whether the model's call matched the record (claims-37, gfa30).

"tasting: clean ✓", "Recorded: MOLDY ✗", "kiln log: cracked ✗": a class followed by a tick or a cross says the
model's call agrees, or not, with that recorded class. claims-37 reads vote counts ("CLEAN (9 of 11 votes)") as the
shares they are, which had flagged g24's "tasting: soured ✗" (the record is clean, the call right) only by the
votes; the mark is now read as the verdict it is and checked against whether the outputs' call was right. A mark
after a number ("PROGRESSING 83.8 ✓", "55 ✓ / 7 ✗ negatives") or after any other word is not read here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["marked_verdicts"]


def marked_verdicts(clause: str, labels: Sequence[str]) -> list[bool]:
    """For each class of `labels` the clause follows with a tick or a cross, whether the mark says the call was
    right (a tick) or wrong (a cross).
    """
    if not labels:
        return []
    said = "|".join(re.escape(label).replace("_", "[ _]") for label in sorted(labels, key=len, reverse=True))
    return [m.group(1) == "✓" for m in re.finditer(rf"\b(?:{said})\s*([✓✗])(?!\s*/)", clause, re.I)]
