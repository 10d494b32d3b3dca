"""The layout of a reply's register, read as the prose it stands for (claims-18): a heading line, a key and its
value joined by leader dots, and a ticker's class share written without its percent sign.

* A line of one or two words in capitals and nothing else ("RECEIPT", "LAB NOTE") heads what follows and states
  nothing; it is dropped, unless its words are a label's or a feature's ("POSITIVE" alone is an answer).
* Leader dots ("prediction ......... cracked (95.9 %)") join a key to its value: read as "prediction: cracked".
* A class's name in capitals right before a number with decimals, under 100 and with no unit ("PROGRESSING
  76.9", "→ CRACKED 95.9 ✓", "STABLE 0.79") is a ticker's share of that class (in percent from 1 up); it is read
  as "CLASS 76.9 %" or "CLASS: 0.79", so the share is checked as that class's probability, not as the number of
  the feature named before it.
* An emoji's shortcode (":white_check_mark:", ":bar_chart:", a chat register's pictures) is a picture, not a name:
  it is dropped (round 38); so is a time of day ("Shift 06:00 → 14:00", "at 9:30 am"), the document's clock.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._mentions import name_words
from simxai.guard._prefilter import gated

__all__ = ["register_layout"]

#: A line of one or two words in capitals and nothing else.
_HEADING = re.compile(r"^[ \t]*(?P<h>[A-Z]{3,}(?:[ \t]+[A-Z]{3,})?)[ \t]*:?[ \t]*$", re.M)
#: Leader dots between a key and its value (four or more, or an ellipsis run).
_LEADER = gated(r"[ \t]*(?:\.[ \t]?){4,}[ \t]*|[ \t]*…{2,}[ \t]*")
#: A number with decimals, under 100, with no unit or percent sign after it (a fraction, or a percent without its sign).
#: An emoji's shortcode: lower-case letters, digits, "_", "+" or "-" between two colons, set off by spaces or
#: punctuation ("Verdict: stable." has a space after its colon, so it is none).
_SHORTCODE = gated(r"(?<![\w:]):[a-z][a-z0-9_+-]*[a-z0-9]:(?![\w:])[ \t]*")
#: A time of day: two-digit hours, or one digit before "am" / "pm".
_CLOCK = gated(r"(?<![\d.:])(?:[01]\d|2[0-3]):[0-5]\d(?!\d|:|\.\d|\s?%)|(?<![\d.:])\d:[0-5]\d(?=\s?[ap]\.?m\b)", re.I)
_SHARE = r"[ \t]+(?P<n>\d{1,2}\.\d{1,4})(?![\d.%]|[ \t]*(?:%|percent\b|per cent\b|[a-zA-Z]))"


def register_layout(text: str, labels: Iterable[str], names: Iterable[str]) -> str:
    """`text` with its register's layout read as prose: heading lines dropped, leader dots made a colon, a ticker's
    class share in percent.

    Args:
        text: the reply.
        labels: the host's labels.
        names: the words a heading may be that state something (the labels', the features' and their aliases').
    """
    known = {w for n in [*labels, *names] for w in name_words(n)}
    text = _CLOCK.sub("", _SHORTCODE.sub("", text))
    lines = text.split("\n")
    if len(lines) > 1:
        text = _HEADING.sub(lambda m: m.group(0) if _states(m.group("h"), known) else "", text)
    text = _LEADER.sub(": ", text)
    for label in labels:
        if len(label) < 3 or not label.replace("_", "").isalpha():
            continue
        capitals = re.escape(label.upper()).replace("_", "[_ ]")
        text = re.sub(rf"(?<![\w])(?P<l>{capitals}){_SHARE}", _share, text)
    return text


def _share(m: re.Match[str]) -> str:
    """A ticker's class and its bare share: "STABLE 76.9 %" from 1 up, else "STABLE: 0.79" (a fraction)."""
    n = m.group("n")
    return f"{m.group('l')} {n} %" if float(n) >= 1 else f"{m.group('l')}: {n}"


def _states(heading: str, known: set[str]) -> bool:
    """Whether a heading's words are names the reply may state something with (a label, a feature)."""
    return any(w in known for w in heading.lower().split())
