"""Claims about how the model was built: its settings ("100 trees of depth 2", "learning rate 0.1") against a
model card's hyperparameters, and how it was trained ("trained on all 442 patients", "no held-out split")
against the card's account of its training data.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim, matches

__all__ = ["setting_claims", "training_claims"]

#: A setting said in words, each with the hyperparameter names it may be (the first the card holds is checked).
_SETTINGS: list[tuple[re.Pattern[str], tuple[str, ...]]] = [
    # "100 depth-2 trees": a number hyphenated to a word is that word's ("depth-2"), no count of trees.
    (
        re.compile(r"(?<![\w.-])(?P<n>\d+)\s+(?:[a-z]+-\d+\s+)?(?:trees|estimators|boosting rounds|rounds)\b", re.I),
        ("n_estimators",),
    ),
    (re.compile(r"\b(?:n_estimators|number of trees)\s*(?:=|:|of|is)?\s*(?P<n>\d+)", re.I), ("n_estimators",)),
    # "depth at most 7", "depth capped at 7": a bound said of the depth is its setting (claims-56)
    (
        re.compile(
            r"\b(?:max(?:imum)?[ _])?depth\s*(?:=|:|of|is|-)?\s*"
            r"(?:(?:of\s+)?(?:at most|up to|no more than|capped at|limited to)\s+)?(?P<n>\d+)",
            re.I,
        ),
        ("max_depth",),
    ),
    (re.compile(r"\b(?P<n>\d+)\s+levels?\s+deep\b", re.I), ("max_depth",)),
    (
        re.compile(r"\b(?:learning[ _]rate|lr|eta)\s*(?:=|:|of|is)?\s*(?P<n>\d*\.?\d+)", re.I),
        ("learning_rate", "eta"),
    ),
    (re.compile(r"\b(?:min(?:imum)?[ _]samples[ _]leaf)\s*(?:=|:|of|is)?\s*(?P<n>\d+)", re.I), ("min_samples_leaf",)),
]


def setting_claims(sentence: str, settings: dict[str, float]) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for each setting of the model the sentence states, when the outputs' card holds it."""
    if not settings:
        return
    for pattern, names in _SETTINGS:
        for m in pattern.finditer(sentence):
            name = next((n for n in names if n in settings), None)
            if name is None:
                continue
            raw = m.group("n")
            claim = NumberClaim(raw, float(raw), len(raw.split(".")[1]) if "." in raw else 0, False, 0, len(raw))
            yield f"setting {name} = {raw}", matches(claim, {settings[name]})


_ALL_DATA = gated(
    r"\b(?:trained|fit(?:ted)?|fine-?tuned|learned)\s+(?:\w+\s+){0,2}?on\s+"
    r"(?:all|every|the whole|the full|the entire)\b(?!(?:\s+(?:\d+|of|the|its))*\s+(?:training|train)\b)",
    re.I,
)
_NO_SPLIT = gated(r"\bno\s+(?:held[- ]out|hold-?out|test|validation)\s+(?:split|set|data|part)\b", re.I)
_SPLIT = re.compile(
    r"\b(?:held[- ]out|hold-?out|test|validation)\s+(?:split|set|data|part)\b|\b\d+\s*%\s+split\b", re.I
)


#: Performance said to be measured on the rows the model learnt from: "on the training data", "measured on the same
#: 600 members it was fitted on", "the 28 patients that the model was trained on".
_ON_TRAINING = re.compile(
    r"\btraining\s+(?:data|set|rows|split)\b|"
    r"\b[\w,]+\s+(?:that\s+)?(?:it|the model)\s+was\s+(?:trained|fitted|fit)\s+on\b",
    re.I,
)
#: Words of a performance figure: the training rows are said to be what it was measured on.
_MEASURED = gated(
    r"\b(?:measured|evaluated|scored|tested|computed|accuracy|precision|recall|f1|auc|performance|metrics?)\b", re.I
)
#: Before the training rows, a word that sets them apart ("held out from the training data", "not the rows ...").
_APART = re.compile(
    r"\b(?:not|never|no|from|outside|excluding|except|unlike|besides|apart|separate|instead|rather)\b[^.;]{0,30}$|"
    r"n't\b[^.;]{0,30}$",
    re.I,
)
#: An output that says its figures come from rows the model did not learn from.
_NOT_TRAINED_ON = re.compile(r"\bnot\s+(?:been\s+)?(?:trained|fitted|fit)\s+on\b", re.I)


def training_claims(sentence: str, output_text: str) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for "trained on all the data", "no held-out split" and a performance figure "measured on
    the rows it was trained on" when the outputs say the model was trained on a split and measured on held-out data
    (or on data it was not trained on). A sentence that names a held-out split itself contrasts the two: not read.
    """
    if sentence.rstrip().endswith("?"):
        return
    if not (_MEASURED.search(sentence) or _ALL_DATA.search(sentence) or _NO_SPLIT.search(sentence)):
        return  # no claim of either kind: the outputs are not read
    held_out = bool(_SPLIT.search(output_text))
    if (held_out or _NOT_TRAINED_ON.search(output_text)) and _MEASURED.search(sentence) and not _SPLIT.search(sentence):
        said = next((m for m in _ON_TRAINING.finditer(sentence) if not _APART.search(sentence[: m.start()])), None)
        if said is not None:
            yield "measured on the training data", False
    if not held_out:
        return
    if _ALL_DATA.search(sentence):
        # An output may say so itself ("Fitted on all 600 members", then measured on a held-out split of them).
        yield "training on all the data", bool(_ALL_DATA.search(output_text))
    if _NO_SPLIT.search(sentence):
        yield "no held-out data", False
