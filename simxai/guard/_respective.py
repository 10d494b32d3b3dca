"""Pairs said respectively (claims-16g): "Sound / needs_repair means: 0.186 / 0.368", "precision / recall: 0.73 /
0.70", "approved / rejected: 831 / 669". Two names joined by a slash before a key and two numbers joined by a slash
after it give each name the number in its place; the reply is read as "sound means: 0.186; needs_repair means:
0.368", so each number is bound to its own name by the usual readings (a label's count or probability, a
feature's or a class's statistic, a metric).

Read only for two single-word names and two plain numbers, on one line; any other slash is left as it is.

Two subjects' words said respectively (claims-24): "patients 12 and 40 are progressing and stable, respectively"
reads "patient 12 is progressing, and patient 40 is stable", so each word is the claim of its own subject (the two
swapped was read as no claim of either); "precision is higher than recall (0.79 vs 0.66)" reads "precision
(0.79) is higher than recall (0.66)", each number beside its own name.

Two names joined by "and", then a pair in brackets (claims-54): "dusty and mouldy split the rest (10 % and 9 %)"
reads "dusty (10 %) and mouldy (9 %) split the rest".

One name set over another by words of margin, then a pair (claims-55): "A, by the thinnest margin over B (x vs y)"
reads "A (x), by the thinnest margin over B (y)".

Two subjects compared, then a pair (claims-26): "patient 64 looks steadier than patient 310: stable at 70 % versus
progressing at 56 %" reads "... : patient 64 stable at 70 % versus patient 310 progressing at 56 %".

Counts of two groups after "outnumber" (claims-56): "A plots outnumber B ones 38 to 11" reads "38 A plots outnumber 11
B ones".
"""

from __future__ import annotations

import re

from simxai.guard._prefilter import gated

__all__ = ["respective_pairs"]

_NUMBER = r"[-+−]?\d[\d,]*(?:\.\d+)?(?:[ \t]*%)?"
#: "A / B <up to five words>: x / y" (Markdown emphasis already removed).
_PAIR = gated(
    r"(?<![\w/])(?P<a>[A-Za-z][\w-]*)\s*/\s*(?P<b>[A-Za-z][\w-]*)(?P<key>(?:[ \t]+[A-Za-z][\w'-]*){0,5})[ \t]*"
    rf"(?P<sep>[:=])[ \t]*(?P<x>{_NUMBER})[ \t]*/[ \t]*(?P<y>{_NUMBER})(?![\w/]|\.\d)"
)


