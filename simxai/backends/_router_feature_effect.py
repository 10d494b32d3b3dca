"""A question about how a feature bears on the model's output in general: its global explanation.

"how does origin affect the prediction?", "how do income and age influence the outcome?", "what effect does
the region have on the model's decisions?" name a feature and the model's output, and no instance or group
whose output it is: the answer is how much the model weighs that feature over the data (the global
explanation), not one instance's reasons nor what keeps one instance's outcome. A subject said in any way ("its
prediction", "for batch 12", "for those over 60", "her outcome") leaves the turn to the other readers.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from simxai.backends._router_decision import Decision
from simxai.extraction import extract_group, extract_ids
from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import HostSchema

_VERB = r"(?:affect|influence|impact|shape|drive|sway|change)"
_OUTPUT = (
    r"(?:the\s+)?(?:model'?s\s+|classifier'?s\s+)?(?:predictions?|outcomes?|outputs?|results?|decisions?|"
    r"classifications?|model|classifier)"
)
_END = r"\s*(?:overall|in\s+general|generally|on\s+the\s+whole|across\s+the\s+data)?\s*[?.!]*\s*$"
# "how does X affect the prediction?", "how much do X and Y influence the outcome?"
_HOW = re.compile(
    rf"^\W*(?:and\s+|so\s+)?how\s+(?:much\s+|strongly\s+)?(?:does|do|did|would|will|can)\s+(?P<said>.+?)\s+"
    rf"{_VERB}\s+{_OUTPUT}{_END}",
    re.IGNORECASE,
)
# "what effect does X have on the prediction?", "what is the impact of X on the outcome?"
_WHAT = re.compile(
    rf"^\W*(?:and\s+|so\s+)?what\s+(?:(?:kind\s+of\s+)?(?:effect|impact|influence|role)\s+(?:does|do)\s+"
    rf"(?P<said>.+?)\s+(?:have|play)|(?:is|'s)\s+the\s+(?:effect|impact|influence|role)\s+of\s+(?P<said2>.+?))"
    rf"\s+(?:on|in)\s+{_OUTPUT}{_END}",
    re.IGNORECASE,
)
# With no output named (neg47): "what does raised_bed do?", "how does compost matter?", "what's the effect of
# compost?"; the features alone, then only the end of the question, so a value or a subject leaves the turn alone.
_BARE = re.compile(
    rf"^\W*(?:and\s+|so\s+)?(?:what\s+(?:does|do)\s+(?P<said>.+?)\s+do|how\s+(?:much\s+)?(?:does|do)\s+"
    rf"(?P<said3>.+?)\s+matter|what\s*(?:is|'s)\s+the\s+(?:effect|impact|influence|role)\s+of\s+(?P<said2>.+?)){_END}",
    re.IGNORECASE,
)
# what may stand between the features named: "the", "and", commas
_BETWEEN = re.compile(r"^(?:\s|,|\band\b|\bthe\b|\bor\b)*$", re.IGNORECASE)


def effect_decision(
    decision: Decision, text: str, schema: HostSchema | None, names: Collection[str]
) -> Decision | None:
    """The global explanation for a question about how named features bear on the model's output in general,
    with no instance or group as its subject; None for any other turn.
    """
    if schema is None or schema.kind != "tabular" or "get_global_explanation" not in names:
        return None
    match = _HOW.match(text) or _WHAT.match(text) or _BARE.match(text)
    if match is None or extract_ids(text, schema):
        return None
    group = extract_group(text, schema)
    if isinstance(group, str) and group != "all":
        return None  # "how does origin affect the outcome for batches over 14 minutes?": of that group
    key = next(k for k, v in match.groupdict().items() if v is not None)
    start, end = match.span(key)
    mentions = [m for m in feature_mentions(text, schema) if start <= m.start and m.end <= end]
    if not mentions:
        return None  # "how does it affect ...", "how does her age affect ...": a subject, or no feature
    # the features and nothing else: "how does her origin affect ..." has a subject
    edges = [start, *(p for m in mentions for p in (m.start, m.end)), end]
    if not all(_BETWEEN.match(text[a:b]) for a, b in zip(edges[::2], edges[1::2], strict=True)):
        return None
    return Decision("get_global_explanation", decision.confidence, True)
