"""The words that mark claims about the ranking of features (split from `simxai.guard._cues`, which re-exports
them): first and last places ("the most important", "weakest"), a place among the top ("one of the top three", "top
3"), ordinals and rank numbers ("third most important", "rank 2", "#3"), and comparisons of two features ("matters
more than", "ranks ahead of", "neither as much as").
"""

from __future__ import annotations

import re

__all__ = [
    "COMPARATIVE",
    "NOT_AS_MUCH",
    "ORDINALS",
    "ORDINAL_KEY",
    "RANK_AMONG",
    "RANK_FIRST",
    "RANK_LAST",
    "RANK_NUMBER",
    "RANK_ORDINAL",
    "RANK_WORD",
    "TOP_N",
]

RANK_FIRST = re.compile(
    r"\b(most (?:important|influential|significant|decisive|relevant|impactful)|matter\w* most|"
    r"count\w* most|weigh\w* most|(?:add|contribut|push|pull)\w* (?:the )?most\b|"
    r"biggest|largest|strongest|greatest|main|primary|leading|dominant|"
    # "overall, bmi leads (0.585)", "hdl leads the ranking"; not "leads to", "leads towards stable" (claims-24)
    r"leads(?!\s+(?:to|into|towards?|away|up|down|in|on|from)\b)|"
    r"top (?:feature|factor|reason|driver|contributor|word)|number one|first|mainly|mostly|primarily|chiefly|"
    r"largely|predominantly|(?:pays?|paid|paying) (?:the )?most attention|most attention|dominat\w*|"
    r"above all|reli\w* on most|relies most|leans? (?:on )?(?:\w+ )?hardest|hardest|most heavily|"
    r"comes? out on top|(?:the )?most weight|(?:strongest|most|largest|biggest) influence|"
    r"key (?:feature|factor|reason|driver|word|contributor)|is what (?:mostly |mainly |really )?drives)\b",
    re.IGNORECASE,
)
RANK_LAST = re.compile(r"\b(least (?:important|influential|relevant)|matter\w* least|smallest|weakest)\b", re.I)
RANK_AMONG = re.compile(
    r"\b(?:one of the|among the)\s+(?:(?:top|first)\s+)?(two|three|four|five|\d+)?\s*"
    r"(?:most|top|biggest|largest|strongest|main|key|leading|important|influential)",
    re.IGNORECASE,
)
TOP_N = re.compile(r"\btop[- ](two|three|four|five|six|\d+)\b", re.IGNORECASE)
ORDINALS = {"runner-up": 2, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
            "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9,
            "tenth": 10, "10th": 10}  # fmt: skip
#: An ordinal said as a rank; not a fraction ("a third as important", "one fifth of its weight": after "a" or "one"
#: and before "as" or "of"; gfb39).
RANK_ORDINAL = re.compile(
    rf"\b(?:(?<!\ba )(?<!\bone )|(?!(?:{'|'.join(ORDINALS)})\s+(?:as|of)\b))"
    rf"({'|'.join(ORDINALS)})(?:[- ]most)?(?:[- ](?:important|influential|biggest|largest|strongest|place))?\b",
    re.IGNORECASE,
)
#: Words that make an ordinal a rank ("third most important", "hdl third, ahead of bmi"), and an ordinal that opens
#: its clause as a key ("- **3rd:** hdl", "Third: hdl").
RANK_WORD = re.compile(r"important|influential|place|rank|most|biggest|strongest|largest|runner-up|ahead of", re.I)
ORDINAL_KEY = re.compile(r"\w+\s*:")
#: "A and B matter, but neither as much as C": what follows ranks above what precedes.
NOT_AS_MUCH = re.compile(
    r"\b(?:not|neither|nor|n't)\b[^.;]{0,30}?\bas (?:much|important|influential|strongly|heavily) as\b", re.I
)
#: "rank 2", "ranked 1", "#3" (a table's rank column reads "rank 2").
RANK_NUMBER = re.compile(
    r"\brank(?:ed|s)?\s*(?:#\s*)?(\d{1,2})\b|(?<![\w#])#(\d{1,2})\b|\b(?:at|is)\s+(?:number|no\.)\s*(\d{1,2})\b",
    re.IGNORECASE,
)
COMPARATIVE = re.compile(
    r"\b(more|less) (?:important|influential|decisive|relevant)\b|"
    r"\b(?:matter\w*|count\w*|weigh\w*)(?: overall)? (more|less)(?: overall)? than\b|\b(outweigh\w*|dominat\w*)\b|"
    # a rank said by place (claims-25): "A ranks ahead of B", "A outranks B"; "A trails B", "A sits behind B", "A is
    # second only to B" (read only with a feature right after the words: "the model behind it" is no rank)
    r"\b(ahead of|outranks?|outranked)\b|\b(behind|trails|trailed|trailing|second only to|second to)\b",
    re.IGNORECASE,
)
