"""How the guard benchmark's replies write numbers and labels, shared by its slot modules."""

from __future__ import annotations

from typing import Any

__all__ = ["num", "other", "pct"]


def pct(p: float) -> str:
    """A probability as a percentage with one decimal ("78.6%")."""
    return f"{p * 100:.1f}%"


def num(x: Any) -> str:
    """A number as a reply writes it: at most three decimals, without trailing zeros; whole floats as integers."""
    if isinstance(x, float) and not x.is_integer():
        return f"{x:.3f}".rstrip("0").rstrip(".")
    return str(int(x)) if isinstance(x, float) else str(x)


def other(labels: list[str], label: str) -> str:
    """The first label that is not `label`."""
    return next(lab for lab in labels if lab != label)
