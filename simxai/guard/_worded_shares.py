"""A whole number of a share said with its whole: "about 1 in 40", "88 of every 100", "right 73 times out of 100".

"1 in 40" (the number read is the whole, 40) is the share 1/40 and "73 times out of 100" (the number read is the
numerator, 73) the share 73/100, each checked against the outputs' numbers as a percentage; "65 out of 89" that no
share of the outputs is reads on as a count of a whole.
"""

from __future__ import annotations

from dataclasses import replace

from simxai.guard._derived import SHARE_IN, SHARE_WHOLE
from simxai.guard._reading import NumberClaim, fits

__all__ = ["worded_share"]


def worded_share(claim: NumberClaim, before: str, following: str, numbers: set[float]) -> tuple[str, bool] | None:
    """(what the number is, True) when it is a share of the module doc among `numbers`; (what it is, False) for "1
    in 40" that none is, left unchecked; None when it is no such share, or a whole ("out of 89", "73 times out of
    100") that gives none of `numbers`. `before` is the text right before the number, `following` all after it.
    """
    share_in = SHARE_IN.search(before)
    if share_in is not None and not claim.percent and claim.decimals == 0 and claim.value > 0:
        # "88 of every 100" is as precise as "88 %"; "1 in 40" as a share in tenths
        shown = 0 if share_in.group("out") else 1
        as_share = replace(
            claim, value=100 * int(share_in.group("n")) / claim.value, percent=True, decimals=shown, count=False
        )
        in_words = f"{share_in.group('n')} in {claim.raw}"
        if fits(as_share, numbers):
            return f"a share {in_words}", True
        if not share_in.group("out"):  # "65 out of 89": a count of a whole, read on as one
            return f"a share {in_words}", False
    whole = SHARE_WHOLE.match(following) if claim.decimals == 0 and not claim.percent else None
    if whole is not None and int(whole.group("m")) > 0:
        as_share = replace(
            claim, value=100 * claim.value / int(whole.group("m")), percent=True, decimals=0, count=False
        )
        if fits(as_share, numbers):  # "right 73 times out of 100": the share's numerator
            return f"a share of {whole.group('m')}", True
    return None
