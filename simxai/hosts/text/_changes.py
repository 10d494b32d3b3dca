"""What changing words does, for the text host: verified word-edit counterfactuals, the edits that keep the
prediction, and what-if.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

import numpy as np

from simxai.exceptions import ArgumentError
from simxai.hosts.base import ChangeValue
from simxai.hosts.text._explanations import TextExplanations
from simxai.hosts.text._words import _WORD, _Edit, _match_case, _normalise, _unquote, _Words
from simxai.instances import closest
from simxai.results import (
    Change,
    Counterfactual,
    CounterfactualResult,
    StillThisResult,
    Subject,
    TextEdit,
    WhatIfResult,
    format_number,
)

_MAX_KEPT_EDITS = 12


class TextChanges(TextExplanations):
    """Counterfactuals, still-this and what-if over word edits, each re-predicted by the model."""

    def _search(self, text: str, target: int, count: int) -> tuple[list[Counterfactual], int]:
        """Beam search over word edits, trying first the words that push hardest away from `target`."""
        words = _Words.of(text)
        contributions = self._attributions(text).values[:, target]
        return self._edits.search(words, contributions, target, count, self._call_model, self.class_names)

    def counterfactuals(
        self,
        subject: Subject,
        target_label: str,
        count: int,
        question: Literal["why_not", "how_to_be_that"],
    ) -> CounterfactualResult:
        """Find up to `count` word edits of the text that make the model predict `target_label`, verified."""
        text = self._one_text(subject, "a counterfactual")
        target = self._label_index(target_label)
        target_name = self.class_names[target]
        current = self._label(self.predict_proba([text])[0])
        if current == target_name:
            return CounterfactualResult.already(question, subject, current, self._edits.method())
        key = (text, target_name, count)
        cached = self._cf_cache.lookup(key)
        if cached is None:
            cached = self._search(text, target, count)
            self._cf_cache.put(key, cached)
        found, checked = cached
        note: str | None = None
        if not found:
            note = (
                f"No edit of up to {self._max_edits} words that makes the model predict {target_name} "
                f"was found ({checked} edited texts checked)."
            )
        return CounterfactualResult(
            question=question,
            subject=subject,
            current_label=current,
            target_label=target_name,
            counterfactuals=found,
            method=self._edits.method(),
            note=note,
        )

    def still_this(self, subject: Subject) -> StillThisResult:
        """Try every single-word removal and substitution; report those after which the label stays.

        All single edits are checked (on the 20 most influential words of a longer text), so the counts are
        of edits checked, not a random sample. The kept edits of the most influential words are listed first.
        """
        text = self._one_text(subject, "what may change")
        probability = self.predict_proba([text])[0]
        label = int(np.argmax(probability))
        words = _Words.of(text)
        importance = np.abs(self._attributions(text).values[:, label])
        positions = [int(i) for i in np.argsort(-importance, kind="stable") if i < len(words.spans)][:20]
        candidates: dict[str, _Edit] = {}
        for i in positions:
            for edit in self._edits.edits_at(words.words, i):
                edited = words.edit([edit])
                if edit.kind == "replace" and edited != text and _WORD.search(edited):
                    candidates.setdefault(edited, edit)
        probs = self._call_model(list(candidates))
        kept, seen = [], set()
        for (_, edit), p in zip(candidates.items(), probs, strict=True):
            if int(np.argmax(p)) == label:
                old = words.words[edit.position]
                if (old.lower(), edit.word.lower()) not in seen:
                    seen.add((old.lower(), edit.word.lower()))
                    kept.append(TextEdit(old=old, new=edit.word))
        samples_kept = int(sum(int(np.argmax(p)) == label for p in probs))
        return StillThisResult(
            subject=subject,
            label=self.class_names[label],
            probability=float(probability[label]),
            kept_edits=kept[:_MAX_KEPT_EDITS],
            samples_checked=len(candidates),
            samples_kept=samples_kept,
            method="each single-word removal or substitution re-predicted by the model",
        )

    def _replacement(self, key: str, value: ChangeValue | None) -> str:
        if value is None:
            raise ArgumentError(
                f"the replacement of {key!r} cannot be null: a text has no missing words",
                argument="changes",
                valid='a word, or "" to remove it',
            )
        if isinstance(value, bool):
            raise ArgumentError(f"the replacement of {key!r} cannot be true/false", argument="changes", valid="a word")
        if isinstance(value, int | float):
            return format_number(value)
        return _normalise(_unquote(value))

    def _apply(self, text: str, changes: Mapping[str, ChangeValue | None]) -> tuple[str, list[Change], set[str]]:
        """Apply word changes to one text: every occurrence of a word (or phrase) is replaced."""
        words = _Words.of(text)
        lowered = [w.lower() for w in words.words]
        edits: dict[int, _Edit] = {}
        applied, matched = [], set()
        for key, value in changes.items():
            phrase = [w.lower() for w in _WORD.findall(key)]
            if not phrase:
                raise ArgumentError(f"{key!r} is not a word", argument="changes", valid="words of the text")
            new = self._replacement(key, value)
            starts = [j for j in range(len(lowered) - len(phrase) + 1) if lowered[j : j + len(phrase)] == phrase]
            for j in starts:
                span = range(j, j + len(phrase))
                if any(p in edits for p in span):
                    raise ArgumentError(f"the changes of {key!r} overlap another change", argument="changes")
                edits[j] = _Edit(j, "replace", _match_case(words.words[j], new) if len(phrase) == 1 else new)
                edits.update({p: _Edit(p, "replace", "") for p in span[1:]})
            if starts:
                matched.add(key)
                old = " ".join(words.words[starts[0] : starts[0] + len(phrase)])
                applied.append(Change(feature=key, old=old, new=new))
        return words.edit(list(edits.values())), applied, matched

    def _unknown_word(self, key: str, texts: Sequence[str]) -> ArgumentError:
        vocabulary = list(dict.fromkeys(w.lower() for t in texts for w in _WORD.findall(t)))
        shown = ", ".join(vocabulary[:40]) + (", ..." if len(vocabulary) > 40 else "")
        where = f"the {self.instance_noun}" if len(texts) == 1 else f"any of the {self._plural}"
        # said plainly, with the words that can be edited: the user may have another text in mind
        return ArgumentError(
            f"{key!r} is not in {where}, whose words are {shown}",
            argument="changes",
            valid=f"words of the {self.instance_noun}: {shown}; or the key 'text' to replace the whole text",
            suggestions=closest(key, vocabulary),
        )

    def what_if(self, subject: Subject, changes: Mapping[str, ChangeValue | None]) -> WhatIfResult:
        """Predict again after replacing words (`{"good": "bad"}`, "" removes) or the text (`{"text": ...}`).

        Every occurrence of a word or phrase is replaced, matching the capitalisation of a single word. For a
        group, the words are changed in every text that has them.
        """
        if not changes:
            raise ArgumentError("no change was given", argument="changes", valid='{"<word>": "<new word>"}')
        texts = self._subject_texts(subject)
        if "text" in changes:
            if len(changes) > 1 or subject.kind == "group":
                raise ArgumentError(
                    "the key 'text' replaces the whole text of one instance and cannot be combined with other changes",
                    argument="changes",
                    valid='{"text": "<new text>"} alone, for one instance',
                )
            new_text = self._replacement("text", changes["text"])
            if not new_text:
                raise ArgumentError("the new text is empty", argument="changes", valid="a non-empty text")
            new_texts = [new_text]
            applied = [Change(feature="text", old=texts[0], new=new_text)]
        else:
            new_texts, matched, applied = [], set(), []
            for text in texts:
                new_text, changed, hit = self._apply(text, changes)
                new_texts.append(new_text)
                matched |= hit
                applied += [c for c in changed if c.feature not in {a.feature for a in applied}]
            missing = [key for key in changes if key not in matched]
            if missing:
                raise self._unknown_word(missing[0], texts)
        old, new = self.predict_proba(texts), self.predict_proba(new_texts)
        if subject.kind == "group":
            old_label, old_counts = self._group_prediction(old)
            new_label, new_counts = self._group_prediction(new)
            return WhatIfResult(
                subject=subject,
                changes=applied,
                old_label=old_label,
                old_probabilities=self._probabilities(old.mean(0)),
                new_label=new_label,
                new_probabilities=self._probabilities(new.mean(0)),
                old_label_counts=old_counts,
                new_label_counts=new_counts,
            )
        return WhatIfResult(
            subject=subject,
            changes=applied,
            old_label=self._label(old[0]),
            old_probabilities=self._probabilities(old[0]),
            new_label=self._label(new[0]),
            new_probabilities=self._probabilities(new[0]),
            unread=self._unread(texts[0], old[0], applied) if "text" not in changes else [],
        )

    def _unread(self, text: str, scored: np.ndarray, applied: Sequence[Change]) -> list[str]:
        """The words of `applied` (old and new) that the model does not read in `text`: an old word whose removal
        leaves the probabilities as they are, a new word that scores as the old one removed.

        "What if 'clean' were 'filthy'?" to a lexicon that lacks "filthy" gives the probabilities of the text
        without "clean"; the reply says so, instead of a change the user would read as the model's view of "filthy".
        """
        # one walk over the changes in order, twice: each asks the model for the text with its old word taken out,
        # and a swap also for the text with its new word put in, all in one call; the second walk reads them back
        asked: list[str] = []
        for change in applied:
            asked.append(self._apply(text, {change.feature: ""})[0])
            if change.new:
                asked.append(self._apply(text, {change.feature: str(change.new)})[0])
        scores = iter(self.predict_proba(asked) if asked else [])
        unread: list[str] = []
        for change in applied:
            gone = next(scores)
            if np.allclose(gone, scored, rtol=0, atol=1e-9):
                unread.append(str(change.old))
            if change.new and np.allclose(next(scores), gone, rtol=0, atol=1e-9):
                unread.append(str(change.new))
        return unread
