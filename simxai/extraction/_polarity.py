"""Polarity in what the user wants: other words for a class, moving away from a class, quitting and starting.

A request can name the outcome it wants by the outcome it does not want ("what would it take to drop the
surcharge", "how could she escape a rejection"), name a class by another word for it ("why not a decline" on a
host whose classes are approved and rejected), or set a yes/no feature with a verb of quitting or starting
("what if he quits smoking" sets smoker to its negative category). Read the wrong way round, each of these
answers the opposite question with confidence; this module reads them for `simxai.extraction`.

Other words for a class come from the class name itself (its inflections and derived nouns: "rejection",
"approval", "progression") and from a short English lexicon of outcome words grouped by meaning; a group
serves a host only when exactly one of its classes falls in it, so no word ever names two classes.
"""

from __future__ import annotations

import functools
import re

from simxai._irregular_verbs import irregular_forms
from simxai.extraction._negated_label_word import negated_class_words
from simxai.hosts.base import HostSchema

__all__ = [
    "OUTCOME_VERB",
    "inflected_class",
    "QUIT_VERBS",
    "away_from",
    "ends_as",
    "label_mentions",
    "not_but",
    "not_instead",
    "outcome_now",
]

# Derivational and inflectional endings; what is left (at least four letters) is compared between two words.
# ("nesses", "ness": the noun of an adjective class, "lameness" for lame, "lateness" for late)
_ENDINGS = (
    "ations", "ation", "ions", "ion", "ments", "ment", "nesses", "ness", "als", "al", "ing", "ed", "es", "s", "d", "e",
)  # fmt: skip

# Outcome words that mean the same thing whatever the domain, grouped by meaning. A class joins the group of a
# word it shares a stem with ("rejected" -> the rejection group); words of no group name no class.
_OUTCOME_GROUPS: tuple[tuple[str, ...], ...] = (
    ("approved", "accepted", "granted", "sanctioned"),
    ("rejected", "declined", "denied", "refused", "turned down"),
    ("progressing", "worsening", "deteriorating"),
    # irregular verbs of an outcome, with their nouns: a class "won" is also "a win", "winning"; "lost" a "loss"
    ("won", "win", "wins", "winning", "victory", "victories"),
    ("lost", "loss", "losses", "lose", "loses", "losing", "defeat", "defeats", "defeated"),
)


def _stems(word: str) -> set[str]:
    """The word, lowercased, and what is left of it without one of `_ENDINGS` ("rejection" -> reject)."""
    word = word.lower()
    stems = {word}
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            stem = word[: -len(ending)]
            stems.add(stem)
            if ending in ("ing", "ed") and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
                stems.add(stem[:-1])  # a consonant doubled before the ending: "quitting" -> quit, "stripped" -> strip
    return stems


def inflected_class(word: str, name: str) -> bool:
    """Whether `word` is the one-word class `name` inflected as a verb or a plural where `_stems` (four letters left at
    least) cannot see it: a short name ("aged" for age, "fixing" for fix, "cutting" for cut), one in a consonant
    and -y ("dried", "dries" for dry), or an irregular past ("kept" for keep: `simxai._irregular_verbs`).
    """
    word, name = word.lower(), name.lower()
    if len(name) < 3 or not name.isalpha():
        return False
    forms = {name + ending for ending in ("s", "es", "ed", "ing")}
    if name.endswith("e"):
        forms |= {name + "d", name[:-1] + "ing"}
    if name.endswith("y") and name[-2] not in "aeiou":
        forms |= {name[:-1] + "ied", name[:-1] + "ies"}
    if re.fullmatch(r"[^aeiou]*[aeiou][b-df-hj-np-tv-z]", name):
        forms |= {name + name[-1] + "ed", name + name[-1] + "ing"}  # one vowel before a last consonant, doubled
    return word in forms or word in irregular_forms(name)  # "kept" for keep, "sold" for sell


def _same_word(a: str, b: str) -> bool:
    a_words, b_words = a.lower().split(), b.lower().split()
    return len(a_words) == len(b_words) and all(_stems(x) & _stems(y) for x, y in zip(a_words, b_words, strict=True))


