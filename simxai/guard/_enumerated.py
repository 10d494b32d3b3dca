"""Items of a list of features that name no feature (claims-16).

A sentence that lists features ("triglycerides_log (+0.586), bmi (+0.441) and X", "with A, B, X and C among
the features", "A (0.153) and B (0.122) dominate, followed by X") puts every item of the list in a feature's
position. An item that names no feature, label or alias is invented when most of its content words are words
of no feature, alias, feature description, label, output or user ("a long record of on-time payments",
"waist-to-hip ratio" on a host without it), and not when it is a paraphrase made of the schema's words ("a poor
credit score", "the blood sugar level" where a description says "blood sugar").

Read only in a part of a sentence (between clause breaks) whose items include at least two features; a list
that names one feature beside other words is read by `_lists` and `_causes`.

What follows a list is no item of it (claims-21): a dash set off by spaces (not a range's, "22 - 99") ends the part,
as a long dash does ("ratio
2.0-9.09 - all kept", the long dash as the guard reads it); a phrase set off by a bare comma after a list closed by
"and" or "or" ("ldl and the cholesterol ratio, faint as whispers", "raise A ... and lower B ..., together"), or
after a list whose features each carry a number when it carries none ("age 19 to 72, bmi 18 to 42, fine"), is a
comment on the list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai.guard._cues import POSITION_WORDS
from simxai.guard._prefilter import gated
from simxai.guard._reading import find_mentions

__all__ = ["enumerated_item_claims", "list_parts"]

#: Where a list ends: a sentence's or clause's break, a contrast, or a clause of its own.
_PART = re.compile(
    r"\.(?!\d)|[;:!?\n]|\s-\s(?![-+]?\d)|"  # a long dash is "-" by now (`normalise`)
    r"\b(?:while|whereas|but|because|since|although|though|which|that|so|where|when)\b",
    re.I,
)
#: The joints between a list's items.
_JOINT = re.compile(
    r"\s*,\s*(?:and\s+|or\s+|then\s+|plus\s+|followed by\s+)?|\s+(?:and|or|plus|then|followed by|ahead of)\s+", re.I
)
#: A joint that closes a list: its last item follows.
_CLOSING = re.compile(r"\b(?:and|or)\b", re.I)
#: An item that speaks of the features not listed ("the rest", "the others", "everything else"; claims-27).
_OTHERS = re.compile(r"\s*(?:the\s+)?(?:rest|others|remainder|remaining\b|everything else|all (?:the )?others)", re.I)
#: The size of a lead before "ahead of" or "behind" ("a shade", "a nose", "a fair way"; claims-27): no item.
_LEAD_SIZE = gated(r"\ban?\s+[a-z]+(?:\s+[a-z]+)?(?=\s+(?:ahead of|behind)\b)", re.I)
_BRACKET = re.compile(r"\([^()]{0,80}\)")
_NUMBER = re.compile(r"[-+−]?\d[\d.,]*\s*%?")
#: A word, with the digits inside it ("HbA1c", "PM2.5" is "PM2"): its letters alone are not its name (claims-36).
_WORD = re.compile(r"[a-z][a-z0-9'-]*", re.I)
#: An item that is a clause rather than a name: a verb of its own, a number's unit, or a pronoun.
_CLAUSE_WORDS = frozenset(
    "is are was were be been has have had do does did can could would will should may might must push pushes "
    "pull pulls pulled pushed add adds lead leads dominate dominates matter matters come comes follow follows "
    "rank ranks sit sits drive drives it they them this these those he she we you i give gives get gets "
    "stay stays remain remains contribute contributes count counts weigh weighs play plays help helps hurt hurts "
    "carry carries make makes take takes keep keeps hold holds show shows go goes same little much "
    "about above below across after before around at by for from in into near on onto over past per than "
    "through to toward towards under up down with within without via between beyond against along "
    "trail trails lag lags "  # "the rest trail well behind" (claims-27)
    "turn turns flip flips tip tips".split()  # "turns a refund into a rebooking (0.48)": an outcome's verb (claims-46)
) | {"worth"}  # "..., worth about −1.0 toward X": a contribution's size, no name (claims-45)
#: Words that are no name's content: determiners, quantities, order, and the words of a list itself.
_EMPTY = (
    frozenset(
        "a an the of in on to for by with at from as and or so also then too only just even still very quite "
        "some several many few more most less least much all both each every any either neither other others rest "
        "remaining once twice thrice "
        "one two three four five six seven eight nine ten first second third fourth fifth sixth seventh eighth "
        "ninth tenth last next "
        "high higher highest low lower lowest long longer short shorter large larger small smaller big bigger "
        "good better poor worse bad strong stronger weak weaker hot hotter cold colder heavy heavier light "
        "lighter old older young younger new recent current mild slight slightly moderate elevated raised "
        "feature features factor factors variable variables input inputs column columns predictor predictors "
        "measurement measurements value values level levels amount number count score rate ratio share total "
        "everything anything something nothing etc among somewhat rather far well almost nearly model prediction "
        "outcome result its their her his my your our".split()
    )
    # a rank's place and a lone one ("in third and fourth place", "the biggest single factor"; claims-45)
    | frozenset("place places spot spots position positions single sole".split())
    | POSITION_WORDS
)


def _content(item: str) -> list[str]:
    return [w for w in (x.lower() for x in _WORD.findall(item)) if w not in _EMPTY]


def _head(item: str) -> str:
    """The noun an item names: its last content word before "of" ("a long record of ..."), else after it
    ("the number of open lines"), else its last content word.
    """
    before, _, after = item.lower().partition(" of ")
    return next((w for part in (before, after) for w in reversed(_content(part))), "")


def shortened(word: str, known: set[str]) -> bool:
    """Whether `word` is a known word cut short (claims-29): "trig" or "trigs" of triglycerides, "chol" of
    cholesterol. Four to six letters (less is too loose), the start of a known word at least three letters longer
    whose rest is no ending ("record" of "recorded" is a word of its own).
    Recurring in g18 ("trigs low-ish") and g22 ("trig (log) +0.78", "total chol"), read as invented features.
    """
    stem = word[:-1] if word.endswith("s") and len(word) > 4 else word
    if not (4 <= len(stem) <= 6 and stem.isalpha()):
        return False
    return any(
        len(k) >= len(stem) + 3 and k.startswith(stem) and not _ENDINGS.fullmatch(k[len(stem) :])
        for name in known
        if name.startswith(stem) or f"_{stem}" in name or f" {stem}" in name
        for k in re.split(r"[_\s-]+", name)
    )


#: The endings of a word's other forms ("recorded", "payments", "drivers"): a word before them is no shortening.
_ENDINGS = re.compile(r"e?[ds]|ings?|e?rs?|ly|ness|ment|ions?|ations?|ful|less|able|ity|ive|al|ic|est", re.I)


def _unknown(word: str, known: set[str]) -> bool:
    """Whether no form of `word` is known; a hyphenated word ("debt-to-income") is known when its long parts are."""
    if {word, word.rstrip("s"), f"{word}s"} & known or shortened(word, known):
        return False
    parts = [p for p in re.split(r"[-']", word) if len(p) > 2]
    return len(parts) < 2 or any(not {p, p.rstrip("s"), f"{p}s"} & known for p in parts)


def names_nothing(name: str, known: set[str]) -> bool:
    """Whether the noun phrase `name` names no feature: its head (`_head`) is no form of a known word, nor are most
    of its content words (`known`: the words of the features' names, aliases and descriptions, the classes, the
    outputs and the user's words). "a clean repayment history" (history; repayment is a description's word),
    "one fewer open credit line": invented; "the blood sugar level", "a poor credit score": a paraphrase.
    """
    # a possessor names whose the thing is, not the thing: "the tenant's credit score" is "credit score"
    content, head = [w for w in _content(name) if not w.endswith("'s")], _head(name)
    unknown = [w for w in content if _unknown(w, known) and w not in _DEGREES]  # "the very dry month": rain's
    if len(head) > 3 and _unknown(head, known):
        return 2 * len(unknown) > len(content)
    # a known head with a word that is no feature's and no degree of one: "one missed payment", "water type"
    return bool(head) and any(
        w != head and w not in _DEGREES and len(w) > 3 and not w.endswith("ing") and not set("'-") & set(w)
        for w in unknown
    )  # "being a student", "the 10 o'clock start", "the 4-month-old queen": a verb's form, a unit, a compound


#: Words that say how much of a feature there is ("the warm room", "a thin culture"): no name of their own.
_DEGREES = frozenset(
    "warm warmer cool cooler dry drier wet wetter damp humid moist thick thicker thin thinner deep deeper shallow "
    "fast faster slow slower quick steep calm sweet sour soft hard fine coarse full empty tight loose extra fewer "
    "normal usual typical average mean overall whole entire fair modest huge tiny decent healthy sizable hefty "
    "lean narrow wide wider tall taller biggest largest greatest strongest smallest weakest main chief major minor "
    "key".split()
)


#: A list's last item said with its share of the push: "and a clean repayment history adds a little more" (claims-36).
_ADDS = re.compile(
    r"^\s*(?P<np>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}?)\s+(?:also\s+|still\s+)?"
    r"(?:adds?|takes?\s+(?:off|away)|pulls?|pushes?|counts?|weighs?\s+in|helps?|chips?\s+in|nudges?|contributes?)\b",
    re.I,
)


def _named_part(item: str, last: bool) -> str:
    """The name a list's last item gives before its verb of contribution (`_ADDS`), else the item."""
    m = _ADDS.match(item) if last else None
    return m.group("np") if m is not None else item


