"""A rate of a recorded outcome in a group, or a count of a group's rows: a question about the data of that group.

"what's the approval rate for renters?" asks how often the outcome recorded in the data comes with the group, and
"how many trips had waves over 3 metres?" how many rows the group holds: both are `get_data_information` over the
group, which counts the labels recorded in it. The selector reads the first as a metric ("rate") or the model's
predictions over the group, and is unsure of the second between the data and the predictions. A turn that speaks of
the model ("does it approve", "is it predicting", "end up with", "flagged") asks for the predictions and is left to
the other readings, as is one that names a metric or an id, or a group by the model's prediction.
"""

from __future__ import annotations

import re

from simxai._irregular_verbs import irregular_past
from simxai.extraction import extract_argument, extract_ids, extract_label, extract_metric
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_unit_of, unit_words

__all__ = ["recorded_in_group"]

# how often, as a rate or a count: "the approval rate", "what share", "what percentage", "how many"
_RATE = re.compile(
    r"\b(?:rates?|share|proportion|percentage|percent|fraction|ratio|how\s+many|how\s+often)\b|%", re.IGNORECASE
)
_COUNT = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
# an outcome said as recorded: a rate of it, or a past form ("were approved", "got rejected", "actually"; an
# irregular past of any verb, "won a ribbon", is read with `irregular_past`)
_RECORDED = re.compile(
    r"\b(?:rates?|share|proportion|percentage|percent|fraction|ratio|were|was|got|had\s+been|actually|recorded)\b|%",
    re.IGNORECASE,
)
# the words a count of a group's rows is said with besides the group and the host's noun
_COUNT_WORDS = frozenset(
    "how many of the a an there are were is was had have has with in data dataset set total altogether all those "
    "them do does did we you i know see any exactly roughly about our records rows cases entries over under above "
    "below more less fewer than between and at least most greater higher lower bigger smaller or".split()
)
# the model or its doing: then the predictions are counted, not the records
_MODEL = re.compile(
    r"\b(?:model|models|classifier|it|its|they|predict\w*|forecast\w*|flag\w*|expect\w*|reckon\w*|think\w*|says?|"
    r"said|classif\w*|judg\w*|guess\w*|marks?|marked|puts?|putting|calls?|called|labels?\s+as|would|will|end\s+up|"
    r"ends\s+up|come\s+out|comes\s+out|likely|chances?|risk|probabilit\w*|why|if|wrong|right|correct\w*|error\w*|"
    r"mistak\w*|accura\w*|miss\w*|features?|explain\w*)\b",
    re.IGNORECASE,
)


def recorded_in_group(text: str, schema: HostSchema | None) -> str | None:
    """The group whose recorded outcomes or rows `text` counts ("the approval rate for renters"), or None."""
    if schema is None or schema.kind != "tabular" or not _RATE.search(text) or _MODEL.search(text):
        return None
    if extract_metric(text) is not None or extract_ids(text, schema):
        return None
    group = extract_argument("group", text, schema)
    if not isinstance(group, str) or group == "all" or re.search(r"\b(?:prediction|label)\s*=", group):
        return None
    if extract_label(text, schema) is not None:
        # "the approval rate for renters", "how many renters were approved"; "how many renters get approved" may
        # count the model's calls as well as the records: left to the selector
        # an irregular past says the outcome happened as well ("how many terrier dogs won a rosette")
        # ("how many burnt loaves" of a class `burnt` names the class, no past)
        classes = {w for name in schema.class_names for w in re.findall(r"[a-z]+", str(name).lower())}
        past = any(irregular_past(w) and w not in classes for w in re.findall(r"[a-z]+", text.lower()))
        return group if _RECORDED.search(text) or past else None
    if not _COUNT.search(text):
        return None
    # "how many trips had waves over 3 metres": the group is all that is counted ("how many of the over-60s get
    # charged extra" counts an outcome of theirs, which the data or the model may give: left to the selector)
    named = [f for f in schema.features if re.search(rf"\b{re.escape(f.name)}\b", group)]
    parts = {p.lower() for f in named for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", f.name) if len(p) >= 3}
    units = {w for f in named if (u := name_unit_of(f.name)) is not None for w in unit_words(u)}
    noun = (schema.instance_noun or "").lower()

    def counted(word: str) -> bool:
        lower = word.lower()
        return (
            lower in _COUNT_WORDS
            or lower in units
            or lower in (noun, noun + "s")
            or any(lower.startswith(p) or p.startswith(lower) for p in parts if len(lower) >= 3)
        )

    words = re.findall(r"[A-Za-z']+", re.sub(r"\d+(?:\.\d+)?", " ", text))
    return group if all(counted(w) for w in words) else None
