"""A decision said in another verb of the same decision (claims-47, helper gfa40).

A host whose classes are a decision's two sides ("approved" / "rejected", "accepted" / "denied") is written about
in the other verbs English has for them: "likely declined, about 78 %", "File 171: decline, roughly five to one on",
"model: decline (0.52); grant 0.48", "A no for 210", "42 is a yes from the model", "it gets turned down". Read as the
words they are, none names a class, so a swapped verdict passed, and a class's share was bound to the class named
nearby. The verbs are English's, not a host's: a grant (approve, accept, grant, admit) or a refusal (reject,
decline, deny, refuse, turn down).

Read only on a host with exactly one class that is a grant's participle and one that is a refusal's (a host whose
classes are other words is left as it is), and only where a word is a verdict: a participle after a copula, "get",
a word of likelihood, a colon or a dash, or first in its sentence; the base verb alone in a key's place ("model:
decline (0.52)", "; grant 0.48"); a side's noun before a share, a bracket or "is" ("a decline is about 22 %"); "a
yes" and "a no" (with a word of degree: "a narrow no"). Each stands before a
share, a bracket, a comma or the clause's end, not before an object ("declined to comment", "a decline in income").
A participle of a verb that is also a move ("approval declined to 40 %") is not read after a noun. The class's own
words are left as they are.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

__all__ = ["verdict_words"]

#: A decision's two sides: each verb as (base, participle).
_GRANTS = (("approve", "approved"), ("accept", "accepted"), ("grant", "granted"), ("admit", "admitted"))
_REFUSALS = (
    ("reject", "rejected"),
    ("decline", "declined"),
    ("deny", "denied"),
    ("refuse", "refused"),
    ("turn down", "turned down"),
)
#: What may follow a verdict: the clause's end, a bracket, a share, a condition.
_ENDS = r"(?=\s*(?:[.,;:!?)\]\"”]|$|\(|[~≈]?\s*\d|\b(?:at|with|by|for|from|on|if|but|and|or|so|then|too)\b))"
#: Where a participle is a verdict: after a copula, "get", a word of likelihood, a colon or dash, or first.
_VERDICT_LEAD = (
    r"(?:(?:^|(?<=[.!?])\s+|[:|—–]\s*|\s-\s+|\b(?:is|are|was|were|be|been|being|get|gets|got|getting|likely|probably|"
    r"almost\s+certainly|narrowly|clearly|firmly|still|then|now)\s+)(?:(?:likely|probably|narrowly|clearly|"
    r"firmly|still|almost|surely|to\s+be)\s+)*)"
)
#: A key's place for a base verb: after a colon, a semicolon, a bar or a dash.
#: The nouns of each side said as a verdict: "a decline is about 22 %", "an acceptance at 83 %".
_GRANT_NOUNS = ("grant", "acceptance", "approval")
_REFUSAL_NOUNS = ("decline", "refusal", "denial", "rejection", "turn-down", "turndown")
_KEY_LEAD = r"(?:(?:^|[:;|—–]|\s-)\s*)"
_DEGREE = r"(?:(?:narrow|clear|firm|flat|soft|hard|definite|likely|probable|strong|weak|tentative|qualified)\s+)?"


def _side(label: str, verbs: Sequence[tuple[str, str]]) -> bool:
    return label.lower() in {participle for _, participle in verbs}


def verdict_words(text: str, labels: Sequence[str]) -> str:
    """`text` with each verdict said in another verb of the host's decision rewritten as the class it names.

    Args:
        text: the reply.
        labels: the host's classes.
    """
    grants = [lab for lab in labels if _side(lab, _GRANTS)]
    refusals = [lab for lab in labels if _side(lab, _REFUSALS)]
    if len(grants) != 1 or len(refusals) != 1:
        return text
    own = {lab.lower() for lab in labels}
    for label, verbs in ((grants[0], _GRANTS), (refusals[0], _REFUSALS)):
        others = [(b, p) for b, p in verbs if p not in own and b not in own]
        if not others:
            continue
        said = "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for _, p in others)
        participle = re.compile(rf"({_VERDICT_LEAD})(?:{said})\b{_ENDS}", re.I)
        text = participle.sub(functools.partial(_named, label), text)
        bases = "|".join(re.escape(b).replace(r"\ ", r"[\s-]+") for b, _ in others)
        key = re.compile(rf"({_KEY_LEAD})(?:{bases})(?=\s*(?:\(|[~≈]?\s*\d|[,.;]|$))", re.I)
        text = key.sub(functools.partial(_named, label), text)
        stem = label.lower()[:-2]  # "rejection" of rejected is its own noun form (`label_forms`), read as it is
        made = {f"{stem}ion", f"{stem}al"}
        nouns = "|".join(n for n in (_GRANT_NOUNS if verbs is _GRANTS else _REFUSAL_NOUNS) if n not in made)
        noun = re.compile(rf"\b(?:[Aa]n?|[Tt]he)\s+{_DEGREE}(?:{nouns})\b(?=\s+(?:is|was|at|for)\b|\s*[(,]|\s*[~≈]?\d)")
        text = noun.sub(label, text)  # "a decline is about 22 %", "the refusal (0.65)"
        word = "yes" if verbs is _GRANTS else "no"
        plain = re.compile(rf"\b[Aa]\s+{_DEGREE}{word}\b(?![-'’])(?=\s*(?:[.,;:!?)]|$|\(|\d|\b(?:for|from|at|on)\b))")
        text = plain.sub(label, text)
    return text


def _named(label: str, match: re.Match[str]) -> str:
    """The lead-in, then the class."""
    return f"{match.group(1)}{label}"
