"""A feature asked of the group just discussed: "their page count?", "their ages - the spread?", "how many pages do
they have on average?" after a group.

After a call about a group (its data, its scores, its predictions), a turn that names one feature and only says
"their" of it asks that feature's values among the group's members: the data's description of the feature within the
group. The selector, which reads the turn alone, splits such a turn between the data and a what-if of the feature
(a feature and nothing else is how a what-if's change starts) and asks; the dialogue settles it. "their" is the
group's: after a call about one instance (or no call about a group) the turn is left as it is, and so is a turn that
says anything besides the feature and words of its values ("stats", "spread"), or names two features.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import FEATURE_FILLER
from simxai.extraction import extract_feature
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words
from simxai.messages import Message

__all__ = ["group_feature_decision"]

_THEIR = re.compile(r"^\W*(?:(?:and|ok(?:ay)?|so|now|then|what\s+about|how\s+about)\W+)*their\b", re.IGNORECASE)
# ... or "they" as the subject that has the feature: "and how many seasons do they have on average?"
_THEY_HAVE = re.compile(r"\b(?:do|did|does)\s+they\s+(?:have|get|carry)\b|\bthey\s+(?:have|had|get|got)\b", re.I)
# Words a feature's values within the group go by, besides FEATURE_FILLER's.
_VALUES = frozenset(
    "their stats statistics spread distribution range average mean median typical breakdown summary like look "
    "looks anyway btw they have had get got carry did many much on usually typically normally".split()
)
_CONDITION = re.compile(r"[<>=]")


def _terms(name: str, aliases: Sequence[str]) -> set[str]:
    """The words of a feature's name and aliases ("StringCount" -> string, count; "page count" -> page, count;
    "NumPRs" -> num, prs: `name_words`, acronyms whole).
    """
    words = {w for w in name_words(name) if w.isalpha()}
    for alias in aliases:
        words.update(re.findall(r"[a-z]+", alias.lower()))
    return {w for w in words if len(w) > 1}


def _group_of_last_call(history: Sequence[Message]) -> str | None:
    """The group the dialogue's last call was about (its group, or a condition given as its instance), or None."""
    call = last_call(history)
    if call is None:
        return None
    for key in ("group", "instance"):
        value = call.arguments.get(key)
        if isinstance(value, str) and value.strip().lower() != "all" and _CONDITION.search(value):
            return value
    return None


def group_feature_decision(
    text: str, history: Sequence[Message], schema: HostSchema | None, names: set[str]
) -> Decision | None:
    """The data's description of one feature within the group of the last call, for "their <feature>?" (module
    doc), or None.
    """
    said_of_them = _THEIR.match(text) is not None or _THEY_HAVE.search(text) is not None
    if schema is None or schema.kind != "tabular" or "get_data_information" not in names or not said_of_them:
        return None
    if re.search(r"\d", text):
        return None  # "their broken spokes 0?": a value, a change of a what-if
    group = _group_of_last_call(history)
    feature = extract_feature(text, schema) if group is not None else None
    found = schema.feature(feature) if feature is not None else None
    if group is None or found is None:
        return None
    terms = _terms(found.name, found.aliases)
    for word in re.findall(r"[a-z']+", text.lower()):
        if word in terms or word.rstrip("s") in terms or (word.endswith("ies") and word[:-3] + "y" in terms):
            continue
        if word not in FEATURE_FILLER and word not in _VALUES:
            return None  # "their chance of drifting?", "their odds under 20h": more than the feature
    return Decision("get_data_information", 1.0, True, arguments={"feature": found.name, "group": group})
