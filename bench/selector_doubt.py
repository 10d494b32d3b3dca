"""When the router answers with the selector's own sure choice: which signals of doubt single out its wrong answers.

Usage (from the repository root):

    python bench/selector_doubt.py --authors w35 w37 ... [--people DIR] [--router-model M] [--threshold T]
                                   [--json OUT] [--list SIGNAL]

Every request and dialogue of each author's folder (default `simxai/eval_suite/router_training/people/<author>`)
runs through the real engine as `bench/fresh_set.py` runs it, and each user turn is scored by `fresh_set.score`.
While a turn runs, the router is traced (`sys.settrace`; nothing in the router changes): a turn is *committed by
the selector* when the top-level `RouterBackend._decide` reached its last step (`asked_instead`, where the router
commits to the selector's choice) with a sure choice that stands; for such a turn the trace keeps the selector's
probabilities behind that choice (`selector_decision`, after `fit_options`).

For each signal of doubt (`SIGNALS`: a higher bar, a thin margin between the two likeliest functions, a known
confusable pair, a follow-up that leaves the dialogue's function, ...) the table gives the committed turns it would
newly ask about and how many of them were confidently wrong, right, or neither: the rule of the clarification
threshold keeps a condition only when at least one in three of the turns it newly asks were confidently wrong.
`--list SIGNAL` prints the turns a signal fires on (for authors one may read). The router's own doubt reading
(`simxai.backends._router_doubt.doubted`) is off while this runs (`--with-doubt` keeps it): the table measures the
signals on the decisions before it, the last row being that reading itself.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _people_runs import author_folders, people_parser, traced_turns  # noqa: E402

from simxai.backends import _router_doubt, _router_guess_asked, _router_score, router  # noqa: E402
from simxai.backends._router_decision import Decision  # noqa: E402
from simxai.backends._router_unsure import ONE_LEFT  # noqa: E402
from simxai.backends.base import CompletionRequest  # noqa: E402
from simxai.backends.router import RouterBackend  # noqa: E402

_ROUTE = RouterBackend.route.__code__
_DECIDE = RouterBackend._decide.__code__
_HOOK = _router_guess_asked.asked_instead.__code__
_SCORE = _router_score.selector_decision.__code__
#: Sure choices that `_router_unsure.fit_options` checks against their own contract already.
_CHECKED_BEFORE = frozenset({"explain_what_if", "explain_why_not"})
#: Pairs of functions the router already reads apart with rules of their own, or that people's requests mix up.
CONFUSABLE = frozenset(
    frozenset(pair)
    for pair in (
        ("get_local_explanation", "explain_why_not"),
        ("get_data_information", "get_model_performance"),
        ("get_prediction", "get_local_explanation"),
        ("get_prediction", "explain_what_if"),
        ("get_model_information", "get_model_performance"),
        ("get_global_explanation", "get_local_explanation"),
        ("explain_how_to_be_that", "explain_why_not"),
    )
)


@dataclass
class Committed:
    """One turn the selector's sure choice answered: what the selector saw and how the turn was scored."""

    author: str
    kind: str
    case: str
    turn: int
    text: str
    function: str
    probabilities: dict[str, float]
    history: bool  # a user turn came before in the conversation
    previous: str | None  # the function of the last successful call before the turn
    own_request: bool  # the turn asks something of its own (`_router_guess_asked.own_request`)
    contract: bool  # not a what-if or why-not, and its own contract rules the turn out (`ruled_out_by_contract`)
    doubted: bool  # the router's doubt reading would ask (`_router_doubt.question_instead`)
    outcome: str
    gold: list[str] = field(default_factory=list)
    called: str | None = None

    def ranked(self) -> list[tuple[str, float]]:
        return sorted(((n, p) for n, p in self.probabilities.items() if n != "none"), key=lambda kv: -kv[1])

    @property
    def top(self) -> float:
        return self.probabilities.get(self.function, 0.0)

    @property
    def second(self) -> tuple[str | None, float]:
        rest = [(n, p) for n, p in self.ranked() if n != self.function]
        return rest[0] if rest else (None, 0.0)


