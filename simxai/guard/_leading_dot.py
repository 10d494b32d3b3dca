"""A decimal written without its leading zero (claims-37): "accuracy .57" (g27), "acc .90 / AUC .941" (g14),
"recall .91, precision .88" (g28), "sooty .83". The number readers read "0.57" and passed over ".57" in most places,
so a wrong metric or probability written so was never compared.

Read as "0.57" only after a space, a bracket, "=", "~", "/", "|", ":" or an arrow, so a full stop before a number
("right.57" does not occur; "v.2" is no decimal) and a version's "3.3.2" stay as they are.
"""

from __future__ import annotations

import re

__all__ = ["with_leading_zeros"]

_LEADING_DOT = re.compile(r"(?:(?<=^)|(?<=[\s(=~/|:→>≈]))([+\-−]?)\.(\d)")


def with_leading_zeros(text: str) -> str:
    """`text` with each decimal written without its leading zero given one: ".57" reads "0.57", "−.109" "−0.109"."""
    return _LEADING_DOT.sub(lambda m: f"{m.group(1)}0.{m.group(2)}", text)
