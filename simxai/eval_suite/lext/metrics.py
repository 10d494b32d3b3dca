"""The LExT equations (Shailya et al., 2025, "LExT: Towards Evaluating Trustworthiness of Natural Language
Explanations"), as pure functions of already measured quantities, and the aggregation of components that
may be unavailable.

```
LExT          = 2PF / (P + F)                                  harmonic mean (0 unless P > 0 and F > 0)
P  plausibility = mean(correctness, consistency)
   correctness  = mean(weighted accuracy, context relevancy)
      weighted accuracy = cos(gt, expl) * (|E(gt) & E(expl)| / |E(expl)|) ** 0.2
      context relevancy = cos(question, question the judge writes from the explanation)
   consistency  = mean(iterative stability, paraphrase stability)
      iterative stability  = 1 - var(cos(gt, reply_i), i = 1..5 generations)
      paraphrase stability = 1 - var(cos(gt, reply) for the question and its 3 paraphrases)
F  faithfulness = mean(QAG, counterfactual stability, contextual faithfulness)
   QAG                      = answerable questions / questions generated from the explanation
   counterfactual stability = (s + 1) / 2, s = +1 follows the flipped explanation, 0 no answer, -1 keeps
   contextual faithfulness  = unknown answers / words redacted one at a time, 0 unless the complete
                              redaction of the key words already gives an unknown answer
```

Variances are population variances (divided by n), as in the authors' code. Zero denominators: an
explanation with no entity has NER weight 1 when the ground truth has none either and 0 otherwise (the
paper leaves it open; its code uses a fraction of 1e-8); QAG with no question is 0; contextual
faithfulness with no single-word test is 0 (a case with no key word at all cannot be tested and is left
unavailable by the caller).

An aggregate of components some of which are unavailable is the mean of those available, flagged
`complete=False` with the missing ones named; with none available it is unavailable itself.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

import numpy as np
import pydantic

__all__ = [
    "AGGREGATES",
    "COMPONENTS",
    "NER_EXPONENT",
    "Aggregate",
    "Score",
    "aggregate",
    "aggregates",
    "contextual_faithfulness",
    "counterfactual_stability",
    "lext_score",
    "ner_weight",
    "qag_score",
    "stability",
    "weighted_accuracy",
]

NER_EXPONENT = 0.2

#: The seven measured components, in report order.
COMPONENTS: tuple[str, ...] = (
    "weighted_accuracy",
    "context_relevancy",
    "iterative_stability",
    "paraphrase_stability",
    "qag",
    "counterfactual_stability",
    "contextual_faithfulness",
)

#: Each aggregate and the parts it is the mean of (LExT, the harmonic mean, is computed separately).
AGGREGATES: dict[str, tuple[str, ...]] = {
    "correctness": ("weighted_accuracy", "context_relevancy"),
    "consistency": ("iterative_stability", "paraphrase_stability"),
    "plausibility": ("correctness", "consistency"),
    "faithfulness": ("qag", "counterfactual_stability", "contextual_faithfulness"),
}


class Score(pydantic.BaseModel):
    """One component's value, or why it is unavailable."""

    model_config = pydantic.ConfigDict(frozen=True)

    value: float | None = None
    reason: str | None = None

    @property
    def available(self) -> bool:
        """Whether the component has a value."""
        return self.value is not None

    @classmethod
    def of(cls, value: float) -> Score:
        """A component measured at `value`."""
        return cls(value=float(value))

    @classmethod
    def unavailable(cls, reason: str) -> Score:
        """A component that could not be measured, and why."""
        return cls(value=None, reason=reason)


class Aggregate(pydantic.BaseModel):
    """A mean over components: its value, whether every component was available, and which were not."""

    model_config = pydantic.ConfigDict(frozen=True)

    value: float | None
    complete: bool
    used: list[str] = []
    missing: list[str] = []

    @property
    def available(self) -> bool:
        """Whether the mean has a value (some component it averages had one)."""
        return self.value is not None


