"""The offline router: SimXAI's default backend, which selects functions without an LLM.

A turn is routed in four steps:

1. **Small talk and follow-ups.** Greetings, thanks and goodbyes get a short honest reply. A turn that only
   names another instance ("and for patient 4?") or asks for "another one" repeats the previous function,
   taken from the last tool calls in the history (or, in a replayed text-only dialogue, by routing the
   previous user turn).
2. **A learned selector.** The turn is masked (quoted texts, groups, features, numbers, labels and the
   host's instance noun become placeholders) and a multinomial logistic regression over its word and
   character n-grams (`simxai.backends._router_model`, trained by `python -m simxai.eval_suite.router_training`
   on requests generated for many host schemas, CoXQL's train split and TalkToModel's templates) gives a
   calibrated probability per function, or for "no function". A host's own registered functions, which the
   selector cannot know, are chosen by similarity to their specs (`simxai.backends._router_similarity`).
3. **Asking when unsure.** When the top probability is below the threshold, the router asks one short
   question offering the two likeliest functions instead of answering a different question; the next turn
   may pick one ("the first", "the second", or a word of the option).
4. **Arguments.** Each parameter of the chosen function is extracted from the turn by `simxai.extraction`;
   what cannot be found is left out (the engine fills it from the dialogue state or asks). Several ids
   ("compare patients 3 and 4") give one call each, at most four.

The selector's training data is generated from templates written for it and from public *training* data
only; earlier versions of this router used hand-weighted cue regexes that were refined on the SimXAI and
sentiment evaluation sets (see docs/router.md). It never writes replies after calls (`writes_replies =
False`): the engine renders the outputs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simxai.backends._router_model import SelectorModel, load_selector, read_selector
from simxai.backends._router_similarity import SIMILARITY_THRESHOLD, SpecIndex, for_similarity, spec_documents
from simxai.backends.base import CLARIFY, Backend, CompletionRequest, CompletionResponse
from simxai.exceptions import UsageError
from simxai.extraction import (
    extract_argument,
    extract_changes,
    extract_ids,
    extract_instance,
    extract_texts,
    feature_spans,
    group_spans,
)
from simxai.followup import (
    INSTANCE_COUNTERPART,
    adds_to_previous,
    bare_why,
    carried_change,
    class_follow_up,
    extract_step,
    focus_feature,
    group_follow_up,
    group_phrase,
    last_call,
    names_other_class,
    other_class_arguments,
    same_question,
    shifted_condition,
    step_changes,
)
from simxai.host_examples import example_questions
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall
from simxai.normalize import normalize
from simxai.registry import FunctionSpec
from simxai.textbounds import bounded_text

__all__ = [
    "ASK_BELOW",
    "CLARIFICATION_PREFIX",
    "MAX_CALLS",
    "RouterBackend",
    "selector_text",
    "spec_documents",
]

#: The calibrated top probability below which the router asks which of two functions is meant (chosen on the
#: dev split of the training data, docs/router.md).
ASK_BELOW = 0.6
#: How a clarifying question of the router starts; the next turn may answer it.
CLARIFICATION_PREFIX = "To answer the right question:"
#: At most this many calls for one turn ("compare patients 3, 4, 5 and 6").
MAX_CALLS = 4
# How many follow-ups back ("another one?" after "another one?") a replayed dialogue is traced.
_MAX_FOLLOW_UP_DEPTH = 3
# The selector's class for a turn that asks for no function.
_NONE = "none"

# Where a compound request starts its next request: a new sentence, "and why / how / what ...", "then",
# "followed by", "second", "(2)".
_PART_BREAK = re.compile(
    r"(?:[.?!;]+\s+|\s*,?\s*\b(?:and|&)\s+(?:then\s+|also\s+|next\s+|secondly\s+)?(?=(?:why|how|what|which|tell|show|"
    r"give|explain|display|list|describe)\b)|\s*,?\s*\b(?:then|followed\s+by|next|afterwards|second(?:ly)?|"
    r"finally)\b,?\s*|\(\s*NUM\s*\)\s*)",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(r"\b(?:if|suppos\w*|imagin\w*|assum\w*)\b", re.IGNORECASE)
_REQUEST = re.compile(
    r"^\W*(?:(?:and|then|also|so|now|ok(?:ay)?|but|well|first(?:ly)?|initially)\W+)*(?:why|how|what(?:'s)?|which|who|"
    r"where|when|is|are|was|were|does|do|did|can|could|would|will|should|show|tell|give|explain|display|list|"
    r"describe|predict|run|compute|find|provide|please|i\s+(?:want|need|would\s+like))\b",
    re.IGNORECASE,
)
_SMALL_TALK = re.compile(
    r"^\W*(?:(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings|thanks?(?:\s+you)?(?:\s+so\s+much)?|"
    r"thx|cheers|great|nice|cool|ok(?:ay)?|got\s+it|i\s+see|bye|goodbye|see\s+you|that'?s\s+(?:all|it|helpful|"
    r"great|clear)|perfect|awesome|wonderful|no|yes|sure|alright|all\s+right)\b[\s\W]*)+"
    r"(?:(?:for\s+(?:\w+\s+){0,5}?\w+|a\s+lot|everything|again|bye|later|for\s+now)[\s\W]*)*$",
    re.IGNORECASE,
)
#: Questions about SimXAI itself, as a whole turn: answered with what it can do, never by a function.
_CAPABILITY = re.compile(
    r"^\W*(?:help(?:\s+me)?|what\s+(?:can|could)\s+(?:you|i)\s+(?:do|ask(?:\s+you)?)|what\s+do\s+you\s+do|"
    r"what\s+are\s+you|who\s+are\s+you|how\s+does\s+(?:this|it)\s+work|what\s+is\s+this)\W*$",
    re.IGNORECASE,
)
_GREETING = re.compile(r"^\W*(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings)\b", re.IGNORECASE)
_THANKS = re.compile(r"\b(?:thanks?|thx|cheers|appreciate)\b", re.IGNORECASE)
_GOODBYE = re.compile(r"\b(?:bye|goodbye|see\s+you|later|that'?s\s+all)\b", re.IGNORECASE)
_ANOTHER = re.compile(
    r"\b(?:another(?:\s+one)?|one\s+more|more\s+(?:of\s+(?:them|those)|examples?|ones?)|again|a\s+different\s+one|"
    r"something\s+else|next\s+one|other\s+ones?)\b",
    re.IGNORECASE,
)
_ACKNOWLEDGEMENT = re.compile(
    r"\b(?:thanks?|thank\s+you|makes\s+sense|got\s+it|i\s+see|understood|good\s+to\s+know|interesting|"
    r"fascinating|helpful|cool|nice|great|perfect|awesome|that'?s\s+(?:clear|all))\b",
    re.IGNORECASE,
)
# Words that can surround an instance in a follow-up without asking anything new ("and what about 4?").
_FILLER = frozenset(
    "and what about how for the a an now then same please ok okay so try with one instead too as well also "
    "do does it is this that case of show me again can you could i see give tell let's let us question thing "
    "thanks thank yes no sure id instance row sample example number record item entry text sentence review "
    "input data point one ones people those NUM INSTANCE GROUP".split()
)


# Words around a feature or a change in a follow-up that asks nothing new ("and the bmi feature?", "and if
# she were 10 years older?").
_FEATURE_FILLER = _FILLER | frozenset("feature variable column attribute field of on about".split())
# A word that asks something of its own: a turn holding one is more than a follow-up's new group.
_ASKS = re.compile(
    r"\b(?:what|why|how|which|who|show|tell|give|explain|predict\w*|list|describe|compare|FEATURE|INSTANCE)\b",
    re.IGNORECASE,
)
_PRONOUNS = frozenset("her his their its she he they".split())
_CHANGE_FILLER = _FILLER | frozenset(
    "if she he they were was had been would be years year older younger higher lower more less by points % "
    "instead increase decrease raise reduce set to".split()
)


def _only_fillers(masked: str, fillers: frozenset[str]) -> bool:
    return all(w.lower() in fillers or w in fillers for w in re.findall(r"[A-Za-z']+|%", masked))


def _only_names_instance(masked: str, schema: HostSchema | None) -> bool:
    """Whether a turn names an instance and nothing else ("and for 4?", "what about patient 7?")."""
    if "INSTANCE" not in masked and "NUM" not in masked and "GROUP" not in masked:
        return False
    if "GROUP" in masked and re.search(r"\b(?:show|display|list|print|see|give)\b", masked, re.IGNORECASE):
        return False  # "show me those with bmi over 30": the group's rows, not the previous question again
    noun = schema.instance_noun.lower() if schema is not None and schema.instance_noun else ""
    words = re.findall(r"[A-Za-z']+", masked)
    return all(w in _FILLER or w.lower() in _FILLER or w.lower() in (noun, noun + "s") for w in words)


def _mask(text: str, schema: HostSchema | None) -> str:
    """The turn with its instance and labels replaced by placeholders, so only the request is compared."""
    masked = text
    for span in sorted(extract_texts(text), key=len, reverse=True):
        masked = masked.replace(span, " INSTANCE ")
    masked = re.sub(r"['\"“”‘’]\s*INSTANCE\s*['\"“”‘’]", " INSTANCE ", masked)
    masked = masked.replace("’", "'").replace("‘", "'")
    if schema is not None and schema.kind == "text" and "INSTANCE" not in masked:
        instance = extract_instance(masked, schema)
        if isinstance(instance, str) and instance != "INSTANCE" and len(instance) < len(masked):
            masked = masked.replace(instance, " INSTANCE ")
    if schema is not None and schema.kind != "text":
        masked = _mask_spans(masked, group_spans(masked, schema), " GROUP ")
        masked = _mask_spans(masked, feature_spans(masked, schema), " FEATURE ")
    # "on all the data": the scope of the question, whose word "data" must not make it a question about the data
    masked = _WHOLE_DATA.sub(" across everything ", masked)
    masked = re.sub(r"#?\b\d+(?:[.,]\d+)*\b", " NUM ", masked)
    if schema is not None:
        for name in sorted(schema.class_names, key=len, reverse=True):
            masked = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " LABEL ", masked, flags=re.IGNORECASE)
    return " ".join(masked.split())


_WHOLE_DATA = re.compile(
    r"\b(?:on|for|across|over|of|to)\s+(?:all|every|the\s+(?:whole|entire|full))\s+(?:of\s+)?(?:the\s+)?(?:training\s+|test\s+)?"
    r"(?:data\s*set|data|instances|rows|samples|examples|records|people|cases|data\s*points)\b",
    re.IGNORECASE,
)


def selector_text(text: str, schema: HostSchema | None) -> str:
    """The turn as the learned selector reads it: masked, with the host's noun generic and named changes flagged."""
    from simxai.backends._router_model import model_text

    # a group's condition ("those with bmi of 30") is no change, and feature values name a change only in a
    # conditional or with a change verb ("if her bmi were 30", "set bmi to 30"), not in "a patient with bmi 30"
    masked = _mask(text, schema)
    changes = _CHANGE_WORDS.search(masked) and extract_changes(
        _mask_spans(text, group_spans(text, schema), " "), schema
    )
    return model_text(masked, schema, names_changes=bool(changes))


