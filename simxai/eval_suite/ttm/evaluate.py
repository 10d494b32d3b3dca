"""TalkToModel's parsing accuracy of a layer, with SimXAI's learned parser as TalkToModel's parser.

TalkToModel scores a parser by exact match after removing spaces (`experiments/utils.py`,
`check_correctness`), over a suite file of utterance / gold-parse line pairs separated by blank lines. Each
utterance is parsed on its own (a fresh dialogue), as TalkToModel's script does. The report adds a
breakdown by the gold program's operation (``change`` for any what-if, else its last non-filter operation)
and counts gold parses that are outside TalkToModel's own grammar (the templates have a few typos).
The command is `simxai-eval ttm-parse` (`simxai.eval_suite.commands.ttm`).
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from typing import TYPE_CHECKING, Any

import pydantic

from simxai.exceptions import UsageError

if TYPE_CHECKING:
    from simxai.integrations.ttm_grammar import Operation

__all__ = [
    "DATASETS",
    "NO_PROGRAM",
    "TTMCase",
    "TTMOperationScore",
    "TTMParseReport",
    "evaluate",
    "gold_category",
    "markdown",
    "ttm_exact_match",
]

DATASETS = ("diabetes", "compas", "german")
NO_PROGRAM = "(no valid program)"


class _Model(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class TTMCase(_Model):
    """One utterance of the suite: its gold parse, the parse produced, and the layer's calls."""

    utterance: str
    gold: str
    parse: str
    correct: bool
    operation: str
    gold_in_grammar: bool
    functions: list[str]
    reason: str | None = None


class TTMOperationScore(_Model):
    """Exact match over the cases whose gold program is scored under one operation."""

    operation: str
    n: int
    correct: int
    rate: float


class TTMParseReport(_Model):
    """TalkToModel's parsing metric for one suite, dataset and backend."""

    dataset: str
    backend: str
    suite: str
    n: int
    correct: int
    exact_match: float
    no_program: int
    gold_outside_grammar: int
    exact_match_in_grammar: float | None
    operations: list[TTMOperationScore]
    cases: list[TTMCase]


def ttm_exact_match(parse: str, gold: str) -> bool:
    """TalkToModel's `check_correctness`: equal after removing spaces (its second test, the parse without dots
    but with its spaces against the spaceless gold, is kept for fidelity).
    """
    gold_spaceless = gold.replace(" ", "")
    return parse.replace(" ", "") == gold_spaceless or parse.replace(".", "") == gold_spaceless


def _gold_operations(gold: str) -> list[Operation]:
    """The operations of a gold parse read word by word, without the grammar (it may be outside it)."""
    from simxai.integrations.ttm_grammar import Operation

    body = re.sub(r"\s*\[e\]\s*$", "", gold.strip().lower())
    return [Operation(tuple(s.split())) for s in re.split(r"\s+(?:and|or)\s+", body) if s.split()]


def gold_category(gold: str, grammar: Any | None = None) -> tuple[str, bool]:
    """The operation a gold parse is scored under, and whether it is inside the grammar.

    A gold outside the grammar (a template typo such as ``coundata``) is categorised from its words.
    """
    from simxai.integrations.ttm_grammar import Program

    if grammar is not None:
        parsed = grammar.parse(gold)
        if isinstance(parsed, Program):
            return parsed.category, True
    operations = _gold_operations(gold)
    program = Program.of(operations) if operations else None
    return (program.category if program else "(empty)"), False


