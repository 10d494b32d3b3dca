"""The router's choice for one turn: a function (or none), how sure it is, and what it offers when it asks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Decision:
    """Which function answers a turn; `confident` False with a `runner_up` makes the router ask between the two."""

    function: str | None
    confidence: float
    confident: bool
    whole_text: bool = False  # the turn itself is the instance (a bare text for a text host)
    also: tuple[str, ...] = ()  # further functions a compound request asks for ("predict it, then explain")
    runner_up: str | None = None  # the second likeliest function, offered when the router asks
    arguments: dict[str, Any] | None = None  # a follow-up's arguments, taken from the previous call
