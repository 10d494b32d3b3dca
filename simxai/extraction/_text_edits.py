"""What-if edits of a text host's input: words replaced or removed ("replace 'great' with 'awful'", "if 'dull'
becomes 'lively'", "took the word 'not' out"), or a whole new text ("what if it said '...'").
"""

from __future__ import annotations

import re
from collections.abc import Collection

from simxai.extraction._texts import extract_texts
from simxai.hosts.base import ChangeValue

_TEXT_EDIT_PATTERNS: tuple[tuple[str, bool], ...] = (
    # (pattern with groups a = old, b = new, whether a and b are swapped)
    (
        r"\b(?:replace|replacing|replaced|swap|swapping|swapped|switch|switching|switched)\s+{Q1}\s+(?:with|by|for)\s+{Q2}",
        False,
    ),
    (
        r"\b(?:change|changing|changed|turn|turning|edit|editing|rewrite|rewriting)\s+{Q1}\s+(?:to|into|in)\s+{Q2}",
        False,
    ),
    (
        r"\b(?:substitute|substituting|use|using|put|putting)\s+{Q1}\s+(?:for|in\s+place\s+of|instead\s+of)\s+{Q2}",
        True,
    ),
    (r"{Q1}\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+{Q2}", True),
    # "'great' replaced by 'ok'", "thrilling was replaced by boring", "were 'freezes' replaced by 'runs'",
    # "were the word 'better' in review 12 replaced by 'worse'"
    (
        r"{Q1}(?:\s+in\s+(?:the\s+)?[a-z]+(?:\s+#?\d+)?)?\s+(?:(?:was|were|is|got|gets|being)\s+)?"
        r"(?:replaced|changed|swapped|switched)\s+(?:with|by|to|for|into)\s+{Q2}",
        False,
    ),
    # "what if 'dull' were 'gripping'?" (quoted words only: "if it were good" names no edit)
    (r"{Q1}\s+(?:was|were|is|became|had\s+been|read|said)\s+{Q2}", False),
)
# Everyday forms, read with the worded readings only (the router's `zchange` flag reads the patterns above alone,
# as the shipped selector was trained): "replace dull w lively", "make 'awful' as 'fine'", "should 'slow' be
# replaced with 'quick'", "if 'dull' becomes 'lively'", "'awful' was just 'fine'", "'hate' -> 'like'",
# "s/boring/exciting/", "said awful instead of superb". The last entries (from `_ARROW` on) are read without quotes
# too: a sign, or a verb of wording before "instead of", marks an edit.
_WORDED_PATTERNS: tuple[tuple[str, bool], ...] = (
    (r"\b(?:replace|replacing|replaced|swap|swapping|swapped)\s+{Q1}\s+(?:w/|w)\s+{Q2}", False),
    (r"\b(?:make|makes|making|made|change|changing|changed|turn|turning)\s+{Q1}\s+as\s+{Q2}", False),
    (r"\b(?:make|makes|making|made)\s+{Q1}\s+(?:to|into)\s+{Q2}", False),
    (r"{Q1}\s+be\s+(?:replaced|changed|swapped|switched)\s+(?:with|by|to|for|into)\s+{Q2}", False),
    (r"{Q1}\s+(?:becomes|become|turned\s+into|turns\s+into)\s+{Q2}", False),
    (r"{Q1}\s+(?:was|were|is|became|becomes|had\s+been|said)\s+(?:just|only|simply|merely)\s+{Q2}", False),
    # "what if 'slow' in review 7 was 'brisk'": the text named between the word and its new one
    (r"{Q1}\s+in\s+(?:the\s+)?[a-z]+(?:\s+#?\d+)?\s+(?:was|were|is|became|had\s+been)\s+{Q2}", False),
    (r"(?<![\w/-]){Q1}\s*(?:->|→|=>)\s*{Q2}", False),
    (r"(?<![\w/])s/{Q1}/{Q2}/", False),
    # "what if it said terrible instead of great", "had awful rather than superb": a verb of wording leads in, or the
    # two words are all there is ("lasted instead of broke", the answer to "what should change?")
    (
        r"\b(?:said|says|say|saying|read|reads|had|has|have|used|uses|use|wrote|written|contained|contains)\s+{Q1}"
        r"\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+{Q2}",
        True,
    ),
    (r"^\W*{Q1}\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+{Q2}\W*$", True),
    # "if dull became lively", "if tedious was charming": one word becoming another after "if" (read without quotes only
    # when neither word is a function word, a word of the model's outputs or one of its labels: `text_changes`)
    (r"\bif\s+{Q1}\s+(?:became|becomes|turned\s+into|was|were|had\s+been)\s+{Q2}(?=\s*[?.!,;]|\s*$)", False),
)
_ARROW = 7
_QUOTED = r"['\"“‘](?P<{g}>[^'\"”’]+)['\"”’]"
# A word starts where no word character is before it: a match that could start inside a word also starts at its
# first letter, and trying every letter of a long run of them is quadratic (tests/reliability/test_linear_parsers.py).
_WORD = r"(?<![\w\-])(?P<{g}>[\w\-]+)"


