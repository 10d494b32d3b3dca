"""A sure choice of the selector that the turn cannot mean by the function's own contract: asked about instead.

The router answers with the selector's choice when its calibrated probability clears the clarification threshold
(`ASK_BELOW`). Below it, `_router_unsure.fit_options` first sets aside the options a turn cannot mean by their
contract (a description of the outputs, of the model or of the data asked of one named instance; a data question
that names the model's errors; a search for what keeps a class with no word of keeping or changing; ...) and then
answers only an option that holds `ONE_LEFT` of what is left. A sure choice skips those checks (but for a sure
what-if or why-not, which `fit_options` checks on its own). Measured on people/ authors whose turns the selector
never saw (the odd authors w35 ... w45 under a selector trained without them, `bench/selector_doubt.py`), such a
choice is a guess when it falls short of that same bar: every sure choice below `ONE_LEFT` that its contract rules
out was confidently wrong ("Ready for 4410. Verdict?": the description of the outputs, for one named instance).

So (`doubted`, called where the router commits to the selector's choice): a sure choice below `ONE_LEFT` of a
function the turn cannot mean, whose runner-up it can mean, asks between the runner-up (offered first) and the
choice. A choice at or above `ONE_LEFT` stands (the contract's word lists are readings, not certainties: "how
jumpy is the score of 4410 to small nudges?" names no keeping or changing, and the selector's near-certainty
that it asks what keeps the class is right), and so do a compound request's sure parts and a router that never
asks (threshold 0).

The other signals measured there (a higher bar on every turn or on follow-ups, the margin between the two likeliest
functions, a choice that leaves the dialogue's previous function, a known confusable top pair) newly ask many right
answers for each wrong one they remove: none reaches one wrong answer in three (docs/router.md, the forty-first
round), the rule by which the clarification threshold itself was chosen.
"""

from __future__ import annotations

from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import mask
from simxai.backends._router_unsure import ONE_LEFT, ruled_out
from simxai.backends.base import CompletionRequest

__all__ = ["CHECKED_BEFORE", "doubted", "question_instead", "ruled_out_by_contract"]

#: Sure choices that `_router_unsure.fit_options` already checks against their contract, with its own exceptions
# (a what-if may say its step without a feature's name: "52044 fired hotter").
CHECKED_BEFORE = frozenset({"explain_what_if", "explain_why_not"})


def ruled_out_by_contract(function: str, text: str, request: CompletionRequest) -> bool:
    """Whether `text` cannot be asking for `function`, by that function's own contract alone (`ruled_out`)."""
    schema = request.host
    return function in ruled_out(text, mask(text, schema), schema, (function,))


def doubted(decision: Decision, text: str, request: CompletionRequest, threshold: float) -> Decision:
    """The selector's sure `decision` for `text`, or the question that replaces it when it is in doubt (module doc).

    `threshold` is the router's clarification threshold: at 0 the router never asks, and nothing is doubted.
    """
    if threshold <= 0.0:
        return decision
    return question_instead(decision, text, request) or decision


def question_instead(decision: Decision, text: str, request: CompletionRequest) -> Decision | None:
    """The question between the runner-up and a sure choice in doubt (module doc), or None when the choice stands."""
    if (
        not decision.confident
        or decision.function is None
        or decision.runner_up is None
        or decision.also
        or decision.function in CHECKED_BEFORE
        or decision.confidence >= ONE_LEFT
    ):
        return None
    if not ruled_out_by_contract(decision.function, text, request):
        return None
    if ruled_out_by_contract(decision.runner_up, text, request):
        return None  # no option the turn can mean to offer instead: the selector's choice stands
    return Decision(decision.runner_up, decision.confidence, False, runner_up=decision.function)