def list_parts(sentence: str) -> Iterator[str]:
    """The parts of `sentence` between its clause breaks (`_PART`), where a list of features is read."""
    at = 0
    for brk in [*_PART.finditer(sentence), None]:
        end = brk.start() if brk else len(sentence)
        yield _LEAD_SIZE.sub(lambda m: " " * len(m.group(0)), sentence[at:end])
        at = brk.end() if brk else end


def _bare_comma(joint: str) -> bool:
    return joint.strip() == ","


def enumerated_item_claims(
    sentence: str, features: Iterable[str], labels: Iterable[str], known: set[str]
) -> Iterator[tuple[str, bool]]:
    """Claims `feature X` (failing) for each item of a list of features in `sentence` that names none.

    Args:
        sentence: one sentence of the reply, as the guard reads it.
        features: the spellings of the host's features (names and aliases).
        labels: the host's labels.
        known: the words a paraphrase of a feature may be made of (lower case).
    """
    spellings = list(features)
    names = [*spellings, *labels]
    for part in list_parts(sentence):
        if len(find_mentions(part, spellings)) < 2:
            continue
        pieces = re.split(f"({_JOINT.pattern})", _BRACKET.sub(" ", part), flags=re.I)
        items, joints, joint = [], [], ""
        for k, piece in enumerate(pieces):
            if k % 2:
                joint += piece
            elif piece.strip():
                items.append(piece)
                joints.append(joint)
                joint = ""
        featured = [bool(find_mentions(i, spellings)) for i in items]
        if sum(featured) < 2:
            continue
        valued = all(_NUMBER.search(i) for i, f in zip(items, featured, strict=True) if f)
        for i, (item, is_feature) in enumerate(zip(items, featured, strict=True)):
            # The next item of a list whose item before it is a feature: a noun phrase, no clause or adverb.
            item = _named_part(item, last=i == len(items) - 1 and i > 1)
            words = _WORD.findall(_NUMBER.sub(" ", item))
            if is_feature or i == 0 or not featured[i - 1] or not words or len(words) > 7:
                continue
            if _bare_comma(joints[i]) and (
                any(_CLOSING.search(j) for j in joints[:i])
                or (valued and i == len(items) - 1 and not _NUMBER.search(item))
            ):
                continue  # "A and B, faint as whispers", "A 19 to 72, B 18 to 42, fine": a comment on the list
            if find_mentions(item, names) or {w.lower().split("'")[0] for w in words} & _CLAUSE_WORDS:
                continue
            if words[0].lower().endswith("ing") and (len(words) == 1 or _NUMBER.search(item)):
                continue  # "..., giving 50.6 %": a participle's clause, no name
            if any(w.lower().endswith("ly") for w in words):
                continue
            if _OTHERS.match(item):
                continue  # "the rest trail well behind": the features not listed (claims-27)
            if names_nothing(item, known):
                yield f"feature {' '.join(_content(item))}", False
