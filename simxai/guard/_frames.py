"""A reply framed as someone's words: a short lead, a colon and the whole reply in double quotes.

'Station announcement: "Patient 204 is predicted progressing, 83.8 %."' or 'Podcast, on review 12: "negative,
about three quarters."' is a register, not a quotation: the quoted words are the reply's own claims. The frame's
quotes are dropped, so that the claims inside are read and checked as prose, and the quote is not checked as a
text the outputs should hold (which flagged every such reply, faithful or not).

Only a reply that is nothing but the lead and one double-quoted span is unwrapped; a quotation inside a sentence
("the review 'Terrible customer service' is negative") stays a quotation and is still checked.
"""

from __future__ import annotations

import re

__all__ = ["without_frame"]

#: The lead (at most 60 characters, no quote, ending in a colon or a dash) and one double-quoted span that ends the
#: reply; single quotes inside it ('Great') are the reply's own quotations.
_FRAMED = re.compile(r"^\s*(?P<lead>[^\"“”\n]{1,60}?(?::|—|–| - ))\s*[\"“](?P<body>[^\"“”]+)[\"”]\s*$")
_LEAD_WORDS = 6  # "Game master:", "Yearbook, patient 204:", "Station announcement for the north wing:"
_BODY_WORDS = 4  # a quoted span this short is more likely a text quoted alone ("Review: "Awful!"")


def without_frame(reply: str) -> str:
    """`reply` with the double quotes of its speaker's frame dropped, or `reply` as it is."""
    match = _FRAMED.match(reply)
    if match is None:
        return reply
    lead, body = match.group("lead"), match.group("body")
    if len(lead.split()) > _LEAD_WORDS or len(body.split()) < _BODY_WORDS:
        return reply
    return f"{lead.rstrip()} {body.strip()}"
