"""A text model's compound score said beside its share (gfa32): "a final compound of about +0.31 for that one —
positive, roughly two chances in three" (g30), "the final compound goes from roughly +0.31 to about −0.27" (g30),
"positive 0.901 / negative 0.099. compound ≈ +0.80", "confidence 79 %, so a final compound of roughly +0.59" (g29).

The sentiment host's score is VADER's compound, from -1 to +1, and its probability of "positive" is that score
rescaled, (compound + 1) / 2 (the host's model card says so). A number said as the compound was read as a number of
no field and flagged. It is now checked as the compound of the positive class's probability in the outputs: it
holds when 2p - 1 is the number at the precision shown, for some probability p of the class named "positive" (the
class the compound leans towards). A wrong compound ("+0.13" for 0.655, or "-0.31" where the review is positive at
0.655) is still flagged; with no class named "positive" in the outputs nothing changes.
"""

from __future__ import annotations

import re

from simxai.guard._facts import Facts
from simxai.guard._reading import shown_slack

__all__ = ["compound_share"]

#: "compound" (or "compound score") said shortly before the number, with at most a verb, a hedge and a sign between,
#: or a "from ... to" run: "a final compound of about +0.31", "compound ≈ +0.80", "compound goes from roughly +0.31
#: to about -0.27".
_COMPOUND_BEFORE = re.compile(
    r"\bcompound(?:\s+score)?(?:\s+(?:of|is|was|at|goes|went|moves|falls|drops|rises|comes\s+out\s+at|lands\s+at))?"
    r"(?:\s+from(?:\s+[^;:!?]{0,30}?\s+to)?)?\s*[=≈~:]?\s*"
    r"(?:about|roughly|around|approximately|approx\.|nearly|almost|exactly|just|some|near|close\s+to)?\s*[+−-]?$",
    re.I,
)
#: A score said with its scale after it: "Final score about −0.46 on VADER's −1 to +1 scale" (gfa37).
_ON_SCALE = re.compile(r"\s*(?:on|in)\s+(?:the\s+)?(?:vader|compound)\b", re.I)
_SCORE_BEFORE = re.compile(r"\bscore\b[^.;:!?\d]{0,25}$", re.I)
#: The ends of the compound's scale, "−1 to +1", "-1 ... 1".
_SCALE_END = re.compile(r"\s*(?:to|…|\.\.\.|-|–)\s*[+]?1\b", re.I)
_SCALE_START = re.compile(r"[−-]1\s*(?:to|…|\.\.\.|–)\s*$", re.I)
#: The number as written: a sign, then a decimal between 0 and 1 (".31" or "0.31").
_SAID = re.compile(r"[+−-]?(?:0|1)?\.\d+|[+−-]?[01]")


def compound_share(clause: str, start: int, end: int, facts: Facts) -> tuple[str, bool] | None:
    """("a compound score", holds) when the number at `clause[start:end]` is said as the compound score and the
    outputs give a probability of "positive" (or of "negative", whose complement it is); None otherwise (read as
    before).
    """
    sign_at = start - 1 if start > 0 and clause[start - 1] in "+−-" else start
    said = clause[sign_at:end].strip()
    if _SAID.fullmatch(said) is None:
        return None
    value = float(said.replace("−", "-"))
    if not -1 <= value <= 1:
        return None
    on_scale = _ON_SCALE.match(clause[end : end + 60]) is not None
    if abs(value) == 1 and (_SCALE_END.match(clause[end : end + 40]) or _SCALE_START.search(clause[:sign_at])):
        return "a scale's end", True  # "on VADER's −1 to +1 scale" (gfa37)
    if _COMPOUND_BEFORE.search(clause[max(0, start - 70) : start]) is None and not (
        on_scale and _SCORE_BEFORE.search(clause[max(0, start - 40) : sign_at])
    ):
        return None
    shares = set()
    for label, values in facts.label_numbers.items():
        if label.lower() in ("positive", "negative"):  # a two-class sentiment host: p(positive) = 1 - p(negative)
            shares |= {
                (x / 100 if x > 1 else x) if label.lower() == "positive" else 1 - (x / 100 if x > 1 else x)
                for x in values
            }
    if not shares:
        return None
    return "a compound score", any(abs(2 * p - 1 - value) <= shown_slack(said) for p in shares)
