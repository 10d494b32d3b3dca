"""Does a second stage over the selector choose and calibrate better on authors nobody has seen? (stack32)

Usage (from the repository root; M = a selector trained without R and U, the thirtieth round's "out13", whose
training command is in docs/router.md's asks30 section):

    PYTHONPATH=$PWD python bench/second_stage.py --router-model M --cache DIR [--fit-kinds request first]
                                                 [--scope all|fresh] [--no-u] [--no-r-end] [--list-r]

1. **Rows.** R's requests and dialogues (R = w35 w37 w39 w41 w43 w45, read authors) run through the real engine
   with the router on M (as `bench/fresh_set.py --router-model M` runs them); for each user turn, the first time the
   router reads the selector's probabilities (the whole turn, in `_router_score.selector_decision`), the
   probabilities, the turn's structural signals and the options its contract excludes are recorded with the gold
   (`bench/_second_stage_model.py`). This run is also R's baseline. Rows and totals are cached in DIR.
2. **Leave one author out over R.** Each setting (variant x L2 penalty) is fitted on five of R's authors' rows
   and scored on the sixth's (rows of the kinds in `--fit-kinds`): log loss, top choice right, and at the router's
   threshold (top probability below `ASK_BELOW`: asked) the sure-and-wrong and asked counts; the selector's own
   probabilities are the first line. The setting with the least summed log loss is chosen.
3. **R end to end, out of author.** Each R author runs through the engine again, the chosen setting fitted on the
   other five authors applied where the router reads the selector's probabilities (before `fit_options`): on
   every read (`--scope all`) or only on a turn with no user turn before it (`--scope fresh`: requests and
   dialogues' first turns, the rows' kinds). `--list-r` lists R's turns whose outcome the stage changes.
4. **U, totals only** (U = w36 w38 w40 w42 w44 w46 w48, nobody reads them): the chosen setting fitted on all of
   R; each U author through the engine without and with it. Only counts are printed: no turn, no error, nothing
   written. This is the decision figure.

Counts per kind of turn: n, function right, function + arguments right, asked, confident wrong (`fresh_set.score`).

The thirty-third round's follow-up (rows of every author but U from out-of-author fold selectors, an "ask" class,
fresh turns only) is `bench/second_stage_folds.py` and `bench/second_stage_all.py`, kept apart so that this module
stays at its size; they reuse its engine hook and counts.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import io
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fresh_set  # noqa: E402
from _second_stage_model import VARIANTS, Row, SecondStage, fit  # noqa: E402

from simxai import Agent  # noqa: E402
from simxai.backends import _router_score  # noqa: E402
from simxai.backends import router as _router  # noqa: E402
from simxai.backends.base import CompletionRequest  # noqa: E402
from simxai.backends.router import ASK_BELOW, RouterBackend  # noqa: E402
from simxai.hosts.base import HostSchema  # noqa: E402

PEOPLE = Path(__file__).resolve().parents[1] / "simxai" / "eval_suite" / "router_training" / "people"
R = ("w35", "w37", "w39", "w41", "w43", "w45")
U = ("w36", "w38", "w40", "w42", "w44", "w46", "w48")
LAMBDAS = (0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0)
_FIELDS = ("n", "function", "function+args", "asked", "confident-wrong")
_REAL_FIT_OPTIONS = _router_score.fit_options
_REAL_SELECTOR_DECISION = _router.selector_decision

Counts = dict[str, list[int]]  # kind -> n, function, f+a, asked, confident wrong


#: A replacement for `_router_score.fit_options`, told besides whether the turn has no user turn before it.
FitOptions = Callable[[dict[str, float], float, str, HostSchema | None, bool], tuple[dict[str, float], float]]


@contextlib.contextmanager
def patched_router(fit_options: FitOptions) -> Iterator[None]:
    """The router with `fit_options` where it reads the selector's probabilities, called with one more argument: True on
    a turn with no user turn before it (a request or a dialogue's first turn); the router's own functions on exit."""
    fresh = [True]

    def selector_decision(selector: Any, threshold: float, text: str, request: CompletionRequest, index_of: Any) -> Any:
        fresh[0] = not any(m.role == "user" for m in request.messages[:-1])
        return _REAL_SELECTOR_DECISION(selector, threshold, text, request, index_of)

    def options(
        probabilities: dict[str, float], threshold: float, text: str, schema: HostSchema | None
    ) -> tuple[dict[str, float], float]:
        return fit_options(probabilities, threshold, text, schema, fresh[0])

    _router_score.fit_options = options
    _router.selector_decision = selector_decision
    try:
        yield
    finally:
        _router_score.fit_options = _REAL_FIT_OPTIONS
        _router.selector_decision = _REAL_SELECTOR_DECISION


def _staged(
    stage: SecondStage | None,
    record: list[tuple[str, dict[str, float], HostSchema | None]] | None,
    scope: str = "all",
) -> contextlib.AbstractContextManager[None]:
    """The router with `stage` applied where it reads the selector's probabilities (before `fit_options`), on every
    read (`scope` "all") or only on a turn with no user turn before it ("fresh": a request or a dialogue's first
    turn, the kinds of row it is fitted on); the selector's own probabilities recorded in `record`.
    """

    def fit_options(
        probabilities: dict[str, float], threshold: float, text: str, schema: HostSchema | None, fresh: bool
    ) -> tuple[dict[str, float], float]:
        if record is not None:
            record.append((text, dict(probabilities), schema))
        if stage is not None and (scope == "all" or fresh):
            probabilities = stage.apply(probabilities, text, schema)
        return _REAL_FIT_OPTIONS(probabilities, threshold, text, schema)

    return patched_router(fit_options)


def _gold(gold: fresh_set.Gold) -> list[str]:
    return list(gold.functions) if gold.functions else ([] if gold.clarify else ["none"])


async def run_author(
    backend: RouterBackend,
    author: str,
    stage: SecondStage | None,
    rows: list[Row] | None,
    scope: str = "all",
    turns: dict[str, str] | None = None,
) -> Counts:
    """One author's requests and dialogues through the engine: the counts per kind; rows recorded into `rows`, and
    each turn's outcome into `turns` (for R only: U's turns are never kept)."""
    folder = PEOPLE / author
    requests, dialogues = fresh_set.load_set(folder)
    counts: Counts = {k: [0] * len(_FIELDS) for k in ("request", "dialogue")}
    record: list[tuple[str, dict[str, float], HostSchema | None]] | None = [] if rows is not None else None
    with _staged(stage, record, scope), contextlib.redirect_stdout(io.StringIO()):
        for host_name in fresh_set.set_hosts(folder, requests + dialogues):
            host = fresh_set.load_host(host_name, folder)
            if host is None:
                continue
            agent = Agent(host, backend)
            for kind, cases in (("request", requests), ("dialogue", dialogues)):
                for case in (c for c in cases if c.host == host_name):
                    conversation = agent.conversation()
                    for index, (text, gold) in enumerate(case.turns):
                        if record is not None:
                            record.clear()
                        turn = await conversation.send(text)
                        scored = fresh_set.score(case, index, kind, text, gold, turn, agent.schema)
                        _tally(counts[kind], scored)
                        if turns is not None:
                            got = scored.called or ("(asked)" if scored.asked else "(nothing)")
                            turns[f"{case.id}#{index}"] = f"{scored.outcome} {got} gold {scored.gold}: {text!r}"
                        if rows is not None and record and _gold(gold):
                            read, probabilities, schema = record[0]
                            shape = "request" if kind == "request" else "first" if index == 0 else "later"
                            rows.append(Row.read(author, shape, probabilities, read, schema, _gold(gold)))
    return counts


def _tally(row: list[int], scored: fresh_set.Scored) -> None:
    """Count one scored turn into its kind's row (`_FIELDS`)."""
    row[0] += 1
    row[1] += scored.function_correct
    row[2] += scored.outcome == "correct"
    row[3] += scored.asked is not None
    row[4] += scored.outcome == "confident_wrong"


