"""A feature said by the word that leads its names (claims-26): "cambium 87.2 → 61.6 %" for `cambium_match_pct`
(aliases "cambium match", "cambium contact"), "storage = 10 d" for `days_cold_stored` (alias "storage days").

A word of seven letters or more that leads a feature's name of several words or one of its aliases, and appears in
no other feature's name or alias, names that feature alone; it is read as an alias. Not a common word (a number, a
total), not the instance noun or a word of its family ("tenancy" on a host of tenants), not a class's name. The names
come from the host's schema, nothing of its domain.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from simxai.guard._causes import _COMMON

__all__ = ["lead_words"]


def lead_words(
    features: Sequence[str], aliases: Mapping[str, Sequence[str]], labels: Sequence[str], noun: str, taken: set[str]
) -> dict[str, str]:
    """For each feature whose names lead with a word no other feature uses, that word (when not `taken`); `noun` is
    the host's instance noun.
    """
    spelled = {name: [name, *aliases.get(name, [])] for name in features}
    words = {name: [re.split(r"[_\W]+", s.lower()) for s in names] for name, names in spelled.items()}
    used = Counter(w for name in words for w in {w for parts in words[name] for w in parts if w})
    banned = {noun.lower(), *(x.lower() for x in labels), *_COMMON}
    out: dict[str, str] = {}
    for name, names in words.items():
        leads = {parts[0] for parts in names if len(parts) > 1 and parts[0]}
        for lead in sorted(leads):
            kin = lead[:5] == noun.lower()[:5]  # "tenancy 37024" on a host of tenants
            if len(lead) >= 7 and lead.isalpha() and used[lead] == 1 and lead not in banned | taken and not kin:
                out[name] = lead
                break
    return out
