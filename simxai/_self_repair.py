"""A value the user takes back within the same turn: "were 30 kg - sorry, I mean 35", "7001, no wait, 7010".

People correct themselves as they type, and the turn then holds two values where one is meant: every reader
downstream (ids, changes, groups) would take the first, or find two and give up. The number said after a marker
of self-repair ("sorry", "I mean", "no wait", "scratch that", "or rather", "make that" after a comma or a dash)
replaces the number before it, which keeps the words that follow it ("18 degrees, scratch that, 16" -> "16
degrees"; "5 broken panes, no sorry, 6" -> "6 broken panes") and its suffix ("90%, no sorry, 88%"; "32k, no
wait, 30k"). A correction that says its words again replaces them too ("8 minutes later, no wait, 5 minutes later"
-> "5 minutes later"). A single word taken back for another at the end of a clause ("painted red, no wait, blue")
is replaced the same way, also after a bare "no" set off by commas ("Stedman, no, Grandsire"; never "yes, no"). A
turn that only starts with such a marker ("sorry, I meant 14"), or names the number it takes back as said before ("I
said 20, I meant 15"), corrects the previous turn: `_dialogue_repair` reads it.
"""

from __future__ import annotations

import re

__all__ = ["self_corrected"]

_NUMBER = r"\d+(?:[.,]\d+)?"  # a decimal comma too ("12,5"): `normalize` reads it later
# Markers that take back what was just said; "no" and "wait" alone only after a comma, a dash or dots.
_MARKER = (
    r"(?:(?:sorry|oops|scratch\s+that|strike\s+that|correction|or\s+rather|no\s+wait|no\s+no|i\s+mean|i\s+meant)"
    r"|(?<=[,;:\-–—.(])\s*(?:no|nah|wait|make\s+that|rather)\b"
    # "700 *720": a star before the number typed again, as chat users correct a typo
    r"|(?<=[\s.…])\*(?=\d))"
)
_MARKER_WORDS = r"(?:sorry|oops|scratch|strike|correction|or|no|nah|wait|i|make|rather|and|but|then)\b"
# A suffix glued to an amount: a percent sign or "k" for thousands ("32k").
_SUFFIX = r"(?:%|k(?![A-Za-z]))"
_AGAIN = r"(?:it'?s|its|make\s+(?:it|that))"  # "no wait, it's 15", "sorry make it 4": the marker goes on
# (a correction may stand in brackets: "14 players (nah sorry, 15)"; the closing bracket goes with it)
_MARKED = (
    rf"\s*(?:\.{{1,3}}|…|[,;:–—]|-{{1,2}}|(?P<open>\())?\s*{_MARKER}"
    rf"(?:\s*[,:.\-–—]?\s*(?:{_MARKER}|{_AGAIN}))*\s*[,:\-–—]?\s*"
)
_SELF_REPAIR = re.compile(
    rf"(?<![\w.])(?P<old>{_NUMBER})(?P<osfx>{_SUFFIX})?"
    rf"(?P<unit>(?:\s?(?!{_MARKER_WORDS})[A-Za-z°]+(?:/[A-Za-z]+)?){{0,3}})"  # "m/s" too
    # the new number may end the sentence ("... no, scratch that, 15."), but is no decimal's first part; a "#" before
    # it marks a record again ("#7001 scratch that, #7010")
    rf"{_MARKED}(?:#\s?)?(?P<new>{_NUMBER})(?P<nsfx>{_SUFFIX})?(?!\w|[.,]\d)(?(open)(?:\s*\))?)"
    rf"(?P<rest>(?:\s+[A-Za-z°]+(?:/[A-Za-z]+)?){{0,3}})",
    re.IGNORECASE,
)
# "I said 20": the number taken back was said in an earlier turn, not in this one
_SAID_EARLIER = re.compile(r"\bi\s+(?:said|typed|put|wrote|gave)\s+$", re.IGNORECASE)
_STEP_WORDS = re.compile(r"^\s*(?:more|less|fewer|higher|lower|times|extra|percent)\b", re.IGNORECASE)
# "light, no wait, medium": one word for another, the correction ending its clause.
_WORD_REPAIR = re.compile(
    rf"(?<![\w'])(?P<old>(?!{_MARKER_WORDS}|(?:yes|yeah|yep|ok|okay|right|sure)\b)[A-Za-z][\w-]*)\s*[,;\-–—]\s*"
    r"(?:no\s+wait|no\s+sorry|sorry|i\s+mean|i\s+meant|or\s+rather|no(?=\s*[,:\-–—]))\s*[,:\-–—]?\s*"
    r"(?P<new>[A-Za-z][\w-]*)(?=\s*(?:[?.!,;]|$))",
    re.IGNORECASE,
)


def _repaired(match: re.Match[str]) -> str:
    """The number after the marker in place of the one before it, with the words said after the old one."""
    if _SAID_EARLIER.search(match.string, max(0, match.start() - 24), match.start()):
        return match.group(0)  # "I said 20, I meant 15" takes back the previous turn's 20 (`_dialogue_repair`)
    osfx, nsfx = match.group("osfx") or "", match.group("nsfx") or ""
    rest, unit = match.group("rest") or "", match.group("unit") or ""
    said_again = bool(unit.strip()) and rest.strip().lower().startswith(unit.strip().split()[0].lower())
    if nsfx == "%" and osfx != "%" or _STEP_WORDS.match(rest) and not said_again:
        return match.group(0)  # "30, sorry, 10% more" is another statement, not the same value again
    if said_again:
        # "20 kilos, sorry, 25 kilos"; "10% more rope, no wait, 20% more": the words said once stay ("more rope")
        kept = unit if unit.lower().split()[: len(rest.split())] == rest.lower().split() else rest
        return f"{match.group('new')}{nsfx or osfx}{kept}"
    return f"{match.group('new')}{nsfx or osfx}{unit}{rest}"


# A unit glued to a number ("3.5oz scratch that, 3oz"): set apart for the repair only (not "2nd", "32k")
_GLUED_UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?!(?:st|nd|rd|th)\b)([A-Za-z]{2,})\b")


def self_corrected(text: str) -> str:
    """`text` with each value taken back in the same turn replaced by the one said after it (module doc)."""
    repaired = _SELF_REPAIR.sub(_repaired, text)
    if repaired == text:  # "3.5oz scratch that, 3oz": read with the units set apart, kept so only when repaired
        apart = _GLUED_UNIT.sub(r"\1 \2", text)
        repaired = _SELF_REPAIR.sub(_repaired, apart) if apart != text else text
        repaired = text if repaired == apart else repaired
    text = repaired
    return _WORD_REPAIR.sub(lambda m: m.group("new"), text)
