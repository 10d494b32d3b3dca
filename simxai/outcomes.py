"""What a stage of the turn loop ends with: a tagged set of values, each carrying its own report.

`simxai.agent` runs the stages; each returns one of `Answer`, `Clarify`, `Render` or `Refuse`. Every outcome
carries `fallback` (the backend that answered instead of the configured one, and why) and `report` (the guard's
report), which stays None until the one verification step (`_TurnRun._verify`) has checked the outcome and
returned it with its report and the reply the user sees.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypeVar

from simxai.guard import GuardReport
from simxai.turns import Clarification

__all__ = ["Answer", "Clarify", "Outcome", "Refuse", "Render", "noted"]


@dataclass(frozen=True, kw_only=True)
class _Reported:
    """What every outcome carries besides its own content."""

    #: The guard's report, set by the verification step (None before it).
    report: GuardReport | None = None
    #: Set when the configured backend failed and the fallback answered: "<fallback>: <backend> failed (<why>)".
    fallback: str | None = None


@dataclass(frozen=True)
class Answer(_Reported):
    """Text the backend wrote: a direct answer when the turn called no function, else its reply to the results."""

    text: str

    @property
    def reply(self) -> str:
        """The text the user sees."""
        return self.text


@dataclass(frozen=True)
class Clarify(_Reported):
    """A question back to the user; the turn's reply is the question."""

    clarification: Clarification

    @property
    def reply(self) -> str:
        """The text the user sees."""
        return self.clarification.question


@dataclass(frozen=True)
class Render(_Reported):
    """No written answer: the reply is the deterministic rendering of the turn's calls.

    `non_answer` says why the backend's reply after results was no answer (call syntax, JSON, empty), when it
    stayed one after a regeneration. `text` is the rendering, which the verification step writes.
    """

    non_answer: str | None = None
    text: str = ""

    @property
    def reply(self) -> str:
        """The text the user sees."""
        return self.text


@dataclass(frozen=True)
class Refuse(_Reported):
    """The turn cannot be answered: `text` says so and what can be asked instead."""

    text: str

    @property
    def reply(self) -> str:
        """The text the user sees."""
        return self.text


Outcome = Answer | Clarify | Render | Refuse

_O = TypeVar("_O", bound=_Reported)


def noted(outcome: _O, fallback: str | None) -> _O:
    """`outcome`, carrying `fallback` unless it carries a fallback already (a turn falls back at most once)."""
    if fallback is None or outcome.fallback is not None:
        return outcome
    return dataclasses.replace(outcome, fallback=fallback)
