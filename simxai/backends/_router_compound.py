"""A compound request ("what does it predict for patient 5, and why?"): its parts, and the functions they ask for.

The offline router (`simxai.backends.router`) scores a whole turn first; when the turn is several requests, each
part is scored on its own and every part the selector is sure of adds its function to the decision.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from simxai.backends._router_arguments import judges_the_model
from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import only_names_instance
from simxai.backends.base import CompletionRequest

__all__ = ["REQUEST", "compound"]

# Where a compound request's next request starts: a new sentence, "and why/how/what", "then", "second", "(2)".
PART_BREAK = re.compile(
    r"(?:[.?!;]+\s+|\s*,?\s*\b(?:and|&)\s+(?:then\s+|also\s+|next\s+|secondly\s+)?(?=(?:why|how|what|which|tell|show|"
    r"give|explain|display|list|describe)\b)|\s*,?\s*\b(?:then|followed\s+by|next|afterwards|second(?:ly)?|"
    r"finally)\b,?\s*|\(\s*NUM\s*\)\s*)",
    re.IGNORECASE,
)
ABOUT = re.compile(r"^\W*(?:and\s+)?(?:what|how)\s+about\b|^\W*(?:and\s+)?(?:the\s+)?same\s+for\b", re.IGNORECASE)
HYPOTHETICAL = re.compile(r"\b(?:if|suppos\w*|imagin\w*|assum\w*)\b", re.IGNORECASE)
#: A yes/no guess at what the previous part asks the reason of ("why does 7 get this? was it the renewals?"): part of
#: that explanation, which answers it, not a request of its own.
GUESSED_CAUSE = re.compile(r"^\W*(?:and\s+|so\s+)?(?:was|is|were|are)\s+(?:it|that|this)\b", re.IGNORECASE)
EXPLANATIONS = ("get_local_explanation", "get_global_explanation", "explain_why_not")
REQUEST = re.compile(
    r"^\W*(?:(?:and|then|also|so|now|ok(?:ay)?|but|well|first(?:ly)?|initially)\W+)*(?:why|how|what(?:'s)?|which|who|"
    r"where|when|is|are|was|were|does|do|did|can|could|would|will|should|show|tell|give|explain|display|list|"
    r"describe|predict|run|compute|find|provide|please|i\s+(?:want|need|would\s+like))\b",
    re.IGNORECASE,
)


def compound(
    decision: Decision, masked: str, request: CompletionRequest, score: Callable[[str, CompletionRequest], Decision]
) -> Decision:
    """The decision, with the further functions of a compound request.

    "What does it predict for id 5, and why?", "show me the data. then the predictions": each part is routed
    on its own and counts when the selector is sure of it, if the whole turn's choice is among the parts'.
    """
    if decision.function == "explain_what_if":
        return decision  # the what-if function answers the question asked under the changes
    # a part counts if it is a request ("Nice work! What model is it?": one), not a frame ("if ...") or "and 6?"
    parts = [p for p in PART_BREAK.split(masked) if p and REQUEST.match(p) and not HYPOTHETICAL.search(p)]
    parts = parts[:1] + [p for p in parts[1:] if not (ABOUT.match(p) and only_names_instance(p, request.host))]
    if len(parts) < 2:
        return decision
    chosen: list[str] = []
    for part in parts:
        if chosen and chosen[-1] in EXPLANATIONS and GUESSED_CAUSE.match(part):
            continue  # "... why? was it the renewals?": the explanation answers the guess
        routed = score(part, request)
        # a what-if part names no change (the whole turn would have been a what-if), so it is no request
        function = routed.function
        if function == "get_prediction" and decision.function == "get_model_performance" and judges_the_model(part):
            # "is it fair to the over 70s? is it wrong about them more often?": the whole turn's reading of the part
            function = decision.function
        if routed.confident and function is not None and function not in ("explain_what_if", *chosen):
            chosen.append(function)
    if len(chosen) < 2 or decision.function not in chosen:
        return decision
    return Decision(chosen[0], decision.confidence, True, also=tuple(chosen[1:]))
