"""The conversation engine: decide → select and extract → clarify → call → verbalize → guard.

`Agent.run_turn` runs the SimXAI paper's Algorithm 1 for one user turn, plus a faithfulness guard. It is
stateless; `Conversation` keeps a dialogue's history and state. Model output is data: a function is only
ever reached through the registry, and bad calls get one corrective retry before the user is asked or told
plainly what cannot be done. Each stage ends with an outcome value (`simxai.outcomes`); one verification step
makes the reply and the guard's report. The turn's records live in `simxai.turns`, the dialogue state in
`simxai.state`, the sentences in `simxai.prompts`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pydantic

from simxai._call_questions import argument_question, fillable, range_question, relative_change
from simxai._pending_answer import answered_arguments, instance_for_pending
from simxai.backends.base import CLARIFY, Backend, CompletionRequest, CompletionResponse
from simxai.budget import fit_request
from simxai.exceptions import ArgumentError, BackendError, FunctionCallError, HostError, ModelOutputError
from simxai.followup_context import is_new_request_for
from simxai.guard import (
    GuardReport,
    Vocabulary,
    check_claims,
    insists,
    non_answer,
    out_of_range,
    stepped_out_of_range,
)
from simxai.hosts.base import Host, HostSchema
from simxai.instance_values import named_values
from simxai.messages import Message, ToolCall
from simxai.outcomes import Answer, Clarify, Outcome, Refuse, Render, noted
from simxai.prompts import (
    amount_missing,
    call_failed,
    call_failed_on_arguments,
    cannot,
    direct_answer_retry,
    guard_retry,
    host_tools,
    invalid_call,
    non_answer_retry,
    not_run_clarification,
    not_run_limit,
    reused_call,
    system_prompt,
    unknown_function,
    unreadable_output,
)
from simxai.registry import Registry, default_registry_for_agents
from simxai.results import render_result, result_payload
from simxai.state import DialogueState, PendingCall, StepQuestion
from simxai.turns import CallRecord, Clarification, EventHandler, Turn, TurnEvent
from simxai.work import WorkerPool

__all__ = [
    "Agent",
    "AgentSettings",
    "CallRecord",
    "Clarification",
    "Conversation",
    "DialogueState",
    "PendingCall",
    "StepQuestion",
    "Turn",
    "TurnEvent",
]

logger = logging.getLogger("simxai.agent")


class AgentSettings(pydantic.BaseModel):
    """Knobs of the loop."""

    max_calls_per_turn: Annotated[int, pydantic.Field(ge=1, le=16)] = 4
    #: The most recent history messages sent to the backend.
    history_messages: Annotated[int, pydantic.Field(ge=0)] = 40
    guard: bool = True
    temperature: float = 0.0
    max_tokens: int = 512
    #: The prompt-token budget of a request (`SIMXAI_CONTEXT_TOKENS`): the oldest turns are dropped to fit.
    context_tokens: Annotated[int, pydantic.Field(ge=256)] | None = None

    @pydantic.model_validator(mode="after")
    def _room_for_the_reply(self) -> AgentSettings:
        if self.context_tokens is not None and self.context_tokens <= self.max_tokens:
            raise ValueError(
                f"context_tokens ({self.context_tokens}) must exceed max_tokens ({self.max_tokens}), "
                "which the reply needs"
            )
        return self


def _trim(history: Sequence[Message], limit: int) -> list[Message]:
    """The last `limit` messages, never starting inside a call/result group (an orphan tool result)."""
    recent = list(history[-limit:]) if limit else []
    while recent and (recent[0].role == "tool" or recent[0].tool_calls):
        recent.pop(0)
    return [m for m in recent if m.role != "system"]


class _Stage:
    """Wall-clock seconds per stage of a turn."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def add(self, stage: str, started: float) -> None:
        self.seconds[stage] = self.seconds.get(stage, 0.0) + time.perf_counter() - started


