"""Bare ids of a reply about several subjects (claims-13o): "for 14 the biggest push", "150 needs 4.11", "5060 at
85 % and 5300 at 95 %". Written as "id 14", each clause binds to the subject it names, as "patient 14" does; a
number that is no subject's id, or one already named with the noun, is left as it is.

After a dash (claims-21): the guard reads long dashes as " - " (`_reading.normalise`), so a clause a dash opens
("641 and 1119 are both approved — 641 more firmly (78.0 %)") is a subject's place as it was meant to be, and so is
the word after "both" or "either" ("Both 82171 and 82303 are ..."); the id was read as a number of no field, and
the clause's share bound to the subject named last.

An id marked "#" (claims-39): "#45 reject 0.89 | #610 approve 0.65" (g27), "#119801 sooty .480 / #119771 even
.378" (g27, a spaced slash before it opens its place), "#121701 deep" (g28) name their subjects as the bare ids do.

An id's last three digits or more (claims-42), in a subject's place, name the one subject whose id ends so, also on a
reply about one subject: "coop: 066 stays dngr", "102 prem .95 | 012 std .83" of 128066, 128102 and 128012.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._reading import _MORE_IDS, NumberClaim, _subject_pattern

__all__ = ["is_subject_id", "named_bare_ids"]

#: Where a bare number names a subject of a reply about several ("for 14 the biggest push", "150 needs 4.11",
#: "5060 at 85 % and 5300 at 95 %", "about 53 percent for 275"): after a preposition or conjunction that takes a
#: subject, or first in its clause (or in a ticker's cell: "| 271 STABLE 68.0").
_BARE_ID = re.compile(
    r"(?:(?:^|[.:;(—–|·•✓✗]|,|\s-(?=\s)|\s/(?=\s*#|\s+\d+\s+[A-Za-z]))\s*|\b(?:for|and|vs\.?|versus|while|whereas|but|between|than|both|either|"
    r"behind|ahead\s+of|against|unlike|only)\s+"  # "eight points behind 77" (claims-27); "✓ · 117535" (claims-37)
    r"|\bthe\s+(?:[a-z][\w'-]*\s+){1,3}(?=\d{3}))"  # "the sand-mould 137731": an id its attributes lead (gfa40)
    r"(?P<hash>#)?(?P<id>\d{1,12})(?![\d%]|[.,]\d|\s*(?:%|percent\b))",
    re.I,
)


def named_bare_ids(text: str, ids: Iterable[int], noun: str) -> str:
    """`text` with each bare number that is one of several subjects' ids, in a subject's position, written with
    a subject word ("for 14" -> "for id 14"), so each clause binds to the subject it names.
    """
    known = {int(i) for i in ids}
    if not known or not noun:
        return text

    covered = set()  # where the ids the text names with a noun start ("patients 275 and 320")
    for m in _subject_pattern(frozenset([noun])).finditer(text):
        covered.add(m.start(1))
        end = m.end()
        if text[m.start() : m.start(1)].rstrip(" #").lower().endswith("s"):
            while (more := _MORE_IDS.match(text, end)) is not None:
                covered.add(more.start(1))
                end = more.end()

    def named(m: re.Match[str]) -> str:
        said = m.group("id")
        tails = [i for i in known if len(said) >= 3 and len(str(i)) > len(said) and str(i).endswith(said)]
        if m.start("id") in covered or (len(tails) != 1 and (len(known) < 2 or int(said) not in known)):
            return m.group(0)
        lead = text[m.start() : m.start("hash") if m.group("hash") else m.start("id")]
        # a subject word: the id is no number; "066" of 128066 (its last digits, claims-42) is written in full
        return f"{lead}id {said if int(said) in known else tails[0]}"

    return _BARE_ID.sub(named, text)


def is_subject_id(claim: NumberClaim, ids: Iterable[int]) -> bool:
    """Whether a number no field holds is written as one of the outputs' subject ids (a whole number of two digits
    or more, no share, no range), or as the last three digits or more of exactly one of them: "Both 82171 and 82303
    are ...", "102800 - not_fit", "three-ninety" of 109390 name the subject (claims-28).
    """
    plain = not claim.percent and claim.decimals == 0 and claim.high is None and claim.bounds is None
    if not plain or claim.value < 10 or claim.value != int(claim.value):
        return False
    said, known = int(claim.value), set(ids)
    # "three-ninety" of hive 109390: the last three digits or more of exactly one id name it as well.
    tails = [i for i in known if said >= 100 and len(str(i)) > len(str(said)) and str(i).endswith(str(said))]
    return said in known or len(tails) == 1
