"""A host's label said as an adverb of manner, read as the label: "need to arrive punctually" -> "arrive punctual".

A request for a counterfactual may name the class by how the instance would behave: "what would run 4010 need to
arrive punctually?" on a host labelled punctual / late / early, "what would it take to finish strongly?" for a
label `strong`. The readings know the labels by their names only: the adverb was no label, and the turn was asked
back between a counterfactual and a prediction (or read as keeping the present class). `label_adverbs` writes the
adverb as its label, only

- when the word is an adverb of one of the host's labels by the English rules ("punctual" -> "punctually",
  "happy" -> "happily", "gentle" -> "gently", "full" -> "fully", "true" -> "truly", "basic" -> "basically");
- when the adverb ends what is said of a verb: the end of the sentence or a clause ("to arrive punctually?",
  "... punctually, and why"), or "instead", "again", "too", "then" after it. "highly likely", "fairly sure" and
  "strongly recommended" modify the word after them and stay;
- and never for an adverb whose sense is not the manner of its stem ("lately" is recently, not late; "hardly",
  "shortly", "nearly", "highly", "fairly", "only", "likely", "really", "presently", ...), nor for a word the host
  names itself (a feature, an alias, a category or a label).

Everything comes from the schema's labels; the words here are English only.
"""

from __future__ import annotations

import functools
import re

from simxai.hosts.base import HostSchema
from simxai.hosts.schema_words import host_words
from simxai.turn_memo import per_host

__all__ = ["label_adverbs"]

# Adverbs whose sense is not "in the manner of" their stem, or that are adjectives themselves: never a label's.
_NOT_MANNER = frozenset(
    "lately hardly shortly nearly highly fairly only likely really barely presently directly largely mostly "
    "surely purely simply namely early daily weekly monthly yearly hourly friendly lonely lovely kindly deadly "
    "jolly holy ugly silly belly bully family rally ally apply reply supply fly july italy "
    # sentence adverbs and hedges: how the speaker says it, not how the instance would be
    "normally generally usually actually finally originally currently totally especially exactly personally "
    "naturally obviously seriously honestly frankly clearly certainly definitely possibly apparently typically "
    "ideally eventually recently rarely initially formally officially basically roughly approximately "
    "completely overly".split()
)
# what may follow an adverb that ends what is said of the verb
_AFTER = r"(?=\s*(?:[?.!,;:)]|$|\b(?:instead|again|too|then|once\s+more|for\s+once|next\s+time|and|or|but)\b))"


def _adverbs(label: str) -> set[str]:
    """The adverbs of manner English makes of the adjective `label` (lowercased, one word)."""
    forms = {label + "ly"}
    if label.endswith("y") and len(label) > 2:
        forms.add(label[:-1] + "ily")  # happy -> happily
    if label.endswith("le") and len(label) > 3:
        forms.add(label[:-1] + "y")  # gentle -> gently
    if label.endswith("ll"):
        forms.add(label + "y")  # full -> fully
    if label.endswith("ue"):
        forms.add(label[:-1] + "ly")  # true -> truly
    if label.endswith("ic"):
        forms.add(label + "ally")  # basic -> basically
    return forms


@functools.lru_cache(maxsize=64)
def _pattern(pairs: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]] | None:
    table = dict(pairs)
    if not table:
        return None
    words = "|".join(sorted(map(re.escape, table), key=len, reverse=True))
    return re.compile(rf"(?<![\w'-])({words})(?![\w'-]){_AFTER}", re.IGNORECASE), table


@per_host
def _table(schema: HostSchema) -> tuple[tuple[str, str], ...]:
    """Each adverb of a one-word label, to the label as the host writes it."""
    own = host_words(schema)
    pairs: dict[str, str] = {}
    for label in schema.class_names:
        if not label.isalpha() or len(label) < 3:
            continue
        for adverb in _adverbs(label.lower()):
            if adverb not in _NOT_MANNER and adverb not in own:
                pairs.setdefault(adverb, label)
    return tuple(sorted(pairs.items()))


def label_adverbs(text: str, schema: HostSchema | None) -> str:
    """`text` with each adverb of a label that ends what is said of a verb written as the label itself."""
    if schema is None or "ly" not in text.lower():
        return text
    found = _pattern(_table(schema))
    if found is None:
        return text
    pattern, table = found
    return pattern.sub(lambda m: table[m.group(1).lower()], text)