class Agent:
    """Runs turns of a conversation about `host` with `backend`.

    Args:
        host: the host system whose resources the functions use.
        backend: the LLM backend (or the offline router).
        registry: the callable functions (default: the eleven, which the `simxai` package provides).
        settings: loop settings.
        fallback: a backend to use for a turn when `backend` is unreachable (e.g. the router); the turn
            says so in `Turn.fallback`.
        pool: the worker pool that runs function calls, with their budgets (default: a thread each, no
            budget).
    """

    def __init__(
        self,
        host: Host,
        backend: Backend,
        *,
        registry: Registry | None = None,
        settings: AgentSettings | None = None,
        fallback: Backend | None = None,
        pool: WorkerPool | None = None,
    ) -> None:
        self.host = host
        self.backend = backend
        self.registry = registry if registry is not None else default_registry_for_agents()
        self.settings = settings or AgentSettings()
        self.fallback = fallback
        self.pool = pool
        self.schema: HostSchema = host.schema()
        self.system_prompt = system_prompt(self.schema)
        self.tools = host_tools(self.registry.openai_tools(), self.schema)
        self.specs = self.registry.specs()
        self.vocabulary = Vocabulary.for_schema(self.schema, self.registry.names())

    def conversation(self) -> Conversation:
        """A new conversation with this agent."""
        return Conversation(self)

    # ---- the loop -------------------------------------------------------------------------------

    async def run_turn(
        self,
        user: str,
        *,
        history: Sequence[Message] = (),
        state: DialogueState | None = None,
        on_event: EventHandler | None = None,
    ) -> Turn:
        """Answer one user turn given the dialogue so far."""
        run = _TurnRun(self, user, history, state or DialogueState.from_history(history), on_event)
        return await run.execute()


@dataclass(frozen=True)
class _Retry:
    """A call was rejected and the model gets one corrective retry; `error` is the argument error, if that was it."""

    error: ArgumentError | None = None


@dataclass(frozen=True)
class _Completed:
    """What asking the backend ended with.

    `response` is None after unusable output twice; `fallback` is the note when this request fell back.
    """

    response: CompletionResponse | None
    fallback: str | None = None


@dataclass(frozen=True)
class _Batch:
    """What running one reply's calls ended with."""

    retry: bool = False
    clarification: Clarification | None = None
    #: The argument error of the batch's last call rejected for its arguments.
    rejected: ArgumentError | None = None


