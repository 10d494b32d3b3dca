"""The binding of a number a reply states to the field it is of: a class's probability, a feature's value or
contribution, a metric; and the state (before or after a change) it is said in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from simxai.guard import _cues as cue
from simxai.guard import _number_cues as nc
from simxai.guard._binding import names_a_class
from simxai.guard._derived import FEATURE_PERCENT, LOWERED_BY, P_OF, SUBTRACTS, THAT_LABEL
from simxai.guard._facts import Facts
from simxai.guard._label_words import number_phase
from simxai.guard._number_names import _NumberNames
from simxai.guard._plain import said_as_age
from simxai.guard._pushed import pushed
from simxai.guard._reading import NumberClaim, find_mentions, fits
from simxai.guard._segment_own import DENOMINATOR, key_feature, subject_count
from simxai.guard._units import counted_feature, unit_feature


@dataclass(frozen=True)
class Bound:
    """A number claim and the fields it is bound to (`entities`: kind, name, position), in the state `phase`."""

    claim: NumberClaim
    entities: list[tuple[str, str, int]]
    phase: str
    fraction: bool
    borrowed: bool  # its feature is one named before its segment, not beside it
    defaulted: bool  # bound to the predicted class by default, the reply naming no class


class _NumberBinding(_NumberNames):
    """The fields a number claim is bound to."""

    paired: int  # where the number before ends, when this one is its pair (-1: none)

    def _phase(self, claim: NumberClaim, clause: str, sentence: str, offset: int) -> tuple[str, re.Match[str] | None]:
        """The state `claim` is said in ("before", "after" or "") and the cue after it that names it, if any."""
        at = sentence.find(clause) if self.clause_at is None else self.clause_at
        # Where the clause stands in the sentence (a clause led by a carried feature starts before its text): `at`.
        phase = number_phase(sentence, max(0, at + offset + claim.start), self.names.labels)
        # A cue right after the number names its state: "(78.6 % before)", "72.9 % after the edit".
        told = cue.PHASE_AFTER_NUMBER.match(clause[offset + claim.end :])
        if told is not None:
            phase = "before" if told.group("before") else "after"
        elif nc._BEFORE_ARROW.match(clause[offset + claim.end :]) or (
            claim.percent and claim.high is None and nc._BEFORE_DOWN_TO.match(clause[offset + claim.end :])
        ):
            phase = "before"
        if nc._FROM_ONLY.search(
            clause[max(0, offset + claim.start - 30) : offset + claim.start]
        ) and not nc._THEN_TO.match(clause[offset + claim.end :]):
            # "goes up to 30.6 %, from 20.1 % now": a number after "from" with no "to" after it is where it started.
            phase = "before"
        return phase, told

    def _bind(
        self,
        claim: NumberClaim,
        segment: str,
        clause: str,
        sentence: str,
        offset: int,
        facts: Facts,
        text: str,
    ) -> Bound | None:
        """`claim` bound to its fields; None when it was reported as a rate's denominator."""
        phase, told = self._phase(claim, clause, sentence, offset)
        following = clause[offset + claim.end :]
        lowered = LOWERED_BY.search(
            clause[max(0, offset + claim.start - 40) : offset + claim.start]
        ) or SUBTRACTS.search(clause[max(0, offset + claim.start - 40) : offset + claim.start])
        if lowered is not None and claim.value > 0 and not claim.percent:
            # "the ratio of 0.43 lowers it by 0.14": the size of a negative contribution.
            claim = replace(claim, value=-claim.value)
        entities = self._entities(segment, claim, offset, inside=True)
        if said_as_age(segment[: claim.start], following) and "age" in self.names.features.values():
            entities = [("feature", "age", offset + claim.start)]  # "a 47-year-old smoker": an age, not the smoker's
        whole_number = not claim.percent and claim.decimals == 0 and claim.value > 1  # no probability
        probability = claim.percent or (
            bool(cue.PROBABILITY.search(segment[: claim.end + 15])) and not whole_number and claim.value >= 0
        )
        contribution = not claim.percent and pushed(segment[: claim.start], following, self.names.labels)
        if contribution or (not claim.percent and cue.CONTRIBUTES.search(segment[: claim.start])):
            # "it adds about 0.21 to the negative probability", "pushes bulged up by 0.154": a contribution.
            probability = False
            entities = [e for e in entities if e[0] != "label"]
        lead = segment[: claim.start]
        said = (
            find_mentions(lead, self.names.labels)
            if ((0 <= claim.value <= 1 and claim.decimals) or claim.percent) and claim.high is None
            else []
        )
        gap_after = lead[said[-1].end :] if said else ""
        arrow = bool(said) and bool(nc._ARROW_BEFORE.search(lead[: said[-1].start]))  # "→ recut .507" (claims-38)
        joined = nc._AT_LABEL.fullmatch(gap_after) and (claim.percent or gap_after.strip() or arrow)
        if said and joined and not contribution and not nc._TOWARDS.search(lead[: said[-1].start]):
            # "progressing at 0.52", "rejected (0.51)": a fraction right after a label is its probability.
            probability = True
            entities = [("label", said[-1].name, offset + said[-1].start)]
        p_of = P_OF.search(clause[: offset + claim.start])
        p_label = self._label_mentions(p_of.group("label") or p_of.group("key")) if p_of else []
        if p_label and (fraction_shown := (claim.percent or (0 <= claim.value <= 1 and claim.decimals > 0))):
            # "p(stable) = 0.214": the probability of the label named in the brackets.
            probability = fraction_shown
            entities = [("label", p_label[0].name, offset + claim.start)]
        at_sentence = sentence.find(clause) if self.clause_at is None else self.clause_at
        rest = sentence[max(0, at_sentence + offset + claim.end) :]  # the clause may end before the label
        that = THAT_LABEL.match(rest) if probability else None
        ahead = self._label_mentions(rest[that.end() :][:60]) if that else []
        if that and ahead and ahead[0].start == 0:
            # "a 21 % chance, about one in five, that it's progressing": the label the chance is of.
            entities = [("label", ahead[0].name, offset + claim.end + that.end())]
        if claim.percent and not that:
            # "debt_to_income from 27 % to 20 %": a feature whose values are fractions, said in percent.
            named = find_mentions(lead, self.names.features, quoted_only=self.names.quoted_only)
            if named and FEATURE_PERCENT.fullmatch(lead[named[-1].end :]):
                entities = [("feature", self.names.feature(named[-1]), offset + named[-1].start)]
        fraction = 0 <= claim.value <= 1 and claim.decimals > 0 and claim.high is None
        after = clause[offset + claim.end :]
        ahead = self._label_mentions(after[:60]) if fraction else []
        if ahead and not after[: ahead[0].start].strip(" *_") and not nc._LABEL_NOUN.match(after[ahead[0].end :]):
            # "lands at 0.901 positive", "0.637 negative vs 0.363 positive": a fraction right before a label is its
            # probability, not the number of a feature named before (not "0.25 positive weight").
            probability = True
            entities = [("label", ahead[0].name, offset + claim.end + ahead[0].start)]
        if not entities and (probability or fraction):
            # "(21%) of progressing", "a 21% chance of progressing", "leaves 0.21 for progressing": the label
            # the number is of (a fraction only right before "for" or "of").
            after = clause[offset + claim.end :]
            of = cue.OF_LABEL.match(after) if probability else nc._FOR_LABEL.match(after)
            ahead = self._label_mentions(after[of.end() : of.end() + 60]) if of else []
            if of and ahead and ahead[0].start == 0:
                entities = [("label", ahead[0].name, offset + claim.end + of.end())]
            closed = nc._BRACKET_LABEL.match(after) if probability else None
            ahead = self._label_mentions(after[closed.end() : closed.end() + 60]) if closed else []
            if not entities and closed and ahead and ahead[0].start == 0:
                # "669 (45 %) rejected": a share in brackets is the share of the label right after them.
                entities = [("label", ahead[0].name, offset + claim.end + closed.end())]

        other = (
            len(self.names.labels) == 2
            and (probability or fraction)
            and nc._OTHER_CLASS.match(clause[offset + claim.end :])
        )
        others = (
            len(self.names.labels) > 2
            and (probability or fraction or claim.bounds is not None)
            and nc._OTHERS_EACH.search(clause[: offset + claim.start])
        )
        if other or others:
            # "21.4 % for the other class", "rejected, with the other two grades at a quarter each": the labels other
            # than the one named last (or than the prediction).
            named = self._label_mentions(sentence[: max(0, sentence.find(clause)) + offset + claim.start])
            last = {named[-1].name} if named else set(facts.predicted)
            entities = [("label", x, 0) for x in self.names.labels if last and x not in last]
        key = clause[: offset + claim.start][-40:] if claim.decimals == 0 and not claim.percent else ""
        if not entities and (keyed := self._label_mentions(key)) and nc._COUNT_KEY.fullmatch(key[keyed[-1].end :]):
            entities = [("label", keyed[-1].name, 0)]  # "- **Predicted stable:** 7": a count under a label's key
        borrowed = defaulted = False  # the number's feature is one named before its segment (not beside it)
        paired = False  # the second of a pair of shares ("declined, 51 % to 49 %") with no class named before it
        if not entities and cue.ARRIVES.match(clause) and fraction:
            probability = True  # "..., which gets you to 0.901": the model's output, no feature named before
        elif not entities:
            # The nearest name before it in the clause, or else the sentence (a value in brackets after its
            # feature; "X is the biggest factor, with a contribution of 0.3").
            before = clause[:offset]
            start = sentence.find(clause)
            if start > 0:
                before = sentence[:start] + " " + before
            earlier = [e for e in self._entities(before, claim, 0) if e[0] != "label" or probability]
            entities = [e for e in earlier if e[2] == earlier[-1][2]]  # the last name (a vague metric is three)
            borrowed = bool(entities) and all(e[0] == "feature" for e in entities)
            if entities and all(e[0] == "metric" for e in entities):
                # "The F1 score, a blend of precision and recall, is 0.72": any metric the sentence named before it
                # is its subject: the first metric the sentence names, when it names several
                metric_names = list(dict.fromkeys(e[1] for e in earlier if e[0] == "metric"))
                if len(metric_names) > 1 and re.match(r"\s*(?:is|was|comes to|stands at)\b", clause):
                    entities = [("metric", metric_names[0], 0)]
                entities = self._relabelled(entities, segment[: claim.start])  # "..., and for progressing 0.7"
            tail = (before + segment[: claim.start])[-60:]
            right_after = self._label_mentions(tail)
            named_after = right_after and not find_mentions(
                tail[right_after[-1].end :], self.names.features, quoted_only=self.names.quoted_only
            )
            if (
                (fraction or claim.percent)
                and named_after
                and nc._LABEL_GAP.fullmatch(tail[right_after[-1].end :])
                and not nc._LEANS.search(tail[: right_after[-1].start])
            ):
                # "stable, 0.79", "**standard** (0.6 vs 0.4)", "surcharge would drop to 0.4": a share after a label
                # (its own clause or aside, or a move of it) is its probability, not the feature named before.
                entities = [("label", right_after[-1].name, 0)]
            gap = clause[self.paired : offset + claim.start] if self.paired >= 0 else ""
            moved = bool(nc._FROM_TO.search(clause[: offset + claim.start]))  # "goes from 21.4 % to 51.8 %"
            paired = not moved and told is None and bool(gap) and nc._PAIR.fullmatch(gap) is not None
            if (
                entities
                and entities[0][0] == "label"
                and len(self.names.labels) == 2
                and nc._PAIR.fullmatch(gap)
                and not moved
                and told is None
            ):
                # "stable is ahead, 55.4 % to 44.6 %": the second of a pair is the other class's; or, in
                # "approved, 71.6 % vs 78.0 %", the same class's in the other state (before or after a change).
                pair = ("label", next(x for x in self.names.labels if x != entities[0][1]), 0)
                if fits(claim, self._tied(facts, "label", pair[1], phase)) or not fits(
                    claim, self._tied(facts, "label", entities[0][1])
                ):
                    entities = [pair]
                else:
                    phase = ""  # the same class in the other state: either state's number
        if DENOMINATOR.search(segment[: claim.start]) and claim.decimals == 0 and not claim.percent:
            self.report.skip(f"{text} (a rate's denominator)")  # "2.7 per 100" (claims-32)
            return None
        if borrowed and subject_count(following, self.vocab.instance_noun):
            entities, borrowed = [], False  # "(49 hives)": a count of subjects, not the feature named before
        elif borrowed and (head := key_feature(segment[: claim.start], self.vocab.features, self.vocab.aliases)):
            entities, borrowed = [("feature", head.lower(), offset + claim.start)], False  # "score 638" (claims-32)
        if not entities and probability and facts.label_numbers:
            # "it is 90.6% confident": the probability of the label the clause is about.
            hypothetical = bool(cue.HYPOTHETICAL.search(sentence))
            about = ({new for _, new in facts.what_if} or facts.hypothetical) if hypothetical else set()
            about = about or facts.predicted
            entities = [("label", label, 0) for label in about if label in facts.label_numbers]
            defaulted = not self._label_mentions(self.reply) and not names_a_class(self.reply, self.names.labels)
            if paired and claim.percent and len(self.names.labels) == 2 and len(entities) == 1:
                # "narrowly declined, 51 % to 49 %": the pair's second is the other class's (claims-45)
                entities = [("label", next(x for x in self.names.labels if x != entities[0][1]), 0)]
        if (unit := unit_feature(following, self.vocab.features)) is not None:  # "94 % humidity", "36.7 mm"
            entities, claim = [("feature", unit[0].lower(), offset + claim.end)], replace(claim, percent=False)
        elif (
            counted := counted_feature(following, self.vocab.features, self.vocab.aliases, self.vocab.instance_noun)
        ) is not None:
            entities = [("feature", counted.lower(), offset + claim.end)]  # "8 frames" (claims-29)
        # Metrics and labels have no output values outside their own outputs; unmatched entities fall through.
        entities = [e for e in entities if self._tied(facts, e[0], e[1]) or e[0] != "metric" or facts.metrics]
        return Bound(claim, entities, phase, fraction, borrowed, defaulted)
