"""The claims a reply makes as a whole or sentence by sentence, outside its clauses: edits and kept edits, rankings
said as chains, statements the outputs do not make (of the model, its explainer, its settings), label slots and
meanings, said movements, moves said with their ends swapped (`_swapped_ends`), a class said as a verb after a
verb of prediction (`_verb_labels`), the class the model leans towards (`_leaning`), two metrics compared
(`_metric_order`), statistics, group means, and counts said of a confusion matrix's cells (`_confusions`). Split
from `_checks` (claims-20), which reads the clauses.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from simxai.guard._agreement import agreement_claims, all_agree_claims
from simxai.guard._category_values import category_value_claims
from simxai.guard._caught_of import caught_of_claims
from simxai.guard._chains import ranked_chains
from simxai.guard._class_metrics import class_metric_claims
from simxai.guard._class_moves import class_move_claims
from simxai.guard._class_order import class_order_claims
from simxai.guard._class_totals import class_total_claims
from simxai.guard._confusions import confusion_claims
from simxai.guard._global_for import global_label_claims
from simxai.guard._glosses import gloss_claims
from simxai.guard._group_means import group_mean_claims, group_pair_claims
from simxai.guard._importance_said import global_means, importance_claims
from simxai.guard._kept import kept_edit_claims
from simxai.guard._leaning import leaning_claims
from simxai.guard._meanings import meaning_claims
from simxai.guard._mentions import name_words
from simxai.guard._metric_counts import metric_count_claims
from simxai.guard._metric_order import metric_order_claims
from simxai.guard._own_order import own_order_claims
from simxai.guard._rank_checks import _in_order
from simxai.guard._reading import subject_ids
from simxai.guard._record_forms import recorded_form_claims
from simxai.guard._rule_labels import rule_label_claims
from simxai.guard._said_order import said_order_claims
from simxai.guard._search_flips import search_flip_claims
from simxai.guard._settings import setting_claims, training_claims
from simxai.guard._slots import explained_label_claims, label_slot_claims
from simxai.guard._spaces import space_claims
from simxai.guard._state import _CheckState
from simxai.guard._statements import (
    edit_claims,
    explainer_claims,
    model_claims,
    movement_claims,
    property_claims,
    unstated_claims,
)
from simxai.guard._statistics import misnamed_statistic_claims, statistic_claims
from simxai.guard._surer import surer_claims
from simxai.guard._surer_gap import surer_gap_claims
from simxai.guard._swapped_ends import category_change_claims, swapped_end_claims
from simxai.guard._truth_values import truth_value_claims
from simxai.guard._verb_labels import verb_label_claims

__all__ = ["_StatementChecks", "_mechanism", "_pairs"]


class _StatementChecks(_CheckState):
    """Readers of the reply as a whole and of each sentence, outside the clause-by-clause checks."""

    def _edits(self) -> None:
        for text, ok in edit_claims(self.unmasked, self.all.rewrites, self.context, _pairs(self.all.changes)):
            self.report.claim(text, ok, via=_mechanism("edit_claims", text))
        for text, ok in kept_edit_claims(self.unmasked, self.all.kept_edits, self.all.samples):
            self.report.claim(text, ok, via=_mechanism("kept_edit_claims", text))

    def _chains(self, sentence: str) -> None:
        """A ranking said as a chain ("the top feature is A, then B, then C"), on one subject's outputs."""
        rankings = [r for r in (self.all.local_ranking, self.all.global_ranking) if r]
        if rankings and len(self.ids) <= 1:
            chains = ranked_chains(sentence, self.names.features, self.names.quoted_only)
            for said, holds in _chain_claims(chains, rankings):
                self.report.claim(said, holds, via=_mechanism("chain_claims", said))

    def _unstated(self, sentence: str) -> None:
        if self.structured:
            for said, holds in model_claims(sentence, self.output_text):
                self.report.claim(said, holds, via=_mechanism("model_claims", said))
            for said, holds in explainer_claims(sentence, self.output_text):
                self.report.claim(said, holds, via=_mechanism("explainer_claims", said))
            for said, holds in property_claims(sentence, self.output_text):
                self.report.claim(said, holds, via=_mechanism("property_claims", said))
            for said, holds in setting_claims(sentence, self.all.settings):
                self.report.claim(said, holds, via=_mechanism("setting_claims", said))
            for said, holds in training_claims(sentence, self.output_text):
                self.report.claim(said, holds, via=_mechanism("training_claims", said))
            for said, holds in rule_label_claims(sentence, self.output_text, self.names.labels):  # claims-32
                self.report.claim(said, holds, via=_mechanism("rule_label_claims", said))
            for said, holds in space_claims(sentence, self.all.spaces):  # claims-54
                self.report.claim(said, holds, via=_mechanism("space_claims", said))
        if not sentence.rstrip().endswith("?"):
            for said, holds in label_slot_claims(sentence, self.names.labels, self.label_forms):
                self.report.claim(said, holds, via=_mechanism("label_slot_claims", said))
            for said, holds in explained_label_claims(sentence, self.names.labels, self.all.explained):
                self.report.claim(said, holds, via=_mechanism("explained_label_claims", said))
            for said, holds in movement_claims(sentence, self.names.features):
                self.report.claim(said, holds, via=_mechanism("movement_claims", said))
            for said, holds in said_order_claims(sentence):  # claims-27
                self.report.claim(said, holds, via=_mechanism("said_order_claims", said))
            for said, holds in own_order_claims(sentence):  # "A leads (+0.05), ahead of B (+0.08)" (claims-49)
                self.report.claim(said, holds, via=_mechanism("own_order_claims", said))
            for said, holds in surer_claims(sentence, self.facts, self.label_forms):  # claims-27
                self.report.claim(said, holds, via=_mechanism("surer_claims", said))
            for said, holds in surer_gap_claims(sentence, self.facts):  # "surer by about eight points" (claims-39)
                self.report.claim(said, holds, via=_mechanism("surer_gap_claims", said))
            for said, holds in swapped_end_claims(sentence, self.all):
                self.report.claim(said, holds, via=_mechanism("swapped_end_claims", said))
            labels = self.names.labels
            for said, holds in verb_label_claims(sentence, labels, self.all) if len(self.ids) <= 1 else ():
                self.report.claim(said, holds, via=_mechanism("verb_label_claims", said))
            for said, holds in (
                leaning_claims(sentence, labels, self.label_forms, self.all) if len(self.ids) <= 1 else ()
            ):
                self.report.claim(said, holds, via=_mechanism("leaning_claims", said))
            recorded = self.all.recorded if len(self.ids) <= 1 else set()
            for said, holds in recorded_form_claims(sentence, self.label_forms, recorded, labels):  # claims-34, 41
                self.report.claim(said, holds, via=_mechanism("recorded_form_claims", said))
            means = global_means(self.all.attributions, bool(self.all.local_ranking))
            numbers, quoted = self.all.feature_numbers, self.names.quoted_only
            for said, holds in (
                importance_claims(sentence, self.names.features, numbers, means, quoted) if means else ()
            ):
                self.report.claim(said, holds, via=_mechanism("importance_claims", said))  # claims-48
            correct = self.all.correct if len(self.ids) <= 1 else None
            for said, holds in agreement_claims(sentence, labels, self.label_forms, correct, recorded):  # claims-48
                self.report.claim(said, holds, via=_mechanism("agreement_claims", said))
            subjects = [f for f in self.facts if f.subject_id is not None]
            for said, holds in all_agree_claims(sentence, subjects, labels, self.label_forms):  # claims-53
                self.report.claim(said, holds, via=_mechanism("all_agree_claims", said))
            for said, holds in metric_order_claims(sentence, self.all.metrics):
                self.report.claim(said, holds, via=_mechanism("metric_order_claims", said))
            for said, holds in metric_count_claims(sentence, labels, self.label_forms, self.all):  # claims-53
                self.report.claim(said, holds, via=_mechanism("metric_count_claims", said))
            for said, holds in search_flip_claims(sentence, labels, self.label_forms, self.all):  # claims-54
                self.report.claim(said, holds, via=_mechanism("search_flip_claims", said))
            for said, holds in (
                class_move_claims(sentence, labels, self.label_forms, self.all) if len(self.ids) <= 1 else ()
            ):
                self.report.claim(said, holds, via=_mechanism("class_move_claims", said))  # claims-54
            for said, holds in class_order_claims(sentence, labels, self.label_forms, self.facts):  # claims-54
                self.report.claim(said, holds, via=_mechanism("class_order_claims", said))
            for said, holds in meaning_claims(sentence, self.names.labels, self.all.meanings):
                self.report.claim(said, holds, via=_mechanism("meaning_claims", said))
            for said, holds in gloss_claims(sentence, self.names.labels, self.all.meanings):
                self.report.claim(said, holds, via=_mechanism("gloss_claims", said))
            self._chains(sentence)
            for said, holds in self._category_values(sentence):  # claims-46
                self.report.claim(said, holds, via=_mechanism("category_value_claims", said))
            for said, holds in self._truth_values(sentence):  # "Japanese grand" of a piano not grand (claims-49)
                self.report.claim(said, holds, via=_mechanism("truth_value_claims", said))
            for said, holds in category_change_claims(sentence, self.all.changes, self.vocab.categories, self.context):
                self.report.claim(said, holds, via=_mechanism("category_change_claims", said))  # claims-47
            for said, holds in class_metric_claims(sentence, self.names.labels, self.label_forms, self.all):
                self.report.claim(said, holds, via=_mechanism("class_metric_claims", said))  # claims-46
            for said, holds in statistic_claims(sentence, self.names.features, self.names.labels, self.all.statistics):
                self.report.claim(said, holds, via=_mechanism("statistic_claims", said))
            for said, holds in misnamed_statistic_claims(sentence, self.names.labels, self.all.statistics):  # claims-55
                self.report.claim(said, holds, via=_mechanism("misnamed_statistic_claims", said))
            stats, before = self.all.statistics, self.previous_named
            for said, holds in group_mean_claims(sentence, self.names.features, self.names.labels, stats, before):
                self.report.claim(said, holds, via=_mechanism("group_mean_claims", said))
            for said, holds in group_pair_claims(sentence, self.names.features, self.names.labels, stats, before):
                self.report.claim(said, holds, via=_mechanism("group_pair_claims", said))
        # after `explained_label_claims`, so a label both read stays that reader's (claims-40)
        for said, holds in global_label_claims(sentence, self.names.labels, self.label_forms, self.all):
            self.report.claim(said, holds, via=_mechanism("global_label_claims", said))
        for text, ok in unstated_claims(sentence, counted=self.all.counted, assessed=self.all.assessed):
            if ok is None:
                self.report.skip(text)
            else:
                self.report.claim(text, ok, via=_mechanism("unstated_claims", text))

    def _category_values(self, sentence: str) -> Iterator[tuple[str, bool]]:
        """A subject said to hold a category of a column that is not its own (`_category_values`)."""
        if not self.vocab.categories:
            return iter(())
        ids = [i for i in subject_ids(sentence, [self.vocab.instance_noun]) if i in self.ids]
        reserved = {w for name in [*self.names.labels, *self.names.features] for w in name_words(name)}
        reserved |= set(name_words(self.vocab.instance_noun))
        categories = self.vocab.categories
        return category_value_claims(sentence, self.facts, categories, ids, reserved, self.context)

    def _truth_values(self, sentence: str) -> Iterator[tuple[str, bool]]:
        """A subject said to have a yes-or-no feature its row says it has not (`_truth_values`)."""
        ids = [i for i in subject_ids(sentence, [self.vocab.instance_noun]) if i in self.ids]
        reserved = {label.lower() for label in self.names.labels} | {self.vocab.instance_noun.lower()}
        aliases = {f: self.vocab.aliases.get(f, []) for f in self.vocab.features}
        return truth_value_claims(sentence, self.facts, aliases, ids, reserved, self.context)

    def _confusions(self) -> None:
        """Counts said of one cell of the outputs' confusion matrices ("7 negatives called positive")."""
        for said, holds in confusion_claims(self.reply, self.all.confusions):
            self.report.claim(said, holds, via=_mechanism("confusion_claims", said))
        for said, holds in caught_of_claims(self.reply, self.all.confusions):  # claims-34
            self.report.claim(said, holds, via=_mechanism("caught_of_claims", said))
        forms, recorded, calls = self.label_forms, self.all.recorded_counts, self.all.calls_counted  # claims-52
        for said, holds in class_total_claims(self.reply, self.all.confusions, forms, recorded, calls):  # claims-48
            self.report.claim(said, holds, via=_mechanism("class_total_claims", said))


def _chain_claims(chains: list[list[str]], rankings: list[list[list[str]]]) -> list[tuple[str, bool]]:
    return [
        (f"rank order {a} before {b}", any(_in_order([a, b], r) for r in rankings))
        for chain in chains
        for a, b in zip(chain, chain[1:], strict=False)
        if a != b
    ]


def _mechanism(reader: str, claim: str) -> str:
    """The mechanism a reader's claim is recorded under: the reader and what the claim is of ("label",
    "feature", "label count", "edit", ...).
    """
    kind = "label count" if claim.endswith(" labels") else claim.split(" ", 1)[0]
    return f"{reader} ({kind})"


def _pairs(changes: dict[str, list[tuple[Any, Any]]]) -> list[tuple[Any, Any]]:
    return [pair for pairs in changes.values() for pair in pairs]
