"""Groups named by a True/False column whose name is an event or a state, said as that event: (start, end, condition).

A column `night_call` (or `red_flag`, `sold_out`) of True/False names its True rows when said as the thing that
happened: in the plural ("on night calls", "for the red flags"), before a plural of a time or the host's noun ("on
red flag days", "sold out shifts"), or after "when" ("when the red flag was up", "when it was a night call",
"whenever it sold out"), or after "with" ("days with a red flag"). "non-" or "not" before it, "no" after "when there
was" and "without" name its False rows ("on non night calls", "when it was not a night call", "on days with no red
flag"). One-word names in the plural ("smokers") are read by `category_nouns` already; this reads the names of
several words in the plural, and the other forms for any name. A turn that names an instance or supposes ("what if
...", "were it a night call") is a change of one instance, never a group, and is left alone.
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _group_noun, yes_no_of
from simxai.hosts.base import FeatureSchema, HostSchema, plural
from simxai.hosts.schema_words import holds_true_false, spelled_words
from simxai.turn_memo import per_host

__all__ = ["event_groups"]

# Plural nouns of a time or an occasion that a True/False event may name rows by: "red flag days".
_TIMES = r"(?:days|nights|weeks|months|years|shifts|times|occasions|sessions|dates|evenings|mornings|afternoons)"
# A supposition or an instance named: the event is then a change of one row ("what if it were a night call").
_SUPPOSED = re.compile(r"\b(?:what\s+if|suppose|supposing|imagine|were\s+it|had\s+it|if\s+it\s+(?:were|had))\b", re.I)
_OFF = r"(?P<off>non[- ]?|not\s+|no\s+)?"
# What may say that the event was on after its name: "when the red flag was up", "when night call was set".
_ON = r"(?:\s+(?:was|were|is|are)\s+(?:up|on|out|raised|flying|flown|active|set|in\s+force|in\s+effect|true))?"


def _spelled(feature: FeatureSchema) -> list[str] | None:
    """The words of a True/False column's name, or None when it is no name of plain words of four letters or more."""
    words = spelled_words(feature)
    return None if words is None or len("".join(words)) < 4 else words


@per_host
def _patterns(schema: HostSchema) -> tuple[tuple[str, str, str, tuple[re.Pattern[str], ...]], ...]:
    """Per True/False column named by plain words: its name, its True and False values as the host writes them,
    and the patterns of its event said in the plural, after "when", and after "NOUNS with(out)" (built once per
    host).
    """
    nouns = _group_noun(schema)
    built = []
    for feature in schema.features:
        words = _spelled(feature) if holds_true_false(feature) else None
        pair = yes_no_of(feature)
        if words is None or pair is None:
            continue
        joint = r"[\s_-]+"
        name = joint.join(map(re.escape, words))
        forms = [rf"{name}{joint}(?:{_TIMES}|{nouns})"]
        if len(words) > 1:  # "night calls"; a one-word name's plural is `category_nouns`'s
            forms.append(joint.join([*map(re.escape, words[:-1]), re.escape(plural(words[-1]))]))
        said = re.compile(rf"(?<![\w-]){_OFF}(?:{'|'.join(forms)})(?![\w-])", re.IGNORECASE)
        when = re.compile(
            rf"\b(?:when|whenever|while)\s+(?:(?:it|there|this|they|we)\s+(?:(?:was|is|were|had\s+been|got)\s+)?)?{_OFF}"
            rf"(?:(?:a|an|the)\s+)?{name}{_ON}(?![\w-])",
            re.IGNORECASE,
        )
        # "days with no red flag", "callouts without a night call", "shifts with a sell-out"
        had = re.compile(
            rf"\b(?:{_TIMES}|{nouns})\s+(?P<with>with(?:out)?)\s+(?P<no>no\s+)?(?:(?:a|an|the)\s+)?"
            rf"{name}(?![\w-])",
            re.IGNORECASE,
        )
        built.append((feature.name, pair[0], pair[1], (said, when, had)))
    return tuple(built)


def event_groups(text: str, schema: HostSchema) -> list[tuple[int, int, str]]:
    """Groups named by a True/False column said as its event (the module's docstring), in the order said."""
    if schema.kind == "text" or _SUPPOSED.search(text):
        return []
    noun = re.escape((schema.instance_noun or "instance").lower())
    if re.search(rf"\b{noun}\s*#?\s*\d+\b", text, re.IGNORECASE):
        return []  # "callout 7003 on a night call": said of one instance
    found: list[tuple[int, int, str]] = []
    for name, true, false, (said, when, had) in _patterns(schema):
        for match in [*said.finditer(text), *when.finditer(text)]:
            found.append((match.start(), match.end(), f"{name} = {false if match['off'] else true}"))
        for match in had.finditer(text):
            off = match["with"].lower() == "without" or bool(match["no"])
            found.append((match.start("with"), match.end(), f"{name} = {false if off else true}"))
    return sorted(found)
