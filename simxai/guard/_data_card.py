"""Columns a reply gives the data that the data card does not hold (invent18).

A data description (`get_data_information`) lists every column with its description and categories, so on a turn
with one, what a reply says each row is recorded "with" is a column's place: "N rows, each with their X and Y",
"with each applicant's X", "plus an X for each row", "it records X too", "- **X:** recorded for every row". An item
there is invented when none of its content words is a word of a column's name, alias or description, a class, or
a word of the outputs or the user's; words about rows in general ("a label", "ten measurements") are no column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._enumerated import _content, _head, _unknown
from simxai.guard._feature_slots import _JOINT, _META, _name
from simxai.guard._reading import find_mentions, sentences

__all__ = ["card_column_claims"]

#: What follows a column's place, to the clause's end; a dash between spaces ends it (`normalise` writes every
#: dash as "-", so a long dash is a spaced hyphen here; a hyphen inside a name, "debt-to-income", is not).
_REST = r"(?P<rest>(?:(?!\s-\s)[^.;:!?\n()])+)"
_PLACES = [
    re.compile(r"\beach\s+with\s+(?:their|its|his|her|a|an|the)?\s*" + _REST, re.I),
    re.compile(r"\bwith\s+each\s+[a-z]+'s\s+" + _REST, re.I),
    re.compile(r"\bplus\s+(?:a|an)\s+(?P<rest>[^.;:!?\n]+?)\s+for\s+each\b", re.I),
    re.compile(r"\b(?:it|the data|the dataset|the data set)\s+(?:also\s+)?records\s+" + _REST, re.I),
    re.compile(r"(?:^|\n)\W*(?P<rest>[A-Za-z][\w -]{2,40}?)\W*:\W*recorded\s+for\s+(?:every|each|all)\b", re.I),
]
#: Words of a row in general, not a column of it.
_ROW_WORDS = frozenset(
    "label labels outcome outcomes class classes id ids row rows record records measurement measurements text "
    "name names date dates details information data too well also".split()
)


def card_column_claims(
    reply: str, features: Iterable[str], labels: Iterable[str], known: set[str]
) -> Iterator[tuple[str, bool]]:
    """Claims `feature X` (failing) for each item of a column's place in `reply` that no column's words make up.

    Args:
        reply: the reply as the guard reads it.
        features: the spellings of the host's features (names and aliases).
        labels: the host's classes.
        known: the words a paraphrase of a column may be made of (lower case).
    """
    names = [*features, *labels]
    for sentence in sentences(reply):
        if sentence.rstrip().endswith("?"):
            continue
        for pattern in _PLACES:
            for m in pattern.finditer(sentence):
                rest = re.sub(r"\b(?:too|as well|also)\b", " ", m.group("rest"))
                items = [i for i in _JOINT.split(rest) if i.strip()]
                for item in items:
                    name = _name(item, last=True)
                    words = [w.lower() for w in name.split()]
                    if not words or len(words) > 5 or find_mentions(name, names) or set(words) & (_META | _ROW_WORDS):
                        continue
                    content, head = _content(name), _head(name)
                    if content and len(head) > 3 and all(_unknown(w, known) for w in content):
                        yield f"feature {' '.join(content)}", False
