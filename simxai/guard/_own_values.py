"""A feature's own category value right after its name, that is a word of another feature's name (claims-56, gfa49).

"3. purpose home: +0.047" on a host with the features `purpose` (a category, "home" today) and `home_ownership`:
"home" was read as a mention of home_ownership, and the number after it bound to that feature, not to purpose.
A word right after a feature's name (or alias), alone or after ":", "=" or "(", that is that feature's value in a
subject of the outputs is its value, not another name: it is blanked (same length, so offsets hold) when it is a
word of another feature's name or alias, and left otherwise (then no other reading could take it for a feature).

A value the outputs do not give the feature ("purpose car" when it is home) is left as written, so what was read
of it before is read still.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["blank_own_values"]


def _own_values(outputs: Sequence[Any]) -> dict[str, set[str]]:
    """Each feature (lower case) -> the words its subjects hold in the outputs (category values, lower case)."""
    found: dict[str, set[str]] = {}
    for output in outputs:
        subject = output.get("subject") if isinstance(output, Mapping) else None
        values = subject.get("values") if isinstance(subject, Mapping) else None
        if not isinstance(values, Mapping):
            continue
        for name, value in values.items():
            if isinstance(value, str) and re.fullmatch(r"[A-Za-z][\w-]*", value):
                found.setdefault(str(name).lower(), set()).add(value.lower())
    return found


def blank_own_values(
    text: str, features: Sequence[str], aliases: Mapping[str, Sequence[str]], outputs: Sequence[Any]
) -> str:
    """`text` with each feature's own category value after its name blanked where it is a word of another
    feature's name or alias.
    """
    values = _own_values(outputs)
    if not values:
        return text
    spellings = {f.lower(): f.lower() for f in features}
    spellings |= {a.lower(): f.lower() for f, said in aliases.items() for a in said if len(a) >= 3}
    words: dict[str, set[str]] = {}
    for spelled, feature in spellings.items():
        for word in re.findall(r"[a-z]+", spelled):
            words.setdefault(word, set()).add(feature)
    out = text
    for spelled, feature in sorted(spellings.items(), key=lambda s: -len(s[0])):
        own = values.get(feature, set())
        if not own:
            continue
        pattern = rf"(?<![\w-]){re.escape(spelled)}\s*(?:[:=(]\s*)?(?P<v>[A-Za-z][\w-]*)(?![\w-])"
        for m in re.finditer(pattern, out, re.I):
            value = m.group("v").lower()
            if value in own and words.get(value, set()) - {feature}:
                out = out[: m.start("v")] + " " * len(m.group("v")) + out[m.end("v") :]
    return out
