"""How the renderings state numbers, percentages, probabilities and label counts."""

from __future__ import annotations

import math
from collections.abc import Iterable


def format_number(value: float | int | str | None, digits: int = 3) -> str:
    """A number as the renderings state it: integers plain, others with up to `digits` significant decimals."""
    if value is None:
        return "n/a"
    if isinstance(value, str):
        return value
    if math.isnan(value):
        return "missing"  # a feature value the model reads as missing (no other number is NaN)
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


def listed(names: Iterable[str], last: str = "and") -> str:
    """Names joined for a sentence: "a"; "a and b"; "a, b and c" (`last` "or": "a, b or c"); "" for none.

    The one way every reply and error enumerates features, labels, categories or ids in words.
    """
    names = [str(n) for n in names]
    if len(names) < 2:
        return names[0] if names else ""
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def _metric_number(value: float | None) -> str:
    """A metric's value as stated: a whole 0 or 1 with its three decimals ("is 1.000", never "is 1." that reads as
    the end of a sentence after a count), others as `format_number`.
    """
    if value is not None and float(value).is_integer():
        return f"{float(value):.3f}"
    return format_number(value)


def format_percent(probability: float) -> str:
    """A probability in [0, 1] as a percentage with one decimal, e.g. 0.7231 -> '72.3%'."""
    return f"{probability * 100:.1f}%"


def _probabilities(probs: dict[str, float]) -> str:
    return ", ".join(f"{label} {format_percent(p)}" for label, p in probs.items())


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {label}" for label, n in counts.items())


#: At most this many categories have their label counts listed in words (the page's table shows every one).
_LISTED_CATEGORIES = 6


def _by_category(counts: dict[str, dict[str, int]] | None) -> str:
    """A categorical feature's recorded labels per category, and for each label the category where it is most common
    ("which carrier is most often late?"): by its share of the category's rows, the count and size beside it.
    """
    if not counts:
        return ""
    sizes = {category: sum(by_label.values()) for category, by_label in counts.items()}
    text = ""
    if len(counts) <= _LISTED_CATEGORIES:
        listed = (f"{category} {sizes[category]} ({_counts(by_label)})" for category, by_label in counts.items())
        text = "; recorded labels by value: " + ", ".join(listed)
    leaders = []
    for label in dict.fromkeys(label for by_label in counts.values() for label in by_label):
        shares = {c: counts[c].get(label, 0) / sizes[c] for c in counts if sizes[c]}
        top = max(shares, key=shares.__getitem__, default=None)
        if top is not None and shares[top] > 0:
            share = f"{counts[top][label]} of {sizes[top]}, {format_percent(shares[top])}"
            leaders.append(f"most often {label}: {top} ({share})")
    joined = "; ".join(leaders)
    return text + (f". {joined[0].upper()}{joined[1:]}" if joined else "")


def tie_note(probabilities: dict[str, float], label: str) -> str:
    """A sentence ("It is a tie: ...") when another label has exactly the predicted one's probability, or "".

    A forest of a few trees ties often (its probabilities are vote shares); the predicted label is then the
    model's own tie-break, which a reply should not present as a clear preference.
    """
    top = probabilities.get(label)
    if top is None:
        return ""
    tied = [name for name, p in probabilities.items() if name != label and abs(p - top) < 1e-9]
    if not tied:
        return ""
    names = [label, *tied]
    return f" It is a tie: {listed(names)} have {format_percent(top)} each; the model's own tie-break gives {label}."
