"""A turn that adds one more supposition to the what-if just run: "plus no rain at all", "and on top of that a 2 kg
heavier parcel". Read by the router's follow-ups (the what-if again) and by its arguments (the fragment
read as the supposition it adds).
"""

from __future__ import annotations

import re

__all__ = ["added_supposition", "adds_to_the_change", "asks_of_its_own", "comes_with"]

# "plus ...", "and on top of that ...", "also ...", "as well as ...": a turn that adds to what was just supposed
_ADDS = re.compile(
    r"^\s*(?:(?:and|ok|okay|right|then|now)[\s,]+)*(?:plus|also|additionally|as\s+well\s+as|on\s+top\s+of\s+(?:that|this|it)|"
    r"in\s+addition(?:\s+to\s+(?:that|this))?|what'?s\s+more)\b",
    re.IGNORECASE,
)
# "and the tower two degrees warmer on top", "and one fewer bell as well": an "and" / "plus" turn whose last words say
# it adds (not "and for 12 too?", another instance: a turn whose words besides the markers are an id alone)
_ADDS_AT_END = re.compile(
    r"^\s*(?:and|plus)\b(?P<body>.*?[a-z].*?)[\s,]+(?:as\s+well|too|also|on\s+top)\W*$",
    re.IGNORECASE,
)
# A supposition that opens with its value: a number, alone or after "a" / "an" ("6 cm across", "a 4 mm wick")
_BARE_VALUE = re.compile(r"^(?:an?\s+)?\d", re.IGNORECASE)
_FOR_ONE = re.compile(r"^\W*(?:(?:for|with|on|of|about)\s+)?(?:[a-z]+\s+)?#?\d+\W*$", re.IGNORECASE)
# ... unless it asks a question of its own ("also, why is she flagged?", "plus how accurate is it?")
_OWN_REQUEST = re.compile(
    r"\b(?:why|how\s+(?:come|many|much|accurate|well|sure|confident|does|do|is|robust)|which|who|explain|rank|"
    r"accuracy|precision|recall|f1|predict\w*|probabilit\w*|thanks?|thank\s+you|cheers)\b",
    re.IGNORECASE,
)


# ... or asks at all: a question mark, a question word or a request verb ("also, what's in the data?", "plus show me
# the data"), without which an adding turn is a supposition whatever a selector makes of its words
_ASKS = re.compile(r"\?|\b(?:what|whats|where|when|show|tell|give|list|describe|compare)\b", re.IGNORECASE)


# "with a new battery?", "and without the roof rack?": a short turn that is only what the instance would come with
_COMES_WITH = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|what\s+about|how\s+about)\W+)?with(?:out)?\s+(?!(?:those|these|them|the\s+ones)\b)"
    r"[^?.!]{1,40}[?.!]*\s*$",
    re.IGNORECASE,
)


# "what would the call on 42 be with 30 mm of ice?": what something would be with a value is that value supposed
_WOULD_BE_WITH = re.compile(r"\bwould\s+(?:[\w']+\s+){0,6}?be\s+with(?:out)?\b", re.IGNORECASE)


def comes_with(text: str) -> bool:
    """Whether a turn only says what the instance in focus would come with ("with a new battery?"): a supposition
    said as a fragment, which names no group of instances ("with those on the roof" does) and asks nothing else; or
    asks what it would be with a value ("what would the call on 42 be with 30 mm of ice?").
    """
    if _WOULD_BE_WITH.search(text):
        return True
    return _COMES_WITH.match(text) is not None and not _OWN_REQUEST.search(text)


def asks_of_its_own(text: str) -> bool:
    """Whether an adding turn asks anything at all (a question mark, a question word or a request verb): "plus a
    calmer lifestyle on top" does not, so no other function is read into it, however sure a selector is.
    """
    return bool(_ASKS.search(text))


def adds_to_the_change(text: str) -> bool:
    """Whether a turn after a what-if adds another supposition to it ("plus a colder day", "and on top of that one
    more year"): an additive opening and no question of its own. The what-if's engine reads the change, or asks.
    """
    return _opening(text) is not None and not _OWN_REQUEST.search(text)


def added_supposition(text: str) -> str | None:
    """A turn that adds to a what-if, said as the supposition it adds ("plus no rain at all" -> "what if no rain
    at all"), so that change extraction reads it as it reads "what if ..."; None for another turn.
    """
    body = _opening(text)
    if body is None or _OWN_REQUEST.search(text):
        return None
    body = body.lstrip(" ,:;-")
    # "and also 6 cm across", "plus a 4 mm wick": a value said bare is what the instance were ("what if it were
    # 6 cm across"), the one reading of a number after the adding words
    return ("what if it were " if _BARE_VALUE.match(body) else "what if ") + body


def _opening(text: str) -> str | None:
    """What an adding turn supposes, without the words that say it adds; None for a turn that does not add."""
    opening = _ADDS.match(text)
    if opening is not None:
        return text[opening.end() :]
    at_end = _ADDS_AT_END.match(text)
    if at_end is None or _FOR_ONE.match(at_end.group("body")):
        return None
    return at_end.group("body")
