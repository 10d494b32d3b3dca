"""The class a global explanation is of, said with "for", "explaining" or "the X verdict" (claims-40).

A global explanation ranks the features for one class (its `label`); a reply that gives the ranking for another
class swaps the explained label. `_slots.explained_label_claims` reads "explains the label X", "(label X)" and
"explained label: X"; the DEV writers say it otherwise: "global ranking for stable" (g29), "the global picture for
stable" (g30), "global is for tunnels" (g27), "for the positive label the most telling word" (g29), "across 60
reviews, for negative, 'love' is the MVP" (g30), "for the revoice verdict" (g30), "which features matter most for
approval?" (g30), "Explaining approval over 200 samples" (g28), "what drives the retire verdict" (g29) and
"Globally (label stable, 200 samples)" (g28).

Read only on a turn whose outputs are global explanations alone, of exactly one class, with no prediction, local
explanation or what-if (there "for X" may name a probability's or a change's class). A class after a word of
direction or of evidence ("pushes towards the stable class", "argues for approval", "counts for stable") or after
a negation ("not for stable", "rather than for stable") or a comparison ("as they do for stable", "the same as for
stable"; since claims-56 a contrast, "unlike for stable") is not the explained class. A question is read: its premise
names the class the answer ranks for ("which features matter most for approval? A. Credit score, ...").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts

__all__ = ["global_label_claims"]

#: The word after a class that makes it a class's name: "the revoice verdict", "the positive label".
_NOUN = r"(?:label|class|verdict|category|grade|outcome)"
#: Words before "for X" / "the X verdict" that say a direction or evidence, not the class explained.
_DIRECTION = re.compile(
    r"\b(?:push\w*|pull\w*|toward\w*|to|into|away|from|against|argu\w*|evidence|counts?|votes?|lean\w*|speaks?|"
    r"points?|tips?|tilts?|case|chances?|odds|probabilit\w*|score|not|n't|never|rather|than|instead|of)\s*$",
    re.I,
)
#: Words before "for X" that set X beside the class explained, not as it: "lead for intact, as they do for missing",
#: "the same as for failure", "just like for stable" (claims-49; "As for missing, ..." names the class explained).
_COMPARED = re.compile(
    r"\b(?:(?:same|just|much|exactly)\s+as|as\s+(?:it|they|he|she|we|you|one)\s+(?:do|does|did|are|is|were|was)|"
    # claims-56 (gfa49): a contrast, "Unlike for A, where ..., for B the age matters more", "as opposed to for A"
    r"(?:just\s+)?like|unlike|in\s+contrast\s+(?:to|with)|as\s+opposed\s+to|compared\s+(?:with|to))\s*$",
    re.I,
)


def _forms(labels: Sequence[str], forms: Mapping[str, str]) -> dict[str, str]:
    """Each spelling of a class (its name, its name with spaces, its noun forms), lower case, to the class."""
    spelled = {label.lower(): label for label in labels}
    spelled |= {label.lower().replace("_", " "): label for label in labels}
    spelled |= {form.lower(): label for form, label in forms.items() if label in labels}
    return spelled


def _patterns(spellings: Sequence[str]) -> list[re.Pattern[str]]:
    x = "|".join(re.escape(s) for s in sorted(spellings, key=len, reverse=True))
    return [
        re.compile(rf"\bfor\s+(?:the\s+)?(?:{_NOUN}\s+)?(?P<x>{x})(?![\w-])", re.I),
        re.compile(rf"\bexplain(?:s|ing|ed)?\s+(?:the\s+)?(?P<x>{x})(?![\w-])", re.I),
        re.compile(rf"\bthe\s+(?P<x>{x})\s+{_NOUN}\b", re.I),
        re.compile(rf"\(\s*(?:{_NOUN})\s*:?\s*(?P<x>{x})\s*[,;]", re.I),
    ]


def _global_only(facts: Facts) -> bool:
    """Whether the turn's outputs are global explanations of one class, with nothing a class could be else of."""
    return (
        bool(facts.global_ranking)
        and not facts.local_ranking
        and not facts.predicted
        and not facts.hypothetical
        and len(facts.explained) == 1
    )


def global_label_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for each class the sentence says a global explanation ranks for, against its `label`."""
    if not _global_only(facts):
        return
    spelled = _forms(labels, forms)
    if not spelled:
        return
    seen: set[int] = set()
    for pattern in _patterns(list(spelled)):
        for m in pattern.finditer(sentence):
            ahead = sentence[max(0, m.start() - 30) : m.start()]
            if m.start("x") in seen or _DIRECTION.search(ahead) or _COMPARED.search(ahead):
                continue
            seen.add(m.start("x"))
            label = spelled[m.group("x").lower()]
            yield f"explained label {label}", label in facts.explained
