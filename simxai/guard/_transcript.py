"""Answers of a question-and-answer transcript (claims-16g): "Q. What did the model predict for patient 187? A.
Stable, at 70.7 %." or "Q. And what was recorded? A. Progressing." The answer's first words fill the slot the
question asks for: the predicted label after a question about what the model predicts, calls, says or decides,
the recorded label after one about what the data records. A label there is checked against that field; a word
no label is, in the place where the answer gives its label, is an invented label.

Read only where the reply marks the exchange ("Q." or "Q:" and then "A." or "A:") and only the answer's opening
words up to a break (a comma, colon, full stop, bracket or "at"): "A. Mainly triglycerides_log of 3.6889" names
no label and the answer's own sentences are read as any other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._prefilter import gated

__all__ = ["answer_claims"]

#: A question marked "Q." and its answer marked "A." (each bounded, so the scan stays linear).
_EXCHANGE = gated(r"(?:^|(?<=[\s>*_]))Q\s*[.:]\s*(?P<q>[^\n]{3,240}?[?.])\s+A\s*[.:]\s*")
#: The question asks for the recorded label.
_RECORDED = re.compile(
    r"\b(?:record\w*|true|actual(?:ly)?|real|ground truth|in the data|data say|inspect\w*|observed|labell?ed)\b", re.I
)
#: The question asks for the model's call.
_PREDICTED = re.compile(
    r"\b(?:predict\w*|call\w*|classif\w*|say|says|said|decid\w*|decision|verdict|outcome|read|make of|think|"
    r"label|class|result)\b",
    re.I,
)
#: Questions that ask for something else than a label (a reason, a feature, an amount).
_OTHER_ASK = re.compile(r"\b(?:why|how much|how many|which|matters?|drives?|weighs?|rely|relies)\b", re.I)
#: Another party's own call ("And the bank's own decision?"): what the data records, not the model's.
_OWN = re.compile(r"\bown\b", re.I)
_MODEL = re.compile(r"\bmodel", re.I)
#: The answer's opening words up to a break: the slot's filler.
_FILLER = re.compile(r"(?P<x>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)\s*(?:[,.:;!(—–]|\s+-\s|\s+at\s+\d|\s*$)")
#: Opening words of an answer that give no label.
_NO_LABEL = frozenset(
    "yes no not none neither both either it its the a an this that these those they he she we you mostly mainly "
    "largely partly only just because since well so unclear unknown correct right wrong same nothing all some "
    "probably likely maybe perhaps about around roughly one two three four five first second third last".split()
)


def answer_claims(
    reply: str, labels: Iterable[str], known: set[str], predicted: set[str], recorded: set[str]
) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for each answer of a Q./A. exchange that fills the label slot its question asks for.

    Args:
        reply: the reply as written.
        labels: the host's labels.
        known: the words a reply may use that no label invents (features, aliases, label forms, the outputs').
        predicted: the labels the outputs predict.
        recorded: the recorded labels the outputs state.
    """
    names = {x.lower(): x for x in labels}
    if not names:
        return
    for m in _EXCHANGE.finditer(reply):
        question, answer = m.group("q"), reply[m.end() : m.end() + 160]
        own = bool(_OWN.search(question)) and not _MODEL.search(question)
        asks_recorded = own or bool(_RECORDED.search(question))
        if _OTHER_ASK.search(question) or (not asks_recorded and not _PREDICTED.search(question)):
            continue
        filler = _FILLER.match(answer)
        if filler is None:
            continue
        words = filler.group("x").lower().split()
        if words[0] in _NO_LABEL:
            continue
        first = names.get(words[0]) or names.get("_".join(words)) or names.get(" ".join(words))
        if first is not None:
            if asks_recorded and recorded:
                yield f"recorded label {first}", first in recorded
            elif not asks_recorded and predicted:
                yield f"prediction {first}", first in predicted
            continue
        if len(words) <= 2 and not any(w in known for w in words) and not _names_label(question, names):
            # ("Q. What stands between it and a stable call? A. One value: ..." asks what, not which label)
            yield f"label '{filler.group('x')}'", False


def _names_label(text: str, names: dict[str, str]) -> bool:
    """Whether `text` names one of the labels (lower case keys of `names`)."""
    words = set(re.findall(r"[a-z][\w-]*", text.lower()))
    return any(name in words or name.replace("_", " ") in text.lower() for name in names)
