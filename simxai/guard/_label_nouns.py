"""A class said by the noun or gerund of its name (claims-36, gfa29).

`_state.label_forms` reads "rejection" (rejected), "approval" (approved) and the gerund of a class that is a verb
("leaving" of leaves, "tunneling" of tunnels). Writers also name a class by:

- the thing an adjective class is made of: "soot" of sooty ("the soot call drops by 28 points"), "mold" of moldy
  ("Mold gets 21.5 %");
- the British gerund, with its final l doubled: "tunnelling" of tunnels ("Tunnelling is a real contender at about
  39 percent").

Read this way, a number said of such a noun is that class's, not the predicted class's; and the noun is no feature.
Only when the form is no word of a feature's name or alias (`reserved`), and not an abstract noun in "-th"
("health" of healthy names a state, and often a feature: "battery health").

- the noun and gerund of an irregular past participle (claims-37): "loss" and "losing" of lost ("a loss sits at
  roughly 1.3 %", g22; "the chance of losing it is put at about 22 %", g23), read before as the predicted class's.
- the verb of a past participle and its inflections (claims-43, gfa36): "drift", "reject", "hold" of drifted,
  rejected, held ("drift risk ~15 %", "reject risk roughly 7 %", g33); the noun of a class in "-ing": "progression"
  of progressing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["label_nouns"]

#: An adjective class of a noun and "-y": "sooty", "moldy", "rusty" (not "-ly", "-ey", a vowel before the y).
_ADJECTIVE = re.compile(r"([a-z]{3,}[^aeiouyl\W])y")
#: A class that is a verb in the third person ending in one vowel and l: "tunnels", "ravels" (not "peels").
_VERB_L = re.compile(r"([a-z]*[^aeiou][aeiou]l)s")
#: An irregular past participle's noun and gerund (claims-37), and its verb (claims-43: "hold" of held).
_IRREGULAR = {
    "lost": ("loss", "losing"),
    "held": ("hold", "holding"),
    "kept": ("keep", "keeping"),
    "sold": ("sale", "sell", "selling"),
    "won": ("win", "winning"),
    "paid": ("pay", "paying"),
    "broken": ("break", "breaking"),
    "grown": ("grow", "growth"),
    # claims-45 (gfb38): the base, third person and gerund of common irregular pasts ("flies, 59 %" of flew)
    "flew": ("fly", "flies", "flying"),
    "went": ("go", "goes", "going"),
    "fell": ("fall", "falls", "falling"),
    "rose": ("rise", "rises", "rising"),
    "ran": ("run", "runs", "running"),
    "left": ("leave", "leaves", "leaving"),
    "sank": ("sink", "sinks", "sinking"),
    "froze": ("freeze", "freezes", "freezing"),
    "grew": ("grow", "grows", "growing", "growth"),
    "broke": ("break", "breaks", "breaking"),
}
#: A regular past participle: its stem ends in two consonants ("reject", "drift"), a doubled one ("stopp"), two
#: vowels and a consonant ("fail"), or one vowel and a consonant ("approv", "downgrad": the verb ends in "e").
_PAST = re.compile(r"([a-z]+?)(?:([^aeiouy\W])\2|([^aeiouy\W]{2})|([aeiou]{2}[^aeiouy\W])|([aeiou][^aeiouy\W]))ed")
#: A class in "-ing" whose noun is its stem and "-ion": "progress", "progression" of progressing.
_ING = re.compile(r"([a-z]{3,}[^aeiouy\W]{2})ing")


def _verb_forms(low: str) -> list[str]:
    """The verb of a regular past participle class and its gerund ("drift", "drifting" of drifted; "downgrade",
    "downgrading" of downgraded), or the noun of a class in "-ing" ("progress", "progression" of progressing): a
    number said of "drift risk" or "reject risk" is that class's (claims-43). Not the third person ("thrives"): after
    a subject it says the predicted class ("starter 4411 thrives"), which a class's name there would not check.
    """
    past = _PAST.fullmatch(low)
    if past:
        head, doubled, pair, long, short = past.groups()
        if doubled == "l" and len(re.findall(r"[aeiouy]+", head)) > 1:
            # a final l doubled after an unstressed syllable (not "stall", "fill"): "cancel", "cancelling",
            # "canceling", "cancellation" of cancelled (claims-45)
            return [f"{head}l", f"{head}lling", f"{head}ling", f"{head}llation"]
        if doubled:
            verb = f"{head}{doubled * 2}" if doubled in "slfz" else f"{head}{doubled}"  # "pass", "stop"
            return [verb, f"{head}{doubled * 2}ing"]
        # "flaw" of flawed, "box" of boxed: no silent e after w, x (claims-45); "approve" of approved
        verb = f"{head}{short}e" if short and short[-1] not in "wx" else f"{head}{short or pair or long}"
        gerund = f"{verb[:-1]}ing" if verb.endswith("e") else f"{verb}ing"
        return [verb, gerund]
    ing = _ING.fullmatch(low)
    if ing:
        return [ing.group(1), f"{ing.group(1)}ion"]
    return []


def label_nouns(labels: Sequence[str], reserved: Iterable[str] = ()) -> dict[str, str]:
    """Each noun form read as a class, mapped to the class.

    Args:
        labels: the host's class names.
        reserved: words of the host's feature names and aliases (lower case): never a class's form.
    """
    taken = {x.lower() for x in labels} | {w.lower() for w in reserved}
    forms: dict[str, str] = {}
    for label in labels:
        low = label.lower()
        made: list[str] = []
        adjective = _ADJECTIVE.fullmatch(low)
        if adjective and not adjective.group(1).endswith("th"):
            made.append(adjective.group(1))
        verb = _VERB_L.fullmatch(low)
        if verb:
            made.append(f"{verb.group(1)}ling")
        made.extend(_IRREGULAR.get(low, ()))
        made.extend(_verb_forms(low))
        for form in made:
            if form not in taken:
                forms[form] = label
    return forms
