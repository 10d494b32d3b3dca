"""The irregular past forms of common English verbs ("keep" -> kept, "win" -> won), for the readings that meet a
class or a word said as a verb in the past ("why was tank 5 not kept", a class `keep`).

A general table of English grammar (the verbs an English grammar lists as irregular, in everyday use), chosen
without regard to any host or data set; the regular forms ("-ed", "-ing", "-s") are read by the suffix rules.
The one table of these verbs (twins49): the router's class said by its verb (`participle_bases`) and the guard's
class that is a past verb (`past_verbs`) read it too.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

__all__ = ["irregular_forms", "irregular_past", "participle_bases", "past_verbs", "third_person"]

# base: its past tense and past participle, in that order (one form when both are the same; the base itself or a
# regular past where English has one there: "run" -> ran, run; "show" -> showed, shown)
_FORMS: dict[str, tuple[str, ...]] = {
    "be": ("was", "were", "been"),
    "become": ("became", "become"),
    "begin": ("began", "begun"),
    "bend": ("bent",),
    "bind": ("bound",),
    "bite": ("bit", "bitten"),
    "bleed": ("bled",),
    "blow": ("blew", "blown"),
    "break": ("broke", "broken"),
    "breed": ("bred",),
    "bring": ("brought",),
    "build": ("built",),
    "burn": ("burnt",),
    "buy": ("bought",),
    "catch": ("caught",),
    "choose": ("chose", "chosen"),
    "cling": ("clung",),
    "come": ("came", "come"),
    "creep": ("crept",),
    "deal": ("dealt",),
    "dig": ("dug",),
    "do": ("did", "done"),
    "draw": ("drew", "drawn"),
    "drink": ("drank", "drunk"),
    "drive": ("drove", "driven"),
    "dwell": ("dwelt",),
    "eat": ("ate", "eaten"),
    "fall": ("fell", "fallen"),
    "feed": ("fed",),
    "feel": ("felt",),
    "fight": ("fought",),
    "find": ("found",),
    "flee": ("fled",),
    "fly": ("flew", "flown"),
    "forget": ("forgot", "forgotten"),
    "freeze": ("froze", "frozen"),
    "get": ("got", "gotten"),
    "give": ("gave", "given"),
    "go": ("went", "gone"),
    "grind": ("ground",),
    "grow": ("grew", "grown"),
    "hang": ("hung",),
    "have": ("had",),
    "hear": ("heard",),
    "hide": ("hid", "hidden"),
    "hold": ("held",),
    "keep": ("kept",),
    "kneel": ("knelt",),
    "know": ("knew", "known"),
    "lay": ("laid",),
    "lead": ("led",),
    "lean": ("leant",),
    "leap": ("leapt",),
    "learn": ("learnt",),
    "leave": ("left",),
    "lend": ("lent",),
    "lie": ("lay", "lain"),
    "light": ("lit",),
    "lose": ("lost",),
    "make": ("made",),
    "mean": ("meant",),
    "meet": ("met",),
    "pay": ("paid",),
    "ride": ("rode", "ridden"),
    "ring": ("rang", "rung"),
    "rise": ("rose", "risen"),
    "run": ("ran", "run"),
    "say": ("said",),
    "see": ("saw", "seen"),
    "seek": ("sought",),
    "sell": ("sold",),
    "send": ("sent",),
    "shake": ("shook", "shaken"),
    "shine": ("shone",),
    "shoot": ("shot",),
    "show": ("showed", "shown"),
    "shrink": ("shrank", "shrunk"),
    "shut": ("shut",),
    "sing": ("sang", "sung"),
    "sink": ("sank", "sunk"),
    "sit": ("sat",),
    "sleep": ("slept",),
    "slide": ("slid",),
    "speak": ("spoke", "spoken"),
    "spend": ("spent",),
    "spin": ("spun",),
    "spill": ("spilt",),
    "spoil": ("spoilt",),
    "split": ("split",),
    "stand": ("stood",),
    "steal": ("stole", "stolen"),
    "stick": ("stuck",),
    "sting": ("stung",),
    "strike": ("struck",),
    "swear": ("swore", "sworn"),
    "sweep": ("swept",),
    "swim": ("swam", "swum"),
    "swing": ("swung",),
    "take": ("took", "taken"),
    "teach": ("taught",),
    "tear": ("tore", "torn"),
    "tell": ("told",),
    "think": ("thought",),
    "throw": ("threw", "thrown"),
    "wake": ("woke", "woken"),
    "wear": ("wore", "worn"),
    "weave": ("wove", "woven"),
    "weep": ("wept",),
    "win": ("won",),
    "wind": ("wound",),
    "withdraw": ("withdrew", "withdrawn"),
    "write": ("wrote", "written"),
}


def irregular_forms(base: str) -> tuple[str, ...]:
    """The irregular past tense and participle of the English verb `base` ("keep" -> ("kept",)); () for a verb
    whose past is regular or a word that is no verb of the table. Neither the base itself ("run" of run) nor a
    regular past ("showed") is one.
    """
    low = base.lower()
    return tuple(f for f in _FORMS.get(low, ()) if f not in (low, f"{low}ed"))


# The auxiliaries: their forms ("do", "does", "have", "been") are words of nearly every question and reply, never
# a class said by its verb, so the readings by a class's verb leave them out.
_AUXILIARIES = frozenset({"be", "have", "do"})


def third_person(base: str) -> str:
    """The third person singular of an English verb: "take" -> takes, "fly" -> flies, "go" -> goes, "catch" ->
    catches.
    """
    if re.search(r"[^aeiou]y$", base):
        return f"{base[:-1]}ies"
    if re.search(r"(?:s|sh|ch|x|z|o)$", base):
        return f"{base}es"
    return f"{base}s"


@functools.cache
def past_verbs() -> Mapping[str, tuple[str, str, str]]:
    """Each irregular simple past, mapped to the verb's base, third person and participle ("took" -> ("take", "takes",
    "taken"), "ran" -> ("run", "runs", "run")); not the auxiliaries', nor a regular past ("showed").
    """
    table: dict[str, tuple[str, str, str]] = {}
    for base, forms in _FORMS.items():
        if base not in _AUXILIARIES and forms[0] != f"{base}ed":
            table.setdefault(forms[0], (base, third_person(base), forms[-1]))
    return table


@functools.cache
def participle_bases() -> Mapping[str, str]:
    """Each irregular past participle, mapped to the verb's base ("lost" -> "lose", "broken" -> "break", "split" ->
    "split"); not the auxiliaries'.
    """
    table: dict[str, str] = {}
    for base, forms in _FORMS.items():
        if base not in _AUXILIARIES:
            table.setdefault(forms[-1], base)
    return table


# every irregular form that is no verb's base as well ("won", "kept"; not "found" of `found`, were it a base), nor a
# regular past ("showed")
_PAST = frozenset(form for base in _FORMS for form in irregular_forms(base)) - frozenset(_FORMS)


def irregular_past(word: str) -> bool:
    """Whether `word` is the irregular past tense or participle of an English verb of the table ("won", "kept")."""
    return word.lower() in _PAST
