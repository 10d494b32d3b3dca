"""Which mechanisms may flag a reply: a claim the outputs do not support is flagged only when the mechanism
that read it (the check and the reading, `GuardReport.mechanisms`) was precise on writers it was not tuned on.

The table (`mechanisms.json`, beside this module) holds each mechanism's precision on the DEV writers' replies
(the share of the replies it flagged that were unfaithful, each writer weighing the same:
`simxai.eval_suite.guard.mechanisms.precision`) and the threshold chosen by leave-one-writer-out
(`python bench/guard_mechanisms.py --write` rebuilds both from the DEV sets; `docs/guard.md` "Flagged only by
mechanisms precise on held-out writers"). A claim read by a mechanism below the threshold goes to
`unchecked` with its mechanism named, never to `unsupported`; a mechanism the DEV writers never saw flag has
shown no false alarm and flags. Whatever the table says, a number bound loosely to a feature while another field
of the outputs holds it (`_binding.LOOSE`) never flags: its verdict would be the binding's guess.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from simxai.guard._binding import LOOSE

__all__ = ["TABLE", "Trust", "trust"]

#: The per-mechanism table the guard flags by, rebuilt by `python bench/guard_mechanisms.py --write`.
TABLE = Path(__file__).with_name("mechanisms.json")


class Trust:
    """The mechanisms' precisions and the threshold a mechanism's precision must reach to flag."""

    def __init__(self, precisions: dict[str, float], threshold: float) -> None:
        self.precisions = precisions
        self.threshold = threshold

    def trusted(self, mechanism: str) -> bool:
        """Whether a claim `mechanism` read, unsupported by the outputs, flags the reply: never when its binding
        to a field was loose and another field holds the number (`_binding`: the verdict would be the guess's).
        """
        return not mechanism.endswith(LOOSE) and self.precisions.get(mechanism, 1.0) >= self.threshold

    def note(self, claim: str, mechanism: str) -> str:
        """How a distrusted claim is listed as unchecked."""
        if mechanism.endswith(LOOSE):
            return f"{claim} (bound loosely to its field, and another field of the outputs holds it: not compared)"
        held = self.precisions.get(mechanism, 1.0)
        return f"{claim} (the outputs do not state it; read by '{mechanism}', precision {held:.0%} on DEV writers)"


@functools.cache
def trust() -> Trust:
    """The packaged table (read once)."""
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    return Trust({m: float(row["precision"]) for m, row in table["mechanisms"].items()}, float(table["threshold"]))
