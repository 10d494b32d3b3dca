"""A class said by a word only its meaning on the output card uses (claims-49, helper grec42).

The output card glosses each class: "flawed: cracked, porous or off its note, so it goes back to the furnace",
"unclaimed: nobody came for the item; it goes to auction or charity", "weak: only a few seeds came up; the packet
is flagged for regrowing", "fair: the sheet can be studied with care". A writer who read it names the class by
that word: "expected to go back to the furnace, about 70/30", "will most likely end up at auction: about 98 %",
"usable with care, at about 86 chances in 100". The guard read such a reply's share as the predicted class's (it
named no class), so a share said of the other class passed. `_card_labels` reads a meaning's past participles
("collected", "refunded"); this reads its other words, under stricter conditions, since a noun or an adjective
is more often a word of something else:

- the word has five letters or more, is no common word of replies (`_causes._COMMON`, `_WEAK`), no class's name,
  no word of a feature's name or alias, and not the instance noun;
- it is asserted in its meaning (no negation before it in its clause: "not fit for sale" names no class by "sale");
- no other class's meaning holds it or a form of it ("studied" and "study" are one word), and nowhere else in the
  cards is it used (a word of the data card's description or a feature's may be said of that instead).

Its forms are the word and, for a gerund, its verb when that keeps five letters ("regrow" of regrowing). A form two
classes claim names neither. A form names its class in a reply only when each time the reply says it a share follows in
the same clause ("end up at auction: about 98 %", "go for walling stone, with about nine chances in ten";
`shared_forms`): a share bound to it across a clause break ("to go to auction or charity; only about 2 % that the owner
shows up") may be of what the next clause names in words the guard does not know. Nothing here comes from a host's
domain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from simxai.guard._causes import _COMMON

__all__ = ["card_noun_forms", "shared_forms"]

_NEGATION = re.compile(r"^(?:no|not|never|nobody|none|nothing|neither|nor|without|cannot|\w+n't)$")
_CLAUSE = re.compile(r"[;,.:()]|\b(?:and|or|but|so)\b")
#: Words of five letters or more that replies use of anything: never a class's form, whatever a card says.
_WEAK = frozenset(
    "about above after again against along among another around because before being below between could every "
    "first found further great might never other often quite really since still their there these thing think "
    "those three through under until usually where which while whole would years enough "
    "model models predicted predicts prediction label labels class classes score scores value values feature "
    "features sample samples record records recorded table study studied total works working order place point "
    "points level levels state states right wrong sound clear close given taken using usual normal "
    # verbs every reply uses of a class's fate ("stays weak", "turns positive", "needs a repair")
    "needs needed stays stayed turns turned keeps makes takes gives comes goes means price build grant grants "
    # judgments of the model as much as of a class ("does poorly on short reviews")
    "poorly badly".split()
)


def card_noun_forms(
    labels: Iterable[str], meanings: Mapping[str, str], cards: str, reserved: Iterable[str] = (), noun: str = ""
) -> dict[str, str]:
    """Each form of a word only one class's card meaning uses, mapped to that class.

    Args:
        labels: the host's class names.
        meanings: each class's meaning on the output card (`Vocabulary.meanings`).
        cards: the text of the host's cards (`Vocabulary.cards`), meanings included.
        reserved: words of the host's feature names and aliases (lower case): never a class's form.
        noun: the host's instance noun.
    """
    if len(meanings) < 2:
        return {}
    kept = tuple(sorted((k, v) for k, v in meanings.items() if k in set(labels)))
    return dict(_forms(tuple(labels), kept, cards, frozenset(w.lower() for w in reserved), noun.lower()))


#: What ends a clause for a card word: a semicolon, a sentence's full stop, a new line.
_BREAK = re.compile(r"[;\n!?]|\.(?:\s|$)")
#: A share: a percentage, a decimal below one, or "N chances in M".
_SHARE = re.compile(r"\d\s*%|(?<![\d.])0?\.\d+|\bchances?\s+in\b", re.I)


def shared_forms(reply: str, forms: dict[str, str]) -> dict[str, str]:
    """The forms of `forms` that the reply says only where a share follows in the same clause."""
    out = {}
    for form, label in forms.items():
        said = list(re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", reply, re.I))
        clauses = [_BREAK.split(reply[m.end() :], maxsplit=1)[0] for m in said]
        if said and all(_SHARE.search(clause) for clause in clauses):
            out[form] = label
    return out


def _stems(word: str) -> set[str]:
    """The word and its verb stems ("regrow" of regrowing, "germinat" of germinated, "ring" of rings)."""
    out = {word}
    for end in ("ing", "ed", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= 4:
            out.add(word[: -len(end)])
    return out


@lru_cache(maxsize=64)
def _forms(
    labels: tuple[str, ...], meanings: tuple[tuple[str, str], ...], cards: str, reserved: frozenset[str], noun: str
) -> tuple[tuple[str, str], ...]:
    names = {label.lower() for label in labels}
    asserted = {label: _asserted(meaning) for label, meaning in meanings}
    every = {label: set().union(*map(_stems, re.findall(r"[a-z]+", meaning.lower()))) for label, meaning in meanings}
    # the cards' words outside the meanings: a word used there may be said of something else
    rest = cards.lower()
    for _label, meaning in meanings:
        rest = rest.replace(meaning.lower(), " ")
    elsewhere = set().union(*map(_stems, re.findall(r"[a-z]+", rest))) if rest.strip() else set()
    out: dict[str, str] = {}
    clashes: set[str] = set()
    for label, words in asserted.items():
        others = set().union(*(v for other, v in every.items() if other != label))
        for word in words:
            if (
                len(word) < 5
                or _NEGATION.match(word)
                or word in _COMMON
                or word in _WEAK
                or word in names
                or word in reserved
            ):
                continue
            stems = _stems(word)
            if word in {noun, f"{noun}s"} or stems & others or stems & elsewhere:
                continue
            verbs = (word[:-3], f"{word[:-3]}e") if word.endswith("ing") and len(word) >= 8 else ()
            for form in {word, *verbs}:
                if form in names or form in reserved or form in _WEAK or form in _COMMON:
                    continue
                if out.get(form, label) != label:
                    clashes.add(form)
                out[form] = label
    return tuple((form, label) for form, label in sorted(out.items()) if form not in clashes)


def _asserted(meaning: str) -> list[str]:
    """The words of `meaning` that no negation before them in their clause denies."""
    words: list[str] = []
    for clause in _CLAUSE.split(meaning.lower()):
        tokens = re.findall(r"[a-z']+", clause)
        for i, token in enumerate(tokens):
            if not any(_NEGATION.match(t) for t in tokens[:i]):
                words.append(token)
    return words
