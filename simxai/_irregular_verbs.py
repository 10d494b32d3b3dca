"""The irregular past forms of common English verbs ("keep" -> kept, "win" -> won), for the readings that meet a
class or a word said as a verb in the past ("why was tank 5 not kept", a class `keep`).

A general table of English grammar (the verbs an English grammar lists as irregular, in everyday use), chosen
without regard to any host or data set; the regular forms ("-ed", "-ing", "-s") are read by the suffix rules.
"""

from __future__ import annotations

__all__ = ["irregular_forms", "irregular_past"]

# base: its past tense and past participle (one form when both are the same)
_FORMS: dict[str, tuple[str, ...]] = {
    "be": ("was", "were", "been"),
    "become": ("became",),
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
    "come": ("came",),
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
    "run": ("ran",),
    "say": ("said",),
    "see": ("saw", "seen"),
    "seek": ("sought",),
    "sell": ("sold",),
    "send": ("sent",),
    "shake": ("shook", "shaken"),
    "shine": ("shone",),
    "shoot": ("shot",),
    "show": ("shown",),
    "shrink": ("shrank", "shrunk"),
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
    whose past is regular or a word that is no verb of the table.
    """
    return _FORMS.get(base.lower(), ())


# every irregular form that is no verb's base as well ("won", "kept"; not "found" of `found`, were it a base)
_PAST = frozenset(form for forms in _FORMS.values() for form in forms) - frozenset(_FORMS)


def irregular_past(word: str) -> bool:
    """Whether `word` is the irregular past tense or participle of an English verb of the table ("won", "kept")."""
    return word.lower() in _PAST
