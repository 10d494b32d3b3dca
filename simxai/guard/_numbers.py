"""The checks of the numbers a reply states: each bound to the field it names (a class's probability, a
feature's value or contribution, a metric, a count) and checked against that field's numbers.
"""

from __future__ import annotations

import re
from dataclasses import replace

from simxai.guard import _cues as cue
from simxai.guard import _number_cues as nc
from simxai.guard._bare_ids import is_subject_id
from simxai.guard._binding import defaulted_share, names_a_class, number_doubt, number_mechanism
from simxai.guard._counts_totals import counted_share
from simxai.guard._derived import (
    FEATURE_PERCENT,
    LOWERED_BY,
    OF_GROUP,
    P_OF,
    RESTATED,
    SUBTRACTS,
    THAT_LABEL,
    count_shares,
    is_difference,
    relative,
)
from simxai.guard._facts import Facts
from simxai.guard._label_words import number_phase
from simxai.guard._mean_gaps import mean_gap
from simxai.guard._missed import missed_share
from simxai.guard._number_names import _NumberNames
from simxai.guard._number_pairs import gives_outcome
from simxai.guard._numbering import item_marker, item_numbers
from simxai.guard._odds import odds_hold, said_as_odds
from simxai.guard._own_ends import own_ends_gap
from simxai.guard._periods import foreign_period
from simxai.guard._plain import said_as_age
from simxai.guard._pushed import pushed
from simxai.guard._reading import SUBJECT_LIST, NumberClaim, find_mentions, fits, numbers, segments, subject_ids
from simxai.guard._segment_own import DENOMINATOR, SLACK, key_feature, subject_count
from simxai.guard._state import _facts_at
from simxai.guard._units import counted_feature, push_sizes, unit_feature, unit_owner, unsigned_push
from simxai.guard._unnamed_outcomes import unnamed_outcome
from simxai.guard._worded_shares import worded_share

#: The numbers of one reply the guard checks; any beyond are reported as not checked.
MAX_NUMBERS = 300


