"""A class or a feature said by its initials (ux49): "wl" for a class waiting list, "sr 8" for `sight_reading`.

People who type fast shorten a name of several words to its first letters. A short token with no vowel that is no
word of the host and no common shortening of chat or of a unit is written out as the one name whose words' first
letters it is (a class's or a feature's name or alias, split at spaces, underscores, hyphens and capitals). A class
of one long word is shortened by its letters in order ("wl" for waitlist): read so only where a class is said, right
after a word that leads one ("why not wl", "stays wl"), and only when no other name could be meant. A token two names
could stand for stays as written: asking about it (`_router_unknown`) beats a guess. Read by the router alone, before
`normalize`, with the chat letters of `simxai._chat_spellings`: the selector's training texts stay as they were read.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema

__all__ = ["initials_written_out"]

# A short token with no vowel (nor "y"): no English word, so a shortening ("wl", "sr", "GC")
_TOKEN = re.compile(r"(?<![\w'#@/.-])([b-df-hj-np-tv-xz]{2,3})(?![\w'/-])", re.IGNORECASE)
# Shortenings with a meaning of their own in chat, in units or in requests, never a host's name
_OWN_MEANING = frozenset(
    "cf cm pt px km kg mg mm ml cl hr hrs yr yrs ft lb lbs mph kph pm thx tx ty np brb btw idk tbh smh nvm rn dm "
    "ppl bc vs mr mrs dr st nd rd th cz pls plz hmm shh tv pc gp sd nb ps pps fwd cc bcc msg txt wk wks".split()
)
# The words that lead a class ("why not X", "stays X", "predicted X", "get a X")
_LEADS_CLASS = re.compile(
    r"\b(?:not|stays?|stayed|staying|keeps?|kept|remains?|still|be|being|as|becomes?|get|gets|to|an?|predicted|"
    r"called|into|from|of)\s+$",
    re.IGNORECASE,
)


def _words(name: str) -> list[str]:
    """The words of a name: split at spaces, underscores, hyphens and capitals, a unit in brackets left out."""
    bare = re.sub(r"\([^)]*\)", " ", name)
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", bare)
    return [w.lower() for w in re.split(r"[^A-Za-z]+", spaced) if w]


def _in_order(token: str, word: str) -> bool:
    """Whether `token`'s letters stand in `word` in order, the first one first ("wl" of waitlist)."""
    if not word.startswith(token[0]):
        return False
    rest = iter(word[1:])
    return all(letter in rest for letter in token[1:])


def initials_written_out(text: str, schema: HostSchema | None) -> str:
    """`text` with each token that is the initials of exactly one of the host's names written as that name."""
    if schema is None or schema.kind != "tabular":
        return text
    names = [(n, "class") for n in schema.class_names]
    names += [(term, f.name) for f in schema.features for term in (f.name, *f.aliases)]
    own = {w for name, _ in names for w in _words(name)}
    own |= {w.lower() for f in schema.features for c in f.categories or () for w in re.findall(r"[A-Za-z]+", str(c))}
    own |= set(_words(schema.instance_noun or ""))
    for match in reversed(list(_TOKEN.finditer(text))):
        token = match.group(1).lower()
        if token in own or token in _OWN_MEANING:
            continue
        meant: set[str] = set()
        for name, owner in names:
            words = _words(name)
            if len(words) > 1 and "".join(w[0] for w in words) == token:
                meant.add(name if owner == "class" else owner)
        leads = _LEADS_CLASS.search(text[: match.start()]) is not None
        for name in schema.class_names:
            words = _words(name)
            if leads and len(words) == 1 and len(words[0]) >= 6 and _in_order(token, words[0]):
                meant.add(name)
        if len(meant) == 1:
            text = f"{text[: match.start()]}{meant.pop()}{text[match.end() :]}"
    return text
