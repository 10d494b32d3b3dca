"""What changing features does, for the tabular host: what-if, counterfactuals and what keeps the prediction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np

from simxai.exceptions import ArgumentError
from simxai.hosts._tabular_base import TabularBase
from simxai.hosts._tabular_data import Feature, Value, decimals_of
from simxai.hosts._tabular_dice import CounterfactualSearch, verify
from simxai.hosts._tabular_search import NeighbourSearch
from simxai.hosts._tabular_shap import split_thresholds
from simxai.hosts._tabular_still import GRID_POINTS, stable_ranges
from simxai.hosts._tabular_unseen import unseen_values
from simxai.hosts._tabular_unused import unused_features
from simxai.hosts._tabular_whole import not_whole
from simxai.hosts.base import ChangeValue, outside_range
from simxai.hosts.month_wrap import month_of_year, wrapped_months
from simxai.instances import RelativeChange, parse_change
from simxai.results import (
    Change,
    Counterfactual,
    CounterfactualResult,
    OutsideRange,
    StillThisResult,
    Subject,
    WhatIfResult,
    format_number,
    listed,
)

MAX_COUNTERFACTUALS = 10


def _diverse(found: list[Counterfactual], count: int) -> list[Counterfactual]:
    """Up to `count` counterfactuals, fewest changes first, preferring ones that change other features.

    `found` comes sorted by number and size of changes; two ways that move the same feature to different
    values tell a user less than two ways that move different features.
    """
    chosen: list[Counterfactual] = []
    seen: set[frozenset[str]] = set()
    for cf in found:
        features = frozenset(c.feature for c in cf.changes)
        if features not in seen and len(chosen) < count:
            chosen.append(cf)
            seen.add(features)
    chosen += [cf for cf in found if cf not in chosen][: count - len(chosen)]
    return sorted(chosen, key=lambda cf: len(cf.changes))


def _mean(values: list[float]) -> float:
    """The mean of the values that are not missing; NaN (missing) when all are."""
    kept = [v for v in values if not np.isnan(v)]
    return float(np.mean(kept)) if kept else float("nan")


class TabularChanges(TabularBase):
    """What-if, counterfactuals and still-this: each change the host states is checked with the model."""

    def _search(self) -> CounterfactualSearch:
        return self._resource(
            "dice",
            lambda: CounterfactualSearch(self.model, self.table, self._y, self.target, self._mutable, self.seed),
        )

    def _nearest(self) -> NeighbourSearch:
        return self._resource(
            "nearest",
            lambda: NeighbourSearch(self.table, self._predictions()[0], self._mutable, self._predict_frame, self.seed),
        )

    def _thresholds(self) -> list[np.ndarray] | None:
        return self._resource("thresholds", lambda: split_thresholds(self.model, len(self.table.names)))

    def what_if(self, subject: Subject, changes: Mapping[str, ChangeValue | None]) -> WhatIfResult:
        """Predict again after applying `changes` (absolute values, relative changes or categories).

        Raises:
            ArgumentError: no changes, an unknown feature (with close names), or a value the feature
                cannot take.
        """
        if not changes:
            raise ArgumentError(
                "no changes given",
                argument="changes",
                valid='e.g. {"bmi": 30} or {"glucose": "-5"}',
                missing=["changes"],
            )
        before = self._resolver.frame(subject)
        after = before.copy()
        applied: list[Change] = []
        outside: list[OutsideRange] = []
        stated: dict[str, Value] = {}  # new values the user stated or stepped to, not computed by a percent or factor
        for key, raw in changes.items():
            feature = self.table.lookup(str(key), "changes")
            old = self.table.value_column(feature, before)
            new: list[Value]
            if raw is None:  # "what if its X were unknown?": only a model that reads a missing value itself
                new = [self._missing(feature, subject)] * len(before)
                self.table.set_column(after, feature, new)
                applied.append(self._change(feature.name, old, new, subject))
                continue
            parsed = parse_change(raw)
            if feature.kind == "categorical":
                if isinstance(parsed, RelativeChange):
                    raise ArgumentError(
                        f"{feature.name} is categorical; it cannot change by {raw!r}",
                        argument="changes",
                        valid=f"one of {listed(feature.categories, 'or')}",
                    )
                new = [self.table.check(feature, raw, "changes")] * len(before)
            elif isinstance(parsed, RelativeChange):
                if subject.kind != "group" and np.isnan(float(old[0])):
                    raise ArgumentError(
                        f"{feature.name} is missing for {subject.description}, so it cannot change by {raw!r}; "
                        f"give the value to try instead",
                        argument="changes",
                        valid=f"a number (observed {format_number(feature.min)} to {format_number(feature.max)})",
                    )
                stepped = [float(np.round(parsed.apply(float(v)), 10)) for v in old]
                if parsed.kind == "add" and month_of_year(feature.name, feature.min, feature.max):
                    stepped = wrapped_months(stepped)  # December + 1 is 1, never 13
                new = list(stepped)
                for v in new:
                    self.table.check(feature, v, "changes")
            else:
                new = [self.table.check(feature, parsed, "changes")] * len(before)
            self.table.set_column(after, feature, new)
            if feature.kind != "categorical" and feature.min is not None and feature.max is not None:
                # a value the data never shows: the model's answer there is an extrapolation, and said so
                beyond = sum(outside_range(float(v), feature.min, feature.max) is not None for v in new)
                if beyond:
                    outside.append(OutsideRange(feature=feature.name, low=feature.min, high=feature.max, rows=beyond))
            if not isinstance(parsed, RelativeChange) or (parsed.kind == "add" and subject.kind != "group"):
                stated[feature.name] = new[0]
            computed = feature.decimals if isinstance(parsed, RelativeChange) else None
            if isinstance(parsed, RelativeChange) and parsed.kind == "add":
                # "+0.5" on whole grades gives 3.5, said as such (rounded to the data's decimals it read "3 to 4")
                computed = max(feature.decimals, decimals_of(np.array([parsed.amount])))
            applied.append(self._change(feature.name, old, new, subject, computed))
        old_labels, old_proba = self._predict_frame(before)
        new_labels, new_proba = self._predict_frame(after)
        group = subject.kind == "group"
        single = None if group else after  # a group's rows are not each asked what the model makes of the value
        # the changed row's probabilities are new_proba's: only its whole neighbours are asked of the model
        fractions = not_whole(self.table, stated, single, self.model.predict_proba, None if group else new_proba[0])
        return WhatIfResult(
            subject=subject,
            changes=applied,
            old_label=self.class_names[self._majority(old_labels)],
            old_probabilities=self._probabilities(old_proba.mean(axis=0)),
            new_label=self.class_names[self._majority(new_labels)],
            new_probabilities=self._probabilities(new_proba.mean(axis=0)),
            old_label_counts=self._counts(old_labels) if group else None,
            new_label_counts=self._counts(new_labels) if group else None,
            outside_range=outside,
            # allowed as a supposition ("ten years older"), said so: nothing done to the instance can change these
            fixed=[c.feature for c in applied if c.feature in self.immutable_features and c.old != c.new],
            not_whole=fractions,
            unused=self._unused(applied),
            unseen=unseen_values(self.unseen_known, {c.feature: c.new for c in applied if c.old != c.new}),
        )

    def _unused(self, applied: list[Change]) -> list[str]:
        """The changed features no split of a tree model depends on: no value of them moves any of its predictions.

        Read from the model's own structure (`unused_features`: its trees' splits and, in a `Pipeline`, the
        columns made from each feature; none for models whose splits are not read), so equal probabilities before
        and after are said for what they are, not left to look like the model's view.
        """
        unused = self._resource("unused", lambda: unused_features(self.model, self.table.names))
        if not unused:
            return []
        return [c.feature for c in applied if c.old != c.new and c.feature in unused]

    def _missing(self, feature: Feature, subject: Subject) -> float:
        """NaN for a feature the model reads as missing itself (a what-if setting it to null).

        Raises:
            ArgumentError: the model does not read a missing value of `feature`, naming those it does read.
        """
        if feature.name in self.table.reads_missing:
            return float("nan")
        reads = sorted(self.table.reads_missing)
        imputation = self.filled.imputation
        if imputation is not None and feature.name in imputation.features:
            reason = f"the model's imputer fills a missing {feature.name}, so no what-if can keep it missing"
            if subject.id is not None:
                example = f'{{"instance": {{"id": {subject.id}, "{feature.name}": null}}}}'
                reason += f"; for its prediction with {feature.name} filled that way, ask get_prediction {example}"
        elif reads:
            reason = f"the model reads a missing value of {listed(reads)} only"
        else:
            reason = "the model does not read missing values itself"
        valid = (
            f"one of {listed(feature.categories, 'or')}"
            if feature.kind == "categorical"
            else f"a number (observed {format_number(feature.min)} to {format_number(feature.max)})"
        )
        raise ArgumentError(f"{feature.name} cannot be set to missing: {reason}", argument="changes", valid=valid)

    def _change(
        self, feature: str, old: list[Value], new: list[Value], subject: Subject, decimals: int | None = None
    ) -> Change:
        """The change as stated: a row's values (a computed new value with the feature's `decimals`), or a group's."""
        if subject.kind != "group":
            return Change(feature=feature, old=old[0], new=new[0], decimals=decimals)
        # A group's change is stated by its mean (numeric) or its most common value (categorical).
        if isinstance(old[0], str):
            return Change(feature=feature, old=max(set(old), key=old.count), new=max(set(new), key=new.count))
        digits = self.table.by_name[feature].decimals + 1
        # nanmean: a missing value the model reads itself stays missing and is not averaged
        old_mean, new_mean = _mean([float(v) for v in old]), _mean([float(v) for v in new])
        return Change(feature=feature, old=round(old_mean, digits), new=round(new_mean, digits))

    # ---------------------------------------------------------------------------- counterfactuals

    def counterfactuals(
        self,
        subject: Subject,
        target_label: str,
        count: int,
        question: Literal["why_not", "how_to_be_that"],
    ) -> CounterfactualResult:
        """Up to `count` changes that make the model predict `target_label`, each re-checked with the model.

        Only mutable features change, within their observed ranges; values are rounded to the precision the
        data records, and rounded counterfactuals are predicted again.

        Raises:
            ArgumentError: a group, an unknown label, or a count outside 1..10.
        """
        self._resolver.single(subject, "a counterfactual")
        if question not in ("why_not", "how_to_be_that"):
            raise ArgumentError(f"unknown question {question!r}", argument="question", valid="why_not, how_to_be_that")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNTERFACTUALS:
            raise ArgumentError(
                f"count must be between 1 and {MAX_COUNTERFACTUALS}, got {count!r}",
                argument="count",
                valid=f"an integer from 1 to {MAX_COUNTERFACTUALS}",
            )
        target = self._label_index(target_label, "target_label")
        return self._results.get(
            ("counterfactuals", self._key(subject), target, count, question, self.counterfactual_method),
            lambda: self._counterfactuals(subject, target, count, question),
        )

    def _counterfactuals(
        self, subject: Subject, target: int, count: int, question: Literal["why_not", "how_to_be_that"]
    ) -> CounterfactualResult:
        predictions = self._lazy.peek("predictions") if subject.kind == "row" else None
        if predictions is not None and subject.id is not None:
            current = int(predictions[0][self._resolver.position(subject.id)])
        elif subject.kind == "values":
            # the prediction `explain_why_not` asked for (to state a tie), cached for custom values: not run twice
            current = self._label_index(self._predicted(subject).label, "instance")
        else:
            current = int(self._predict_labels(self._resolver.frame(subject))[0])
        target_name = self.class_names[target]
        result: dict[str, Any] = {
            "question": question,
            "subject": subject,
            "current_label": self.class_names[current],
            "target_label": target_name,
        }
        if current == target:
            return CounterfactualResult.already(question, subject, target_name, "none (no search needed)")
        if not self._mutable:
            return CounterfactualResult(
                **result,
                counterfactuals=[],
                method="none",
                note="No feature may change, so no search was run.",
            )
        values = self._resolver.values(subject)
        found: list[Counterfactual] = []
        if self.counterfactual_method == "nearest":
            proposed = self._nearest().propose(values, target)
            found = verify(self._predict_frame, self.table, self.class_names, values, proposed, target)
            method = (
                "nearest rows the model gives the target label, sparsified and moved closer "
                "(simxai's own search), each counterfactual re-checked with the model"
            )
        else:
            search = self._search()
            methods = []
            for name in ("random", "genetic"):
                methods.append(name)
                proposed = search.propose(values, target, count, name)
                for cf in verify(self._predict_frame, self.table, self.class_names, values, proposed, target):
                    if all(cf.changes != kept.changes for kept in found):
                        found.append(cf)
                if len(found) >= count:
                    break
            method = f"DiCE ({' then '.join(methods)} search), each counterfactual re-checked with the model"
        found = _diverse(found, count)
        fixed = f"; {listed(self.immutable_features)} kept fixed" if self.immutable_features else ""
        note = None
        if not found:
            note = (
                f"No change of {listed(self._mutable, 'or')} within their observed ranges was found that makes "
                f"the model predict {target_name}{fixed}."
            )
        elif len(found) < count:
            note = f"Only {len(found)} of the {count} requested counterfactuals were found{fixed}."
        # a proposed value the model reads as none it knows, once however many counterfactuals propose it
        never_fitted = {
            (u.feature, u.value): u
            for cf in found
            for c in cf.changes
            for u in unseen_values(self.unseen_known, {c.feature: c.new})
        }
        return CounterfactualResult(
            **result,
            counterfactuals=found,
            method=method,
            note=note,
            unseen=list(never_fitted.values()),
        )

    def still_this(self, subject: Subject) -> StillThisResult:
        """Per feature (others fixed), the range or categories that keep the prediction, checked by sampling.

        Ranges lie within the observed values (and the current one); the narrowest relative ranges come first.
        """
        self._resolver.single(subject, "what keeps the prediction")
        return self._results.get(("still", self._key(subject)), lambda: self._still(subject))

    def _still(self, subject: Subject) -> StillThisResult:
        frame = self._resolver.frame(subject)
        labels, proba = self._predict_frame(frame)
        label = int(labels[0])
        thresholds = self._thresholds()
        found = stable_ranges(
            self._predict_labels, self.table, frame, self._resolver.values(subject), label, thresholds, self.seed
        )
        check = "at every split threshold of the trees and at random points" if thresholds else "at random points"
        return StillThisResult(
            subject=subject,
            label=self.class_names[label],
            probability=float(proba[0, label]),
            ranges=found.ranges,
            samples_checked=found.checked,
            samples_kept=found.kept,
            method=f"one feature at a time on a {GRID_POINTS}-point grid over its observed range, checked {check}",
        )
