"""The text host's instances: a text, an id of its data set or a condition on them, read into a subject."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from typing import Any

from simxai.exceptions import ArgumentError
from simxai.hosts.base import FeatureSchema, HostSchema, InstanceRef, Selection
from simxai.hosts.text._base import _LENGTH, _LENGTH_ALIASES, TextBase
from simxai.hosts.text._conditions import read_condition
from simxai.hosts.text._words import _normalise, _shorten, _unquote, words_of
from simxai.instances import CONDITION_HELP, Clause, parse_condition
from simxai.results import Subject
from simxai.textbounds import MAX_DIGITS

_OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    "=": operator.eq,
    "!=": operator.ne,
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
}


class TextInstances(TextBase):
    """The schema, and references (ids, texts, conditions) read into subjects and their texts."""

    def schema(self) -> HostSchema:
        """Describe the one input (the text), the labels, the id range and the metrics."""
        return HostSchema(
            name=self.name,
            kind="text",
            instance_noun=self.instance_noun,
            class_names=self.class_names,
            features=[
                FeatureSchema(
                    name="text",
                    type="text",
                    description=f"the {self.instance_noun}; what-if may replace it or any of its words",
                )
            ],
            id_range=(0, len(self._texts) - 1) if self._texts else None,
        )

    def resolve(self, instance: InstanceRef) -> Subject:
        """Turn a text, an id, `{"text": ...}` or a condition into a subject.

        A condition compares label (or the data card's target), prediction, id or text_length_words; a string
        that reads as a condition on another field is an error, never a text (see `_conditions`).
        """
        if isinstance(instance, bool):
            raise ArgumentError("an instance cannot be true/false", argument="instance", valid=self._valid_refs())
        if isinstance(instance, int):
            return self._row(instance)
        if isinstance(instance, Mapping):
            if set(instance) == {"text"} and isinstance(instance["text"], str):
                return self._text(instance["text"])
            if set(instance) == {"id"} and isinstance(instance["id"], int) and not isinstance(instance["id"], bool):
                return self._row(instance["id"])
            raise ArgumentError(
                f"a {self.instance_noun} has no feature values; got the keys {sorted(instance)}",
                argument="instance",
                valid='{"text": <the text>} or ' + self._valid_refs(),
            )
        if isinstance(instance, str):
            selection = self.select(instance)
            if selection.subject is None:
                raise ArgumentError(
                    f"no {self.instance_noun} matches {selection.condition!r}",
                    argument="instance",
                    valid=self._valid_refs(),
                )
            return selection.subject
        raise ArgumentError(
            f"cannot use a {type(instance).__name__} as an instance",
            argument="instance",
            valid=self._valid_refs(),
        )

    def select(self, reference: str) -> Selection:
        """Read a reference in words as `resolve` does (an id, a condition, else a text); a condition no text meets
        is a selection without subject.

        Raises:
            ArgumentError: an unknown id, a condition this host cannot read, or a text it cannot take.
        """
        # One space between words, so the patterns below never backtrack over a long run of spaces.
        stripped = _normalise(reference)
        id_ref = re.fullmatch(
            rf"(?:#|id ?[:=]? ?|{re.escape(self.instance_noun)} ?#? ?)?(-?\d{{1,{MAX_DIGITS}}})",
            stripped,
            re.IGNORECASE,
        )
        if id_ref:
            return Selection(subject=self._row(int(id_ref.group(1))))
        condition = read_condition(stripped, self._fields, self._plural)
        if condition is not None:
            return self._group(condition)
        return Selection(subject=self._text(stripped))

    def describes_groups(self) -> bool:
        """True: `data_information` describes a group's texts."""
        return True

    def _valid_refs(self) -> str:
        ids = f"an id from 0 to {len(self._texts) - 1}, " if self._texts else ""
        return f"{ids}a text, or {self._fields.valid(quoted=False)}"

    def _text(self, text: str) -> Subject:
        text = _normalise(_unquote(text))
        if not text:
            raise ArgumentError(
                f"the {self.instance_noun} is empty",
                argument="instance",
                valid=f"a non-empty {self.instance_noun}",
            )
        words = len(words_of(text))
        if words > self.max_words:
            raise ArgumentError(
                f"the {self.instance_noun} has {words} words; this host explains {self._plural} of at most "
                f"{self.max_words} words",
                argument="instance",
                valid=f"a {self.instance_noun} of at most {self.max_words} words",
            )
        return Subject(kind="text", description=f'the {self.instance_noun} "{_shorten(text)}"', text=text)

    def _checked_id(self, row: int) -> int:
        """`row`, once checked to be an id of the data set (raises, naming the valid range, if not)."""
        if not self._texts:
            raise ArgumentError(
                f"{self.instance_noun} ids are not available: this host has no data set",
                argument="instance",
                valid=f"the {self.instance_noun} itself, as a string",
            )
        if not 0 <= row < len(self._texts):
            raise ArgumentError(
                f"there is no {self.instance_noun} {row}",
                argument="instance",
                valid=f"an id from 0 to {len(self._texts) - 1}",
            )
        return row

    def _row(self, row: int) -> Subject:
        text = self._texts[self._checked_id(row)]
        return Subject(kind="row", description=f'{self.instance_noun} {row} ("{_shorten(text)}")', id=row, text=text)

    def _group(self, condition: str) -> Selection:
        if not self._texts:
            raise ArgumentError(
                f"this host has no data set, so no group of {self._plural} can be selected",
                argument="instance",
                valid=f"one {self.instance_noun}, as a string",
            )
        # Conditions may use label, prediction, id and the data card's statistics: the words of a text are
        # not features. `read_condition` has given each field its canonical name.
        schema = self.schema().model_copy(
            update={"features": [FeatureSchema(name=_LENGTH, type="numeric", aliases=list(_LENGTH_ALIASES))]}
        )
        try:
            clauses = parse_condition(condition, schema)
        except ArgumentError as exc:
            # The parser's own `valid` names a value (the labels, "a number") or else its tabular example.
            own = exc.valid and CONDITION_HELP not in exc.valid
            raise ArgumentError(
                str(exc),
                argument="instance",
                valid=f"{exc.valid}; {self._fields.quoted()}" if own else self._fields.valid(),
                suggestions=exc.suggestions,
            ) from None
        if any(c.field == "prediction" for c in clauses):
            self.predict_proba(self._texts)  # one batched model call, cached for `_matches`
        ids = [i for i in range(len(self._texts)) if all(self._matches(i, c) for c in clauses)]
        text = " and ".join(c.text() for c in clauses)
        fields = list(dict.fromkeys(c.field for c in clauses))
        if not ids:
            return Selection(subject=None, condition=text, fields=fields)
        description = f"the {len(ids)} {self._plural} with {text}" if clauses else f"all {len(ids)} {self._plural}"
        group = Subject(
            kind="group", description=description, condition=text or "all", size=len(ids), ids=ids, nouns=self._plural
        )
        return Selection(subject=group, condition=group.condition, fields=fields)

    def _matches(self, row: int, clause: Clause) -> bool:
        if clause.field == "label":
            value: Any = self._labels[row]
        elif clause.field == "prediction":
            value = self._label(self.predict_proba([self._texts[row]])[0])
        elif clause.field == _LENGTH:
            value = float(self._lengths()[row])
        else:
            value = float(row)
        return _OPERATORS[clause.op](value, clause.value)

    def _subject_texts(self, subject: Subject) -> list[str]:
        if subject.kind == "group":
            if not subject.ids:
                raise ArgumentError("the group is empty", argument="instance", valid=self._valid_refs())
            return [self._texts[self._checked_id(i)] for i in subject.ids]
        if subject.kind == "row" and subject.id is not None:
            return [self._texts[self._checked_id(subject.id)]]
        if subject.kind == "text" and subject.text:
            return [_normalise(subject.text)]
        raise ArgumentError(
            f"a text host cannot use {subject.description}", argument="instance", valid=self._valid_refs()
        )

    def _one_text(self, subject: Subject, what: str) -> str:
        if subject.kind == "group":
            raise ArgumentError(
                f"{what} needs one {self.instance_noun}, but {subject.description} selects {subject.size}",
                argument="instance",
                valid=f"one id or one {self.instance_noun}",
            )
        return self._subject_texts(subject)[0]
