"""A class said in the writer's own words, bound by meaning (claims-51, guard44; issue 13's recall on unseen writers).

The readings before bind a class only by its name and by the forms a list knows (noun, gerund, a card's verb).
A writer who knows the host says a class in words of their own: "predicted to need new gear", "the call is a
fledging one", "it would end up being slack". A label swap said that way passed. Here a word or short phrase said
in a label's position (after a prediction verb, as a change's outcome) is compared, by WordLlama's static
embedding (the wheel the router ships; loaded on first need, never downloaded), with each class's name and with
the host's own gloss of the class (the output card's `label_meanings`, when it has them). The phrase names the
class it is nearest to only when that class is nearer than every other by at least `MARGIN` (cosine); otherwise
the phrase is listed as unchecked. A phrase that holds a class's name or form is the readings' before, never this
module's.

`MARGIN` was chosen on the DEV writers g33-g40 (`python bench/guard_meaning.py`): the margin above which the
phrases' bindings on faithful replies name a class the outputs give (docs/guard.md, claims-51).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from simxai.guard._prefilter import gated

__all__ = ["MARGIN", "Binding", "Phrase", "bind_phrase", "label_phrases"]

#: How much nearer (cosine) the phrase must be to one class than to every other to name it.
MARGIN = 0.2

_OBJECT = r"(?:it|her|him|them|this\s+one|that\s+one|[a-z]+\s+#?\d+)"
#: The positions a class is said in: after a verb of predicting or of a change's outcome. The phrase follows.
_POSITION = gated(
    r"\b(?:"
    rf"predict(?:s|ed)?(?:\s+{_OBJECT})?(?:\s+(?:to\s+be|as|to))?|"
    rf"classif(?:ies|ied|y)(?:\s+{_OBJECT})?\s+as|labell?(?:s|ed)?(?:\s+{_OBJECT})?\s+as|"
    rf"(?:model|classifier|forest)\s+(?:says|said|would\s+say|calls\s+{_OBJECT}|reads\s+{_OBJECT}\s+as|"
    rf"rates\s+{_OBJECT}(?:\s+as)?|puts\s+{_OBJECT}\s+(?:down\s+)?as|expects\s+{_OBJECT}\s+to(?:\s+be)?)|"
    r"(?:verdict|call|prediction|forecast)\s+(?:is|was|would\s+be|becomes|stays|remains|flips\s+to|changes\s+to)"
    r"(?:\s+still)?|"
    r"(?:would|will|could)\s+(?:end\s+up|come\s+out)(?:\s+(?:being|as))?|"
    # "is expected to ring true", "is likely to go ahead", "reads as a complaint", "is counted as"
    r"(?:is|are|was|were|looks?|seems?)\s+(?:(?:almost|most|very|quite|fairly|\w+ly)\s+){0,2}"
    r"(?:expected|likely|predicted|forecast|projected|tipped|going|set)\s+to|"
    r"reads?\s+as|(?:is|are|was|were)\s+(?:counted|read|judged|deemed|rated|marked|flagged|tagged|classed)(?:\s+as)?|"
    r"(?:would|will)\s+(?:then\s+|instead\s+)?be|"
    rf"(?:flip|tip|turn)(?:s|ped|ed|ping|ing)?\s+(?:{_OBJECT}\s+)?(?:over\s+)?(?:in)?to|"
    # "switching to the airstrip" is a change of a feature; "switches it to X" moves the call
    rf"(?:switch|push|move)(?:es|s|ed|ing)?\s+{_OBJECT}\s+(?:over\s+)?(?:in)?to"
    r")\s+(?P<phrase>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,4})",
    re.I,
)
#: Words that end a phrase: a preposition, a conjunction, a word of time or degree after the class.
_STOP = frozenset(
    "at with by and or but because since if when than in on of now today after before again instead rather "
    "anymore while so though although whereas unless once until despite from about around above below as is was "
    "would will could should were are be being roughly nearly almost just".split()
)
#: Words before the class that say nothing of it: articles, a degree, "still", a copula.
_LEAD = frozenset(
    "a an the still only just clearly firmly narrowly barely comfortably very quite now be being as likely "
    "probably surely almost certainly most".split()
)
#: Words after the class that name the kind of thing it is, not the class: "a fledging call".
_TAIL = frozenset("call verdict label class category one prediction outcome state result status grade".split())
#: Function words a phrase does not end with: "go back to the" of "go back to the furnace" cut short.
_TRAILING = frozenset("a an the to its their his her".split())
#: A phrase holding one of these is about something else than the class: a share, a score, the call's rightness.
_ELSEWHERE = frozenset(
    "score scores risk chance chances odds probability likelihood share wrongly rightly correctly".split()
)
#: A phrase of only these says no class: a pronoun, a comparison, a word of sameness or change ("the same").
_EMPTY = frozenset(
    "it its them they this that these those same different other another surer likelier more less most least "
    "something anything nothing either neither both which what who unchanged changed higher lower not no "
    "right wrong correct incorrect mistaken accurate sure unsure confident certain uncertain".split()
)


@dataclass(frozen=True)
class Phrase:
    """A word or short phrase said in a label's position: its text and its span in the clause."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Binding:
    """The class a phrase is nearest to, by how much it is nearer than the next, and whether that is enough."""

    label: str
    margin: float

    @property
    def sure(self) -> bool:
        """Whether the phrase is clearly nearer to `label` than to every other class (`MARGIN`)."""
        return self.margin >= MARGIN