def _add(total: Counts, counts: Counts) -> None:
    for kind, values in counts.items():
        total.setdefault(kind, [0] * len(_FIELDS))
        total[kind] = [a + b for a, b in zip(total[kind], values, strict=True)]


def _line(label: str, counts: Counts) -> str:
    parts = []
    for kind in ("request", "dialogue"):
        n, *rest = counts[kind]
        parts.append(f"{kind} n={n} " + " ".join(f"{f} {v}" for f, v in zip(_FIELDS[1:], rest, strict=True)))
    return f"{label:<22} " + " | ".join(parts)


# ---- leave one author out over R --------------------------------------------------------------------------


def _metrics(probs: np.ndarray, rows: Sequence[Row], classes: Sequence[str]) -> list[float]:
    """Summed log loss, top right, asked (top below ASK_BELOW), sure and wrong."""
    index = {c: i for i, c in enumerate(classes)}
    loss = right = asked = sure_wrong = 0.0
    for p, row in zip(probs, rows, strict=True):
        gold = [index[g] for g in row.gold if g in index]
        loss -= float(np.log(max(sum(p[g] for g in gold), 1e-12)))
        top = int(np.argmax(p))
        ok = top in gold
        right += ok
        asked += p[top] < ASK_BELOW
        sure_wrong += p[top] >= ASK_BELOW and not ok
    return [loss, right, asked, sure_wrong]


