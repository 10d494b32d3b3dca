"""The host's features whose values are percents (claims-36, gfa29).

A feature is in percent when its name ends in `_pct` / `_percent` (`humidity_pct`, the reading of claims-13o) or,
whatever its name, when the schema's description of it says its unit is percent: "fragrance oil as a share of the
wax weight, in percent" (FragranceLoad), "in % of capacity", "percent by weight". A number such a reply says in
percent ("scent 10.1 %", "fragrance 11.3 → 8.8 %") may then be that feature's value rather than a class's
probability (`_derived._rebound` checks it against the feature's numbers in the outputs, as for `*_pct`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

__all__ = ["percent_features"]

#: A description that gives percent as the unit: "..., in percent", "in % of capacity", "percent by weight",
#: "as a percentage of". Not a description that merely names a share without its unit.
_IN_PERCENT = re.compile(
    r"\bin\s+(?:percent|per\s+cent|%)(?![a-z])|\bpercent(?:age)?\s+(?:by|of)\b|\bas\s+a\s+percentage\b|\(\s*%\s*\)",
    re.I,
)


def percent_features(features: Sequence[str], descriptions: Mapping[str, str]) -> list[str]:
    """The features in percent, by their name's suffix or by their description's unit, in the schema's order.

    Args:
        features: the host's feature names.
        descriptions: each feature's description in the schema (a feature may have none).
    """
    found = []
    for name in features:
        low = name.lower()
        if low.endswith(("_pct", "_percent")) or _IN_PERCENT.search(descriptions.get(name, "")):
            found.append(name)
    return found
