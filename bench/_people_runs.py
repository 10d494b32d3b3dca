"""What the traced benches over the people/ authors share: their options, the author loop and the traced turns.

`bench/dialogue_paths.py` and `bench/selector_doubt.py` both run every case of a list of authors' folders through
the real engine, as `bench/fresh_set.py` runs it, with a `sys.settrace` tracer on while each user turn is sent, and
score each turn by `fresh_set.score`. This module holds that loop once:

- `people_parser`: the options both take (`--authors`, `--people`, `--router-model`, `--threshold`, `--json`,
  `--list`);
- `author_folders`: each author's folder, with a printed line for an author that has none;
- `traced_turns`: every user turn of a folder's cases, sent with the tracer on, with its score.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fresh_set  # noqa: E402

from simxai import Agent  # noqa: E402
from simxai.agent import AgentSettings  # noqa: E402
from simxai.backends.base import Backend  # noqa: E402

#: The default folder of the authors' sets.
PEOPLE = Path(__file__).resolve().parents[1] / "simxai" / "eval_suite" / "router_training" / "people"


def people_parser(
    description: str | None, *, json_help: str, list_metavar: str, list_help: str
) -> argparse.ArgumentParser:
    """The options of a traced bench over authors; the caller adds its own before parsing."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--authors", nargs="+", required=True)
    parser.add_argument("--people", type=Path, default=PEOPLE)
    parser.add_argument("--router-model", type=Path, help="a selector artifact instead of the shipped one")
    parser.add_argument("--threshold", type=float, help="the clarification threshold (default: the router's)")
    parser.add_argument("--json", type=Path, help=json_help)
    parser.add_argument("--list", metavar=list_metavar, help=list_help)
    return parser


def author_folders(authors: Sequence[str], people: Path) -> Iterator[tuple[str, Path]]:
    """Each author with its folder under `people`; an author with no folder is said in one line and skipped."""
    for author in authors:
        folder = people / author
        if not folder.is_dir():
            print(f"{author}: no folder {folder}, skipped")
            continue
        yield author, folder


@dataclass(frozen=True)
class TracedTurn:
    """One user turn sent with the tracer on: where it came from and how it was scored."""

    kind: str  # "request" or "dialogue"
    case: fresh_set.Case
    index: int
    text: str
    row: fresh_set.Scored


async def traced_turns(
    folder: Path,
    backend: Backend,
    tracer: Callable[..., Any],
    before_turn: Callable[[], None],
    *,
    requests: bool,
) -> AsyncIterator[TracedTurn]:
    """Every user turn of the folder's dialogues (and its requests first, per host, when `requests`), traced.

    Each case runs in a new conversation with the engine's own history, as `bench/fresh_set.py` runs it;
    `before_turn` resets the tracer's record of a turn before the turn is sent.
    """
    request_cases, dialogues = fresh_set.load_set(folder)
    kinds = (("request", request_cases), ("dialogue", dialogues)) if requests else (("dialogue", dialogues),)
    cases = [c for _, group in kinds for c in group]
    for host_name in fresh_set.set_hosts(folder, cases):
        host = fresh_set.load_host(host_name, folder)
        if host is None:
            continue
        agent = Agent(host, backend, settings=AgentSettings(guard_renderings=True))  # as bench/fresh_set.py runs it
        for kind, group in kinds:
            for case in group:
                if case.host != host_name:
                    continue
                conversation = agent.conversation()
                for index, (text, gold) in enumerate(case.turns):
                    before_turn()
                    sys.settrace(tracer)
                    try:
                        turn = await conversation.send(text)
                    finally:
                        sys.settrace(None)
                    row = fresh_set.score(case, index, kind, text, gold, turn, agent.schema)
                    yield TracedTurn(kind, case, index, text, row)
