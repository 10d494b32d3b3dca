"""On a text host, whether a turn that does not start with a request word still asks something of the model.

The router takes a text host's turn for a text to classify when it asks nothing of the model ("The acting was
wooden."); a turn in the words of evaluation ("pls the confusion matrix for the reviews") is a request however
it starts.
"""

from __future__ import annotations

import re

from simxai.backends._router_decision import Decision
from simxai.hosts.base import HostSchema, regular_plural
from simxai.messages import ToolCall

__all__ = ["asks_about_the_instances", "asks_of_the_model", "is_content", "over_all_records"]

# Words of explanation and evaluation that a review does not use of itself ("pls the confusion matrix for the
# reviews", "whats the um precision", "most important words overall"): a turn with one asks something of the model.
_SYSTEM_JARGON = re.compile(
    r"\b(?:confusion\s+matri\w*|area\s+under\s+(?:the\s+)?curve|precision|recall|f-?1|f-?score|auc|roc|accuracy|"
    r"attributions?|counterfactuals?|"
    r"cfs?|shap|lime|saliency|feature\s+importances?|importances?|explanations?|explain\w*|misclassif\w*|"
    r"probabilit\w*|proba|classif\w*|predict(?!ab)\w*|word-level|token-level|tokens?|"
    # the words weighed by the model ("most important words overall", "which words matter"), no review's words
    r"important\s+(?:words?|terms?|features?)|words?\s+(?:that\s+)?(?:matter|count|weigh|drive)\w*)\b",
    re.IGNORECASE,
)
# A request marker anywhere in the turn, not only at its start ("ok now cf for 90 pls", "the precision, please?")
_REQUEST_MARKER = re.compile(
    r"\b(?:pls|plz|please|can\s+you|could\s+you|would\s+you|show\s+me|tell\s+me|give\s+me|i\s+(?:want|need))\b|\?",
    re.IGNORECASE,
)


def asks_of_the_model(masked: str, decision: Decision) -> bool:
    """Whether a text host's turn that does not start with a request word still asks something of the model.

    It does when it uses the words of explanation and evaluation, or when the selector is sure of a function
    other than a prediction and the turn has a request marker anywhere ("pls", "?"). The selector's
    confidence alone is no evidence: it is sure of some function for about a third of the host's own reviews.
    """
    if decision.function in (None, "get_prediction"):
        return False
    return bool(_SYSTEM_JARGON.search(masked)) or (decision.confident and bool(_REQUEST_MARKER.search(masked)))


_CONTENT_WORDS = re.compile(r"[A-Za-z]{2,}")
_DIALOGUE_WORDS = re.compile(
    # (the model's nouns in the plural too: "what are the labels" asks about the model, it is no text to classify)
    r"\b(?:you|your|i|i'm|my|me|we|model|classifier|system|explain\w*|predict(?:s|ed|ion|ions)?|outputs?|labels?|"
    r"class(?:es)?|results?|features?|data|instances?)\b",
    re.IGNORECASE,
)


# A turn that opens by telling the system to work on its data or its input ("split it up by ...", "redo it with
# a milder word", "sort them by ..."): an instruction, not a text to classify, whatever function it wants.
_OPERATION = re.compile(
    r"^\W*(?:(?:and|so|but|ok(?:ay)?|now|then|please|pls|just)\W+)*(?:break|split|group|sort|filter|re-?run|redo|"
    r"re-?do|swap|replace|compare|plot|chart|tabulate|export|rank|segment|slice)\s+(?:it|them|this|that|these|those|"
    r"the|each|all|everything|out|up|down|by)\b",
    re.IGNORECASE,
)
# A turn that opens by supposing something ("what if price was high", "suppose the plot were better", "imagine
# ..."): a question to the system about a change, not a text to classify.
_SUPPOSES = re.compile(
    r"^\W*(?:(?:and|so|but|ok(?:ay)?|now|then)\W+)*(?:what\s+if|what\s+(?:would|will)\s+(?:happen|change)\s+if|"
    r"suppos(?:e|ing)|imagine|assum(?:e|ing)|let'?s\s+say)\b",
    re.IGNORECASE,
)


def is_content(masked: str, small_talk: re.Pattern[str]) -> bool:
    """Whether a turn is a bare text (or a text plus "given this" words) rather than talk with the system.

    A turn that opens by supposing a change ("what if price was high") talks with the system.
    """
    if _SUPPOSES.match(masked) or _OPERATION.match(masked):
        return False
    if "INSTANCE" in masked:
        return len(_CONTENT_WORDS.findall(masked.replace("INSTANCE", ""))) <= 3
    return (
        len(_CONTENT_WORDS.findall(masked)) >= 4
        and small_talk.match(masked) is None
        and _DIALOGUE_WORDS.search(masked) is None
    )


# A question by its form: a question word first, or a question mark last.
_QUESTION = re.compile(r"^\W*(?:how|what|which|who|why|when|where|is|are|does|do|did|can|could)\b|\?\W*$", re.I)


def asks_about_the_instances(text: str, schema: HostSchema) -> bool:
    """Whether a text host's turn is a question about its instances as a set ("how many reviews does it
    hold", "how is it doing on the short reviews?"): the host's noun in the plural, in a turn shaped as a
    question. A text to classify speaks of its subject, not of the host's records.
    """
    noun = (schema.instance_noun or "").lower()
    if not noun or _QUESTION.search(text) is None:
        return False
    return re.search(rf"\b(?:{re.escape(regular_plural(noun))}|{re.escape(noun)}s)\b", text, re.IGNORECASE) is not None


_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)


def over_all_records(calls: list[ToolCall], text: str, schema: HostSchema | None) -> list[ToolCall]:
    """The calls, a prediction with no instance taken over all the records when a text host's turn counts them ("of
    all the reviews, how many does it call negative?"): the engine would otherwise ask which review is meant.
    """
    if (
        schema is None
        or schema.kind != "text"
        or not _HOW_MANY.search(text)
        or not asks_about_the_instances(text, schema)
    ):
        return calls
    return [
        call.model_copy(update={"arguments": {**call.arguments, "instance": "all"}})
        if call.name == "get_prediction" and "instance" not in call.arguments
        else call
        for call in calls
    ]
