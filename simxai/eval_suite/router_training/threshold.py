"""The clarification threshold a sweep chooses: the rule that sets the router's `ASK_BELOW` (docs/router.md,
"Calibration and the clarification threshold").

`train.threshold_sweep` prints, for each threshold, the share of turns asked about and how many of the turns each step
adds would have been answered wrongly; `chosen_threshold` climbs those lines.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from simxai.exceptions import UsageError

__all__ = ["DOUBT_STANDARD_ERRORS", "MIN_STEP_TURNS", "STEP_PAYS", "chosen_threshold", "step_pays"]

#: A step up of the clarification threshold pays when at least this share of the turns it adds to those asked about
#: would have been answered wrongly: there a question costs the user less than the wrong answers it avoids. A
#: question costs one short turn, asked of every added turn; a confident wrong answer is taken here to cost three
#: (the user may act on it, or must notice it first), so a step pays from one wrong in three (docs/router.md,
#: "Fifteenth round: the figures at its end").
STEP_PAYS = 1 / 3
#: A step of the sweep that adds fewer turns than this (with its counts printed) is too few to judge on its own: one
#: wrong in five is 20 % or, a turn either way, 0 or 40 %. It is judged together with the next step (its turns and
#: wrongs carried over), so that a handful of turns at a low threshold cannot end the climb (eighteenth round: a step
#: of 5 turns, 1 wrong, chose "never ask" while the next 43 turns were 70 % wrong; docs/router.md).
MIN_STEP_TURNS = 20
#: A step's wrong share is an estimate from its turns, not a certainty: one standard error of a share of 75 wrong in
#: 235 turns is 3 points. A step whose counts leave the bar within one standard error above its share is taken (the
#: doubt goes to asking: a confident wrong answer is worse than a short question back). The choice had flipped
#: between 0.6 and 0.7 from one rebuild to the next on steps to 0.7 a few turns either side of the bar (thirty-fourth
#: round: 75 wrong of 235 added, 31.9 %, which pays by this rule); the doubt narrows that edge without removing it (the
#: thirty-fifth round's step, 76 of 253 = 30.0 %, falls short even so; docs/router.md, "Thirty-fifth round").
DOUBT_STANDARD_ERRORS = 1.0
_SWEEP_LINE = re.compile(
    r"ask below (?P<threshold>[\d.]+): asked (?P<asked>[\d.]+)%.*wrong among the added (?P<added>[\d.]+)%"
    r"(?: \((?P<wrong>\d+) of (?P<count>\d+)\))?"
)


def chosen_threshold(sweep: Sequence[str]) -> float:
    """The clarification threshold a sweep of `threshold_sweep` chooses.

    From the lowest threshold up, each step that adds turns to those asked about must pay (`STEP_PAYS`); the choice
    is the last step before the first that does not. A step that adds no turn costs nothing and is passed over. A
    line with its counts ("(26 of 78)") is judged on them (`step_pays`: exactly one wrong in three pays, and so does
    a share the bar lies within one standard error of); a step of fewer than `MIN_STEP_TURNS` turns is judged
    together with the next (a last one left so is not taken). The router's
    `ASK_BELOW` is this choice on the sweep the training command chooses from (`threshold_sweep_chosen`: the people/
    authors' requests out of author), stored in the shipped artifact (tests/backends/test_router.py checks that
    they agree).

    Raises:
        UsageError: a line that is not one of `threshold_sweep`'s.
    """
    chosen, asked_before = 0.0, 0.0
    carried, carried_wrong = 0, 0  # the turns of steps too few to judge alone (`MIN_STEP_TURNS`)
    for line in sweep:
        match = _SWEEP_LINE.search(line)
        if match is None:
            raise UsageError(f"not a line of the threshold sweep: {line!r}")
        asked = float(match["asked"])
        if match["count"] is not None:
            counted, wrong = int(match["count"]) + carried, int(match["wrong"]) + carried_wrong
            if 0 < counted < MIN_STEP_TURNS:
                carried, carried_wrong, asked_before = counted, wrong, asked
                continue
            carried, carried_wrong = 0, 0
            added: float = counted
            pays = step_pays(wrong, counted)
        else:
            added = asked - asked_before
            pays = float(match["added"]) / 100 >= STEP_PAYS - 1e-9  # a line without counts: its share alone
        if added > 0:
            if not pays:
                break
            chosen = float(match["threshold"])
        asked_before = asked
    return chosen


def step_pays(wrong: int, added: int) -> bool:
    """Whether a step up that adds `added` turns to those asked about, `wrong` of which would have been answered
    wrongly, pays: its share of wrong turns is at least `STEP_PAYS`, or falls short of it by less than
    `DOUBT_STANDARD_ERRORS` standard errors of the share (binomial, from the step's own counts).
    """
    if added <= 0:
        return False
    share = wrong / added
    doubt = DOUBT_STANDARD_ERRORS * math.sqrt(share * (1 - share) / added)
    return share + doubt >= STEP_PAYS - 1e-9  # exactly one in three pays
