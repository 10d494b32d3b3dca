"""The guard's mechanism table from DEV writers' replies: each mechanism's precision, and the threshold chosen by
leave-one-writer-out (`bench/guard_mechanisms.py` collects the evidence and writes `simxai/guard/mechanisms.json`).

A writer is a set of replies written by one hand (the DEV sets `written/g1` ... `p13i`) or by the template
generator (the generated sets `own` ... `probes5` together: they share one generator's slots, hosts and outputs,
so they count as one writer, not seven). Its evidence is, per mechanism, how many of its unfaithful and of its
faithful replies the mechanism flagged (the guard run with `every_mechanism=True`). A mechanism's precision weighs
every writer the same and every writer's two halves the same: the mean over writers of the share of its
unfaithful replies the mechanism flagged (R) and of its faithful ones (F) give precision (R + e) / (R + F + e),
where e is one flag of an average writer's half: a mechanism is trusted until its false alarms outweigh its catches
(`precision`). Precision at equal halves does not depend on how many unfaithful replies a
writer wrote.

For a writer W, the held-out verdict on its replies uses the precisions of the other writers only: a reply is
flagged when a mechanism that flagged it reaches the threshold. The curve is held-out recall and false alarms
(pooled over the hand-written writers, and for the generated one) per threshold; the threshold is chosen on the
held-out curve (`choose_threshold`): among the thresholds that keep held-out recall at least `RECALL_FLOOR` on
the hand-written writers and `GENERATED_FLOOR` on the generated one, the lowest whose hand-written held-out false
alarms are at most `TARGET_FALSE_ALARMS`, else the highest of those with the lowest false-alarm rate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from simxai.guard import LOOSE_BINDING

__all__ = [
    "GENERATED_FLOOR",
    "RECALL_FLOOR",
    "TARGET_FALSE_ALARMS",
    "THRESHOLDS",
    "CurvePoint",
    "Verdict",
    "Writer",
    "choose_threshold",
    "curve",
    "precision",
    "precisions",
    "rebuilt",
    "table",
]

#: The held-out false-alarm rate the threshold must keep (issue 13: at most 2 %).
TARGET_FALSE_ALARMS = 0.02
#: The held-out recall the threshold may not go below (the guard's recall on DEV writers is 90-93 %).
RECALL_FLOOR = 0.90
#: The held-out recall on the generated sets the threshold may not go below (issue 13: the perturbation
#: benchmark's recall is at least 95 %).
GENERATED_FLOOR = 0.95
#: The thresholds the curve is drawn at.
THRESHOLDS = tuple(round(0.50 + 0.01 * i, 2) for i in range(51))


@dataclass(frozen=True)
class Verdict:
    """One reply: whether it is faithful, and the mechanisms whose claims the outputs do not support."""

    faithful: bool
    mechanisms: frozenset[str]


@dataclass
class Writer:
    """One DEV writer's replies, and whether its hand wrote them (else a template set generated them)."""

    name: str
    written: bool
    verdicts: list[Verdict] = field(default_factory=list)

    def evidence(self) -> dict[str, Any]:
        """The writer's counts: replies of each half, and per mechanism [unfaithful, faithful] flagged."""
        flags: dict[str, list[int]] = {}
        for v in self.verdicts:
            for m in v.mechanisms:
                flags.setdefault(m, [0, 0])[1 if v.faithful else 0] += 1
        patterns: dict[tuple[bool, tuple[str, ...]], int] = {}
        for v in self.verdicts:
            key = (v.faithful, tuple(sorted(v.mechanisms)))
            patterns[key] = patterns.get(key, 0) + 1
        return {
            "written": self.written,
            "unfaithful": sum(not v.faithful for v in self.verdicts),
            "faithful": sum(v.faithful for v in self.verdicts),
            "flags": dict(sorted(flags.items())),
            # every distinct verdict and how many replies had it: [faithful, mechanisms, replies]
            "verdicts": [[f, list(ms), n] for (f, ms), n in sorted(patterns.items())],
        }

    @classmethod
    def from_evidence(cls, name: str, evidence: dict[str, Any]) -> Writer:
        """The writer whose `evidence()` this is (its verdicts, in the order of their patterns)."""
        verdicts = [Verdict(bool(f), frozenset(ms)) for f, ms, n in evidence["verdicts"] for _ in range(int(n))]
        return cls(name, bool(evidence["written"]), verdicts)


def precision(flagged_unfaithful: float, flagged_faithful: float) -> float:
    """A mechanism's precision from its (writer-weighted) flags on unfaithful and faithful replies, as if it had
    caught one more unfaithful reply: a mechanism is trusted until its false alarms outweigh its catches (one
    never seen flagging is 100 %, one seen flagging only faithful replies 50 % at most).
    """
    return (flagged_unfaithful + 1.0) / (flagged_unfaithful + flagged_faithful + 1.0)


