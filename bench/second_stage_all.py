"""A second stage on every author, with an "ask" class, on fresh turns only (stack33).

Usage (from the repository root; FOLDS the folder `bench/second_stage_folds.py --out FOLDS` wrote, M a selector
trained without R and U, the thirtieth round's "out13", whose training command is in docs/router.md's asks30
section; CACHE a scratch folder):

    PYTHONPATH=$PWD python bench/second_stage_all.py rows --folds-dir FOLDS --cache CACHE [--authors A ...]
    PYTHONPATH=$PWD python bench/second_stage_all.py cv --cache CACHE
    PYTHONPATH=$PWD python bench/second_stage_all.py u-base --cache CACHE --router-model M [--authors A ...]
    PYTHONPATH=$PWD python bench/second_stage_all.py u --cache CACHE --router-model M [--lam L] [--authors A ...]
    PYTHONPATH=$PWD python bench/second_stage_all.py u-totals --cache CACHE [--lam L]

1. ``rows``: each people/ author of a fold (every author but U; each `fold_<i>.npz`'s metadata names its authors)
   runs through the real engine on the selector fitted without its fold (and without U); of a dialogue, only its
   first turn (the rows' kinds). For each turn, the first time the router reads the selector's probabilities,
   the probabilities, the turn's signals and the options its contract excludes are kept with the gold
   (`_second_stage_model.Row`): the gold's functions, "none", or "ask" when the gold is a question or its
   function is none of the selector's classes. The engine's counts on that selector are kept too.
2. ``cv``: rows of requests and dialogues' first turns; the authors dealt in five groups (`author_folds`, seed 12),
   each group scored by the stage fitted on the other four, for each L2 penalty: log loss and the decision's counts
   (answered right, asked, answered wrong, asked where asking was the gold), beside the selector alone at
   `ASK_BELOW`. The penalty with the least summed log loss is chosen.
3. ``u-base``, ``u``, ``u-totals``: the chosen stage fitted on every row; U (w36 w38 w40 w42 w44 w46 w48, never
   read, in no fit) through the engine on M without and with it, the stage applied only on a turn with no user
   turn before it (a request or a dialogue's first turn; later turns keep today's decision). Counts only, cached
   per author in CACHE (``u-base`` without the stage, ``u`` with it; ``--authors`` splits the runs), summed by
   ``u-totals``: no turn, no error is printed or kept.

Counts per kind of turn: n, function right, function + arguments right, asked, confident wrong (`fresh_set.score`).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fresh_set  # noqa: E402
from _second_stage_ask import ASK, AskStage, fit, outcomes  # noqa: E402
from _second_stage_model import Row  # noqa: E402
from second_stage import (  # noqa: E402
    _FIELDS,
    _REAL_FIT_OPTIONS,
    PEOPLE,
    Counts,
    U,
    _add,
    _line,
    _staged,
    _tally,
    patched_router,
)

from simxai import Agent  # noqa: E402
from simxai.backends.router import ASK_BELOW, RouterBackend  # noqa: E402
from simxai.eval_suite.router_training.calibration import author_folds  # noqa: E402
from simxai.hosts.base import HostSchema  # noqa: E402

LAMBDAS = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0)  # 0.01 and 0.03 added when 0.1, the first edge, was chosen
OFFSETS = tuple(x / 4 for x in range(-4, 17))  # -1 ... +4 added to the ask class's log-probability
FIT_KINDS = ("request", "first")
_ALWAYS_ASK = 1.01  # a bar no probability reaches: the router asks


def _decided(stage: AskStage) -> contextlib.AbstractContextManager[None]:
    """The router with `stage` deciding answer-vs-ask where it reads the selector's probabilities, on a turn with no
    user turn before it only; any other turn keeps today's decision."""

    def fit_options(
        probabilities: dict[str, float], threshold: float, text: str, schema: HostSchema | None, fresh: bool
    ) -> tuple[dict[str, float], float]:
        if not fresh or not probabilities:
            return _REAL_FIT_OPTIONS(probabilities, threshold, text, schema)
        staged, asks = stage.decide(probabilities, text, schema)
        if asks:  # the options the turn can mean, offered in the question
            return _REAL_FIT_OPTIONS(staged, _ALWAYS_ASK, text, schema)
        return staged, 0.0  # answered as the stage ranks it

    return patched_router(fit_options)


def _gold(gold: fresh_set.Gold, classes: Sequence[str]) -> list[str]:
    if gold.functions:
        return list(gold.functions) if any(f in classes for f in gold.functions) else [ASK]
    return [ASK] if gold.clarify else ["none"]


