"""Label slots: the places of a reply that only a label fills, read up to the next punctuation.

"The recorded label for this patient is remission", "Review 17: neutral (50 %)", "Applicant 200: approved with
conditions, 80.8 %": what fills the slot must be exactly one of the host's labels (or a label's noun form); any
other word, or a label with a qualifier, is an invented label.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._prefilter import gated

__all__ = ["explained_label_claims", "glossed_by_class", "label_slot_claims"]

#: "the recorded (true, actual, predicted) label (for this patient) is X".
_NAMED_SLOT = gated(
    r"\b(?:recorded|true|actual|predicted|real)\s+(?:label|class)\b[^.;:!?]{0,40}?\b(?:is|was|reads)\s+"
    r"(?:(?:also|still|actually|indeed|in fact|however)\s+)*(?P<x>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)"
    r"(?=\s*(?:[,.;!?(]|$|\bso\b|\bbut\b|\bwhich\b|\band\b))",
    re.I,
)
#: "Review 17: X (50 %)", "Applicant 200: X, 80.8 %": the label a subject's line gives with its probability.
_SUBJECT_SLOT = gated(
    r"^\s*(?:[A-Za-z]+)\s+#?\d+\s*:\s*(?P<x>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)"
    r"\s*(?:\(\s*|,\s*)(?:about\s+|~\s*)?\d+(?:\.\d+)?\s*%",
    re.I,
)
#: "- **Prediction:** X (0.62)", "Call: X, 81 %", "Label: X": a line whose key names the model's call gives the label;
#: since claims-27 also after a dash or a sentence, and "Model: X (62 %)", one word and a share (not "Model: a forest");
#: since claims-39 also a capitalised key after another field ('Title: "..." Class: mixed.', g30) and up to a full
#: stop.
_KEY_SLOT = gated(
    r"(?:^|(?<=\s-\s)|(?<=[.;]\s)|(?<=\s)(?=(?-i:[A-Z])\w+\s*:))\s*(?:[-*•]\s*)?(?:the\s+)?(?:model'?s\s+)?"
    r"(?:prediction|predicted(?:\s+(?:label|"
    r"class))?|label|class|classification|call|verdict|decision|model(?=\s*:\s*[A-Za-z][\w-]*\s*[(,]\s*\d[\d.]*\s*%))"
    r"\s*:\s*(?P<x>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)"
    r"\s*(?:[(,;]|\.(?=\s|$)|$)",  # a full stop ends it too: "Class: mixed. Confidence: .654." (claims-39, g30)
    re.I | re.M,
)
#: Words before a label in a slot that are no part of it ("Patient 12: predicted stable (78.6 %)").
_LEAD = re.compile(r"^(?:(?:predicted|prediction|classified as|labell?ed|is|was|still|now|model says|says)\s+)+", re.I)


#: A degree or a manner said of a class in the place of the model's call ("the model says very negative, 70 %",
#: "Patient 3: rapidly progressing, 0.71", "predicted conditionally approved"): a graded or new class no model
#: predicts. Only after a verb of the call, a colon, a dash or an opening bracket, and before a mark or a number:
#: "pushes slightly positive" is a direction, "very stable under any change" no call.
_QUALIFIED = gated(
    r"(?:^|[:(]\s*|\s-\s+|(?:→|->)\s*|\b(?:says|said|predicts|predicted(?:\s+as)?|called|classified\s+as|"
    r"labell?ed(?:\s+as)?|reads|calls\s+it|verdict\s+is|(?:flagged|rated|marked|scored)\s+as|comes\s+out\s+as|"
    r"(?:is|was)(?=\s+\w+\s+\w+\s+by\s+the\s+(?:model|classifier)))\s+)(?P<q>very|extremely|highly|mildly|slightly|somewhat|severely|rapidly|slowly|"
    r"moderately|conditionally|provisionally|partially|partly|fast-track|semi)\s+(?P<x>[a-z][\w-]*)"
    r"(?=\s*(?:[,.;:!(]|$|\s(?:at|with|on)\s+\d|\s-?\d|\s+by\s+the\s+(?:model|classifier)))",
    re.I,
)
#: The head of a definition in a list of them: "approved means ...; rejected means ...; referred means ...".
_DEFINED = gated(
    r"(?:^|[;,:]\s*|\band\s+|\s-\s+)(?P<h>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s+(?:means|stands for)\b", re.I
)
#: A later head of such a list with its verb left out (claims-27): "approved means ..., rejected that ..., and
#: referred that ...", "positive means ..., negative below 0, and neutral exactly 0".
_ELIDED = re.compile(
    r"(?:[;,]\s*(?:and\s+|or\s+)?)(?P<h>[A-Za-z][\w-]*)\s+(?:that|when|if|exactly|below|above|under|over|for)\b", re.I
)
#: Heads that are no class's name ("which means", "a 70 % score means").
_NOT_DEFINED = {"which", "that", "this", "it", "so", "what", "score", "probability", "percentage", "each", "and"}
#: A slot's first word that says the slot holds no label ("the recorded label is not ...", "is the same").
_NO_LABEL = {"not", "the", "a", "an", "this", "that", "it", "correct", "wrong", "same", "unknown", "missing", "none"}
#: Words after a label that qualify the sentence, not the label ("positive too").
_AFTER_LABEL = {"too", "also", "again", "here", "then", "now", "overall", "as", "well", "still", "instead"}


def label_slot_claims(sentence: str, labels: Iterable[str], forms: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each label slot of the sentence its filler is no label of (a prediction verb's slot,
    "predicts X", is `simxai.guard._invented`'s).
    """
    known = {x.lower() for x in (*labels, *forms)}
    if not known:
        return
    for pattern in (_NAMED_SLOT, _SUBJECT_SLOT):
        for m in pattern.finditer(sentence):
            filler = _LEAD.sub("", m.group("x").strip()).strip()
            words = filler.lower().split()
            if not words or words[0] in _NO_LABEL or glossed_by_class(sentence, m.end("x"), known):
                continue
            if words[0] in known:
                # "positive too" is the label; "approved with conditions" a label no model predicts.
                rest = [w for w in words[1:] if w not in _AFTER_LABEL]
                if pattern is _NAMED_SLOT or not rest:
                    continue
            yield f"label '{filler}'", False
    # a list of the classes' meanings: when two or more heads are classes, every head is one
    heads = [m.group("h") for m in _DEFINED.finditer(sentence)]
    if heads:
        heads += [m.group("h") for m in _ELIDED.finditer(sentence) if m.group("h") not in heads]
    classes = [h for h in heads if h.lower().replace(" ", "_") in known or h.lower() in known]
    if len(classes) >= 2:
        for head in heads:
            words = head.lower().split()
            if head in classes or set(words) & _NOT_DEFINED:
                continue
            yield f"label '{head}'", False
    for m in _QUALIFIED.finditer(sentence):
        if m.group("x").lower() in known:
            yield f"label '{m.group('q')} {m.group('x')}'", False
    for m in _KEY_SLOT.finditer(sentence):
        filler = _LEAD.sub("", m.group("x").strip()).strip()
        words = filler.lower().split()
        if words and words[0] not in _NO_LABEL and not any(w in known for w in words) and "_".join(words) not in known:
            if not glossed_by_class(sentence, m.end("x"), known):
                yield f"label '{filler}'", False


