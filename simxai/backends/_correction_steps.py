"""A corrected step said with its unit and direction: "nah make that five kilo heavier" after a what-if of two kilo.

`_dialogue_repair.correction` reads a number that takes back the last turn's ("no, make that 5"). A correction of a
relative change often repeats the unit and the direction as the what-if said them ("5 kilo heavier", "15 cm less",
"3 degrees hotter"): the unit names no feature and is dropped (`unit_free`), and the direction gives the corrected
step its sign (`signed`); a direction said of a value set outright ("30" after "bmi were 28") makes no reading, so the
turn is read as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from simxai._directions import CORRECTION_DOWN, CORRECTION_UP

__all__ = ["DIRECTION", "held_amounts", "signed", "unit_free"]

_DOWN, _UP = CORRECTION_DOWN, CORRECTION_UP
#: A direction word after a correction's number
DIRECTION = rf"(?:{_DOWN}|{_UP})\b"
# Units a corrected step may be said in (they name no feature of their own here)
_UNITS = frozenset(
    "kilo kilos kg kgs kilogram kilograms gram grams g metre metres meter meters m cm mm km kms mile miles degree "
    "degrees percent % year years yr yrs month months week weeks day days hour hours minute minutes point points "
    "pound pounds lb lbs litre litres liter liters min mins hr hrs sec secs second seconds inch inches".split()
)
# A scale said with a corrected amount ("no, 40 thousand less" after "30 thousand less"): the last turn's step was
# read from the number said before its scale word, so the corrected number replaces it in the same scale.
_SCALE_WORDS = frozenset("thousand thousands k grand lakh lakhs million millions".split())


def unit_free(word: str | None) -> str:
    """The word said after a correction's number, lower case; "" for none or a unit ("5 kilo heavier")."""
    said = (word or "").lower()
    return "" if said in _UNITS or said in _SCALE_WORDS else said


def signed(reading: int | float | str | None, direction: str | None) -> int | float | str | None:
    """A corrected change with the sign its direction word gives; None for a value set outright with a direction."""
    if reading is None or not direction:
        return reading
    if not isinstance(reading, str) or reading[:1] not in ("+", "-"):
        return None
    sign = "-" if re.fullmatch(_DOWN, direction.lower()) else "+"
    return sign + reading[1:]


def held_amounts(changes: Any) -> set[float]:
    """The amounts a what-if's changes hold: each value set outright (30) and each step's size ("+2", "-10%": 2, 10).

    A correction may take back any of them ("I said 30, I meant 40"), also one said before the last turn.
    """
    amounts: set[float] = set()
    for value in changes.values() if isinstance(changes, Mapping) else ():
        if isinstance(value, bool):
            continue
        if isinstance(value, int | float):
            amounts.add(float(value))
        elif (step := re.fullmatch(r"\s*[+-](\d+(?:\.\d+)?)%?\s*", str(value))) is not None:
            amounts.add(float(step.group(1)))
    return amounts