def label_phrases(clause: str, names: Sequence[str]) -> list[Phrase]:
    """The phrases of `clause` said in a label's position that hold no word of `names` (a class's name or form,
    a feature's name: those are read elsewhere).
    """
    taken = {w for n in names for w in re.findall(r"[a-z0-9]+", n.lower())}
    found = []
    for m in _POSITION.finditer(clause):
        words = m.group("phrase").split()
        kept: list[str] = []
        for word in words:
            low = word.lower().strip("'")
            if not kept and low in _LEAD:
                continue
            if low in _STOP:
                break  # "predicted with a share of": a preposition first says no class
            kept.append(word)
        while kept and (kept[-1].lower() in _TAIL or kept[-1].lower() in _TRAILING):
            kept.pop()
        if not kept or all(w.lower() in _EMPTY for w in kept) or any(w.lower() in _ELSEWHERE for w in words):
            continue
        if any(w in taken for k in kept for w in re.findall(r"[a-z0-9]+", k.lower())):
            continue
        start = m.start("phrase") + m.group("phrase").find(kept[0])
        text = " ".join(kept)
        end = start + len(text)
        if clause[start:end] != text:  # more than one space between its words: not rewritten
            continue
        found.append(Phrase(text, start, end))
    return found


def bind_phrase(
    phrase: str, labels: Sequence[str], meanings: Mapping[str, str], kind: str = "wordllama"
) -> Binding | None:
    """The class `phrase` is nearest in meaning to (by its name, or the host's gloss of it), or None when there
    are fewer than two classes or the phrase has no word the embedding knows.
    """
    if len(labels) < 2:
        return None
    vector = _vectors((phrase,), kind)[0]
    if not vector.any():
        return None
    scores = []
    for label in labels:
        texts = (label.replace("_", " "), *_parts(meanings.get(label, "")))
        scores.append(float(np.max(_vectors(texts, kind) @ vector)))
    order = np.argsort(scores)[::-1]
    return Binding(labels[int(order[0])], scores[int(order[0])] - scores[int(order[1])])


def _parts(meaning: str) -> tuple[str, ...]:
    """A class's gloss and its parts ("cracked, porous or off its note, so it goes back to the furnace": each
    clause alone), so that a short phrase is compared with the part it paraphrases, not the whole gloss's mean.
    """
    if not meaning.strip():
        return ()
    parts = [p.strip() for p in re.split(r"[,;:]|\s(?:and|so|or|but)\s", meaning) if len(p.strip()) > 2]
    return (meaning, *(p for p in parts if p != meaning))


@functools.lru_cache(maxsize=4096)
def _vectors(texts: tuple[str, ...], kind: str = "wordllama") -> np.ndarray:
    """Unit-length static embeddings of `texts` (a zero row for a text with no known token), cached: WordLlama's,
    or (`kind="minilm-static"`, compared in docs/guard.md) the router's static MiniLM table's.
    """
    # imported here: the embedding is loaded on the first reply that needs it, never at import
    from simxai.backends.router_model import embed

    return embed([t.lower() for t in texts], kind)
