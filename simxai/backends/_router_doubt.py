"""A sure choice of a function about the model or the data as a whole that the turn cannot mean: asked about instead.

The router answers with the selector's choice when its calibrated probability clears the clarification threshold
(`ASK_BELOW`). Below it, `_router_unsure.fit_options` first sets aside the options a turn cannot mean by their
contract and answers only an option that holds `ONE_LEFT` of what is left. A sure choice skips those checks (but for
a sure what-if or why-not, which `fit_options` checks on its own). Measured on people/ authors whose turns the
selector never saw (the odd authors w35 ... w45 under a selector trained without them, `bench/selector_doubt.py`),
such a choice is a guess when it falls short of that same bar and is a function that takes no instance (a
description of the model, of its outputs or of the data; the global explanation; the performance) while the turn,
by that function's contract, is about something it cannot answer: one named instance ("Ready for 4410. Verdict?",
read as a description of the outputs), a group named for a description of the model, a ranking or the model's errors
asked of the data's description. The three such turns there were all confidently wrong.

So (`doubted`, called where the router commits to the selector's choice): such a choice below `ONE_LEFT`, whose
runner-up the turn can mean, is set aside as `_router_unsure.fit_options` sets aside an unsure choice the turn cannot
mean (ask46): the options the contract rules out are dropped from the selector's probabilities, the one left is
answered when it holds `ONE_LEFT` of what is left ("standing by for 4410's word, go ahead" once the outputs'
description, the explanation with no word of reasons and "no function" are out: its prediction), and otherwise the
question offers the two likeliest options left, never the choice that was ruled out. With no probabilities to refit
(`options` None), the question offers the runner-up first and the choice second, as before. Left as they were:

- a choice at or above `ONE_LEFT`, where the selector's near-certainty beats the contract's readings;
- a choice of a function that takes an instance: its contract is a list of words (of reasons, of keeping or
  changing, of a class to reach) that a person's wording often misses ("4410 fit, how near the line is it" asks what
  keeps it fit with no word of keeping: right, and asked about when this reading also covered it);
- a runner-up the turn cannot mean either, a compound request's sure parts, a router that never asks (threshold 0).

The other signals measured there (a higher bar on every turn or on follow-ups, the margin between the two likeliest
functions, a choice that leaves the dialogue's previous function, a known confusable top pair) newly ask many right
answers for each wrong one they remove: none reaches one wrong answer in three (docs/router.md, the forty-first
round), the rule by which the clarification threshold itself was chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import mask
from simxai.backends._router_score import selector_probabilities
from simxai.backends._router_unsure import ONE_LEFT, ruled_out
from simxai.backends.base import CompletionRequest
from simxai.backends.router_model import SelectorModel

#: The selector's probabilities of a turn's options (`_router_score.selector_probabilities`), for the refit
Options = Callable[[str], Mapping[str, float]]
_NONE = "none"

__all__ = ["doubted", "question_instead", "ruled_out_by_contract", "takes_no_instance"]


def ruled_out_by_contract(function: str, text: str, request: CompletionRequest) -> bool:
    """Whether `text` cannot be asking for `function`, by that function's own contract alone (`ruled_out`)."""
    schema = request.host
    return function in ruled_out(text, mask(text, schema), schema, (function,))


def takes_no_instance(function: str, request: CompletionRequest) -> bool:
    """Whether `function` is registered and answers about the model or the data as a whole (no `instance` argument)."""
    spec = next((s for s in request.functions if s.name == function), None)
    return spec is not None and all(p.name != "instance" for p in spec.parameters)


def doubted(
    decision: Decision,
    text: str,
    request: CompletionRequest,
    threshold: float,
    selector: SelectorModel | None = None,
) -> Decision:
    """The selector's sure `decision` for `text`, or what replaces it when it is in doubt (module doc).

    `threshold` is the router's clarification threshold: at 0 the router never asks, and nothing is doubted.
    `selector` gives the probabilities of the turn's options, refitted once the choice is set aside.
    """
    if threshold <= 0.0:
        return decision
    options = None if selector is None else (lambda said: selector_probabilities(selector, said, request))
    return question_instead(decision, text, request, options) or decision


def question_instead(
    decision: Decision, text: str, request: CompletionRequest, options: Options | None = None
) -> Decision | None:
    """What replaces a sure choice in doubt (module doc): the one option left standing, or the question between the
    two likeliest left (without `options`: the runner-up and the choice); None when the choice stands.
    """
    if (
        not decision.confident
        or decision.function is None
        or decision.runner_up is None
        or decision.also
        or decision.confidence >= ONE_LEFT
        or not takes_no_instance(decision.function, request)
    ):
        return None
    if not ruled_out_by_contract(decision.function, text, request):
        return None
    if ruled_out_by_contract(decision.runner_up, text, request):
        return None  # no option the turn can mean to offer instead: the selector's choice stands
    asked = Decision(decision.runner_up, decision.confidence, False, runner_up=decision.function)
    return asked if options is None else _refitted(options(text), text, request) or asked


def _refitted(probabilities: Mapping[str, float], text: str, request: CompletionRequest) -> Decision | None:
    """The options the turn can mean, renormalised: the top one answered when it holds `ONE_LEFT` of them, else the
    question between the two likeliest; None when "no function" leads what is left or fewer than one function is
    left (the runner-up's question then stands).
    """
    unfit = ruled_out(text, mask(text, request.host), request.host, probabilities)
    kept = {name: p for name, p in probabilities.items() if name not in unfit}
    total = sum(kept.values())
    ranked = sorted(kept, key=kept.__getitem__, reverse=True)
    if total <= 0.0 or not ranked or ranked[0] == _NONE:
        return None
    share = kept[ranked[0]] / total
    if share >= ONE_LEFT:
        return Decision(ranked[0], share, True)
    second = next((name for name in ranked[1:] if name != _NONE), None)
    return None if second is None else Decision(ranked[0], share, False, runner_up=second)
