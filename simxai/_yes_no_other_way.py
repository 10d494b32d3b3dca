"""A True/False column said by its other way, as the host's own description names it: "hand-sewn" or "sewn by hand"
for a column `machine_sewn` described as "whether the seam was sewn by machine (True) or by hand (False)".

A yes/no column is often named by one way only (`machine_sewn`, `gas_heated`), and people say the other way by its
own word ("hand-sewn", "wood heated") rather than "not machine sewn". Every reader takes the name's words for the
column's "yes" (`extract_changes` read "hand sewn" as `machine_sewn = True`, the opposite). When the column's
description says what each value means, "... X (True) or Y (False)", the content words of Y (here "hand") are the
"no" way. `other_way_denied` rewrites the "no" way said with a word of the column's name, before it ("hand-sewn",
"hand sewn") or after it with the description's words ("sewn by hand"), as "not" and the column's name ("not machine
sewn"), which every reader already takes as the column's "no" (as `normalize` does for "uninsured"). A "no" word said
alone ("by hand") is left: without the column's word it may be about anything.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema
from simxai.hosts.schema_words import holds_true_false
from simxai.turn_memo import per_host

__all__ = ["other_way_denied"]

# "whether the seam was sewn by machine (True) or by hand (False)": the words before "(False)", after "or"
_FALSE_WAY = re.compile(r"\(true\)\s*,?\s*or\s+(?P<way>[^()]{1,40}?)\s*\(false\)", re.IGNORECASE)
_FILLER = frozenset("a an the by on in at over under into via with of from to is was were it its not no".split())


def _words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z]+", text)]


@per_host
def _patterns(schema: HostSchema) -> tuple[tuple[re.Pattern[str], str], ...]:
    """For each yes/no column with a "no" way in its description: a pattern of that way said with the column's word,
    and the column's name as said ("machine sewn").
    """
    found = []
    for feature in schema.features:
        if not holds_true_false(feature):
            continue
        match = _FALSE_WAY.search(feature.description or "")
        if match is None:
            continue
        way = match.group("way")
        content = [w for w in _words(way) if w not in _FILLER]
        name_words = [w for w in _words(feature.name.replace("_", " ")) if w not in _FILLER]
        if not content or len(name_words) < 2 or set(content) & set(name_words):
            continue  # a one-word name ("insured") is denied by "un" in `normalize`; a "no" way sharing its words
        other = r"\s+".join(map(re.escape, content))
        said = "|".join(re.escape(w) for w in name_words)
        way_words = r"\s+".join(map(re.escape, _words(way)))
        pattern = re.compile(
            rf"(?<![\w-])(?:{other})[\s-]+(?:{said})\b|(?<![\w-])(?:{said})\s+{way_words}\b", re.IGNORECASE
        )
        found.append((pattern, "not " + " ".join(name_words)))
    return tuple(found)


def other_way_denied(text: str, schema: HostSchema) -> str:
    """`text` with a yes/no column's "no" way, said with one of the column's words, as "not" and its name."""
    for pattern, denied in _patterns(schema):
        text = pattern.sub(denied, text)
    return text
