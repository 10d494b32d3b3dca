"""What a stage of the turn loop ends with: a tagged set of values, each carrying its own report.

`simxai.agent` runs the stages; one verification step (`_TurnRun._verify`) turns the outcome into the reply the
user sees and the guard's report on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from simxai.guard import GuardReport
from simxai.turns import Clarification

__all__ = ["Answer", "Clarify", "Outcome", "Refuse", "Render"]


@dataclass(frozen=True)
class Answer:
    """Text the backend wrote; `report` is the guard's report when it was already checked (a direct answer)."""

    text: str
    report: GuardReport | None = None


@dataclass(frozen=True)
class Clarify:
    """A question back to the user; the turn's reply is the question."""

    clarification: Clarification


@dataclass(frozen=True)
class Render:
    """No written answer: the reply is the deterministic rendering of the turn's calls.

    `non_answer` says why the backend's reply after results was no answer (call syntax, JSON, empty), when it
    stayed one after a regeneration.
    """

    non_answer: str | None = None


@dataclass(frozen=True)
class Refuse:
    """The turn cannot be answered: `text` says so and what can be asked instead."""

    text: str


Outcome = Answer | Clarify | Render | Refuse