class _TurnRun:
    """The mutable working set of one turn, read top-down as the loop's stages.

    Each stage ends with an outcome (`simxai.outcomes`); `_verify`, the one verification step, turns the turn's
    outcome into the reply the user sees and the guard's report on it.
    """

    def __init__(
        self,
        agent: Agent,
        user: str,
        history: Sequence[Message],
        state: DialogueState,
        on_event: EventHandler | None,
    ) -> None:
        self.agent = agent
        self.user = user
        self.state = state
        self.on_event = on_event
        self.backend = agent.backend  # the fallback after the backend failed (`_fall_back`)
        self.new: list[Message] = [Message.user(user)]
        self.messages: list[Message] = [
            Message.system(agent.system_prompt),
            *_trim(history, agent.settings.history_messages),
            self.new[0],
        ]
        self.history_end = len(self.messages) - 1  # where this turn's messages start
        self.dropped = 0
        self.calls: list[CallRecord] = []
        # The user's words in this dialogue: numbers and names the user stated are theirs, not claims.
        self.said = "\n".join([*(m.content for m in history if m.role == "user"), user])
        self.stage = _Stage()
        # Successful calls of this turn by name and arguments: an identical call reuses the result.
        self._done: dict[str, CallRecord] = {}
        self._all_reused = False
        # The user said yes to values questioned as outside the data's range: they run as given this turn.
        self._confirmed = False
        # The engine's own prompts (retries) and the rejected texts they answer, by identity: a backend that writes
        # no replies (the router, also as the fallback) would route them as if the user had written them.
        self._engine_turns: set[int] = set()

    async def execute(self) -> Turn:
        outcome = await self._pending_answer()
        asked = outcome.clarification if isinstance(outcome, Clarify) else None
        running_on = isinstance(outcome, Render) and self.backend.writes_replies
        if outcome is None or isinstance(outcome, Clarify) or running_on:
            # Not an answer to a pending question, or no written reply after its call yet: the loop runs on.
            # After a clarification it runs no call, and the question stays the reply. A backend that writes no
            # replies (the router) has nothing to add to the rendering of the answered call: the loop would
            # hand it the tool results, then the non-answer prompt, which it reads as the user's question.
            later = await self._converse(asked)
            if isinstance(outcome, Render) and isinstance(later, Render) and later.non_answer is None:
                later = noted(outcome, later.fallback)  # the earlier rendering still says why its reply was no answer
            outcome = noted(later, outcome.fallback if outcome is not None else None)
        verified = await self._verify(outcome, asked)
        final = verified.reply
        self.new.append(Message.assistant(final))
        turn = Turn(
            user=self.user,
            reply=final,
            calls=self.calls,
            clarification=verified.clarification if isinstance(verified, Clarify) else None,
            faithfulness=verified.report or GuardReport(),
            backend=self.backend.name,
            fallback=verified.fallback,
            dropped_messages=self.dropped,
            messages=self.new,
            state=self.state,
            timings={k: round(v, 6) for k, v in self.stage.seconds.items()},
        )
        if self.on_event is not None:
            for piece in _chunks(final):
                await self._emit(TurnEvent(type="delta", text=piece))
            await self._emit(TurnEvent(type="done", turn=turn))
        return turn

    # Stage 0: the user may be answering a clarifying question.
    async def _pending_answer(self) -> Outcome | None:
        pending = self.state.pending
        if pending is None:
            return None
        self.state = self.state.model_copy(update={"pending": None})
        if is_new_request_for(self.user, self.agent.schema, pending.missing, pending.arguments.get("instance")):
            # "which applicant?" -> "Applicant 988, reduce it by 5"; "what should change?" -> "okay and how sure
            # is it about review 78": a request of its own
            return None
        answered = answered_arguments(pending, self.user, self.agent.schema, self.agent.registry)
        if answered is None:  # "how much lower?" -> "member 5099": still how much
            asked = instance_for_pending(pending, self.user, self.agent.schema)
            if asked is None:
                return None
            self.state = self.state.model_copy(update={"pending": asked.pending})
            return Clarify(asked.clarification)
        if answered.confirmed:
            self._confirmed = True  # "glucose 500 is above the range; intended?" -> "yes"
        call = ToolCall(id=f"call_{len(self.messages)}_0", name=pending.function, arguments=answered.arguments)
        self._record_assistant(CompletionResponse(tool_calls=[call]))
        batch = await self._run_calls([call])
        if batch.clarification is not None:
            return Clarify(batch.clarification)
        if batch.retry:
            # "which policyholder?" -> "12" when there is none: asked again, saying why
            return self._clarify_or_refuse(batch.rejected)
        return await self._reply_after_calls()

    # Stages 1-4: decide, select, extract, clarify, call.
    async def _converse(self, asked: Clarification | None) -> Outcome:
        """Ask the backend and run its calls until it answers; after `asked` (a clarification), no call runs."""
        retries = 1
        fallback: str | None = None  # the turn's fallback, when one of these requests fell back
        while True:
            budget = self.agent.settings.max_calls_per_turn - len(self.calls)
            answer_now = budget <= 0 or self._all_reused
            done = await self._complete(tool_choice="none" if answer_now else "auto")
            fallback, response = fallback or done.fallback, done.response
            if response is None:
                return Refuse(cannot(), fallback=fallback)
            if not response.tool_calls:
                if response.finish_reason == CLARIFY and not self.calls:
                    # the backend asks which function is meant (the offline router when it is unsure)
                    question = response.content
                    clarification = Clarification(function="", missing=["function"], question=question)
                    return Clarify(clarification, fallback=fallback)
                if self.calls:
                    return noted(await self._answer(response.content), fallback)
                return Answer(response.content, fallback=fallback)  # a direct answer, checked by `_verify`
            self._record_assistant(response)
            batch = await self._run_calls(
                response.tool_calls[:budget], skipped=response.tool_calls[budget:], asked=asked
            )
            if batch.clarification is not None:
                return Clarify(batch.clarification, fallback=fallback)
            if batch.retry:
                if retries > 0 and self.backend.writes_replies:
                    retries -= 1
                    continue
                return noted(self._clarify_or_refuse(batch.rejected), fallback)
            if not self.backend.writes_replies:
                return Render(fallback=fallback)
            if len(self.calls) >= self.agent.settings.max_calls_per_turn and not self._all_reused:
                return noted(await self._reply_after_calls(), fallback)

    async def _reply_after_calls(self) -> Answer | Render:
        if not self.backend.writes_replies:
            return Render()
        done = await self._complete(tool_choice="none")
        if done.response is None:
            return Render(fallback=done.fallback)
        return noted(await self._answer(done.response.content), done.fallback)

    async def _answer(self, content: str) -> Answer | Render:
        """The reply after results, regenerated once when it is no answer; else the rendering, saying why.

        A backend that writes no replies (the router, also as the fallback) is never asked to: its text after
        results is no reply to them, and it would read the retry prompt as the user's question.
        """
        if not self.backend.writes_replies:
            return Render()
        reason = non_answer(content)
        if reason is None:
            return Answer(content)
        self._retry_prompt(non_answer_retry(reason), rejected=content)
        second = await self._complete(tool_choice="none")
        if (
            second.response is not None
            and self.backend.writes_replies  # not the fallback's answer to the retry prompt
            and non_answer(second.response.content) is None
        ):
            return Answer(second.response.content, fallback=second.fallback)
        return Render(non_answer=reason, fallback=second.fallback)

    async def _complete(self, tool_choice: Literal["auto", "none"]) -> _Completed:
        """Ask the backend; fall back when it is unreachable; one corrective retry on unusable output."""
        started = time.perf_counter()
        fallback: str | None = None
        try:
            for attempt in range(2):
                budget = self.agent.settings.context_tokens
                if budget is not None:
                    dropped = await fit_request(
                        self.messages,
                        self.history_end,
                        budget - self.agent.settings.max_tokens,
                        self.agent.tools,
                        self.backend,
                    )
                    self.history_end -= dropped
                    self.dropped += dropped
                try:
                    try:
                        return _Completed(await self.backend.complete(self._request(tool_choice)), fallback)
                    except BackendError as exc:
                        fallback = self._fall_back(exc)
                        return _Completed(await self.backend.complete(self._request(tool_choice)), fallback)
                except ModelOutputError as exc:
                    if attempt == 1:
                        return _Completed(None, fallback)
                    self._retry_prompt(unreadable_output(exc))
            return _Completed(None, fallback)
        finally:
            self.stage.add("backend", started)

    def _request(self, tool_choice: Literal["auto", "none"]) -> CompletionRequest:
        """The request for the backend in use; one that writes no replies never sees the engine's own prompts.

        The router reads the last user message as the user's question: after a retry prompt (and the rejected
        text it answers) it would route the prompt itself, so it gets the dialogue without them.
        """
        messages = self.messages
        if not self.backend.writes_replies and self._engine_turns:
            messages = [m for m in messages if id(m) not in self._engine_turns]
        return CompletionRequest(
            messages=messages,
            tools=self.agent.tools,
            tool_choice=tool_choice,
            temperature=self.agent.settings.temperature,
            max_tokens=self.agent.settings.max_tokens,
            host=self.agent.schema,
            functions=self.agent.specs,
        )

    def _retry_prompt(self, prompt: str, rejected: str | None = None) -> None:
        """Append the engine's corrective `prompt` (after the `rejected` text it answers), marked as the engine's."""
        if rejected is not None:
            answered = Message.assistant(rejected)
            self._append(answered)
            self._engine_turns.add(id(answered))
        message = Message.user(prompt)
        self._append(message)
        self._engine_turns.add(id(message))

    def _fall_back(self, error: BackendError) -> str:
        """Switch the rest of the turn to the fallback backend after `error`, and say so.

        Raises:
            BackendError: `error` again, when there is no fallback or the fallback itself failed.
        """
        if self.agent.fallback is None or self.backend is self.agent.fallback:
            raise error
        note = f"{self.agent.fallback.name}: {self.backend.name} failed ({error})"
        self.backend = self.agent.fallback
        return note

    def _record_assistant(self, response: CompletionResponse) -> None:
        self._append(Message.assistant(response.content, list(response.tool_calls)))

    def _append(self, message: Message) -> None:
        self.messages.append(message)
        self.new.append(message)

    async def _run_calls(
        self, calls: Sequence[ToolCall], skipped: Sequence[ToolCall] = (), asked: Clarification | None = None
    ) -> _Batch:
        """Run the calls in order, none after a clarification (`asked`, or one a call raises)."""
        clarification, retry, rejected = asked, False, None
        self._all_reused = bool(calls) and all(self._key(c) in self._done for c in calls)
        for call in calls:
            if clarification is not None:
                self._append(Message.tool(call, json.dumps({"error": not_run_clarification()})))
                continue
            result = await self._run_call(call)
            if isinstance(result, Clarification):
                clarification = result
            elif isinstance(result, _Retry):
                retry = True
                rejected = result.error if result.error is not None else rejected
        for call in skipped:
            limit = self.agent.settings.max_calls_per_turn
            self._append(Message.tool(call, json.dumps({"error": not_run_limit(limit)})))
        return _Batch(retry=retry, clarification=clarification, rejected=rejected)

    async def _run_call(self, call: ToolCall) -> Clarification | _Retry | None:
        """Run one call: None when it ran (or failed, which the model is told), else what the turn must do."""
        registered = self.agent.registry.get(call.name)
        if registered is None:
            message = unknown_function(call.name, self.agent.registry.names())
            await self._finish_call(call, call.arguments, "rejected", error=message)
            return _Retry()
        parameters = [p.name for p in registered.spec.parameters]
        arguments = self._relative_change(call, parameters)
        if isinstance(arguments, Clarification):  # "what if it were higher?": asked how much
            await self._finish_call(call, call.arguments, "clarification", error=amount_missing())
            return arguments
        arguments = self.state.fill(arguments, fillable(parameters, self.user, self.state, self.agent.schema))
        done = self._done.get(self._key(call))
        if done is not None:
            # The same call again in this turn: not run twice; the model gets the result and is told so.
            content = {"result": done.output, "summary": done.rendering, "note": reused_call()}
            self._append(Message.tool(call, json.dumps(content, ensure_ascii=False)))
            return None
        as_given = insists(self.user) or self._confirmed
        if "changes" in parameters and not as_given:
            questions = out_of_range(arguments.get("changes"), self.agent.schema)
            if questions:
                return await self._question_changes(call, arguments, questions)
        started = time.perf_counter()
        try:
            if self.agent.pool is not None:
                result = await self.agent.pool.run(registered, self.agent.host, arguments)
            else:
                result = await asyncio.to_thread(registered, self.agent.host, arguments)
        except ArgumentError as exc:
            self.stage.add("functions", started)
            if exc.missing:  # an argument, or feature values of a custom instance, are missing
                clarification = self._ask(call.name, arguments, exc)
                await self._finish_call(call, arguments, "clarification", error=str(exc))
                return clarification
            await self._finish_call(call, arguments, "rejected", error=invalid_call(call.name, str(exc), exc.valid))
            return _Retry(exc)
        except (FunctionCallError, HostError) as exc:
            self.stage.add("functions", started)
            await self._finish_call(call, arguments, "error", error=call_failed(call.name, exc))
            return None
        except (ValueError, TypeError, ArithmeticError, RecursionError, UnicodeError) as exc:
            # Odd model-given arguments may still trip a library (an int beyond Python's digit limit, a
            # lone surrogate): the call failed, the turn goes on, and the cause is logged, not relayed.
            self.stage.add("functions", started)
            logger.warning("%s raised %s on model-given arguments", call.name, type(exc).__name__, exc_info=exc)
            await self._finish_call(call, arguments, "error", error=call_failed_on_arguments(call.name, exc))
            return None
        self.stage.add("functions", started)
        payload = result_payload(result)
        if "changes" in parameters and not as_given:
            questions = stepped_out_of_range(arguments.get("changes"), payload, self.agent.schema)
            if questions:  # "5 kg lighter" for a parcel of 2 kg: questioned, not answered for a weight of -3
                return await self._question_changes(call, arguments, questions)
        rendering = render_result(result)
        if call.name == "get_prediction":  # "what is the income of applicant 12": the values the user named
            rendering += named_values(result, self.user, self.agent.schema)
        self.state = self.state.after(call.name, arguments, payload)
        await self._finish_call(call, arguments, "ok", output=payload, rendering=rendering)
        self._done[self._key(call)] = self.calls[-1]
        return None

    async def _question_changes(self, call: ToolCall, arguments: dict[str, Any], questions: list[str]) -> Clarification:
        """Ask whether changes outside the data's range are meant (`_call_questions.range_question`)."""
        asked = range_question(call.name, arguments, questions, self.agent.schema)
        self.state = self.state.model_copy(update={"pending": asked.pending})
        await self._finish_call(call, arguments, "clarification", error=asked.clarification.question)
        return asked.clarification

    @staticmethod
    def _key(call: ToolCall) -> str:
        return call.name + json.dumps(call.arguments, sort_keys=True, default=str)

    async def _finish_call(
        self,
        call: ToolCall,
        arguments: dict[str, Any],
        status: Literal["ok", "error", "clarification", "rejected"],
        *,
        output: Any = None,
        error: str | None = None,
        rendering: str | None = None,
    ) -> None:
        record = CallRecord(
            id=call.id,
            function=call.name,
            arguments=arguments,
            status=status,
            output=output,
            error=error,
            rendering=rendering,
        )
        self.calls.append(record)
        if status == "ok":
            content = json.dumps({"result": output, "summary": rendering}, ensure_ascii=False)
        else:
            content = json.dumps({"error": error}, ensure_ascii=False)
        self._append(Message.tool(call, content))
        await self._emit(TurnEvent(type="call", call=record))

    def _relative_change(self, call: ToolCall, parameters: Sequence[str]) -> dict[str, Any] | Clarification:
        """The call's arguments with a change that names no feature applied to the feature in focus, or the
        question asking how much (`_call_questions.relative_change`), whose call then waits in the state.
        """
        changed = relative_change(call, parameters, self.user, self.state, self.agent.schema)
        if isinstance(changed, dict):
            return changed
        self.state = self.state.model_copy(update={"pending": changed.pending})
        return changed.clarification

    # Stage 3: clarify.
    def _ask(self, function: str, arguments: dict[str, Any], exc: ArgumentError) -> Clarification:
        """The question for a missing or invalid argument; the call waits for the answer in the state."""
        schema, names = self.agent.schema, self.agent.registry.names()
        asked = argument_question(function, arguments, exc, self.user, schema, names)
        self.state = self.state.model_copy(update={"pending": asked.pending})
        return asked.clarification

    def _clarify_or_refuse(self, error: ArgumentError | None) -> Clarify | Refuse:
        """After the retry: ask about the last call's invalid argument, or say plainly what cannot be done."""
        last = self.calls[-1] if self.calls else None
        if (
            last is not None
            and last.status == "rejected"
            and error is not None
            and last.function in self.agent.registry
        ):
            return Clarify(self._ask(last.function, last.arguments, error))
        return Refuse(cannot())

    # Stage 5: verbalize and verify.
    def _outputs(self) -> list[Any]:
        """The outputs of the turn's successful calls, which replies are checked against."""
        return [c.output for c in self.calls if c.status == "ok"]

    def _claims(self, text: str, outputs: list[Any], *, timed: bool = True) -> GuardReport:
        """The guard's check of `text`'s claims against `outputs` (the user's own words are not claims)."""
        started = time.perf_counter()
        report = check_claims(text, outputs, vocabulary=self.agent.vocabulary, context=self.said)
        if timed:
            self.stage.add("guard", started)
        return report

    async def _verify(self, outcome: Outcome, asked: Clarification | None, retries: int = 1) -> Outcome:
        """The one verification step: the outcome the user gets, carrying the guard's report on it.

        A direct answer (no function called) may not state facts about the model: one that does is sent back
        once (`retries`) to be answered by calling a function, and the loop runs on. A reply after results
        with unsupported claims is regenerated once, else replaced by the calls' rendering. After `asked` (a
        clarification of the turn), the reply is its question whatever the loop ended with.

        The report is on the reply the user gets, checked against this turn's outputs: a question is SimXAI's
        own and states no claim; a rendering is checked itself, unless it replaced a written reply, whose
        unsupported claims the report then names (`fallback_used`).
        """
        fallback = outcome.fallback
        clarification = asked or (outcome.clarification if isinstance(outcome, Clarify) else None)
        if clarification is not None:
            return Clarify(clarification, report=GuardReport(), fallback=fallback)
        text = outcome.text if isinstance(outcome, (Answer, Refuse)) else None
        # A text the backend wrote (not the router's own, nor the fallback's), which a rendering may replace
        written = text is not None and self.backend.writes_replies
        regenerated: str | None = None
        if isinstance(outcome, Answer) and not self.calls:
            report = self._direct_report(outcome.text)
            if not report.passed and retries > 0 and self.backend.writes_replies:
                self._retry_prompt(direct_answer_retry(report.unsupported), rejected=outcome.text)
                later = await self._converse(asked)
                return await self._verify(noted(later, fallback), asked, retries - 1)
        else:
            report, regenerated, switched = await self._guard(text)
            fallback = fallback or switched
        if regenerated is not None:
            return Answer(regenerated, report=report, fallback=fallback)
        if text and not report.fallback_used and self.backend.writes_replies:
            return dataclasses.replace(outcome, report=report, fallback=fallback)
        rendered = [c.rendering if c.status == "ok" else c.error for c in self.calls if c.status in ("ok", "error")]
        non_answer = outcome.non_answer if isinstance(outcome, Render) else None
        if rendered and not written and self.agent.settings.guard:
            # The deterministic rendering is checked too, so every turn reports its claims; a written reply it
            # replaced keeps the report that names its unsupported claims.
            report = self._claims(" ".join(r for r in rendered if r), self._outputs(), timed=False)
            if non_answer is not None:
                report = report.model_copy(update={"regenerated": True, "fallback_used": True})
        if rendered:
            return Render(
                non_answer=non_answer, text=" ".join(r for r in rendered if r), report=report, fallback=fallback
            )
        if text:  # a direct answer or refusal the backend's rendering cannot replace (the router's own text)
            return dataclasses.replace(outcome, report=report, fallback=fallback)
        return Refuse(cannot(), report=report, fallback=fallback)

    def _direct_report(self, text: str) -> GuardReport:
        """The guard's report on a direct answer, which no function output supports."""
        if not self.agent.settings.guard or not self.backend.writes_replies:
            # Off, or the router's direct answer: SimXAI's own fixed text, whose example questions ("applicant
            # 12") are not claims about the model.
            return GuardReport()
        return self._claims(text, [])

    async def _guard(self, text: str | None) -> tuple[GuardReport, str | None, str | None]:
        """The guard on a reply after results (or a refusal), and the reply regenerated once when it states
        unsupported claims; with the fallback note when the regeneration fell back.
        """
        if text is None or not self.agent.settings.guard:
            return GuardReport(), None, None
        outputs = self._outputs()
        report = self._claims(text, outputs)
        if report.passed or not self.calls:
            return report, None, None
        fallback: str | None = None
        writes = self.backend.writes_replies
        if writes:
            self._retry_prompt(guard_retry(report.unsupported), rejected=text)
            second = await self._complete(tool_choice="none")
            fallback = second.fallback
            # After a fallback, the text is the fallback's answer to the retry prompt: no regeneration.
            if second.response is not None and self.backend.writes_replies:
                again = self._claims(second.response.content, outputs)
                if again.passed:
                    return again.model_copy(update={"regenerated": True}), second.response.content, fallback
                report = again
        return report.model_copy(update={"regenerated": writes, "fallback_used": True}), None, fallback

    async def _emit(self, event: TurnEvent) -> None:
        if self.on_event is None:
            return
        result = self.on_event(event)
        if inspect.isawaitable(result):
            await result


def _chunks(text: str, size: int = 24) -> list[str]:
    """Split a reply into word-aligned pieces for streaming."""
    words = text.split(" ")
    pieces, current = [], ""
    for word in words:
        current = f"{current} {word}" if current else word
        if len(current) >= size:
            pieces.append(current + " ")
            current = ""
    if current:
        pieces.append(current)
    elif pieces:
        pieces[-1] = pieces[-1].rstrip(" ")
    return pieces


class Conversation:
    """A dialogue with an agent: its bounded history and state; turns on one conversation run one at a time."""

    def __init__(
        self,
        agent: Agent,
        *,
        history: Sequence[Message] = (),
        state: DialogueState | None = None,
        max_messages: int = 400,
    ) -> None:
        self.agent = agent
        self.history: list[Message] = list(history)
        self.state = state or DialogueState.from_history(self.history)
        self.max_messages = max_messages
        self._lock = asyncio.Lock()

    async def send(self, text: str, *, on_event: EventHandler | None = None) -> Turn:
        """Run one turn and add it to the history."""
        async with self._lock:
            turn = await self.agent.run_turn(text, history=self.history, state=self.state, on_event=on_event)
            self.history = _trim(self.history + turn.messages, self.max_messages)
            self.state = turn.state
            return turn
