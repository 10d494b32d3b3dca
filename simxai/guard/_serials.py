"""A heading's serial number (claims-40, helper gfa33): "[Podcast ep. 31] Guest: ...", "PODCAST, ep. 14 — HOST:",
"[Audio-guide stop 14] This drawing ...". The number counts episodes, stops or chapters of the reply's frame, not
anything of the outputs; it is listed as unchecked.

Read only right after a word that numbers a part of a series ("ep.", "episode", "stop", "chapter", "vol.",
"track"), and only when a heading's end follows the number (a closing bracket, a dash, a colon or a comma), so
"stop 14 of the 89 reviews" or "the episode lasted 31 minutes" are still read as numbers.
"""

from __future__ import annotations

import re

__all__ = ["heading_serial"]

_SERIES = re.compile(r"\b(?:ep\.?|episode|stop|chapter|vol\.|volume|track)\s*(?:no\.?\s*|#\s*)?$", re.I)
_HEADING_END = re.compile(r"\s*(?:\]|\)|—|–|:|,|\s-\s)")


def heading_serial(lead: str, following: str) -> bool:
    """Whether the number between `lead` (the text before it) and `following` numbers a part of a series."""
    return bool(_SERIES.search(lead[-20:])) and bool(_HEADING_END.match(following))
