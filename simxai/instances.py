"""Parsing of instance references and what-if changes against a host's schema (no `eval`, ever).

A group of instances is selected by a condition string, e.g. ``"glucose > 120 and age < 50"``,
``"label = progressing"`` (the recorded label), ``"prediction = stable"`` (the model's label),
``"id >= 10 and id < 20"`` or ``"all"``. Clauses are joined by ``and``; operators are
``> >= < <= = == !=``; values are numbers or words (quotes optional).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from simxai.exceptions import ArgumentError
from simxai.hosts.abbreviations import spelled_as
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words

__all__ = [
    "CONDITION_HELP",
    "MAX_CONDITION_CHARS",
    "Clause",
    "RelativeChange",
    "clause_field",
    "closest",
    "condition_fields",
    "parse_change",
    "parse_condition",
]

#: How an error begins that says a condition's "or" between values of one categorical feature (`parse_condition`).
EITHER_VALUES = "a condition joins its clauses by 'and' only"
CONDITION_HELP = "a condition such as 'glucose > 120 and age < 50', 'label = <class>', 'prediction = <class>' or 'all'"

Operator = Literal[">", ">=", "<", "<=", "=", "!="]
# the field is any text up to the operator: column names such as `Mites/100`, `pH (soil)` or `temp.c` are names too
_CLAUSE = re.compile(r"^\s*(?P<field>[^\s<>=!][^<>=!]*?)\s*(?P<op>>=|<=|==|!=|=|>|<)\s*(?P<value>.+?)\s*$")
_SPECIAL_FIELDS = ("label", "prediction", "id")
#: What joins a condition's clauses: "and", "&", "&&" or a comma.
_JOIN = re.compile(r"\s+and\s+|\s*&&?\s*|\s*,\s*", re.IGNORECASE)
#: The longest condition read: dozens of clauses.
MAX_CONDITION_CHARS = 2000


@dataclass(frozen=True)
class Clause:
    """One comparison of a condition: `field op value`; field is a feature, `label`, `prediction` or `id`."""

    field: str
    op: Operator
    value: float | str

    def text(self) -> str:
        """The clause as a condition states it, e.g. 'age > 60' (a number in its shortest form: 60.0 as 60)."""
        value = f"{self.value:g}" if isinstance(self.value, float) else self.value
        return f"{self.field} {self.op} {value}"


def closest(name: str, valid: Iterable[str], n: int = 3) -> list[str]:
    """Valid names closest to `name`, for 'did you mean' errors."""
    valid = list(valid)
    lowered = {v.lower(): v for v in valid}
    near = [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=n, cutoff=0.5)]
    return list(dict.fromkeys([*spelled_as(name, valid), *near]))[:n]  # "distance": Dist (km)


def _number(text: str) -> float | None:
    if len(text) > 64:
        return None  # no feature value or id is written with that many characters
    try:
        return float(text)
    except ValueError:
        return None


def _named_feature(field: str, schema: HostSchema) -> FeatureSchema | None:
    """The feature `field` (lower case, spaces as underscores) names: by its name, then an alias, in any case.

    Column names such as `CO2_ppm` or `TRUCK_TEMP_C` are matched case-insensitively, as the condition's words are
    lower-cased before the lookup.
    """
    by_name = next((f for f in schema.features if f.name.lower().replace(" ", "_") == field), None)
    if by_name is not None:
        return by_name
    return next(
        (f for f in schema.features if field in (a.lower().replace(" ", "_") for a in f.aliases)),
        None,
    )


def _id_field(field: str, schema: HostSchema) -> str:
    """`field`, or "id" when it names the instances' id the way an id column is commonly named after the noun
    ("loanid", "loan_id" for loans, as `LoanID > 9500`) or is the host's id column (`stall_no > 7290`), and no
    feature has that name.
    """
    noun = schema.instance_noun.lower().replace(" ", "_")
    own = (schema.id_name or "").lower().replace(" ", "_")
    if field in (f"{noun}id", f"{noun}_id", own or f"{noun}_id") and _named_feature(field, schema) is None:
        return "id"
    return field


def _clause_parts(condition: str, schema: HostSchema) -> list[str]:
    """The clauses of `condition`, split at its joins, but for a join inside a category value ("pattern = black and
    white", "seasoning = salt, pepper" where those are values): a part that is no clause of its own is joined back
    to the one before it when together they end in a value of the host's categories.
    """
    values = {c.lower() for f in schema.features for c in (f.categories or []) if _JOIN.search(c)}
    if not values:
        return _JOIN.split(condition)
    pieces = re.split(f"({_JOIN.pattern})", condition, flags=re.IGNORECASE)
    parts = [pieces[0]]
    for join, piece in zip(pieces[1::2], pieces[2::2], strict=True):
        joined = parts[-1] + join + piece
        match = _CLAUSE.match(joined)
        value = match.group("value").strip().strip("'\"").lower() if match else ""
        if not _CLAUSE.match(piece) and any(v == value or v.startswith(value + " ") for v in values):
            parts[-1] = joined
        else:
            parts.append(piece)
    return parts


def parse_condition(text: str, schema: HostSchema) -> list[Clause]:
    """Parse a group condition against `schema`.

    Raises:
        ArgumentError: an unknown feature (with the closest names), an unknown label, an operator that
            does not fit the feature's type, or text that is not a condition.
    """
    if len(text) > MAX_CONDITION_CHARS:
        raise ArgumentError(
            f"the condition is {len(text)} characters long; the limit is {MAX_CONDITION_CHARS}",
            argument="instance",
            valid=CONDITION_HELP,
        )
    # One space between words: the patterns below then never backtrack over a long run of spaces.
    stripped = " ".join(text.split())
    if stripped.lower() in ("all", "everyone", "all instances", "*"):
        return []
    names = [f.name for f in schema.features]
    clauses: list[Clause] = []
    for part in _clause_parts(stripped, schema):
        match = _CLAUSE.match(part)
        if not match:
            raise ArgumentError(
                f"cannot read {part!r} as a condition",
                argument="instance",
                valid=f"an instance id, feature values, or {CONDITION_HELP}",
            )
        field = _id_field(match.group("field").strip().lower().replace(" ", "_"), schema)
        op = "=" if match.group("op") == "==" else match.group("op")
        raw = match.group("value").strip().strip("'\"")
        if field in _SPECIAL_FIELDS:
            if field == "id":
                number = _number(raw)
                if number is None:
                    raise ArgumentError(f"id must be compared with a number, got {raw!r}", argument="instance")
                clauses.append(Clause("id", op, number))  # type: ignore[arg-type]
                continue
            if op not in ("=", "!="):
                raise ArgumentError(f"{field} can only be compared with = or !=", argument="instance")
            label = next((c for c in schema.class_names if c.lower() == raw.lower()), None)
            if label is None:
                raise ArgumentError(
                    f"unknown label {raw!r}",
                    argument="instance",
                    valid=", ".join(schema.class_names),
                    suggestions=closest(raw, schema.class_names),
                )
            clauses.append(Clause(field, op, label))  # type: ignore[arg-type]
            continue
        feature = _named_feature(field, schema)
        if feature is None:
            # "wear > 0.5" of pedal_wear_index and string_wear_index: a word of several names, asked which
            holders = [n for n in names if field.lower() in (w.lower() for w in name_words(n))]
            which = f"; {' or '.join(holders)}?" if len(holders) >= 2 else ""
            raise ArgumentError(
                f"unknown feature {field!r}{which}",
                argument="instance",
                valid=", ".join(names),
                suggestions=holders or closest(field, names + list(_SPECIAL_FIELDS)),
            )
        if feature.type == "numeric":
            number = _number(raw)
            if number is None:
                raise ArgumentError(
                    f"{feature.name} is numeric; {raw!r} is not a number",
                    argument="instance",
                    valid="a number",
                )
            clauses.append(Clause(feature.name, op, number))  # type: ignore[arg-type]
        else:
            if op not in ("=", "!="):
                raise ArgumentError(
                    f"{feature.name} is categorical and can only be compared with = or !=",
                    argument="instance",
                )
            categories = feature.categories or []
            value = next((c for c in categories if c.lower() == raw.lower()), None)
            if value is None and (either := _either_values(feature.name, raw, categories)) is not None:
                others = " and ".join(f"{feature.name} != {c}" for c in categories if c not in either) or "all"
                raise ArgumentError(
                    f"{EITHER_VALUES}; {feature.name} = {' or '.join(either)} is written {others!r}",
                    argument="instance",
                    valid=others,
                )
            if value is None:
                raise ArgumentError(
                    f"{feature.name} has no value {raw!r}",
                    argument="instance",
                    valid=", ".join(categories),
                    suggestions=closest(raw, categories),
                )
            clauses.append(Clause(feature.name, op, value))  # type: ignore[arg-type]
    return clauses


def _either_values(name: str, raw: str, categories: list[str]) -> list[str] | None:
    """The values of a categorical feature `name` that a value written with "or" names ("snowboard or touring",
    "snowboard or gear = touring"), as the host writes them; None when it is no such value.
    """
    parts = re.split(r"\s+or\s+", raw, flags=re.IGNORECASE)
    known = {c.lower(): c for c in categories}
    said = [re.sub(rf"^{re.escape(name)}\s*==?\s*", "", p.strip().strip("'\""), flags=re.IGNORECASE) for p in parts]
    values = [known.get(v.strip().strip("'\"").lower()) for v in said]
    return [v for v in values if v] if len(parts) > 1 and all(values) else None


def condition_fields(condition: str) -> list[str]:
    """The fields a condition's clauses test, as it names them, each once: "Wave Height > 9 and label = late" gives
    "Wave Height" and "label". Read without a schema (a condition a result states, as `Clause.text` writes it); a
    part that is no clause names no field.
    """
    stripped = " ".join(condition.split())
    if len(stripped) > MAX_CONDITION_CHARS:
        return []
    fields = (_CLAUSE.match(part) for part in _JOIN.split(stripped))
    return list(dict.fromkeys(m.group("field").strip() for m in fields if m))


def clause_field(clause: str) -> str:
    """The field one clause tests, as `condition_fields` reads it: "water temp c > 10" gives "water temp c", not its
    first word (which "water depth m > 3" shares). A part that is no clause ("women") stands for itself.
    """
    fields = condition_fields(clause)
    return fields[0] if fields else clause.strip()


@dataclass(frozen=True)
class RelativeChange:
    """A change relative to the current value: `+5`, `-5`, `+10%`, `*1.5`."""

    kind: Literal["add", "percent", "multiply"]
    amount: float

    def apply(self, current: float) -> float:
        """The value after this change: `current` plus the amount, plus that percent, or times the factor."""
        if self.kind == "add":
            return current + self.amount
        if self.kind == "percent":
            return current * (1 + self.amount / 100)
        return current * self.amount


_RELATIVE = re.compile(r"^\s*(?P<sign>[+\-*x×])\s*(?P<num>\d+(?:\.\d+)?)\s*(?P<pct>%?)\s*$")


def parse_change(value: ChangeValue) -> float | str | RelativeChange:
    """Read one what-if change value: an absolute number, a relative change, or a category/word."""
    if isinstance(value, bool):
        raise ArgumentError("a change value cannot be true/false", argument="changes", valid="a number or text")
    if isinstance(value, int | float):
        return float(value)
    match = _RELATIVE.match(value)
    if match:
        amount = float(match.group("num"))
        sign = match.group("sign")
        if sign in "*x×":
            return RelativeChange("multiply", amount)
        signed = amount if sign == "+" else -amount
        return RelativeChange("percent" if match.group("pct") else "add", signed)
    number = _number(value.strip())
    return number if number is not None else value
