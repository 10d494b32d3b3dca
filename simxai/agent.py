"""The conversation engine: decide → select and extract → clarify → call → verbalize → guard.

`Agent.run_turn` runs the SimXAI paper's Algorithm 1 for one user turn, plus a faithfulness guard. It is
stateless; `Conversation` keeps a dialogue's history and state. Model output is data: a function is only
ever reached through the registry, and bad calls get one corrective retry before the user is asked or told
plainly what cannot be done. Each stage ends with an outcome value (`simxai.outcomes`); one verification step
makes the reply and the guard's report. The turn's records live in `simxai.turns`, the dialogue state in
`simxai.state`, the sentences in `simxai.prompts`.

The turn (`_TurnRun`) reads top-down here: the answer to a pending question (`_pending_answer`), the loop with
the backend, and the verification. What it builds on has a module each: its working set, records and backend
requests (`_turn_records`), running calls (`_turn_calls`), and the argument guards with the questions they ask
(`_call_questions`); the loop's knobs are `_engine.AgentSettings`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Sequence
from typing import Any

from simxai._engine import AgentSettings
from simxai._pending_answer import answered_arguments, instance_for_pending, offer_taken
from simxai._turn_calls import _TurnCalls
from simxai._turn_records import trim
from simxai.backends.base import CLARIFY, Backend, CompletionResponse
from simxai.counted_class import counted_class
from simxai.followup_context import is_new_request_for
from simxai.guard import GuardReport, Vocabulary, check_claims, non_answer
from simxai.hosts.base import Host, HostSchema
from simxai.messages import Message, ToolCall
from simxai.outcomes import Answer, Clarify, Outcome, Refuse, Render, noted
from simxai.prompts import cannot, direct_answer_retry, guard_retry, host_tools, non_answer_retry, system_prompt
from simxai.ranked_groups import ranked_groups
from simxai.registry import Registry, default_registry_for_agents
from simxai.state import DialogueState, PendingCall, StepQuestion
from simxai.turn_memo import turn_memo
from simxai.turns import CallRecord, Clarification, EventHandler, Turn, TurnEvent
from simxai.work import WorkerPool

_log = logging.getLogger(__name__)
#: What a turn's report names when the guard itself failed on a reply (the error is logged with its traceback).
GUARD_FAULT = "the faithfulness check failed on this reply (an internal error, logged)"

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
        self.vocabulary = Vocabulary.for_host(host, self.registry.names())  # with its cards' words (gfb39)

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
        with turn_memo():  # readers asked the same of one text many times a turn answer once (`turn_memo`)
            run = _TurnRun(self, user, history, state or DialogueState.from_history(history), on_event)
            return await run.execute()


class _TurnRun(_TurnCalls):
    """One turn, read top-down as the loop's stages, over its working set and records (`_TurnCalls`).

    Each stage ends with an outcome (`simxai.outcomes`); `_verify`, the one verification step, turns the turn's
    outcome into the reply the user sees and the guard's report on it.
    """

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
        # "Change NetSag to 3? ..." -> "and the pad gap 2 as well": our offer taken, the turn's change added
        answered = offer_taken(pending, self.user, self.agent.schema)
        new = is_new_request_for(self.user, self.agent.schema, pending.missing, pending.arguments.get("instance"))
        if answered is None and new:
            # "which applicant?" -> "Applicant 988, reduce it by 5"; "what should change?" -> "okay and how sure
            # is it about review 78": a request of its own
            return None
        answered = answered or answered_arguments(pending, self.user, self.agent.schema, self.agent.registry)
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

    # Stage 5: verbalize and verify.
    def _outputs(self) -> list[Any]:
        """The outputs of the turn's successful calls, which replies are checked against."""
        return [c.output for c in self.calls if c.status == "ok"]

    def _claims(self, text: str, outputs: list[Any], *, timed: bool = True) -> GuardReport:
        """The guard's check of `text`'s claims against `outputs` (the user's own words are not claims)."""
        started = time.perf_counter()
        try:
            report = check_claims(text, outputs, vocabulary=self.agent.vocabulary, context=self.said)
        except Exception:  # a fault of the guard's own: the reply counts as unverified, the turn goes on
            _log.exception("the faithfulness guard failed on a reply; it is treated as not supported")
            report = GuardReport(passed=False, unsupported=[GUARD_FAULT])
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
        own and states no claim; a rendering is SimXAI's own text built from the outputs, re-read only with
        `guard_renderings` on (else its report says `rendered`), unless it replaced a written reply: a non-answer's
        rendering is read, and a reply with unsupported claims keeps the report that names them (`fallback_used`).
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
        if rendered:  # scores on several groups: which is lowest and highest, said once after them
            rendered.append(ranked_groups(self.calls))
        if rendered and (counted := counted_class(self.user, self.calls)) is not None:
            rendered.insert(0, counted)  # "how many of them are predicted X": that number first, then the breakdown
        non_answer = outcome.non_answer if isinstance(outcome, Render) else None
        if rendered and not written and self.agent.settings.guard:
            # SimXAI's own rendering, built from the outputs, is re-read only when `guard_renderings` asks (tests
            # and benches do); else its report says so. One that replaced a written non-answer is read as before,
            # and a written reply it replaced for unsupported claims keeps the report that names them.
            if self.agent.settings.guard_renderings or non_answer is not None:
                report = self._claims(" ".join(r for r in rendered if r), self._outputs(), timed=False)
            else:
                report = GuardReport(rendered=True)
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
            self.history = trim(self.history + turn.messages, self.max_messages)
            self.state = turn.state
            return turn
