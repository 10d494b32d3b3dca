"""Which features a step "longer" / "shorter" may change besides a span of time: those that measure a length.

`simxai.followup.step_feature` reads "twice as long", "a bit longer" or "10 longer" as a step of a span of time,
and moves it off a feature in focus that counts no time ("storage_temp") to the host's one span of time. After a
what-if of `Ski Len (cm)`, "and 10 longer?" changed the rental days instead: a length in focus keeps the step.
"""

from __future__ import annotations

import re

from simxai.hosts.base import FeatureSchema
from simxai.hosts.name_words import name_unit_of, spaced_name

__all__ = ["measures_length"]

# Units of length a feature's name may end in, and words of its name that say a length
_LENGTH_UNITS = frozenset({"mm", "cm", "m", "km", "in", "ft", "yd", "mi", "inch", "inches", "feet", "metres", "meters"})
_LENGTH_WORDS = re.compile(r"(?<![a-z])(?:len|length|long|height|ht|depth|distance|dist)(?![a-z])", re.IGNORECASE)


def measures_length(feature: FeatureSchema) -> bool:
    """Whether a numeric feature measures a length or a distance: its name ends in a unit of length ("Ski Len
    (cm)", "depth_m") or says one ("BoardLength", "wall height"); "longer" then says more of it.
    """
    if feature.type != "numeric":
        return False
    unit = name_unit_of(feature.name)
    # the name's words as `name_words` splits them, acronyms whole ("LenMM": len, mm; "NumPRs": num, prs)
    return (unit is not None and unit in _LENGTH_UNITS) or _LENGTH_WORDS.search(spaced_name(feature.name)) is not None
