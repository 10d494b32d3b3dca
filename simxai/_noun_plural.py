"""A host noun's irregular plural read as its regular form ("children" -> "childs" on a host of children).

The readings of a request (the router's masking, its group and record readings, the extraction's conditions)
know the host's noun by the regular rules only: the noun, the noun plus "s" and `regular_plural` ("batches").
A host whose noun has an irregular plural (`plural`: "child" -> "children", "loaf" -> "loaves", "goose" ->
"geese") is asked about in that plural, which no reading took for the noun: "how accurate is it on children with
goggles?" was scored on a group 'children'. `regular_noun_plural` writes the irregular plural as the regular form
before anything reads the turn, so that every reading meets the one form it knows; replies still say `plural`.

The plural stays as written when the host uses the word itself (a feature, an alias, a category or a label named
"children") and when it is one the readings already take for the rows ("people", "data").
"""

from __future__ import annotations

import functools
import re

from simxai.hosts.base import HostSchema, plural, regular_plural
from simxai.hosts.schema_words import host_words

__all__ = ["regular_noun_plural"]

# Plurals that the readings take for the rows of any host ("all the people", "the data"): never rewritten.
_READ_ALREADY = frozenset({"people", "data"})


@functools.lru_cache(maxsize=64)
def _pattern(irregular: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(irregular)}\b", re.IGNORECASE)


def regular_noun_plural(text: str, schema: HostSchema | None) -> str:
    """`text` with the host noun's irregular plural written by the regular rules ("geese" -> "gooses").

    A noun of two words is rewritten in its last word too, as it is also said alone ("seed leaves", "leaves").
    """
    if schema is None or not schema.instance_noun:
        return text
    last = schema.instance_noun.strip().lower().rsplit(" ", 1)[-1]
    irregular, regular = plural(last), regular_plural(last)
    if irregular in (regular, last) or irregular in _READ_ALREADY or irregular in host_words(schema):
        return text
    if irregular not in text.lower():  # the common case, without a regular expression
        return text
    return _pattern(irregular).sub(lambda m: regular.capitalize() if m.group()[:1].isupper() else regular, text)
