"""A subject said to have a yes-or-no feature that its row says it has not (claims-49, helper grec42).

"Visit 133: Japanese grand, 19 years" of a piano whose `Grand` is False, "loam mould, new ingot, poured at 1093 °C"
of a bell whose `Loam Mould` is False, "Dawn slot from the meadow" of a flight whose `dawn_slot` is False: a writer
describes the subject by its values and names a truth-valued column as if it held. The guard read the numbers
and the word categories (`_category_values`), never a column whose values are True and False.

Read like `_category_values`: only when every output is about subjects as they are (no what-if, counterfactual,
kept range or rewrite, whose old and new values a reply sets side by side), in a sentence that is not a question
and sets nothing against anything, supposes nothing and denies nothing ("instead", "if", "would", "not", "no",
"without", "false", ...). The column's name (its words, spaced, with a leading "is" or "has" dropped) or one of its
aliases, of four letters or more, must be said as written; every subject in scope (the one the sentence names by
id, else every subject of the outputs) must hold False for it; the name must be no class's or feature's other word,
not said by the user, and not followed by a word that makes it the column itself ("the grand flag", "dawn slot
feature").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._category_values import _CONTRAST
from simxai.guard._facts import Facts
from simxai.guard._mentions import compared_name

__all__ = ["truth_value_claims"]

_FALSE = frozenset({"false", "no", "0", "0.0"})
#: Words that deny or reverse a truth value beyond `_CONTRAST`'s, or name the column rather than the subject.
_DENIES = re.compile(r"\b(?:without|non|false|lacks?|lacking|absent|neither|nor)\b", re.I)
_COLUMN = re.compile(r"^\s*(?:flag|feature|column|field|status|variable|value|setting|indicator)s?\b", re.I)


def _names(feature: str, aliases: Sequence[str]) -> set[str]:
    """The spellings a reply may name a column by: its name spaced (a leading "is" or "has" dropped) and its
    aliases, each of four letters or more.
    """
    out = set()
    for name in (feature, *aliases):
        spelled = re.sub(r"^(?:is|has)\s+", "", compared_name(re.sub(r"\s*[\[(].*$", "", name)))
        if len(spelled.replace(" ", "")) >= 4:
            out.add(spelled)
    return out


def truth_value_claims(
    sentence: str,
    facts: Sequence[Facts],
    aliases: Mapping[str, Sequence[str]],
    ids: Sequence[int],
    reserved: set[str],
    context: str = "",
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each truth-valued column that `sentence` says the outputs' subjects have.

    Args:
        sentence: one sentence of the reply.
        facts: the facts of each output.
        aliases: each feature's aliases (every feature of the host is a key).
        ids: the subjects the sentence names by id (none: every subject of the outputs).
        reserved: words of the host's classes and instance noun, lower case: a name that is one says no column.
        context: the user's own words.
    """
    if sentence.rstrip().endswith("?") or _CONTRAST.search(sentence) or _DENIES.search(sentence):
        return
    if any(f.changes or f.what_if or f.options or f.kept or f.still or f.rewrites for f in facts):
        return
    subjects = [f for f in facts if f.subject_id is not None and f.categories]
    if ids:
        subjects = [f for f in subjects if f.subject_id in ids]
    if not subjects:
        return
    text, heard = f" {compared_name(sentence)} ", f" {compared_name(context)} "
    for feature, spellings in aliases.items():
        key = feature.lower()
        own = {f.categories.get(key, "").strip().lower() for f in subjects}
        if not own or not own <= _FALSE:
            continue
        for name in _names(feature, spellings):
            if name in reserved or f" {name} " in heard:
                continue
            at = re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text)
            if at is None or _COLUMN.match(text[at.end() :]):
                continue
            yield f"truth value {key} said true", False
            break
