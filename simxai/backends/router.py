"""The offline router: SimXAI's default backend, which selects functions without an LLM.

A turn is routed in four steps:

1. **Small talk and follow-ups.** Greetings, thanks and goodbyes get a short honest reply. A turn that only
   names another instance ("and for patient 4?") or asks for "another one" repeats the previous function,
   taken from the last tool calls in the history (or, in a replayed text-only dialogue, by routing the
   previous user turn). A turn that only names what changes ("same for the other class", "and for those
   who rent?") is the last call again with that argument replaced (`simxai.backends._router_followup`).
2. **A learned selector.** The turn is masked (quoted texts, groups, features, numbers, labels and the
   host's instance noun become placeholders: `simxai.backends._router_masking`) and a multinomial logistic
   regression over its word and character n-grams (`simxai.backends.router_model`, trained by
   `python -m simxai.eval_suite.router_training` on requests generated for many host schemas, CoXQL's train
   split and TalkToModel's templates) gives a calibrated probability per function, or for "no function". A
   host's own registered functions, which the selector cannot know, are chosen by similarity to their specs
   (`simxai.backends._router_similarity`); the choice is made in `simxai.backends._router_score`.
3. **Asking when unsure.** Below the threshold, one short question offers the two likeliest functions; the next
   turn may pick one ("the first", or a word of the option): `simxai.backends._router_replies`.
4. **Arguments.** Each parameter of the chosen function is extracted from the turn by `simxai.extraction`;
   what cannot be found is left out (the engine fills it from the dialogue state or asks). Several ids
   ("compare patients 3 and 4") give one call each, at most four (`simxai.backends._router_arguments`).

The selector is trained on templates written for it, people's requests and public *training* data only; earlier
versions used hand-weighted cue regexes refined on the SimXAI and sentiment evaluation sets (docs/router.md). It
never writes replies after calls (`writes_replies = False`): the engine renders the outputs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from simxai._chat_spellings import spelled_out
from simxai.backends._dialogue_focus import listed_instances, subject_decision
from simxai.backends._dialogue_followup import (
    answer_or_question,
    described_instance,
    fragment_decision,
    kept_arguments,
    names_stored_instance,
    settled_by_labels,
    with_instances_read,
    with_pending_call,
)
from simxai.backends._dialogue_undo import request_after_undo
from simxai.backends._router_added_change import added_supposition, adds_to_the_change, asks_of_its_own, comes_with
from simxai.backends._router_arguments import MAX_CALLS, calls_for
from simxai.backends._router_attributes import unknown_attribute
from simxai.backends._router_bare_confidence import bare_confidence_decision
from simxai.backends._router_compound import REQUEST, compound
from simxai.backends._router_corrections import reread
from simxai.backends._router_decision import (
    Decision,
    changes_decision,
    instance_counterpart,
    outcome_decision,
)
from simxai.backends._router_doubt import doubted
from simxai.backends._router_feature_effect import effect_decision
from simxai.backends._router_focus_call import (
    bare_comparison,
    instance_in_focus,
    named_group,
    points_at_nothing,
    unsure_about_the_focus,
)
from simxai.backends._router_focus_reference import settled_by_reference
from simxai.backends._router_followup import about_the_person_in_focus, repeated_call
from simxai.backends._router_guess_asked import asked_instead
from simxai.backends._router_masking import (
    CHANGE_FILLER,
    FEATURE_FILLER,
    mask,
    only_fillers,
    only_names_instance,
    selector_text,
)
from simxai.backends._router_neighbour import with_neighbour_named
from simxai.backends._router_new_text import new_text_decision
from simxai.backends._router_per_class import per_class_calls
from simxai.backends._router_record_value import value_decision
from simxai.backends._router_remarks import question_then_remarks, request_among_remarks
from simxai.backends._router_replies import (
    AMBIGUOUS_YES,
    CAPABILITY,
    CLARIFICATION_PREFIX,
    answered_question,
    clarifying_question,
    reply,
)
from simxai.backends._router_score import selector_decision
from simxai.backends._router_shown_ids import shown_group_ids
from simxai.backends._router_similarity import SpecIndex, known_words, spec_documents
from simxai.backends._router_small_talk import ACKNOWLEDGEMENT, ANOTHER, SMALL_TALK, without_opening_acknowledgement
from simxai.backends._router_stated_change import stated_change_decision
from simxai.backends._router_text_requests import (
    asks_about_the_instances,
    asks_of_the_model,
    is_content,
    over_all_records,
)
from simxai.backends._router_unanswered import unanswered
from simxai.backends._router_unknown import (
    INSTANCE_FUNCTIONS,
    uncalled_question,
    unknown_breakdown,
    unknown_named,
    unknown_thing,
    vague_question,
)
from simxai.backends._router_unread import not_understood, unread_turn
from simxai.backends._router_unrecorded import unrecorded_question
from simxai.backends._router_unsure import ONE_LEFT, names_one_instance, repeated_data_question
from simxai.backends.base import CLARIFY, Backend, CompletionRequest, CompletionResponse
from simxai.backends.router_model import SelectorModel, load_selector, read_selector, wordllama_model
from simxai.exceptions import UsageError
from simxai.extraction import extract_changes, extract_ids, extract_metric
from simxai.followup import INSTANCE_COUNTERPART, extract_step
from simxai.followup_fragment import ordinal_fragment
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
    "known_words",
    "selector_text",
    "spec_documents",
]

#: The calibrated top probability below which the router asks which of two functions is meant: the choice of the
#: threshold sweep of the people/ authors' requests scored out of author, stored in the shipped artifact
#: (`router_training.train.chosen_threshold`; tests/backends/test_router.py checks that they agree; docs/router.md).
ASK_BELOW = 0.7
_MAX_FOLLOW_UP_DEPTH = 3  # how many follow-ups back ("another one?" after "another one?") a dialogue is traced


# --- The backend -------------------------------------------------------------------------------------------
#: The request `RouterBackend.prepare` routes once, so that the first user's turn finds everything loaded.
_PREPARE_TEXT = "what does the model predict, and why?"


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

    async def prepare(self, host: HostSchema, functions: Sequence[FunctionSpec]) -> None:
        """Load the selector, its embedding view and WordLlama, index the specs and route one request, in a thread.

        The first turn would otherwise do it on the event loop (about 0.5 s, much of it in a tokenizer that
        holds the GIL), and every client of the server would wait for it.
        """
        request = CompletionRequest(
            messages=[Message(role="user", content=_PREPARE_TEXT)], host=host, functions=list(functions)
        )
        await asyncio.to_thread(self.route, request)
        await asyncio.to_thread(wordllama_model)  # the feature suggestions' embeddings, whatever the selector reads

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Route the last user turn of `request` to function calls, a clarifying question, or a plain reply."""
        return self.route(request)

    def route(self, request: CompletionRequest) -> CompletionResponse:
        """`complete`, synchronously: the router does no I/O."""
        messages = [m for m in request.messages if m.role != "system"]
        if not messages or messages[-1].role == "tool":
            return CompletionResponse(content="", model=self.name, finish_reason="stop")
        last = messages[-1]
        # What the parsers would read anyway (see simxai.textbounds), so the spans they return fit the text.
        text = without_opening_acknowledgement(bounded_text(last.content), request.host)  # "Lovely. Same for 12?"
        history = messages[:-1]
        specs = {s.name: s for s in request.functions}
        if not specs or request.tool_choice == "none":
            return self._reply(text, request.functions, request.host)
        said = text  # as written, for quoting back: normalize folds accents ("schön" -> "schon")
        # "n 40?", "& salinity 30", "y?", "cut back to one": the router's, not `normalize`'s (the training texts)
        text = normalize(spelled_out(text, request.host), request.host, known_words(request.functions))
        text, question = reread(text, history, request.host)  # "no, I meant 14", "and the opposite?", "bmi"
        text = with_neighbour_named(text, history, request.host)  # "and the next one": the id after the one in focus
        if question is not None:
            return CompletionResponse(content=question, model=self.name, finish_reason=CLARIFY)
        selector = self.selector  # (a test's stand-in selector has no vocabulary)
        if isinstance(selector, SelectorModel) and unread_turn(text, request.host, selector.vocabulary):  # "asdfgh"
            reply_text = not_understood(said, request.functions, request.host)
            return CompletionResponse(content=reply_text, model=self.name, finish_reason="stop")
        asked = history[-1] if history and history[-1].role == "assistant" else None
        if asked is not None and asked.content.startswith(CLARIFICATION_PREFIX) and AMBIGUOUS_YES.match(text):
            # "yes" to "do you want (1) or (2)?" picks neither: the question stands
            return CompletionResponse(content=asked.content, model=self.name, finish_reason=CLARIFY)
        # an option of our question picked or named, a pick between readings, or "and 40?" asked about
        answered = self._answered_clarification(text, history, request) or answer_or_question(
            text, history, request, self._decide, self._score
        )
        if isinstance(answered, CompletionResponse):
            return answered
        if answered is not None:
            # the user picked an option of our question: route the question asked before it
            decision, text, history = answered
        else:
            decision = self._decide(text, history, request)
            decision = repeated_data_question(decision, text, history, request.host)
        if not decision.confident and decision.runner_up is not None:
            decision = settled_by_labels(decision, text, history, request) or decision  # "why is the other X?"
            decision = settled_by_reference(decision, text, history, request) or decision  # "his decision"
        if decision.function is None:
            return self._reply(text, request.functions, request.host)
        if not decision.confident and decision.runner_up is not None:
            return self._clarify(decision, specs, text, history, request)
        if decision.whole_text or decision.arguments is not None:
            arguments = {"instance": text.strip()} if decision.whole_text else dict(decision.arguments or {})
            call = ToolCall(id="call_0", name=decision.function, arguments=arguments)
            # "recall per class" after a metric: one call per class, as the turn alone would get
            calls = with_instances_read(per_class_calls(call, text, request.host) or [call], text, history, request)
            return self._answer(calls, "" if decision.whole_text else text, request.host)
        calls = []
        for name in (decision.function, *decision.also):
            calls += calls_for(specs[name], text, history, request.host)
        calls = with_instances_read(calls, text, history, request)  # "im 5419", "the second one", "the other one"
        calls = over_all_records(calls, text, request.host)  # "of all the reviews, how many ...": every review
        calls = [call.model_copy(update={"id": f"call_{i}"}) for i, call in enumerate(calls[:MAX_CALLS])]
        return self._answer(calls, text, request.host)

    def _answer(self, calls: list[ToolCall], text: str, schema: HostSchema | None) -> CompletionResponse:
        """The calls, or one question when the turn named a value, label, id or feature the host does not have."""
        question = unknown_named(text, calls, schema)
        if question is not None:
            return CompletionResponse(content=question, model=self.name, finish_reason=CLARIFY)
        return CompletionResponse(tool_calls=calls, model=self.name, finish_reason="tool_calls")

    # --- selection ------------------------------------------------------------------------------------

    def _decide(self, text: str, history: Sequence[Message], request: CompletionRequest, depth: int = 0) -> Decision:
        if depth < _MAX_FOLLOW_UP_DEPTH and (asked := request_after_undo(text)) is not None:
            return self._decide(asked, history, request, depth + 1)  # "forget that, anything that flips it"
        schema = request.host
        names = {s.name for s in request.functions}
        masked = mask(text, schema)
        # "what drives the call on 214? hope you're well": the one sentence that asks, when the remarks hide it
        decision = request_among_remarks(text, self._score(text, request), schema, lambda p: self._score(p, request))
        if SMALL_TALK.match(text) and ACKNOWLEDGEMENT.search(text) and "?" not in text:
            # "Thank you, that is enough for today.": a closing, whatever the selector's confidence
            return Decision(None, decision.confidence, True)
        early = value_decision(decision, text, schema, history, names) or effect_decision(decision, text, schema, names)
        if early is not None:
            return early  # "and what is his credit score?", "how does origin affect the prediction?"
        fragment = fragment_decision(text, masked, history, request, self._decide)
        if fragment is not None:
            return fragment  # "and for the over 60s?" after our question, "give me three", "and silver?"
        # a call the engine turned into a question ("which metric?") is the previous call for "and men?"
        repeated = repeated_call(text, masked, with_pending_call(history), request)
        if repeated is None and (first := question_then_remarks(text, schema)) is not None:
            # "and for 214 specifically? it was a windy day": the question alone, the remark after it asks nothing
            repeated = repeated_call(first, mask(first, schema), with_pending_call(history), request)
        if repeated is not None:
            return repeated
        if (sure := bare_confidence_decision(decision, text, history, names, schema)) is not None:
            return sure  # "how sure?" after a turn about one instance: its prediction, not the model's outputs
        if (subject := subject_decision(decision, text, schema, request.functions)) is not None:
            return subject  # "show me patient 20": anew; "which reviews are most negative?": instances
        counterpart = instance_counterpart(decision.function, text, names, schema)
        if counterpart is not None and (
            (decision.function in INSTANCE_COUNTERPART and about_the_person_in_focus(text, history))
            or names_one_instance(text, masked, schema)
        ):
            # "which factors drive his decision?" (applicant 988 in focus): its explanation; "risk score of 12"
            return Decision(counterpart, decision.confidence, True)
        noun = schema.instance_noun if schema is not None else None
        # "patient 12 with bmi 31?": an instance and a value of its, which the selector is sure to be a what-if
        # ("with a custom insole?" after a question about one instance: what it would come with, the what-if)
        sure_what_if = decision.function == "explain_what_if" and decision.confident
        valued = "GROUP" in masked and (sure_what_if or comes_with(text))
        if (
            (only_names_instance(masked, schema, text) and not valued)
            or described_instance(masked, request)
            or (ordinal_fragment(text, noun) and bool(listed_instances(history) or shown_group_ids(history)))
        ) and extract_metric(text) is None:
            # "and for patient 4?": the previous question, another instance ("... on renters?" names a metric)
            previous = self._previous_function(history, request, depth, about_an_instance=True)
            if previous in names:
                return Decision(
                    previous, decision.confidence, True, arguments=kept_arguments(text, history, previous, schema)
                )
            if "get_prediction" in names:
                return Decision("get_prediction", decision.confidence, True)
        follow_up = self._follow_up(text, masked, history, request, depth)
        if follow_up is not None:
            return Decision(follow_up, decision.confidence, True)
        if ANOTHER.search(masked) and len(text.split()) <= 10 and (decision.function is None or not decision.confident):
            previous = self._previous_function(history, request, depth)
            if previous in names:
                return Decision(previous, decision.confidence, True)
        if CAPABILITY.match(text):
            return Decision(None, decision.confidence, True)
        if not decision.confident and (SMALL_TALK.match(text) or (ACKNOWLEDGEMENT.search(text) and "?" not in text)):
            return Decision(None, decision.confidence, True)
        if (
            decision.function not in INSTANCE_FUNCTIONS  # with none named, the engine asks which
            and "get_prediction" in names
            and points_at_nothing(text, history, schema)
        ):
            return Decision("get_prediction", decision.confidence, True)  # "is that one positive?" first: which one?
        outcome = outcome_decision(decision, text, schema, names)
        if outcome is not None:  # "how many smokers end up with a surcharge?", "how might she shed the surcharge?"
            return outcome
        supposed = changes_decision(decision, text, history, schema, names) or stated_change_decision(
            decision, text, schema, names
        )  # "4021 at 12 degrees", torn between its prediction and its what-if: the value is the what-if's
        if supposed is not None:  # "would 8150 still cancel with 2 fewer upgrades?": the changes' what-if
            return supposed
        new_text = new_text_decision(text, history, schema, names, decision)
        if new_text is not None:  # "what would happen if I wrote '...'": a new text's prediction
            return new_text
        if (
            schema is not None
            and schema.kind == "text"
            and "get_prediction" in names
            and is_content(masked, SMALL_TALK)
            and not names_stored_instance(masked, schema)  # "review 48 is mine, what did it decide"
            and (decision.function is None or not decision.confident or not REQUEST.match(masked))
            and not asks_of_the_model(masked, decision)
            and not asks_about_the_instances(text, schema)  # "how many reviews has it got": the data, no text
            and not extract_ids(text, schema)
        ):
            # A text host's input is text: a statement that asks nothing of the model is a text to classify
            # ("27: which tokens drove it" names review 27: a request about it, whatever its wording).
            return Decision("get_prediction", decision.confidence, True, whole_text="INSTANCE" not in masked)
        if decision.function is not None and not decision.confident:
            # a compound request splits the whole turn's probability between its parts' functions: unsure of
            # the whole, sure of each part ("what does it predict for patient 5, and why?")
            split = compound(decision, masked, request, self._score)
            return split if split.also else decision
        if decision.function is None:  # "and the ewes?" mid-dialogue: asked, not refused
            return unanswered(decision, text, history, request, self.selector)
        if bare_comparison(text) and not history and not extract_ids(text, schema):
            return replace(decision, confident=False)  # "compare men and women": compare what? asked
        if unsure_about_the_focus(decision, text, masked, history, request.functions, schema):
            return replace(decision, confident=False)  # "how sure is it about that": the one in focus, or the model?
        chosen = compound(decision, masked, request, self._score)
        chosen = asked_instead(chosen, text, history, request, lambda q, h: self._decide(q, h, request, depth + 1))
        return doubted(chosen, text, request, self.threshold, self.selector)  # a sure choice the turn cannot mean

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
        if previous == "explain_what_if" and adds_to_the_change(text):
            own = self._score(text, request)  # "also, what's in the data?": a sure choice of its own stands
            if (
                own.function in (None, previous)
                or not own.confident
                or own.confidence < ONE_LEFT
                or not asks_of_its_own(text)
            ):
                # "plus a colder morning": one more change to the what-if just run; a turn that asks nothing of
                # its own takes another function only from a selector sure of it beyond an unsure choice's bar
                return previous
            supposed = added_supposition(text)
            if supposed is not None and extract_changes(supposed, schema):
                return previous  # "plus no rain at all": a change read, whatever the selector is sure of
        takes = {s.name: {p.name for p in s.parameters} for s in request.functions}
        if "FEATURE" in masked and only_fillers(masked.replace("FEATURE", " "), FEATURE_FILLER):
            return previous if "feature" in takes.get(previous, set()) else None
        if (
            "explain_what_if" in names
            and "instance" in takes.get(previous, set())
            and extract_changes(text, schema)
            and only_fillers(masked.replace("FEATURE", " "), CHANGE_FILLER)
        ):
            return "explain_what_if"
        return None

    def _score(self, text: str, request: CompletionRequest) -> Decision:
        """The selector's choice among the registered functions (None: no function), with its probability."""
        return selector_decision(self.selector, self.threshold, text, request, self._index)

    def _index(self, specs: Sequence[FunctionSpec]) -> SpecIndex:
        key = tuple((s.name, s.summary, s.description, tuple(s.examples)) for s in specs)
        index = self._indexes.get(key)
        if index is None:
            index = self._indexes[key] = SpecIndex.build(specs)
        return index

    def _answered_clarification(
        self, text: str, history: Sequence[Message], request: CompletionRequest
    ) -> tuple[Decision, str, list[Message]] | None:
        """The chosen option, the question it answers and that question's history, if `text` picks an option."""
        answered = answered_question(text, history)
        if answered is None:
            return None
        end, second = answered
        question = history[end]
        earlier = list(history[:end])
        offered = self._decide(question.content, earlier, request)
        function = offered.runner_up if second else offered.function
        if function is None:
            return None
        return Decision(function, 1.0, True), question.content, earlier

    def _clarify(
        self,
        decision: Decision,
        specs: dict[str, FunctionSpec],
        text: str,
        history: Sequence[Message],
        request: CompletionRequest,
    ) -> CompletionResponse:
        """One short question: the two likeliest functions, or what the host lacks ("insulin level", "by branch")."""
        assert decision.function is not None and decision.runner_up is not None
        schema = request.host
        call = ToolCall(id="call_0", name=decision.function, arguments={})
        content = unknown_attribute(text, [call], schema) or vague_question(text, schema) or unknown_thing(text, schema)
        content = content or unrecorded_question(text, schema) or unknown_breakdown(text, schema)  # no tyres
        # torn between the instance in focus and the model as a whole: the option says which instance it runs on
        torn = unsure_about_the_focus(decision, text, mask(text, schema), history, request.functions, schema)
        # a group the turn names is what an option runs on ("which women are predicted progressing?" after a why)
        focus = named_group(text, schema) or (instance_in_focus(history, schema) if torn else None)
        content = content or clarifying_question(specs[decision.function], specs[decision.runner_up], focus)
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

    # --- replies --------------------------------------------------------------------------------------
    def _reply(self, text: str, specs: Sequence[FunctionSpec], schema: HostSchema | None) -> CompletionResponse:
        """A short reply listing this host's questions, or one about what it names that the data lacks."""
        if (vague := uncalled_question(text, schema)) is not None:  # "how do the older ones do?"
            return CompletionResponse(content=vague, model=self.name, finish_reason=CLARIFY)
        return CompletionResponse(content=reply(text, specs, schema), model=self.name, finish_reason="stop")
