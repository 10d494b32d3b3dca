"""Counterfactual search over word edits: deletions, substitutions and insertions, each result re-predicted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from simxai.hosts.text._words import _WORD, _Edit, _match_case, _Words
from simxai.results import Counterfactual

_SUBSTITUTES_PER_WORD = 4


@dataclass(frozen=True)
class WordEdits:
    """The word edits a text host may try, and the beam search that finds label flips with them."""

    substitutes: Callable[[str], Sequence[str]]
    has_substitutes: bool
    insertions: tuple[str, ...]
    max_edits: int
    beam_width: int

    def replacements(self, word: str) -> list[str]:
        out: list[str] = []
        for candidate in self.substitutes(word.lower()):
            cased = _match_case(word, candidate)
            if candidate.lower() != word.lower() and cased not in out:
                out.append(cased)
        return out[:_SUBSTITUTES_PER_WORD]

    def edits_at(self, words: list[str], i: int) -> list[_Edit]:
        edits = [_Edit(i, "replace", "")]
        edits += [_Edit(i, "replace", r) for r in self.replacements(words[i])]
        previous = words[i - 1].lower() if i > 0 else ""
        edits += [_Edit(i, "insert", w) for w in self.insertions if w.lower() != previous]
        return edits

    def search(
        self,
        words: _Words,
        contributions: np.ndarray,
        target: int,
        count: int,
        call_model: Callable[[Sequence[str]], np.ndarray],
        class_names: Sequence[str],
    ) -> tuple[list[Counterfactual], int]:
        """Beam search over word edits of `words`, trying first the words whose `contributions` to `target`
        are the most negative; returns the verified counterfactuals and how many edited texts were checked.
        """
        text = words.text
        order = [int(i) for i in np.argsort(contributions, kind="stable")]
        positions = [i for i in order if i < len(words.spans)][:8]
        frontier: list[tuple[_Edit, ...]] = [()]
        seen = {text}
        found: list[tuple[tuple[_Edit, ...], str, float]] = []
        checked = 0
        for _ in range(self.max_edits):
            candidates: list[tuple[tuple[_Edit, ...], str]] = []
            for state in frontier:
                taken = {e.position for e in state}
                for i in positions:
                    if i in taken:
                        continue
                    for edit in self.edits_at(words.words, i):
                        edits = (*state, edit)
                        edited = words.edit(edits)
                        if edited not in seen and _WORD.search(edited):
                            seen.add(edited)
                            candidates.append((edits, edited))
            if not candidates:
                break
            probs = call_model([edited for _, edited in candidates])
            checked += len(candidates)
            open_states = []
            for (edits, edited), p in zip(candidates, probs, strict=True):
                if int(np.argmax(p)) == target:
                    found.append((edits, edited, float(p[target])))
                else:
                    open_states.append((float(p[target]), edits))
            if len(found) >= count:
                break
            open_states.sort(key=lambda item: -item[0])
            frontier = [edits for _, edits in open_states[: self.beam_width]]
        # Fewest edits first, then the most confident. For variety, prefer results that edit other positions
        # and read differently (two insertions of "not" render alike), before taking the rest.
        found.sort(key=lambda item: (len(item[0]), -item[2]))
        chosen: list[tuple[tuple[_Edit, ...], str, float]] = []
        for need_new_positions, need_new_reading in ((True, True), (False, True), (False, False)):
            for item in found:
                edited_at = frozenset(e.position for e in item[0])
                reading = words.changes(item[0])
                if (
                    len(chosen) < count
                    and item not in chosen
                    and (not need_new_positions or all(edited_at != {e.position for e in c[0]} for c in chosen))
                    and (not need_new_reading or all(reading != words.changes(c[0]) for c in chosen))
                ):
                    chosen.append(item)
        # Re-predict what is reported, with a fresh model call: only verified flips are returned.
        verified = call_model([edited for _, edited, _ in chosen])
        counterfactuals = [
            Counterfactual(
                changes=words.changes(edits),
                label=class_names[target],
                probability=float(p[target]),
                text=edited,
            )
            for (edits, edited, _), p in zip(chosen, verified, strict=True)
            if int(np.argmax(p)) == target
        ]
        return counterfactuals, checked

    def method(self) -> str:
        """How the search works, as a counterfactual result states it."""
        kinds = ["replacing words with alternatives"] if self.has_substitutes else []
        kinds.append("deleting words")
        if self.insertions:
            kinds.append("inserting " + "/".join(f"'{w}'" for w in self.insertions))
        return (
            f"beam search over up to {self.max_edits} word edits ({', '.join(kinds)}), "
            "trying first the words with the most negative SHAP contribution; every result re-predicted"
        )