async def evaluate(
    pairs: list[Any],
    dataset: Any,
    backend: Any,
    *,
    concurrency: int = 1,
    execute: bool = False,
    suite: str = "",
) -> TTMParseReport:
    """Parse every pair's utterance in a fresh dialogue and score it against the gold.

    Args:
        pairs: `SuitePair`s (utterance, gold).
        dataset: the `TTMDataset` the suite is about.
        backend: the layer's backend (shared by the parsers), or its spec (one backend per parser).
        concurrency: parsers working at once, each with its own dialogue.
        execute: also run the selected functions.
        suite: the suite's name, for the report.
    """
    from simxai.exceptions import BackendError, FunctionCallError, HostError, ModelOutputError
    from simxai.integrations.talktomodel import SORRY, TalkToModelParser, TTMParse
    from simxai.integrations.ttm_grammar import TTMGrammar

    if concurrency < 1:
        raise UsageError(f"--concurrency must be at least 1, got {concurrency}")
    grammar = TTMGrammar(dataset.vocabulary)
    parsers = [
        TalkToModelParser(
            dataset.host,
            dataset.vocabulary,
            backend,
            class_names=dataset.class_names,
            execute=execute,
        )
        for _ in range(min(concurrency, max(len(pairs), 1)))
    ]
    queue: asyncio.Queue[tuple[int, Any]] = asyncio.Queue()
    for item in enumerate(pairs):
        queue.put_nowait(item)
    cases: dict[int, TTMCase] = {}

    async def work(parser: TalkToModelParser) -> None:
        while not queue.empty():
            index, pair = queue.get_nowait()
            parser.reset()
            try:
                result = await parser.parse(pair.utterance)
            except (BackendError, ModelOutputError, FunctionCallError, HostError) as exc:
                # one failing turn (an unreachable backend, unusable output) is recorded, not fatal
                result = TTMParse(pair.utterance, None, None, (), f"{type(exc).__name__}: {exc}")
            parse = result.text if result.text is not None else SORRY
            operation, in_grammar = gold_category(pair.gold, grammar)
            cases[index] = TTMCase(
                utterance=pair.utterance,
                gold=pair.gold,
                parse=parse if result.text is not None else NO_PROGRAM,
                correct=result.text is not None and ttm_exact_match(parse, pair.gold),
                operation=operation,
                gold_in_grammar=in_grammar,
                functions=[c[0] for c in result.calls],
                reason=result.reason,
            )

    await asyncio.gather(*(work(p) for p in parsers))
    ordered = [cases[i] for i in range(len(pairs))]
    totals: Counter[str] = Counter(c.operation for c in ordered)
    hits: Counter[str] = Counter(c.operation for c in ordered if c.correct)
    in_grammar = [c for c in ordered if c.gold_in_grammar]
    correct = sum(c.correct for c in ordered)
    return TTMParseReport(
        dataset=dataset.name,
        backend=getattr(backend, "name", str(backend)),
        suite=suite,
        n=len(ordered),
        correct=correct,
        exact_match=correct / len(ordered) if ordered else 0.0,
        no_program=sum(c.parse == NO_PROGRAM for c in ordered),
        gold_outside_grammar=len(ordered) - len(in_grammar),
        exact_match_in_grammar=sum(c.correct for c in in_grammar) / len(in_grammar) if in_grammar else None,
        operations=[
            TTMOperationScore(operation=op, n=n, correct=hits[op], rate=hits[op] / n)
            for op, n in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        cases=ordered,
    )


def markdown(report: TTMParseReport, errors: int = 0) -> str:
    """The report as Markdown: the overall exact match and a table by operation."""
    lines = [
        f"## TalkToModel parsing: {report.dataset}, backend {report.backend}",
        "",
        f"Exact match (TalkToModel's metric, spaces removed): **{report.correct}/{report.n} = "
        f"{report.exact_match:.1%}**; no valid program for {report.no_program}.",
    ]
    if report.gold_outside_grammar:
        share = report.exact_match_in_grammar
        others = f"; on the others: {share:.1%}" if share is not None else ""
        lines.append(f"{report.gold_outside_grammar} gold parses are outside TalkToModel's grammar{others}.")
    lines += ["", "| operation | n | correct | exact match |", "| --- | ---: | ---: | ---: |"]
    lines += [f"| {s.operation} | {s.n} | {s.correct} | {s.rate:.1%} |" for s in report.operations]
    wrong = [c for c in report.cases if not c.correct][:errors]
    if wrong:
        lines += ["", "Wrong parses:", ""]
        for case in wrong:
            lines += [
                f"- {case.utterance}",
                f"  - gold: `{case.gold}`",
                f"  - parse: `{case.parse}` ({', '.join(case.functions) or 'no function'})",
            ]
    return "\n".join(lines)
