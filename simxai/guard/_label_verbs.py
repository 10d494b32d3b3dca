"""Classes named by a verb in the past ("failed", "took"; claims-26) said in the verb's other forms.

A host whose classes are past verbs is written about with the verb: "105100 would fail", "it would still have
taken", "a 4 % chance of failure", "only a 38 % chance of having taken". Read as the words they are, none of these
names a class, so a wrong outcome passed and a share was bound to the class named nearby instead. Its readings, on
any host (nothing of a host's domain; the verbs' forms are English's):

- `past_label_nouns`: the forms that name the class as a noun wherever they stand: "failure(s)" of a regular
  past ("fail-ed" -> "fail-ure") and the participle of an irregular one ("taken" of took); since claims-27 a
  regular one's gerund and agent noun ("failing", "qualifying", "qualifier" of qualified, read as "qualify").
- `label_verbs`: the base form after a modal ("would fail", "will still take", "would not have taken", "could
  fail") is rewritten as the modal and the class ("would be failed"), which the outcome readings read; the base
  form after a verb of causing ("would make it fail") and the third person after "still" ("still takes") as the
  class. Only when the verb ends its clause or a share, a condition or a comparison follows ("would take at
  51.2 %", "would fail if ..."), not before an object ("would take three weeks"). Since claims-47 a class that is
  a verb's "-ing" form said in the base form after a modal or a word of likelihood ("is expected to progress",
  "will progress, at 80 %") is rewritten as "be" and the class, in the same places.
- `verdict_words` (claims-47, gfa40): a decision said in another verb of the same decision. A host whose classes
  are a decision's two sides ("approved" / "rejected") is written about in English's other verbs for them: "likely
  declined, about 78 %", "model: decline (0.52); grant 0.48", "A no for 210", "it gets turned down". Read as the
  words they are, none names a class, so a swapped verdict passed and a share was bound to the class named nearby.
  The verbs are English's, not a host's: a grant (approve, accept, grant, admit) or a refusal (reject, decline,
  deny, refuse, turn down). Read only on a host with exactly one class that is a grant's participle and one a
  refusal's, and only where a word is a verdict: a participle after a copula, "get", a word of likelihood, a colon
  or a dash, or first in its sentence; the base verb in a key's place ("model: decline (0.52)"); a side's noun
  before a share, a bracket or "is" ("a decline is about 22 %"); "a yes" and "a no" ("a narrow no"). Each stands
  before a share, a bracket, a comma or the clause's end, not before an object ("declined to comment", "a decline
  in income"), and a participle after a noun is a move ("approval declined to 40 %"), not read.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from simxai._irregular_verbs import past_verbs

__all__ = ["label_verbs", "past_label_nouns", "past_verb", "verdict_words"]

#: A modal and what may stand between it and the verb: "would", "will still", "would not have", "'d never".
_MODAL = (
    r"\b(?:would|will|could|might|should|may|'d|'ll)"
    r"(?:\s+(?:still|not|never|then|also|now|likely|probably|surely|definitely|even|have))*\s+"
)
#: A verb of causing and its object before the base form: "would make it fail", "lets 42 take".
_MAKE = r"\b(?:make|makes|made|making|let|lets)\s+(?:it|him|her|them|\d+)\s+"
#: A word of likelihood before "to" and the verb: "likelier to qualify", "a chance to fail" (claims-27).
_ODDS = (
    r"\b(?:likely|likelier|unlikely|chance|chances|odds|shot|bound|set|expected|tipped|forecast|predicted|projected)"
)
_HAVE = re.compile(r"\bhave\s+$", re.IGNORECASE)
#: What may follow the verb for it to be the class's verb: the clause's end, a share, a condition, a comparison.
_ENDS = (
    r"(?=\s*(?:[.,;:!?)\]\"”]|$|\(|\d|\b(?:at|with|if|unless|once|when|even|instead|too|either|again|then|anyway|"
    r"after\s+all|but|and|or|so|than|as\s+well|by\s+then|otherwise|as\s+[a-z]+ed|as\s+usual)\b))"  # "as booked"
)


def _verb_forms(label: str) -> tuple[str, str, str] | None:
    """(base, third person, participle) of a class that is one word, a verb in the past; None for any other."""
    low = label.lower()
    if low in past_verbs():  # "took" -> take, takes, taken: English's irregular pasts (`simxai._irregular_verbs`)
        return past_verbs()[low]
    if re.fullmatch(r"[a-z]{3,}[^aeiou]ied", low):  # "qualified" -> "qualify" (claims-27); not "died", "tied"
        stem = low[:-3]
        return f"{stem}y", f"{stem}ies", low
    if re.fullmatch(r"[a-z]{2,}[^e]ed", low) and not low.endswith("eed"):  # "failed", "cracked"; not "need"
        stem = low[:-2]
        return stem, f"{stem}es" if re.search(r"(?:s|sh|ch|x|z)$", stem) else f"{stem}s", low
    return None


def past_verb(label: str) -> bool:
    """Whether the class is one word, a verb in the past ("failed", "took")."""
    return _verb_forms(label) is not None


def _bases(label: str, base: str) -> list[str]:
    """The base forms to read: "fail" (failed), and "approve" beside "approv" (approved): a regular stem may have
    lost an "e".
    """
    fixed = base.endswith(("e", "y"))  # "qualify" of qualified keeps its "y" (claims-27)
    return [base, f"{base}e"] if label.lower().endswith("ed") and not fixed else [base]


def _doer_forms(label: str, base: str) -> list[str]:
    """The gerund and the agent noun of a class that is a regular past verb (claims-27): "a qualifying chance", "a
    6 % chance of failing", "a qualifier" name the class as the noun forms do (an irregular one's, "holding" or
    "holder" of held, are common words and are not read).
    """
    whole = _bases(label, base)[-1]  # "approve" beside "approv"
    if whole.endswith("y"):  # "qualify": "qualifying", "qualifier"
        return [f"{whole}ing", f"{whole[:-1]}ier", f"{whole[:-1]}iers"]
    gerund = f"{whole[:-1]}ing" if whole.endswith("e") and not whole.endswith("ee") else f"{whole}ing"
    doer = f"{whole}r" if whole.endswith("e") else f"{whole}er"
    return [gerund, doer, f"{doer}s"]


def past_label_nouns(labels: Sequence[str]) -> dict[str, str]:
    """Noun forms of each class that is a verb in the past, mapped to it: "failure", "failures" (failed), "taken"
    (took). None that is another class's name.
    """
    taken = {x.lower() for x in labels}
    forms: dict[str, str] = {}
    for label in labels:
        verb = _verb_forms(label)
        if verb is None:
            continue
        base, _, participle = verb
        made = [f"{base}ure", f"{base}ures"] if re.search(r"[^i]ed$", label.lower()) else []
        if participle != label.lower():
            made.append(participle)
        if label.lower() not in past_verbs():  # "holding", "holder" name no class "held"
            made.extend(_doer_forms(label, base))
        for form in made:
            if form not in taken and form not in forms:
                forms[form] = label
    return forms


def label_verbs(text: str, labels: Sequence[str]) -> str:
    """`text` with each class that is a verb in the past, said in its base form or participle after a modal,
    rewritten as the modal, "be" and the class ("would still fail" -> "would still be failed").
    """
    for label in labels:
        verb = _verb_forms(label)
        if verb is None:
            continue
        base, third, participle = verb
        bases = _bases(label, base)
        forms = "|".join(sorted({*map(re.escape, bases), re.escape(participle)}, key=len, reverse=True))
        pattern = re.compile(rf"({_MODAL})(?:{forms})\b{_ENDS}", re.IGNORECASE)
        text = pattern.sub(functools.partial(_be, label), text)
        # "would make it fail" -> "would make it failed"; "still takes" -> "still took"
        made = re.compile(rf"({_MAKE})(?:{'|'.join(map(re.escape, bases))})\b{_ENDS}", re.IGNORECASE)
        text = made.sub(functools.partial(_then, label), text)
        kept = re.compile(rf"(\bstill\s+){re.escape(third)}\b{_ENDS}", re.IGNORECASE)
        text = kept.sub(functools.partial(_then, label), text)
        # "The model then rejects it", "the classifier approves 44": the model doing the class's verb to the subject
        # predicts the class (gfa37)
        done = re.compile(
            rf"(\b(?:model|classifier|tree|forest|network|it|which)\s+(?:(?:then|now|instead|also|would|will)\s+)*)"
            rf"{re.escape(third)}\s+(?=(?:it|them|her|him|this one|the \w+|#?\d+)\b)",
            re.IGNORECASE,
        )
        text = done.sub(functools.partial(_predicts, label), text)
        # "133436 holds at a more modest 85 %": the third person given a share states the class (gfa37)
        shared = re.compile(
            rf"(?<!\bstill )(?<!\bit )\b{re.escape(third)}(?=\s+at\s+(?:[a-z]+\s+){{0,3}}[\d.]+\s*%?)", re.IGNORECASE
        )
        text = shared.sub(f"is {label}", text)
        # "likelier to qualify than", "a chance to take" -> "likelier to be qualified" (claims-27)
        odds = re.compile(rf"({_ODDS}\s+to\s+)(?:{'|'.join(map(re.escape, bases))})\b{_ENDS}", re.IGNORECASE)
        text = odds.sub(functools.partial(_be, label), text)
    for label in labels:
        ing = _gerund_bases(label)
        if ing:  # "expected to progress", "will progress" of progressing (claims-47)
            forms = "|".join(sorted(map(re.escape, ing), key=len, reverse=True))
            pattern = re.compile(rf"({_MODAL}|{_ODDS}\s+to\s+)(?:{forms})\b{_ENDS}", re.IGNORECASE)
            text = pattern.sub(functools.partial(_be, label), text)
    return text


def _gerund_bases(label: str) -> list[str]:
    """The base forms of a class that is one word, a verb's "-ing" form ("progress" of progressing, "improve" of
    improving, "stop" of stopping); none for any other class or a stem under four letters.
    """
    low = label.lower()
    if not re.fullmatch(r"[a-z]{4,}ing", low):
        return []
    stem = low[:-3]
    bases = [stem, f"{stem}e"] if not stem.endswith(("e", "y", "ss")) else [stem]
    if len(stem) > 4 and stem[-1] == stem[-2] and stem[-1] not in "sl":  # "stopping" -> "stop"
        bases.append(stem[:-1])
    return bases


def _be(label: str, match: re.Match[str]) -> str:
    """The lead-in (a modal, "likely to"), a "have" at its end dropped, then "be" and the class."""
    return f"{_HAVE.sub('', match.group(1))}be {label}"


def _then(label: str, match: re.Match[str]) -> str:
    """The lead-in ("would make it", "still"), then the class."""
    return f"{match.group(1)}{label}"


def _predicts(label: str, match: re.Match[str]) -> str:
    """The model's words ("The model then"), then "predicts" and the class ("... rejects it" -> "... predicts
    rejected for it").
    """
    return f"{match.group(1)}predicts {label} for "


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
_VERDICT_ENDS = r"(?=\s*(?:[.,;:!?)\]\"”]|$|\(|[~≈]?\s*\d|\b(?:at|with|by|for|from|on|if|but|and|or|so|then|too)\b))"
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
        participle = re.compile(rf"({_VERDICT_LEAD})(?:{said})\b{_VERDICT_ENDS}", re.I)
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