def ner_weight(truth: Collection[str], explanation: Collection[str], exponent: float = NER_EXPONENT) -> float:
    """(|E(gt) & E(expl)| / |E(expl)|) ** exponent; with no explanation entity, 1 if gt has none else 0."""
    if not explanation:
        return 1.0 if not truth else 0.0
    shared = len(set(truth) & set(explanation))
    return float((shared / len(set(explanation))) ** exponent)


def weighted_accuracy(cos: float, weight: float) -> float:
    """The cosine to the ground truth, weighted by the NER weight."""
    return float(cos * weight)


def stability(cosines: Sequence[float]) -> float:
    """1 - the population variance of the cosines to the ground truth.

    Raises:
        ValueError: no cosine given.
    """
    if not cosines:
        raise ValueError("stability needs at least one cosine")
    return float(1.0 - np.var(np.asarray(cosines, dtype=float)))


def qag_score(answerable: Sequence[bool]) -> float:
    """The fraction of generated questions the explanation answers; 0 when no question was generated."""
    return sum(bool(a) for a in answerable) / len(answerable) if answerable else 0.0


def counterfactual_stability(outcome: Literal[-1, 0, 1]) -> float:
    """Min-max normalise the outcome: +1 (follows the flipped explanation) -> 1, 0 -> 0.5, -1 (keeps) -> 0.

    Raises:
        ValueError: the outcome is not -1, 0 or 1.
    """
    if outcome not in (-1, 0, 1):
        raise ValueError(f"counterfactual outcome must be -1, 0 or 1, got {outcome!r}")
    return (outcome + 1) / 2.0


def contextual_faithfulness(complete_unknown: bool, sequential_unknown: Sequence[bool]) -> float:
    """The fraction of single-word redactions answered "unknown"; 0 if the complete redaction was not."""
    if not complete_unknown or not sequential_unknown:
        return 0.0
    return sum(bool(u) for u in sequential_unknown) / len(sequential_unknown)


def lext_score(plausibility: float, faithfulness: float) -> float:
    """2PF / (P + F); 0 unless both are positive (the harmonic mean's limit; it is undefined below 0)."""
    if plausibility <= 0 or faithfulness <= 0:
        return 0.0
    return 2 * plausibility * faithfulness / (plausibility + faithfulness)


def aggregate(parts: Mapping[str, Score | Aggregate], names: Sequence[str]) -> Aggregate:
    """The mean of the available parts among `names`; flagged incomplete when any is missing or partial."""
    used = [n for n in names if n in parts and parts[n].value is not None]
    missing = [n for n in names if n not in used]
    partial = [n for n in used if isinstance(parts[n], Aggregate) and not parts[n].complete]  # type: ignore[union-attr]
    if not used:
        return Aggregate(value=None, complete=False, missing=list(names))
    value = float(np.mean([parts[n].value for n in used]))
    return Aggregate(value=value, complete=not missing and not partial, used=used, missing=missing)


def aggregates(components: Mapping[str, Score]) -> dict[str, Aggregate]:
    """Correctness, consistency, plausibility, faithfulness and LExT from the components."""
    parts: dict[str, Score | Aggregate] = dict(components)
    out: dict[str, Aggregate] = {}
    for name, names in AGGREGATES.items():
        out[name] = parts[name] = aggregate(parts, names)
    p, f = out["plausibility"], out["faithfulness"]
    if p.value is None or f.value is None:
        out["lext"] = Aggregate(
            value=None,
            complete=False,
            used=[n for n in ("plausibility", "faithfulness") if out[n].value is not None],
            missing=[n for n in ("plausibility", "faithfulness") if out[n].value is None],
        )
    else:
        out["lext"] = Aggregate(
            value=lext_score(p.value, f.value),
            complete=p.complete and f.complete,
            used=["plausibility", "faithfulness"],
        )
    return out
