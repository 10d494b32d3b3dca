"""The opposite of a True/False feature's name read as its "no": "dry" -> "not wet" for a feature `wet`.

A yes/no feature named by an adjective (`wet`, `open`, `indoor`, `busy`) is said by its name for True ("what if the
rails were wet?") and often by the opposite adjective for False: "what if run 4005 were dry?" named no feature
and was asked back ("What should change?"). `yes_no_antonyms` writes the opposite as "not" and the name, which
every reading already takes for the feature's False (as `normalize` does for "uninsured").

Only a one-word name or alias of a feature holding True/False (or yes/no) is read, only through a short table of
English adjective pairs, and never when the opposite word is a name the host has itself (a feature, an alias, a
category or a label: a host labelled "dry" keeps its label). Nothing here is a word of any one host.
"""

from __future__ import annotations

import functools
import re

from simxai.hosts.base import HostSchema
from simxai.hosts.schema_words import holds_true_false, host_words
from simxai.turn_memo import per_host

__all__ = ["yes_no_antonyms"]

# English adjective pairs, each way: a feature named by one is said False by the other.
_PAIRS = (
    ("wet", "dry"),
    ("open", "closed"),
    ("full", "empty"),
    ("hot", "cold"),
    ("clean", "dirty"),
    ("busy", "quiet"),
    ("alive", "dead"),
    ("indoor", "outdoor"),
    ("indoors", "outdoors"),
    ("online", "offline"),
    ("public", "private"),
    ("urban", "rural"),
    ("manual", "automatic"),
    ("sunny", "cloudy"),
    ("crowded", "empty"),
    ("loose", "tight"),
    ("ripe", "unripe"),
)
_OPPOSITES: dict[str, tuple[str, ...]] = {}
for _one, _other in _PAIRS:
    _OPPOSITES[_one] = (*_OPPOSITES.get(_one, ()), _other)
    _OPPOSITES[_other] = (*_OPPOSITES.get(_other, ()), _one)


@functools.lru_cache(maxsize=64)
def _pattern(pairs: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]] | None:
    if not pairs:
        return None
    table = dict(pairs)
    words = "|".join(sorted(map(re.escape, table), key=len, reverse=True))
    # "not dry" is the feature's True said twice over: left alone, as is a word joined to another ("dry-run")
    return re.compile(rf"(?<![\w'-])(?<!\bnot\s)({words})(?![\w'-])", re.IGNORECASE), table


@per_host
def _table(schema: HostSchema) -> tuple[tuple[str, str], ...]:
    """Each opposite of a yes/no feature's one-word name or alias, to that name, when only one feature has it."""
    own = host_words(schema)
    owners: dict[str, set[str]] = {}
    for feature in schema.features:
        if not holds_true_false(feature):
            continue
        for name in (feature.name, *feature.aliases):
            for opposite in _OPPOSITES.get(name.lower(), ()):
                if opposite not in own:
                    owners.setdefault(opposite, set()).add(name)
    return tuple(sorted((word, next(iter(names))) for word, names in owners.items() if len(names) == 1))


def yes_no_antonyms(text: str, schema: HostSchema | None) -> str:
    """`text` with the opposite of a yes/no feature's name written as "not" and the name ("dry" -> "not wet")."""
    if schema is None:
        return text
    found = _pattern(_table(schema))
    if found is None:
        return text
    pattern, table = found
    return pattern.sub(lambda m: f"not {table[m.group(1).lower()]}", text)
