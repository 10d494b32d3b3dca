"""Flag only claims bound by sure means (claims-30, policy A): a setting of the checker, off by default.

A claim the outputs do not support flags the reply, under this policy, only when its subject, its field and its
value are all bound by sure means: the field is named in the claim's own segment (not in the sentence before it,
not only guessed from the number), the value stands beside the field's name or is bound by its unit, and the
subject is not a guess among several. Every other unsupported claim goes to `unchecked` with the reason.

Two grains of doubt: a mechanism whose reading is unsure by construction (`unsure_mechanism`: a number bound to
no named field, to a field named before its segment, to one of two kinds of field, or loosely), and a claim the
checker recorded as unsure while reading it (`GuardReport.unsure`: a feature's number not beside its name, a
number in a sentence that names none of several subjects). The first grain is all that a mechanism's name says,
so it is what `bench/guard_first_runs.py --sure-only` applies to the first runs of older code.

`docs/guard.md` ("claims-30") measures what the policy costs and gains; the default stays off (`SURE_ONLY`).
"""

from __future__ import annotations

import os

from simxai.guard._binding import LOOSE

__all__ = ["SURE_ONLY", "sure_only_default", "unsure_mechanism"]

#: The environment variable that turns the policy on for every check whose caller does not choose
#: (`simxai-eval faithfulness` and the benchmarks measure it this way).
SURE_ONLY = "SIMXAI_GUARD_SURE_ONLY"

#: Parts of a mechanism's name that say its binding was a guess, and why.
_UNSURE_PARTS = (
    ("no named field", "no field is named for the number"),
    ("named before its segment", "the field is named before the claim's segment"),
    (LOOSE, "bound loosely, and another field holds the number"),
    ("feature/", "the number may be of either of two kinds of field"),
    ("label/", "the number may be of either of two kinds of field"),
    ("feature not in outputs", "a name the outputs do not list, read as a feature"),
)


def unsure_mechanism(mechanism: str) -> str:
    """Why `mechanism` binds a claim by an unsure means, or "" when its name says nothing unsure."""
    for part, reason in _UNSURE_PARTS:
        if part in mechanism:
            return reason
    return ""


def sure_only_default() -> bool:
    """Whether the policy is on when the caller does not say (`SURE_ONLY` set to 1, yes or true)."""
    return os.environ.get(SURE_ONLY, "").strip().lower() in {"1", "yes", "true"}