class _NumberChecks(_NumberNames):
    """The number claims of a clause, each against the field it is bound to."""

    # ---- numbers ------------------------------------------------------------------------------
    def _numbers(self, clause: str, sentence: str, facts: Facts, placed: list[tuple[int, Facts]]) -> None:
        pos = 0
        whole = facts
        self.amount_end = -1  # where the last number read as a change's amount ends
        self.paired = -1  # where the number before ends, when this one is its pair ("55.4 % to 44.6 %")
        at, listed = sentence.find(clause) if self.clause_at is None else self.clause_at, item_numbers(sentence)
        for segment in segments(clause):
            offset = clause.find(segment, pos)
            pos = offset + len(segment)
            earlier: NumberClaim | None = None
            for claim in numbers(segment):
                facts = _facts_at(offset + claim.start, placed, whole)  # the subject named last before it
                if SUBJECT_LIST.search(clause[: offset + claim.start].rstrip()) or at + offset + claim.start in listed:
                    continue  # "patients 90 and 319": the second is an id too; "1 bmi, 2 age, 3 sex": items' numbers
                if earlier is not None and nc._ARROW_GAP.fullmatch(segment[earlier.end : claim.start]):
                    self._ordered(earlier, claim, clause[: offset + earlier.start], facts)
                earlier = claim
                # Each number is read against its clause (quadratic time); past MAX_NUMBERS none is checked.
                self.numbers_seen += 1
                if self.numbers_seen > MAX_NUMBERS:
                    self.report.skip(f"numbers after the first {MAX_NUMBERS}")
                    return
                self._number(claim, segment, clause, sentence, offset, facts)
                self.paired = offset + claim.end

    def _number(self, claim: NumberClaim, segment: str, clause: str, sentence: str, offset: int, facts: Facts) -> None:
        self.loose_option = ""  # set when the counterfactual a probability is bound to is named by the sentence only
        if (
            not claim.percent
            and claim.decimals == 0
            and claim.high is None
            and claim.bounds is None
            and claim.value > 1
            and (
                nc._COUNT_AFTER.match(clause[offset + claim.end :])
                or nc._COUNT_BEFORE.search(clause[max(0, offset + claim.start - 30) : offset + claim.start])
            )
        ):
            claim = replace(claim, count=True)
        high = f"-{claim.high.raw}" if claim.high is not None else ""
        text = f"number {claim.raw}{high}{'%' if claim.percent and claim.bounds is None else ''}"
        share = claim.percent or (0 <= claim.value <= 1 and claim.decimals > 0)
        spellings = [*self.names.labels, *self.label_forms, *self.names.features]
        at = sentence.find(clause) if self.clause_at is None else self.clause_at
        unnamed = share and unnamed_outcome(clause[: offset + claim.start], clause[offset + claim.end :], spellings)
        # "the chance of collection rises a little, from 14 % to 18 %": the outcome in a clause before (claims-46)
        if unnamed or (share and unnamed_outcome(sentence[: max(0, at + offset + claim.start)], "", spellings)):
            # "11 % that it rings true": some class's share, which one the words do not say (claims-45)
            shares: set[float] = set().union(*(self._tied(facts, "label", x) for x in self.names.labels))
            if shares:
                self.report.claim(f"{text} (a class's share, said in other words)", fits(claim, shares), via="number")
            return
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
        following = clause[offset + claim.end :]
        shown_share = (
            claim.percent or (0 <= claim.value <= 1 and claim.decimals > 0) or bool(nc._POINTS.match(following))
        )
        bound = nc._SYMBOL_BOUND.search(clause[max(0, offset + claim.start - 8) : offset + claim.start])
        if nc._REFERENCE.match(following) or (bound and (shown_share or bound.group(0).strip().lower() == "top")):
            # "0.5 is random", "margin < 11 pts", "in the top 20": a scale's reference, a bound or a cut-off.
            self.report.skip(f"{text} (a reference or a bound, not compared)")
            return
        if fits(claim, self.context_numbers):
            self.report.skip(f"{text} (the user's own)")
            return
        if foreign_period(following, self.names.features, fits(claim, self.all.numbers)):  # "the 90-day check"
            self.report.skip(f"{text} (a span of time no feature is measured in, not compared)")
            return
        if missed_share(claim, clause, facts):  # "misses about a third (recall 66 %)": the rest of a share
            self.report.claim(f"{text} (the rest of a share: missed)", True, via="number")
            return
        ahead = find_mentions(clause[: offset + claim.start], self.names.features)
        if not ahead and re.match(r"\s*(?:→|->)", following) and claim.value >= 100 and is_subject_id(claim, self.ids):
            self.report.claim(f"{text} (a subject's id)", True, via="number")  # "102 → std if moist 9.5" (claims-41)
            return
        in_sum = [self.names.features.get(m.name, m.name) for m in ahead]
        by_count = counted_share(
            clause, offset + claim.start, offset + claim.end, sentence[: max(0, at)], facts, in_sum
        )
        if by_count is not None:  # "12 of 17 votes", "approve, 53/47", "A and B together (0.98)" (claims-37)
            self.report.claim(f"{text} ({by_count[0]})", by_count[1], via="number")
            return
        if self._feature_count(claim, clause[: offset + claim.start], following, facts, text):
            return
        if mean_gap(claim, clause[: offset + claim.start], following, sentence, facts.statistics):
            self.report.claim(f"{text} (a gap of two classes' means)", True, via="number")  # claims-40
            return
        mean = self._label_mean(claim, clause, offset, facts)
        if mean is not None:
            self._verdict(f"{text} (mean over {mean[0]})", mean[1], mean[2], "number")
            return
        if nc._NOT.search(clause[max(0, offset + claim.start - 30) : offset + claim.start]):
            # "accuracy is 0.73, not 0.8": a number the reply denies, not one it states.
            self.report.skip(f"{text} (negated, not compared)")
            return
        down_to_one = claim.high is not None and claim.high.raw == "1" and claim.value > 1
        if down_to_one and odds_hold(claim.value, facts.label_numbers):  # "roughly 19 to 1" (claims-36)
            self.report.claim(f"{text} (odds of a class)", True, via="number")
            return
        odds = said_as_odds(claim, clause[: offset + claim.start], sentence)  # "odds 2 to 1", "about 8 to 1"
        if odds and down_to_one:  # odds said as such that are no class's odds: "roughly 9 to 1" where it is 4 to 1
            self.report.claim(f"{text} (odds of no class)", False, via="number")
            return
        ratio = (nc._RATIO.match(following) and not claim.count) or relative(claim, following)  # not "right 65 times"
        if ratio or odds or (claim.bounds is not None and self._ratio_words(following)):
            # "about 1.6 times that of bmi", "half the effect of the top one": a ratio of two numbers, not compared.
            self.report.skip(f"{text} (a ratio, not compared)")
            return
        if claim.bounds is not None and (
            cue.CONTRIBUTES.search(clause[max(0, offset + claim.start - 40) : offset + claim.start])
            or nc._UNIT_AFTER.match(following)
        ):
            # "'best' adds roughly a quarter", "half a log-odds point": an amount in words, not a share.
            self.report.skip(f"{text} (an amount in words, not compared)")
            return
        share = claim.percent or (0 <= claim.value <= 1 and claim.decimals > 0)
        if (
            share
            and claim.high is None
            and nc._BOUND.search(clause[max(0, offset + claim.start - 30) : offset + claim.start])
        ):
            # "still well below 50 %", "less than 0.05": a bound the reply compares a share with, not a value it
            # states (a feature's bound, "credit score below 660", is still checked as its number).
            self.report.skip(f"{text} (a bound, not compared)")
            return
        every = nc._ALL_WITHIN.search(clause[max(0, offset + claim.start - 40) : offset + claim.start])
        if claim.high is not None and every:
            self.report.skip(f"{text} (a range several things are said to lie in, not compared)")  # round 38
            return
        restated = 0 <= self.amount_end <= offset + claim.start and bool(
            RESTATED.fullmatch(clause[self.amount_end : offset + claim.start])
        )
        if (
            facts.amounts
            and fits(claim, facts.amounts)
            and (restated or self._amount(clause, offset + claim.start, offset + claim.end))
        ):
            # "10 % lower", "by 0.43", "up 9.1 points": the size of a change, not a value or a probability; and
            # the same amount in another form right after it ("an increase of 3.6 points (about 15 %)").
            self.report.claim(f"{text} (a change's amount)", True, via="number")
            self.amount_end = offset + claim.end
            return
        if claim.percent and not facts.metrics and OF_GROUP.match(following) and fits(claim, count_shares(facts)):
            # "61 are predicted progressing and 25 stable, so about 71 % of the group": a share of counts.
            self.report.claim(f"{text} (a share of the counts)", True, via="number")
            return
        share_lead = clause[max(0, offset + claim.start - 20) : offset + claim.start]
        if (worded := worded_share(claim, share_lead, following, facts.numbers)) is not None:
            # "about 1 in 40", "right 73 times out of 100": a share of the outputs' or, "1 in 40", unchecked
            if worded[1]:
                self.report.claim(f"{text} ({worded[0]})", True, via="number")
            else:
                self.report.skip(f"{text} ({worded[0]}, not compared)")
            return
        lead_text = clause[max(0, offset + claim.start - 60) : offset + claim.start]
        if is_difference(lead_text, following) or SLACK.match(following):
            if (ends := own_ends_gap(claim, sentence, at + offset)) is not None:  # its ends, "(704 → 614)"
                self.report.claim(f"{text} (the gap of the ends said, {ends[0]:g})", ends[1], via="number")
            elif fits(claim, self._differences(facts)):  # "a gap of about 57 points": of two of the outputs' numbers
                self.report.claim(f"{text} (a difference)", True, via="number")
            else:
                self.report.skip(f"{text} (a difference the outputs do not give, not compared)")
            return
        soft = self._soft(claim, clause, sentence, offset, lead_text, following)
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
            return
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
        small = not claim.percent and claim.decimals == 0 and 0 <= claim.value <= nc.SMALL_INTEGER and not high
        entities_hold = any(self._tied(facts, kind, name) for kind, name, _ in entities)
        if small and (item_marker(clause[: offset + claim.start], clause[offset + claim.end :]) or not entities_hold):
            self.report.skip(f"{text} (a small integer: a count or an enumeration)")  # "(2) change ...", "3 sexes"
            return
        named_in = {n for k, n, _ in entities if k == "feature" and claim.raw in re.findall(r"\d+", n)}
        if entities and claim.decimals == 0 and len(named_in) == len(entities):
            # "no missed payment in the last 12 months" of missed_payments_12m: the number of the feature's name
            self.report.skip(f"{text} (a number of the name of {', '.join(sorted(named_in))})")
            return
        if entities:
            tied: set[float] = set().union(*(self._tied(facts, kind, name, phase) for kind, name, _ in entities))
            ahead_of_clause = sentence[: max(0, sentence.find(clause))]  # the sentence before the clause
            if all(k == "feature" for k, _, _ in entities) and unsigned_push(
                claim, clause, offset, ahead_of_clause, borrowed
            ):
                tied |= {abs(x) for x in tied}  # "pulls the other way by about 0.9": a push's size, no sign said
            if all(k == "label" for k, _, _ in entities) and len(facts.options) > 1 and phase != "before":
                at = sentence.find(clause) if self.clause_at is None else self.clause_at
                own = self._option_numbers(
                    clause[: offset + claim.start], sentence[: max(0, at + offset + claim.start)], facts
                )
                labels_named = {n for _, n, _ in entities}
                if own is not None and any(label in labels_named for label in own):
                    tied = {p for label, p in own.items() if label in labels_named}
            names = ", ".join(sorted({n for _, n, _ in entities}))
            # A range of a probability or a metric is an approximate value; of a feature, its two ends.
            within = all(kind != "feature" for kind, _, _ in entities)
            if tied and fits(claim, tied, within=within):
                self.report.claim(f"{text} ({names})", True, via="number")
                return
            owner = unit_owner(following, self.vocab.features) if all(k == "feature" for k, _, _ in entities) else None
            if owner is not None and fits(claim, self._tied(facts, "feature", owner.lower(), phase), within=False):
                self.report.claim(f"{text} ({owner.lower()})", True, via="number")  # "(27.4 mm)": its unit's feature
                return
            named_label = self._label_mentions(clause[: offset + claim.start])
            if (
                (borrowed or gives_outcome(clause[: offset + claim.start]))
                and (claim.percent or fraction)
                and (
                    # "predict progressing (probability 0.52)"; not "→ Great: still negative (0.81)"
                    fits(claim, self._tied(facts, "label", named_label[-1].name, phase))
                    if named_label
                    else self._outcome_share(claim, sentence, facts, phase)
                )
            ):
                # "- blood_pressure 107 → 108 (0.524)", "bmi were 32, and the probability would rise from 0.67 to
                # 0.75", "bmi down to 22 gives 0.53": a share after a change is the outcome's probability.
                self.report.claim(f"{text} (the probability of the outcome)", True, via="number")
                return
            pair_kind = self._paired_features(claim, clause, sentence, offset) if tied else ""
            if pair_kind and all(k == "feature" for k, _, _ in entities):
                self._pair_verdict(text, pair_kind)  # one of a pair of named features, or set against one (claims-48)
                return
            if claim.bounds is not None and fits(claim, facts.metric_numbers):
                # "it catches about two thirds of the rejected ones": a share of a class's cases is a metric.
                self.report.claim(f"{text} (a metric)", True, via="number")
                return
            labels = {name for kind, name, _ in entities if kind == "label"}
            if tied or any(k == "metric" for k, _, _ in entities) or len(labels) == len(entities):
                # It states another field's number (another class's probability), or none: only a free one passes.
                owned = facts.numbers - facts.free_numbers
                owned |= facts.metric_numbers | {n for ns in facts.label_numbers.values() for n in ns}
                free = not fits(claim, owned) and fits(claim, facts.free_numbers)
                ok = free or (not tied and not fits(claim, owned) and not labels)
                later = "" if ok else self._later_subject(claim, clause, offset, entities, phase)
                later = later or ("" if ok else self._unnamed_subject(claim, sentence, entities))
                unstated = ""
                if not tied and labels and len(labels) == len(entities) and not fits(claim, facts.numbers):
                    # "predicted negative at a 50/50 tie" against a counterfactual search that states no
                    # probability of negative: nothing to compare it with.
                    unstated = f"the outputs state no probability of {names}"
                at, held = (sentence.find(clause) if self.clause_at is None else self.clause_at) + offset, facts.numbers
                via = number_mechanism(self.names, entities, borrowed, sentence, at, claim, held | self.all.numbers)
                rebound = "" if ok or not labels else self._rebound(claim, sentence, facts)  # "94 % humidity"
                rebound = rebound or (
                    "" if ok or not defaulted else defaulted_share(claim, facts.label_numbers, labels)
                )
                self._verdict(f"{text} ({names})", ok, soft or self.loose_option or later or unstated or rebound, via)
                unnamed = len(self.ids) > 1 and not subject_ids(sentence, [self.vocab.instance_noun])
                doubt = "in a sentence that names none of the subjects" if unnamed else ""
                self.report.doubt(f"{text} ({names})", doubt or number_doubt(self.names, entities, sentence, at, claim))
                return
        pool = facts.numbers | self.all.numbers if not self.ids else facts.numbers
        supported = fits(claim, pool | push_sizes(claim, clause, offset, facts))
        if not supported and self.all.truncated:
            self.report.skip(f"{text} (an output is cut off; it may hold this number)")
            return
        if not supported and len(self.ids) > 1 and not subject_ids(sentence, [self.vocab.instance_noun]):
            if fits(claim, self.all.numbers):
                soft = soft or "in a sentence that names none of the subjects; another subject's number"
        if not supported and is_subject_id(claim, self.ids):  # a subject named by its id alone (claims-28)
            self.report.claim(f"{text} (a subject's id)", True, via="number")
            return
        self._verdict(text, supported, soft, "number of no named field")
