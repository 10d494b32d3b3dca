"""A yes/no feature said switched by a change (claims-56, guard49): "..., and the shed removed", "and a filter were
fitted", "install a pump and it becomes X".

On outputs that state changes (a counterfactual's or a what-if's), a feature whose values are True and False
(its schema categories, or the subject's values) named by a word of its own name or aliases ("shed" of has_shed,
"tool shed") next to a verb of putting in or taking away ("fitted", "built", "installed", "added"; "removed",
"taken away", "demolished") claims the change: the feature must be among the changes, to True when put in, to False
when taken away. A verb denied ("without removing the shed", "no need to fit a filter", "keeping the shed") claims
nothing. The verbs are general English; the features' words are the host's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from simxai.guard._mentions import camel_split, name_words
from simxai.guard._reading import sentences

__all__ = ["switch_claims"]

_IN = "fitted|fit|fits|fitting|installed|install|installs|installing|added|add|adds|adding|built|build|builds|building"
_OUT = (
    "removed|remove|removes|removing|taken away|take away|takes away|taken out|take out|demolished|demolish|"
    "demolishes|dismantled|dismantle|scrapped|scrap|dropped|drop|drops"
)
_VERB = rf"(?P<verb>{_IN}|{_OUT})"
_DET = r"(?:(?:the|a|an|its|their|her|his|new|one)\s+)?"
_BE = r"(?:(?:were|was|is|are|be|being|been|got|gets|get)\s+)?"
#: Words before the verb that deny it or keep the feature as it is.
_DENIED = re.compile(
    r"(?:\bno|\bnot|n't|\bnever|\bwithout|\bkeep\w*|\bleav\w*|\bneed(?:n't| not)?\s+to)\W*(?:\w+\W+){0,2}$"
)
_GRAMMAR = frozenset({"has", "is", "was", "have", "had", "the", "a", "of", "per", "on", "in", "with", "yes", "no"})


def switch_claims(
    text: str,
    changes: Mapping[str, Sequence[tuple[Any, Any]]],
    switches: Mapping[str, Sequence[str]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each yes/no feature said put in or taken away by the change.

    Args:
        text: the reply.
        changes: the outputs' changes, feature (lower case) -> (old, new) pairs.
        switches: each yes/no feature (lower case) -> the words it is named by (its name's words, its aliases).
    """
    if not changes or not switches:
        return
    for sentence in sentences(text):
        low = sentence.lower()
        for feature, words in switches.items():
            for word in words:
                name = re.escape(word)
                after = re.compile(rf"(?<![\w-]){_DET}{name}(?![\w-])\s+{_BE}{_VERB}\b")
                before = re.compile(rf"\b{_VERB}\s+{_DET}{name}(?![\w-])")
                found = after.search(low) or before.search(low)
                if found is None or _DENIED.search(low[: found.start()]):
                    continue
                put_in = re.fullmatch(_IN, found.group("verb")) is not None
                yield _claim(feature, put_in, changes.get(feature, ()))
                break


def _claim(feature: str, put_in: bool, pairs: Sequence[tuple[Any, Any]]) -> tuple[str, bool]:
    said = "True" if put_in else "False"
    holds = any(str(new).strip().lower() == said.lower() for _, new in pairs)
    return f"change {feature} to {said} ({'put in' if put_in else 'taken away'} by the change)", holds


def switch_words(
    features: Sequence[str], aliases: Mapping[str, Sequence[str]], yes_no: set[str]
) -> dict[str, list[str]]:
    """Each yes/no feature (lower case) -> its own words: the words of its name but grammar ("has_shed" -> shed),
    and its aliases; a word another feature's name also holds is none of them (it would name either).
    """

    def own(name: str) -> set[str]:
        return {w for w in name_words(camel_split(name)) if w not in _GRAMMAR and len(w) > 2}

    others = {f: own(f) | {w for a in aliases.get(f, ()) for w in own(a)} for f in features}
    found: dict[str, list[str]] = {}
    for f in features:
        if f.lower() not in yes_no:
            continue
        shared = {w for g, ws in others.items() if g != f for w in ws}
        words = [w for w in own(f) if w not in shared]
        words += [a.lower() for a in aliases.get(f, ()) if not (own(a) & shared)]
        if words:
            found[f.lower()] = sorted(set(words), key=len, reverse=True)
    return found


def yes_no_features(categories: Mapping[str, Sequence[str]], values: Sequence[Mapping[str, Any]]) -> set[str]:
    """The features (lower case) whose values are True and False: by the schema's categories, or the subjects'."""
    found = {f.lower() for f, cats in categories.items() if {str(c).lower() for c in cats} == {"true", "false"}}
    for row in values:
        found |= {str(f).lower() for f, v in row.items() if str(v).lower() in ("true", "false")}
    return found
