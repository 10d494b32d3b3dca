"""The checks of the numbers a reply states: each bound to the field it names (a class's probability, a
feature's value or contribution, a metric, a count) and checked against that field's numbers.
"""

from __future__ import annotations

import re
from dataclasses import replace

from simxai.guard import _number_cues as nc
from simxai.guard._bare_ids import is_subject_id
from simxai.guard._binding import defaulted_share, number_doubt, number_mechanism
from simxai.guard._facts import Facts
from simxai.guard._number_binding import Bound, _NumberBinding
from simxai.guard._number_exits import _NumberExits
from simxai.guard._number_pairs import gives_outcome
from simxai.guard._numbering import item_marker, item_numbers
from simxai.guard._reading import SUBJECT_LIST, NumberClaim, fits, numbers, segments, subject_ids
from simxai.guard._state import _facts_at
from simxai.guard._units import push_sizes, unit_owner, unsigned_push

#: The numbers of one reply the guard checks; any beyond are reported as not checked.
MAX_NUMBERS = 300


class _NumberChecks(_NumberExits, _NumberBinding):
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
        if self._settled(claim, clause, sentence, offset, facts, text):
            return
        following = clause[offset + claim.end :]
        lead_text = clause[max(0, offset + claim.start - 60) : offset + claim.start]
        soft = self._soft(claim, clause, sentence, offset, lead_text, following)
        bound = self._bind(claim, segment, clause, sentence, offset, facts, text)
        if bound is not None:
            self._judge(bound, clause, sentence, offset, facts, text, high, soft)

    def _judge(
        self,
        bound: Bound,
        clause: str,
        sentence: str,
        offset: int,
        facts: Facts,
        text: str,
        high: str,
        soft: str,
    ) -> None:
        """Report a bound number claim: it holds when it fits a number of a field it is bound to."""
        claim, entities, phase, fraction = bound.claim, bound.entities, bound.phase, bound.fraction
        borrowed, defaulted = bound.borrowed, bound.defaulted
        following = clause[offset + claim.end :]
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
            sized = all(k == "feature" for k, _, _ in entities) and unsigned_push(
                claim, clause, offset, ahead_of_clause, borrowed
            )
            if sized:
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
                held = held | self.all.numbers
                # a push's size said with its sign in words ("takes back 0.063"): another field holds it by its size
                held |= {abs(x) for x in held} if sized else set()
                via = number_mechanism(self.names, entities, borrowed, sentence, at, claim, held)
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
