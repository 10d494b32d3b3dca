"""Where a set's misses come from: which rule asked, and whether the selector's first choice was right.

Usage (from the repository root):

    python bench/ask_causes.py --set simxai/eval_suite/router_training/held_out_people/w19 \
        [--router-model ARTIFACT] [--threshold T] [--json OUT] [--list] [--dialogues-only]

Runs the set through the engine as `bench/fresh_set.py` does (same scoring) with a router that notes, for each
user turn, which rule produced a question and what the bare selector would have chosen (its top function among
the registered ones, on the normalised turn). Every turn whose gold names a function falls in one row:

  - function right (the first call is the gold or an alternative), and with wrong arguments apart;
  - asked by the selector's threshold (the router's `_clarify`: unsure which function), split by whether the
    function it was unsure about, its first option, was the gold;
  - asked by another rule of the router: an unknown word (a value, label, id or feature the host lacks), a vague
    question without a call, or a reading question (a repair, an option picked, two readings offered);
  - asked by the engine for a missing argument (instance, changes, group, ...), split by whether the function
    it asked for was the gold;
  - confidently wrong (another function called), and no answer.

The turns whose gold is a question (clarify) or no function are counted apart. `--list` prints each miss.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fresh_set import Case, load_host, load_set, score, set_hosts  # noqa: E402

from simxai import Agent  # noqa: E402
from simxai.backends.base import CLARIFY, CompletionRequest, CompletionResponse  # noqa: E402
from simxai.backends.router import RouterBackend, known_words, selector_text  # noqa: E402
from simxai.exceptions import SimXAIError  # noqa: E402
from simxai.normalize import normalize  # noqa: E402
from simxai.textbounds import bounded_text  # noqa: E402

_NONE = "none"


@dataclass
class Note:
    """What the router did with one user turn."""

    rule: str = ""  # the rule that asked: threshold, unknown word, vague, reading; "" when it did not ask
    selector_top: str = ""  # the bare selector's first choice among the registered functions (none: no function)
    selector_p: float = 0.0
    unsure_of: str = ""  # for the threshold: the function it was unsure about (its first option)


class NotingRouter(RouterBackend):
    """The router, noting for the last user turn which rule asked and the bare selector's choice."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.note = Note()
        self._rule = ""

    def route(self, request: CompletionRequest) -> CompletionResponse:
        messages = [m for m in request.messages if m.role != "system"]
        if not messages or messages[-1].role != "user" or not request.functions:
            return super().route(request)
        self._rule, self.note = "", Note()
        text = normalize(bounded_text(messages[-1].content), request.host, known_words(request.functions))
        allowed = frozenset({*(s.name for s in request.functions if s.name in self.selector.classes), _NONE})
        probabilities = self.selector.probabilities(selector_text(text, request.host), allowed)
        top = max(probabilities, key=probabilities.__getitem__)
        self.note.selector_top, self.note.selector_p = top, float(probabilities[top])
        response = super().route(request)
        if response.finish_reason == CLARIFY:
            self.note.rule = self._rule or "reading"
        return response

    def _clarify(self, decision: Any, *args: Any) -> CompletionResponse:
        self._rule = "threshold"
        self.note.unsure_of = str(decision.function)
        return super()._clarify(decision, *args)

    def _answer(self, calls: Any, text: str, schema: Any) -> CompletionResponse:
        response = super()._answer(calls, text, schema)
        if response.finish_reason == CLARIFY:
            self._rule = "unknown word"
        return response

    def _reply(self, text: str, specs: Any, schema: Any) -> CompletionResponse:
        response = super()._reply(text, specs, schema)
        if response.finish_reason == CLARIFY:
            self._rule = "vague"
        return response


ROWS = (
    "function right",
    "function right, arguments wrong",
    "asked: threshold, first option right",
    "asked: threshold, first option wrong",
    "asked: unknown word",
    "asked: vague",
    "asked: reading",
    "asked: missing argument, function right",
    "asked: missing argument, function wrong",
    "confident wrong",
    "no answer",
)


def cause(outcome: str, note: Note, missing: list[str], gold: list[str], asked_function: str = "") -> str:
    """The row of a turn whose gold names a function (`asked_function`: the function the engine asked for)."""
    if outcome == "correct":
        return "function right"
    if outcome == "function_only":
        return "function right, arguments wrong"
    if outcome == "confident_wrong":
        return "confident wrong"
    if outcome != "clarified":
        return "no answer"
    if missing and missing != ["function"]:
        return f"asked: missing argument, function {'right' if asked_function in gold else 'wrong'}"
    if note.rule == "threshold":
        return f"asked: threshold, first option {'right' if note.unsure_of in gold else 'wrong'}"
    return f"asked: {note.rule or 'reading'}"