async def run_author(
    backend: RouterBackend, author: str, stage: AskStage | None, rows: list[Row] | None, *, first_only: bool = False
) -> Counts:
    """One author's requests and dialogues through the engine (the stage deciding fresh turns when given): the
    counts per kind; with `rows`, each turn's first selector read recorded into it; `first_only`: a dialogue's
    first turn only (the rows' kinds), its later turns not run."""
    folder = PEOPLE / author
    requests, dialogues = fresh_set.load_set(folder)
    classes = tuple(backend.selector.classes)
    counts: Counts = {k: [0] * len(_FIELDS) for k in ("request", "dialogue")}
    record: list[tuple[str, dict[str, float], HostSchema | None]] = []
    hook = _decided(stage) if stage is not None else _staged(None, record if rows is not None else None)
    with hook, contextlib.redirect_stdout(io.StringIO()):
        for host_name in fresh_set.set_hosts(folder, requests + dialogues):
            host = fresh_set.load_host(host_name, folder)
            if host is None:
                continue
            agent = Agent(host, backend)
            for kind, cases in (("request", requests), ("dialogue", dialogues)):
                for case in (c for c in cases if c.host == host_name):
                    conversation = agent.conversation()
                    for index, (text, gold) in enumerate(case.turns[:1] if first_only else case.turns):
                        record.clear()
                        turn = await conversation.send(text)
                        scored = fresh_set.score(case, index, kind, text, gold, turn, agent.schema)
                        _tally(counts[kind], scored)
                        if rows is not None and record:
                            read, probabilities, schema = record[0]
                            shape = "request" if kind == "request" else "first" if index == 0 else "later"
                            rows.append(Row.read(author, shape, probabilities, read, schema, _gold(gold, classes)))
    return counts


async def collect(folds_dir: Path, cache: Path, only: Sequence[str]) -> None:
    """Rows and counts of each author of `folds_dir`'s folds, on the selector fitted without its fold."""
    for path in sorted(folds_dir.glob("fold_*.npz")):  # each fold's selector names its authors
        backend = RouterBackend(model=path)
        name, authors = path.name, backend.selector.metadata["fold"]
        for author in authors:
            if (only and author not in only) or (cache / f"rows_{author}.json").is_file():
                continue
            if author in U:
                raise SystemExit(f"{author} is in U: never a row")
            if not (PEOPLE / author).is_dir():
                continue
            rows: list[Row] = []
            counts = await run_author(backend, author, None, rows, first_only=True)
            (cache / f"base_{author}.json").write_text(json.dumps(counts), encoding="utf-8")
            (cache / f"rows_{author}.json").write_text(json.dumps([asdict(r) for r in rows]), encoding="utf-8")
            print(_line(f"{author} ({name})", counts), flush=True)


def load_rows(cache: Path) -> list[Row]:
    rows = []
    for path in sorted(cache.glob("rows_*.json")):
        rows += [Row(**r) for r in json.loads(path.read_text(encoding="utf-8"))]
    if any(r.author in U for r in rows):
        raise SystemExit("a row of U in the cache")
    return rows


def _selector_alone(rows: Sequence[Row], classes: Sequence[str]) -> np.ndarray:
    """The selector's probabilities with an "ask" column: 1 where its top is below `ASK_BELOW` (it asks)."""
    index = {c: i for i, c in enumerate(classes)}
    probs = np.zeros((len(rows), len(classes) + 1))
    for i, row in enumerate(rows):
        for name, p in row.probabilities.items():
            probs[i, index[name]] = p
        if probs[i].max() < ASK_BELOW:
            probs[i] = 0.0
            probs[i, -1] = 1.0
    return probs


def cv(rows: Sequence[Row], classes: Sequence[str], groups: int = 5) -> tuple[float, float]:
    """Print each penalty's cross-validated figures over groups of authors and, for the least-log-loss penalty, the
    ask offsets; return the penalty and the offset with the most rows answered right less rows answered wrongly (a
    wrong answer costs what a right one gains, a question nothing; ties: the offset nearest 0)."""
    used = [r for r in rows if r.kind in FIT_KINDS and any(g in (*classes, ASK) for g in r.gold)]
    authors = sorted({r.author for r in used})
    folds = author_folds(authors, groups)
    kinds = collections.Counter(ASK if ASK in r.gold else "none" if r.gold == ["none"] else "function" for r in used)
    print(f"{len(used)} rows of {len(authors)} authors ({', '.join(FIT_KINDS)}); gold: {dict(kinds)}")
    print(f"{'setting':<16} {'log loss':>9} {'right':>6} {'asked':>6} {'wrong':>6} {'asked, gold ask':>16}")
    base = outcomes(_selector_alone(used, classes), used, classes)
    print(f"{'selector alone':<16} {'-':>9} {base[1]:6.0f} {base[2]:6.0f} {base[3]:6.0f} {base[4]:16.0f}")
    best: tuple[float, float, list[Row], np.ndarray] | None = None
    for lam in LAMBDAS:
        total = np.zeros(5)
        held: list[Row] = []
        parts = []
        for fold in folds:
            train = [r for r in used if r.author not in fold]
            test = [r for r in used if r.author in fold]
            probs = fit(train, classes, lam).probabilities(test)
            total += outcomes(probs, test, classes)
            held += test
            parts.append(probs)
        print(f"{f'lam={lam:g}':<16} {total[0]:9.1f} {total[1]:6.0f} {total[2]:6.0f} {total[3]:6.0f} {total[4]:16.0f}")
        if best is None or total[0] < best[0]:
            best = (float(total[0]), lam, held, np.vstack(parts))
    assert best is not None
    _, lam, held, probs = best
    print(f"chosen: lam={lam:g} (least summed log loss); the ask offset at that penalty:", flush=True)
    chosen: tuple[float, float] | None = None
    for offset in OFFSETS:
        counts = outcomes(probs, held, classes, offset)
        print(
            f"{f'offset {offset:+g}':<16} {'':>9} {counts[1]:6.0f} {counts[2]:6.0f} {counts[3]:6.0f} {counts[4]:16.0f}"
        )
        gain = counts[1] - counts[3]
        if chosen is None or gain > chosen[0] or (gain == chosen[0] and abs(offset) < abs(chosen[1])):
            chosen = (gain, offset)
    assert chosen is not None
    offset = chosen[1]
    print(f"chosen: offset {offset:+g} (most answered right less answered wrong)", flush=True)
    return lam, offset


