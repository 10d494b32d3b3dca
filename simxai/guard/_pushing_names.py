"""A name said to push the prediction in a clause of its own, beside features' contributions (claims-37).

"the lift (39.9 s) is almost the whole story at +0.557; the handler's pen work adds a little more" (g21), "Queen age
barely matters for this hive (+0.004); the mouse guard and brood add a couple of points each" (g23), "the low
debt-to-income (0.12) carries it, +0.159; the missed payment last year pulls back hardest" (g28), "about 0.31 towards
patchy, and the hard tap water did the rest" (g28). The list readers read a list's items, not the subject of a
clause after a semicolon, "while" or "and".

The subject is read when it opens with a determiner ("the", "a", its owner's "her") and is followed by a verb of
contribution; a subject made of words about the pushes ("the three negative pulls add up to 0.03",
`_feature_slots._META`) is none. It is invented when it names no feature or class and `_enumerated.names_nothing`
says its words are no paraphrase of one. Read only when the turn's outputs give contributions or a ranking of features.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._enumerated import _content, names_nothing
from simxai.guard._feature_slots import _META
from simxai.guard._reading import find_mentions

__all__ = ["pushing_name_claims"]

#: Words for the parts a prediction is split into ("the shares add up to the gap"), beside `_feature_slots._META`.
_SHARES = frozenset("share part portion piece bit slice remainder".split())

_PUSHES = re.compile(
    r"(?:^|[;:]\s*|,\s*(?:and\s+|while\s+|but\s+)?|\b(?:while|whereas|but|and)\s+)"
    r"(?P<np>(?:the|a|an|its|her|his|their|one)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}?)\s+"
    r"(?:(?:also|still|only|then)\s+)?"
    r"(?:adds?|takes?\s+off|pulls?\s+(?:back|away|it\s+down)|drags?\s+(?:it\s+)?down|did\s+the\s+rest|"
    r"does\s+the\s+rest|chips?\s+in|weighs?\s+in|counts?\s+against)\b",
    re.I,
)


def pushing_name_claims(
    sentence: str, features: Iterable[str], labels: Iterable[str], known: set[str]
) -> Iterator[tuple[str, bool]]:
    """Claims `feature X` (failing) for each name said to push in `sentence` that names no feature (`known`: the
    words a paraphrase of a feature may be made of, lower case).
    """
    names = [*features, *labels]
    for m in _PUSHES.finditer(sentence):
        for np in re.split(r"\s+(?:and|or)\s+", m.group("np")):
            if not np.strip() or find_mentions(np, names):
                continue
            words = {w.lower().rstrip("s") for w in np.split()}
            if words & {"that", "which", "who", "whose"}:
                continue  # "the four that pull back": a relative clause about names said elsewhere (gfa37)
            if words & (_META | _SHARES):
                continue  # "the three negative pulls add up to only 0.03", "the shares add up": the pushes, no name
            if names_nothing(np, known):
                yield f"feature {' '.join(_content(np))}", False
