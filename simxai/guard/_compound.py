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
#: The number as written: a sign, then a decimal between 0 and 1 (".31" or "0.31").
_SAID = re.compile(r"[+−-]?(?:0|1)?\.\d+|[+−-]?[01]")


def compound_share(clause: str, start: int, end: int, facts: Facts) -> tuple[str, bool] | None:
    """("a compound score", holds) when the number at `clause[start:end]` is said as the compound score and the
    outputs give a probability of "positive"; None otherwise (read as before).
    """
    if _COMPOUND_BEFORE.search(clause[max(0, start - 70) : start]) is None:
        return None
    sign_at = start - 1 if start > 0 and clause[start - 1] in "+−-" else start
    said = clause[sign_at:end].strip()
    if _SAID.fullmatch(said) is None:
        return None
    value = float(said.replace("−", "-"))
    if not -1 <= value <= 1:
        return None
    positive = [values for label, values in facts.label_numbers.items() if label.lower() == "positive"]
    shares = {x / 100 if x > 1 else x for values in positive for x in values}
    if not shares:
        return None
    return "a compound score", any(abs(2 * p - 1 - value) <= shown_slack(said) for p in shares)
