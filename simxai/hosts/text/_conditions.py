"""Whether a string given as a text host's instance is a group condition or a text, and its fields.

A text host takes both texts and conditions as plain strings, so it decides which one a string is:

- A string in quotes is a text, whatever it holds.
- ``all`` (``everyone``, ``all instances``, ``*``, ``all <instances>``) selects every instance.
- A string whose first clause compares a known field (``label``, the data card's target name,
  ``prediction``, ``id``, or a statistic the data card lists such as ``text_length_words`` and its
  aliases) is a condition: it selects a group or fails with an error, and is never scored as a text.
- A string that parses whole as the condition grammar in its strict form (clauses ``<identifier> <op>
  <one word, number or quoted value>`` joined by ``and``, ``&`` or ``,``) is a condition too; a field it
  names that the host does not know is an error naming the field and the valid ones.
- Anything else is a text: prose with ``=`` or ``<`` ("The rating = 5 stars, I loved it", "a < b but
  great") reads as a sentence, not as ``<identifier> <op> <value>``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from simxai.exceptions import ArgumentError
from simxai.hosts.text._words import _unquote
from simxai.instances import closest

__all__ = ["ConditionFields", "read_condition"]

_OP = r"==|!=|>=|<=|=|>|<"
_SPLIT = re.compile(r"\s+and\s+|\s*&&?\s*|\s*,\s*", re.IGNORECASE)  # as `simxai.instances.parse_condition`
#: A clause's field and operator: the field is up to three words, so that "text length > 9" is read.
_LEAD = re.compile(rf"^\s*(?P<field>[A-Za-z_][\w\-]*(?: [A-Za-z_][\w\-]*){{0,2}}?)\s*(?P<op>{_OP})\s*(?P<value>.*)$")
#: A clause in the strict grammar: one identifier, an operator and one word, number or quoted value.
_STRICT = re.compile(rf"^[A-Za-z_][A-Za-z0-9_]*\s*(?:{_OP})\s*(?:-?\d+(?:\.\d+)?|[A-Za-z_][\w\-]*|\"[^\"]*\"|'[^']*')$")
_EVERYONE = ("all", "everyone", "all instances", "*")


def _key(name: str) -> str:
    return re.sub(r"[\s\-]+", "_", name.strip().lower())


@dataclass(frozen=True)
class ConditionFields:
    """The fields a text host's conditions may compare, and the names each may be written as.

    Attributes:
        aliases: Each accepted name (lower case, words joined by "_") -> the field's canonical name.
        shown: The canonical names, in the order an error lists them.
        noun: What one instance is called ("review").
        example: A condition an error offers as an example.
    """

    aliases: Mapping[str, str]
    shown: Sequence[str]
    noun: str
    example: str

    @classmethod
    def of(
        cls, *, target: str, class_names: Sequence[str], statistics: Mapping[str, Sequence[str]], noun: str
    ) -> ConditionFields:
        """The fields of a host: label (also its target's name), prediction, id and its statistics by alias."""
        aliases = {"label": "label", "true_label": "label", _key(target): "label"}
        aliases |= {"prediction": "prediction", "predicted": "prediction", "predicted_label": "prediction"}
        aliases |= {"id": "id"}
        for name, names in statistics.items():
            aliases |= {_key(alias): name for alias in (name, *names)}
        label = "label" if _key(target) == "label" else f"label (or {target})"
        shown = [label, "prediction", "id", *statistics]
        length = next(iter(statistics), "id")
        example = f"'label = {class_names[0]}', 'prediction = {class_names[-1]}', '{length} > 9' or 'all'"
        return cls(aliases=aliases, shown=shown, noun=noun, example=example)

    def valid(self, *, quoted: bool = True) -> str:
        """What a condition may compare, for an error's `valid` (and, with `quoted`, how to give a text)."""
        condition = f"a condition on {', '.join(self.shown)} such as {self.example}"
        return f"{condition}; {self.quoted()}" if quoted else condition

    def quoted(self) -> str:
        """That a string in quotes is a text, for a string that reads as a condition but was meant as one."""
        return f"a {self.noun} in quotes is read as a text, not a condition"

    def field(self, written: str) -> str | None:
        """The canonical name of a field as written, or None when the host has no such field."""
        return self.aliases.get(_key(written))


def read_condition(text: str, fields: ConditionFields, plural: str) -> str | None:
    """The condition `text` states, each field under its canonical name; None when `text` is a text.

    Args:
        text: The instance string, whitespace-normalised.
        fields: The host's condition fields.
        plural: The host's plural instance noun ("reviews"), for "all reviews".

    Raises:
        ArgumentError: `text` reads as a condition but compares a field the host does not have.
    """
    if _unquote(text) != text:
        return None  # a quoted string is a text
    if text.lower() in (*_EVERYONE, f"all {plural}".lower()):
        return "all"
    parts = _SPLIT.split(text)
    first = _LEAD.match(parts[0])
    known_first = first is not None and fields.field(first.group("field")) is not None
    if not known_first and not all(_STRICT.match(part) for part in parts):
        return None
    clauses = []
    for part in parts:
        lead = _LEAD.match(part)
        if lead is None:
            clauses.append(part)  # not a comparison: the condition parser says it cannot read it
            continue
        canonical = fields.field(lead.group("field"))
        if canonical is None:
            written = lead.group("field")
            raise ArgumentError(
                f"{written!r} is not a field a group of {plural} can be selected by",
                argument="instance",
                valid=fields.valid(),
                suggestions=closest(_key(written), list(fields.aliases)),
            )
        clauses.append(f"{canonical} {lead.group('op')} {lead.group('value')}")
    return " and ".join(clauses)