def _selector(rows: Sequence[Row], classes: Sequence[str]) -> np.ndarray:
    index = {c: i for i, c in enumerate(classes)}
    probs = np.zeros((len(rows), len(classes)))
    for i, row in enumerate(rows):
        for name, p in row.probabilities.items():
            probs[i, index[name]] = p
    return probs


def loao(rows: Sequence[Row], classes: Sequence[str], fit_kinds: Sequence[str]) -> tuple[str, float]:
    """Print each setting's leave-one-author-out figures over R; return the setting with the least log loss."""
    used = [r for r in rows if r.kind in fit_kinds and any(g in classes for g in r.gold)]
    print(f"\n== leave one author out over R: {len(used)} rows ({', '.join(fit_kinds)}) ==")
    print(f"{'setting':<18} {'log loss':>9} {'top right':>10} {'asked':>6} {'sure wrong':>11}")
    base = _metrics(_selector(used, classes), used, classes)
    print(f"{'selector alone':<18} {base[0]:9.1f} {base[1]:10.0f} {base[2]:6.0f} {base[3]:11.0f}")
    settings = [(v, 0.0) for v in ("calib", "contract")] + [(v, lam) for v in VARIANTS[2:] for lam in LAMBDAS]
    best: tuple[float, str, float] | None = None
    for variant, lam in settings:
        total = np.zeros(4)
        for author in R:
            train = [r for r in used if r.author != author]
            test = [r for r in used if r.author == author]
            if not test:
                continue
            stage = fit(train, classes, variant, lam)
            total += _metrics(stage.probabilities(test), test, classes)
        label = f"{variant} lam={lam:g}" if lam else variant
        print(f"{label:<18} {total[0]:9.1f} {total[1]:10.0f} {total[2]:6.0f} {total[3]:11.0f}")
        if best is None or total[0] < best[0]:
            best = (float(total[0]), variant, lam)
    assert best is not None
    print(f"chosen: {best[1]} lam={best[2]:g} (least summed log loss)")
    return best[1], best[2]


# ---- the runs -------------------------------------------------------------------------------------------


