"""A conversation with the offline router on a host built in a test: send turns, read the calls of the last one.

Shared by the new-user tests (`tests/test_new_user_ux*.py`), which each build a model of their own.
"""

from __future__ import annotations

import asyncio
from typing import Any


def send(host: Any, *texts: str) -> Any:
    """The last `Turn` of one conversation with the router in which `texts` are sent in order."""
    from simxai import Agent, load_backend

    conversation = Agent(host, load_backend("router")).conversation()
    turn = None
    for text in texts:
        turn = asyncio.run(conversation.send(text))
    return turn


def calls(turn: Any) -> list[tuple[str, dict[str, Any]]]:
    """Each call of `turn` as (function, arguments)."""
    return [(c.function, c.arguments) for c in turn.calls]