def precisions(evidence: dict[str, dict[str, Any]], leave_out: str | None = None) -> dict[str, float]:
    """Each mechanism's precision on the writers of `evidence` (without `leave_out`), every writer weighing
    the same and its unfaithful and faithful halves the same (module docstring).
    """
    pool = {name: e for name, e in evidence.items() if name != leave_out}
    if not pool:
        return {}
    rates: dict[str, list[float]] = {}
    for e in pool.values():
        for m, (bad, good) in e["flags"].items():
            row = rates.setdefault(m, [0.0, 0.0])
            row[0] += bad / max(1, e["unfaithful"])
            row[1] += good / max(1, e["faithful"])
    # Rates back to counts of an average writer's half, summed over the pool: a flag weighs about one reply.
    half = sum(e["unfaithful"] + e["faithful"] for e in pool.values()) / len(pool) / 2
    return {m: precision(bad * half, good * half) for m, (bad, good) in sorted(rates.items())}


@dataclass(frozen=True)
class CurvePoint:
    """Held-out recall and false alarms at one threshold, pooled over hand-written and over generated writers,
    and per writer ((flagged unfaithful, unfaithful, flagged faithful, faithful)).
    """

    threshold: float
    written: tuple[int, int, int, int]
    generated: tuple[int, int, int, int]
    writers: dict[str, tuple[int, int, int, int]]


def _score(verdicts: Iterable[Verdict], trusted: set[str]) -> tuple[int, int, int, int]:
    caught = unfaithful = alarms = faithful = 0
    for v in verdicts:
        flagged = bool(v.mechanisms & trusted)
        if v.faithful:
            faithful += 1
            alarms += flagged
        else:
            unfaithful += 1
            caught += flagged
    return caught, unfaithful, alarms, faithful


def _sum(rows: Iterable[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for row in rows:
        out = [a + b for a, b in zip(out, row, strict=True)]
    return out[0], out[1], out[2], out[3]


def curve(writers: Sequence[Writer], thresholds: Sequence[float] = THRESHOLDS) -> list[CurvePoint]:
    """Held-out (leave-one-writer-out) recall and false alarms at each threshold."""
    evidence = {w.name: w.evidence() for w in writers}
    held_out = {w.name: precisions(evidence, leave_out=w.name) for w in writers}
    points = []
    for t in thresholds:
        # A loosely bound number never flags, whatever its precision (`simxai.guard._trust.Trust.trusted`).
        trusted = {
            w.name: {m for m, p in held_out[w.name].items() if p >= t and not m.endswith(LOOSE_BINDING)}
            for w in writers
        }
        rows = {w.name: _score(w.verdicts, trusted[w.name]) for w in writers}
        points.append(
            CurvePoint(
                threshold=t,
                written=_sum(rows[w.name] for w in writers if w.written),
                generated=_sum(rows[w.name] for w in writers if not w.written),
                writers=rows,
            )
        )
    return points


def choose_threshold(
    points: Sequence[CurvePoint],
    target: float = TARGET_FALSE_ALARMS,
    floor: float = RECALL_FLOOR,
    generated_floor: float = GENERATED_FLOOR,
) -> float:
    """The threshold the guard flags by, from the held-out curve: among the thresholds that keep the
    hand-written writers' recall at least `floor` and the generated writer's at least `generated_floor`, the
    lowest whose hand-written false-alarm rate is at most `target`; when none is, the highest with the lowest
    false-alarm rate (where the held-out false alarms tell no threshold apart, trusting fewer mechanisms is the
    surer choice); when no threshold keeps both floors, the lowest drawn.
    """
    ordered = sorted(points, key=lambda p: p.threshold)

    def rate(row: tuple[int, int, int, int], at: int) -> float:
        return row[at] / max(1, row[at + 1])

    kept = [
        p
        for p in ordered
        if rate(p.written, 0) >= floor and (not p.generated[1] or rate(p.generated, 0) >= generated_floor)
    ]
    if not kept:
        return ordered[0].threshold
    within = [p for p in kept if rate(p.written, 2) <= target]
    if within:
        return within[0].threshold
    lowest = min(rate(p.written, 2) for p in kept)
    return max(p.threshold for p in kept if rate(p.written, 2) == lowest)


def rebuilt(stored: dict[str, Any]) -> dict[str, Any]:
    """The table a stored table's evidence gives: its writers' verdicts, their curve, its threshold and
    precisions (what `bench/guard_mechanisms.py --write` writes from the same verdicts).
    """
    writers = [Writer.from_evidence(name, e) for name, e in stored["writers"].items()]
    evidence = {w.name: w.evidence() for w in writers}
    return table(evidence, choose_threshold(curve(writers)))


def table(evidence: dict[str, dict[str, Any]], threshold: float) -> dict[str, Any]:
    """The table the guard flags by (`simxai/guard/mechanisms.json`): the threshold, each mechanism's precision
    on all DEV writers, and the evidence it was computed from.
    """
    return {
        "threshold": threshold,
        "built_by": "python bench/guard_mechanisms.py --write",
        "mechanisms": {m: {"precision": round(p, 4)} for m, p in precisions(evidence).items()},
        "writers": evidence,
    }
