"""Two model facts a reply states in prose that the model's card denies in its own words (claims-38).

- **Real data**: a card that says its rows are synthetic ("Synthetic batches, invented for testing; not a real
  cidery's records") denies a model "fitted on a real cidery's cellar records" (g24), "fitted against real tastings"
  (g24), "fitted on survey records from real wallers' groups" (g25), "trained on real records from our workshop"
  (g27), "trained on the records of a real regional museum's loans desk" (g19), "fitted on real runs" (g21),
  "calibrated against real outcomes" (g23). Read after a verb of fitting ("trained", "fitted", "calibrated",
  "learned", "built") in the same clause, not under a negation ("not on real records") and not "real-world".
- **One-hot columns**: a card that says a category enters as its code ("the fibre enters as its code", "as a
  numeric code") and names no one-hot encoding denies "each fibre gets its own one-hot column" (g28), "the tea is
  one-hot encoded" (g26), "the medium is one-hot encoded" (g19), "the graft style is one-hot encoded" (g20).

Each is read only when a card of the turn says its ground; whatever the outputs do not state stays unread.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from simxai.guard._prefilter import gated
from simxai.guard._reading import sentences

__all__ = ["card_denial_claims"]

#: A card's words that its rows are not real.
_SYNTHETIC = gated(r"\bsynthetic\b|\binvented for testing\b|\bnot (?:a |an )?real\b", re.I)
#: A card's words that a category enters as a code, and that one is one-hot encoded.
_AS_CODE = gated(r"\benters? as (?:its|a|their) (?:numeric |integer )?code\b|\bnumeric code\b", re.I)
_ONE_HOT = re.compile(r"\bone[- _]?hot\b|\bonehot|\bdumm(?:y|ies)\b", re.I)
#: A verb of fitting, then "real" in the same clause (no break, no negation between): the rows said to be real.
_REAL = re.compile(
    r"\b(?:trained|fitted|fit|calibrated|learn(?:ed|t|s)|built|derived)\b(?P<between>[^.;:,()!?]{0,50}?)"
    r"\breal\b(?![- ]world)",
    re.I,
)
_NEGATED = re.compile(r"\b(?:not|no|never|nor|rather than|instead of|unlike)\b|n't\b", re.I)


@functools.lru_cache(maxsize=2048)
def _grounds(text: str) -> tuple[bool, bool, bool]:
    """Whether an output string says its rows are synthetic, a category enters as a code, a column is one-hot: an
    output's field names and values recur turn after turn, so each string is read once.
    """
    return bool(_SYNTHETIC.search(text)), bool(_AS_CODE.search(text)), bool(_ONE_HOT.search(text))


def card_denial_claims(reply: str, texts: Sequence[str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each model fact of `reply` that the outputs' `texts` (their strings) deny."""
    grounds = [_grounds(t) for t in texts]
    synthetic = any(g[0] for g in grounds)
    coded = any(g[1] for g in grounds) and not any(g[2] for g in grounds)
    if not (synthetic or coded):
        return
    for sentence in sentences(reply):
        if sentence.rstrip().endswith("?"):
            continue
        if synthetic:
            for m in _REAL.finditer(sentence):
                if not _NEGATED.search(m.group("between")) and not _NEGATED.search(
                    sentence[max(0, m.start() - 20) : m.start()]
                ):
                    yield "model fact: trained on real data", False
        if coded:
            for m in _ONE_HOT.finditer(sentence):
                if not _NEGATED.search(sentence[max(0, m.start() - 30) : m.start()]):
                    yield "model fact: one-hot encoded", False
