"""Label claims read where the readings before bind nothing (claims-51, guard44): a class said in the writer's own
words, bound by its form or by meaning (`_class_meaning`), and a change's outcome said in words.

Both are fallbacks. A clause that names a class by its name is read as before and never here; a what-if clause whose
verbs of staying or flipping (`_cues.STAY`, `_cues.FLIP`) made a claim is read as before. In a clause that names
none, a phrase in a label's position that holds one class's form (its noun, a verb of its card gloss:
`label_forms`) is that class; one in the writer's own words is the class it means, or unchecked. A phrase bound so is
checked by the same reading as a class's name in its place (`_PredictionChecks._labels`: prediction or a
change's outcome, recorded label, negation), its claim named with the phrase and its mechanism `label by meaning`;
a phrase not clearly nearer one class is listed as unchecked with its nearest class and margin.

A what-if's outcome is also said by what happens to the call: it "doesn't budge", "the verdict stands", it is "the
same call"; or it "would no longer be flagged", "that tips it over", "a different call", "the call goes the other
way". `outcome_in_words` reads a clause as saying the outcome changed (True), did not (False), or neither (None,
also when it says both); a cue of change under a negation or a word of insufficiency ("would not tip it", "too
small to tip it over") says it did not. It is read only where the verbs of staying and flipping read nothing.
"""

from __future__ import annotations

import re

from simxai.guard import _cues as cue
from simxai.guard._class_meaning import MARGIN, bind_phrase, label_phrases
from simxai.guard._facts import Facts
from simxai.guard._predictions import _PredictionChecks
from simxai.guard._prefilter import gated
from simxai.guard._state import _label_of

__all__ = ["FORM", "MEANING", "OUTCOME_WORDS", "_MeaningChecks", "outcome_in_words"]

#: The mechanisms these readings record their claims under.
MEANING = "label by meaning"
FORM = "label by a form in a label's position"
OUTCOME_WORDS = "outcome said in words"
#: A phrase after "to" ("is expected to ring true") is a verb's: the class is put in as "to be <class>".
_INFINITIVE = re.compile(r"\bto\s+$", re.I)
#: The most phrases of one clause read (no sentence says more classes in its writer's words).
_MOST = 3
#: A negation before a phrase, or a subject that denies it ("nobody is expected to come").
_DENIED = re.compile(r"\b(?:not|never|no|nobody|none|neither|nor|no\s+one|no\s+longer)\b|n't\b", re.I)

#: What a call is called: the outcome's nouns.
_CALL = r"(?:call|verdict|prediction|outcome|decision|label|class|classification|answer|grade)"
_HIS = r"(?:the|its|her|his|their|that|this)"
_UNCHANGED = gated(
    r"(?:n't|\bnot|\bnever)\s+(?:\w+\s+)?budg\w*|\bno\s+budging\b|"
    rf"(?:n't|\bnot|\bnever)\s+(?:move|shift|alter|affect|touch|change|disturb)\s+{_HIS}\s+{_CALL}\b|"
    rf"\b(?:same|unaltered|untouched|unmoved)\s+{_CALL}\b|"
    rf"\b{_CALL}\s+(?:is|stays|remains|would\s+be|holds)\s+(?:\w+\s+)?(?:the\s+same|unchanged|untouched|intact)\b|"
    rf"\b{_CALL}\s+(?:still\s+)?(?:holds|stands|sticks)\b",
    re.I,
)
_CHANGED = gated(
    r"\bno\s+longer\s+(?:be\s+|is\s+|gets?\s+)?(?:predicted|called|classed|classified|label(?:l)?ed|flagged|"
    r"counted|rated|marked|graded|judged|expected)\b|\b(?:would|will|'d)\s+no\s+longer\s+be\b|"
    rf"\btip(?:s|ped|ping)?\s+(?:it|things|{_HIS}\s+(?:{_CALL}|balance|scales?))(?:\s+over)?\b|\btip(?:s|ped)?\s+over\b|"
    rf"\b(?:overturn|revers)\w*\s+{_HIS}\s+{_CALL}\b|"
    rf"\b(?:a\s+)?different\s+{_CALL}\b|"
    r"\b(?:goes|go|went|swings?|swung)\s+the\s+other\s+way\b|"
    r"\bcross(?:es|ed|ing)?\s+(?:over|the\s+(?:line|threshold|boundary))\b",
    re.I,
)
#: How far before a cue of change a negation reaches it ("would not be enough to tip it").
_REACH = 40


