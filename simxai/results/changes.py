"""Results about changing an instance: counterfactuals, what may change while the prediction stays, and what-ifs."""

from __future__ import annotations

import math
from typing import Any, Literal

import pydantic

from simxai.results.base import NotWhole, Result, Scalar, Subject, Unseen, filled_note, whole_note
from simxai.results.formatting import _counts, _probabilities, format_number, format_percent, listed, tie_note


class Change(pydantic.BaseModel):
    """A change of one feature (or word) from an old to a new value.

    `decimals` is set when the host computed `new` (a relative change such as "+10%"): the decimals the data
    records the feature with, at which renderings state it ("81 to 108", not "81 to 107.997"). `new` stays the
    exact value the model was given. Left out of the payload when None.
    """

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    old: Scalar
    new: Scalar
    decimals: int | None = None

    @pydantic.model_serializer(mode="wrap")
    def _without_unset_decimals(self, handler: pydantic.SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("decimals") is None:
            data.pop("decimals", None)
        return data

    @property
    def shown(self) -> Scalar:
        """`new` as renderings state it: rounded to `decimals` when the host computed it."""
        if self.decimals is None or isinstance(self.new, bool) or not isinstance(self.new, int | float):
            return self.new
        return round(float(self.new), self.decimals)

    def render(self) -> str:
        """Describe the change as 'feature from old to new', or a word's insertion, removal or replacement."""
        if self.old in (None, ""):
            return f"insert '{format_number(self.new)}'"
        # a text's word edit: the word is the feature, in whatever case the text has it ("broke" edits "Broke")
        word = isinstance(self.old, str) and self.feature.lower() == self.old.lower()
        if self.new in (None, ""):
            return f"remove '{self.feature}'" if word else f"remove {self.feature}"
        if word:
            return f"'{self.old}' to '{format_number(self.new)}'"
        if self.feature == "text" and isinstance(self.old, str) and isinstance(self.new, str):
            return f"the text from '{self.old}' to '{self.new}'"  # a whole text replaced, quoted as a word is
        return f"{self.feature} from {format_number(self.old)} to {format_number(self.shown)}"


def _without_empty(data: dict[str, Any], *names: str) -> dict[str, Any]:
    """A payload without the optional fields that are empty."""
    for name in names:
        if not data.get(name):
            data.pop(name, None)
    return data


def _held(change: Change) -> str:
    """A value an instance holds, as a what-if asked for it: "compost_kg = 13", or a text's "the word 'good'"."""
    if isinstance(change.old, str) and change.feature.lower() == change.old.lower():
        return f"the word '{change.old}'"
    return f"{change.feature} = {format_number(change.shown)}"


def _edits(changes: list[Change], verbs: tuple[str, str, str] = ("changing", "removing", "inserting")) -> str:
    """Changes with the verb each takes: "changing bmi from 30 to 35, removing 'boring'" (never "changing remove")."""
    changed: list[str] = []
    removed: list[str] = []
    inserted: list[str] = []
    for change in changes:
        said = change.render()
        for prefix, kept in (("remove ", removed), ("insert ", inserted)):
            if said.startswith(prefix):
                kept.append(said[len(prefix) :])
                break
        else:
            changed.append(said)
    parts = [
        f"{verb} {', '.join(said)}" for verb, said in zip(verbs, (changed, removed, inserted), strict=True) if said
    ]
    return ", ".join(parts) or f"{verbs[0]} no change"


def _already_predicted(label: str, subject: Subject, question: str = "how_to_be_that") -> str:
    """The sentence for a counterfactual asked towards the label the model already gives; for a why-not ("why is
    4 not X?" when 4 is predicted X), the question that asks for the explanation of the label it has.
    """
    said = f"The model already predicts {label} for {subject.description}"
    if question != "why_not":
        return f"{said}; nothing needs to change."
    return (
        f"{said}, so there is no other label to explain. To see why it predicts {label}, ask: why does the model "
        f"predict {label} for {subject.description}?"
    )


def _not_predicted_to_keep(label: str, probability: float, kept: str, subject: Subject) -> str:
    """The sentence for "how can it stay X?" when the model does not predict X: the question that asks for X."""
    return (
        f"The model predicts {label} for {subject.description} ({format_percent(probability)}), not {kept}, so "
        f"there is no {kept} to keep. To see what would make it {kept}, ask: what would need to change "
        f"for {subject.description} to be predicted {kept}?"
    )


class Counterfactual(pydantic.BaseModel):
    """A changed instance whose prediction was re-checked with the model."""

    model_config = pydantic.ConfigDict(frozen=True)

    changes: list[Change]
    label: str
    probability: float
    text: str | None = None


class CounterfactualResult(Result):
    """Counterfactuals that change the prediction to a target label (why-not and how-to-be-that)."""

    kind: Literal["counterfactual"] = "counterfactual"
    question: Literal["why_not", "how_to_be_that"]
    subject: Subject
    current_label: str
    target_label: str
    counterfactuals: list[Counterfactual]
    method: str
    note: str | None = None
    #: {label: probability} of the labels tied at the top of the model's prediction (the current label and the
    #: others with exactly its probability); the current label is the model's own tie-break; left out when empty
    tie: dict[str, float] = {}
    #: the proposed category values the model's encoder was never fitted on; left out when there are none
    unseen: list[Unseen] = []

    @pydantic.model_serializer(mode="wrap")
    def _without_empty_tie(self, handler: pydantic.SerializerFunctionWrapHandler) -> dict[str, Any]:
        return _without_empty(handler(self), "tie", "unseen")

    @classmethod
    def already(
        cls, question: Literal["why_not", "how_to_be_that"], subject: Subject, label: str, method: str
    ) -> CounterfactualResult:
        """The result when the model already predicts the target `label`: no search, and the one sentence that
        says so as its note (`render` says the same sentence, from the same place).
        """
        return cls(
            question=question,
            subject=subject,
            current_label=label,
            target_label=label,
            counterfactuals=[],
            method=method,
            note=_already_predicted(label, subject, question),
        )

    @property
    def found(self) -> bool:
        """Whether at least one verified counterfactual was found."""
        return bool(self.counterfactuals)

    def render(self) -> str:
        """State the current prediction and each counterfactual's changes, or why none was found."""
        if self.current_label == self.target_label and not self.counterfactuals:
            # one sentence, not the prediction twice
            return _already_predicted(self.current_label, self.subject, self.question)
        head = (
            f"The model predicts {self.current_label} for {self.subject.description}, not {self.target_label}."
            if self.question == "why_not" and self.current_label != self.target_label
            else f"The model predicts {self.current_label} for {self.subject.description}."
        ) + tie_note(self.tie, self.current_label)
        if self.note and not self.counterfactuals:
            return f"{head} {self.note}"
        if not self.counterfactuals:
            return f"{head} No change was found that makes the model predict {self.target_label}."
        options = []
        for i, cf in enumerate(self.counterfactuals, 1):
            changes = _edits(cf.changes, ("change", "remove", "insert"))
            if cf.text is not None:
                changes += f" ('{cf.text}')"
            options.append(f"({i}) {changes} (then {cf.label}, {format_percent(cf.probability)})")
        lead = "It would predict" if self.question == "why_not" else "To get"
        verb = f" {self.target_label} if you" if self.question == "why_not" else f" {self.target_label}:"
        changed = {c.feature for cf in self.counterfactuals for c in cf.changes}
        notes = filled_note(self.subject, changed) + whole_note(self.subject)
        if self.unseen:  # a proposal the model reads as "none of the values it knows"
            notes += f" Note: {'; '.join(u.render() for u in self.unseen)}."
        return f"{head} {lead}{verb} " + "; or ".join(options) + "." + notes


class FeatureRange(pydantic.BaseModel):
    """How far one feature may move, others fixed, while the prediction stays the same."""

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    current: Scalar
    low: float | None = None
    high: float | None = None
    categories: list[str] | None = None


class TextEdit(pydantic.BaseModel):
    """An edit of a text (a word replaced, or removed when `new` is empty)."""

    model_config = pydantic.ConfigDict(frozen=True)

    old: str
    new: str


class StillThisResult(Result):
    """What may change while the prediction stays the same; checked by sampling the model."""

    kind: Literal["still_this"] = "still_this"
    subject: Subject
    label: str
    probability: float
    ranges: list[FeatureRange] = []
    kept_edits: list[TextEdit] = []
    samples_checked: int
    samples_kept: int
    method: str
    kept_label: str | None = None  # the label the user asked to keep, when named
    #: {label: probability} of the labels tied at the top (as `CounterfactualResult.tie`); left out when empty
    tie: dict[str, float] = {}

    @pydantic.model_serializer(mode="wrap")
    def _without_empty_tie(self, handler: pydantic.SerializerFunctionWrapHandler) -> dict[str, Any]:
        return _without_empty(handler(self), "tie")

    def render(self) -> str:
        """State the prediction and the ranges within which each feature can move while it stays the same."""
        if self.kept_label is not None and self.kept_label != self.label:
            return _not_predicted_to_keep(self.label, self.probability, self.kept_label, self.subject)
        head = f"The model predicts {self.label} for {self.subject.description} ({format_percent(self.probability)})."
        head += tie_note(self.tie, self.label)
        parts = []
        for r in self.ranges:
            if r.categories is not None:
                parts.append(f"{r.feature} in {{{', '.join(r.categories)}}}")
            else:
                parts.append(f"{r.feature} between {format_number(r.low)} and {format_number(r.high)}")
        if self.kept_edits:
            parts += [f"'{e.old}' -> '{e.new or '(removed)'}'" for e in self.kept_edits]
        missing = self._missing()
        if not parts:
            return f"{head} No single change that keeps this prediction was found.{missing}"
        return f"{head} It stays {self.label} when, one at a time: {'; '.join(parts)}. {self._checked()}{missing}"

    def _missing(self) -> str:
        """The sentence naming the row's features the model reads as missing, which have no range, or ""."""
        shown = {r.feature for r in self.ranges}
        # NaN in process, null after JSON: a row's value the model reads as missing
        names = [
            name
            for name, value in (self.subject.values or {}).items()
            if name not in shown and (value is None or isinstance(value, float) and math.isnan(value))
        ]
        if self.subject.kind == "group" or not names:
            return ""
        listed = " and ".join(names)
        verb = "is" if len(names) == 1 else "are"
        return f" {listed} {verb} missing for {self.subject.description} (read so by the model): no range is given."

    def _checked(self) -> str:
        """How the kept changes were found: sampled ranges, or every single-word edit tried on a text."""
        if self.ranges or not self.kept_edits:
            return f"Checked on {self.samples_checked} sampled changes, {self.samples_kept} kept the prediction."
        listed = len(self.kept_edits)
        shown = "" if listed == self.samples_kept else f" ({listed} different word pairs listed)"
        return (
            f"Each of the {self.samples_checked} single-word edits tried was re-predicted by the model, "
            f"and {self.samples_kept} kept the prediction{shown}."
        )


class OutsideRange(pydantic.BaseModel):
    """A what-if value that lies outside the values the data shows for its feature (the model never saw one)."""

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    low: float
    high: float
    #: how many of the subject's rows the change puts outside the range (1 for a row)
    rows: int

    def render(self, change: Change, subject: Subject) -> str:
        """'income 20024.2 lies outside ...' for a row; for a group, how many of its rows the change puts outside."""
        span = f"the values the data shows ({format_number(self.low)} to {format_number(self.high)})"
        if subject.kind == "group":
            size = f" of the {subject.size}" if subject.size is not None else ""
            return f"for {self.rows}{size} rows, {self.feature} lies outside {span}"
        return f"{self.feature} {format_number(change.shown)} lies outside {span}"


class WhatIfResult(Result):
    """The prediction before and after changing the instance."""

    kind: Literal["what_if"] = "what_if"
    subject: Subject
    changes: list[Change]
    old_label: str
    old_probabilities: dict[str, float]
    new_label: str
    new_probabilities: dict[str, float]
    old_label_counts: dict[str, int] | None = None
    new_label_counts: dict[str, int] | None = None
    #: the changes whose new value lies outside the data's range; left out of the payload when there are none
    outside_range: list[OutsideRange] = []
    #: the changed features the host keeps fixed (`immutable_features`): the what-if supposes what cannot happen;
    #: left out of the payload when there are none
    fixed: list[str] = []
    #: a text's words, old or new, that the model does not read there (the text scores the same without them);
    #: left out of the payload when there are none
    unread: list[str] = []
    #: the changes to a value with a fraction of a feature the data records in whole numbers only (a grade of
    #: 2.5); left out of the payload when there are none
    not_whole: list[NotWhole] = []
    #: the changed features the model never uses (a tree model with no split on them): no value of them moves any
    #: prediction; left out of the payload when there are none
    unused: list[str] = []
    #: the changes to a category value the model's encoder was never fitted on (it reads it as none it knows);
    #: left out of the payload when there are none
    unseen: list[Unseen] = []

    @pydantic.model_serializer(mode="wrap")
    def _without_empty_outside(self, handler: pydantic.SerializerFunctionWrapHandler) -> dict[str, Any]:
        return _without_empty(handler(self), "outside_range", "fixed", "unread", "not_whole", "unused", "unseen")

    @pydantic.computed_field  # type: ignore[prop-decorator]
    @property
    def note(self) -> str | None:
        """The asked values the instance already has ("policyholder 5200 already has smoker = yes, so nothing
        changes"), the fixed features changed, the words not read, the fractions of whole numbers and the new
        values outside the data's range, or None.

        Part of the output (a change from "yes" to "yes" says nothing by itself, and a value the model never saw
        makes its answer an extrapolation), derived from `changes` and `outside_range` so that every host states
        it; a group's change is its mean or most common value, which says nothing of each row.
        """
        return "; ".join(p for p in (self._already(), *self._said()) if p) or None

    def _said(self) -> tuple[str | None, ...]:
        """The notes a reply adds after the change: fixed features, unread words, unused features, fractions of
        whole numbers, category values the model's encoder was never fitted on and values outside the data's range.
        """
        unseen = "; ".join(u.render() for u in self.unseen) or None
        return (self._fixed(), self._unread(), self._unused(), self._not_whole(), unseen, self._outside())

    def _unused(self) -> str | None:
        """The sentence on changed features the model never uses: equal probabilities alone do not say why."""
        if not self.unused:
            return None
        one = len(self.unused) == 1
        return (
            f"the model never uses {listed(self.unused)} (no tree splits on {'it' if one else 'them'}), so no value "
            f"of {'it' if one else 'them'} changes any prediction"
        )

    def _not_whole(self) -> str | None:
        """The sentence on new values with a fraction where the data holds whole numbers only."""
        return "; ".join(n.render() for n in self.not_whole) or None

    def _unread(self) -> str | None:
        """The sentence on swapped words the model does not read: equal probabilities alone do not say why."""
        unread = {w.lower() for w in self.unread}
        said = []
        for c in self.changes:
            old, new = str(c.old), str(c.new)
            if old.lower() in unread and (not new or new.lower() in unread):
                said.append(
                    f"the model does not read '{old}' here, so removing it changes nothing"
                    if not new
                    else f"the model reads neither '{old}' nor '{new}' here, so the swap changes nothing"
                )
            elif new and new.lower() in unread:
                said.append(
                    f"the model does not read '{new}' here (the text scores the same with it as with '{old}' removed), "
                    f"so this change only takes '{old}' out"
                )
        return "; ".join(said) or None

    def _fixed(self) -> str | None:
        """The sentence on changed features the host keeps fixed: allowed as a supposition, never a real change."""
        if not self.fixed:
            return None
        they = "it cannot" if len(self.fixed) == 1 else "they cannot"
        return (
            f"the host keeps {' and '.join(self.fixed)} fixed: {they} change in reality, "
            "so this what-if is a supposition"
        )

    def _already(self, who: str | None = None) -> str | None:
        """The sentence on asked values the instance already has: "plot 7001 already has compost_kg = 13" (`who`
        for the subject's description: "it" inside a sentence that names it).
        """
        same = [c for c in self.changes if c.old == c.new]
        if self.subject.kind == "group" or not same:
            return None
        already = f"{who or self.subject.description} already has {listed(_held(c) for c in same)}"
        return f"{already}, so nothing changes" if len(same) == len(self.changes) else already

    def _outside(self) -> str | None:
        """The sentence on values outside the data's range: the model's answer there is an extrapolation."""
        by_name = {c.feature: c for c in self.changes}
        said = [o.render(by_name[o.feature], self.subject) for o in self.outside_range if o.feature in by_name]
        if not said:
            return None
        which = "such values" if len(said) > 1 or self.subject.kind == "group" else "such a value"
        return f"{'; '.join(said)}: the model was never fitted on {which}, so its answer there is an extrapolation"

    def render(self) -> str:
        """State the changes and the prediction before and after them (for a group, the label counts)."""
        changes = _edits(self.changes)
        if self.old_label_counts is not None and self.new_label_counts is not None:
            before = _counts(self.old_label_counts)
            after = _counts(self.new_label_counts)
            return (
                f"For {self.subject.description}, {changes} moves the predictions from {before} to {after}."
                + self._outside_sentence()
            )
        verdict = "changes to" if self.new_label != self.old_label else "stays"
        note = self._already()
        moved = [c for c in self.changes if c.old != c.new] if note else self.changes
        if note is not None and not moved:
            stays = f"the prediction stays {self.old_label} ({_probabilities(self.old_probabilities)})"
            return f"{note[:1].upper()}{note[1:]}: {stays}."
        if note is not None:
            changes = _edits(moved) + f" ({self._already('it')})"
        return (
            f"For {self.subject.description}, {changes}: the prediction {verdict} {self.new_label} "
            f"(before: {self.old_label}, {_probabilities(self.old_probabilities)}; "
            f"after: {_probabilities(self.new_probabilities)})."
            + tie_note(self.new_probabilities, self.new_label)
            + filled_note(self.subject, {c.feature for c in self.changes if c.old != c.new})
            + whole_note(self.subject, {c.feature for c in self.changes})
            + self._outside_sentence()
        )

    def _outside_sentence(self) -> str:
        said = "; ".join(p for p in self._said() if p)
        return f" Note: {said}." if said else ""
