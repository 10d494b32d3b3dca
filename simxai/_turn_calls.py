"""Running a reply's function calls: only registered names, the argument guards before a call runs (`_call_questions`),
the call on the host in the worker pool, and what its outcome means for the turn (ran, ask the user, or retry).

`_TurnCalls` extends the turn's records (`_turn_records`); the turn (`simxai.agent._TurnRun`) extends it in turn.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simxai._asked_feature_rank import asked_feature_rank
from simxai._call_questions import argument_question, fillable, range_question, relative_change, with_scenario_kept
from simxai._counted_label import counted_label
from simxai._counted_value import counted_value
from simxai._fixed_features import fixed_category_questions, fixed_number_note
from simxai._stated_values import hypothetical, stated_differences, stated_question
from simxai._sure_change import sure_change
from simxai._sure_edit import sure_edit
from simxai._turn_records import _TurnRecords
from simxai.exceptions import ArgumentError, FunctionCallError, HostError
from simxai.guard import insists, out_of_range, stepped_out_of_range
from simxai.hosts.month_wrap import wrap_note
from simxai.instance_values import listed_members, named_values
from simxai.messages import Message, ToolCall
from simxai.outcomes import Clarify, Refuse
from simxai.prompts import (
    amount_missing,
    call_failed,
    call_failed_on_arguments,
    cannot,
    invalid_call,
    not_run_clarification,
    not_run_limit,
    reused_call,
    unknown_function,
)
from simxai.results import render_result, result_payload
from simxai.turns import Clarification

logger = logging.getLogger("simxai.agent")


@dataclass(frozen=True)
class _Retry:
    """A call was rejected and the model gets one corrective retry; `error` is the argument error, if that was it."""

    error: ArgumentError | None = None


@dataclass(frozen=True)
class _Batch:
    """What running one reply's calls ended with."""

    retry: bool = False
    clarification: Clarification | None = None
    #: The argument error of the batch's last call rejected for its arguments.
    rejected: ArgumentError | None = None


