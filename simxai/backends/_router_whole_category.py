"""A category of several words said whole, with no word that leads a group: the group a data or metric question means.

"typical mite count at the old orchard", "average mites roof garden", "how accurately does it rate the north
meadow?": the group readings want a word that leads a group ("for", "in", "on", "of the", "among"), and without one
the question was answered for every row. A value of two or more words said in full names its rows as plainly as a
condition does (no other feature's value is spelled that way), so a data or metric question that names no instance
takes it as its group. One-word values stay with the readings that know their context ("the gold ones", "if she
were gold").
"""

from __future__ import annotations

import re

from simxai.extraction import extract_ids
from simxai.hosts.base import HostSchema

__all__ = ["whole_category"]


def whole_category(text: str, schema: HostSchema | None, feature: object = None) -> str | None:
    """The condition `name = value` for the one category of two or more words `text` says in full, or None: on a text
    host, with an id named, with two such categories, or when that category's feature is the one asked about
    (`feature`: "the spread of apiary across the north meadow" describes the feature itself).
    """
    if schema is None or schema.kind != "tabular" or extract_ids(text, schema):
        return None
    said = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    found = [
        (f.name, value)
        for f in schema.features
        for value in f.categories or []
        if len(value.split()) >= 2 and re.search(rf"\b{re.escape(' '.join(value.lower().split()))}\b", said)
    ]
    if len(found) != 1 or found[0][0] == feature:
        return None
    name, value = found[0]
    return f"{name} = {value}"
