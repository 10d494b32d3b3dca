"""Ids written with a letter or two of the instance noun glued before them, as on a form or a docket: "V137105"
for visit 137105, "T-4410" for trek 4410, "#R21" for review 21, "ID137105".

The letters must begin the host's instance noun (or its head word), and the digits must be an id of the host; the
id is then written out after the noun ("visit 137105"), so every reader of a named id finds it. Anything else
glued to digits ("km15", "B12" where no noun starts with b, "v2" where 2 is no id) is left as it was.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _noun_head
from simxai.hosts.base import HostSchema

__all__ = ["rejoin_lettered_ids"]

_GLUED = re.compile(r"(?<![\w.])#?(?P<letters>[A-Za-z]{1,3})[-#.]?(?P<digits>\d{2,})(?![\w%]|[.,]\d)")


def rejoin_lettered_ids(text: str, schema: HostSchema | None) -> str:
    """`text` with each id written after a letter or two of the instance noun set apart ("V137105: verdict?" ->
    "visit 137105: verdict?").
    """
    if schema is None or schema.id_range is None or not schema.instance_noun:
        return text
    noun = schema.instance_noun.lower()
    heads = {noun, (_noun_head(schema.instance_noun) or noun).lower()}

    def written(match: re.Match[str]) -> str:
        letters = match.group("letters").lower()
        digits = match.group("digits")
        noun_letters = any(head.startswith(letters) for head in heads) or letters == "id"
        if not noun_letters or not schema.has_id(int(digits)):
            return match.group(0)
        return f"{noun} {int(digits)}"

    return _GLUED.sub(written, text)
