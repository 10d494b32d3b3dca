"""The learned selector's choice for one turn, among the functions a host registers (step 2 of `router`).

The selector gives a calibrated probability per function it knows and for "no function" (`_NONE`); the options the
turn cannot mean are set aside and the bar of a sure choice is fitted to what is left (`_router_unsure.fit_options`).
A host's own function, which the selector cannot know, wins when its spec is the one most similar to the turn. A
metric named makes an unsure choice, "no function" or the data's description a performance question; and when "no
function" is as likely as the runner-up of an unsure choice, the turn gets the plain reply, not a question, unless it
names a group or an instance of the host's data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from simxai.backends._router_decision import Decision, metric_named, names_metric
from simxai.backends._router_going_back import PLACE_REFERENCE, with_reference_as_pronoun, without_going_back
from simxai.backends._router_masking import mask, selector_text
from simxai.backends._router_similarity import SIMILARITY_THRESHOLD, SpecIndex, for_similarity
from simxai.backends._router_unsure import fit_options
from simxai.backends.base import CompletionRequest
from simxai.backends.router_model import SelectorModel
from simxai.extraction import extract_group, extract_ids
from simxai.hosts.base import HostSchema
from simxai.registry import FunctionSpec

__all__ = ["selector_decision", "selector_probabilities"]

_NONE = "none"  # the selector's class for a turn that asks for no function
_SUBJECT = re.compile(r"\b(?:GROUP|INSTANCE)\b")  # what the masking puts for a group or an instance named
# an instance referred to by its place in the dialogue ("the first one", "the other one"): a subject as well
_PLACE = re.compile(PLACE_REFERENCE, re.IGNORECASE)


def selector_decision(
    selector: SelectorModel,
    threshold: float,
    text: str,
    request: CompletionRequest,
    index_of: Callable[[Sequence[FunctionSpec]], SpecIndex],
) -> Decision:
    """The selector's choice among the registered functions (None: no function), with its probability; `threshold`
    is the router's clarification threshold and `index_of` the index of the specs' texts (built once per set).
    """
    text = _as_read(text, request.host)
    known = set(selector.classes)
    allowed = _allowed(selector, request)
    probabilities = selector.probabilities(selector_text(text, request.host), allowed)
    # unsure: the options the turn cannot mean are none, and the one left must stand alone to be answered
    probabilities, sure_above = fit_options(probabilities, threshold, text, request.host)
    own = [s for s in request.functions if s.name not in known]
    if own:
        # a host's own function wins when its spec is the one most similar to the turn
        index = index_of(request.functions)
        similarities = index.scores(for_similarity(mask(text, request.host)))
        best = int(similarities.argmax())
        if index.names[best] not in known and similarities[best] >= SIMILARITY_THRESHOLD:
            return Decision(index.names[best], float(similarities[best]), True)
    ranked = sorted(probabilities, key=probabilities.__getitem__, reverse=True)
    top = ranked[0]
    confidence = probabilities[top]
    confident = confidence >= sure_above
    runner_up = next((n for n in ranked[1:] if n != _NONE), None)
    named = (top in (_NONE, "get_data_information") or not confident) and names_metric(text)
    if named and "get_model_performance" in allowed:
        top, confident = "get_model_performance", True  # "f1 for ...", "all the metrics": a metric's value
    elif _on_a_group(top, confident, text, request.host) and "get_model_performance" in allowed:
        top, confident = "get_model_performance", True  # "how does it go on the west pads?": how well, there
    if top == _NONE or (
        not confident
        and runner_up is not None
        and probabilities.get(_NONE, 0.0) >= probabilities[runner_up]
        and not _SUBJECT.search(mask(text, request.host))
        and not _PLACE.search(text)
    ):
        # "no function" needs no confidence, and when a turn may ask for nothing at all, asking which
        # function it means is the wrong question: it gets the plain reply that lists what can be asked. A turn
        # that names a group or an instance of the host's data is about the model: asked, not refused ("how many
        # members on the silver plan wind up with a surcharge?" when the selector is unsure of it)
        return Decision(None, confidence, True)
    return metric_named(Decision(top, confidence, confident, runner_up=runner_up), text, request.host)


def selector_probabilities(selector: SelectorModel, text: str, request: CompletionRequest) -> dict[str, float]:
    """The selector's calibrated probability of each function the host registers (and of "no function"), for `text`
    read as `selector_decision` reads it, before any option is set aside.
    """
    return selector.probabilities(
        selector_text(_as_read(text, request.host), request.host), _allowed(selector, request)
    )


def _as_read(text: str, schema: HostSchema | None) -> str:
    """The turn as the selector reads it."""
    text = without_going_back(text)  # "back to the first one: why is it a rebind": the question is the rest
    text = with_reference_as_pronoun(text)  # "why is the other one late": "why is it late"
    return with_class_as_verb(text, schema)  # "what would clear it": "what would make it clear"


def _allowed(selector: SelectorModel, request: CompletionRequest) -> frozenset[str]:
    """The selector's classes the host registers, and "no function"."""
    known = set(selector.classes)
    return frozenset({*(s.name for s in request.functions if s.name in known), _NONE})


# "how does it go on ...", "how's it do for ...", "how does the model fare with ...": how the model does, said of a
# group; no function but the performance's tells how it does on a group (the cards describe the model as a whole)
_HOW_IT_DOES = re.compile(
    r"\bhow(?:'s|\s+(?:does|did|do|is|was|will|would))\s+(?:it|the\s+model|this\s+model|the\s+classifier|they)\s+"
    r"(?:(?:actually|really)\s+)?(?:do|doing|go|going|fare|faring|get\s+on|getting\s+on|cope|coping)\s+"
    r"(?:on|for|with|among|in|across)\b",
    re.IGNORECASE,
)
_CARDS = frozenset({_NONE, "get_model_information", "get_output_information", "get_data_information"})


def _on_a_group(top: str, confident: bool, text: str, schema: HostSchema | None) -> bool:
    """Whether the turn asks how the model does on a group it names, and the selector chose a card or a prediction
    (of no instance named), or is unsure.
    """
    if (top not in _CARDS and top != "get_prediction" and confident) or not _HOW_IT_DOES.search(text):
        return False
    if schema is None or extract_ids(text, schema):
        return False  # "how does it do for 3012?": that one's prediction
    return "GROUP" in mask(text, schema).split() or extract_group(text, schema) is not None  # "log cabin quilts"


def with_class_as_verb(text: str, schema: HostSchema | None) -> str:
    """`text` with a class said as a verb of the instance ("what would open it", "what could clear her") read as
    making it that class ("what would make it open"), the wording the selector knows for a counterfactual. Read for
    the selector only, not in its masking: the training texts stay as the shipped selector read them.
    """
    if schema is None or not schema.class_names:
        return text
    names = "|".join(re.escape(c) for c in sorted(schema.class_names, key=len, reverse=True))
    pattern = rf"\b(would|could|will|can)\s+({names})\s+(it|him|her|them|this\s+one|that\s+one)\b"
    return re.sub(pattern, r"\1 make \3 \2", text, flags=re.IGNORECASE)
