"""Ids written with the letter O for a zero ("73O07", "73-1o5") or said digit by digit with "oh", "double" and
"triple" ("73 oh oh 4", "double 7301", "7 3 one double 2" — what `simxai.normalize` leaves of them).

A run is read as one id only when the digits it spells, joined as said, make an id of the host, and the run is
marked as spelled: a letter O between digits, an "oh", a "double" or "triple", or several pieces none of which is an
id of the host by itself and whose join has at least five digits ("7304 5"). A run that names a value of a feature
as a whole ("73 oh 15" where 73015 is no id) is left as it was.
"""

from __future__ import annotations

import re

from simxai._spoken import UNITS
from simxai.hosts.base import HostSchema

__all__ = ["rejoin_spelled_ids"]

_DIGITS = r"\d[\dOo]*|[Oo]\d[\dOo]*"  # a digit group that may hold the letter O for a zero
_WORD = "|".join(sorted((w for w, n in UNITS.items() if n < 10), key=len, reverse=True))
_PIECE = rf"(?:{_DIGITS}|oh|zero|{_WORD}|double|triple)"
_RUN = re.compile(rf"(?<![\w.,]){_PIECE}(?:(?:\s+|-){_PIECE})*(?![\w%]|[.,]\d)", re.IGNORECASE)
_TIMES = {"double": 2, "triple": 3}


def _spelled(run: str) -> tuple[str, bool, list[str]] | None:
    """The digits a run spells, whether it is marked as spelled, and its digit pieces; None when it cannot be one
    ("double" at its end, a word that is no digit).
    """
    pieces = re.split(r"\s+|-", run.lower())
    digits: list[str] = []
    groups: list[str] = []
    marked = False
    repeat = 1
    for piece in pieces:
        if piece in _TIMES:
            if repeat != 1:
                return None
            repeat, marked = _TIMES[piece], True
            continue
        if piece in ("oh", "o"):
            digit, marked = "0", True
        elif piece == "zero" or piece in UNITS:
            digit = str(UNITS.get(piece, 0))
        else:
            if "o" in piece:
                marked = True
            digit = piece.replace("o", "0")
            groups.append(digit)
        digits.append(digit[0] * (repeat - 1) + digit)
        repeat = 1
    if repeat != 1:
        return None
    return "".join(digits), marked, groups


#: No id has more digits than this; a longer run is no id (and never turned into a number, however long).
_LONGEST = 18


def rejoin_spelled_ids(text: str, schema: HostSchema | None) -> str:
    """`text` with each spelled id written as one number ("how likely is 73O07" -> "how likely is 73007")."""
    if schema is None or schema.id_range is None:
        return text
    for match in reversed(list(_RUN.finditer(text))):
        run = match.group(0)
        spelled = _spelled(run)
        if spelled is None:
            continue
        digits, marked, groups = spelled
        if not 3 <= len(digits) <= _LONGEST or not groups or not schema.has_id(int(digits)):
            continue  # "oh dear", "zero": words alone spell no id
        several = len(re.split(r"\s+|-", run)) > 1
        alone = any(g and len(g) <= _LONGEST and schema.has_id(int(g)) for g in groups)
        if not marked and not (several and len(digits) >= 5 and not alone):
            continue
        text = f"{text[: match.start()]}{int(digits)}{text[match.end() :]}"
    return text