#: "patients 12 and 40 are A and B, respectively" (a plural noun, two ids, a verb, two words, "respectively").
_SUBJECTS = gated(
    r"\b(?P<noun>[A-Za-z]+?)s\s+#?(?P<a>\d{1,12})\s*(?:,\s*)?(?:and|&)\s+#?(?P<b>\d{1,12})\s+"
    r"(?P<verb>are|were|get|got|come\s+out(?:\s+as)?|are\s+(?:predicted|classified|labell?ed|rated)(?:\s+as)?)\s+"
    r"(?P<x>[A-Za-z][\w-]*)\s+and\s+(?P<y>[A-Za-z][\w-]*)\s*,?\s*respectively\b",
    re.I,
)
#: "A is higher than B (x vs y)": a pair after a comparison of two names, in the names' order (claims-24).
_COMPARED = gated(
    r"(?P<a>\b[A-Za-z][\w-]*)(?P<mid>\s+(?:is|are|was|were|sits|runs|comes\s+out)\s+(?:\w+\s+){0,2}?"
    r"(?:\w+er|more\s+\w+|less\s+\w+)\s+than\s+(?:the\s+|its\s+)?)(?P<b>[A-Za-z][\w-]*)"
    rf"\s*\(\s*(?P<x>{_NUMBER})\s*(?:vs\.?|versus|against|to|/)\s*(?P<y>{_NUMBER})\s*\)"
    # "A is a touch below its B, x vs y", "A sits just above B (x vs y)" (claims-27)
    r"|(?P<a2>\b[A-Za-z][\w-]*)(?P<mid2>\s+(?:is|are|was|were|sits|runs|comes\s+out)\s+(?:\w+\s+){0,2}?"
    r"(?:below|above|under|over)\s+(?:the\s+|its\s+|their\s+)?)(?P<b2>[A-Za-z][\w-]*)"
    rf"\s*[,:(]\s*(?P<x2>{_NUMBER})\s*(?:vs\.?|versus|against|/)\s*(?P<y2>{_NUMBER})\s*\)?"
)
#: "a few more A than B, x to y": two names after "more" / "fewer" and "than", then their pair (claims-34); the pair
#: is read in the names' order, "more A (x) than B (y)". B ends where the pair begins.
_MORE_THAN = re.compile(
    r"\b(?P<a>(?:more|fewer)\s+)(?P<A>[A-Za-z][\w-]*)(?P<mid>\s+than\s+(?:the\s+)?)(?P<B>[A-Za-z][\w-]*)"
    rf"\s*(?:[,:(]|\s[-\u2013\u2014])\s*(?P<x>{_NUMBER})\s*(?:vs\.?|versus|against|to)\s*(?P<y>{_NUMBER})\s*\)?",
    re.I,
)
#: "A beats B: x against y", "A outweighs B (x vs y)": the same pair after a verb of comparing (claims-25).
_BEATS = gated(
    r"(?P<a>\b[A-Za-z][\w-]*)(?P<mid>\s+(?:beats|outweighs|outranks|tops|exceeds|edges\s+out)\s+(?:the\s+|its\s+)?)"
    r"(?P<b>[A-Za-z][\w-]*)(?:\s+(?:here|overall|again|easily|narrowly|comfortably))?\s*[:,(-]\s*"
    rf"(?P<x>{_NUMBER})\s*(?:vs\.?|versus|against|to|/)\s*(?P<y>{_NUMBER})\s*\)?"
)
#: "A, by the thinnest margin over B (x vs y)", "A — narrowly ahead of B: x against y": a pair after one name set over
#: another by words of margin, in the names' order (claims-55, gfa48).
_OVER = gated(
    r"(?P<a>\b[A-Za-z][\w-]*)(?P<mid>[ \t]*(?:[,—–][ \t]*|[ \t]-[ \t]+)?"
    r"(?:(?:by|just|only|narrowly|barely|slightly|well|clearly|comfortably|the|a|an|thinnest|narrowest|smallest|slimmest|tiniest|possible|margin|hair|whisker|nose|"
    r"wide|clear|small|slim|narrow)[ \t]+){0,6}(?:over|ahead[ \t]+of)[ \t]+(?:the[ \t]+)?)(?P<b>[A-Za-z][\w-]*)"
    rf"[ \t]*[,:(][ \t]*(?P<x>{_NUMBER})[ \t]*(?:vs\.?|versus|against|to|/)[ \t]*(?P<y>{_NUMBER})[ \t]*\)?",
    re.I,
)
#: "patient 64 looks steadier than patient 310: stable at 70 % versus progressing at 56 %": two subjects compared,
#: then a pair in their order (claims-26).
_SUBJECTS_COMPARED = gated(
    r"\b(?P<noun>[A-Za-z]+)\s+#?(?P<a>\d{1,12})\b(?P<mid>[^.;:!?\n]{1,80}?\bthan\s+(?:for\s+|about\s+|on\s+)?)"
    r"(?P=noun)\s+#?(?P<b>\d{1,12})\s*:\s*(?P<x>(?:[^.;:!?\n]|\.(?=\d)){1,60}?)\s+(?:vs\.?|versus|against)\s+"
    r"(?P<y>(?:[^.;:!?\n]|\.(?=\d)){1,60}?)(?=\s*(?:[.;!?\n]|$))",
    re.I,
)
#: "A and B split the rest (x and y)": two names joined by "and", a verb phrase of up to five words, then a bracket
#: of two numbers in the names' order (claims-54, gfa47); read "A (x) and B (y) split the rest".
_JOINED_PAIR = gated(
    # the first name opens its clause (or follows "the"): "matter most and almost equally (x and y)" pairs no names
    r"(?:^|(?<=[;:,.(][ \t])|(?<=\bthe[ \t]))(?P<a>\b[A-Za-z][\w-]*)\s+and\s+(?P<b>[A-Za-z][\w-]*)"
    r"(?P<mid>(?:[ \t]+[A-Za-z][\w'-]*){1,5})[ \t]*\([ \t]*"
    rf"(?P<x>{_NUMBER})[ \t]*(?:and|&|/)[ \t]*(?P<y>{_NUMBER})[ \t]*(?:,?[ \t]*respectively[ \t]*)?\)"
)
#: "A plots outnumber B ones 38 to 11": counts of two groups after "outnumber", in the names' order, read "38 A plots
#: outnumber 11 B ones" (claims-56, gfa49): the pair was read as a range of the feature named before.
_OUTNUMBER = gated(
    r"(?P<a>\b[A-Za-z][\w-]*(?:[ \t]+[a-z]+)?[ \t]+outnumber(?:s|ed)?[ \t]+(?:the[ \t]+)?)(?P<b>[A-Za-z][\w-]*"
    r"(?:[ \t]+(?!by\b)[a-z]+)?)[ \t]*,?[ \t]*(?:by[ \t]+)?(?P<x>\d+)[ \t]*(?:to|vs\.?|versus|against|:)[ \t]*"
    r"(?P<y>\d+)(?!\d|\.\d|\s*%)",
    re.I,
)
_SINGULAR = {"are": "is", "were": "was", "get": "gets", "got": "got"}


