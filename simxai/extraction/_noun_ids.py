"""The host's instance noun said before an id ("booking 5110", "bookings #12 and 14"): the instance, no feature.

A host whose rows are bookings may have a feature named `Bookings` (a customer's earlier bookings). "what does the
model predict for booking 5110?" names booking 5110, not that feature; read as the feature, the prediction listed
its value as asked for, and "what if booking 5110 rented for 6 days?" offered to set `Bookings` to 6. The noun
(singular or plural, any case) right before a number, "#" or "no." and a number, is kept from the feature
readings; the same word anywhere else ("how many bookings did the customer have") still names the feature.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema, plural

__all__ = ["noun_id_spans"]


def noun_id_spans(text: str, schema: HostSchema) -> list[tuple[int, int]]:
    """(start, end) of each instance noun of the host said right before an id (module doc)."""
    noun = (schema.instance_noun or "").strip().lower()
    if not noun or not any(noun in f.name.lower() or noun in " ".join(f.aliases).lower() for f in schema.features):
        return []
    forms = "|".join(re.escape(w) for w in sorted({noun, plural(noun)}, key=len, reverse=True))
    said = re.compile(rf"(?<![\w-])(?:{forms})(?=\s*(?:#|no\.|number)?\s*\d)", re.IGNORECASE)
    return [match.span() for match in said.finditer(text)]
