"""A class said by the verb its output card glosses it with (gfb39, issue 13's false alarms on unseen hosts).

The output card says what each class means: "reunited: the owner collected the item", "cancelled: the flight was
cancelled and refunded", "flawed: cracked, porous or off its note". A writer who read it names the class by that
verb: "predicted to be collected (63 %)", "a 30 % chance it comes out cracked", "the chance of collection". Read
as a class, a number said of it is that class's, and the word is neither an invented label nor an invented
feature.

A meaning's word is a class's form only when it can name nothing else:

- it is a past participle of a regular verb ("collected", "refunded", "cracked"), the word a state is said in;
- no other class's meaning holds it or its verb ("graded for sale" in two meanings names neither);
- no negation comes before it in its clause ("nobody came", "not fit for sale": the class is what did not happen);
- it is no class's name and no word of a feature's name or alias (nor a form of one's verb: "washed" beside an
  alias "last wash", claims-55), nor the instance noun.

A form a negation denies ("never collected", "the never-collected items", "not refunded") names no class on a host of
three or more; on a host of two it names the other (`denied_card_forms` writes that class's name in its place).

Its forms are the participle and, for a verb in "-ct"/"-pt", the noun in "-ion" ("collection"); not the bare verb,
often a noun of its own ("a refund"). Nothing here comes from a host's domain: the words are the host's own card's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

__all__ = ["card_label_forms", "denied_card_forms"]

#: A regular past participle of five letters or more before "-ed": "collected", "refunded", "cracked".
_PAST = re.compile(r"([a-z]{4,})ed")
#: A word that denies what follows it in a clause.
_NEGATION = re.compile(r"^(?:no|not|never|nobody|none|nothing|neither|nor|without|cannot|\w+n't)$")
#: Participles every reply uses of a model's verdict or of its data, whatever the classes: never a class's form.
_VERDICT_VERBS = frozenset(
    "predicted labelled labeled classified scored marked flagged called rated judged needed expected estimated "
    "recorded reported tested checked graded sorted based used counted measured listed".split()
)
#: A word that starts a noun phrase: after a participle, it makes the participle active ("needed a repair") or
#: attributive ("its booked slot" reads "booked" before "slot"), a verb of something else than the class's state.
_DETERMINER = re.compile(r"^(?:a|an|the|its|their|his|her|this|that|some|any|one|two|three)$")
#: What ends a clause of a meaning.
_CLAUSE = re.compile(r"[;,.:()]|\b(?:and|or|but|so)\b")


def card_label_forms(
    labels: Iterable[str], meanings: Mapping[str, str], reserved: Iterable[str] = (), noun: str = ""
) -> dict[str, str]:
    """Each form of a class's card verb, mapped to the class.

    Args:
        labels: the host's class names.
        meanings: each class's meaning on the output card (`Vocabulary.meanings`).
        reserved: words of the host's feature names and aliases (lower case): never a class's form.
        noun: the host's instance noun.
    """
    return dict(
        _forms(
            tuple(labels),
            tuple(sorted(meanings.items())),
            frozenset(w.lower() for w in reserved) | {noun.lower()},
            noun.lower(),
        )
    )


@lru_cache(maxsize=64)
def _forms(
    labels: tuple[str, ...], meanings: tuple[tuple[str, str], ...], reserved: frozenset[str], noun: str
) -> tuple[tuple[str, str], ...]:
    names = {label.lower() for label in labels}
    # claims-55 (gfa48): nor a form of a feature's word ("washed" where an alias says "last wash" or "washing")
    stems = {_stem(word) for word in reserved}
    said = {label: _asserted(meaning, noun) for label, meaning in meanings if label in labels}
    verbs = {label: {_verb(w) for w in words} | set(words) for label, words in said.items()}
    out: dict[str, str] = {}
    clashes: set[str] = set()
    for label, words in said.items():
        others = set().union(*(v for other, v in verbs.items() if other != label))
        for word in words:
            if _PAST.fullmatch(word) is None or word in _VERDICT_VERBS or word in names or word in reserved:
                continue
            if _verb(word) in others or word in others or _verb(word) in stems:
                continue
            for form in _made(word):
                if form in names or form in reserved:
                    continue
                if out.get(form, label) != label:
                    clashes.add(form)
                out[form] = label
    return tuple((form, label) for form, label in out.items() if form not in clashes)


def _asserted(meaning: str, noun: str) -> list[str]:
    """The words of `meaning` that no negation before them in their clause denies, but for a participle before a
    noun phrase that is not the instance's ("collected the item" is the item's state; "needed a repair", "its
    booked slot" say something of another thing).
    """
    words: list[str] = []
    for clause in _CLAUSE.split(meaning.lower()):
        tokens = re.findall(r"[a-z']+", clause)
        for i, token in enumerate(tokens):
            if any(_NEGATION.match(t) for t in tokens[:i]):
                continue
            after = tokens[i + 1 : i + 3]
            if after and _PAST.fullmatch(token) and _DETERMINER.match(after[0]) and after[-1] != noun:
                continue
            if after and _PAST.fullmatch(token) and i > 0 and _DETERMINER.match(tokens[i - 1]):
                continue  # "its booked slot": an attribute of the noun after it
            words.append(token)
    return words


def _verb(word: str) -> str:
    """The verb of a regular past participle ("collect" of collected, "stop" of stopped), else the word."""
    past = _PAST.fullmatch(word)
    if past is None:
        return word
    stem = past.group(1)
    return stem[:-1] if stem[-1] == stem[-2] and stem[-1] not in "lsz" else stem


def _stem(word: str) -> str:
    """A reserved word's verb: "wash" of washing, washed and washes (claims-55); else the word."""
    for end in ("ing", "ed", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            stem = word[: -len(end)]
            return stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz" else stem
    return word


def _made(word: str) -> list[str]:
    """A participle's forms: itself, and for a verb in "-ct" or "-pt" its noun in "-ion" ("collection"). Not the
    bare verb: it is often a noun of its own ("a refund", "a crack") that writers set beside the other classes'
    paraphrases ("from a refund (61 %) to a take-off (59 %)"), which the guard cannot read as classes.
    """
    verb = _verb(word)
    return [word, *((f"{verb}ion",) if verb.endswith(("ct", "pt")) else ())]


#: A denied form: "never collected", "never-collected", "not been refunded", "not yet collected".
_DENIED = r"\b(?:never|not|no longer)(?:\s+(?:yet|been|be|being|get|gets|got))?(?:\s+|-)({forms})\b"


def denied_card_forms(text: str, forms: Mapping[str, str], labels: Iterable[str]) -> str:
    """`text` with each card form a negation denies written as what it names: the other class on a host of two
    ("never collected" of reunited is "unclaimed"), a plain word on a host of more ("never otherwise").

    Args:
        text: a reply.
        forms: the card's forms (`card_label_forms`).
        labels: the host's class names.
    """
    if not forms or not re.search(r"\b(?:never|not|no longer)\b", text, re.I):
        return text
    names = list(labels)
    pattern = re.compile(_DENIED.format(forms="|".join(map(re.escape, sorted(forms, key=len, reverse=True)))), re.I)

    def other(match: re.Match[str]) -> str:
        own = forms[match.group(1).lower()]
        rest = [n for n in names if n != own]
        return rest[0] if len(rest) == 1 else match.group(0)[: match.start(1) - match.start(0)] + "otherwise"

    return pattern.sub(other, text)