def text_changes(text: str, *, worded: bool = True, labels: Collection[str] = ()) -> dict[str, ChangeValue] | None:
    """The edits a turn names for a text host's input ({old: new}, {old: ""} for a removal, {"text": new}), or None.

    `worded=False` reads the plain patterns only (see `extract_changes`). In an unquoted "if X was Y", neither word
    may be one of the host's `labels` ("if review 3 was positive") or a word of the outputs (`_OUTPUT_WORDS`).
    """
    changes: dict[str, ChangeValue] = {}
    for quoted in (True, False):
        token = _QUOTED if quoted else _WORD
        # Unquoted words are read only after explicit edit verbs ("replace good with bad", "remove not"):
        # "change needed to flip" is no edit.
        patterns = _TEXT_EDIT_PATTERNS if quoted else (_TEXT_EDIT_PATTERNS[0], _TEXT_EDIT_PATTERNS[4])
        if worded:
            patterns += _WORDED_PATTERNS if quoted else (_WORDED_PATTERNS[0], *_WORDED_PATTERNS[_ARROW:])
        for pattern, swapped in patterns:
            regex = pattern.replace("{Q1}", token.format(g="a")).replace("{Q2}", token.format(g="b"))
            for match in re.finditer(regex, text, re.IGNORECASE):
                old, new = (match.group("b"), match.group("a")) if swapped else (match.group("a"), match.group("b"))
                stop = _NOT_WORDS_TO_EDIT | ({"or"} if worded else set())  # "positive -> or negative"
                if pattern == _WORDED_PATTERNS[-1][0]:  # "if X was Y": no label, no word of the outputs
                    stop |= _OUTPUT_WORDS | {label.lower() for label in labels}
                if quoted or not ({old.lower(), new.lower()} & stop or old.isdigit() or new.isdigit()):
                    changes.setdefault(old.strip(), new.strip())
        removal = (
            rf"\b(?:remove|removing|removed|delete|deleting|deleted|drop|dropping|dropped|omit|omitting|omitted|"
            rf"(?:take|takes|took|taking|leave|leaves|left|leaving|cut|cuts|cutting)\s+out|"
            rf"get\s+rid\s+of|got\s+rid\s+of|had\s+no|(?:did|does|do)(?:n't|\s+not)\s+(?:have|contain|include|use|say)"
            rf"{'|without' if quoted else ''})\s+"
            rf"(?:the\s+word\s+)?{token.format(g='a')}"
        )
        # "review 7 without the word tedious" (worded): "the word" marks the edit where no quotes do
        named_word = rf"\bwithout\s+the\s+word\s+{token.format(g='a')}"
        # "if superb were removed from review 0", "'flat' taken out"
        passive = (
            rf"{token.format(g='a')}\s+(?:was|were|is|got|gets|being|be|been){'?' if quoted else ''}\s*"
            rf"(?:removed|deleted|dropped|omitted|"
            rf"taken\s+out|left\s+out|cut\s+out)\b"
        )
        # "took the word 'not' out of review 10" (worded)
        split = (
            rf"\b(?:take|takes|took|taking|leave|leaves|left|leaving|cut|cuts|cutting)\s+(?:the\s+word\s+)?"
            rf"{token.format(g='a')}\s+out\b"
        )
        readings: tuple[str, ...] = (removal, passive, split) if worded else (removal, passive)
        readings += (named_word,) if worded and not quoted else ()
        for match in [m for r in readings for m in re.finditer(r, text, re.IGNORECASE)]:
            if quoted or match.group("a").lower() not in _NOT_WORDS_TO_EDIT:
                changes.setdefault(match.group("a").strip(), "")
        if changes:
            return changes
    texts = extract_texts(text)
    if len(texts) == 1 and len(texts[0].split()) >= 3 and _REWRITE.search(text):
        return {"text": texts[0]}
    return None


# Words of the model's outputs and its inputs, which an unquoted "if X was Y" names no edit of ("if the sentiment was
# negative", "if its score were higher")
_OUTPUT_WORDS = frozenset(
    "sentiment prediction predictions label labels class result outcome score review reviews text model verdict "
    "higher lower different better worse right wrong correct true false".split()
)
_NOT_WORDS_TO_EDIT = frozenset(
    "the a an it this that word words one some any them its from if were was is what and then i you we they he "
    "she".split()
)
# A whole new text: "what if I rewrote it as '...'", "what if it said '...'", "'...' instead?"
_REWRITE = re.compile(
    r"\b(?:rewr\w*|rephras\w*|reword\w*|said|say|wrote|written|read|reads|instead|"
    r"chang\w*\s+(?:it|this|the\s+\w+)\s+(?:to|into)|if\s+(?:it|this|the\s+\w+)\s+(?:were|was|had\s+been))\b",
    re.IGNORECASE,
)