class _TurnCalls(_TurnRecords):
    """The turn's records, and running the calls of the backend's replies."""

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
            # "139605 in long straw instead?" of a fixed material: a supposition of another kind of instance, asked
            questions = fixed_category_questions(arguments.get("changes"), self.agent.schema)
            questions += out_of_range(arguments.get("changes"), self.agent.schema)
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
            sure = sure_change(self.user, self.agent.schema) if exc.missing == ["changes"] else None
            if sure is None and exc.missing == ["changes"]:  # "if sluggish became brisk" of a review saying it
                sure = sure_edit(self.user, await self._instance_text(arguments.get("instance")))
            if sure is not None and not arguments.get("changes"):  # "were 100 rather than 131": run, no yes asked
                return await self._run_call(
                    ToolCall(id=call.id, name=call.name, arguments={**arguments, "changes": sure})
                )
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
        stated = self._stated_what_if(call, result)
        if stated is not None:  # "what would lot 5416 get with a rate of 0.95?": never the recorded row in silence
            return await stated
        payload = result_payload(result)
        if "changes" in parameters and not as_given:
            questions = stepped_out_of_range(arguments.get("changes"), payload, self.agent.schema)
            if questions:  # "5 kg lighter" for a parcel of 2 kg: questioned, not answered for a weight of -3
                return await self._question_changes(call, arguments, questions)
        rendering = render_result(result)
        # "how does terrain affect predictions?": terrain's own place in the ranking first
        rendering = asked_feature_rank(result, self.user, self.agent.schema) + rendering
        # "how many ridge callouts", "how many late returns on powder days": the count asked for first
        schema = self.agent.schema
        counted = counted_label(result, self.user, schema) or counted_value(result, self.user, schema)
        rendering = counted + rendering
        if call.name == "explain_what_if":  # "a month later" of December: 1, and said so
            rendering += wrap_note(
                arguments.get("changes"), payload.get("changes") if isinstance(payload, dict) else None
            )
            if not (isinstance(payload, dict) and payload.get("fixed")):  # a host's result that does not say it
                rendering += fixed_number_note(arguments.get("changes"), self.agent.schema)  # "ten years older"
        if call.name == "get_prediction":  # "what is the income of applicant 12": the values the user named
            rendering += named_values(result, self.user, self.agent.schema)
            if "Among them:" not in rendering:  # "which bikes over 5000 km need a service?": a few of them named
                rendering += listed_members(result, self.user, self.agent.schema)
        self.state = self.state.after(call.name, arguments, payload)
        await self._finish_call(call, arguments, "ok", output=payload, rendering=rendering)
        self._done[self._key(call)] = self.calls[-1]
        return None

    async def _instance_text(self, instance: Any) -> str | None:
        """The text of a text host's instance (a quoted text, or the one an id names), or None."""
        if self.agent.schema.kind != "text" or instance is None:
            return None
        try:
            subject = await asyncio.to_thread(self.agent.host.resolve, instance)
        except (FunctionCallError, HostError):  # no such review: the question stands
            return None
        return subject.text

    def _stated_what_if(self, call: ToolCall, result: Any) -> Any:
        """For a prediction of one row beside stated values that differ from its own (`_stated_values`): the
        what-if with them when said as a supposition, else the question offering both; None otherwise.
        """
        subject = getattr(result, "subject", None)
        if call.name != "get_prediction" or "explain_what_if" not in self.agent.registry or subject is None:
            return None
        if subject.kind != "row" or not subject.values or "instance" not in call.arguments:
            return None
        differing = stated_differences(self.user, subject.values, self.agent.schema, call.arguments["instance"])
        if not differing:
            return None
        instance = call.arguments["instance"]
        if hypothetical(self.user):
            arguments = {"instance": instance, "changes": differing}
            return self._run_call(ToolCall(id=call.id, name="explain_what_if", arguments=arguments))
        clarification, pending = stated_question(instance, subject.description, differing, subject.values)
        self.state = self.state.model_copy(update={"pending": pending})
        return self._asked(call, clarification)

    async def _asked(self, call: ToolCall, clarification: Clarification) -> Clarification:
        await self._finish_call(call, call.arguments, "clarification", error=clarification.question)
        return clarification

    async def _question_changes(self, call: ToolCall, arguments: dict[str, Any], questions: list[str]) -> Clarification:
        """Ask whether changes outside the data's range are meant (`_call_questions.range_question`)."""
        asked = range_question(call.name, arguments, questions, self.agent.schema)
        self.state = self.state.model_copy(update={"pending": asked.pending})
        await self._finish_call(call, arguments, "clarification", error=asked.clarification.question)
        return asked.clarification

    def _relative_change(self, call: ToolCall, parameters: Sequence[str]) -> dict[str, Any] | Clarification:
        """The call's arguments with a change that names no feature applied to the feature in focus, or the
        question asking how much (`_call_questions.relative_change`), whose call then waits in the state.
        """
        changed = relative_change(call, parameters, self.user, self.state, self.agent.schema)
        if isinstance(changed, dict):
            return changed
        self.state = self.state.model_copy(update={"pending": changed.pending})
        return changed.clarification

    @staticmethod
    def _key(call: ToolCall) -> str:
        return call.name + json.dumps(call.arguments, sort_keys=True, default=str)

    # Stage 3: clarify.
    def _ask(self, function: str, arguments: dict[str, Any], exc: ArgumentError) -> Clarification:
        """The question for a missing or invalid argument; the call waits for the answer in the state."""
        schema, names = self.agent.schema, self.agent.registry.names()
        asked = argument_question(function, arguments, exc, self.user, schema, names)
        asked = with_scenario_kept(asked, self.user, self.state)  # "and seal 3 better as well": the age stays
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
