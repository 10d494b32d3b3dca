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

from simxai.extraction import extract_argument, extract_ids, extract_metric
from simxai.extraction._class_names import class_mentions
from simxai.extraction._polarity import label_mentions
from simxai.hosts.base import HostSchema

__all__ = ["recorded_in_group"]

# how often, as a rate or a count: "the approval rate", "what share", "what percentage", "how many"
_RATE = re.compile(
    r"\b(?:rates?|share|proportion|percentage|percent|fraction|ratio|how\s+many|how\s+often)\b|%", re.IGNORECASE
)
_COUNT = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
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
    if label_mentions(text, schema, class_mentions(text, schema)):
        return group  # "the approval rate for renters", "how many renters were approved"
    return group if _COUNT.search(text) else None  # "how many trips had waves over 3 metres"
