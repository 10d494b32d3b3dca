"""Parsing evaluation: run each case through the real engine and score its first called function.

The first called function is `turn.calls[0].function` (a call that ended in a clarification or was
rejected counts: the function was selected), else `no tool`. It is correct when it equals the gold label
or one of its ` / `-separated alternatives, the reference run's rule.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, Literal

import pydantic

from simxai.agent import Agent, Turn
from simxai.eval_suite.data.datasets import Case
from simxai.eval_suite.data.labels import ELEVEN, NO_TOOL, argument_matches
from simxai.eval_suite.data.recorded import RecordedPrediction
from simxai.eval_suite.metrics import confusion_matrix, per_function, score_parse
from simxai.eval_suite.parsing.oracle import CURRENT_CASE
from simxai.eval_suite.report import CallSummary, ParseCase, ParseReport
from simxai.eval_suite.runner import CaseCache, Progress, cache_key, run_units
from simxai.exceptions import HostError, UsageError
from simxai.hosts.base import Host, HostSchema
from simxai.messages import Message
from simxai.results import Subject

__all__ = [
    "HistoryMode",
    "ParseConfig",
    "SelectionOnlyHost",
    "evaluate_parse",
    "score_recorded",
    "select_cases",
]

HistoryMode = Literal["teacher-forced", "free-running"]


class ParseConfig(pydantic.BaseModel):
    """What besides the case and backend determines a parsing result (part of the cache key)."""

    model_config = pydantic.ConfigDict(frozen=True)

    history: HistoryMode = "teacher-forced"
    host: str = "sentiment"
    functions: Literal["run", "skip"] = "run"


SKIPPED = "not run: selection-only evaluation (--functions skip)"


class SelectionOnlyHost:
    """A host that describes itself and resolves instances but runs no resource.

    Every resource raises `HostError`, which the engine records as the call's error: the selected
    function and its arguments are kept, the host's time is saved. Valid for teacher-forced parsing only,
    where no later turn sees this turn's outputs.
    """

    def __init__(self, host: Host) -> None:
        self.host = host

    def schema(self) -> HostSchema:
        """The wrapped host's schema."""
        return self.host.schema()

    def resolve(self, instance: Any) -> Subject:
        """Resolve `instance` with the wrapped host, so arguments are checked as in a full run."""
        return self.host.resolve(instance)

    def _skip(self, *args: Any, **kwargs: Any) -> Any:
        raise HostError(SKIPPED)

    predict = local_explanation = global_explanation = counterfactuals = still_this = what_if = _skip
    performance = data_information = model_information = output_information = _skip


def select_cases(cases: Sequence[Case], limit: int | None, seed: int, *, whole_dialogues: bool = False) -> list[Case]:
    """A seeded sample of `limit` cases in dataset order (all when `limit` is None).

    With `whole_dialogues`, dialogues are sampled whole until `limit` cases are reached (free-running
    history needs every earlier turn of a dialogue).
    """
    if limit is None or limit >= len(cases):
        return list(cases)
    if limit < 1:
        raise UsageError(f"--limit must be at least 1, got {limit}")
    rng = random.Random(seed)
    if not whole_dialogues:
        keep = set(rng.sample(range(len(cases)), limit))
        return [c for i, c in enumerate(cases) if i in keep]
    groups: dict[str, list[Case]] = {}
    for c in cases:
        groups.setdefault(c.dialogue or c.id, []).append(c)
    order = list(groups)
    rng.shuffle(order)
    chosen: set[str] = set()
    count = 0
    for name in order:
        if count >= limit:
            break
        chosen.add(name)
        count += len(groups[name])
    return [c for c in cases if (c.dialogue or c.id) in chosen]


def _teacher_history(case: Case) -> list[Message]:
    return [Message.user(text) if role == "user" else Message.assistant(text) for role, text in case.context if text]


def _free_history(earlier: Sequence[ParseCase]) -> list[Message]:
    history: list[Message] = []
    for record in earlier:
        if record.messages:
            history += [Message.model_validate(m) for m in record.messages]
        else:  # the turn failed: keep the user's words and an empty reply
            history += [Message.user(record.text), Message.assistant(record.reply)]
    return history


def _base_record(case: Case) -> dict[str, Any]:
    gold = case.gold
    return {
        "case_id": case.id,
        "text": case.text,
        "dialogue": case.dialogue,
        "turn": case.turn,
        "gold": list(gold.alternatives) if gold else None,
        "gold_raw": gold.raw if gold else None,
        "in_scope": gold.in_scope if gold else None,
        "excluded_label": gold.excluded_label if gold else None,
        "reference": list(case.reference.alternatives) if case.reference else None,
        "argument_gold": case.argument if _takes_argument(case) else None,
    }


#: Functions whose gold sets give no argument (a global explanation's optional label included): a gold `input`
#: next to them (e.g. Compass) is not scored as an argument.
_NO_ARGUMENTS = frozenset({"get_global_explanation", "get_model_information", "get_output_information"})


def _takes_argument(case: Case) -> bool:
    # Argument accuracy is scored where the data gives a value and the gold function takes arguments.
    return (
        case.argument is not None
        and case.gold is not None
        and case.gold.alternatives[0] in ELEVEN
        and case.gold.alternatives[0] not in _NO_ARGUMENTS
    )


