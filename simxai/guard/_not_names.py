"""Words read in a feature's place that name no feature: how much or how sure, and the model's call (claims-37,
gfa30).

Faithful replies of several writers were flagged as naming invented features: "The smallest pushes on 333 are LDL
..." (g27, "smallest"), "still pale, firmer — .432 → .650" (g28, "firmer"), "negative, with positive still at
0.341" (g27, a class and "still"); and, as an item of a list of valued features, "confidence drops about 14 points
to 66 %" (g28) and "the call flips: bulged at 70.93 %" (g25). A phrase made only of such words (and classes) is no
name; a phrase that starts with a word of the model's call is the call, no item of a list of features. "least" is
not one of them: "the feature the model leans on least" (g22) is flagged by it in a faithful reply and in the
unfaithful one beside it alike, whose catch would be lost.

How sure a call is, said by an adverb of manner (claims-53, gfa46): "stays rejected, more surely" (g41, g42), "Ring,
narrowly: ..." (g42), "Dragging, and firmly: ..." (g40). An adverb compared ("more surely", "less firmly") is no
name in any host, and neither is an adverb right after the class that opens a sentence, closing its clause: it says
how the call was made. A superlative ("Biggest pushes toward gold") is a degree like "smallest".
"""

from __future__ import annotations

import re

__all__ = ["CALL_WORDS", "DEGREE_WORDS", "call_adverb", "compared_adverb"]

#: Words of degree or certainty said of a push or a call, never a feature's name by themselves.
DEGREE_WORDS = frozenset(
    "smallest firmer surer shakier weaker stronger safer smaller bigger larger greater still "
    "biggest largest strongest greatest weakest".split()
)
#: An adverb of manner compared: "more surely", "less firmly", "far more clearly".
_COMPARED = re.compile(r"(?:more|less|most|least)\s+[a-z]{3,}ly", re.I)
#: Right after a class that opens its sentence: an adverb of manner that closes its clause ("Ring, narrowly:",
#: "Dragging, and firmly:", "Approved, comfortably.").
_CALL_ADVERB = re.compile(r"\s*,\s*(?:and\s+|but\s+)?(?:(?:very|quite|only|more|less)\s+)?([a-z]{3,}ly)\s*(?:[:;.!—–]|\s-\s|$)", re.I)
#: Words of the model's call and its certainty: "confidence drops ...", "the call flips ...".
CALL_WORDS = frozenset("confidence call verdict prediction certainty".split())


def compared_adverb(phrase: str) -> bool:
    """Whether `phrase`, read in a name's place, is an adverb of manner compared ("more surely"): no name."""
    return _COMPARED.fullmatch(phrase.strip()) is not None


def call_adverb(after_label: str) -> str:
    """The adverb of manner that closes the clause right after a class opening its sentence (`after_label`: the
    text after the class: ", narrowly: ..." gives "narrowly"), or "".
    """
    m = _CALL_ADVERB.match(after_label)
    return m.group(1).lower() if m else ""
