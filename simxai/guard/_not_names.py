"""Words read in a feature's place that name no feature: how much or how sure, and the model's call (claims-37,
gfa30).

Faithful replies of several writers were flagged as naming invented features: "The smallest pushes on 333 are LDL
..." (g27, "smallest"), "still pale, firmer — .432 → .650" (g28, "firmer"), "negative, with positive still at
0.341" (g27, a class and "still"); and, as an item of a list of valued features, "confidence drops about 14 points
to 66 %" (g28) and "the call flips: bulged at 70.93 %" (g25). A phrase made only of such words (and classes) is no
name; a phrase that starts with a word of the model's call is the call, no item of a list of features. "least" is
not one of them: "the feature the model leans on least" (g22) is flagged by it in a faithful reply and in the
unfaithful one beside it alike, whose catch would be lost.
"""

from __future__ import annotations

__all__ = ["CALL_WORDS", "DEGREE_WORDS"]

#: Words of degree or certainty said of a push or a call, never a feature's name by themselves.
DEGREE_WORDS = frozenset(
    "smallest firmer surer shakier weaker stronger safer smaller bigger larger greater still".split()
)
#: Words of the model's call and its certainty: "confidence drops ...", "the call flips ...".
CALL_WORDS = frozenset("confidence call verdict prediction certainty".split())
