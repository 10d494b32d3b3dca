"""Features chained by ">" (claims-34): "cellar temp > pH > yeast (against) > vessel" says a rank order as surely as
"ranked: cellar temp, then pH, then yeast, then vessel". Such a chain of three or more items, each led by a word
(not a number: "score > 0.5" is a threshold), is written out in the words the cued reading of a ranked list
already reads (`_influence._cued_lists`: a cue of order, then items joined by "then"), so each item must rank no
lower than the next in the outputs' ranking. A chain whose items name no feature claims nothing.
"""

from __future__ import annotations

import re

__all__ = ["chained_orders"]

#: One item: a word, then up to two more words or a bracketed aside ("yeast (against)", "soil temp").
_ITEM = r"[A-Za-z][\w'.-]*(?:[ \t]+(?:[A-Za-z][\w'-]*|\([^()\n>]{1,20}\))){0,2}"
#: Three or more items joined by ">" ("≫" too), on one line.
_CHAIN = re.compile(rf"(?<![\w>≫])(?P<chain>{_ITEM}(?:[ \t]*[>≫][ \t]*{_ITEM}){{2,}})(?![ \t]*[>≫]?[ \t]*\d)")
_JOIN = re.compile(r"[ \t]*[>≫][ \t]*")


def chained_orders(text: str) -> str:
    """`text` with each chain of items joined by ">" said as a ranked list: "in order, A, then B, then C"."""
    return _CHAIN.sub(lambda m: "in order, " + _JOIN.sub(", then ", m.group("chain")), text)
