"""The numbers of a reply settled before any binding: a reference or a bound, the user's own number, a span of
time, a share said in other words, a count of votes, a mean's gap, a ratio, a change's amount, a share of counts,
a difference. Each is reported (checked, or skipped as not compared) and binds to no field.
"""

from __future__ import annotations

import re

from simxai.guard import _cues as cue
from simxai.guard import _number_cues as nc
from simxai.guard._bare_ids import is_subject_id
from simxai.guard._base_ends import base_or_end
from simxai.guard._baselines import baseline_claim, majority_baseline
from simxai.guard._counts_totals import counted_share
from simxai.guard._derived import OF_GROUP, RESTATED, count_shares, is_difference, relative
from simxai.guard._facts import Facts
from simxai.guard._group_totals import group_total, names_rest
from simxai.guard._mean_gaps import mean_gap
from simxai.guard._metric_counts import counted_pair
from simxai.guard._missed import missed_share
from simxai.guard._number_names import _NumberNames
from simxai.guard._odds import odds_hold, said_as_odds
from simxai.guard._own_ends import own_ends_gap
from simxai.guard._periods import foreign_period
from simxai.guard._reading import NumberClaim, find_mentions, fits
from simxai.guard._segment_own import SLACK
from simxai.guard._unnamed_outcomes import unnamed_outcome
from simxai.guard._worded_shares import worded_share

#: A part and its whole in brackets after a share in words, in the same sentence: "... (0.147 of 0.439)".
#: A bracket after the names a change noun is of: "big drops in both A (about 26 points) and B (about 1.38 on the
#: log scale)", "a rise in A (+3)": the number opening the bracket is that change's amount (claims-55, gfa48).
_CHANGED_IN = re.compile(
    r"\b(?:drops?|falls?|cuts?|rises?|increases?|decreases?|reductions?|raises?|changes?|moves?|shifts?|jumps?)\s+"
    r"(?:in|of|to)\s+(?:[^.;:!?()]|\([^()]{0,40}\)){1,90}\(\s*(?:about\s+|around\s+|roughly\s+|some\s+|just\s+|~\s*)?[+−-]?$",
    re.I,
)
#: A share in words of a number said right after it: "two thirds of the 1.24 rise", "half of its 0.8" (claims-55).
_OF_NUMBER = re.compile(r"\s*of\s+(?:the|its|their|his|her|this|that|a|an)?\s*[+]?(?P<m>[-−]?\d*\.?\d+)(?![\d.]*\s*%)")
_PART_OF_WHOLE = re.compile(
    r"[^.;:!?()]{0,60}\(\s*(?P<n>\d*\.?\d+)\s+(?:of|out\s+of)\s+(?:about\s+|roughly\s+|around\s+|~\s*)?"
    r"(?P<m>\d*\.?\d+)\s*\)",
    re.I,
)