class Tracer:
    """Keeps, per routed turn, the decision the router committed to at `asked_instead` and its probabilities."""

    def __init__(self) -> None:
        self.scored: list[tuple[Any, dict[str, float]]] = []
        self.committed: tuple[Any, str, list[Any], bool, bool] | None = None

    def reset(self) -> None:
        self.scored = []
        self.committed = None

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event != "call":
            return None
        code = frame.f_code
        if code is _SCORE:
            frame.f_trace_lines = False
            return self._score_return
        if code is _HOOK:
            caller = frame.f_back
            if caller is not None and caller.f_code is _DECIDE and caller.f_locals.get("depth") == 0:
                outer = caller.f_back
                if outer is not None and outer.f_code is _ROUTE:
                    frame.f_trace_lines = False
                    decision = frame.f_locals["decision"]
                    history = list(frame.f_locals["history"])
                    text = frame.f_locals["text"]
                    return self._hook_return(decision, text, history, frame.f_locals["request"])
        return None

    def _score_return(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "return" and arg is not None:
            self.scored.append((arg, dict(frame.f_locals.get("probabilities") or {})))
        return self._score_return

    def _hook_return(
        self, decision: Decision, text: str, history: list[Any], request: CompletionRequest
    ) -> Callable[..., Any]:
        def on_return(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "return" and arg is not None:
                if decision.confident and arg.confident and arg.function == decision.function:
                    function = decision.function or ""
                    contract = function not in _CHECKED_BEFORE and (
                        _router_doubt.ruled_out_by_contract(function, text, request)
                    )
                    doubted = _router_doubt.question_instead(arg, text, request) is not None
                    self.committed = (decision, text, history, contract, doubted)
            return on_return

        return on_return

    def probabilities_of(self, decision: Any) -> dict[str, float] | None:
        for scored, probabilities in reversed(self.scored):
            if scored.function == decision.function and abs(scored.confidence - decision.confidence) < 1e-12:
                return probabilities
        return None


async def _author(author: str, folder: Path, backend: RouterBackend, tracer: Tracer) -> tuple[list[Committed], int]:
    rows: list[Committed] = []
    turns = 0
    async for traced in traced_turns(folder, backend, tracer, tracer.reset, requests=True):
        turns += 1
        if tracer.committed is None:
            continue
        decision, routed, history, contract, doubted = tracer.committed
        probabilities = tracer.probabilities_of(decision)
        if probabilities is None:
            continue
        previous = _router_guess_asked.last_call(history)
        row = traced.row
        rows.append(
            Committed(
                author=author,
                kind=traced.kind,
                case=traced.case.id,
                turn=traced.index,
                text=traced.text,
                function=decision.function,
                probabilities=probabilities,
                history=any(m.role == "user" for m in history),
                previous=previous.name if previous is not None else None,
                own_request=_router_guess_asked.own_request(routed),
                contract=contract,
                doubted=doubted,
                outcome="right" if row.function_correct else row.outcome,
                gold=row.gold,
                called=row.called,
            )
        )
    return rows, turns


Signal = Callable[[Committed], bool]


def _always(row: Committed) -> bool:
    return True


def _follow_up(row: Committed) -> bool:
    return row.history and not row.own_request


def _has_history(row: Committed) -> bool:
    return row.history


def _leaves_previous(row: Committed) -> bool:
    return row.previous is not None and row.previous != row.function


def _second_is_previous(row: Committed) -> bool:
    return _leaves_previous(row) and row.second[0] == row.previous


def _confusable(row: Committed) -> bool:
    return frozenset({row.function, row.second[0] or ""}) in CONFUSABLE


def _below(bar: float, condition: Signal = _always) -> Signal:
    """`condition`, on a choice whose probability is below `bar`."""

    def fires(row: Committed) -> bool:
        return row.top < bar and condition(row)

    return fires


def _thin(gap: float) -> Signal:
    """A margin between the choice and the second likeliest function below `gap`."""

    def fires(row: Committed) -> bool:
        return row.top - row.second[1] < gap

    return fires


#: The signals measured: each says, of one committed turn, whether it would be asked about.
SIGNALS: dict[str, Signal] = {
    **{f"top < {bar:.2f}": _below(bar) for bar in (0.75, 0.8, 0.85, 0.9, 0.95)},
    **{f"margin < {gap:.2f}": _thin(gap) for gap in (0.5, 0.6, 0.7, 0.8)},
    **{f"history, top < {bar:.2f}": _below(bar, _has_history) for bar in (0.8, 0.85, 0.9, 0.95)},
    **{
        f"follow-up (history, no own request), top < {bar:.2f}": _below(bar, _follow_up)
        for bar in (0.8, 0.85, 0.9, 0.95)
    },
    **{
        f"leaves the previous function, top < {bar:.2f}": _below(bar, _leaves_previous)
        for bar in (0.8, 0.85, 0.9, 0.95)
    },
    **{
        f"second is the previous function, top < {bar:.2f}": _below(bar, _second_is_previous)
        for bar in (0.8, 0.9, 0.95)
    },
    **{f"confusable top pair, top < {bar:.2f}": _below(bar, _confusable) for bar in (0.8, 0.85, 0.9, 0.95)},
    "its own contract rules the choice out (any probability)": lambda r: r.contract,
    "its own contract rules the choice out, top < ONE_LEFT (0.9)": _below(ONE_LEFT, lambda r: r.contract),
    "the router's doubt reading (`_router_doubt.question_instead`)": lambda r: r.doubted,
}


def _table(rows: list[Committed], turns: int) -> None:
    wrong = sum(1 for r in rows if r.outcome == "confident_wrong")
    print(f"{turns} turns; {len(rows)} committed by the selector's sure choice, {wrong} of them confidently wrong")
    print(f"{'signal':<62} {'asked':>5} {'wrong':>5} {'right':>5} {'other':>5} {'wrong share':>11}")
    for name, fires in SIGNALS.items():
        hit = [r for r in rows if fires(r)]
        bad = sum(1 for r in hit if r.outcome == "confident_wrong")
        good = sum(1 for r in hit if r.outcome == "right")
        share = f"{bad / len(hit):6.1%}" if hit else "     -"
        print(f"{name[:62]:<62} {len(hit):>5} {bad:>5} {good:>5} {len(hit) - bad - good:>5} {share:>11}")


async def main(argv: list[str] | None = None) -> int:
    parser = people_parser(
        __doc__.splitlines()[0] if __doc__ else None,
        json_help="write every committed turn here",
        list_metavar="SIGNAL",
        list_help="print the turns of the signals whose name holds this",
    )
    parser.add_argument("--with-doubt", action="store_true", help="keep the router's own doubt reading on")
    args = parser.parse_args(argv)
    if not args.with_doubt:
        router.doubted = lambda decision, *_: decision  # the decisions before it
    backend = RouterBackend(threshold=args.threshold, model=args.router_model)
    tracer = Tracer()
    rows: list[Committed] = []
    turns = 0
    for author, folder in author_folders(args.authors, args.people):
        got, n = await _author(author, folder, backend, tracer)
        rows += got
        turns += n
    print(f"authors {' '.join(args.authors)}")
    _table(rows, turns)
    if args.list:
        for name, fires in SIGNALS.items():
            if args.list not in name:
                continue
            print(f"\n== {name} ==")
            for r in (r for r in rows if fires(r)):
                second, p2 = r.second
                print(
                    f"[{r.outcome}] {r.author} {r.case}#{r.turn} {r.text!r}: {r.function} {r.top:.2f} / "
                    f"{second} {p2:.2f}; previous {r.previous}; gold {r.gold}"
                )
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