async def judge_u(cache: Path, model: Path, lam: float | None, authors: Sequence[str], offset: float = 0.0) -> None:
    """U's counts without the stage (`lam` None) or with the stage fitted on every row, per author, cached in
    `cache` (counts only: no turn, no error)."""
    backend = RouterBackend(model=model)
    stage = None
    if lam is not None:
        used = [r for r in load_rows(cache) if r.kind in FIT_KINDS]
        stage = fit(used, tuple(backend.selector.classes), lam)
        stage.offset = offset
        print(f"fitted on {len(used)} rows, lam={lam:g}: a={stage.a:.3f} c={stage.c:.3f} v={np.round(stage.v, 3)}")
    for author in authors:
        if author not in U:
            raise SystemExit(f"{author} is not in U")
        path = cache / (f"u_base_{author}.json" if stage is None else f"u_staged_{author}_{lam:g}_{offset:+g}.json")
        if not path.is_file():
            path.write_text(json.dumps(await run_author(backend, author, stage, None)), encoding="utf-8")


def u_totals(cache: Path, lam: float, offset: float) -> None:
    """U's totals, per author and summed, without and with the stage (`judge_u`'s cached counts)."""
    print("== U, totals only (counts: n, function, function+args, asked, confident-wrong) ==")
    before: Counts = {}
    after: Counts = {}
    for author in U:
        base = json.loads((cache / f"u_base_{author}.json").read_text(encoding="utf-8"))
        staged = json.loads((cache / f"u_staged_{author}_{lam:g}_{offset:+g}.json").read_text(encoding="utf-8"))
        print(_line(f"{author} base", base))
        print(_line(f"{author} staged", staged))
        _add(before, base)
        _add(after, staged)
    print(_line("U out13 alone", before))
    print(_line("U with the stage", after))


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("step", choices=["rows", "cv", "u-base", "u", "u-totals"])
    parser.add_argument("--cache", type=Path, required=True, help="a scratch folder for the rows and counts")
    parser.add_argument("--folds-dir", type=Path, help="rows: the folder of bench/second_stage_folds.py")
    parser.add_argument("--authors", nargs="*", default=[], help="rows, u-base, u: only these authors")
    parser.add_argument("--router-model", type=Path, help="cv, u: a selector trained without R and U (out13)")
    parser.add_argument("--lam", type=float, help="u, u-totals: the penalty (default: chosen by cv)")
    parser.add_argument("--offset", type=float, help="u, u-totals: the ask offset (default: chosen by cv)")
    args = parser.parse_args(argv)
    args.cache.mkdir(parents=True, exist_ok=True)
    if args.step == "rows":
        if args.folds_dir is None:
            parser.error("rows needs --folds-dir")
        await collect(args.folds_dir, args.cache, args.authors)
        return 0
    if args.step in ("u-base", "u") and args.router_model is None:
        parser.error(f"{args.step} needs --router-model")
    if args.step == "u-base":  # counts only, cached, not printed
        await judge_u(args.cache, args.router_model, None, args.authors or U)
        return 0
    rows = load_rows(args.cache)
    print(f"{len(rows)} rows, by kind {dict(collections.Counter(r.kind for r in rows))}")
    base: Counts = {}
    for path in sorted(args.cache.glob("base_*.json")):
        _add(base, json.loads(path.read_text(encoding="utf-8")))
    print(_line("authors, fold selectors", base))
    classes = sorted({c for r in rows for c in r.probabilities})
    lam, offset = cv(rows, classes) if args.lam is None or args.offset is None else (args.lam, args.offset)
    if args.step == "u":
        await judge_u(args.cache, args.router_model, lam, args.authors or U, offset)
    if args.step == "u-totals":
        u_totals(args.cache, lam, offset)
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