async def run(folder: Path, backend: NotingRouter, dialogues_only: bool = False) -> list[dict[str, Any]]:
    """Every user turn of the set (or of its dialogues only), scored, with its row, rule and the bare selector's
    choice.
    """
    requests, dialogues = load_set(folder)
    if dialogues_only:
        requests = []
    rows: list[dict[str, Any]] = []
    for host_name in set_hosts(folder, requests + dialogues):
        host = load_host(host_name, folder)
        if host is None:
            continue
        agent = Agent(host, backend)
        for kind, cases in (("request", requests), ("dialogue", dialogues)):
            for case in cases:
                if case.host == host_name:
                    rows.extend(await _run_case(agent, backend, case, kind))
    return rows


async def _run_case(agent: Agent, backend: NotingRouter, case: Case, kind: str) -> list[dict[str, Any]]:
    conversation = agent.conversation()
    out = []
    for index, (text, gold) in enumerate(case.turns):
        backend.note = Note()
        try:
            turn = await conversation.send(text)
        except SimXAIError:
            out.append({"case": case.id, "turn": index, "text": text, "row": "no answer", "gold": list(gold.functions)})
            continue
        scored = score(case, index, kind, text, gold, turn, agent.schema)
        missing = list(turn.clarification.missing) if turn.clarification is not None else []
        asked_function = turn.clarification.function if turn.clarification is not None else ""
        row = (
            cause(scored.outcome, backend.note, missing, scored.gold, asked_function)
            if gold.functions
            else "(gold: no call)"
        )
        out.append(
            {
                **asdict(scored),
                **asdict(backend.note),
                "missing": missing,
                "asked_function": asked_function,
                "row": row,
                "kind": kind,
            }
        )
    return out


def table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per row over the turns whose gold names a function, the selector's accuracy, and the others."""
    called = [r for r in rows if r["row"] != "(gold: no call)"]
    counts = collections.Counter(r["row"] for r in called)
    n = len(called)
    asked = [r for r in called if r["row"].startswith("asked")]
    return {
        "turns": len(rows),
        "gold calls": n,
        "rows": {name: counts[name] for name in ROWS},
        "selector top right (all gold calls)": sum(r["selector_top"] in r["gold"] for r in called),
        "selector top right (asked turns)": sum(r["selector_top"] in r["gold"] for r in asked),
        "asked turns": len(asked),
        "gold no call": len(rows) - n,
        "gold no call asked": sum(1 for r in rows if r["row"] == "(gold: no call)" and r.get("asked")),
        "gold no call called": sum(
            1 for r in rows if r["row"] == "(gold: no call)" and r.get("outcome") == "confident_wrong"
        ),
        # the questions a fix must keep: turns whose gold is a clarification, and how many of them were asked
        "gold clarify": sum(1 for r in rows if r.get("gold") == ["(clarify)"]),
        "gold clarify asked": sum(1 for r in rows if r.get("gold") == ["(clarify)"] and r.get("asked")),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--set", type=Path, required=True, help="the set's folder (DEV sets only)")
    parser.add_argument("--router-model", type=Path, help="this selector artifact instead of the shipped one")
    parser.add_argument("--threshold", type=float, help="this clarification threshold")
    parser.add_argument("--json", type=Path, help="write every turn and the table here")
    parser.add_argument("--list", action="store_true", help="print every miss")
    parser.add_argument("--dialogues-only", action="store_true", help="run only the set's dialogues")
    args = parser.parse_args(argv)
    backend = NotingRouter(threshold=args.threshold, model=args.router_model)
    rows = asyncio.run(run(args.set, backend, args.dialogues_only))
    figures = table(rows)
    n = figures["gold calls"]
    print(f"set {args.set.name}, threshold {backend.threshold}: {figures['turns']} turns, {n} with a gold call")
    for name, count in figures["rows"].items():
        print(f"  {name:<40} {count:4d}  {count / n:6.1%}")
    print(
        f"  bare selector's top right: {figures['selector top right (all gold calls)'] / n:.1%} of gold calls, "
        f"{figures['selector top right (asked turns)']} of {figures['asked turns']} asked turns"
    )
    print(
        f"  gold clarify / no function: {figures['gold no call']} turns, {figures['gold no call asked']} asked, "
        f"{figures['gold no call called']} called a function; of them gold clarify: {figures['gold clarify']}, "
        f"{figures['gold clarify asked']} asked"
    )
    if args.list:
        for r in rows:
            if r["row"] not in ("function right", "(gold: no call)"):
                print(
                    f"{r['case']}#{r['turn']} [{r['row']}] {r['text']!r}: gold {r['gold']}, selector "
                    f"{r.get('selector_top')} {r.get('selector_p', 0):.2f}, called {r.get('called')}"
                    + (f", missing {r['missing']}" if r.get("missing") else "")
                    + (
                        f", arguments {r.get('arguments')} (gold {r.get('gold_arguments')})"
                        if r["row"] == "function right, arguments wrong"
                        else ""
                    )
                )
    if args.json:
        args.json.write_text(json.dumps({"table": figures, "turns": rows}, indent=1, ensure_ascii=False, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