class _NumberExits(_NumberNames):
    """The number claims settled by their form before they are bound to a field."""

    amount_end: int  # where the last number read as a change's amount ends (-1: none yet)

    def _names_feature(self, text: str) -> bool:
        """Whether `text` names a feature of the host."""
        return bool(find_mentions(text, self.names.features, quoted_only=self.names.quoted_only))

    def _one_feature(self, text: str) -> str | None:
        """The one feature `text` names with all its words (but an article or a possessive), or None."""
        found = find_mentions(text, self.names.features, quoted_only=self.names.quoted_only)
        named = {self.names.features.get(m.name, m.name) for m in found}
        rest = "".join(c if not any(m.start <= i < m.end for m in found) else " " for i, c in enumerate(text))
        loose = set(re.findall(r"[a-z]+", rest.lower())) - {"the", "its", "his", "her", "their", "a", "an", "s"}
        return named.pop() if len(named) == 1 and not loose else None

    def _group_total(self, claim: NumberClaim, sentence: str, at: int, facts: Facts, text: str) -> bool:
        """Report `claim` when it is a total of a group of features (`_group_totals`, claims-52); True when it is."""
        span = (max(0, at + claim.start), max(0, at + claim.end))
        found = find_mentions(sentence[: span[0]], self.names.features, quoted_only=self.names.quoted_only)
        singles = [(m.start, m.end, self.names.features.get(m.name, m.name)) for m in found]
        total = group_total(claim, sentence, span, facts.weights, singles, self._one_feature)
        if total is None:
            return False
        if total[1] is None:
            self.report.skip(f"{text} ({total[0]}, not compared)")
        else:
            self.report.claim(f"{text} ({total[0]})", total[1], via="number of a total of features")
        return True

    def _settled(self, claim: NumberClaim, clause: str, sentence: str, offset: int, facts: Facts, text: str) -> bool:
        """Report `claim` when its form settles it (a reference, a ratio, an amount, ...); True when it did."""
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
            return True
        following = clause[offset + claim.end :]
        shown_share = (
            claim.percent or (0 <= claim.value <= 1 and claim.decimals > 0) or bool(nc._POINTS.match(following))
        )
        bound = nc._SYMBOL_BOUND.search(clause[max(0, offset + claim.start - 8) : offset + claim.start])
        if nc._REFERENCE.match(following) or (bound and (shown_share or bound.group(0).strip().lower() == "top")):
            # "0.5 is random", "margin < 11 pts", "in the top 20": a scale's reference, a bound or a cut-off.
            self.report.skip(f"{text} (a reference or a bound, not compared)")
            return True
        if fits(claim, self.context_numbers):
            self.report.skip(f"{text} (the user's own)")
            return True
        if not claim.percent and claim.decimals == 0 and claim.high is None:
            if claim.value in counted_pair(sentence, self.names.labels, self.label_forms, self.all):
                # "of the 11 it called X, 3 were": a count of a metric said by counting, checked as its share
                self.report.skip(f"{text} (a count making a metric, checked as its share)")  # claims-56 (gfa49)
                return True
        lead = clause[: offset + claim.start]
        baseline = baseline_claim(claim, following, self.names.labels, self.label_forms, self.all, lead)
        if baseline is not None:  # "against 0.5 for the majority guess" (claims-54)
            self.report.claim(f"{text} ({baseline[0]})", baseline[1], via="number of a constant guess")
            return True
        if majority_baseline(claim, lead, facts.matrices):  # "accuracy 0.75, against 0.5 for ..." (claims-54)
            self.report.claim(f"{text} (the commonest class's share: a majority baseline)", True, via="number")
            return True
        if (ends := base_or_end(claim, lead, sentence, facts, self._names_feature)) is not None:
            self.report.claim(f"{text} ({ends[0]})", ends[1], via="number of an explanation's base or end")
            return True  # "starts at 0.43 and ends at 0.39": each against its own field (claims-51)
        if foreign_period(following, self.names.features, fits(claim, self.all.numbers)):  # "the 90-day check"
            self.report.skip(f"{text} (a span of time no feature is measured in, not compared)")
            return True
        if missed_share(claim, clause, facts):  # "misses about a third (recall 66 %)": the rest of a share
            self.report.claim(f"{text} (the rest of a share: missed)", True, via="number")
            return True
        ahead = find_mentions(clause[: offset + claim.start], self.names.features)
        if not ahead and re.match(r"\s*(?:→|->)", following) and claim.value >= 100 and is_subject_id(claim, self.ids):
            self.report.claim(f"{text} (a subject's id)", True, via="number")  # "102 → std if moist 9.5" (claims-41)
            return True
        in_sum = [self.names.features.get(m.name, m.name) for m in ahead]
        by_count = counted_share(
            clause, offset + claim.start, offset + claim.end, sentence[: max(0, at)], facts, in_sum
        )
        if by_count is not None:  # "12 of 17 votes", "approve, 53/47", "A and B together (0.98)" (claims-37)
            self.report.claim(f"{text} ({by_count[0]})", by_count[1], via="number")
            return True
        if self._group_total(claim, sentence, at + offset, facts, text):
            return True
        if self._feature_count(claim, clause[: offset + claim.start], following, facts, text):
            return True
        if mean_gap(claim, clause[: offset + claim.start], following, sentence, facts.statistics):
            self.report.claim(f"{text} (a gap of two classes' means)", True, via="number")  # claims-40
            return True
        mean = self._label_mean(claim, clause, offset, facts)
        if mean is not None:
            self._verdict(f"{text} (mean over {mean[0]})", mean[1], mean[2], "number")
            return True
        if nc._NOT.search(clause[max(0, offset + claim.start - 30) : offset + claim.start]):
            # "accuracy is 0.73, not 0.8": a number the reply denies, not one it states.
            self.report.skip(f"{text} (negated, not compared)")
            return True
        down_to_one = claim.high is not None and claim.high.raw == "1" and claim.value > 1
        if down_to_one and odds_hold(claim.value, facts.label_numbers):  # "roughly 19 to 1" (claims-36)
            self.report.claim(f"{text} (odds of a class)", True, via="number")
            return True
        odds = said_as_odds(claim, clause[: offset + claim.start], sentence)  # "odds 2 to 1", "about 8 to 1"
        if odds and down_to_one:  # odds said as such that are no class's odds: "roughly 9 to 1" where it is 4 to 1
            self.report.claim(f"{text} (odds of no class)", False, via="number")
            return True
        ratio = (nc._RATIO.match(following) and not claim.count) or relative(claim, following)  # not "right 65 times"
        if ratio or odds or (claim.bounds is not None and (self._ratio_words(following) or names_rest(following))):
            # "about 1.6 times that of bmi", "half the effect of the top one": a ratio of two numbers, not compared.
            self.report.skip(f"{text} (a ratio, not compared)")
            return True
        if claim.bounds is not None and (
            cue.CONTRIBUTES.search(clause[max(0, offset + claim.start - 40) : offset + claim.start])
            or nc._UNIT_AFTER.match(following)
        ):
            # "'best' adds roughly a quarter", "half a log-odds point": an amount in words, not a share.
            self.report.skip(f"{text} (an amount in words, not compared)")
            return True
        share = claim.percent or (0 <= claim.value <= 1 and claim.decimals > 0)
        if (
            share
            and claim.high is None
            and nc._BOUND.search(clause[max(0, offset + claim.start - 30) : offset + claim.start])
        ):
            # "still well below 50 %", "less than 0.05": a bound the reply compares a share with, not a value it
            # states (a feature's bound, "credit score below 660", is still checked as its number).
            self.report.skip(f"{text} (a bound, not compared)")
            return True
        every = nc._ALL_WITHIN.search(clause[max(0, offset + claim.start - 40) : offset + claim.start])
        if claim.high is not None and every:
            self.report.skip(f"{text} (a range several things are said to lie in, not compared)")  # round 38
            return True
        restated = 0 <= self.amount_end <= offset + claim.start and bool(
            RESTATED.fullmatch(clause[self.amount_end : offset + claim.start])
        )
        if (
            facts.amounts
            and fits(claim, facts.amounts)
            and (
                restated
                or self._amount(clause, offset + claim.start, offset + claim.end)
                or _CHANGED_IN.search(
                    sentence[max(0, at + offset + claim.start - 100) : max(0, at + offset + claim.start)]
                )
            )
        ):
            # "10 % lower", "by 0.43", "up 9.1 points": the size of a change, not a value or a probability; and
            # the same amount in another form right after it ("an increase of 3.6 points (about 15 %)").
            self.report.claim(f"{text} (a change's amount)", True, via="number")
            self.amount_end = offset + claim.end
            return True
        if claim.percent and not facts.metrics and OF_GROUP.match(following) and fits(claim, count_shares(facts)):
            # "61 are predicted progressing and 25 stable, so about 71 % of the group": a share of counts.
            self.report.claim(f"{text} (a share of the counts)", True, via="number")
            return True
        if claim.bounds is not None and (part := _PART_OF_WHOLE.match(sentence[at + offset + claim.end :])):
            # "about a third of the total importance (0.147 of 0.439)": the share of the two numbers said after it
            said_share = 100 * float(part.group("n")) / float(part.group("m")) if float(part.group("m")) else -1.0
            self.report.claim(
                f"{text} (the share of {part.group('n')} in {part.group('m')})",
                claim.bounds[0] <= said_share <= claim.bounds[1],
                via="number",
            )
            return True  # claims-54 (gfa47)
        if claim.bounds is not None and (whole := _OF_NUMBER.match(sentence[at + offset + claim.end :])):
            # "about two thirds of the 1.24 rise": a share of a number the reply gives, no class's (claims-55,
            # gfa48); with the one feature the sentence names before it, it holds when one of that feature's numbers
            # is that share of it; else it is not compared
            m = abs(float(whole.group("m").replace("−", "-")))
            named = {
                self.names.feature(f) for f in find_mentions(sentence[: at + offset + claim.start], self.names.features)
            }
            own = self._tied(facts, "feature", next(iter(named))) if len(named) == 1 else set()
            parts = {100 * abs(x) / m for x in own if m}
            if any(claim.bounds[0] <= p <= claim.bounds[1] for p in parts):
                self.report.claim(f"{text} (a share of {whole.group('m')})", True, via="number")
            else:
                self.report.skip(f"{text} (a share of {whole.group('m')}, not compared)")
            return True
        share_lead = clause[max(0, offset + claim.start - 20) : offset + claim.start]
        if (worded := worded_share(claim, share_lead, following, facts.numbers)) is not None:
            # "about 1 in 40", "right 73 times out of 100": a share of the outputs' or, "1 in 40", unchecked
            if worded[1]:
                self.report.claim(f"{text} ({worded[0]})", True, via="number")
            else:
                self.report.skip(f"{text} ({worded[0]}, not compared)")
            return True
        lead_text = clause[max(0, offset + claim.start - 60) : offset + claim.start]
        if is_difference(lead_text, following) or SLACK.match(following):
            if (gap := own_ends_gap(claim, sentence, at + offset)) is not None:  # its ends, "(704 → 614)"
                self.report.claim(f"{text} (the gap of the ends said, {gap[0]:g})", gap[1], via="number")
            elif fits(claim, self._differences(facts)):  # "a gap of about 57 points": of two of the outputs' numbers
                self.report.claim(f"{text} (a difference)", True, via="number")
            else:
                self.report.skip(f"{text} (a difference the outputs do not give, not compared)")
            return True
        return False