def outcome_in_words(clause: str) -> bool | None:
    """Whether `clause` says a change's outcome changed (True), did not (False), or neither or both (None)."""
    unchanged = bool(_UNCHANGED.search(clause))
    changed = None
    for m in _CHANGED.finditer(clause):
        window = clause[max(0, m.start() - _REACH) : m.start()]
        negated = bool(cue.NEGATION.search(window) or cue.INSUFFICIENT.search(window))
        if "no longer" in m.group(0).lower():
            negated = bool(re.search(r"\b(?:not|n't|never)\s+(?:\w+\s+)?$", window, re.I))
        said = not negated
        if changed is not None and said != changed:
            return None
        changed = said
    if changed is None:
        return False if unchanged else None
    if unchanged and changed:
        return None
    return changed


class _MeaningChecks(_PredictionChecks):
    """The fallbacks of a clause's label claims: a class by meaning, an outcome in words."""

    def _labels_by_meaning(
        self, clause: str, facts: Facts, placed: list[tuple[int, Facts]], sentence: str, earlier: str
    ) -> None:
        """Check each phrase of `clause` in a label's position that holds no class's name, as the class its form
        names (a noun or a card's verb, `label_forms`) or, with none, the class it means.
        """
        # one subject per clause: a rewritten clause's positions would no longer match those of several subjects
        if placed or len(self.names.labels) < 2 or _label_of(clause, self.names.labels):
            return
        aliases = [a for named in self.vocab.aliases.values() for a in named]
        # each phrase re-reads the clause: a few per clause, so a long clause costs linear time, not quadratic
        for phrase in label_phrases(clause, [*self.names.labels, *self.names.features, *aliases])[:_MOST]:
            if _DENIED.search(clause[max(0, phrase.start - 40) : phrase.start]):
                # "nobody is expected to come": which class a denied phrase means is not read
                self.report.skip(f"label '{phrase.text}' (the writer's words, under a negation: not compared)")
                continue
            formed = {m.name for m in self._label_mentions(phrase.text)}
            if len(formed) > 1:
                continue
            if formed:
                label, via = formed.pop(), FORM
            else:
                binding = bind_phrase(phrase.text, self.names.labels, self.vocab.meanings)
                if binding is None:
                    continue
                if not binding.sure:
                    self.report.skip(
                        f"label '{phrase.text}' (the writer's words: nearest {binding.label} by "
                        f"{binding.margin:.2f}, under the margin {MARGIN})"
                    )
                    continue
                label, via = binding.label, MEANING
            word = f"be {label}" if _INFINITIVE.search(clause[: phrase.start]) else label
            rewritten = f"{clause[: phrase.start]}{word}{clause[phrase.end :]}"
            self._tagged(rewritten, facts, sentence, earlier, f"as '{phrase.text}'", via)

    def _labels(
        self, clause: str, whole: Facts, placed: list[tuple[int, Facts]], sentence: str = "", earlier: str = ""
    ) -> None:
        super()._labels(clause, whole, placed, sentence, earlier)
        self._labels_by_meaning(clause, whole, placed, sentence, earlier)  # returns at once on a class's name

    def _outcome(self, clause: str, facts: Facts) -> None:
        read = len(self.report.claims)
        super()._outcome(clause, facts)
        if len(self.report.claims) == read:  # the verbs of staying and flipping read nothing
            self._outcome_by_words(clause, facts)

    def _outcome_by_words(self, clause: str, facts: Facts) -> None:
        """Check a what-if's outcome said in words ("the call doesn't budge", "it would no longer be flagged")."""
        known = [(old, new) for old, new in facts.what_if if old is not None]
        if not known:
            return
        changed = outcome_in_words(clause)
        if changed is None:
            return
        said = "outcome changes" if changed else "outcome unchanged"
        self.report.claim(f"{said} (in words)", any((old != new) == changed for old, new in known), via=OUTCOME_WORDS)

    def _tagged(self, rewritten: str, facts: Facts, sentence: str, earlier: str, how: str, via: str) -> None:
        """Read the label claims of `rewritten` (a clause with a class in a phrase's place) and name each claim
        it adds with `how`, under the mechanism `via`.
        """
        report = self.report
        at = len(report.claims)
        before = set(report.unsupported)
        self._labels(rewritten, facts, [], sentence, earlier)
        for i in range(at, len(report.claims)):
            said = report.claims[i]
            named = f"{said} ({how})"
            report.claims[i] = named
            if said in report.unsupported and said not in before:
                report.unsupported[report.unsupported.index(said)] = named
                report.mechanisms.pop(said, None)
                report.mechanisms[named] = via
