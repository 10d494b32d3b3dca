"""Which reading of the router decided each dialogue turn, and how often each reading is right, wrong or asks.

Usage (from the repository root):

    python bench/dialogue_paths.py --authors w51 w53 ... [--people DIR] [--router-model M] [--threshold T]
                                   [--list READING] [--json OUT]

Every dialogue of each author's folder (default `simxai/eval_suite/router_training/people/<author>`) runs through
the real engine exactly as `bench/fresh_set.py --dialogues-only` runs it, and each user turn is scored by
`fresh_set.score`. While a turn runs, the router is traced (`sys.settrace`, nothing in the router changes): the
*reading* of the turn is the first of

- the line at which `RouterBackend.route` returned early (a correction's question, an unread turn, "yes" to our
  question, a question between two readings);
- `answered: ...`: the turn picked an option of our question or a reading (`_answered_clarification`,
  `answer_or_question`);
- `decide:<line> <return>`: the `return` of `RouterBackend._decide` that produced the decision (the selector's own
  choice is `decide: return compound(...)` or the unsure `return split ...`), with `+settled` when the labels or
  a reference settled an unsure choice afterwards and `+asked again` when `repeated_data_question` changed it.

For each reading the table gives its turns, right (the gold function called), confident-wrong (another function
called, or a call where none was due), asked (a question and no call) and other (no answer), and the wrong share of
its answers. `--list READING` prints the turns of the readings whose label holds READING (for authors one may read).
The line numbers are those of `simxai/backends/router.py` in the checkout that runs.
"""

from __future__ import annotations

import asyncio
import collections
import json
import linecache
import sys
from dataclasses import asdict
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fresh_set  # noqa: E402
from _people_runs import author_folders, people_parser, traced_turns  # noqa: E402

from simxai.backends import _dialogue_followup  # noqa: E402
from simxai.backends.router import RouterBackend  # noqa: E402

_ROUTE = RouterBackend.route.__code__
_DECIDE = RouterBackend._decide.__code__
_ANSWERED = RouterBackend._answered_clarification.__code__
_OR_QUESTION = _dialogue_followup.answer_or_question.__code__


def _return_line(code: Any, line: int) -> str:
    """`line` of `code`'s file, or the nearest line above it that starts a `return` (a return over several lines)."""
    for number in range(line, max(line - 12, 0), -1):
        source = linecache.getline(code.co_filename, number).strip()
        if source.startswith("return"):
            return f"{number} {source.split('  #')[0][:70]}"
    return f"{line} {linecache.getline(code.co_filename, line).strip()[:70]}"


class Tracer:
    """Records, per routed turn, how `RouterBackend.route` reached its answer (module doc)."""

    def __init__(self) -> None:
        self.readings: list[str] = []
        self._decided: str | None = None
        self._answered: str | None = None

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        code = frame.f_code
        if event != "call":
            return None
        caller = frame.f_back.f_code if frame.f_back is not None else None
        if code is _ROUTE:
            self._decided = self._answered = None
            frame.f_trace_lines = False
            return self._route
        if caller is _ROUTE and code in (_DECIDE, _ANSWERED, _OR_QUESTION):
            frame.f_trace_lines = False
            return self._inner
        return None

    def _inner(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event != "return":
            return self._inner
        code = frame.f_code
        if code is _DECIDE:
            self._decided = f"decide:{_return_line(code, frame.f_lineno)}"
        elif arg is not None and self._answered is None:
            kind = "picked option of our question" if code is _ANSWERED else "answer_or_question"
            self._answered = f"answered: {kind} ({type(arg).__name__})"
        return self._inner

    def _route(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event != "return":
            return self._route
        messages = frame.f_locals.get("messages") or []
        if not messages or messages[-1].role == "tool":
            return self._route  # the engine's call after the tools ran: no routing
        if self._answered is not None:
            reading = self._answered
        elif self._decided is not None:
            reading = self._decided
            decision = frame.f_locals.get("decision")
            if decision is not None and decision.function is not None and decision.confident is False:
                reading += " +unsure"
        else:
            reading = f"route:{_return_line(_ROUTE, frame.f_lineno)}"
        self.readings.append(reading)
        return self._route


async def _author(
    folder: Path, backend: RouterBackend, tracer: Tracer, extras: dict[int, str | None]
) -> list[tuple[str, fresh_set.Scored]]:
    rows: list[tuple[str, fresh_set.Scored]] = []
    previous: str | None = None  # the function the dialogue's last answered turn called
    async for traced in traced_turns(folder, backend, tracer, tracer.readings.clear, requests=False):
        if traced.index == 0:
            previous = None
        reading = tracer.readings[0] if tracer.readings else "(not routed)"
        rows.append((reading, traced.row))
        extras[id(traced.row)] = previous
        previous = traced.row.called or previous
    return rows


def _table(rows: list[tuple[str, fresh_set.Scored]]) -> None:
    by: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for reading, row in rows:
        kind = "right" if row.function_correct else row.outcome
        if kind == "correct":  # a clarification or a "no function" turn answered as its gold asks
            kind = "right"
        by[reading][kind] += 1
    print(f"{'reading':<84} {'n':>4} {'right':>5} {'wrong':>5} {'asked':>5} {'other':>5} {'wrong/answers':>13}")
    total: collections.Counter[str] = collections.Counter()
    for reading, count in sorted(by.items(), key=lambda kv: -sum(kv[1].values())):
        total.update(count)
        n = sum(count.values())
        other = n - count["right"] - count["confident_wrong"] - count["clarified"]
        answers = count["right"] + count["confident_wrong"]
        share = f"{count['confident_wrong'] / answers:6.1%}" if answers else "     -"
        print(
            f"{reading[:84]:<84} {n:>4} {count['right']:>5} {count['confident_wrong']:>5} "
            f"{count['clarified']:>5} {other:>5} {share:>13}"
        )
    n = sum(total.values())
    other = n - total["right"] - total["confident_wrong"] - total["clarified"]
    print(f"{'all':<84} {n:>4} {total['right']:>5} {total['confident_wrong']:>5} {total['clarified']:>5} {other:>5}")


async def main(argv: list[str] | None = None) -> int:
    parser = people_parser(
        __doc__.splitlines()[0] if __doc__ else None,
        json_help="write every turn with its reading and the previous call here",
        list_metavar="READING",
        list_help="print the turns of the readings whose label holds this",
    )
    args = parser.parse_args(argv)
    backend = RouterBackend(threshold=args.threshold, model=args.router_model)
    tracer = Tracer()
    previous: dict[int, str | None] = {}  # per scored row: the function the turn before it called
    rows: list[tuple[str, fresh_set.Scored]] = []
    for _, folder in author_folders(args.authors, args.people):
        rows += await _author(folder, backend, tracer, previous)
    print(f"authors {' '.join(args.authors)}; {len(rows)} dialogue turns")
    _table(rows)
    if args.list:
        for reading, r in rows:
            if args.list in reading:
                got = r.called or (f"asked: {r.asked[:60]}" if r.asked else "nothing")
                print(f"[{r.outcome}] {reading[:40]} | {r.case}#{r.turn} {r.text!r}: gold {r.gold} -> {got}")
    if args.json:
        turns = [{"reading": g, "previous": previous[id(r)], **asdict(r)} for g, r in rows]
        args.json.write_text(json.dumps(turns, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
