"""The whole LExT run: every row scored (`case`) for the recorded answers and each live layer, then summarised.

Consecutive rows of one dialogue form a unit, which one `Replay` of a live layer answers in order; finished
cases are cached.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from simxai.eval_suite.data.recorded import QARow
from simxai.eval_suite.lext.case import RECORDED, LiveLayer, Scorer, score_live, score_recorded
from simxai.eval_suite.lext.layer import Replay
from simxai.eval_suite.lext.report import LExTCase, LExTReport, summarize
from simxai.eval_suite.runner import CaseCache, Progress, cache_key, run_units

__all__ = ["evaluate_lext"]


@dataclass(frozen=True)
class _Item:
    row: QARow
    context: tuple[tuple[str, str], ...]
    unit: int


def _units(rows: Sequence[QARow], contexts: Sequence[Sequence[tuple[str, str]]]) -> list[list[_Item]]:
    """Consecutive rows of one dialogue form a unit (one conversation); a row without context starts one."""
    units: list[list[_Item]] = []
    last: str | None = None
    for row, context in zip(rows, contexts, strict=True):
        users = [text for role, text in context if role == "user"]
        key = users[0] if users else row.question
        if key != last or not units:
            units.append([])
        units[-1].append(_Item(row, tuple(context), len(units) - 1))
        last = key
    return units


async def evaluate_lext(
    rows: Sequence[QARow],
    contexts: Sequence[Sequence[tuple[str, str]]],
    *,
    dataset: str,
    scorer: Scorer,
    layers: Sequence[LiveLayer] = (),
    recorded: bool = True,
    concurrency: int = 1,
    cache: CaseCache | None = None,
    progress: bool | None = None,
    notes: Sequence[str] = (),
    config: Mapping[str, Any] | None = None,
) -> LExTReport:
    """Score every row for the recorded answers (if `recorded`) and for each live layer.

    Args:
        rows: the turns, with their recorded outputs and answers.
        contexts: each row's earlier conversation as (role, text); a live layer answers its user turns.
        dataset: the dataset's name (reports and cache keys).
        scorer: embedder, entity extractor, judge and counts.
        layers: the live layers.
        recorded: also score the recorded answers.
        concurrency: dialogues evaluated at once.
        cache: finished cases (None: in memory only).
        progress: show a progress bar (None: when stderr is a terminal).
        notes: notes for the report.
        config: extra settings to record in the report.
    """
    cache = cache if cache is not None else CaseCache(None, "lext")
    started = time.perf_counter()
    units = _units(rows, contexts)
    cases: list[LExTCase] = []
    seconds: dict[str, float] = {}

    async def run(
        name: str,
        work: Callable[[_Item, list[LExTCase]], Awaitable[LExTCase]],
        chosen: list[list[_Item]],
        layer_config: Mapping[str, Any],
    ) -> None:
        layer_started = time.perf_counter()
        config = {**scorer.config(), **layer_config}
        results = await run_units(
            chosen,
            work,
            key=lambda item: cache_key(dataset, f"{item.row.row}@{name}", name, config),
            model=LExTCase,
            cache=cache,
            concurrency=concurrency,
            progress=Progress(len(rows), f"lext {dataset} {name}", enabled=progress),
        )
        cases.extend(c for unit in results for c in unit)
        seconds[name] = time.perf_counter() - layer_started

    if recorded:
        await run(
            RECORDED,
            lambda item, _: score_recorded(item.row, scorer),
            [[item] for unit in units for item in unit],
            {},
        )
    for layer in layers:
        replays: dict[int, Replay] = {}

        def work(
            item: _Item, _: list[LExTCase], layer: LiveLayer = layer, replays: dict[int, Replay] = replays
        ) -> Awaitable[LExTCase]:
            agent = layer.agents.get(item.row.domain or "")
            replay = replays.setdefault(item.unit, Replay(agent)) if agent is not None else None
            return score_live(item.row, item.context, layer, replay, scorer)

        await run(layer.name, work, units, layer.config)
    order = {name: i for i, name in enumerate([RECORDED, *(layer.name for layer in layers)])}
    cases.sort(key=lambda c: (order[c.layer], c.row))
    summaries = [
        summarize(name, [c for c in cases if c.layer == name], seconds=seconds.get(name, 0.0), live=name != RECORDED)
        for name in order
        if name in seconds
    ]
    return LExTReport(
        dataset=dataset,
        backend=", ".join(layer.name for layer in layers) or None,
        judge=scorer.judge.name if scorer.judge else "none",
        config={**scorer.config(), **(config or {}), "concurrency": concurrency},
        seconds=round(time.perf_counter() - started, 3),
        notes=[*notes, *_notes(layers, scorer)],
        embedder=scorer.embedder.name,
        entities=scorer.extractor.name,
        layers=summaries,
        cases=cases,
    )


def _notes(layers: Sequence[LiveLayer], scorer: Scorer) -> list[str]:
    notes = [
        "Layer means average each component over the cases where it is available; the aggregates are derived "
        "from those means (LExT = 2PF / (P + F) of the layer's P and F).",
    ]
    for layer in layers:
        if layer.deterministic:
            notes.append(
                f"{layer.name} writes no text: its replies are the deterministic renderings of the function "
                "outputs, so its iterative stability is exactly 1 and its weighted accuracy is 1 wherever "
                "every call succeeded (true properties of the layer, not measurement artefacts)."
            )
    if scorer.judge is None:
        notes.append(
            "No judge: context relevancy, paraphrase stability, QAG and counterfactual stability are "
            "unavailable; the aggregates shown are partial."
        )
    return notes
