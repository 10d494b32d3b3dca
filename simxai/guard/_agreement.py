"""Whether a prediction agrees with what was found, said of a party's check (claims-48, gfa41): "predicted intact at
0.77, matching what the visit found", "a weak poor call, which the survey confirmed", "predicted to fail, and the
test confirmed it", "predicted missing, though the check visit found it intact".

The readers of "the prediction is correct" need a word of the prediction or the record in the clause ("the
prediction matches the record"); writers name whoever checked the subject instead (the survey, the test, the
visit, the inspector), in a clause of its own. Read here, in a sentence about one subject:

- agreement: "which / and / as the <party> confirmed (it)", "matches / agrees with what the <party> found",
  "agrees with the <party>", "the <party> recorded the same <grade>": the prediction is correct;
- a finding: "and / though / although / but the <party> found (it) <class>" (also "recorded", "logged", "says",
  "has it as"): the recorded class is the one named.

A party that is the model or its explanation is none; a negated verb ("the test did not confirm it") states no
agreement. Checked against the outputs' `true_label` (a prediction's) or `recorded_label`: with neither, nothing
is read. Nothing of a host's domain: the party is any noun.

Since claims-53 (guard46) also an agreement said of every subject at once ("both sheets agree", "both match the
survey", "the log agrees with both", "Both right", "both were logged as X"), on outputs about two or more subjects
that each give a recorded label (`all_agree_claims`): a clause with a word for all of them ("both", "all three",
"each") and a word of agreement ("agree", "match", "right", "confirmed", "as logged") claims every prediction is its
record; a word for all of them and a record's verb before a class ("both sheets record X") claims each record is
that class. A clause that limits or denies ("only", "one of", "neither", "not", "except") claims nothing, and so
does one where "right" places something ("right at").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts
from simxai.guard._prefilter import gated

__all__ = ["agreement_claims", "all_agree_claims"]

#: Whoever checked the subject: any noun but the model's own parts and outputs.
_NOT_PARTY = (
    r"(?!(?:model|prediction|explanation|forecast|classifier|shap|counterfactual|explainer|search|output|score)\b)"
)
_PARTY = rf"(?:the|its|their|our)\s+{_NOT_PARTY}(?:[\w-]+\s+){{0,2}}?"
_AGREED = gated(
    rf"(?:\b(?:which|and|as|so)\s+|,\s*)(?:(?:later|also)\s+)?{_PARTY}[\w-]+\s+(?:later\s+|also\s+)?"
    r"(?:confirmed|confirms|agreed|agrees|bore out|bears out|backed up|backs up)\b"
    r"|\b(?:match(?:es|ed|ing)?|agree(?:s|d|ing)?\s+with|in line with|consistent with)\s+(?:what\s+)?"
    rf"{_PARTY}[\w-]+\s+(?:found|recorded|saw|showed|reported|logged|says|said)\b"
    rf"|\bagree(?:s|d|ing)?\s+with\s+{_PARTY}[\w-]+\s*(?:[.,;]|$)"
    rf"|\b{_PARTY}[\w-]+\s+recorded\s+the\s+same\b",
    re.I,
)
_CONTRAST = gated(
    rf"(?:\b(?:though|although|but|whereas|while|even though|and)\s+|,\s*)(?:(?:later|also)\s+)?{_PARTY}[\w-]+\s+"
    r"(?:found|recorded|logged|says|said|has|had|lists|listed)\s+(?:it|her|him|them|this one)?\s*"
    r"(?:as\s+|to be\s+)?(?P<x>[\w-]+)",
    re.I,
)
_DENIED = re.compile(r"\b(?:not|never|no)\b|n't\b", re.I)


def agreement_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], correct: bool | None, recorded: set[str]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each agreement with a party's finding and each class a party found, in `sentence`
    (about one subject).

    Args:
        sentence: one sentence of the reply.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
        correct: whether the prediction matches the recorded label (None when the outputs give none).
        recorded: the recorded labels the outputs give.
    """
    if sentence.rstrip().endswith("?"):
        return
    if correct is not None:
        for m in _AGREED.finditer(sentence):
            if not _DENIED.search(m.group(0)):
                yield "prediction correct (a party's finding agrees)", correct
                break
    if not recorded:
        return
    known = {x.lower(): x for x in labels} | {k.lower(): v for k, v in forms.items()}
    for m in _CONTRAST.finditer(sentence):
        said = known.get(m.group("x").lower())
        if said is not None and not _DENIED.search(m.group(0)):
            yield f"recorded {said} (a party's finding)", said in recorded


_ALL = re.compile(r"\b(?:both|all\s+(?:two|three|four|five|\d+)|each(?:\s+one)?|every\s+one|all\s+of\s+them)\b", re.I)
_AGREE = re.compile(
    r"\b(?:agree(?:s|d)?|match(?:es|ed)?|right(?!\s+(?:at|on|in|around|about|near|there|up|down|off|where|now)\b)|"
    r"correct(?:ly)?|confirm(?:s|ed)?|as\s+(?:logged|recorded|registered|noted)|bears?\s+out|bore\s+out)\b",
    re.I,
)
_LIMITS = re.compile(
    r"\b(?:not|no|never|neither|nor|only|one\s+of|but\s+one|except|half|none|just\s+one|disagree\w*|mismatch\w*)\b"
    r"|n't\b|\bwrong",
    re.I,
)
_RECORD_VERB = (
    r"(?:record(?:s|ed)?|log(?:s|ged)?|list(?:s|ed)?|say|says|said|have\s+(?:them|it)\s+as|had\s+(?:them|it)\s+as)"
)
_CLAUSES = re.compile(r"[;:.!?]|,\s*(?:and|but|while|whereas|though|although)\b|\s+(?:but|whereas)\s+", re.I)


def all_agree_claims(
    sentence: str, subjects: Sequence[Facts], labels: Sequence[str], forms: Mapping[str, str]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each agreement or record `sentence` says of every subject of `subjects` at once.

    Args:
        sentence: one sentence of the reply.
        subjects: the outputs' facts, one per subject the reply is about.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
    """
    if len(subjects) < 2 or sentence.rstrip().endswith("?"):
        return
    if any(len(f.recorded) != 1 for f in subjects):
        return
    known = {x.lower(): x for x in labels} | {k.lower(): v for k, v in forms.items()}
    spelled = "|".join(re.escape(k).replace("_", "[ _]") for k in sorted(known, key=len, reverse=True))
    recorded_as = re.compile(
        rf"\b{_RECORD_VERB}\s+(?:(?:them|it|both|all)\s+)?(?:(?:as|down\s+as)\s+)?(?:an?\s+)?(?P<x>{spelled})\b", re.I
    )
    for clause in _CLAUSES.split(sentence):
        if not _ALL.search(clause) or _LIMITS.search(clause):
            continue
        if said := recorded_as.search(clause):
            label = known[said.group("x").lower()]
            yield f"recorded {label} (said of every subject)", all(f.recorded == {label} for f in subjects)
        elif _AGREE.search(clause) and all(f.predicted for f in subjects):
            yield "every prediction matches its record", all(f.predicted == f.recorded for f in subjects)