def _one_verb(verb: str) -> str:
    first, _, rest = verb.partition(" ")
    said = _SINGULAR.get(first.lower(), first + ("s" if first.lower() == "come" else ""))
    return f"{said} {rest}".strip()


def _in_place(m: re.Match[str]) -> str:
    """A comparison and its pair, "A ... than B (x vs y)", as "A (x) ... than B (y)" (either form of `_COMPARED`)."""
    k = "2" if m.groupdict().get("a2") else ""
    a, mid, b, x, y = (m.group(f"{g}{k}") for g in ("a", "mid", "b", "x", "y"))
    return f"{a} ({x}){mid}{b} ({y})"


def respective_pairs(text: str) -> str:
    """`text` with each pair said respectively written out as two statements, one per name."""
    for compared in (_COMPARED, _BEATS, _OVER):
        text = compared.sub(_in_place, text)
    text = _OUTNUMBER.sub(lambda m: f"{m['x']} {m['a']}{m['y']} {m['b']}", text)
    text = _JOINED_PAIR.sub(lambda m: f"{m['a']} ({m['x']}) and {m['b']} ({m['y']}){m['mid']}", text)
    text = _MORE_THAN.sub(
        lambda m: f"{m.group('a')}{m.group('A')} ({m.group('x')}){m.group('mid')}{m.group('B')} ({m.group('y')})", text
    )
    text = _SUBJECTS_COMPARED.sub(
        lambda m: (
            f"{m.group('noun')} {m.group('a')}{m.group('mid')}{m.group('noun').lower()} {m.group('b')}: "
            f"{m.group('noun').lower()} {m.group('a')} {m.group('x')} versus {m.group('noun').lower()} {m.group('b')} "
            f"{m.group('y')}"
        ),
        text,
    )
    text = _SUBJECTS.sub(
        lambda m: (
            f"{m.group('noun')} {m.group('a')} {_one_verb(m.group('verb'))} {m.group('x')}, and "
            f"{m.group('noun').lower()} {m.group('b')} {_one_verb(m.group('verb'))} {m.group('y')}"
        ),
        text,
    )

    def spell(m: re.Match[str]) -> str:
        key, sep = m.group("key"), m.group("sep")
        return f"{m.group('a')}{key}{sep} {m.group('x').strip()}; {m.group('b')}{key}{sep} {m.group('y').strip()}"

    return _PAIR.sub(spell, text)