@functools.lru_cache(maxsize=64)
def _class_words(class_names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(word, class) for each other word of a class: the words of its outcome group, when no other class shares it."""
    owners: dict[int, list[str]] = {}
    for name in class_names:
        for index, group in enumerate(_OUTCOME_GROUPS):
            if any(_same_word(name, word) for word in group):
                owners.setdefault(index, []).append(name)
    words: list[tuple[str, str]] = []
    for index, names in owners.items():
        if len(names) == 1:
            words += [(word, names[0]) for word in _OUTCOME_GROUPS[index] if not _same_word(word, names[0])]
    return tuple(words)


_TOKEN = re.compile(r"[A-Za-z][A-Za-z-]*")


def label_mentions(text: str, schema: HostSchema, exact: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """`exact` (the class names found as written) with the classes named by another word, sorted by position.

    Another word is an inflection or derived noun of a class name ("rejection", "approval", "dried" for dry), a
    compound of the name and a particle ("dead-outs" for dead) or a word of its outcome group ("declined", "denied"
    for rejected). A word inside an exact mention is not read again.
    """
    found = list(exact)
    others = _class_words(tuple(schema.class_names))
    tokens = list(_TOKEN.finditer(text))
    # a word of a feature's name or alias names that feature, not a class it resembles ("germination" of a
    # `prior_germination_rate`, never the class germinated); a class's own name stays a class
    feature_words = {
        w.lower() for f in schema.features for name in (f.name, *f.aliases) for w in re.findall(r"[A-Za-z]+", name)
    } - {n.lower() for n in schema.class_names}
    for i, token in enumerate(tokens):
        if any(s <= token.start() < e for s, e, _ in found) or token.group().lower() in feature_words:
            continue
        pair = f"{token.group()} {tokens[i + 1].group()}" if i + 1 < len(tokens) else ""
        word = token.group()
        # the "g" dropped in casual writing ("winnin", "progressin'"): the word as if written in full
        dropped = f"{word}g" if len(word) >= 5 and word.lower().endswith("in") else ""
        # one who has the class, after an article: "a keeper" for keep, "a quitter" for quits
        agent = (
            _agent_stem(word) if re.search(r"\b(?:a|an)\s+$", text[max(0, token.start() - 4) : token.start()]) else ""
        )
        candidates = ((pair, tokens[i + 1].end() if pair else 0), (word, token.end()), (dropped, token.end()))
        # a class done again ("get gangway 410 reopened", "re-approved" for open, approved): the verb without its "re",
        # tried last, when the word as written names nothing
        again = re.sub(r"^re-?", "", word, flags=re.IGNORECASE) if re.match(r"re-?[a-z]{4}", word, re.I) else ""
        for candidate, end in (*candidates, (agent, token.end()), (again, token.end())):
            if not candidate:
                continue
            name = next(
                (
                    n
                    for n in schema.class_names
                    if " " not in n and (_same_word(candidate, n) or inflected_class(candidate, n))
                ),
                None,
            )
            if name is None:
                name = next((c for word, c in others if _same_word(candidate, word)), None)
            if name is None and re.fullmatch(r"[A-Za-z]+-[A-Za-z]{2,4}", candidate):
                # a compound with a particle ("dead-outs", "no-shows" for a class "no"): the class it starts with
                head = candidate.split("-")[0].lower()
                name = next((n for n in schema.class_names if n.lower() == head), None)
            if name is not None:
                found.append((token.start(), end, name))
                break
    found += negated_class_words(text, schema, found)  # "why not slow?" for a class runs_slow
    return sorted(found + _null_class_phrases(text, schema, found))


def _agent_stem(word: str) -> str:
    """The verb of an agent noun of at least four letters ("keeper" -> keep, "quitter" -> quit), else ""."""
    match = re.fullmatch(r"([a-z]{4,}?)(?:(?<=([b-df-hj-np-tv-z]))\2)?ers?", word.lower())
    return match.group(1) if match else ""


# A class that says "nothing happened" by its name ("none", "nil"), and the phrases that name it by what did not
# happen: "(come back) with no damage", "had no delay", "without any damage"
_NULL_CLASS = frozenset({"none", "nil", "nothing", "no"})
_NULL_PHRASE = re.compile(
    r"\b(?:(?:with|had|has|have|having|shows?|showed|showing|suffer(?:s|ed|ing)?)\s+no|without(?:\s+any)?)\s+"
    r"(?P<w>[a-z]+)\b",
    re.IGNORECASE,
)
# words after "with no" / "without" that name no outcome ("with no change", "without any more")
_NO_OUTCOME = frozenset(
    "change changes more less further other one idea need reason other way group label class".split()
)


def _null_class_phrases(text: str, schema: HostSchema, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """(start, end, class) of each phrase that names the host's one class of "nothing" by what did not happen
    ("come back with no damage" for a class `none`), when the word is no feature's, the noun's or a class's.
    """
    null = [n for n in schema.class_names if n.lower() in _NULL_CLASS]
    if len(null) != 1 or schema.kind != "tabular":
        return []
    taken = {w.lower() for f in schema.features for w in re.findall(r"[A-Za-z]+", f.name + " " + " ".join(f.aliases))}
    taken |= {c.lower() for f in schema.features for c in f.categories or ()}
    taken |= {*schema.instance_noun.lower().split(), *(n.lower() for n in schema.class_names)}
    out = []
    for match in _NULL_PHRASE.finditer(text):
        word = match.group("w").lower()
        if word in _NO_OUTCOME or _stems(word) & {s for t in taken for s in _stems(t)}:
            continue
        if not any(s <= match.start("w") < e for s, e, _ in found):
            out.append((match.start(), match.end(), null[0]))
    return out


# Words before a class name that move away from it: "avoid the surcharge", "drop the surcharge", "get out of the
# progressing group", "shake off a rejection", "lose the surcharge", "would not have incurred a surcharge", "no
# longer be rejected", "not be declined", "stop being flagged", "avoid being rejected", "keep 20 from being rejected".
_AWAY = re.compile(
    r"\b(?:avoid(?:s|ed|ing)?|escap(?:e|es|ed|ing)|skip(?:s|ped|ping)?|los(?:e|es|ing)|drop(?:s|ped|ping)?|shed(?:s|ding)?|"
    r"shak(?:e|es|ing)\s+off|remov(?:e|es|ed|ing)|lift(?:s|ed|ing)?|"
    # "avoid being rejected", "keep 20 from being rejected", "stop her getting flagged", "prevent it from becoming"
    r"(?:(?:avoid(?:s|ed|ing)?|escap(?:e|es|ed|ing))\s+|(?:keep(?:s|ing)?|kept|stop(?:s|ped|ping)?|"
    r"prevent(?:s|ed|ing)?|sav(?:e|es|ed|ing)|spar(?:e|es|ed|ing))\s+(?:[\w']+\s+){0,3}?(?:from\s+)?)"
    r"(?:being|getting|becoming)(?:\s+(?:predicted|classified|rated|flagged|labell?ed|marked)(?:\s+as)?)?|"
    r"(?:get(?:s|ting)?|got|be|being|stay(?:s|ing)?|keep(?:s|ing)?|come|comes|coming|move|moves|moving)\s+"
    r"(?:#?\w+\s+)?(?:out\s+of|off|rid\s+of|away\s+from|clear\s+of)|"  # "get #5120 out of"
    r"stop(?:s|ped)?\s+(?:being|getting)(?:\s+(?:predicted|classified|rated|flagged|labell?ed|marked)(?:\s+as)?)?|"
    # "stop 12 lapsing", "stop her from lapsing": a class said as a verb of what is stopped
    r"stop(?:s|ped|ping)?\s+(?:[\w'#]+\s+){0,2}?(?:him|her|it|them|\#?\d+|(?:the|this|that)\s+\w+)(?:\s+from)?|"
    r"no\s+longer(?:\s+(?:be|get))?(?:\s+(?:predicted|classified|rated|flagged|labell?ed|marked)(?:\s+as)?)?|"
    r"(?:not|never)\s+(?:have\s+)?(?:be|been|get|got(?:ten)?|incur(?:red)?|receive[sd]?)"
    r"(?:\s+(?:predicted|classified|rated|flagged|labell?ed|marked)(?:\s+as)?)?|"
    # a purpose that negates the class: "what must change so 39 isn't late", "so that it's not rejected"
    r"\bso\s+(?:that\s+)?(?:[\w']+\s+){0,3}?(?:\w+n't|(?:is|are|was|were|would|will|does|do|did)\s+not|not|never)"
    r"(?:\s+(?:be|get|end\s+up))?(?:\s+(?:predicted|classified|rated|flagged|labell?ed|marked)(?:\s+as)?)?)"
    r"\s+(?:(?:the|a|an|this|that|her|his|their|its|any|my|our|your)\s+)?$",
    re.IGNORECASE,
)


# "come off dry", "came out clean", "comes out ahead": a phrasal verb of outcome right before a class (no article
# between) says the class it ends in, not one it leaves ("come off the list", "come out of the red" do leave)
_ENDS_AS = re.compile(r"\b(?:come|comes|coming|came)\s+(?:off|out)\s+$", re.IGNORECASE)


def away_from(text: str, mentions: list[tuple[int, int, str]]) -> str | None:
    """The class a turn moves away from ("what would it take to drop the surcharge" -> surcharge), or None.

    The last class mention decides: "she is on the surcharge; how could she lose it" names none after the verb.
    """
    if not mentions:
        return None
    start, _end, name = mentions[-1]
    before = text[max(0, start - 60) : start]
    if _OBSTACLE.search(text[:start]):
        return None  # "what keeps 20 from being approved?": approval is wanted, something stands in its way
    return name if _AWAY.search(before) and not _ENDS_AS.search(before) else None


# An obstacle asked about as a fact ("what keeps 20 from being approved?", "what's stopping her from getting it"): the
# class after it is the one wanted. "what would keep 20 from being declined" (a modal) asks how to avoid the class.
_OBSTACLE = re.compile(
    r"\bwhat(?:'s|\s+is|\s+are)?\s+(?:(?:still|actually|really|exactly)\s+)?"
    r"(?:keep(?:s|ing)?|stop(?:s|ping)?|prevent(?:s|ing)?|block(?:s|ing)?|hold(?:s|ing)?\s+back)\b"
    r"(?![^.?!;]*\b(?:would|could|should|might|can|will|'d)\b)[^.?!;]*$",
    re.IGNORECASE,
)


_NOT_BEFORE = re.compile(r"\bnot\s+(?:(?:a|an|the)\s+)?$", re.IGNORECASE)
_BUT_BETWEEN = re.compile(r"\s*,?\s*but\s+(?:rather\s+|instead\s+)?(?:(?:a|an|the)\s+)?", re.IGNORECASE)
# "<class>, not <class>", "<class> and not <class>", "<class> but not <class>": the first is wanted
_THEN_NOT_BETWEEN = re.compile(r"\s*[,;]?\s*(?:(?:and|but)\s+)?not\s+(?:(?:a|an|the)\s+)?", re.IGNORECASE)
# ("a regrind rather than be retired", "instead of getting a refusal": a verb of being or becoming may lead in)
_INSTEAD_BETWEEN = re.compile(
    # ("treat it instead of replanting": the object of the class's verb may stand between)
    r"\s*(?:(?:it|them|him|her|this|that)\s+)?,?\s*(?:instead\s+of|rather\s+than)\s+(?:(?:be|being|get|getting|become|becoming)\s+)?(?:(?:a|an|the)\s+)?",
    re.IGNORECASE,
)


def not_but(text: str, mentions: list[tuple[int, int, str]]) -> str | None:
    """The class said after "not <class> but": the one wanted ("so it is not a refusal but an approval" -> approved);
    or the class said before "instead of <class>" / "rather than <class>" ("be approved rather than a decline") or
    before "and not <class>" ("so it's only an approval and not a refusal", "approved, not declined").
    """
    for (start, end, name), (after, _, wanted) in zip(mentions, mentions[1:], strict=False):
        if _NOT_BEFORE.search(text, max(0, start - 12), start) and _BUT_BETWEEN.fullmatch(text, end, after):
            return wanted
        if name != wanted and (
            _INSTEAD_BETWEEN.fullmatch(text, end, after) or _THEN_NOT_BETWEEN.fullmatch(text, end, after)
        ):
            return name
    return None


# "not <class>" with an adverb between ("why not just treat it ...")
_NOT_JUST_BEFORE = re.compile(r"\bnot\s+(?:(?:just|simply|even|rather|a|an|the|be|get)\s+){0,3}$", re.IGNORECASE)


def not_instead(text: str, mentions: list[tuple[int, int, str]]) -> str | None:
    """The class said after "not" and before "instead of / rather than" another ("why not just treat it instead of
    replanting" -> treat): the one the user expected, whatever the class after "instead of".
    """
    for (start, end, name), (after, _, other) in zip(mentions, mentions[1:], strict=False):
        if name != other and _NOT_JUST_BEFORE.search(text, max(0, start - 30), start):
            if _INSTEAD_BETWEEN.fullmatch(text, end, after):
                return name
    return None


def ends_as(text: str, mentions: list[tuple[int, int, str]]) -> str | None:
    """The class a turn says an instance should end in by a phrasal verb of outcome ("come off dry" -> dry)."""
    if not mentions:
        return None
    start, _end, name = mentions[-1]
    return name if _ENDS_AS.search(text[max(0, start - 60) : start]) else None


# A class said as the outcome an instance has now: "why was I turned down and what could I change?", "applicant 12
# came back as a decline; what would it take?", "12 is headed for a rejection", "12 is down as a decline". With no
# class named as the one wanted, it is the class to leave.
_OUTCOME_NOW = re.compile(
    r"\b(?:was|were|has\s+been|had\s+been|came\s+(?:back|out)|(?<!have\s)got|"
    r"(?:is|are|'s)\s+(?:headed|heading|bound|down|on\s+(?:course|track))\s+(?:for|as|to))\s+"
    r"(?:(?:i|he|she|it|they|we|you|this|that|as|predicted|classified|rated|flagged|labell?ed|marked)\s+)*"
    r"(?:(?:a|an|the)\s+)?$",
    re.IGNORECASE,
)


def outcome_now(text: str, start: int) -> bool:
    """Whether the class mentioned at `start` is said as the outcome an instance has now ("was turned down")."""
    return _OUTCOME_NOW.search(text[max(0, start - 40) : start]) is not None


# Verbs that end a habit, right before a yes/no feature's name: "quits smoking", "gave up drinking", "stopped
# vaping", "is giving up smoking". Starting one ("takes up smoking") needs no verb list: a yes/no feature named
# without a negation or one of these verbs is set to its positive category.
QUIT_VERBS = (
    r"quit(?:s|ting)?|stop(?:s|ped|ping)?|g(?:i|a)ves?\s+up|giving\s+up|kick(?:s|ed|ing)?|ceas(?:e|es|ed|ing)|"
    r"cut(?:s|ting)?\s+out|abandon(?:s|ed|ing)?|renounc(?:e|es|ed|ing)|no\s+longer"
)


# Verbs before a class that say the outcome the model gives, in a count: "how many smokers end up with a
# surcharge", "how many renters would be rejected", "how many land in the progressing group".
OUTCOME_VERB = re.compile(
    r"\b(?:(?:end(?:s|ed)?|wind(?:s)?|wound)\s+up|land(?:s|ed)?|(?:would|will)\s+(?:be|get|receive))"
    r"(?:\s+(?:with|as|in|on|being|getting))?(?:\s+(?:an?|the))?\s*$",
    re.IGNORECASE,
)
