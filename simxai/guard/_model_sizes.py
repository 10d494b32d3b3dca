"""The model's sizes a reply states (claims-24): how many features it reads, and how many rows it was trained on.

- "it uses 9 features", "the model looks at nine measurements", "it takes 12 inputs": the number of the host's
  features (a count up to ten is otherwise a small integer no field is compared with); not a part of them ("the
  top 3 features", "3 of the features", "these two features");
- "trained on 442 patients", "fitted on about 90 % of the rows": the number must be one the outputs' own sentence
  about training gives for the training part (a number said as the whole, "of the 442 patients", is the whole's,
  not the training part's). Read only when an output says what the model was trained on.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from simxai._spoken import UNITS
from simxai.guard._prefilter import gated
from simxai.guard._reading import sentences

__all__ = ["model_size_claims"]

_COUNT_WORD = "|".join(sorted(UNITS, key=len, reverse=True))
#: A verb of reading before a number of features ("uses 10 features", "looks at ten measurements").
_FEATURE_COUNT = gated(
    r"\b(?:uses?|using|looks?\s+at|reads?|takes?|considers?|relies\s+on|works?\s+(?:from|with)|is\s+built\s+on|"
    r"based\s+on|has|with|from)\s+(?:(?:all|just|only|exactly)\s+)?(?:(?:the|its)\s+)?"
    rf"(?P<n>\d{{1,3}}|{_COUNT_WORD})\s+(?:(?P<kind>\w+)\s+)?"
    r"(?:features|measurements|inputs|input\s+variables|variables|predictors)\b",
    re.I,
)
#: Kinds of features: "seven numeric features (and two categorical ones)" counts a part of them.
_KINDS = frozenset(
    "numeric numerical categorical binary continuous discrete boolean integer text string date ordinal nominal "
    "other remaining".split()
)
#: What makes the number a part of the features, not all of them.
_PART = re.compile(r"\b(?:top|first|last|most|least|these|those|other|main|key|strongest|biggest|of)\s*$", re.I)
#: "trained on 353 patients", "fitted on about 80 % of the rows".
_TRAINED_ON = re.compile(
    r"\b(?:trained|fitted|fit|learned|learnt|built)\s+(?:only\s+)?on\s+(?:about\s+|around\s+|roughly\s+|some\s+)?"
    r"(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<pct>%|percent\b)?",
    re.I,
)
_OUTPUT_TRAINED = re.compile(r"\b(?:trained|fitted|fit)\s+on\b", re.I)
#: What every match of `_OUTPUT_TRAINED` holds, run of letters only: a sentence is a verbatim piece of its text (or
#: pieces joined by a space), so a text without it has no sentence about training and is not split.
_TRAINED_WORD = gated(r"trained|fit", re.I)
_NUMBER = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*(%|percent\b)?")
#: A number an output gives as the whole the training part is cut from ("of the 442 patients"), or a seed.
_WHOLE = re.compile(r"\b(?:of|out of|of all)\s+(?:the\s+)?$|\bseed\s+$", re.I)


@functools.lru_cache(maxsize=2048)
def _trained_word(text: str) -> bool:
    """Whether an output string holds a word of training: each string of the outputs (they recur) read once."""
    return bool(_TRAINED_WORD.search(text))


def _training_numbers(texts: Sequence[str]) -> set[tuple[float, bool]] | None:
    """(value, percent) of the numbers the outputs' sentences about training give for the training part; None
    when no output says what the model was trained on.
    """
    found: set[tuple[float, bool]] | None = None
    for text in texts:
        if not _trained_word(text):
            continue
        for sentence in sentences(text):
            if not _OUTPUT_TRAINED.search(sentence):
                continue
            found = found or set()
            for m in _NUMBER.finditer(sentence):
                if not _WHOLE.search(sentence[max(0, m.start() - 12) : m.start()]):
                    found.add((float(m.group(1).replace(",", "")), bool(m.group(2))))
    return found


def model_size_claims(reply: str, texts: Sequence[str], n_features: int) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each number of features and training size of `reply`.

    Args:
        reply: the reply as the guard reads it.
        texts: the strings of the turn's outputs.
        n_features: the host's number of features (0: not known, not read).
    """
    trained = _training_numbers(texts)
    for sentence in sentences(reply):
        if sentence.rstrip().endswith("?"):
            continue
        for m in _FEATURE_COUNT.finditer(sentence) if n_features else ():
            kind = (m.group("kind") or "").lower()
            if (
                kind in _KINDS
                or _PART.search(sentence[: m.start("n")])
                or re.search(r"\bnot\b|n't\b", sentence[: m.start()], re.I)
            ):
                continue
            said = m.group("n").lower()
            n = int(said) if said.isdigit() else UNITS[said]
            yield f"model fact: {n} features", n == n_features
        for m in _TRAINED_ON.finditer(sentence) if trained else ():
            value, percent = float(m.group("n").replace(",", "")), bool(m.group("pct"))
            if not percent and value <= 10:
                continue  # "trained on 5 folds' worth": a small count is left to the other readings
            holds = any(p == percent and abs(v - value) <= (5.0 if percent else 0.5) for v, p in trained or ())
            yield f"model fact: trained on {m.group('n')}{'%' if percent else ''}", holds