_CHANGE_WORDS = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*|assum\w*|instead|were|had|chang\w*|set|increas\w*|decreas\w*|rais\w*|"
    r"lower\w*|reduc\w*|replac\w*|swap\w*|remov\w*|delet\w*|doubl\w*|halv\w*|add\w*|subtract\w*|drop\w*|"
    r"rose|fell|went|los[et]\w*|gain\w*|t[ao]ok|take|taking)\b|^\W*(?:let'?s\s+)?say\b",
    re.IGNORECASE,
)


def _mask_spans(text: str, spans: Sequence[tuple[int, int]], placeholder: str) -> str:
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + placeholder + text[end:]
    return text


# ---------------------------------------------------------------------------------------------------------
# The backend


@dataclass(frozen=True)
class _Decision:
    function: str | None
    confidence: float
    confident: bool
    whole_text: bool = False  # the turn itself is the instance (a bare text for a text host)
    also: tuple[str, ...] = ()  # further functions a compound request asks for ("predict it, then explain")
    runner_up: str | None = None  # the second likeliest function, offered when the router asks
    arguments: dict[str, Any] | None = None  # a follow-up's arguments, taken from the previous call


class RouterBackend(Backend):
    """Selects functions and extracts their arguments offline, without an LLM.

    Args:
        threshold: the calibrated probability below which the router asks which function is meant instead
            of answering. None uses `ASK_BELOW`; 0 never asks.
        model: a selector artifact to use instead of the shipped one (e.g. the train-only model that
            `router_training --dev-model` writes, to measure the dev split).

    Raises:
        UsageError: a threshold outside [0, 1], or a model file that is missing or not an artifact.
    """

    name = "router"
    writes_replies = False

    def __init__(self, *, threshold: float | None = None, model: Path | None = None) -> None:
        if threshold is not None and not 0.0 <= threshold <= 1.0:
            raise UsageError(f"router threshold must be between 0 and 1, got {threshold}")
        self.threshold = ASK_BELOW if threshold is None else threshold
        self._model = read_selector(model) if model is not None else None
        self._indexes: dict[tuple[Any, ...], SpecIndex] = {}

    @property
    def selector(self) -> SelectorModel:
        """The learned selector (the shipped one is loaded on first use, once per process)."""
        return self._model if self._model is not None else load_selector()

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Route the last user turn of `request` to function calls, a clarifying question, or a plain reply."""
        messages = [m for m in request.messages if m.role != "system"]
        if not messages or messages[-1].role == "tool":
            return CompletionResponse(content="", model=self.name, finish_reason="stop")
        last = messages[-1]
        # What the parsers would read anyway (see simxai.textbounds), so the spans they return fit the text.
        text = bounded_text(last.content)
        history = messages[:-1]
        specs = {s.name: s for s in request.functions}
        if not specs or request.tool_choice == "none":
            return self._reply(text, request.functions, request.host)
        text = normalize(text, request.host, _known_words(request.functions))
        asked = history[-1] if history and history[-1].role == "assistant" else None
        if asked is not None and asked.content.startswith(CLARIFICATION_PREFIX) and _AMBIGUOUS_YES.match(text):
            # "yes" to "do you want (1) or (2)?" picks neither: the question stands
            return CompletionResponse(content=asked.content, model=self.name, finish_reason=CLARIFY)
        answered = self._answered_clarification(text, history, request)
        if answered is not None:
            # the user picked an option of our question: route the question asked before it
            decision, text, history = answered
        else:
            decision = self._decide(text, history, request)
        if decision.function is None:
            return self._reply(text, request.functions, request.host)
        if not decision.confident and decision.runner_up is not None:
            return self._clarify(decision, specs)
        if decision.whole_text or decision.arguments is not None:
            arguments = {"instance": text.strip()} if decision.whole_text else dict(decision.arguments or {})
            call = ToolCall(id="call_0", name=decision.function, arguments=arguments)
            return CompletionResponse(tool_calls=[call], model=self.name, finish_reason="tool_calls")
        calls = []
        for name in (decision.function, *decision.also):
            calls += self._calls(specs[name], text, history, request.host)
        calls = [call.model_copy(update={"id": f"call_{i}"}) for i, call in enumerate(calls[:MAX_CALLS])]
        return CompletionResponse(tool_calls=calls, model=self.name, finish_reason="tool_calls")

    # --- selection ------------------------------------------------------------------------------------

    def _decide(self, text: str, history: Sequence[Message], request: CompletionRequest, depth: int = 0) -> _Decision:
        schema = request.host
        names = {s.name for s in request.functions}
        masked = _mask(text, schema)
        decision = self._score(text, request)
        repeated = self._repeat(text, masked, history, request)
        if repeated is not None:
            return repeated
        if _only_names_instance(masked, schema):
            # "and for patient 4?", "what about 'another text'?": the previous question, another instance.
            previous = self._previous_function(history, request, depth, about_an_instance=True)
            if previous in names:
                return _Decision(previous, decision.confidence, True)
            if "get_prediction" in names:
                return _Decision("get_prediction", decision.confidence, True)
        follow_up = self._follow_up(text, masked, history, request, depth)
        if follow_up is not None:
            return _Decision(follow_up, decision.confidence, True)
        if (
            _ANOTHER.search(masked)
            and len(text.split()) <= 10
            and (decision.function is None or not decision.confident)
        ):
            previous = self._previous_function(history, request, depth)
            if previous in names:
                return _Decision(previous, decision.confidence, True)
        if _CAPABILITY.match(text):
            return _Decision(None, decision.confidence, True)
        if not decision.confident and (_SMALL_TALK.match(text) or (_ACKNOWLEDGEMENT.search(text) and "?" not in text)):
            return _Decision(None, decision.confidence, True)
        if (
            schema is not None
            and schema.kind == "text"
            and "get_prediction" in names
            and _is_content(masked)
            and (decision.function is None or not decision.confident or not _REQUEST.match(masked))
        ):
            # A text host's input is text: a statement that asks nothing of the model is a text to classify.
            return _Decision("get_prediction", decision.confidence, True, whole_text="INSTANCE" not in masked)
        if decision.function is None or not decision.confident:
            return decision
        return self._compound(decision, masked, request)

    def _repeat(
        self, text: str, masked: str, history: Sequence[Message], request: CompletionRequest
    ) -> _Decision | None:
        """The previous call again with one thing replaced, for a follow-up that only names that thing.

        "same for the other class" swaps the label, "and for those who rent?" after a metric moves it to a
        group, "and for patient 14?" after a global explanation asks for the instance's own, "and her
        glucose?" after a relative what-if makes the same change to glucose (see `simxai.followup`).
        """
        previous = last_call(history)
        takes = {s.name: [p.name for p in s.parameters] for s in request.functions}
        if previous is None or previous.name not in takes:
            return None
        schema = request.host
        if (
            bare_why(text)
            and "instance" not in takes[previous.name]
            and previous.name != "get_global_explanation"
            and {"get_local_explanation", "get_global_explanation"} <= set(takes)
        ):
            # "why?" after a metric or the data card: no function explains that answer; the instance discussed
            # earlier is stale, so ask whether it is that instance's prediction or the model overall
            return _Decision("get_local_explanation", 0.0, False, runner_up="get_global_explanation")
        if bare_why(text) and "instance" in takes[previous.name] and "get_local_explanation" in takes:
            return _Decision("get_local_explanation", 1.0, True)  # "how come?" after a prediction: why it is so
        if names_other_class(text) and len(text.split()) <= 8 and schema is not None:
            arguments = other_class_arguments(previous, schema.class_names, takes[previous.name])
            if arguments is not None:
                return _Decision(previous.name, 1.0, True, arguments=arguments)
        if schema is None:
            return None
        if same_question(text) and "instance" in takes[previous.name]:
            # "same for applicant 56": the previous call with every argument kept but the instance
            instance = extract_instance(text, schema)
            if instance is not None and not extract_changes(text, schema):
                return _Decision(previous.name, 1.0, True, arguments={**previous.arguments, "instance": instance})
        named = class_follow_up(text, schema.class_names, schema.instance_noun)
        if named is not None:
            arguments = other_class_arguments(previous, schema.class_names, takes[previous.name], named)
            if arguments is not None:
                return _Decision(previous.name, 1.0, True, arguments=arguments)
        for name in ("group", "instance"):
            condition = previous.arguments.get(name)
            shifted = shifted_condition(text, condition) if isinstance(condition, str) else None
            if shifted is not None:  # "and over 40?" after "... on patients under 40?"
                return _Decision(previous.name, 1.0, True, arguments={**previous.arguments, name: shifted})
        edits = extract_changes(text, schema) if schema.kind == "text" and "explain_what_if" in takes else None
        if edits and "text" not in edits and "instance" in previous.arguments and not extract_ids(text, schema):
            # "remove 'not'" after a question about a review: an edit of that review, not a new text
            edited = {str(part) for pair in edits.items() for part in pair}
            if all(quoted in edited for quoted in extract_texts(text)):
                return _Decision("explain_what_if", 1.0, True, arguments={"changes": edits})
        group = extract_argument("group", text, schema) if "group" in takes[previous.name] else None
        ids = extract_ids(text, schema)
        # "for patients over 50" after a metric: a group and no new request
        only_group = bool(group) and len(text.split()) <= 8 and not _ASKS.search(masked)
        if group_follow_up(text, group, ids, previous) or (only_group and previous.name == "get_model_performance"):
            return _Decision(previous.name, 1.0, True)
        phrase = group_phrase(text) if previous.name == "get_model_performance" and not ids else None
        if phrase is not None and "INSTANCE" not in masked:
            # "for women?" after a metric: that group, scored or refused plainly, never everyone's figure
            return _Decision(previous.name, 1.0, True, arguments={**previous.arguments, "group": group or phrase})
        counterpart = INSTANCE_COUNTERPART.get(previous.name)
        if counterpart in takes and "GROUP" not in masked and _only_names_instance(masked, schema):
            return _Decision(counterpart, 1.0, True)
        if (
            previous.name == "explain_what_if"
            and schema.kind == "tabular"
            and "FEATURE" in masked
            and "NUM" not in masked  # "10 years": an amount (of age), not another feature
            and _only_fillers(masked.replace("FEATURE", " "), _FEATURE_FILLER | _PRONOUNS)
        ):
            # "and her glucose?": the same relative change to glucose; after an absolute change the engine asks
            spans = feature_spans(text, schema)
            feature = extract_argument("feature", text, schema) if len(spans) == 1 else None
            changes = carried_change(str(feature), previous) if isinstance(feature, str) else None
            return _Decision(previous.name, 1.0, True, arguments={"changes": changes} if changes else {})
        return None

    def _follow_up(
        self, text: str, masked: str, history: Sequence[Message], request: CompletionRequest, depth: int
    ) -> str | None:
        """The function of a follow-up that changes one thing of the previous question, or None.

        After a what-if, a change that names no feature ("what about 5 more?", "and if it were 20 % lower
        instead?") is another what-if on the feature in focus. After a question about a feature ("tell me
        about the data" -> "what about the bmi feature?"), a turn that only names another feature asks the
        same question about it. A turn that only names a change ("ten years older") asks what it does to the
        instance in focus.
        """
        names = {s.name for s in request.functions}
        schema = request.host
        if schema is None or schema.kind != "tabular":
            return None
        previous = self._previous_function(history, request, depth)
        if previous is None:
            return None
        if previous == "explain_what_if" and not extract_changes(text, schema) and extract_step(text, schema):
            return previous
        takes = {s.name: {p.name for p in s.parameters} for s in request.functions}
        if "FEATURE" in masked and _only_fillers(masked.replace("FEATURE", " "), _FEATURE_FILLER):
            return previous if "feature" in takes.get(previous, set()) else None
        if (
            "explain_what_if" in names
            and "instance" in takes.get(previous, set())
            and extract_changes(text, schema)
            and _only_fillers(masked.replace("FEATURE", " "), _CHANGE_FILLER)
        ):
            return "explain_what_if"
        return None

    def _compound(self, decision: _Decision, masked: str, request: CompletionRequest) -> _Decision:
        """The decision, with the further functions of a compound request.

        "What does it predict for id 5, and why?", "show me the data. then the predictions": each part is
        routed on its own and counts when the selector is sure of it, if the whole turn's choice is among
        the parts'.
        """
        if decision.function == "explain_what_if":
            return decision  # the what-if function answers the question asked under the changes
        # a part counts only if it is a request itself: "Nice performance! What model is it?" asks one thing
        # and a hypothetical part ("what if I expected X? why didn't it?") only frames the other part
        parts = [p for p in _PART_BREAK.split(masked) if p and _REQUEST.match(p) and not _HYPOTHETICAL.search(p)]
        if len(parts) < 2:
            return decision
        chosen: list[str] = []
        for part in parts:
            routed = self._score(part, request)
            # a what-if part names no change (the whole turn would have been a what-if), so it is no request
            function = routed.function
            if routed.confident and function is not None and function not in ("explain_what_if", *chosen):
                chosen.append(function)
        if len(chosen) < 2 or decision.function not in chosen:
            return decision
        return _Decision(chosen[0], decision.confidence, True, also=tuple(chosen[1:]))

    def _score(self, text: str, request: CompletionRequest) -> _Decision:
        """The selector's choice among the registered functions (None: no function), with its probability."""
        selector = self.selector
        known = set(selector.classes)
        registered = [s.name for s in request.functions]
        allowed = frozenset({*(n for n in registered if n in known), _NONE})
        probabilities = selector.probabilities(selector_text(text, request.host), allowed)
        own = [s for s in request.functions if s.name not in known]
        if own:
            # a host's own function wins when its spec is the one most similar to the turn
            index = self._index(request.functions)
            similarities = index.scores(for_similarity(_mask(text, request.host)))
            best = int(similarities.argmax())
            if index.names[best] not in known and similarities[best] >= SIMILARITY_THRESHOLD:
                return _Decision(index.names[best], float(similarities[best]), True)
        ranked = sorted(probabilities, key=probabilities.__getitem__, reverse=True)
        top = ranked[0]
        confidence = probabilities[top]
        confident = confidence >= self.threshold
        runner_up = next((n for n in ranked[1:] if n != _NONE), None)
        if top == _NONE or (
            not confident and runner_up is not None and probabilities[_NONE] >= probabilities[runner_up]
        ):
            # "no function" needs no confidence, and when a turn may ask for nothing at all, asking which
            # function it means is the wrong question: it gets the plain reply that lists what can be asked
            return _Decision(None, confidence, True)
        return _Decision(top, confidence, confident, runner_up=runner_up)

    def _index(self, specs: Sequence[FunctionSpec]) -> SpecIndex:
        key = tuple((s.name, s.summary, s.description, tuple(s.examples)) for s in specs)
        index = self._indexes.get(key)
        if index is None:
            index = self._indexes[key] = SpecIndex.build(specs)
        return index

    def _answered_clarification(
        self, text: str, history: Sequence[Message], request: CompletionRequest
    ) -> tuple[_Decision, str, list[Message]] | None:
        """The chosen option, the question it answers and that question's history, if `text` picks an option."""
        choice = _CHOICE.match(text)
        if choice is None or len(history) < 2:
            return None
        asked, question = history[-1], history[-2]
        if asked.role != "assistant" or asked.tool_calls or not asked.content.startswith(CLARIFICATION_PREFIX):
            return None
        end = len(history) - 2
        # the question asked again after a "yes" that picked neither option: the request is before the first ask
        while end >= 2 and _AMBIGUOUS_YES.match(history[end].content) and history[end - 1].content == asked.content:
            end -= 2
        question = history[end]
        if question.role != "user":
            return None
        earlier = list(history[:end])
        offered = self._decide(question.content, earlier, request)
        second = choice.group(1).lower() in ("2", "second", "two", "latter", "last")
        function = offered.runner_up if second else offered.function
        if function is None:
            return None
        return _Decision(function, 1.0, True), question.content, earlier

    def _clarify(self, decision: _Decision, specs: dict[str, FunctionSpec]) -> CompletionResponse:
        """One short question offering the two likeliest functions."""
        assert decision.function is not None and decision.runner_up is not None
        first, second = _topic(specs[decision.function]), _topic(specs[decision.runner_up])
        content = (
            f"{CLARIFICATION_PREFIX} do you want me to {first} (1), or to {second} (2)? "
            "Answer 1 or 2, or rephrase your question."
        )
        return CompletionResponse(content=content, model=self.name, finish_reason=CLARIFY)

    def _previous_function(
        self,
        history: Sequence[Message],
        request: CompletionRequest,
        depth: int,
        *,
        about_an_instance: bool = False,
    ) -> str | None:
        """The function of the previous question.

        Its recorded call; or, in a replayed text-only dialogue (no calls recorded), the routing of the
        previous user turn, which may itself be a follow-up. With `about_an_instance` ("and for patient
        4?"), the last recorded call of a function that takes an instance: "how accurate is it?" in
        between does not make "and for patient 4?" a performance question.
        """
        takes_instance = {s.name for s in request.functions if any(p.name == "instance" for p in s.parameters)}
        for message in reversed(history):
            if message.role == "assistant" and message.tool_calls:
                name = message.tool_calls[0].name
                if not about_an_instance or name in takes_instance:
                    return name
        users = [i for i, m in enumerate(history) if m.role == "user"]
        if not users or depth >= _MAX_FOLLOW_UP_DEPTH or any(m.tool_calls for m in history):
            return None
        last = users[-1]
        return self._decide(history[last].content, history[:last], request, depth + 1).function

    # --- arguments ------------------------------------------------------------------------------------

    def _calls(
        self, spec: FunctionSpec, text: str, history: Sequence[Message], schema: HostSchema | None
    ) -> list[ToolCall]:
        parameters = [p.name for p in spec.parameters]
        arguments: dict[str, Any] = {}
        changes = None
        if "changes" in parameters:
            changes = extract_changes(text, schema)
            if not changes:
                # "and if it were 20 % lower instead?": the feature in focus, a new change in place of the old
                step = extract_step(text, schema)
                changes = step_changes(step, focus_feature(history), schema) if step is not None else None
            if changes and adds_to_previous(text):
                # "and with glucose 100 as well?": on top of the previous what-if's changes, same instance
                previous = last_call(history)
                if previous is not None and previous.name == spec.name and not extract_ids(text, schema):
                    earlier = previous.arguments.get("changes")
                    changes = {**earlier, **changes} if isinstance(earlier, dict) else changes
            if changes:
                arguments["changes"] = changes
        for name in parameters:
            if name in ("instance", "changes"):
                continue
            value = extract_argument(name, text, schema)
            if value is not None:
                arguments[name] = value
        if "instance" not in parameters:
            return [ToolCall(id="call_0", name=spec.name, arguments=arguments)]
        instances = self._instances(text, history, schema, changes)
        if not instances:
            return [ToolCall(id="call_0", name=spec.name, arguments=arguments)]
        return [
            ToolCall(id=f"call_{i}", name=spec.name, arguments={"instance": instance, **arguments})
            for i, instance in enumerate(instances[:MAX_CALLS])
        ]

    def _instances(
        self, text: str, history: Sequence[Message], schema: HostSchema | None, changes: dict[str, Any] | None
    ) -> list[Any]:
        """The instances a turn names: several ids or texts give one call each."""
        ids = extract_ids(text, schema)
        if len(ids) > 1:
            return list(ids)
        if schema is not None and schema.kind == "text" and changes:
            # The quoted words of the edits are not the text ("replace 'great' with 'awful' in '...'").
            edited = {str(span) for pair in changes.items() for span in pair if span}
            texts = [t for t in extract_texts(text) if t not in edited]
            if texts:
                return [max(texts, key=len)]
            rest = text
            for span in sorted(edited, key=len, reverse=True):
                rest = rest.replace(span, " ")
            instance = extract_instance(re.sub(r"['\"“”‘’]\s*['\"“”‘’]", " ", rest), schema, history)
            return [instance] if instance is not None else []
        if schema is not None and schema.kind == "text":
            texts = extract_texts(text)
            if len(texts) > 1:
                return texts
        instance = extract_instance(text, schema, history)
        if isinstance(instance, dict) and changes:
            return []  # the feature values are the changes, not a custom instance
        return [instance] if instance is not None else []

    # --- replies --------------------------------------------------------------------------------------

    def _reply(self, text: str, specs: Sequence[FunctionSpec], schema: HostSchema | None) -> CompletionResponse:
        """A short friendly reply to a turn no function answers, with two or three of this host's questions."""
        model = f"the {schema.name} model" if schema is not None else "the model"
        if not specs:
            content = f"I'm SimXAI's offline router (no LLM), and no functions are registered for {model} yet."
        elif _GREETING.search(text):
            content = (
                f"Hello! I'm SimXAI's offline router (no LLM): I answer questions about {model} with its "
                f"explanation functions. Try {_examples(specs, schema)}."
            )
        elif _THANKS.search(text):
            content = f"You're welcome. Anything else? Try {_examples(specs, schema)}."
        elif _GOODBYE.search(text):
            content = "Goodbye!"
        elif _CAPABILITY.match(text):
            content = (
                f"I answer questions about {model} (I'm SimXAI's offline router, no LLM): its predictions and "
                f"why, what would change them, and its performance, data and outputs. Try {_examples(specs, schema)}."
            )
        else:
            content = (
                f"I can only answer questions about {model} (I'm SimXAI's offline router, no LLM): its "
                f"predictions and why, what would change them, and its performance, data and outputs. "
                f"Try {_examples(specs, schema)}."
            )
        return CompletionResponse(content=content, model=self.name, finish_reason="stop")


@functools.lru_cache(maxsize=8)
def _spec_words(key: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """The words of the specs, known to the spelling normaliser: they are never taken for typos."""
    return frozenset(w.lower() for texts in key for text in texts for w in re.findall(r"[A-Za-z]{5,}", text))


def _topic(spec: FunctionSpec) -> str:
    """What a function does, as the object of "do you want me to ...": its summary's first clause, lowercased."""
    summary = re.sub(r"\s*\([^)]*\)", "", spec.summary).split(":")[0].rstrip(". ")
    return summary[0].lower() + summary[1:] if summary else spec.name


def _known_words(specs: Sequence[FunctionSpec]) -> frozenset[str]:
    return _spec_words(tuple(tuple(spec_documents(s)) for s in specs))


#: The function that answers an example question, by how the question begins ("why?" needs a previous turn).
_EXAMPLE_FUNCTIONS = {
    "what does the model predict": "get_prediction",
    "what if": "explain_what_if",
    "which": "get_global_explanation",
}


def _examples(specs: Sequence[FunctionSpec], schema: HostSchema | None) -> str:
    """Up to three questions this host answers, quoted: built from its schema, for registered functions."""
    names = {s.name for s in specs}
    questions = [
        q
        for q in (example_questions(schema) if schema is not None else [])
        if any(q.startswith(start) and f in names for start, f in _EXAMPLE_FUNCTIONS.items())
    ]
    if not questions:  # another registry: the specs' own examples
        questions = [s.examples[0] for s in specs if s.examples][:2]
    # A question that quotes a text is itself quoted with single quotes.
    quoted = [f"'{q}'" if '"' in q else f'"{q}"' for q in questions[:3]] or ['"which features matter most?"']
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"


_CONTENT_WORDS = re.compile(r"[A-Za-z]{2,}")
_AMBIGUOUS_YES = re.compile(r"^\W*(?:yes|yeah|yep|ok(?:ay)?|sure|please|both|either)\W*(?:please)?\W*$", re.IGNORECASE)
# An answer to the router's clarifying question: "1", "the second", "the first one please".
_CHOICE = re.compile(
    r"^\W*(?:(?:the|option|number|no\.?)\s+)?(1|2|first|second|one|two|former|latter|last)\b(?:\s+one)?"
    r"(?:\W+(?:please|thanks?))?\W*$",
    re.IGNORECASE,
)


_DIALOGUE_WORDS = re.compile(
    r"\b(?:you|your|i|i'm|my|me|we|model|classifier|system|explain\w*|predict(?:s|ed|ion|ions)?|output|label|class|result|"
    r"feature|features|data|instance)\b",
    re.IGNORECASE,
)


def _is_content(masked: str) -> bool:
    """Whether a turn is a bare text (or a text plus "given this" words) rather than talk with the system."""
    if "INSTANCE" in masked:
        return len(_CONTENT_WORDS.findall(masked.replace("INSTANCE", ""))) <= 3
    return (
        len(_CONTENT_WORDS.findall(masked)) >= 4
        and _SMALL_TALK.match(masked) is None
        and _DIALOGUE_WORDS.search(masked) is None
    )