#: A class in brackets right after a slot's words: "Prediction: needs work (gappy)" (claims-55).
_GLOSS = re.compile(
    r"\s*\(\s*(?:i\.\s?e\.,?\s*|that is,?\s*|=\s*)?(?P<label>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s*[),;]"
)


def glossed_by_class(sentence: str, end: int, known: set[str]) -> bool:
    """claims-55 (gfa48): whether the slot's words ending at `end` are glossed by a class in brackets after them
    ("Prediction: needs work (gappy), 0.97", "Verdict: bedding grade (dusty)"): the words are the writer's name for
    that class, not a class of their own; the class in brackets is read (and checked) by the label readings.
    """
    gloss = _GLOSS.match(sentence, end)
    return gloss is not None and gloss.group("label").lower() in known


#: "explains the label X", "SHAP for the class X", "(label X)", "Explained label: X": the label an explanation is of.
_EXPLAINED = re.compile(
    r"\b(?:explains?|explaining|explained for|(?:shap|contributions?|importances?|ranking) (?:values )?for)\s+"
    r"(?:the\s+)?(?:label|class)\s+(?P<a>[A-Za-z][\w-]*)|\(\s*label\s+(?P<b>[A-Za-z][\w-]*)\s*\)|"
    r"\bexplained (?:label|class)\s*(?::|is)\s*(?P<c>[A-Za-z][\w-]*)|"
    r"\bexplains?\s+(?:the\s+)?(?P<d>[A-Za-z][\w-]*)\s+(?:label|class)\b",
    re.I,
)


def explained_label_claims(sentence: str, labels: Iterable[str], explained: set[str]) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for the label the sentence says an explanation is of, against the labels the
    explanations explain (their `label`).
    """
    names = {label.lower(): label for label in labels}
    if not explained:
        return
    for m in _EXPLAINED.finditer(sentence):
        said = next(g for g in m.groups() if g is not None).lower()
        if said in names:
            yield f"explained label {names[said]}", names[said] in explained