async def _list_changes(
    backend: RouterBackend,
    rows: Sequence[Row],
    classes: Sequence[str],
    args: argparse.Namespace,
    variant: str,
    lam: float,
) -> None:
    """R's turns whose outcome the stage (fitted without their author) changes, base -> staged."""
    used = [r for r in rows if r.kind in args.fit_kinds]
    print("\n== R's turns the stage changes (base -> staged, out of author) ==")
    for author in R:
        cached = args.cache / f"r_turns_{author}.json"
        if cached.is_file():
            before = json.loads(cached.read_text(encoding="utf-8"))
        else:
            before = {}
            await run_author(backend, author, None, None, turns=before)
            cached.write_text(json.dumps(before), encoding="utf-8")
        after: dict[str, str] = {}
        stage = fit([r for r in used if r.author != author], classes, variant, lam)
        await run_author(backend, author, stage, None, args.scope, after)
        for key, was in before.items():
            if after.get(key) != was:
                print(f"{key}\n  {was}\n  {after.get(key)}", flush=True)


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--router-model", type=Path, required=True, help="a selector trained without R and U")
    parser.add_argument("--cache", type=Path, required=True, help="a scratch folder for R's rows and runs")
    parser.add_argument("--fit-kinds", nargs="+", default=["request", "first"], choices=["request", "first", "later"])
    parser.add_argument(
        "--scope", default="all", choices=["all", "fresh"], help="apply to every selector read, or to fresh turns only"
    )
    parser.add_argument("--list-r", action="store_true", help="list R's turns the stage changes (out of author)")
    parser.add_argument("--no-u", action="store_true", help="stop before U (the decision figure)")
    parser.add_argument("--no-r-end", action="store_true", help="skip R end to end out of author")
    args = parser.parse_args(argv)
    args.cache.mkdir(parents=True, exist_ok=True)
    backend = RouterBackend(model=args.router_model)
    classes = tuple(backend.selector.classes)

    base_file, rows_file = args.cache / "r_base.json", args.cache / "r_rows.json"
    if not rows_file.is_file():
        rows: list[Row] = []
        base = {a: await run_author(backend, a, None, rows) for a in R}
        base_file.write_text(json.dumps(base), encoding="utf-8")
        rows_file.write_text(json.dumps([asdict(r) for r in rows]), encoding="utf-8")
    base = json.loads(base_file.read_text(encoding="utf-8"))
    rows = [Row(**r) for r in json.loads(rows_file.read_text(encoding="utf-8"))]
    print(f"R: {len(rows)} rows, by kind {dict(collections.Counter(r.kind for r in rows))}")
    variant, lam = loao(rows, classes, args.fit_kinds)
    used = [r for r in rows if r.kind in args.fit_kinds]

    total_base: Counts = {}
    for author in R:
        _add(total_base, base[author])
    print("\n== R through the engine (counts: n, function, function+args, asked, confident-wrong) ==")
    print(_line("R selector alone", total_base))
    if not args.no_r_end:
        total_staged: Counts = {}
        for author in R:
            stage = fit([r for r in used if r.author != author], classes, variant, lam)
            counts = await run_author(backend, author, stage, None, args.scope)
            print(_line(f"{author} base", base[author]))
            print(_line(f"{author} staged (LOAO)", counts), flush=True)
            _add(total_staged, counts)
        print(_line("R staged (LOAO)", total_staged))
    if args.list_r:
        await _list_changes(backend, rows, classes, args, variant, lam)
    if args.no_u:
        return 0

    stage = fit(used, classes, variant, lam)
    print(f"\nfitted on all R ({len(used)} rows): a={stage.a:.3f} c={stage.c:.3f} |b|={np.abs(stage.b).max():.3f}")
    print("\n== U, totals only (counts: n, function, function+args, asked, confident-wrong) ==")
    u_base: Counts = {}
    u_staged: Counts = {}
    for author in U:
        cached = args.cache / f"u_base_{author}.json"  # counts only
        if cached.is_file():
            before = json.loads(cached.read_text(encoding="utf-8"))
        else:
            before = await run_author(backend, author, None, None)
            cached.write_text(json.dumps(before), encoding="utf-8")
        after = await run_author(backend, author, stage, None, args.scope)
        print(_line(f"{author} base", before))
        print(_line(f"{author} staged", after), flush=True)
        _add(u_base, before)
        _add(u_staged, after)
    print(_line("U selector alone", u_base))
    print(_line("U staged", u_staged))
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