def case_record(
    case: Case,
    turn: Turn | None,
    *,
    error: str | None = None,
    seconds: float = 0.0,
    keep_messages: bool = False,
) -> ParseCase:
    """Score one case from the engine's turn (or record why there is none)."""
    base = _base_record(case)
    calls = turn.calls if turn is not None else []
    predicted = (calls[0].function if calls else NO_TOOL) if turn is not None else None
    argument_correct = None
    if base["argument_gold"] is not None:
        first = calls[0] if calls else None
        argument_correct = bool(
            first is not None
            and case.gold is not None
            and case.gold.accepts(first.function)
            and argument_matches(base["argument_gold"], first.function, first.arguments)
        )
    return ParseCase(
        **base,
        predicted=predicted,
        calls=[
            CallSummary(
                function=c.function,
                arguments=c.arguments,
                status=c.status,
                output=c.rendering if c.status == "ok" else c.error,
            )
            for c in calls
        ],
        correct=case.gold.accepts(predicted) if case.gold is not None else None,
        reference_match=case.reference.accepts(predicted) if case.reference is not None else None,
        argument_correct=argument_correct,
        reply=turn.reply if turn is not None else "",
        error=error,
        seconds=round(seconds, 4),
        messages=[m.model_dump(mode="json") for m in turn.messages] if keep_messages and turn is not None else [],
    )


async def evaluate_parse(
    cases: Sequence[Case],
    agent: Agent,
    *,
    dataset: str,
    config: ParseConfig | None = None,
    concurrency: int = 1,
    cache: CaseCache | None = None,
    progress: bool | None = None,
    notes: Sequence[str] = (),
) -> ParseReport:
    """Run `cases` through `agent` and score them.

    A case whose turn raises (backend unreachable, unexpected error) is recorded with its error and
    counted as wrong; the run goes on.
    """
    config = config or ParseConfig()
    cache = cache if cache is not None else CaseCache(None, "parse")
    backend = agent.backend.name
    free = config.history == "free-running"
    key_config = config.model_dump()

    async def work(case: Case, earlier: list[ParseCase]) -> ParseCase:
        history = _free_history(earlier) if free else _teacher_history(case)
        token = CURRENT_CASE.set(case)
        started = time.perf_counter()
        try:
            turn = await agent.run_turn(case.text, history=history)
        except Exception as exc:  # one failing case must not end the run; its error is its record
            return case_record(case, None, error=f"{type(exc).__name__}: {exc}", seconds=time.perf_counter() - started)
        finally:
            CURRENT_CASE.reset(token)
        return case_record(case, turn, seconds=time.perf_counter() - started, keep_messages=free)

    if free:
        groups: dict[str, list[Case]] = {}
        for c in cases:
            groups.setdefault(c.dialogue or c.id, []).append(c)
        units: list[list[Case]] = list(groups.values())
    else:
        units = [[c] for c in cases]
    started = time.perf_counter()
    results = await run_units(
        units,
        work,
        key=lambda c: cache_key(dataset, c.id, backend, key_config),
        model=ParseCase,
        cache=cache,
        concurrency=concurrency,
        progress=Progress(len(cases), f"parse {dataset}", enabled=progress),
    )
    order = {c.id: i for i, c in enumerate(cases)}
    records = sorted((r for unit in results for r in unit), key=lambda r: order[r.case_id])
    return _report(
        records,
        dataset,
        backend,
        {**key_config, "concurrency": concurrency},
        time.perf_counter() - started,
        notes,
    )


def _report(
    records: list[ParseCase],
    dataset: str,
    backend: str,
    config: dict[str, Any],
    seconds: float,
    notes: Sequence[str],
) -> ParseReport:
    return ParseReport(
        dataset=dataset,
        backend=backend,
        config=config,
        seconds=round(seconds, 3),
        notes=list(notes),
        totals=score_parse(records),
        per_function=per_function(records),
        confusion=confusion_matrix(records) if any(r.gold for r in records) else None,
        cases=records,
    )


def _same_question(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def score_recorded(
    cases: Sequence[Case],
    rows: Sequence[RecordedPrediction],
    *,
    dataset: str,
    run: str,
    notes: Sequence[str] = (),
) -> ParseReport:
    """Score a recorded run (no model): each CSV row is aligned with the dataset's case of the same position.

    Raises:
        UsageError: the file's rows do not match the dataset's turns (count or question text).
    """
    if len(rows) != len(cases):
        raise UsageError(f"recorded run {run} has {len(rows)} rows but {dataset} has {len(cases)} turns")
    records = []
    mismatched = 0
    for case, row in zip(cases, rows, strict=True):
        if not _same_question(case.text, row.question):
            raise UsageError(
                f"recorded run {run} row {row.row}: question {row.question[:60]!r} is not "
                f"{dataset} turn {case.id} ({case.text[:60]!r})"
            )
        if case.gold is not None and row.gold.alternatives != case.gold.alternatives:
            mismatched += 1
        predicted = row.predicted
        base = _base_record(case)
        base["argument_gold"] = None  # the recorded files hold no arguments
        records.append(
            ParseCase(
                **base,
                predicted=predicted,
                calls=[] if predicted == NO_TOOL else [CallSummary(function=predicted, status="recorded")],
                correct=case.gold.accepts(predicted) if case.gold is not None else None,
            )
        )
    extra = [f"Scored from the recorded run {run}; no model was run."]
    if mismatched:
        extra.append(
            f"{mismatched} rows of {run} give a gold label that differs from the dataset's; "
            "the dataset's gold was used."
        )
    return _report(records, dataset, f"recorded:{run}", {}, 0.0, [*notes, *extra])
