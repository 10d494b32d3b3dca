"""Memory held by the server's parsed-history cache when messages are as large as the server accepts.

    python bench/cache_memory.py [--message-chars 4000] [--sessions 400] [--json FILE]

Fills the session store's context cache (`simxai.server.store.base.ContextCache`) the way turns do: per turn a
user message, the model's tool call, the tool's JSON result and a reply, until many more sessions than fit
have passed through it. tracemalloc measures the memory the cache holds at the end, with today's bound
(`CACHED_CHARS`) and with the former bound of 20,000 messages, in four cases: only the user message at the
limit or every text at the limit, in ASCII or in emoji (4 bytes per character in a Python str).
"""

from __future__ import annotations

import argparse
import json
import tracemalloc
from pathlib import Path

from simxai.messages import Message, ToolCall
from simxai.server.store import base as sessions
from simxai.server.store.base import ContextCache as _ContextCache

TURNS_PER_SESSION = 25
ALPHABETS = {"ascii": "what does the model predict ", "emoji": "😀🙂🤔🧪"}


def session_turns(session: int, chars: int, alphabet: str, fill_all: bool) -> sessions.Turns:
    def text(n: int) -> str:
        return (f"{session} " + alphabet * n)[:n]

    turns = []
    for i in range(TURNS_PER_SESSION):
        call = ToolCall(id=f"call_{i}", name="get_prediction", arguments={"instance": i})
        result = text(chars) if fill_all else json.dumps({"result": {"prediction": "stable"}, "summary": "x" * 200})
        reply = text(chars) if fill_all else "The model predicts stable with probability 80 %. " * 6
        turns.append(
            (
                i + 1,
                [
                    Message.user(text(chars)),
                    Message.assistant("", [call]),
                    Message.tool(call, result),
                    Message.assistant(reply),
                ],
            )
        )
    return turns


class _MessageCountCache(_ContextCache):
    """The former bound: 20,000 messages, whatever their size."""

    @staticmethod
    def _count(turns: sessions.Turns) -> int:
        return sum(len(messages) for _, messages in turns)


def held_mib(cache: _ContextCache, sessions_count: int, chars: int, alphabet: str, fill_all: bool) -> float:
    tracemalloc.start()
    for s in range(sessions_count):
        cache.put(f"s{s}", TURNS_PER_SESSION, session_turns(s, chars, alphabet, fill_all))
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return held / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--message-chars", type=int, default=4000, help="text size (SIMXAI_MAX_MESSAGE_CHARS)")
    parser.add_argument("--sessions", type=int, default=400, help="sessions passed through the cache")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    figures: dict[str, float] = {}
    print(f"{args.sessions} sessions x {TURNS_PER_SESSION} turns, texts of {args.message_chars} characters; MiB held")
    print("| texts at the limit | alphabet | today's bound | former 20,000-message bound |")
    print("| --- | --- | --- | --- |")
    for fill_all in (False, True):
        for name, alphabet in ALPHABETS.items():
            case = ("every text" if fill_all else "user messages") + f", {name}"
            now = held_mib(_ContextCache(sessions.CACHED_CHARS), args.sessions, args.message_chars, alphabet, fill_all)
            before = held_mib(_MessageCountCache(20_000), args.sessions, args.message_chars, alphabet, fill_all)
            figures[f"{case}: today"] = round(now, 1)
            figures[f"{case}: former"] = round(before, 1)
            print(f"| {'every text' if fill_all else 'user messages'} | {name} | {now:.1f} | {before:.1f} |")
    if args.json:
        args.json.write_text(json.dumps({"figures": figures, "argv": argv}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
